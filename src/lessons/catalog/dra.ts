// Dynamic Resource Allocation: GPUs published in ResourceSlices, a DeviceClass that selects them
// with CEL, claims made from a ResourceClaimTemplate, matchAttribute, and a prioritized list.
// upstream: pkg/scheduler/framework/plugins/dynamicresources (Filter runs the structured
// allocator per node: "cannot allocate all claims"), staging/.../dynamic-resource-allocation/
// structured (the allocator), pkg/controller/resourceclaim (claims from templates, deallocation).
//
// Worked by hand: gpu-node-1 has gpu-0 on pci-0 and gpu-1 on pci-1; gpu-node-2 has gpu-0 and gpu-1
// on pci-0 and gpu-2 on pci-1; cpu-node has none. trainer-1 needs two GPUs with one pcieRoot: only
// gpu-node-2 has such a pair. trainer-2 wants the same: the pair is taken, gpu-2 is alone on its
// root, so it fits nowhere. infer would like a pair but takes one GPU otherwise: gpu-node-1 and
// gpu-node-2 both have a single free GPU. At 60 s trainer-1 is deleted; after its 30 s grace
// period its claim is deallocated and deleted, and trainer-2 gets gpu-0 and gpu-1 at 90 s.

import type { Lesson } from '../types';

const CANNOT = 'cannot allocate all claims';

export const draGpusLesson: Lesson = {
  id: 'dra-gpus',
  title: 'Dynamic Resource Allocation: GPUs',
  summary: 'Pods ask for devices with ResourceClaims instead of counting them. The scheduler picks the devices on each node — two GPUs on one PCIe root, or one GPU when a pair is not free.',
  topic: 'Resources and scoring',
  docs: 'https://kubernetes.io/docs/concepts/scheduling-eviction/dynamic-resource-allocation/',
  scenario: `# Dynamic Resource Allocation (Kubernetes docs, "Dynamic Resource Allocation").
# The driver gpu.example.com publishes one ResourceSlice per GPU node. trainer-1 and trainer-2
# each need two GPUs on one PCIe root; infer takes a pair if it can, one GPU otherwise.
apiVersion: podplay/v1alpha1
kind: Scenario
metadata: {name: dra-gpus}
spec:
  timeline:
  - {at: 60, action: delete, kind: Pod, name: trainer-1}
---
apiVersion: v1
kind: Node
metadata: {name: cpu-node, labels: {kubernetes.io/hostname: cpu-node}}
status: {allocatable: {cpu: "8", memory: 32Gi, pods: "110"}}
---
apiVersion: v1
kind: Node
metadata: {name: gpu-node-1, labels: {kubernetes.io/hostname: gpu-node-1, pool: gpu}}
status: {allocatable: {cpu: "8", memory: 32Gi, pods: "110"}}
---
apiVersion: v1
kind: Node
metadata: {name: gpu-node-2, labels: {kubernetes.io/hostname: gpu-node-2, pool: gpu}}
status: {allocatable: {cpu: "8", memory: 32Gi, pods: "110"}}
---
apiVersion: resource.k8s.io/v1
kind: DeviceClass
metadata: {name: gpu.example.com}
spec:
  selectors:
    - cel:
        expression: device.driver == "gpu.example.com"
---
apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata: {name: gpu-node-1-gpus}
spec:
  driver: gpu.example.com
  nodeName: gpu-node-1
  pool: {name: gpu-node-1, generation: 1, resourceSliceCount: 1}
  devices:
    - name: gpu-0
      attributes:
        model: {string: A100}
        pcieRoot: {string: pci-0}
      capacity:
        memory: {value: 40Gi}
    - name: gpu-1
      attributes:
        model: {string: A100}
        pcieRoot: {string: pci-1}
      capacity:
        memory: {value: 40Gi}
---
apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata: {name: gpu-node-2-gpus}
spec:
  driver: gpu.example.com
  nodeName: gpu-node-2
  pool: {name: gpu-node-2, generation: 1, resourceSliceCount: 1}
  devices:
    - name: gpu-0
      attributes:
        model: {string: A100}
        pcieRoot: {string: pci-0}
      capacity:
        memory: {value: 40Gi}
    - name: gpu-1
      attributes:
        model: {string: A100}
        pcieRoot: {string: pci-0}
      capacity:
        memory: {value: 40Gi}
    - name: gpu-2
      attributes:
        model: {string: A100}
        pcieRoot: {string: pci-1}
      capacity:
        memory: {value: 40Gi}
---
apiVersion: resource.k8s.io/v1
kind: ResourceClaimTemplate
metadata: {name: two-gpus}
spec:
  spec:
    devices:
      requests:
        - name: gpus
          exactly:
            deviceClassName: gpu.example.com
            count: 2
      constraints:
        - requests: [gpus]
          matchAttribute: gpu.example.com/pcieRoot
---
apiVersion: v1
kind: Pod
metadata: {name: trainer-1}
spec:
  resourceClaims:
    - name: gpus
      resourceClaimTemplateName: two-gpus
  containers:
    - name: train
      image: trainer
      resources:
        claims: [{name: gpus}]
---
apiVersion: v1
kind: Pod
metadata: {name: trainer-2}
spec:
  resourceClaims:
    - name: gpus
      resourceClaimTemplateName: two-gpus
  containers:
    - name: train
      image: trainer
      resources:
        claims: [{name: gpus}]
---
apiVersion: resource.k8s.io/v1
kind: ResourceClaimTemplate
metadata: {name: pair-or-one}
spec:
  spec:
    devices:
      requests:
      - name: gpus
        firstAvailable:
        - {name: pair, deviceClassName: gpu.example.com, count: 2}
        - {name: one, deviceClassName: gpu.example.com, count: 1}
      constraints:
      - requests: [gpus]
        matchAttribute: gpu.example.com/pcieRoot
---
apiVersion: v1
kind: Pod
metadata: {name: infer}
spec:
  resourceClaims:
  - {name: gpus, resourceClaimTemplateName: pair-or-one}
  containers:
  - name: serve
    image: server
    resources:
      claims: [{name: gpus}]
`,
  story: [
    {
      at: { cycle: 1, phase: 'queue' },
      text: 'trainer-1 has no GPU count in its requests. Its spec.resourceClaims names the template two-gpus, and the resourceclaim controller made a ResourceClaim from it: two devices of the class gpu.example.com whose gpu.example.com/pcieRoot attribute matches. The devices come from each node\'s ResourceSlice.',
      question: {
        prompt: 'gpu-node-1 has GPUs on pci-0 and pci-1; gpu-node-2 has two on pci-0 and one on pci-1. Which nodes can run trainer-1?',
        choices: ['gpu-node-1 and gpu-node-2', 'gpu-node-2 only', 'All three nodes'],
        answer: 1,
        explanation: 'matchAttribute makes the two GPUs share a pcieRoot; only gpu-node-2 has such a pair.',
        reveal: { fact: { kind: 'feasible', cycle: 1 }, values: ['gpu-node-1, gpu-node-2', 'gpu-node-2', 'cpu-node, gpu-node-1, gpu-node-2'] },
      },
    },
    {
      at: { cycle: 1, phase: 'filter' },
      text: `DynamicResources runs the structured allocator on every node. cpu-node publishes no devices; gpu-node-1 has two GPUs, but no two on one root: both get "${CANNOT}". On gpu-node-2 the allocator tries gpu-0, then gpu-1 (same root) and succeeds: the squares it would take are outlined.`,
    },
    {
      at: { cycle: 1, phase: 'bind' },
      text: 'Reserve keeps the allocation in flight, so no other pod can take those devices; PreBind writes it to the claim\'s status (devices gpu-0 and gpu-1, a node selector for gpu-node-2) with trainer-1 in reservedFor. The Pod tab lists the claim and its devices.',
    },
    {
      at: { cycle: 2, phase: 'queue' },
      text: 'trainer-2 comes from the same template, so it gets its own claim with the same request and constraint.',
      question: {
        prompt: 'Where does trainer-2 run?',
        choices: ['gpu-node-1', 'gpu-node-2, on gpu-2 and one more', 'Nowhere: it stays Pending'],
        answer: 2,
        explanation: 'The only pair on one root is allocated to trainer-1; gpu-2 is alone on pci-1.',
        reveal: { fact: { kind: 'selected', cycle: 2 }, values: ['gpu-node-1', 'gpu-node-2', 'none'] },
      },
    },
    {
      at: { cycle: 2, phase: 'postFilter' },
      text: `"0/3 nodes are available: 3 ${CANNOT}." On gpu-node-2, gpu-0 and gpu-1 are already allocated. DynamicResources' PostFilter would deallocate a claim nobody uses, but trainer-1 uses this one ("still not schedulable"). The rejections are UnschedulableAndUnresolvable, so preemption does not even try: trainer-2 waits for a claim change.`,
    },
    {
      at: { cycle: 3, phase: 'queue' },
      text: 'infer\'s template pair-or-one uses a prioritized list (firstAvailable): the subrequest pair (two GPUs on one root), and if no node can give that, the subrequest one (a single GPU).',
      question: {
        prompt: 'Which nodes can run infer?',
        choices: ['None: no pair on one root is free', 'gpu-node-2 only', 'gpu-node-1 and gpu-node-2'],
        answer: 2,
        explanation: 'Neither node has a free pair, so the allocator falls back to one GPU, which both have.',
        reveal: { fact: { kind: 'feasible', cycle: 3 }, values: ['none', 'gpu-node-2', 'gpu-node-1, gpu-node-2'] },
      },
    },
    {
      at: { cycle: 3, phase: 'filter' },
      text: 'On each node the allocator tries pair first and falls back to one: gpu-node-1 offers gpu-0, gpu-node-2 offers gpu-2. cpu-node still has nothing.',
    },
    {
      at: { cycle: 3, phase: 'bind' },
      text: 'The claim\'s allocation names the subrequest it used: request "gpus/one". A driver reads it to know which alternative the pod got.',
    },
    {
      at: { cycle: 4, phase: 'queue' },
      text: 'At 60 s trainer-1 is deleted; 30 s later it is gone. The resourceclaim controller sees no pod reserving its claim, deallocates it and the garbage collector deletes it. A claim losing its allocation is an event DynamicResources registers for, so trainer-2 is tried again at 90 s.',
    },
    {
      at: { cycle: 4, phase: 'bind' },
      text: 'gpu-0 and gpu-1 on gpu-node-2 are free again: trainer-2 gets them.',
    },
  ],
  outcome: {
    cycleCount: 4,
    cycles: [
      {
        cycle: 1, pod: 'default/trainer-1', time: 0, result: 'Scheduled', selected: 'gpu-node-2', feasible: ['gpu-node-2'],
        filtered: {
          'cpu-node': { plugin: 'DynamicResources', reason: CANNOT, code: 'UnschedulableAndUnresolvable' },
          'gpu-node-1': { plugin: 'DynamicResources', reason: CANNOT, code: 'UnschedulableAndUnresolvable' },
        },
      },
      { cycle: 2, pod: 'default/trainer-2', time: 0, result: 'Unschedulable', feasible: [], messageIncludes: [`0/3 nodes are available: 3 ${CANNOT}.`] },
      { cycle: 3, pod: 'default/infer', time: 0, result: 'Scheduled', feasible: ['gpu-node-1', 'gpu-node-2'] },
      { cycle: 4, pod: 'default/trainer-2', time: 90, result: 'Scheduled', selected: 'gpu-node-2' },
    ],
    pods: [
      { pod: 'default/trainer-1', deleted: true },
      { pod: 'default/trainer-2', phase: 'Running', node: 'gpu-node-2' },
      { pod: 'default/infer', phase: 'Running' },
    ],
  },
};
