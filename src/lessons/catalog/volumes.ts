// Volume topology: a volume provisioned before its pod is scheduled is pinned to a zone the pod
// may not fit in; WaitForFirstConsumer lets the scheduler choose the node first and provisions
// the volume there.
// upstream: pkg/scheduler/framework/plugins/volumebinding (checkBoundClaims: a bound PV's node
// affinity must match the node; checkVolumeProvisions: an unbound WaitForFirstConsumer claim can
// be provisioned wherever the class allows), pkg/controller/volume/persistentvolume (Immediate
// claims are bound or provisioned as soon as they exist).
//
// Worked by hand: both pods ask for 4 CPUs; node-a (zone-a) has 2, node-b (zone-b) has 8.
// early-data (class zonal-immediate, allowedTopologies zone-a) is provisioned at once in zone-a,
// so report-early fits no node: node-a lacks CPU, node-b cannot reach the volume. late-data
// (zonal-wffc) waits; report-late goes to node-b and its volume is provisioned in zone-b.

import type { Lesson } from '../types';

const NODE_CONFLICT = "node(s) didn't match PersistentVolume's node affinity";

export const volumeTopologyLesson: Lesson = {
  id: 'volume-topology',
  resourceBars: true,
  title: 'Volume topology: WaitForFirstConsumer',
  summary: 'A volume created before its pod pins the pod to the volume\'s zone. With volumeBindingMode WaitForFirstConsumer the scheduler picks the node first and the volume follows it.',
  topic: 'Volumes',
  docs: 'https://kubernetes.io/docs/concepts/storage/storage-classes/#volume-binding-mode',
  scenario: `# Volume topology (Kubernetes docs, "Storage Classes: Volume Binding Mode").
# early-data's class binds Immediately and may only provision in zone-a; late-data's class waits
# for the first consumer. Both pods need 4 CPUs, which only node-b (zone-b) has.
apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata: {name: zonal-immediate}
provisioner: pd.csi.storage.gke.io
volumeBindingMode: Immediate
allowedTopologies:
- matchLabelExpressions:
  - {key: topology.kubernetes.io/zone, values: [zone-a]}
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
  allocatable: {cpu: "2", memory: 8Gi, pods: "110"}
---
apiVersion: v1
kind: Node
metadata:
  name: node-b
  labels: {kubernetes.io/hostname: node-b, topology.kubernetes.io/zone: zone-b}
status:
  allocatable: {cpu: "8", memory: 8Gi, pods: "110"}
---
apiVersion: storage.k8s.io/v1
kind: CSINode
metadata: {name: node-a}
spec:
  drivers: [{name: pd.csi.storage.gke.io, nodeID: node-a, topologyKeys: [topology.kubernetes.io/zone]}]
---
apiVersion: storage.k8s.io/v1
kind: CSINode
metadata: {name: node-b}
spec:
  drivers: [{name: pd.csi.storage.gke.io, nodeID: node-b, topologyKeys: [topology.kubernetes.io/zone]}]
---
apiVersion: v1
kind: PersistentVolumeClaim
metadata: {name: early-data, namespace: default}
spec:
  storageClassName: zonal-immediate
  accessModes: [ReadWriteOnce]
  resources: {requests: {storage: 10Gi}}
---
apiVersion: v1
kind: PersistentVolumeClaim
metadata: {name: late-data, namespace: default}
spec:
  storageClassName: zonal-wffc
  accessModes: [ReadWriteOnce]
  resources: {requests: {storage: 10Gi}}
---
apiVersion: v1
kind: Pod
metadata: {name: report-early, namespace: default}
spec:
  containers:
  - {name: report, image: "python:3.13", resources: {requests: {cpu: "4"}}}
  volumes:
  - {name: data, persistentVolumeClaim: {claimName: early-data}}
---
apiVersion: v1
kind: Pod
metadata: {name: report-late, namespace: default}
spec:
  containers:
  - {name: report, image: "python:3.13", resources: {requests: {cpu: "4"}}}
  volumes:
  - {name: data, persistentVolumeClaim: {claimName: late-data}}
`,
  steps: [
    { cycle: 1, phase: 'queue', text: `early-data (volumeBindingMode Immediate) was provisioned at once, in zone-a, the only zone its class allows. late-data waits for its first consumer.` },
    { cycle: 1, phase: 'filter', text: `report-early needs 4 CPUs: node-a has 2 ("Insufficient cpu"). node-b has them, but early-data's volume lives in zone-a: "didn't match PersistentVolume's node affinity".` },
    { cycle: 1, phase: 'done', text: `Both rejections are final: preemption cannot add CPU to node-a or move a volume. report-early stays Pending until a zone-a node with room appears.` },
    {
      cycle: 2, phase: 'filter', text: 'report-late\'s claim is unbound and its class waits for the first consumer: VolumeBinding checks that the class could provision on each node. node-a still lacks CPU; node-b passes.',
      facts: [{ says: 'node-b passes', fact: { kind: 'feasible', cycle: 2 }, is: 'node-b' }],
    },
    { cycle: 2, phase: 'bind', text: `PreBind marks late-data with selected-node: node-b. The volume is created in node-b's zone, the claim binds, then the pod binds.` },
  ],
  questions: [
    {
      atCycle: 1, atPhase: 'filter',
      prompt: 'node-b has 8 free CPUs. Which plugin rejects it for report-early?',
      choices: ['None: report-early runs on node-b', 'NodeResourcesFit', 'VolumeBinding'],
      answer: 2,
      explanation: 'The bound volume lives in zone-a; a pod can only run where its volumes can be attached.',
      reveal: { fact: { kind: 'rejectedBy', cycle: 1, node: 'node-b' }, values: ['none', 'NodeResourcesFit', 'VolumeBinding'] },
    },
    {
      // asked before the Filter point, whose text tells that node-b passes (issue 19: it was asked there)
      atCycle: 2, atPhase: 'filter',
      prompt: 'late-data uses a WaitForFirstConsumer class that allows any zone. Where can report-late run?',
      choices: ['node-a (zone-a)', 'node-b (zone-b)', 'Nowhere: its volume is not there yet'],
      answer: 1,
      explanation: 'An unbound claim of a WaitForFirstConsumer class does not pin the pod: the volume is provisioned after the scheduler chooses the node, in that node\'s zone. node-a lacks CPU.',
      reveal: { fact: { kind: 'feasible', cycle: 2 }, values: ['node-a', 'node-b', 'none'] },
    },
  ],
  outcome: {
    cycles: [
      {
        cycle: 1, pod: 'default/report-early', time: 0, result: 'Unschedulable', feasible: [],
        filtered: {
          'node-a': { plugin: 'NodeResourcesFit', reason: 'Insufficient cpu', code: 'UnschedulableAndUnresolvable' },
          'node-b': { plugin: 'VolumeBinding', reason: NODE_CONFLICT, code: 'UnschedulableAndUnresolvable' },
        },
        messageIncludes: [`0/2 nodes are available: 1 Insufficient cpu, 1 ${NODE_CONFLICT}.`],
      },
      { cycle: 2, pod: 'default/report-late', time: 0, result: 'Scheduled', selected: 'node-b' },
    ],
    pods: [
      { pod: 'default/report-early', phase: 'Pending', node: null },
      { pod: 'default/report-late', phase: 'Running', node: 'node-b' },
    ],
    events: [
      { object: 'PersistentVolumeClaim/default/late-data', reason: 'WaitForFirstConsumer', type: 'Normal', time: 0 },
      { object: 'PersistentVolumeClaim/default/late-data', reason: 'ProvisioningSucceeded', time: 0, messageIncludes: 'Successfully provisioned volume pvc-' },
    ],
  },
};
