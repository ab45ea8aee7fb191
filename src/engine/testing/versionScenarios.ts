// Scenarios whose outcome differs between Kubernetes versions, for the version tests and the CLI's.

/** The Scenario document these start with: its name, seed 1, and the version when one is given. */
const scenarioHead = (name: string, version?: string): string =>
  `apiVersion: podplay/v1alpha1\nkind: Scenario\nmetadata: {name: ${name}}\nspec:\n${version ? `  kubernetesVersion: "${version}"\n` : ''}  seed: 1`;

/**
 * A pod that NodeResourcesBalancedAllocation moves between v1.35 and v1.36+ (PR #135573). Both
 * nodes have 10 cpu and 10Gi; n-even runs 5 cpu / 5Gi, n-cpu 8 cpu / 2Gi; the pod asks for 1Gi.
 * NodeResourcesFit scores both 45 (cpu 50 + memory 40, cpu 20 + memory 70), so BalancedAllocation
 * decides. v1.35 scores the balance after: n-even .5/.6 -> 95, n-cpu .8/.3 -> 75: n-even.
 * v1.36+ scores the change: n-even 100 -> 95: 50 + 45/2 = 72; n-cpu 70 -> 75: 50 + 55/2 = 77:
 * n-cpu.
 */
export const balancedAllocationUpgrade = (version?: string): string => `${scenarioHead('balanced-allocation-upgrade', version)}
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

/**
 * A pod the DRA allocator's pool order moves between v1.35 and v1.36+ (PR #136641). The shared
 * pool z-shared (every node; its slice created first) and n1's own pool a-local offer one gpu
 * each. `first` must run on n1 and takes the first device the first-fit search meets there:
 * v1.35 (creation order) z-shared's, v1.36+ (name order) a-local's. `second` then needs the
 * other: v1.35 only a-local's is left, on n1; v1.36+ z-shared's reaches both nodes, and
 * NodeResourcesFit's LeastAllocated prefers the empty n2.
 */
export const draNameOrderUpgrade = (version?: string): string => `${scenarioHead('dra-name-order-upgrade', version)}
---
apiVersion: v1
kind: Node
metadata: {name: n1, labels: {rack: r1}}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
---
apiVersion: v1
kind: Node
metadata: {name: n2, labels: {rack: r2}}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
---
apiVersion: resource.k8s.io/v1
kind: DeviceClass
metadata: {name: gpu}
spec:
  selectors: [{cel: {expression: 'device.driver == "gpu.example.com"'}}]
---
apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata: {name: z-shared}
spec:
  driver: gpu.example.com
  allNodes: true
  pool: {name: z-shared, generation: 1, resourceSliceCount: 1}
  devices: [{name: gpu-shared}]
---
apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata: {name: a-local}
spec:
  driver: gpu.example.com
  nodeName: n1
  pool: {name: a-local, generation: 1, resourceSliceCount: 1}
  devices: [{name: gpu-local}]
---
apiVersion: resource.k8s.io/v1
kind: ResourceClaim
metadata: {name: c-first}
spec: {devices: {requests: [{name: gpu, exactly: {deviceClassName: gpu}}]}}
---
apiVersion: resource.k8s.io/v1
kind: ResourceClaim
metadata: {name: c-second}
spec: {devices: {requests: [{name: gpu, exactly: {deviceClassName: gpu}}]}}
---
apiVersion: v1
kind: Pod
metadata: {name: first}
spec:
  nodeSelector: {rack: r1}
  resourceClaims: [{name: gpu, resourceClaimName: c-first}]
  containers: [{name: c, image: x, resources: {requests: {cpu: "1", memory: 2Gi}}}]
---
apiVersion: v1
kind: Pod
metadata: {name: second}
spec:
  resourceClaims: [{name: gpu, resourceClaimName: c-second}]
  containers: [{name: c, image: x, resources: {requests: {cpu: "1", memory: 2Gi}}}]
`;

/**
 * A pod that VolumeBinding's storage-capacity score moves between v1.36 and v1.37
 * (StorageCapacityScoring beta and on in v1.37, KEP-4049). Its 50Gi claim is provisioned by a CSI
 * driver that reports capacity: 100Gi reachable from n-small, 400Gi from n-large. n-large also
 * runs a 1-cpu pod, so NodeResourcesFit prefers n-small, and with no storage score (v1.35, v1.36)
 * n-small wins. v1.37 scores the storage the claim would use: n-small 50 % → 50, n-large 12 % → 88.
 */
export const storageCapacityUpgrade = (version?: string): string => `${scenarioHead('storage-capacity-upgrade', version)}
---
apiVersion: v1
kind: Node
metadata: {name: n-small, labels: {topology.kubernetes.io/zone: a}}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
---
apiVersion: v1
kind: Node
metadata: {name: n-large, labels: {topology.kubernetes.io/zone: b}}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
---
apiVersion: v1
kind: Pod
metadata: {name: busy}
spec:
  nodeName: n-large
  containers: [{name: c, image: x, resources: {requests: {cpu: "1", memory: 1Gi}}}]
---
apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata: {name: csi}
provisioner: ebs.csi.aws.com
volumeBindingMode: WaitForFirstConsumer
---
apiVersion: storage.k8s.io/v1
kind: CSIDriver
metadata: {name: ebs.csi.aws.com}
spec: {storageCapacity: true}
---
apiVersion: storage.k8s.io/v1
kind: CSIStorageCapacity
metadata: {name: cap-a, namespace: kube-system}
storageClassName: csi
capacity: 100Gi
nodeTopology: {matchLabels: {topology.kubernetes.io/zone: a}}
---
apiVersion: storage.k8s.io/v1
kind: CSIStorageCapacity
metadata: {name: cap-b, namespace: kube-system}
storageClassName: csi
capacity: 400Gi
nodeTopology: {matchLabels: {topology.kubernetes.io/zone: b}}
---
apiVersion: v1
kind: PersistentVolumeClaim
metadata: {name: data}
spec:
  storageClassName: csi
  accessModes: [ReadWriteOnce]
  resources: {requests: {storage: 50Gi}}
---
apiVersion: v1
kind: Pod
metadata: {name: db}
spec:
  containers: [{name: c, image: x, resources: {requests: {cpu: 500m, memory: 1Gi}}}]
  volumes: [{name: data, persistentVolumeClaim: {claimName: data}}]
`;

/**
 * A pod that VolumeLimitScaling moves between v1.36 and v1.37 (beta and on in v1.37, KEP-5030,
 * PR #140612). Its claim is bound to an ebs.csi.aws.com volume, and the CSIDriver sets
 * preventPodSchedulingIfMissing. n-new has no CSINode yet (its driver has not registered) and is
 * emptier, so NodeResourcesFit prefers it; before v1.37 the API server drops the field and the pod
 * goes there. v1.37 keeps the pod off n-new ("ebs.csi.aws.com CSI driver is not installed on the
 * node"): it runs on n-old, whose CSINode lists the driver.
 */
export const volumeLimitScalingUpgrade = (version?: string): string => `${scenarioHead('volume-limit-scaling-upgrade', version)}
---
apiVersion: v1
kind: Node
metadata: {name: n-new}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
---
apiVersion: v1
kind: Node
metadata: {name: n-old}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
---
apiVersion: v1
kind: Pod
metadata: {name: busy}
spec:
  nodeName: n-old
  containers: [{name: c, image: x, resources: {requests: {cpu: "2", memory: 2Gi}}}]
---
apiVersion: storage.k8s.io/v1
kind: CSINode
metadata: {name: n-old}
spec:
  drivers: [{name: ebs.csi.aws.com, nodeID: i-old, allocatable: {count: 25}}]
---
apiVersion: storage.k8s.io/v1
kind: CSIDriver
metadata: {name: ebs.csi.aws.com}
spec: {preventPodSchedulingIfMissing: true}
---
apiVersion: v1
kind: PersistentVolume
metadata: {name: pv-data}
spec:
  capacity: {storage: 10Gi}
  accessModes: [ReadWriteOnce]
  csi: {driver: ebs.csi.aws.com, volumeHandle: vol-data}
  claimRef: {namespace: default, name: data}
---
apiVersion: v1
kind: PersistentVolumeClaim
metadata: {name: data}
spec:
  accessModes: [ReadWriteOnce]
  resources: {requests: {storage: 10Gi}}
  volumeName: pv-data
  storageClassName: ""
---
apiVersion: v1
kind: Pod
metadata: {name: db}
spec:
  containers: [{name: c, image: x, resources: {requests: {cpu: 500m, memory: 1Gi}}}]
  volumes: [{name: data, persistentVolumeClaim: {claimName: data}}]
`;

/**
 * A pod whose image volume ImageLocality scores from v1.36 (PR #130231) and, in v1.37, against a
 * threshold that counts it (PR #138951). Both nodes have 10 cpu and 10Gi; n-image runs 1 cpu / 1Gi
 * and holds the volume's 300 MiB image; the pod asks for 1 cpu / 1Gi. NodeResourcesFit scores
 * n-plain 90, n-image 80; BalancedAllocation 100 both (cpu and memory equal shares, before and
 * after). ImageLocality: the image is on 1 of 2 nodes, so it counts 150 MiB. v1.35: image volumes
 * do not count, 0: n-plain (190 to 180). v1.36: 100*(150-23)/(1000-23) = 12 with one container's
 * threshold: n-image (192 to 190). v1.37: over two images' threshold 100*127/1977 = 6: n-plain
 * again (190 to 186).
 */
export const imageVolumeUpgrade = (version?: string): string => `${scenarioHead('image-volume-upgrade', version)}
---
apiVersion: v1
kind: Node
metadata: {name: n-plain}
status: {allocatable: {cpu: "10", memory: 10Gi, pods: "110"}}
---
apiVersion: v1
kind: Node
metadata: {name: n-image}
status:
  allocatable: {cpu: "10", memory: 10Gi, pods: "110"}
  images: [{names: ["registry.example/models:v1"], sizeBytes: 314572800}]
---
apiVersion: v1
kind: Pod
metadata: {name: busy}
spec:
  nodeName: n-image
  containers: [{name: c, image: x, resources: {requests: {cpu: "1", memory: 1Gi}}}]
---
apiVersion: v1
kind: Pod
metadata: {name: p}
spec:
  containers: [{name: c, image: app, resources: {requests: {cpu: "1", memory: 1Gi}}, volumeMounts: [{name: models, mountPath: /models}]}]
  volumes: [{name: models, image: {reference: "registry.example/models:v1"}}]
`;
