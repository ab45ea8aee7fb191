// NodeVolumeLimits and the volumes of a StatefulSet, one per zone they were provisioned in.
// upstream: pkg/scheduler/framework/plugins/nodevolumelimits/csi.go (a node's CSINode
// drivers[].allocatable.count caps the volumes of that driver; a volume already attached there
// counts once: "node(s) exceed max volume count"), pkg/scheduler/framework/plugins/volumebinding
// (a WaitForFirstConsumer claim is provisioned in the chosen node's topology; a bound PV's node
// affinity must match the node: "node(s) didn't match PersistentVolume's node affinity").
// The pods and claims are written as a StatefulSet db with a volumeClaimTemplate "data" names
// them (upstream stateful_set_utils.go getPersistentVolumeClaimName: <template>-<set>-<ordinal>);
// Podplay's StatefulSet controller does not create claims from volumeClaimTemplates.
//
// Worked by hand: node-a (zone-a) can attach 1 volume of pd.csi.storage.gke.io, node-b (zone-b) 4.
// db-0 goes to node-a, twice node-b's size (NodeResourcesFit); data-db-0 is provisioned in zone-a. db-1 and
// db-2 bring a new volume each: node-a is at its limit, both go to node-b. backup (30 s) mounts
// data-db-0: node-b cannot reach zone-a's volume, and on node-a the volume is attached already.

import type { Lesson } from '../types';

export const volumeLimitsLesson: Lesson = {
  id: 'volume-limits-statefulset',
  resourceBars: true,
  title: 'Volume limits and a StatefulSet\'s volumes per zone',
  summary: 'A node can attach only so many volumes of a CSI driver. A StatefulSet\'s replicas each bring a claim: once a node is at its limit they go elsewhere, and each volume stays in the zone it was provisioned in.',
  topic: 'Volumes',
  docs: 'https://kubernetes.io/docs/concepts/storage/storage-limits/',
  scenario: `# Node-specific volume limits (Kubernetes docs, "Node-specific Volume Limits") and a StatefulSet's
# claims (data-db-0 … data-db-2, as its volumeClaimTemplate "data" names them).
# node-a (8 CPUs) can attach 1 volume of the CSI driver, node-b (4 CPUs) 4. At 30 s a backup pod mounts data-db-0.
apiVersion: podplay/v1alpha1
kind: Scenario
metadata: {name: statefulset-volumes}
spec:
  kubernetesVersion: "1.37"
  timeline:
  - at: 30
    action: apply
    object:
      apiVersion: v1
      kind: Pod
      metadata: {name: backup, namespace: default}
      spec:
        containers:
        - {name: pgdump, image: postgres, resources: {requests: {cpu: 250m, memory: 256Mi}}}
        volumes:
        - {name: data, persistentVolumeClaim: {claimName: data-db-0}}
---
apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata: {name: zonal-wffc}
provisioner: pd.csi.storage.gke.io
volumeBindingMode: WaitForFirstConsumer
---
apiVersion: v1
kind: Node
metadata:
  name: node-a
  labels: {kubernetes.io/hostname: node-a, topology.kubernetes.io/zone: zone-a}
status:
  allocatable: {cpu: "8", memory: 16Gi, pods: "110"}
---
apiVersion: v1
kind: Node
metadata:
  name: node-b
  labels: {kubernetes.io/hostname: node-b, topology.kubernetes.io/zone: zone-b}
status:
  allocatable: {cpu: "4", memory: 8Gi, pods: "110"}
---
apiVersion: storage.k8s.io/v1
kind: CSINode
metadata: {name: node-a}
spec:
  drivers: [{name: pd.csi.storage.gke.io, nodeID: node-a, topologyKeys: [topology.kubernetes.io/zone], allocatable: {count: 1}}]
---
apiVersion: storage.k8s.io/v1
kind: CSINode
metadata: {name: node-b}
spec:
  drivers: [{name: pd.csi.storage.gke.io, nodeID: node-b, topologyKeys: [topology.kubernetes.io/zone], allocatable: {count: 4}}]
---
apiVersion: v1
kind: PersistentVolumeClaim
metadata: {name: data-db-0, namespace: default}
spec:
  storageClassName: zonal-wffc
  accessModes: [ReadWriteOnce]
  resources: {requests: {storage: 10Gi}}
---
apiVersion: v1
kind: PersistentVolumeClaim
metadata: {name: data-db-1, namespace: default}
spec:
  storageClassName: zonal-wffc
  accessModes: [ReadWriteOnce]
  resources: {requests: {storage: 10Gi}}
---
apiVersion: v1
kind: PersistentVolumeClaim
metadata: {name: data-db-2, namespace: default}
spec:
  storageClassName: zonal-wffc
  accessModes: [ReadWriteOnce]
  resources: {requests: {storage: 10Gi}}
---
apiVersion: v1
kind: Pod
metadata: {name: db-0, namespace: default, labels: {app: db}}
spec:
  containers:
  - name: postgres
    image: postgres
    resources: {requests: {cpu: 500m, memory: 1Gi}}
  volumes:
  - name: data
    persistentVolumeClaim: {claimName: data-db-0}
---
apiVersion: v1
kind: Pod
metadata: {name: db-1, namespace: default, labels: {app: db}}
spec:
  containers:
  - name: postgres
    image: postgres
    resources: {requests: {cpu: 500m, memory: 1Gi}}
  volumes:
  - name: data
    persistentVolumeClaim: {claimName: data-db-1}
---
apiVersion: v1
kind: Pod
metadata: {name: db-2, namespace: default, labels: {app: db}}
spec:
  containers:
  - name: postgres
    image: postgres
    resources: {requests: {cpu: 500m, memory: 1Gi}}
  volumes:
  - name: data
    persistentVolumeClaim: {claimName: data-db-2}
`,
  story: [
    {
      at: { cycle: 1, phase: 'queue' },
      text: 'db-0, db-1 and db-2 are a StatefulSet\'s pods, each with its own claim (WaitForFirstConsumer). node-a can attach 1 volume of the CSI driver, node-b 4.',
    },
    {
      at: { cycle: 2, phase: 'queue' },
      text: 'db-0 runs on node-a, the larger node, and data-db-0 is provisioned there, in zone-a.',
      facts: [{ says: 'db-0 runs on node-a', fact: { kind: 'selected', cycle: 1 }, is: 'node-a' }],
      question: {
        prompt: 'db-1 brings a new volume too. Which nodes pass Filter?',
        choices: ['Both', 'node-b only'],
        answer: 1,
        explanation: 'node-a\'s CSINode allows 1 volume of the driver, and data-db-0 has it.',
        reveal: { fact: { kind: 'feasible', cycle: 2 }, values: ['node-a, node-b', 'node-b'] },
      },
    },
    {
      at: { cycle: 2, phase: 'filter' },
      text: 'node-a fails NodeVolumeLimits: "node(s) exceed max volume count". Only node-b passes.',
      facts: [
        { says: 'node(s) exceed max volume count', fact: { kind: 'filterReason', cycle: 2, node: 'node-a' }, is: 'node(s) exceed max volume count' },
        { says: 'Only node-b passes', fact: { kind: 'feasible', cycle: 2 }, is: 'node-b' },
      ],
    },
    {
      at: { cycle: 3, phase: 'done' },
      text: 'db-1 and db-2 run on node-b; their volumes are provisioned in zone-b. Each volume now stays in its zone.',
      facts: [{ says: 'db-1 and db-2 run on node-b', fact: { kind: 'selected', cycle: 3 }, is: 'node-b' }],
    },
    {
      at: { cycle: 4, phase: 'queue' },
      text: 'At 30 s a backup pod arrives that mounts data-db-0. node-a is at its volume limit.',
      facts: [{ says: 'At 30 s', fact: { kind: 'time', cycle: 4 }, is: '30' }],
      question: {
        prompt: 'Where does backup go?',
        choices: ['node-a', 'node-b', 'Nowhere'],
        answer: 0,
        explanation: 'The volume lives in zone-a, out of node-b\'s reach; on node-a it is attached already and counts once.',
        reveal: { fact: { kind: 'selected', cycle: 4 }, values: ['node-a', 'node-b', 'none'] },
      },
    },
    {
      at: { cycle: 4, phase: 'done' },
      text: 'node-b fails VolumeBinding: data-db-0\'s volume is in zone-a. node-a passes (the volume is attached once) and runs backup.',
      facts: [
        { says: 'node-b fails VolumeBinding', fact: { kind: 'rejectedBy', cycle: 4, node: 'node-b' }, is: 'VolumeBinding' },
        { says: 'runs backup', fact: { kind: 'selected', cycle: 4 }, is: 'node-a' },
      ],
    },
  ],
  outcome: {
    cycleCount: 4,
    cycles: [
      { cycle: 1, pod: 'default/db-0', result: 'Scheduled', selected: 'node-a', feasible: ['node-a', 'node-b'] },
      {
        cycle: 2, pod: 'default/db-1', result: 'Scheduled', selected: 'node-b', feasible: ['node-b'],
        filtered: { 'node-a': { plugin: 'NodeVolumeLimits', reason: 'node(s) exceed max volume count' } },
      },
      {
        cycle: 3, pod: 'default/db-2', result: 'Scheduled', selected: 'node-b', feasible: ['node-b'],
        filtered: { 'node-a': { plugin: 'NodeVolumeLimits', reason: 'node(s) exceed max volume count' } },
      },
      {
        cycle: 4, pod: 'default/backup', time: 30, result: 'Scheduled', selected: 'node-a', feasible: ['node-a'],
        filtered: { 'node-b': { plugin: 'VolumeBinding', reason: "node(s) didn't match PersistentVolume's node affinity" } },
      },
    ],
    pods: [
      { pod: 'default/db-0', phase: 'Running', node: 'node-a' },
      { pod: 'default/db-1', phase: 'Running', node: 'node-b' },
      { pod: 'default/db-2', phase: 'Running', node: 'node-b' },
      { pod: 'default/backup', phase: 'Running', node: 'node-a' },
    ],
  },
};
