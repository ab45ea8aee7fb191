// Scenarios of issue 23's storms: many things at one instant that a careless user or a dump can
// ask for. Each must simulate in well under 5 s (npm run bench -- --only storm).

const scenarioDoc = (name: string, seed: number, timeline: string[] = []) => `apiVersion: podplay/v1alpha1
kind: Scenario
metadata: {name: ${name}}
spec:
  seed: ${seed}
  kubernetesVersion: "1.35"${timeline.length ? `\n  timeline:\n${timeline.join('\n')}` : ''}`;

function nodeDocs(nodes: number, pods = 110): string[] {
  return Array.from({ length: nodes }, (_, i) => `apiVersion: v1
kind: Node
metadata:
  name: node-${i}
  labels: {kubernetes.io/hostname: node-${i}, topology.kubernetes.io/zone: zone-${i % 3}}
status: {allocatable: {cpu: "64", memory: 256Gi, pods: "${pods}"}}`);
}

/**
 * a StatefulSet of `evictions` replicas, bound as a dump declares them, every pod evicted through
 * the API at one instant: what is measured is the storm, not the first scheduling of the pods
 */
export function evictionStorm({ nodes, evictions }: { nodes: number; evictions: number }): string {
  const steps = Array.from({ length: evictions }, (_, i) => `  - {at: 60, action: evict, pod: default/db-${i}}`);
  const pods = Array.from({ length: evictions }, (_, i) => `apiVersion: v1
kind: Pod
metadata:
  name: db-${i}
  namespace: default
  labels: {app: db, statefulset.kubernetes.io/pod-name: db-${i}}
  ownerReferences: [{apiVersion: apps/v1, kind: StatefulSet, name: db, uid: sts-db, controller: true}]
spec:
  nodeName: node-${i % nodes}
  terminationGracePeriodSeconds: 0
  containers: [{name: db, image: postgres, resources: {requests: {cpu: 100m, memory: 128Mi}}}]`);
  return [...nodeDocs(nodes), `apiVersion: apps/v1
kind: StatefulSet
metadata: {name: db, namespace: default, uid: sts-db}
spec:
  replicas: ${evictions}
  podManagementPolicy: Parallel
  selector: {matchLabels: {app: db}}
  template:
    metadata: {labels: {app: db}}
    spec:
      terminationGracePeriodSeconds: 0
      containers: [{name: db, image: postgres, resources: {requests: {cpu: 100m, memory: 128Mi}}}]`,
  ...pods, scenarioDoc(`eviction-storm-${evictions}`, 3, steps)].join('\n---\n');
}

/** one local PV per `pvsPerNode` on every node (WaitForFirstConsumer), and a pod claiming each */
export function localVolumes({ nodes, pvs }: { nodes: number; pvs: number }): string {
  const docs = nodeDocs(nodes);
  docs.push(`apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata: {name: local-storage}
provisioner: kubernetes.io/no-provisioner
volumeBindingMode: WaitForFirstConsumer`);
  for (let i = 0; i < pvs; i++) {
    docs.push(`apiVersion: v1
kind: PersistentVolume
metadata: {name: local-${i}}
spec:
  capacity: {storage: 10Gi}
  accessModes: [ReadWriteOnce]
  storageClassName: local-storage
  local: {path: /mnt/disks/vol-${i}}
  nodeAffinity: {required: {nodeSelectorTerms: [{matchExpressions: [{key: kubernetes.io/hostname, operator: In, values: [node-${i % nodes}]}]}]}}`);
    docs.push(`apiVersion: v1
kind: PersistentVolumeClaim
metadata: {name: data-${i}, namespace: default}
spec: {storageClassName: local-storage, accessModes: [ReadWriteOnce], resources: {requests: {storage: 5Gi}}}`);
    docs.push(`apiVersion: v1
kind: Pod
metadata: {name: app-${i}, namespace: default}
spec:
  containers: [{name: c, image: busybox, resources: {requests: {cpu: 100m}}}]
  volumes: [{name: data, persistentVolumeClaim: {claimName: data-${i}}}]`);
  }
  docs.push(scenarioDoc(`local-pvs-${pvs}`, 5));
  return docs.join('\n---\n');
}

/**
 * a Deployment of `replicas` running pods scaled to 0 by the timeline. The template names the node
 * (as a DaemonSet's pods do): what is measured is the scale-down, not 10,000 scheduling cycles.
 */
export function scaleToZero({ replicas }: { replicas: number }): string {
  return [...nodeDocs(1, replicas), `apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: default}
spec:
  replicas: ${replicas}
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      nodeName: node-0
      containers: [{name: web, image: nginx, resources: {requests: {cpu: 1m, memory: 1Mi}}}]`,
  scenarioDoc(`scale-to-zero-${replicas}`, 9, ['  - {at: 60, action: scale, kind: Deployment, namespace: default, name: web, replicas: 0}'])].join('\n---\n');
}

/**
 * a claim no allocator can satisfy (8 of a node's 20 GPUs and a device of a class nothing
 * matches) at v1.36, where a search past its steps is an Error retried after backoff for as long
 * as the run lasts (kubernetes PR #137607): each retry re-ran the 20,000-step search until the
 * plugin remembered the timeout for the unchanged cluster
 */
export function hostileClaim({ nodes }: { nodes: number }): string {
  const docs = [
    // a label at 10,000 s keeps the run going: the pod is retried every 10 s until then (about 1,000 times)
    scenarioDoc('hostile-dra-claim', 11, ['  - {at: 10000, action: label, node: node-0, labels: {late: "true"}}']).replace('kubernetesVersion: "1.35"', 'kubernetesVersion: "1.36"'),
    'apiVersion: resource.k8s.io/v1\nkind: DeviceClass\nmetadata: {name: gpu}\nspec: {selectors: [{cel: {expression: device.driver == "gpu.example.com"}}]}',
    'apiVersion: resource.k8s.io/v1\nkind: DeviceClass\nmetadata: {name: none}\nspec: {selectors: [{cel: {expression: device.driver == "none.example.com"}}]}',
    'apiVersion: resource.k8s.io/v1\nkind: ResourceClaim\nmetadata: {name: greedy, namespace: default}\nspec:\n  devices:\n    requests:\n      - {name: gpus, exactly: {deviceClassName: gpu, count: 8}}\n      - {name: other, exactly: {deviceClassName: none}}',
    'apiVersion: v1\nkind: Pod\nmetadata: {name: trainer, namespace: default}\nspec:\n  resourceClaims: [{name: c, resourceClaimName: greedy}]\n  containers: [{name: c, image: trainer}]',
    ...nodeDocs(nodes),
  ];
  const devices = Array.from({ length: 20 }, (_, i) => `{name: gpu-${i}}`).join(', ');
  for (let n = 0; n < nodes; n++) {
    docs.push(`apiVersion: resource.k8s.io/v1\nkind: ResourceSlice\nmetadata: {name: node-${n}-gpus}\nspec: {driver: gpu.example.com, nodeName: node-${n}, pool: {name: node-${n}, generation: 1, resourceSliceCount: 1}, devices: [${devices}]}`);
  }
  return docs.join('\n---\n');
}
