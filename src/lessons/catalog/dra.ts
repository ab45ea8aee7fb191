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
      text: `trainer-1 requests no GPU count. Its claim, made from the template two-gpus, asks for two GPUs whose pcieRoot attribute matches, from the nodes' ResourceSlices.`,
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
      text: `The allocator runs on every node. cpu-node has no devices; gpu-node-1's two GPUs sit on two roots: "cannot allocate all claims". gpu-node-2 has gpu-0 and gpu-1 on one.`,
    },
    {
      at: { cycle: 1, phase: 'bind' },
      text: `Reserve holds the devices for trainer-1; PreBind writes the allocation (gpu-0, gpu-1 on gpu-node-2) to the claim's status, with trainer-1 in reservedFor.`,
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
      text: `trainer-2: "0/3 nodes are available: 3 ${CANNOT}." gpu-0 and gpu-1 are taken, by trainer-1. Preemption does not even try: trainer-2 waits for a claim change.`,
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
      text: `At 60 s trainer-1 is deleted; 30 s later it is gone and its claim is deallocated. DynamicResources registered for that event: trainer-2 is tried again at 90 s.`,
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

// Device taints that evict (DRADeviceTaints, DRADeviceTaintRules): upstream
// pkg/controller/devicetainteviction (the eviction time is the taint's timeAdded plus the claim's
// tolerationSeconds) and the allocator's taintPreventsAllocation (a tainted device is skipped).
//
// Worked by hand: only node-1 publishes GPUs at 0 s, so trainer and the inference Deployment's pod
// each get one there. node-2's driver publishes two GPUs at 20 s. At 30 s the rule taints node-1's
// pool with NoExecute (timeAdded 30): the inference claim tolerates nothing, so its pod is deleted at
// 30 s; its replacement cannot get a node-1 GPU (one still held by the terminating pod, the other
// by trainer, both tainted) and binds on node-2. trainer's claim tolerates the taint for 60 s:
// deleted at 30 + 60 = 90 s.

const INFERENCE = 'default/inference-6ff98fb8c6-mgzcv';

export const draDeviceTaintsLesson: Lesson = {
  id: 'dra-device-taints',
  title: 'DRA: a GPU taken out of service',
  summary: 'A DeviceTaintRule puts NoExecute on a node\'s GPUs: the pods using them are deleted, at once or after the claim\'s tolerationSeconds, and their replacements go elsewhere.',
  topic: 'Eviction',
  docs: 'https://kubernetes.io/docs/concepts/scheduling-eviction/dynamic-resource-allocation/#device-taints-and-tolerations',
  scenario: `# Device taints and tolerations (Kubernetes docs, "Dynamic Resource Allocation"), alpha in v1.35.
# An admin takes node-1's GPUs out of service with a DeviceTaintRule. trainer's claim tolerates the
# taint for 60 s (time to write a checkpoint); the inference Deployment's claim tolerates nothing.
apiVersion: podplay/v1alpha1
kind: Scenario
metadata: {name: dra-device-taints}
spec:
  featureGates: {DRADeviceTaints: true, DRADeviceTaintRules: true}
  timeline:
  - at: 20
    action: apply
    object:
      apiVersion: resource.k8s.io/v1
      kind: ResourceSlice
      metadata: {name: node-2-gpus}
      spec:
        driver: gpu.example.com
        nodeName: node-2
        pool: {name: node-2, generation: 1, resourceSliceCount: 1}
        devices: [{name: gpu-0}, {name: gpu-1}]
  - at: 30
    action: apply
    object:
      apiVersion: resource.k8s.io/v1alpha3
      kind: DeviceTaintRule
      metadata: {name: node-1-maintenance}
      spec:
        deviceSelector: {driver: gpu.example.com, pool: node-1}
        taint: {key: gpu.example.com/maintenance, value: firmware, effect: NoExecute}
---
apiVersion: v1
kind: Node
metadata: {name: node-1, labels: {kubernetes.io/hostname: node-1}}
status: {allocatable: {cpu: "16", memory: 64Gi, pods: "110"}}
---
apiVersion: v1
kind: Node
metadata: {name: node-2, labels: {kubernetes.io/hostname: node-2}}
status: {allocatable: {cpu: "16", memory: 64Gi, pods: "110"}}
---
apiVersion: resource.k8s.io/v1
kind: DeviceClass
metadata: {name: gpu.example.com}
spec:
  selectors:
    - cel: {expression: device.driver == "gpu.example.com"}
---
apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata: {name: node-1-gpus}
spec:
  driver: gpu.example.com
  nodeName: node-1
  pool: {name: node-1, generation: 1, resourceSliceCount: 1}
  devices: [{name: gpu-0}, {name: gpu-1}]
---
apiVersion: resource.k8s.io/v1
kind: ResourceClaimTemplate
metadata: {name: gpu}
spec:
  spec:
    devices:
      requests:
        - name: gpu
          exactly: {deviceClassName: gpu.example.com}
---
apiVersion: resource.k8s.io/v1
kind: ResourceClaimTemplate
metadata: {name: gpu-with-grace}
spec:
  spec:
    devices:
      requests:
        - name: gpu
          exactly:
            deviceClassName: gpu.example.com
            tolerations:
              - {key: gpu.example.com/maintenance, operator: Exists, effect: NoExecute, tolerationSeconds: 60}
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: inference}
spec:
  replicas: 1
  selector: {matchLabels: {app: inference}}
  template:
    metadata: {labels: {app: inference}}
    spec:
      resourceClaims: [{name: gpu, resourceClaimTemplateName: gpu}]
      containers: [{name: serve, image: serve, resources: {requests: {cpu: "2"}, claims: [{name: gpu}]}}]
---
apiVersion: v1
kind: Pod
metadata: {name: trainer}
spec:
  resourceClaims: [{name: gpu, resourceClaimTemplateName: gpu-with-grace}]
  containers: [{name: train, image: train, resources: {requests: {cpu: "2"}, claims: [{name: gpu}]}}]
`,
  story: [
    {
      at: { cycle: 1, phase: 'queue' },
      text: `Only node-1 has GPUs so far. trainer's claim tolerates the device taint gpu.example.com/maintenance (NoExecute) for 60 s: the claim tolerates, not the pod.`,
    },
    {
      at: { cycle: 2, phase: 'filter' },
      text: 'trainer holds one of node-1\'s two GPUs; node-2 publishes none yet, so only node-1 can run the inference Deployment\'s pod. At 20 s node-2\'s driver publishes two GPUs.',
      facts: [{ says: 'only node-1', fact: { kind: 'feasible', cycle: 2 }, is: 'node-1' }],
      question: {
        prompt: 'At 30 s an admin applies a DeviceTaintRule: every GPU of node-1\'s pool gets gpu.example.com/maintenance=firmware:NoExecute. When is the inference pod deleted?',
        choices: ['Never: a taint only keeps new pods away', 'At 30 s', 'At 60 s'],
        answer: 1,
        explanation: 'NoExecute also acts on pods that are running. Its claim tolerates nothing, so the device taint eviction controller deletes the pod at once.',
        reveal: { fact: { kind: 'event', object: `Pod/${INFERENCE}`, reason: 'DeviceTaintManagerEviction' }, values: ['never', '30', '60'] },
      },
    },
    {
      at: { cycle: 3, phase: 'queue' },
      text: `At 30 s the device taint eviction controller deleted the inference pod. Its ReplicaSet made a new one, with a new claim.`,
      facts: [{ says: 'At 30 s', fact: { kind: 'event', object: `Pod/${INFERENCE}`, reason: 'DeviceTaintManagerEviction' }, is: '30' }],
      question: {
        prompt: 'Which nodes can run the new inference pod?',
        choices: ['node-1 and node-2', 'node-2 only', 'None'],
        answer: 1,
        explanation: 'The allocator skips a device whose NoSchedule or NoExecute taint the request does not tolerate, and node-1\'s GPUs are all tainted.',
        reveal: { fact: { kind: 'feasible', cycle: 3 }, values: ['node-1, node-2', 'node-2', 'none'] },
      },
    },
    {
      at: { cycle: 3, phase: 'filter' },
      text: `node-1: "${CANNOT}". The old pod is still terminating (30 s grace), so its GPU stays allocated; trainer holds the other.`,
      facts: [{ says: CANNOT, fact: { kind: 'filterReason', cycle: 3, node: 'node-1' }, is: CANNOT }],
      question: {
        prompt: 'trainer\'s claim tolerates the taint for 60 s. When is trainer deleted?',
        choices: ['30 s', '60 s', '90 s', 'Never'],
        answer: 2,
        explanation: 'The seconds count from the taint\'s timeAdded, which the API server set when the rule was created at 30 s: 30 + 60 = 90 s.',
        reveal: { fact: { kind: 'event', object: 'Pod/default/trainer', reason: 'DeviceTaintManagerEviction' }, values: ['30', '60', '90', 'never'] },
      },
    },
    {
      at: { event: { reason: 'DeviceTaintManagerEviction', object: 'Pod/default/trainer' } },
      text: `The new inference pod got a GPU on node-2. trainer is evicted at 90 s; nothing replaces a bare pod. Without tolerationSeconds it would have stayed.`,
      facts: [{ says: 'at 90 s', fact: { kind: 'event', object: 'Pod/default/trainer', reason: 'DeviceTaintManagerEviction' }, is: '90' }],
    },
  ],
  outcome: {
    cycleCount: 3,
    cycles: [
      { cycle: 1, pod: 'default/trainer', time: 0, result: 'Scheduled', selected: 'node-1' },
      { cycle: 2, pod: INFERENCE, time: 0, result: 'Scheduled', selected: 'node-1' },
      {
        cycle: 3, pod: 'default/inference-6ff98fb8c6-8hpf5', time: 30, result: 'Scheduled', selected: 'node-2', feasible: ['node-2'],
        filtered: { 'node-1': { plugin: 'DynamicResources', reason: CANNOT, code: 'UnschedulableAndUnresolvable' } },
      },
    ],
    pods: [
      { pod: 'default/trainer', deleted: true },
      { pod: INFERENCE, deleted: true },
      { pod: 'default/inference-6ff98fb8c6-8hpf5', phase: 'Running', node: 'node-2' },
    ],
    events: [
      { object: `Pod/${INFERENCE}`, reason: 'DeviceTaintManagerEviction', type: 'Normal', time: 30, messageIncludes: 'Marking for deletion' },
      { object: 'Pod/default/trainer', reason: 'DeviceTaintManagerEviction', type: 'Normal', time: 90, messageIncludes: 'Marking for deletion' },
    ],
  },
};
