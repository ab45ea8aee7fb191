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
import { csiNodeYaml, nodeYaml, scenarioYaml } from './yaml';

const ZONE = 'topology.kubernetes.io/zone';
const DRIVER = 'pd.csi.storage.gke.io';

function claim(name: string): string {
  return `apiVersion: v1
kind: PersistentVolumeClaim
metadata: {name: ${name}, namespace: default}
spec:
  storageClassName: zonal-wffc
  accessModes: [ReadWriteOnce]
  resources: {requests: {storage: 10Gi}}
`;
}

/** A pod mounting one claim as its volume "data". */
function pod(name: string, claimName: string, container: string, cpu: string, memory: string, labels = ''): string {
  return `apiVersion: v1
kind: Pod
metadata: {name: ${name}, namespace: default${labels ? `, labels: {${labels}}` : ''}}
spec:
  containers:
  - {name: ${container}, image: postgres, resources: {requests: {cpu: ${cpu}, memory: ${memory}}}}
  volumes:
  - {name: data, persistentVolumeClaim: {claimName: ${claimName}}}
`;
}

const indent = (text: string, by: string): string => text.replace(/^(?=.)/gm, by);

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
${scenarioYaml('volume-limits-statefulset', '1.37', `  - at: 30
    action: apply
    object:
${indent(pod('backup', 'data-db-0', 'pgdump', '250m', '256Mi'), '      ')}`)}---
apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata: {name: zonal-wffc}
provisioner: ${DRIVER}
volumeBindingMode: WaitForFirstConsumer
---
${[
    nodeYaml('node-a', { labels: { [ZONE]: 'zone-a' }, cpu: '8', memory: '16Gi' }),
    nodeYaml('node-b', { labels: { [ZONE]: 'zone-b' } }),
    csiNodeYaml('node-a', DRIVER, [ZONE], 1),
    csiNodeYaml('node-b', DRIVER, [ZONE], 4),
    ...[0, 1, 2].map((i) => claim(`data-db-${i}`)),
    ...[0, 1, 2].map((i) => pod(`db-${i}`, `data-db-${i}`, 'postgres', '500m', '1Gi', 'app: db')),
  ].join('---\n')}`,
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
