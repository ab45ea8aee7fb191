// Test fixture: a Node as a v1.35 API server stores it (server-set fields, kubelet status),
// cordoned in an incident and marked by cluster-autoscaler — everything a clone must leave behind.

export const STORED_CORDONED_NODE = `apiVersion: v1
kind: Node
metadata:
  name: ip-10-0-3-17.ec2.internal
  uid: 6f1c2b9e-0d7a-4c1e-9a55-3b1f0e2d7c41
  resourceVersion: "918273"
  creationTimestamp: "2026-11-20T08:00:00Z"
  labels:
    kubernetes.io/hostname: ip-10-0-3-17.ec2.internal
    node-pool: general
    topology.kubernetes.io/zone: us-east-1c
    alpha.eksctl.io/instance-id: i-0abc123def4567890
  annotations:
    ops.example.com/do-not-uncordon: "incident INC-123: EBS degraded"
    csi.volume.kubernetes.io/nodeid: '{"ebs.csi.aws.com":"i-0abc123def4567890"}'
    node.alpha.kubernetes.io/ttl: "0"
spec:
  providerID: aws:///us-east-1c/i-0abc123def4567890
  podCIDR: 10.244.3.0/24
  podCIDRs: [10.244.3.0/24]
  unschedulable: true
  taints:
  - {key: node.kubernetes.io/unschedulable, effect: NoSchedule, timeAdded: "2026-11-28T07:00:00Z"}
  - {key: node.kubernetes.io/not-ready, effect: NoExecute, timeAdded: "2026-11-28T07:01:00Z"}
  - {key: ToBeDeletedByClusterAutoscaler, value: "1764313260", effect: NoSchedule}
  - {key: dedicated, value: general, effect: NoSchedule}
status:
  allocatable: {cpu: "4", memory: 16Gi, pods: "110"}
  capacity: {cpu: "4", memory: 16Gi, pods: "110"}
  conditions:
  - {type: Ready, status: "False", reason: KubeletNotReady, lastHeartbeatTime: "2026-11-28T07:00:40Z", lastTransitionTime: "2026-11-28T07:00:40Z"}
  - {type: MemoryPressure, status: "False", lastHeartbeatTime: "2026-11-28T07:00:40Z", lastTransitionTime: "2026-11-20T08:00:00Z"}
  addresses: [{type: InternalIP, address: 10.0.3.17}]
  images: [{names: [docker.io/library/nginx:1.27], sizeBytes: 70000000}]
  volumesAttached: [{name: kubernetes.io/csi/ebs.csi.aws.com^vol-0123, devicePath: ""}]
  volumesInUse: [kubernetes.io/csi/ebs.csi.aws.com^vol-0123]
`;

