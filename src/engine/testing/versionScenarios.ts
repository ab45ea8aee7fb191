// Scenarios whose outcome differs between Kubernetes versions, for the version tests and the CLI's.

/**
 * A pod that NodeResourcesBalancedAllocation moves between v1.35 and v1.36+ (PR #135573). Both
 * nodes have 10 cpu and 10Gi; n-even runs 5 cpu / 5Gi, n-cpu 8 cpu / 2Gi; the pod asks for 1Gi.
 * NodeResourcesFit scores both 45 (cpu 50 + memory 40, cpu 20 + memory 70), so BalancedAllocation
 * decides. v1.35 scores the balance after: n-even .5/.6 -> 95, n-cpu .8/.3 -> 75: n-even.
 * v1.36+ scores the change: n-even 100 -> 95: 50 + 45/2 = 72; n-cpu 70 -> 75: 50 + 55/2 = 77:
 * n-cpu.
 */
export const balancedAllocationUpgrade = (version?: string): string => `apiVersion: podplay/v1alpha1
kind: Scenario
metadata: {name: balanced-allocation-upgrade}
spec:
${version ? `  kubernetesVersion: "${version}"\n` : ''}  seed: 1
---
apiVersion: v1
kind: Node
metadata: {name: n-even}
status: {allocatable: {cpu: "10", memory: 10Gi, pods: "110"}}
---
apiVersion: v1
kind: Node
metadata: {name: n-cpu}
status: {allocatable: {cpu: "10", memory: 10Gi, pods: "110"}}
---
apiVersion: v1
kind: Pod
metadata: {name: even}
spec:
  nodeName: n-even
  containers: [{name: c, image: x, resources: {requests: {cpu: "5", memory: 5Gi}}}]
---
apiVersion: v1
kind: Pod
metadata: {name: cpu-heavy}
spec:
  nodeName: n-cpu
  containers: [{name: c, image: x, resources: {requests: {cpu: "8", memory: 2Gi}}}]
---
apiVersion: v1
kind: Pod
metadata: {name: p}
spec:
  containers: [{name: c, image: x, resources: {requests: {memory: 1Gi}}}]
`;
