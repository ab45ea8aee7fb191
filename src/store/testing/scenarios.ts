// Small scenarios for store and UI tests that run the real engine.

/** Two nodes in two zones and two pods that each fit either: two cycles, the second with a Score. */
export const TWO_NODES_TWO_PODS = `apiVersion: v1
kind: Node
metadata: {name: node-a, labels: {topology.kubernetes.io/zone: a}}
status: {allocatable: {cpu: "2", memory: 4Gi, pods: "10"}}
---
apiVersion: v1
kind: Node
metadata: {name: node-b, labels: {topology.kubernetes.io/zone: b}}
status: {allocatable: {cpu: "2", memory: 4Gi, pods: "10"}}
---
apiVersion: v1
kind: Pod
metadata: {name: web-1, namespace: default}
spec: {containers: [{name: c, image: nginx, resources: {requests: {cpu: "1"}}}]}
---
apiVersion: v1
kind: Pod
metadata: {name: web-2, namespace: default}
spec: {containers: [{name: c, image: nginx, resources: {requests: {cpu: "1"}}}]}
`;
