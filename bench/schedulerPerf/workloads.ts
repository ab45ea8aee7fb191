// Upstream scheduler_perf's [performance] workloads, as Podplay scenarios: the nine 5,000-node
// ones of issue 10, and (issue 24) the misc, dra, affinity and topology_spreading ones below.
// upstream: test/integration/scheduler_perf/{misc,affinity,topology_spreading,default_preemption}/
// performance-config.yaml and templates/*.yaml (v1.35): node-default (4 CPU, 32Gi, 110 pods),
// pod-default (100m / 500Mi), pod-with-pod-affinity, pod-with-pod-anti-affinity,
// pod-with-preferred-pod-affinity, pod-with-node-affinity, pod-with-topology-spreading,
// pod-with-preferred-topology-spreading, pod-low-priority (900m, grace 0), pod-high-priority
// (3000m, priority 10). The init pods are scheduled first; the measured pods are applied by a
// timeline step once they are bound, so only the measured pods' cycles are timed.

export interface PodTemplate {
  prefix: string;
  labels?: Record<string, string>;
  /** requests and limits of CPU (and 500Mi of memory); none at all when absent (light-pod.yaml) */
  cpu?: string;
  /** the pod's spec fields besides containers, as YAML flow text */
  spec?: string;
  /** pod i requests (and limits) one `<this>-i` (pod-with-extended-resource.yaml: foo.com/bar) */
  extendedResource?: string;
  /** memory request and limit with `cpu` (500Mi when absent) */
  memory?: string;
  /** pod i belongs to the PodGroup `gang-<i / this>` (default_preemption gang-pod.yaml's podsPerGroup) */
  podsPerGroup?: number;
  /**
   * dra/templates/pod-with-claim-template.yaml: one claim `resource` from the namespace's
   * ResourceClaimTemplate `test-claim-template`, used by the pause container
   */
  claimTemplate?: boolean;
  /**
   * a volume: pod-with-secret-volume.yaml's secret, or (createPods with a PV and PVC template)
   * PersistentVolumeClaim `pvc-i` bound to its own PV `<namespace>-vol-i` (the workload's `persistentVolumes`)
   */
  volume?: 'secret' | 'pvc';
  /** every pod requests (and limits) one of this same resource (pod-with-extended-resource-scoring.yaml: example.com/gpu) */
  sharedExtendedResource?: string;
  /** metadata.finalizers (pod-with-finalizer.yaml: test.k8s.io/finalizer) */
  finalizers?: string[];
}

/**
 * upstream's DRA test driver (test/integration/scheduler_perf/dra.go, createResourceDriverOp and
 * resourceSlice): one ResourceSlice per node, pool = node name, `devicesPerNode` devices
 * `instance-i` with attributes model A100, family GPU, driverVersion 1.2.3,
 * dra.example.com/numa i and capacity memory 1Gi; DeviceClass `test-class` (templates/deviceclass.yaml)
 */
export interface DraSetup {
  /** createResourceDriver's maxClaimsPerNode */
  devicesPerNode: number;
  /**
   * the claim template (templates/resourceclaimtemplate.yaml and its params): `plain` one request
   * of test-class; `match` five requests under one matchAttribute constraint (the devices share
   * the driver's `model`); `selector` (resourceclaimtemplate-with-selector.yaml) one request with
   * a CEL selector on memory capacity and family
   */
  template: 'plain' | 'match' | 'selector';
  /**
   * allocResourceClaims: this many claims (templates/resourceclaim.yaml, namespace init) allocated
   * before the measured pods; upstream picks nodes at random, here claim j takes node j mod nodes
   */
  allocatedClaims?: number;
  /**
   * createPods with steadyState: rounds of this many pods, each created once the last is
   * scheduled and deleted with it (DeleteCollection, grace period 0) — here one round per step
   */
  steadyStateBatch?: number;
}

export interface Workload {
  name: string;
  /** upstream's threshold (pods/s) for this workload (none: upstream sets none) */
  threshold?: number;
  /** the scenario's spec.kubernetesVersion (1.35 when absent) */
  kubernetesVersion?: string;
  /**
   * the init pods' PodGroups (templates/podgroup.yaml): `gang-i` in the init namespace, gang
   * minCount the pods per group, PodGroup priority 1000 and this disruptionMode
   */
  podGroups?: { disruptionMode: 'single' | 'all' };
  nodes: number;
  /** zone label values given round-robin (upstream labelNodePrepareStrategy), if any */
  zones?: string[];
  init: { count: number; namespace: string; template: PodTemplate };
  /**
   * more init pods, scheduled after `init` and before the measured pods (MixedSchedulingBasePod's
   * five createPods of different templates); counted with `init` by initCount
   */
  moreInit?: { count: number; namespace: string; template: PodTemplate }[];
  /**
   * createPodSets: the init pods are `init.count` per namespace in this many namespaces
   * `<init.namespace>-<k>` (the namespace-selector affinity workloads)
   */
  initNamespaces?: number;
  /** labels of the init and measured namespaces (namespace-with-labels.yaml: team devops) */
  namespaceLabels?: Record<string, string>;
  measured: { count: number; namespace: string; template: PodTemplate };
  /** churn (mode create): a pod of this template created every 200 ms (PreemptionAsync, Unschedulable) */
  churn?: PodTemplate;
  /** the last this many nodes are node-with-taint.yaml's: taint foo:NoSchedule, no zone label */
  taintedNodes?: number;
  /** service.yaml in this namespace: a Service selecting app=scheduler-perf (what default spreading reads) */
  serviceNamespace?: string;
  /** node i has one `<this>-i` (node-with-extended-resource.yaml: foo.com/bar) */
  nodeExtendedResource?: string;
  /** the scenario's spec.featureGates, as YAML flow text */
  featureGates?: string;
  /** the nodes' pods capacity when not node-default's 110 (node-with-name.yaml: 90000) */
  nodePods?: number;
  /** pods created first that stay gated to the end (gated-pod.yaml), never given a cycle */
  gated?: { count: number; namespace: string; template: PodTemplate };
  /** deletePods: the init pods deleted at this many per second while the measured pods are scheduled */
  deleteInitPerSecond?: number;
  /**
   * the PVs of `volume: pvc` pods: pv-aws.yaml (awsElasticBlockStore) or pv-csi.yaml (CSI driver
   * ebs.csi.aws.com; the nodes then attach at most 39, as node allocatable and CSINode say)
   */
  persistentVolumes?: 'aws' | 'csi';
  /** the DRA test driver's devices, claim template and pre-allocated claims (dra/performance-config.yaml) */
  dra?: DraSetup;
  /**
   * node-with-name.yaml's `scheduler-perf-node` (90,000 pods, 4 CPU, 32Gi) created before the
   * `nodes` node-default ones (SchedulingDaemonset: every measured pod's node affinity names it)
   */
  namedNode?: boolean;
  /**
   * churn (mode recreate, number 1, every second): templates/churn/node-default.yaml (pods 0),
   * pod-high-priority-large-cpu.yaml and templates/churn/service-default.yaml, each deleted and
   * created again at every tick (SchedulingWithMixedChurn)
   */
  recreateChurn?: boolean;
  /**
   * dra/extendedresource/scoring: this many DeviceClasses `scoring-test-class-i`
   * (deviceclass-extended-resource-scoring.yaml, all with extendedResourceName example.com/gpu)
   * instead of `test-class`, and scheduler-config.yaml's LeastAllocated over cpu, memory and example.com/gpu
   */
  extendedResourceClasses?: number;
}

const defaultPod: PodTemplate = { prefix: 'pod', cpu: '100m' };
// pod-with-secret-volume.yaml: pod-default with a secret volume
const secretPod: PodTemplate = { prefix: 'secret-volume', cpu: '100m', volume: 'secret' };
// light-pod.yaml: no requests, terminationGracePeriodSeconds 0; gated-pod.yaml: one scheduling gate
const lightPod: PodTemplate = { prefix: 'light-pod', spec: 'terminationGracePeriodSeconds: 0' };
const gatedPod: PodTemplate = { prefix: 'gated-pod', spec: 'schedulingGates: [{name: test.k8s.io/hold}]' };
const bothNamespaces = 'namespaces: [sched-1, sched-0]';
// pod-with-label.yaml: the label gated-pod-with-pod-affinity.yaml's affinity selects, no requests
const podWithLabel: PodTemplate = { prefix: 'pod', labels: { app: 'scheduler-perf' } };
const lowPriority: PodTemplate = { prefix: 'low', cpu: '900m', spec: 'terminationGracePeriodSeconds: 0' };
// upstream sets spec.priority: 10 directly (its test API server runs no Priority admission);
// Podplay admits pods as an API server does, so the value comes from a PriorityClass
const highPriority: PodTemplate = { prefix: 'high', cpu: '3000m', spec: 'priorityClassName: high' };
// pod-high-priority-large-cpu.yaml: 9 CPU on 4-CPU nodes, never schedulable, priority 10
// (requests only upstream; the limit the template helper adds changes nothing the scheduler reads)
const highPriorityLargeCpu: PodTemplate = { prefix: 'pod-h', cpu: '9', spec: 'priorityClassName: high' };
// default_preemption/templates: gang-pod.yaml (300m, 50Mi, priority 1000, grace 0, PodGroup
// gang-<i / 10>) and pod-high-priority.yaml (3970m, 500Mi, priority 9999999, grace 0)
const gangPod: PodTemplate = { prefix: 'gang-pod', cpu: '300m', memory: '50Mi', spec: 'terminationGracePeriodSeconds: 0, priorityClassName: gang-low', podsPerGroup: 10 };
const gangPreemptor: PodTemplate = { prefix: 'pod-high-priority', cpu: '3970m', spec: 'terminationGracePeriodSeconds: 0, priorityClassName: gang-high' };

/**
 * default_preemption/performance-config.yaml PreemptionPodGroupDisruptionMode (after v1.37; its
 * PodGroups are scheduling.k8s.io/v1alpha3, here v1beta1 at 1.37 with GenericWorkload, which
 * carries workload-aware preemption there): 1,000 nodes, 1,000 gangs of 10 low-priority 300m
 * pods, then 100 preemptors of 3970m that each need a whole node's 10 victims. Upstream sets no
 * threshold for it.
 */
const podGroupPreemption = (name: string, disruptionMode?: 'single' | 'all'): Workload => ({
  name, nodes: 1000, kubernetesVersion: '1.37', featureGates: '{GenericWorkload: true, GangScheduling: true}',
  ...(disruptionMode ? { podGroups: { disruptionMode } } : {}),
  init: { count: 10000, namespace: 'gang-preempt-1', template: disruptionMode ? gangPod : { ...gangPod, podsPerGroup: undefined } },
  measured: { count: 100, namespace: 'gang-preempt-0', template: gangPreemptor },
});

// dra/performance-config.yaml (v1.35 thresholds, the QueueingHints variants: hints are always on at
// 1.35): nodes of node-with-dra-test-driver.yaml (node-default's 4 CPU, 32Gi, 110 pods) with the
// test driver's 10 devices each, pods of pod-with-claim-template.yaml (no requests)
const draPod: PodTemplate = { prefix: 'test-dra', claimTemplate: true };
// steadyState deletes each round with DeleteCollection and GracePeriodSeconds 0 (scheduler_perf.go
// createPodsSteadily); Podplay's delete step takes the pod's own grace period, so the pods carry 0
const draSteadyPod: PodTemplate = { ...draPod, spec: 'terminationGracePeriodSeconds: 0' };

/**
 * SteadyStateClusterResourceClaimTemplate (`<variant>_500nodes`): 10 pods at a time, each round
 * created once the last is scheduled and deleted; upstream runs it for 10 s, here the rounds
 * upstream's threshold schedules in 10 s (10 × threshold pods)
 */
const draSteadyState = (name: string, threshold: number, template: DraSetup['template'], allocatedClaims = 0): Workload => ({
  name, threshold, nodes: 500,
  dra: { devicesPerNode: 10, template, allocatedClaims, steadyStateBatch: 10 },
  init: { count: 0, namespace: 'init', template: draPod },
  measured: { count: 10 * threshold, namespace: 'test', template: draSteadyPod },
});

export const workloads: Workload[] = [
  {
    name: 'SchedulingBasic', threshold: 680, nodes: 5000,
    init: { count: 1000, namespace: 'default', template: defaultPod },
    measured: { count: 10000, namespace: 'default', template: defaultPod },
  },
  {
    // misc/performance-config.yaml, 5000Nodes_50000Pods (and its SchedulerAsyncAPICalls and
    // NodeDeclaredFeatures variants, the same run to Podplay): the limits' largest pod count
    name: 'SchedulingBasic50000Pods', threshold: 810, nodes: 5000,
    init: { count: 5000, namespace: 'default', template: defaultPod },
    measured: { count: 50000, namespace: 'default', template: defaultPod },
  },
  {
    name: 'TopologySpreading', threshold: 460, nodes: 5000, zones: ['moon-1', 'moon-2', 'moon-3'],
    init: { count: 5000, namespace: 'default', template: defaultPod },
    measured: {
      count: 5000, namespace: 'default', template: {
        prefix: 'spreading-pod', labels: { color: 'blue' }, cpu: '100m',
        spec: 'topologySpreadConstraints: [{maxSkew: 5, topologyKey: topology.kubernetes.io/zone, whenUnsatisfiable: DoNotSchedule, labelSelector: {matchLabels: {color: blue}}}]',
      },
    },
  },
  {
    name: 'PreferredTopologySpreading', threshold: 340, nodes: 5000, zones: ['moon-1', 'moon-2', 'moon-3'],
    init: { count: 5000, namespace: 'default', template: defaultPod },
    measured: {
      count: 5000, namespace: 'default', template: {
        prefix: 'spreading-pod', labels: { color: 'blue' }, cpu: '100m',
        spec: 'topologySpreadConstraints: [{maxSkew: 5, topologyKey: topology.kubernetes.io/zone, whenUnsatisfiable: ScheduleAnyway, labelSelector: {matchLabels: {color: blue}}}]',
      },
    },
  },
  {
    // topology_spreading: 5000Nodes_50000Pods; the measured pods carry no constraint: the system
    // default constraints (hostname and zone, ScheduleAnyway) select by the Service's selector
    name: 'DefaultTopologySpreading', threshold: 160, nodes: 5000, zones: ['moon-1', 'moon-2', 'moon-3'], serviceNamespace: 'service-ns',
    init: { count: 5000, namespace: 'namespace-2', template: defaultPod },
    measured: { count: 50000, namespace: 'service-ns', template: podWithLabel },
  },
  {
    // topology_spreading: 5000Nodes; 4,000 nodes and 1,000 tainted ones that the constraint's
    // nodeTaintsPolicy Honor leaves out of the domains: one pod a node on the 4,000
    name: 'SchedulingWithNodeInclusionPolicy', threshold: 270, nodes: 5000, taintedNodes: 1000,
    init: { count: 0, namespace: 'default', template: defaultPod },
    measured: {
      count: 4000, namespace: 'namespace-2', template: {
        prefix: 'spreading-pod-with-node-inclusion-policy', labels: { foo: 'bar' }, cpu: '100m',
        spec: 'topologySpreadConstraints: [{maxSkew: 1, topologyKey: kubernetes.io/hostname, whenUnsatisfiable: DoNotSchedule, nodeAffinityPolicy: Honor, nodeTaintsPolicy: Honor, labelSelector: {matchLabels: {foo: bar}}}]',
      },
    },
  },
  {
    name: 'SchedulingNodeAffinity', threshold: 220, nodes: 5000, zones: ['zone1'],
    init: { count: 5000, namespace: 'default', template: nodeAffinityPod() },
    measured: { count: 10000, namespace: 'default', template: nodeAffinityPod() },
  },
  {
    name: 'SchedulingPodAntiAffinity', threshold: 60, nodes: 5000,
    init: { count: 1000, namespace: 'sched-0', template: antiAffinityPod() },
    measured: { count: 2000, namespace: 'sched-1', template: antiAffinityPod() },
  },
  {
    name: 'SchedulingPodAffinity', threshold: 35, nodes: 5000, zones: ['zone1'],
    init: { count: 5000, namespace: 'sched-0', template: affinityPod() },
    measured: { count: 5000, namespace: 'sched-1', template: affinityPod() },
  },
  {
    name: 'SchedulingPreferredPodAffinity', threshold: 90, nodes: 5000,
    init: { count: 5000, namespace: 'sched-0', template: preferredAffinityPod() },
    measured: { count: 5000, namespace: 'sched-1', template: preferredAffinityPod() },
  },
  // volumes/performance-config.yaml (issue 24): SchedulingMigratedInTreePVs is left out, as
  // Podplay does not translate in-tree volumes to CSI (docs/fidelity.md); PreemptionPVs has no threshold
  {
    name: 'SchedulingSecrets', threshold: 790, nodes: 5000,
    init: { count: 1000, namespace: 'namespace-1', template: secretPod },
    measured: { count: 10000, namespace: 'namespace-2', template: secretPod },
  },
  {
    name: 'SchedulingInTreePVs', threshold: 290, nodes: 5000, persistentVolumes: 'aws',
    init: { count: 1000, namespace: 'namespace-1', template: { ...defaultPod, volume: 'pvc' } },
    measured: { count: 2000, namespace: 'namespace-2', template: { ...defaultPod, volume: 'pvc' } },
  },
  {
    name: 'SchedulingCSIPVs', threshold: 100, nodes: 5000, persistentVolumes: 'csi',
    init: { count: 5000, namespace: 'namespace-1', template: { ...defaultPod, volume: 'pvc' } },
    measured: { count: 5000, namespace: 'namespace-2', template: { ...defaultPod, volume: 'pvc' } },
  },
  // affinity/performance-config.yaml's other [performance] workloads (issue 24)
  {
    // the init pods' required anti-affinity (namespaces sched-1 and sched-0) keeps the measured
    // pods, which match it but carry no affinity of their own, off the 1,000 nodes they hold
    name: 'SchedulingPodMatchingAntiAffinity', threshold: 595, nodes: 5000,
    init: { count: 1000, namespace: 'sched-0', template: antiAffinityPod() },
    measured: { count: 5000, namespace: 'sched-1', template: { prefix: 'anti-affinity-matching-pod', labels: { color: 'green' }, cpu: '100m' } },
  },
  {
    name: 'SchedulingPreferredPodAntiAffinity', threshold: 90, nodes: 5000,
    init: { count: 5000, namespace: 'sched-0', template: preferredAntiAffinityPod() },
    measured: { count: 5000, namespace: 'sched-1', template: preferredAntiAffinityPod() },
  },
  {
    // 2,000 init pods of each of five templates in sched-0, then default pods (createPods
    // without a namespace: upstream's namespace-<op index>)
    name: 'MixedSchedulingBasePod', threshold: 140, nodes: 5000, zones: ['zone1'],
    init: { count: 2000, namespace: 'sched-0', template: defaultPod },
    moreInit: [affinityPod(), antiAffinityPod(), preferredAffinityPod(), preferredAntiAffinityPod()].map((template) => ({ count: 2000, namespace: 'sched-0', template })),
    measured: { count: 5000, namespace: 'namespace-7', template: defaultPod },
  },
  // 5000Nodes_2000Pods of the required anti-affinity runs on 6,000 nodes: 4,000 init pods and
  // 2,000 measured, one a node
  nsSelectorWorkload('SchedulingRequiredPodAntiAffinityWithNSSelector', 24, 6000, 40, 2000, nsSelectorPod('anti-affinity-pod', 'green', 'podAntiAffinity', 'required', 'kubernetes.io/hostname')),
  nsSelectorWorkload('SchedulingPreferredAntiAffinityWithNSSelector', 55, 5000, 40, 2000, nsSelectorPod('anti-affinity-pod', 'green', 'podAntiAffinity', 'preferred', 'kubernetes.io/hostname')),
  { ...nsSelectorWorkload('SchedulingRequiredPodAffinityWithNSSelector', 35, 5000, 50, 2000, nsSelectorPod('affinity-pod', 'blue', 'podAffinity', 'required', 'topology.kubernetes.io/zone')), zones: ['zone1'] },
  nsSelectorWorkload('SchedulingPreferredAffinityWithNSSelector', 90, 5000, 50, 5000, nsSelectorPod('preferred-affinity-pod', 'red', 'podAffinity', 'preferred', 'kubernetes.io/hostname')),
  {
    // 1Node_10000GatedPods: gated pods with a required pod affinity stay gated while 20,000
    // pods of the label they select are bound: each bind is an event the queue weighs for them
    name: 'SchedulingGatedPodsWithPodAffinityImpactForThroughput', threshold: 110, nodes: 1, nodePods: 90000,
    gated: {
      count: 10000, namespace: 'namespace-1', template: {
        prefix: 'gated-pod', labels: { app: 'scheduler-perf' },
        spec: 'affinity: {podAffinity: {requiredDuringSchedulingIgnoredDuringExecution: [{labelSelector: {matchLabels: {app: scheduler-perf}}, topologyKey: kubernetes.io/hostname}]}}, schedulingGates: [{name: scheduling-gate-1}]',
      },
    },
    init: { count: 0, namespace: 'namespace-3', template: podWithLabel },
    measured: { count: 20000, namespace: 'namespace-3', template: podWithLabel },
  },
  {
    name: 'PreemptionAsync', threshold: 570, nodes: 5000,
    init: { count: 20000, namespace: 'default', template: lowPriority },
    measured: { count: 5000, namespace: 'default', template: defaultPod },
    churn: highPriority,
  },
  {
    // misc: Unschedulable 5kNodes/100Init/10kPods; a pod that can never fit arrives every 200 ms
    // and its failed preemption walks the pods (upstream's note on this workload)
    name: 'Unschedulable', threshold: 590, nodes: 5000,
    init: { count: 100, namespace: 'default', template: defaultPod },
    measured: { count: 10000, namespace: 'default', template: defaultPod },
    churn: highPriorityLargeCpu,
  },
  {
    name: 'Unschedulable20kInit', threshold: 600, nodes: 5000,
    init: { count: 20000, namespace: 'default', template: defaultPod },
    measured: { count: 10000, namespace: 'default', template: defaultPod },
    churn: highPriorityLargeCpu,
  },
  {
    name: 'PreemptionBasic', threshold: 18, nodes: 500,
    init: { count: 2000, namespace: 'default', template: lowPriority },
    measured: { count: 500, namespace: 'default', template: highPriority },
  },
  {
    // misc/performance-config.yaml, 5000pods_5000nodes: pod i fits node i alone, so every
    // cycle filters all 5,000 nodes
    name: 'SchedulingWithExtendedResource', threshold: 180, nodes: 5000, nodeExtendedResource: 'foo.com/bar',
    featureGates: '{DRAExtendedResource: false}', // DynamicResourceAllocation is GA (always on) at 1.35
    init: { count: 0, namespace: 'test', template: defaultPod },
    measured: { count: 5000, namespace: 'test', template: { prefix: 'test-extended-resource', extendedResource: 'foo.com/bar' } },
  },
  {
    // misc/performance-config.yaml, 1Node_10000GatedPods: the pods of namespace-3 are deleted at
    // 50/s while the measured pods are created; the gated pods must not slow the binds down
    name: 'SchedulingWhileGated', threshold: 910, nodes: 1, nodePods: 90000,
    gated: { count: 10000, namespace: 'namespace-1', template: gatedPod },
    init: { count: 20000, namespace: 'namespace-3', template: lightPod },
    measured: { count: 20000, namespace: 'namespace-5', template: lightPod },
    deleteInitPerSecond: 50,
  },
  {
    // dra: SchedulingWithResourceClaimTemplate 5000pods_500nodes_QueueingHintsEnabled; the
    // 5,000 pods take every device
    name: 'SchedulingWithResourceClaimTemplate', threshold: 56, nodes: 500,
    dra: { devicesPerNode: 10, template: 'plain' },
    init: { count: 2500, namespace: 'init', template: draPod },
    measured: { count: 2500, namespace: 'test', template: draPod },
  },
  draSteadyState('SteadyStateResourceClaimTemplateEmpty', 64, 'plain'),
  // half: 2,500 of the 5,000 devices allocated first; full: 4,990, room for one round of 10
  draSteadyState('SteadyStateResourceClaimTemplateHalf', 60, 'plain', 2500),
  draSteadyState('SteadyStateResourceClaimTemplateFull', 60, 'plain', 4990),
  // five devices per pod that must share an attribute, and a CEL selector in the claim
  draSteadyState('SteadyStateResourceClaimTemplateMatch', 64, 'match'),
  draSteadyState('SteadyStateResourceClaimTemplateSelector', 64, 'selector'),
  podGroupPreemption('PreemptionPodGroupNoPodGroup'),
  podGroupPreemption('PreemptionPodGroupDisruptionSingle', 'single'),
  podGroupPreemption('PreemptionPodGroupDisruptionAll', 'all'),
];

function nodeAffinityPod(): PodTemplate {
  return {
    prefix: 'node-affinity', cpu: '100m',
    spec: 'affinity: {nodeAffinity: {requiredDuringSchedulingIgnoredDuringExecution: {nodeSelectorTerms: [{matchExpressions: [{key: topology.kubernetes.io/zone, operator: In, values: [zone1, zone2]}]}]}}}',
  };
}

function antiAffinityPod(): PodTemplate {
  return {
    prefix: 'anti-affinity-pod', labels: { color: 'green' }, cpu: '100m',
    spec: `affinity: {podAntiAffinity: {requiredDuringSchedulingIgnoredDuringExecution: [{labelSelector: {matchLabels: {color: green}}, topologyKey: kubernetes.io/hostname, ${bothNamespaces}}]}}`,
  };
}

function affinityPod(): PodTemplate {
  return {
    prefix: 'affinity-pod', labels: { color: 'blue' }, cpu: '100m',
    spec: `affinity: {podAffinity: {requiredDuringSchedulingIgnoredDuringExecution: [{labelSelector: {matchLabels: {color: blue}}, topologyKey: topology.kubernetes.io/zone, ${bothNamespaces}}]}}`,
  };
}

function preferredAntiAffinityPod(): PodTemplate {
  return {
    prefix: 'preferred-anti-affinity-pod', labels: { color: 'yellow' }, cpu: '100m',
    spec: `affinity: {podAntiAffinity: {preferredDuringSchedulingIgnoredDuringExecution: [{weight: 1, podAffinityTerm: {labelSelector: {matchLabels: {color: yellow}}, topologyKey: kubernetes.io/hostname, ${bothNamespaces}}}]}}`,
  };
}

/**
 * The namespace-selector affinity workloads: createPodSets of `perNamespace` init pods in 100
 * namespaces `init-ns-k`, then the measured pods in `measure-ns-0`, every namespace labelled
 * team devops (namespace-with-labels.yaml), the same template for both
 */
function nsSelectorWorkload(name: string, threshold: number, nodes: number, perNamespace: number, measured: number, template: PodTemplate): Workload {
  return {
    name, threshold, nodes, namespaceLabels: { team: 'devops' },
    init: { count: perNamespace, namespace: 'init-ns', template }, initNamespaces: 100,
    measured: { count: measured, namespace: 'measure-ns-0', template },
  };
}

/** pod-{,preferred-}{anti-,}affinity-ns-selector.yaml: one term over the namespaces labelled team devops */
function nsSelectorPod(prefix: string, color: string, kind: 'podAffinity' | 'podAntiAffinity', how: 'required' | 'preferred', topologyKey: string): PodTemplate {
  const term = `labelSelector: {matchLabels: {color: ${color}}}, topologyKey: ${topologyKey}, namespaceSelector: {matchLabels: {team: devops}}`;
  const terms = how === 'required'
    ? `requiredDuringSchedulingIgnoredDuringExecution: [{${term}}]`
    : `preferredDuringSchedulingIgnoredDuringExecution: [{weight: 1, podAffinityTerm: {${term}}}]`;
  return { prefix, labels: { color }, cpu: '100m', spec: `affinity: {${kind}: {${terms}}}` };
}

function preferredAffinityPod(): PodTemplate {
  return {
    prefix: 'preferred-affinity-pod', labels: { color: 'red' }, cpu: '100m',
    spec: `affinity: {podAffinity: {preferredDuringSchedulingIgnoredDuringExecution: [{weight: 1, podAffinityTerm: {labelSelector: {matchLabels: {color: red}}, topologyKey: kubernetes.io/hostname, ${bothNamespaces}}}]}}`,
  };
}

/** A workload with its nodes and pods divided by `divisor` (at least one of each): for quick iterations. */
export function scaled(w: Workload, divisor: number): Workload {
  const d = (n: number) => Math.max(1, Math.round(n / divisor));
  return {
    // a DRA workload's init pods hold devices, so none stays none there (the others keep at
    // least one, as the trace test's recorded hashes were made with)
    ...w, nodes: d(w.nodes), init: { ...w.init, count: w.dra ? Math.round(w.init.count / divisor) : d(w.init.count) }, measured: { ...w.measured, count: d(w.measured.count) },
    ...(w.gated ? { gated: { ...w.gated, count: d(w.gated.count) } } : {}),
    ...(w.moreInit ? { moreInit: w.moreInit.map((g) => ({ ...g, count: d(g.count) })) } : {}),
    ...(w.initNamespaces ? { initNamespaces: d(w.initNamespaces) } : {}),
    ...(w.taintedNodes ? { taintedNodes: d(w.taintedNodes) } : {}),
    // as many devices left free as a round needs (full keeps room for its 10 pods)
    ...(w.dra ? { dra: { ...w.dra, allocatedClaims: Math.min(Math.round((w.dra.allocatedClaims ?? 0) / divisor), d(w.nodes) * w.dra.devicesPerNode - (w.dra.steadyStateBatch ?? 0)) } } : {}),
  };
}

/** the init pods' groups in the order they are created: `init` (one per namespace with initNamespaces), then moreInit */
export function initGroups(w: Workload): { count: number; namespace: string; template: PodTemplate }[] {
  const first = w.initNamespaces === undefined
    ? [w.init]
    : Array.from({ length: w.initNamespaces }, (_, k) => ({ ...w.init, namespace: `${w.init.namespace}-${k}` }));
  return [...first, ...(w.moreInit ?? [])];
}

/** how many init pods are scheduled before the measured ones */
export function initCount(w: Workload): number {
  return initGroups(w).reduce((n, g) => n + g.count, 0);
}

/** simulated second at which the measured pods are applied (the init pods are bound by then) */
export const MEASURED_AT = 1;
/** upstream's churn interval: a high-priority pod every 200 ms */
export const CHURN_INTERVAL = 0.2;
/**
 * Podplay's cycles take no simulated time, so the churn is tied to the measured pods: one
 * churn pod per this many measured pods, the pods upstream's threshold schedules in 200 ms
 * (PreemptionAsync: 570 pods/s, 114; Unschedulable: 590 and 600, 118 and 120).
 */
export function measuredPerChurn(w: Workload): number {
  return Math.floor(w.threshold! * CHURN_INTERVAL);
}

/**
 * Rate-driven deletions (deletePods at N/s) on the simulated clock, tied to the measured pods
 * likewise: a deletion every 1/N s, with the measured pods upstream's threshold schedules in
 * that time applied at the same step (SchedulingWhileGated: 910 pods/s, 50 deletions/s → 18).
 */
export function measuredPerDeletion(w: Workload): number {
  return Math.max(1, Math.floor(w.threshold! / w.deleteInitPerSecond!));
}

/** init pods are named apart from measured pods of the same template (upstream: generateName) */
export function podName(t: PodTemplate, i: number, phase: 'init' | 'measured' = 'measured'): string {
  return phase === 'init' ? `${t.prefix}-init-${i}` : `${t.prefix}-${i}`;
}

function podYaml(t: PodTemplate, namespace: string, i: number, phase: 'init' | 'measured' = 'measured'): string {
  const labels = t.labels ? `, labels: {${Object.entries(t.labels).map(([k, v]) => `${k}: ${v}`).join(', ')}}` : '';
  const extended = t.extendedResource ? `{${t.extendedResource}-${i}: 1}` : t.sharedExtendedResource ? `{${t.sharedExtendedResource}: 1}` : undefined;
  const memory = t.memory ?? '500Mi';
  const claims = t.claimTemplate ? ', resources: {claims: [{name: resource}]}' : '';
  const container = t.cpu
    ? `{name: pause, image: registry.k8s.io/pause:3.10.1, ports: [{containerPort: 80}], resources: {requests: {cpu: ${t.cpu}, memory: ${memory}}, limits: {cpu: ${t.cpu}, memory: ${memory}}}}`
    : extended
      ? `{name: pause, image: registry.k8s.io/pause:3.10.1, resources: {requests: ${extended}, limits: ${extended}}}`
      : `{name: pause, image: registry.k8s.io/pause:3.10.1${claims}}`;
  const resourceClaims = t.claimTemplate ? 'resourceClaims: [{name: resource, resourceClaimTemplateName: test-claim-template}], ' : '';
  const volumes = t.volume === 'secret' ? 'volumes: [{name: secret, secret: {secretName: secret}}], '
    : t.volume === 'pvc' ? `volumes: [{name: vol, persistentVolumeClaim: {claimName: pvc-${phase === 'init' ? 'init-' : ''}${i}}}], ` : '';
  const group = t.podsPerGroup ? `schedulingGroup: {podGroupName: gang-${Math.floor(i / t.podsPerGroup)}}, ` : '';
  const finalizers = t.finalizers ? `, finalizers: [${t.finalizers.join(', ')}]` : '';
  return `{apiVersion: v1, kind: Pod, metadata: {name: ${podName(t, i, phase)}, namespace: ${namespace}${labels}${finalizers}}, spec: {${group}${resourceClaims}${volumes}${t.spec ? `${t.spec}, ` : ''}containers: [${container}]}}`;
}

export function nodeName(i: number): string {
  return `scheduler-perf-${i}`;
}

/** the test driver's name (dra.go createResourceDriver's driverName in performance-config.yaml) */
export const DRA_DRIVER = 'test-driver.cdi.k8s.io';

/** where pre-allocated claim j sits: node j mod nodes, its next free device */
export function allocatedClaimDevice(w: Workload, j: number): { node: string; device: string } {
  return { node: nodeName(j % w.nodes), device: `instance-${Math.floor(j / w.nodes)}` };
}

function draDocs(w: Workload, dra: DraSetup): string[] {
  const docs: string[] = w.extendedResourceClasses
    ? Array.from({ length: w.extendedResourceClasses }, (_, k) => `apiVersion: resource.k8s.io/v1\nkind: DeviceClass\nmetadata: {name: scoring-test-class-${k}}\nspec: {selectors: [{cel: {expression: device.driver == "test-driver.cdi.k8s.io"}}], extendedResourceName: ${EXTENDED_SCORING_RESOURCE}}`)
    : ['apiVersion: resource.k8s.io/v1\nkind: DeviceClass\nmetadata: {name: test-class}\nspec: {selectors: [{cel: {expression: device.driver == "test-driver.cdi.k8s.io"}}]}'];
  if (w.extendedResourceClasses) docs.push(`apiVersion: kubescheduler.config.k8s.io/v1\nkind: KubeSchedulerConfiguration\nprofiles:\n- schedulerName: default-scheduler\n  pluginConfig:\n  - name: NodeResourcesFit\n    args: {scoringStrategy: {type: LeastAllocated, resources: [{name: cpu, weight: 1}, {name: memory, weight: 1}, {name: ${EXTENDED_SCORING_RESOURCE}, weight: 1}]}}`);
  for (let i = 0; i < w.nodes; i++) {
    const devices = Array.from({ length: dra.devicesPerNode }, (_, d) =>
      `{name: instance-${d}, attributes: {model: {string: A100}, family: {string: GPU}, driverVersion: {version: 1.2.3}, dra.example.com/numa: {int: ${d}}}, capacity: {memory: {value: 1Gi}}}`);
    docs.push(`{apiVersion: resource.k8s.io/v1, kind: ResourceSlice, metadata: {name: ${nodeName(i)}}, spec: {driver: ${DRA_DRIVER}, nodeName: ${nodeName(i)}, pool: {name: ${nodeName(i)}, generation: 1, resourceSliceCount: 1}, devices: [${devices.join(', ')}]}}`);
  }
  const request = (n: number, selectors = '') => `{name: req-${n}, exactly: {deviceClassName: test-class${selectors}}}`;
  const devices = dra.template === 'match'
    ? `{requests: [${[0, 1, 2, 3, 4].map((n) => request(n)).join(', ')}], constraints: [{matchAttribute: ${DRA_DRIVER}/model}]}`
    : dra.template === 'selector'
      ? `{requests: [${request(0, `, selectors: [{cel: {expression: "device.capacity['${DRA_DRIVER}'].memory.compareTo(quantity('1Gi')) == 0 && device.attributes['${DRA_DRIVER}'].family == 'GPU'"}}]`)}]}`
      : `{requests: [${request(0)}]}`;
  const namespaces = new Set([...(w.init.count && w.init.template.claimTemplate ? [w.init.namespace] : []), ...(w.measured.template.claimTemplate ? [w.measured.namespace] : [])]);
  for (const ns of namespaces) docs.push(`{apiVersion: resource.k8s.io/v1, kind: ResourceClaimTemplate, metadata: {name: test-claim-template, namespace: ${ns}}, spec: {spec: {devices: ${devices}}}}`);
  for (let j = 0; j < (dra.allocatedClaims ?? 0); j++) {
    const at = allocatedClaimDevice(w, j);
    docs.push(`{apiVersion: resource.k8s.io/v1, kind: ResourceClaim, metadata: {name: test-claim-${j}, namespace: init}, spec: {devices: {requests: [${request(0)}]}}, status: {allocation: {devices: {results: [{request: req-0, driver: ${DRA_DRIVER}, pool: ${at.node}, device: ${at.device}}]}, nodeSelector: {nodeSelectorTerms: [{matchFields: [{key: metadata.name, operator: In, values: [${at.node}]}]}]}}}}`);
  }
  return docs;
}

/**
 * testutils' createPodWithPersistentVolume with scheduler_perf's getCustomVolumeFactory
 * (test/integration/scheduler_perf/scheduler_perf.go): PV `vol-i` (here with its namespace, so
 * init and measured ones differ) from the template, its volume ID / handle the name, bound to
 * PVC `pvc-i` (pvc.yaml: ReadOnlyMany, 1Gi, bind-completed)
 */
function boundVolumeDocs(kind: 'aws' | 'csi', namespace: string, count: number, phase: 'init' | 'measured'): string[] {
  const docs: string[] = [];
  for (let i = 0; i < count; i++) {
    const claim = `pvc-${phase === 'init' ? 'init-' : ''}${i}`;
    const pv = `${namespace}-vol-${i}`;
    const source = kind === 'csi' ? `csi: {driver: ebs.csi.aws.com, volumeHandle: ${pv}}` : `awsElasticBlockStore: {volumeID: ${pv}}`;
    docs.push(`{apiVersion: v1, kind: PersistentVolume, metadata: {name: ${pv}}, spec: {accessModes: [ReadOnlyMany], ${source}, capacity: {storage: 1Gi}, persistentVolumeReclaimPolicy: Retain, claimRef: {kind: PersistentVolumeClaim, apiVersion: v1, namespace: ${namespace}, name: ${claim}}}, status: {phase: Bound}}`);
    docs.push(`{apiVersion: v1, kind: PersistentVolumeClaim, metadata: {name: ${claim}, namespace: ${namespace}, annotations: {pv.kubernetes.io/bind-completed: "true"}}, spec: {accessModes: [ReadOnlyMany], resources: {requests: {storage: 1Gi}}, volumeName: ${pv}}, status: {phase: Bound}}`);
  }
  return docs;
}

/** simulated second of steady-state round k (milliseconds first, so no float drift) */
export function steadyStateRoundAt(w: Workload, k: number): number {
  return (MEASURED_AT * 1000 + Math.round((k * 1000 * w.dra!.steadyStateBatch!) / w.threshold!)) / 1000;
}

/** A timeline step in block style, one object a line (what the loader's fast reader reads). */
function applyStep(at: string, objects: readonly string[]): string {
  return `  - at: ${at}\n    action: apply\n    objects:\n${objects.map((o) => `    - ${o}`).join('\n')}`;
}

/** The workload as one scenario: nodes and init pods as documents, measured pods on the timeline. */
export function scenarioText(w: Workload): string {
  const docs: string[] = [];
  const steps: string[] = [];
  const firstTainted = w.nodes - (w.taintedNodes ?? 0);
  if (w.namedNode) docs.push(`apiVersion: v1\nkind: Node\nmetadata: {name: ${NAMED_NODE}, labels: {kubernetes.io/hostname: ${NAMED_NODE}}}\nstatus: {capacity: {cpu: "4", memory: 32Gi, pods: "90000"}, allocatable: {cpu: "4", memory: 32Gi, pods: "90000"}}`);
  for (let i = 0; i < w.nodes; i++) {
    const zone = w.zones ? `, topology.kubernetes.io/zone: ${w.zones[i % w.zones.length]}` : '';
    const extended = w.nodeExtendedResource ? `, ${w.nodeExtendedResource}-${i}: "1"` : '';
    const label = w.nodeExtendedResource ? ', node-with-extended-resource: "true"' : '';
    const attachable = w.persistentVolumes === 'csi' ? ', attachable-volumes-csi-ebs.csi.aws.com: "39"' : '';
    const resources = `{cpu: "4", memory: 32Gi, pods: "${w.nodePods ?? 110}"${extended}${attachable}}`;
    const taint = i >= firstTainted ? '\nspec: {taints: [{key: foo, effect: NoSchedule}]}' : '';
    docs.push(`apiVersion: v1\nkind: Node\nmetadata: {name: ${nodeName(i)}, labels: {kubernetes.io/hostname: ${nodeName(i)}${zone}${label}}}${taint}\nstatus: {capacity: ${resources}, allocatable: ${resources}}`);
    if (attachable) docs.push(`{apiVersion: storage.k8s.io/v1, kind: CSINode, metadata: {name: ${nodeName(i)}}, spec: {drivers: [{name: ebs.csi.aws.com, nodeID: ${nodeName(i)}, allocatable: {count: 39}}]}}`);
  }
  const groups = initGroups(w);
  const namespaces = new Set(['sched-0', 'sched-1', ...groups.map((g) => g.namespace), w.measured.namespace, ...(w.gated ? [w.gated.namespace] : []), ...(w.serviceNamespace ? [w.serviceNamespace] : [])]);
  if (w.dra) docs.push(...draDocs(w, w.dra));
  namespaces.delete('default');
  const nsLabels = w.namespaceLabels ? `, labels: {${Object.entries(w.namespaceLabels).map(([k, v]) => `${k}: ${v}`).join(', ')}}` : '';
  for (const ns of namespaces) docs.push(`apiVersion: v1\nkind: Namespace\nmetadata: {name: ${ns}${nsLabels}}`);
  if (w.serviceNamespace) docs.push(`apiVersion: v1\nkind: Service\nmetadata: {name: service-0, namespace: ${w.serviceNamespace}}\nspec: {selector: {app: scheduler-perf}, ports: [{protocol: TCP, port: 80, targetPort: 8000}]}`);
  docs.push('apiVersion: scheduling.k8s.io/v1\nkind: PriorityClass\nmetadata: {name: high}\nvalue: 10');
  if (w.init.template.spec?.includes('gang-low')) {
    docs.push('apiVersion: scheduling.k8s.io/v1\nkind: PriorityClass\nmetadata: {name: gang-low}\nvalue: 1000');
    docs.push('apiVersion: scheduling.k8s.io/v1\nkind: PriorityClass\nmetadata: {name: gang-high}\nvalue: 9999999');
  }
  const perGroup = w.init.template.podsPerGroup;
  if (w.podGroups && perGroup) {
    for (let g = 0; g * perGroup < w.init.count; g++) {
      docs.push(`{apiVersion: scheduling.k8s.io/v1beta1, kind: PodGroup, metadata: {name: gang-${g}, namespace: ${w.init.namespace}}, spec: {priorityClassName: gang-low, priority: 1000, disruptionMode: {${w.podGroups.disruptionMode}: {}}, schedulingPolicy: {gang: {minCount: ${perGroup}}}}}`);
    }
  }
  for (let i = 0; i < (w.gated?.count ?? 0); i++) docs.push(podYaml(w.gated!.template, w.gated!.namespace, i, 'init'));
  for (const g of groups) for (let i = 0; i < g.count; i++) docs.push(podYaml(g.template, g.namespace, i, 'init'));
  if (w.persistentVolumes) {
    for (const g of groups) if (g.template.volume === 'pvc') docs.push(...boundVolumeDocs(w.persistentVolumes, g.namespace, g.count, 'init'));
    if (w.measured.template.volume === 'pvc') docs.push(...boundVolumeDocs(w.persistentVolumes, w.measured.namespace, w.measured.count, 'measured'));
  }
  const measured = Array.from({ length: w.measured.count }, (_, i) => podYaml(w.measured.template, w.measured.namespace, i));
  const batch = w.dra?.steadyStateBatch;
  if (batch) {
    // each round deletes the last one's pods (their claims go with them) and creates the next
    for (let k = 0; k * batch < measured.length; k++) {
      const at = steadyStateRoundAt(w, k);
      if (k > 0) {
        for (let i = (k - 1) * batch; i < k * batch; i++) steps.push(`  - {at: ${at}, action: delete, kind: Pod, name: ${podName(w.measured.template, i)}, namespace: ${w.measured.namespace}}`);
      }
      steps.push(applyStep(String(at), measured.slice(k * batch, (k + 1) * batch)));
    }
  } else if (w.recreateChurn) {
    // every tick deletes the last tick's node, pod and Service and creates the next ones, with the
    // measured pods upstream's threshold schedules in that second
    const per = Math.floor(w.threshold! * RECREATE_INTERVAL);
    for (let k = 0; k * per < measured.length; k++) {
      const at = MEASURED_AT + k * RECREATE_INTERVAL;
      if (k > 0) {
        steps.push(`  - {at: ${at}, action: delete, kind: Node, name: ${churnNodeName(k - 1)}}`);
        steps.push(`  - {at: ${at}, action: delete, kind: Pod, name: ${podName(highPriorityLargeCpu, k - 1)}, namespace: default}`);
        steps.push(`  - {at: ${at}, action: delete, kind: Service, name: service-churn-${k - 1}, namespace: default}`);
      }
      const churnNode = `{apiVersion: v1, kind: Node, metadata: {name: ${churnNodeName(k)}}, status: {capacity: {pods: "0"}, allocatable: {pods: "0"}}}`;
      const churnService = `{apiVersion: v1, kind: Service, metadata: {name: service-churn-${k}, namespace: default}, spec: {selector: {app: foo}, ports: [{protocol: TCP, port: 8080, targetPort: 8080}]}}`;
      steps.push(applyStep(String(at), [churnNode, podYaml(highPriorityLargeCpu, 'default', k), churnService, ...measured.slice(k * per, (k + 1) * per)]));
    }
  } else if (w.churn) {
    const per = measuredPerChurn(w);
    for (let k = 0, at = MEASURED_AT; k * per < measured.length; k++, at += CHURN_INTERVAL) {
      const chunk = measured.slice(k * per, (k + 1) * per);
      steps.push(applyStep(at.toFixed(1), [podYaml(w.churn, 'default', k), ...chunk]));
    }
  } else if (w.deleteInitPerSecond) {
    // one step per deletion while the measured pods are created, the first at MEASURED_AT (times
    // in milliseconds, so no float drift); upstream's later deletions fall outside its measurement
    const per = measuredPerDeletion(w);
    for (let k = 0; k * per < measured.length; k++) {
      const at = (MEASURED_AT * 1000 + Math.round((k * 1000) / w.deleteInitPerSecond)) / 1000;
      if (k < w.init.count) steps.push(`  - {at: ${at}, action: delete, kind: Pod, name: ${podName(w.init.template, k, 'init')}, namespace: ${w.init.namespace}}`);
      const chunk = measured.slice(k * per, (k + 1) * per);
      if (chunk.length) steps.push(applyStep(String(at), chunk));
    }
  } else {
    steps.push(applyStep(String(MEASURED_AT), measured));
  }
  const gates = w.featureGates ? `\n  featureGates: ${w.featureGates}` : '';
  const scenario = `apiVersion: podplay/v1alpha1\nkind: Scenario\nmetadata: {name: ${w.name}}\nspec:\n  seed: 1\n  kubernetesVersion: \"${w.kubernetesVersion ?? '1.35'}\"${gates}\n  timeline:\n${steps.join('\n')}`;
  return `${[scenario, ...docs].join('\n---\n')}\n`;
}

/** node-with-name.yaml's node, which SchedulingDaemonset's pods name in their node affinity */
export const NAMED_NODE = 'scheduler-perf-node';

/** SchedulingWithMixedChurn's churn interval (intervalMilliseconds 1000) */
export const RECREATE_INTERVAL = 1;

/** the churned node of tick k (templates/churn/node-default.yaml: generateName node-churn-) */
export function churnNodeName(k: number): string {
  return `node-churn-${k}`;
}

/** the extended resource of dra/extendedresource/scoring (every class and pod names it) */
export const EXTENDED_SCORING_RESOURCE = 'example.com/gpu';

// misc/performance-config.yaml's other [performance] workloads, and dra/extendedresource/scoring
// (issue 24, round 4)

// daemonset-pod.yaml: no requests, a required node affinity on metadata.name scheduler-perf-node
// (the pods go through the same cycle as a DaemonSet's, each on its named node)
const daemonsetPod: PodTemplate = {
  prefix: 'daemonset',
  spec: `affinity: {nodeAffinity: {requiredDuringSchedulingIgnoredDuringExecution: {nodeSelectorTerms: [{matchFields: [{key: metadata.name, operator: In, values: [${NAMED_NODE}]}]}]}}}`,
};
// pod-with-finalizer.yaml: no requests, the finalizer test.k8s.io/finalizer, the default grace period
const finalizerPod: PodTemplate = { prefix: 'pod', finalizers: ['test.k8s.io/finalizer'] };
// pod-with-extended-resource-scoring.yaml: one example.com/gpu, nothing else
const scoringPod: PodTemplate = { prefix: 'scoring-test-pod', sharedExtendedResource: EXTENDED_SCORING_RESOURCE };

/**
 * dra/extendedresource/scoring `<pods>pods_<nodes>nodes`: nodes of node-with-dra-test-driver.yaml
 * with maxClaimsPerNode 20 devices each, `classes` DeviceClasses backing example.com/gpu, pods
 * asking for one; thresholds as issue 24 gives them (the stored copy of the config sets none)
 */
const extendedResourceScoring = (name: string, threshold: number, nodes: number, classes: number, pods: number): Workload => ({
  name, threshold, nodes, featureGates: '{DRAExtendedResource: true}', extendedResourceClasses: classes,
  dra: { devicesPerNode: 20, template: 'plain' },
  init: { count: 0, namespace: 'init', template: scoringPod },
  measured: { count: pods, namespace: 'test', template: scoringPod },
});

workloads.push(
  {
    // misc: SchedulingDaemonset 15000Nodes; every pod's affinity names one node, so NodeAffinity's
    // PreFilterResult leaves the other 15,000 out of Filter (kubernetes#124709)
    name: 'SchedulingDaemonset', threshold: 1100, nodes: 15000, namedNode: true,
    init: { count: 0, namespace: 'namespace-2', template: daemonsetPod },
    measured: { count: 30000, namespace: 'namespace-2', template: daemonsetPod },
  },
  {
    // misc: SchedulingWithMixedChurn 5000Nodes_10000Pods; a node (pods 0), an unschedulable
    // 9-CPU pod and a Service recreated every second while the measured pods are scheduled
    name: 'SchedulingWithMixedChurn', threshold: 710, nodes: 5000, recreateChurn: true,
    init: { count: 0, namespace: 'namespace-2', template: defaultPod },
    measured: { count: 10000, namespace: 'namespace-2', template: defaultPod },
  },
  {
    // misc: SchedulingDeletedPodsWithFinalizers 5000Node_5000DeletingPods; the pods with a
    // finalizer are deleted at 100/s while the measured pods are created. Podplay does not hold
    // a deleted pod for its finalizers: it goes after its grace period (30 s), past the window
    name: 'SchedulingDeletedPodsWithFinalizers', threshold: 830, nodes: 5000,
    init: { count: 5000, namespace: 'namespace-1', template: finalizerPod },
    measured: { count: 5000, namespace: 'namespace-3', template: lightPod },
    deleteInitPerSecond: 100,
  },
  extendedResourceScoring('ExtendedResourceScoring2000Pods', 336, 200, 10, 2000),
  extendedResourceScoring('ExtendedResourceScoring5000Pods', 164, 500, 20, 5000),
);
