// JSON Schemas for the kinds a scenario may hold (contracts/scenario-and-trace.md, section 1),
// written by us for the fields the simulator honours, with hover descriptions. monaco-yaml uses
// them offline for completion, hover and validation. Objects where a typo silently changes the
// outcome (pod spec, resources, spread constraints, affinity) reject unknown properties; metadata
// and status accept anything, so `kubectl get -o yaml` output pastes cleanly.

import type { JSONSchema } from 'monaco-yaml';

type Props = Record<string, JSONSchema>;

const str = (description: string, extra: JSONSchema = {}): JSONSchema => ({ type: 'string', description, ...extra });
const int = (description: string, extra: JSONSchema = {}): JSONSchema => ({ type: 'integer', description, ...extra });
const bool = (description: string): JSONSchema => ({ type: 'boolean', description });
const oneOfValues = (values: string[], description: string): JSONSchema => ({ type: 'string', enum: values, description });
const arr = (items: JSONSchema, description: string): JSONSchema => ({ type: 'array', items, description });
const ref = (name: string, description?: string): JSONSchema => (description ? { $ref: `#/definitions/${name}`, description } : { $ref: `#/definitions/${name}` });

/** An object; `strict` flags properties the simulator does not know (typos). */
function obj(description: string, properties: Props, options: { required?: string[]; strict?: boolean } = {}): JSONSchema {
  const schema: JSONSchema = { type: 'object', description, properties };
  if (options.required) schema.required = options.required;
  if (options.strict) schema.additionalProperties = false;
  return schema;
}

const quantity: JSONSchema = {
  type: ['string', 'number'],
  description: 'A Kubernetes quantity: cpu as cores or millicores ("2", "500m"); memory in bytes with a suffix ("512Mi", "8Gi", "1G").',
  pattern: '^[+]?([0-9]+(\\.[0-9]*)?|\\.[0-9]+)(m|k|M|G|T|P|E|Ki|Mi|Gi|Ti|Pi|Ei|e[0-9]+)?$',
};

const labels: JSONSchema = { type: 'object', additionalProperties: { type: 'string' }, description: 'Labels: string keys and string values.' };

const resourceList: JSONSchema = {
  type: 'object', additionalProperties: quantity,
  description: 'Resource name → quantity: cpu, memory, ephemeral-storage, pods, hugepages-*, or an extended resource such as nvidia.com/gpu.',
  properties: {
    cpu: { ...quantity, description: 'CPU in cores ("2") or millicores ("500m").' },
    memory: { ...quantity, description: 'Memory in bytes, usually with a binary suffix ("512Mi", "4Gi").' },
    'ephemeral-storage': { ...quantity, description: 'Local ephemeral storage in bytes.' },
    pods: { ...quantity, description: 'Node only: how many pods fit (defaults to 110).' },
  },
};

const metadata = obj('Standard object metadata. Only name, namespace, labels, annotations and ownerReferences matter to the simulation.', {
  name: str('Object name, unique per kind (and namespace).'),
  namespace: str('Namespace of a namespaced object; "default" when omitted.'),
  generateName: str('Prefix for a generated name.'),
  labels: { ...labels, description: 'Labels: matched by selectors, node affinity, topology spread and inter-pod affinity.' },
  annotations: { type: 'object', description: 'Annotations. `scheduler.alpha.kubernetes.io/node-selector` on a Namespace sets the project node selector.' },
  ownerReferences: arr(obj('The object this one belongs to.', { apiVersion: str('API version of the owner.'), kind: str('Kind of the owner.'), name: str('Name of the owner.'), controller: bool('True for the managing controller.') }), 'Owners of the object.'),
});

const operatorIn = ['In', 'NotIn', 'Exists', 'DoesNotExist'];

const labelSelector = obj('Selects objects by labels: all matchLabels and all matchExpressions must hold. An empty selector matches everything (for topology spread: nothing).', {
  matchLabels: { ...labels, description: 'key: value pairs that must all match.' },
  matchExpressions: arr(obj('One label requirement.', {
    key: str('Label key.'),
    operator: oneOfValues(operatorIn, 'In / NotIn compare against values; Exists / DoesNotExist ignore them.'),
    values: arr({ type: 'string' }, 'Values for In and NotIn.'),
  }, { required: ['key', 'operator'], strict: true }), 'Requirements that must all hold.'),
}, { strict: true });

const nodeSelectorRequirement = obj('One requirement on a node label (or field).', {
  key: str('Node label key (for matchFields: only metadata.name).'),
  operator: oneOfValues([...operatorIn, 'Gt', 'Lt'], 'Gt and Lt compare the label value as an integer.'),
  values: arr({ type: 'string' }, 'Values for In, NotIn (several) and Gt, Lt (exactly one).'),
}, { required: ['key', 'operator'], strict: true });

const nodeSelectorTerm = obj('All requirements of one term must hold.', {
  matchExpressions: arr(nodeSelectorRequirement, 'Requirements on node labels.'),
  matchFields: arr(nodeSelectorRequirement, 'Requirements on node fields (metadata.name).'),
}, { strict: true });

const podAffinityTerm = obj('Pods matching labelSelector (in these namespaces) in the same topology domain as the node.', {
  labelSelector,
  namespaces: arr({ type: 'string' }, 'Namespaces to look in; with namespaceSelector unset and this empty, the pod\'s own namespace.'),
  namespaceSelector: { ...labelSelector, description: 'Namespaces by their labels; {} means all namespaces.' },
  topologyKey: str('Node label whose value defines the domain (kubernetes.io/hostname: per node; topology.kubernetes.io/zone: per zone).'),
  matchLabelKeys: arr({ type: 'string' }, 'Pod label keys whose values are added to the selector (key In value).'),
  mismatchLabelKeys: arr({ type: 'string' }, 'Pod label keys whose values are added to the selector as key NotIn value.'),
}, { required: ['topologyKey'], strict: true });

const podAffinity = (what: string) => obj(what, {
  requiredDuringSchedulingIgnoredDuringExecution: arr(ref('podAffinityTerm'), 'Hard rules: the Filter of InterPodAffinity rejects nodes that break them.'),
  preferredDuringSchedulingIgnoredDuringExecution: arr(obj('A soft rule with a weight (1-100) for scoring.', {
    weight: int('1-100: added to (or, for anti-affinity, taken from) the InterPodAffinity score of matching nodes.', { minimum: 1, maximum: 100 }),
    podAffinityTerm: ref('podAffinityTerm'),
  }, { required: ['weight', 'podAffinityTerm'], strict: true }), 'Soft rules: InterPodAffinity Score.'),
}, { strict: true });

const toleration = obj('Lets the pod ignore a taint that matches (TaintToleration).', {
  key: str('Taint key; empty with operator Exists tolerates every taint.'),
  operator: oneOfValues(['Exists', 'Equal', 'Gt', 'Lt'], 'Equal (default) compares value; Exists ignores it.'),
  value: str('Taint value for Equal.'),
  effect: oneOfValues(['NoSchedule', 'PreferNoSchedule', 'NoExecute', ''], 'Empty tolerates every effect.'),
  tolerationSeconds: int('NoExecute only: how long the pod stays after the taint appears.'),
}, { strict: true });

const container = obj('A container. Only resources, ports and (for init containers) restartPolicy matter to scheduling.', {
  name: str('Container name.'),
  image: str('Image; ImageLocality scores nodes that already have it.'),
  resources: obj('Requests are what the scheduler reserves; limits stand in for missing requests.', {
    requests: { ...resourceList, description: 'What NodeResourcesFit checks against free allocatable.' },
    limits: { ...resourceList, description: 'Upper bounds; a limit without a request sets the request.' },
    claims: arr(obj('A DRA claim of the pod this container uses.', { name: str('One of spec.resourceClaims[].name.'), request: str('Only this request of the claim.') }, { required: ['name'], strict: true }), 'DRA claims the container uses.'),
  }, { strict: true }),
  ports: arr(obj('A port; hostPort makes NodePorts check for conflicts.', {
    containerPort: int('Port inside the container.'),
    hostPort: int('Port on the node: two pods with the same hostPort/protocol/hostIP cannot share a node.'),
    hostIP: str('Host IP of the hostPort (0.0.0.0 when empty).'),
    protocol: oneOfValues(['TCP', 'UDP', 'SCTP'], 'Protocol (TCP by default).'),
    name: str('Port name.'),
  }, { strict: true }), 'Ports.'),
  restartPolicy: oneOfValues(['Always'], 'Init containers only: Always makes it a sidecar, counted with the regular containers.'),
  restartPolicyRules: arr(obj('A restart rule: what to do when the container exits with these codes.', {
    action: oneOfValues(['Restart', 'RestartAllContainers'], 'RestartAllContainers (gate RestartAllContainersOnContainerExits) needs nodes that declare the feature.'),
    exitCodes: obj('The exit codes the rule applies to.', { operator: oneOfValues(['In', 'NotIn'], 'How values are matched.'), values: arr(int('An exit code.'), 'Exit codes.') }, { strict: true }),
  }, { strict: true }), 'Restart rules; the scheduler reads only their actions (NodeDeclaredFeatures).'),
  command: { type: 'array', description: 'Ignored by the simulation.' },
  args: { type: 'array', description: 'Ignored by the simulation.' },
  env: { type: 'array', description: 'Ignored by the simulation.' },
  imagePullPolicy: str('Ignored by the simulation.'),
  volumeMounts: { type: 'array', description: 'Ignored by the simulation.' },
}, { strict: true });

const topologySpreadConstraint = obj('Spread matching pods evenly over topology domains (PodTopologySpread).', {
  maxSkew: int('How far a domain may exceed the global minimum of matching pods.', { minimum: 1 }),
  topologyKey: str('Node label whose value defines the domain; nodes without it are not counted.'),
  whenUnsatisfiable: oneOfValues(['DoNotSchedule', 'ScheduleAnyway'], 'DoNotSchedule: a Filter (hard). ScheduleAnyway: a Score preference (soft).'),
  labelSelector,
  minDomains: int('DoNotSchedule only: fewer eligible domains than this makes the global minimum 0.', { minimum: 1 }),
  nodeAffinityPolicy: oneOfValues(['Honor', 'Ignore'], 'Honor (default): only nodes matching the pod\'s node affinity/selector are counted.'),
  nodeTaintsPolicy: oneOfValues(['Honor', 'Ignore'], 'Ignore (default): count nodes whatever their taints. Honor: skip nodes with untolerated taints.'),
  matchLabelKeys: arr({ type: 'string' }, 'Pod label keys whose values are ANDed into the selector (e.g. pod-template-hash).'),
}, { required: ['maxSkew', 'topologyKey', 'whenUnsatisfiable'], strict: true });

const podSpec = obj('What the pod needs from a node.', {
  nodeName: str('Already bound to this node: running at time 0, no scheduling cycle.'),
  nodeSelector: { ...labels, description: 'Node labels that must all match (NodeAffinity Filter).' },
  affinity: obj('Node affinity, pod affinity and pod anti-affinity.', {
    nodeAffinity: obj('Rules on node labels.', {
      requiredDuringSchedulingIgnoredDuringExecution: obj('Hard: at least one term must match (NodeAffinity Filter).', {
        nodeSelectorTerms: arr(nodeSelectorTerm, 'Terms are ORed.'),
      }, { required: ['nodeSelectorTerms'], strict: true }),
      preferredDuringSchedulingIgnoredDuringExecution: arr(obj('Soft: matching nodes get the weight (NodeAffinity Score).', {
        weight: int('1-100.', { minimum: 1, maximum: 100 }),
        preference: nodeSelectorTerm,
      }, { required: ['weight', 'preference'], strict: true }), 'Preferences, summed per node.'),
      requiredDuringSchedulingRequiredDuringExecution: obj('Podplay-only (feature gate RequiredDuringSchedulingRequiredDuringExecution): the design that never shipped. Filters like the required term; a running pod is evicted when its node stops matching.', {
        nodeSelectorTerms: arr(nodeSelectorTerm, 'Terms are ORed.'),
      }, { required: ['nodeSelectorTerms'], strict: true }),
    }, { strict: true }),
    podAffinity: podAffinity('Place near pods that match (InterPodAffinity).'),
    podAntiAffinity: podAffinity('Keep away from pods that match (InterPodAffinity).'),
  }, { strict: true }),
  tolerations: arr(toleration, 'Taints this pod tolerates.'),
  containers: arr(container, 'Containers; their requests add up.'),
  initContainers: arr(container, 'Run before the containers; the largest one (plus sidecars) counts if bigger than the containers.'),
  resources: obj('Pod-level requests and limits (PodLevelResources): replace the containers\' sum for cpu and memory.', {
    requests: resourceList, limits: resourceList,
  }, { strict: true }),
  overhead: { ...resourceList, description: 'Set from the RuntimeClass at admission; added to the requests.' },
  priority: int('Set from priorityClassName at admission; higher pods are scheduled first and may preempt.'),
  priorityClassName: str('Name of a PriorityClass; resolves spec.priority.'),
  preemptionPolicy: oneOfValues(['PreemptLowerPriority', 'Never'], 'Never: this pod never preempts others.'),
  schedulerName: str('Which scheduler profile schedules the pod (default-scheduler).'),
  schedulingGates: arr(obj('While any gate remains, the pod is not scheduled (SchedulingGates PreEnqueue).', { name: str('Gate name.') }, { required: ['name'], strict: true }), 'Scheduling gates.'),
  topologySpreadConstraints: arr(topologySpreadConstraint, 'How to spread pods over domains.'),
  runtimeClassName: str('RuntimeClass whose overhead is added to the pod.'),
  terminationGracePeriodSeconds: int('Seconds a preempted or evicted pod takes to go away (30 by default).'),
  hostNetwork: bool('Host networking: container ports become host ports.'),
  restartPolicy: oneOfValues(['Always', 'OnFailure', 'Never'], 'Restart policy.'),
  workloadRef: obj('Gang scheduling (v1.35 only; removed in 1.36 for schedulingGroup): the scheduling.k8s.io/v1alpha1 Workload and pod group this pod belongs to.', {
    name: str('Workload name.'), podGroup: str('Pod group in the workload.'), podGroupReplicaKey: str('Replica key.'),
  }, { strict: true }),
  schedulingGroup: obj('Kubernetes 1.36+: the PodGroup this pod belongs to (gang scheduling in one pod-group cycle).', {
    podGroupName: str('Name of a PodGroup in the pod\'s namespace.'),
  }, { required: ['podGroupName'], strict: true }),
  resourceClaims: arr(obj('A DRA claim: a ResourceClaim by name, or one made from a ResourceClaimTemplate for this pod.', {
    name: str('Name containers use in resources.claims.'),
    resourceClaimName: str('An existing ResourceClaim of the namespace (may be shared by pods).'),
    resourceClaimTemplateName: str('A ResourceClaimTemplate: the resourceclaim controller makes a claim "<pod>-<name>-xxxxx" owned by the pod.'),
    podGroupResourceClaim: str('Kubernetes 1.36+ (DRAWorkloadResourceClaims): a claim of the pod\'s PodGroup (spec.resourceClaims), shared by the group and reserved for it.'),
  }, { required: ['name'], strict: true }), 'Dynamic Resource Allocation claims (DynamicResources plugin).'),
  volumes: arr(ref('volume'), 'Volumes. persistentVolumeClaim and ephemeral volumes go through VolumeBinding, VolumeZone, VolumeRestrictions and NodeVolumeLimits; gcePersistentDisk, awsElasticBlockStore, iscsi and rbd through VolumeRestrictions; the other sources are accepted and not simulated.'),
  serviceAccountName: str('Ignored by the simulation.'),
}, { strict: true });

const podTemplate = obj('The pods this controller creates.', { metadata, spec: ref('podSpec') }, { strict: true });

const schedulingPolicy = obj('Exactly one of basic and gang.', {
  basic: { type: 'object', description: 'Pods scheduled one by one.' },
  gang: obj('All-or-nothing.', { minCount: int('Pods that must fit together (mutable from v1beta1, 1.37).', { minimum: 1 }) }, { required: ['minCount'] }),
});

const podGroupFields = (description: string, extra: Props): JSONSchema => obj(description, {
  ...extra,
  schedulingPolicy,
  schedulingConstraints: obj('TopologyAwareWorkloadScheduling.', { topology: arr(obj('A topology constraint.', { key: str('Node label key: all pods in one of its domains.') }), 'At most one.') }),
  disruptionMode: { description: 'v1beta1/v1alpha3 (1.37): exactly one of single and all, e.g. {all: {}}; v1alpha2 (1.36): the string Pod or PodGroup. Default: single (Pod).', oneOf: [obj('v1beta1/v1alpha3.', { single: { type: 'object' }, all: { type: 'object' } }), { enum: ['Pod', 'PodGroup'] }] },
  priorityClassName: str('PriorityClass of the group.'),
  priority: int('Priority of the group.'),
  resourceClaims: arr(obj('DRAWorkloadResourceClaims: a claim the group\'s pods share (podGroupResourceClaim), allocated once.', {
    name: str('Name the pods give in podGroupResourceClaim.'),
    resourceClaimName: str('An existing ResourceClaim of the namespace.'),
    resourceClaimTemplateName: str('A ResourceClaimTemplate: the resourceclaim controller makes one claim "<podgroup>-<name>-xxxxx" owned by the PodGroup, recorded in its status.resourceClaimStatuses and in the status of each pod that names it.'),
  }, { required: ['name'], strict: true }), 'Kubernetes 1.36+: ResourceClaims shared by the group.'),
});

const typeMeta = (apiVersion: string, kind: string): Props => ({
  apiVersion: { const: apiVersion, description: `${kind} is served as ${apiVersion}.` },
  kind: { const: kind },
  metadata,
});

const workload = (kind: string, description: string, spec: Props): JSONSchema => obj(description, {
  ...typeMeta(kind === 'Job' ? 'batch/v1' : kind === 'ReplicationController' ? 'v1' : 'apps/v1', kind),
  spec: obj(`${kind} spec.`, { selector: labelSelector, template: podTemplate, ...spec }),
  status: { type: 'object', description: 'Ignored by the simulation.' },
}, { required: ['spec'], strict: true });

const taint = obj('Repels pods that do not tolerate it (TaintToleration).', {
  key: str('Taint key.'), value: str('Taint value.'),
  effect: oneOfValues(['NoSchedule', 'PreferNoSchedule', 'NoExecute'], 'NoSchedule: Filter. PreferNoSchedule: Score. NoExecute: Filter and eviction of running pods.'),
  timeAdded: { description: 'When a NoExecute taint was added.' },
}, { required: ['key', 'effect'], strict: true });

const PLUGIN_NAMES: [string, string][] = [
  ['SchedulingGates', 'PreEnqueue: holds pods with scheduling gates.'],
  ['PrioritySort', 'QueueSort: higher priority first, then older.'],
  ['NodeUnschedulable', 'Filter: nodes with spec.unschedulable (cordoned).'],
  ['NodeName', 'Filter: spec.nodeName must be this node.'],
  ['TaintToleration', 'Filter (NoSchedule, NoExecute) and Score (PreferNoSchedule).'],
  ['NodeAffinity', 'Filter (nodeSelector, required node affinity) and Score (preferred).'],
  ['NodePorts', 'Filter: host port conflicts.'],
  ['NodeResourcesFit', 'Filter: requests fit the free allocatable; Score: LeastAllocated by default.'],
  ['VolumeRestrictions', 'Filter: volume restrictions.'],
  ['NodeVolumeLimits', 'Filter: CSI volume limits.'],
  ['VolumeBinding', 'Filter, Reserve and PreBind for PersistentVolumeClaims.'],
  ['VolumeZone', 'Filter: volume zones.'],
  ['PodTopologySpread', 'Filter (DoNotSchedule) and Score (ScheduleAnyway, system defaults).'],
  ['InterPodAffinity', 'Filter and Score for pod affinity and anti-affinity.'],
  ['DynamicResources', 'PreEnqueue, PreFilter, Filter (the structured allocator picks devices for ResourceClaims), PostFilter, Reserve and PreBind.'],
  ['DefaultPreemption', 'PostFilter: preempts lower-priority pods.'],
  ['NodeResourcesBalancedAllocation', 'Score: balances cpu and memory use.'],
  ['ImageLocality', 'Score: nodes that already have the images.'],
  ['DefaultBinder', 'Bind: writes spec.nodeName.'],
  ['GangScheduling', 'Gang scheduling (v1.35 alpha).'],
  ['NodeDeclaredFeatures', 'Filter on node declared features (v1.35 alpha).'],
];

const pluginRef = obj('A plugin, by its upstream name.', {
  name: { type: 'string', description: 'Plugin name ("*" in disabled: all defaults).', enum: [...PLUGIN_NAMES.map(([n]) => n), '*'], enumDescriptions: [...PLUGIN_NAMES.map(([, d]) => d), 'Every default plugin.'] },
  weight: int('Score weight (0 becomes 1).'),
}, { required: ['name'], strict: true });

const pluginSet = obj('Plugins enabled and disabled at this extension point, merged into the defaults.', {
  enabled: arr(pluginRef, 'Added (or re-weighted) after the defaults.'),
  disabled: arr(pluginRef, 'Removed from the defaults; name "*" removes them all.'),
}, { strict: true });

const EXTENSION_POINTS = ['multiPoint', 'preEnqueue', 'queueSort', 'preFilter', 'filter', 'postFilter', 'preScore', 'score', 'reserve', 'permit', 'preBind', 'bind', 'postBind'];

const profile = obj('A scheduler profile: pods choose it with spec.schedulerName.', {
  schedulerName: str('Profile name (default-scheduler).'),
  percentageOfNodesToScore: int('Percentage of nodes to find feasible before scoring; 0 = adaptive.', { minimum: 0, maximum: 100 }),
  plugins: obj('Plugins per extension point.', Object.fromEntries(EXTENSION_POINTS.map((p) => [p, pluginSet])), { strict: true }),
  pluginConfig: arr(obj('Arguments of one plugin.', {
    name: { type: 'string', enum: PLUGIN_NAMES.map(([n]) => n), description: 'Plugin name.' },
    args: { type: 'object', description: 'The plugin\'s args, e.g. NodeResourcesFitArgs.scoringStrategy.' },
  }, { required: ['name'], strict: true }), 'Per-plugin arguments.'),
}, { strict: true });

const timelineStep = obj('One action at a simulated time, between scheduling cycles.', {
  at: { type: 'number', minimum: 0, description: 'Simulated seconds.' },
  action: oneOfValues(['apply', 'delete', 'taint', 'untaint', 'evict', 'condition', 'deviceCondition', 'label', 'cordon', 'uncordon', 'deschedule', 'ungate', 'scale'], 'What happens, in kubectl terms.'),
  object: { type: 'object', description: 'apply: the object to create or update.' },
  node: str('taint, untaint, condition, label, cordon: the node.'),
  taint: str('taint/untaint: key=value:Effect, e.g. dedicated=db:NoExecute.'),
  kind: str('delete: the kind.'), name: str('delete: the name.'), namespace: str('delete: the namespace.'),
  pod: str('evict, ungate, deviceCondition: namespace/name.'),
  claim: str('deviceCondition: the ResourceClaim (namespace/name or name); or `pod` for every claim of the pod.'),
  device: str('deviceCondition: the allocated device (driver and pool narrow it down).'),
  driver: str('deviceCondition: the device\'s driver.'), pool: str('deviceCondition: the device\'s pool.'),
  type: str('condition: the node condition type (MemoryPressure, Ready, ...); deviceCondition: the device condition, e.g. one of its bindingConditions.'),
  status: str('condition, deviceCondition: "True", "False" or "Unknown".'),
  reason: str('deviceCondition: the condition\'s reason.'), message: str('deviceCondition: the condition\'s message.'),
  labels: { ...labels, description: 'label: labels to set.' },
  policy: { type: 'object', description: 'deschedule: the descheduler policy.' },
}, { required: ['at', 'action'] });

const accessModes = arr(oneOfValues(['ReadWriteOnce', 'ReadOnlyMany', 'ReadWriteMany', 'ReadWriteOncePod'], 'ReadWriteOncePod: only one pod in the cluster may use the claim (VolumeRestrictions).'), 'Access modes; a PV must offer every mode the claim asks for.');
const storageRequest = obj('Storage size.', { storage: { ...quantity, description: 'Bytes, usually with a binary suffix ("10Gi").' } });

const claimSpec = obj('What the claim asks for.', {
  accessModes,
  resources: obj('Requested size.', { requests: storageRequest, limits: storageRequest }, { strict: true }),
  storageClassName: str('StorageClass: its volumeBindingMode decides when the claim binds. Omitted: the default class; "": only PVs without a class.'),
  volumeName: str('Pre-bind the claim to this PersistentVolume.'),
  selector: { ...labelSelector, description: 'Only PVs with these labels match.' },
  volumeMode: oneOfValues(['Filesystem', 'Block'], 'Must equal the PV\'s (default Filesystem).'),
  dataSource: { type: 'object', description: 'Ignored.' }, dataSourceRef: { type: 'object', description: 'Ignored.' },
  volumeAttributesClassName: str('Ignored.'),
}, { strict: true });

const volume = obj('A pod volume.', {
  name: str('Volume name (a DNS label), unique in the pod.'),
  persistentVolumeClaim: obj('Mount a PersistentVolumeClaim of the pod\'s namespace.', { claimName: str('The claim.'), readOnly: bool('Mount read-only.') }, { required: ['claimName'], strict: true }),
  ephemeral: obj('A generic ephemeral volume: the ephemeral volume controller creates the claim <pod>-<volume>, owned by the pod.', {
    volumeClaimTemplate: obj('The claim to create.', { metadata: { type: 'object', description: 'Labels and annotations for the claim.' }, spec: claimSpec }, { required: ['spec'] }),
  }, { required: ['volumeClaimTemplate'] }),
  gcePersistentDisk: obj('A GCE PD: VolumeRestrictions refuses two read-write mounts on a node.', { pdName: str('Disk name.'), readOnly: bool('Read-only.'), fsType: str('Ignored.'), partition: int('Ignored.') }),
  awsElasticBlockStore: obj('An EBS volume: VolumeRestrictions refuses two mounts on a node.', { volumeID: str('Volume ID.'), readOnly: bool('Read-only.'), fsType: str('Ignored.'), partition: int('Ignored.') }),
  iscsi: obj('An iSCSI volume: two read-write mounts of one IQN conflict.', { iqn: str('Target IQN.'), readOnly: bool('Read-only.') }),
  rbd: obj('A Ceph RBD image: two read-write mounts sharing a monitor, pool and image conflict.', { monitors: arr({ type: 'string' }, 'Ceph monitors.'), pool: str('Pool (rbd).'), image: str('Image.'), readOnly: bool('Read-only.') }),
  emptyDir: { type: 'object', description: 'Accepted, not simulated.' }, configMap: { type: 'object', description: 'Accepted, not simulated.' },
  secret: { type: 'object', description: 'Accepted, not simulated.' }, hostPath: { type: 'object', description: 'Accepted, not simulated.' },
  projected: { type: 'object', description: 'Accepted, not simulated.' }, downwardAPI: { type: 'object', description: 'Accepted, not simulated.' },
  csi: { type: 'object', description: 'An inline CSI volume: accepted, not simulated.' }, nfs: { type: 'object', description: 'Accepted, not simulated.' },
  image: obj('An OCI image as a volume: from v1.36 ImageLocality scores a node holding the image (status.images) as for a container image.', { reference: str('The image, e.g. registry.example/models:v1.'), pullPolicy: oneOfValues(['Always', 'Never', 'IfNotPresent'], 'Ignored.') }),
}, { required: ['name'] });

const topologySelectorTerm = obj('All expressions must hold.', {
  matchLabelExpressions: arr(obj('A node label and its allowed values.', { key: str('Node label key, e.g. topology.kubernetes.io/zone.'), values: arr({ type: 'string' }, 'Allowed values.') }, { required: ['key', 'values'], strict: true }), 'Expressions.'),
}, { strict: true });

const celSelectors = arr(obj('A device selector.', {
  cel: obj('A CEL expression over `device`: device.driver, device.attributes["domain"].name, device.capacity["domain"].name (quantities), device.allowMultipleAllocations.', {
    expression: str('Must be true for the device, e.g. device.attributes["gpu.example.com"].model == "A100".'),
  }, { required: ['expression'], strict: true }),
}, { required: ['cel'], strict: true }), 'All selectors must match.');
const deviceTolerations = arr(obj('Tolerates device taints (DRADeviceTaints).', {
  key: str('Taint key.'), operator: oneOfValues(['Exists', 'Equal'], 'Equal (default) or Exists.'), value: str('Taint value.'),
  effect: oneOfValues(['NoSchedule', 'NoExecute', 'None'], 'Effect; empty matches all.'), tolerationSeconds: int('NoExecute only.'),
}, { strict: true }), 'Device tolerations.');
const exactRequest = {
  deviceClassName: str('The DeviceClass; its selectors apply too.'),
  selectors: celSelectors,
  allocationMode: oneOfValues(['ExactCount', 'All'], 'ExactCount (default): count devices. All: every matching device on the node.'),
  count: int('How many devices (ExactCount, default 1).', { minimum: 1 }),
  tolerations: deviceTolerations,
  capacity: obj('Capacity requests: the share of a shared device this request takes (DRAConsumableCapacity).', { requests: { type: 'object', description: 'Quantities by capacity name.' } }),
};
const deviceClaimSpec = obj('What the claim asks for.', {
  devices: obj('Device requests, constraints and config.', {
    requests: arr(obj('One request: exactly, or a prioritized list (firstAvailable).', {
      name: str('Request name (a DNS label).'),
      exactly: obj('The devices this request needs.', { ...exactRequest, adminAccess: bool('Admin access: devices already in use are allowed (DRAAdminAccess).') }, { required: ['deviceClassName'], strict: true }),
      firstAvailable: arr(obj('An alternative: the first one that can be allocated is used.', { name: str('Subrequest name.'), ...exactRequest }, { required: ['name', 'deviceClassName'], strict: true }), 'Subrequests in order of preference (DRAPrioritizedList).'),
    }, { required: ['name'], strict: true }), 'Requests.'),
    constraints: arr(obj('A constraint over the devices of some requests.', {
      requests: arr({ type: 'string' }, 'Requests (or request/subrequest) it applies to; all when empty.'),
      matchAttribute: str('Fully qualified attribute (domain/name) all devices must share.'),
      distinctAttribute: str('Fully qualified attribute every device must have a different value of (DRAConsumableCapacity).'),
    }, { strict: true }), 'Constraints.'),
    config: { type: 'array', description: 'Opaque driver configuration (kept, handed to drivers).' },
  }, { strict: true }),
}, { strict: true });
const deviceAttribute = obj('Exactly one value.', { int: int('Integer.'), bool: bool('Boolean.'), string: str('String.'), version: str('Semantic version 2.0.0.') }, { strict: true });

const deviceTaint = obj('A device taint (DRADeviceTaints).', { key: str('Key.'), value: str('Value.'), effect: oneOfValues(['NoSchedule', 'NoExecute', 'None'], 'Effect.') }, { required: ['key', 'effect'] });

const QUOTA_SCOPES = ['Terminating', 'NotTerminating', 'BestEffort', 'NotBestEffort', 'PriorityClass', 'CrossNamespacePodAffinity'];
/** a quota's scope requirement, and a limitedResources matchScopes entry */
const scopedRequirement = obj('A scope requirement.', {
  scopeName: oneOfValues(QUOTA_SCOPES, 'Scope.'),
  operator: oneOfValues(['In', 'NotIn', 'Exists', 'DoesNotExist'], 'Operator (In/NotIn only for PriorityClass).'),
  values: arr(str('A PriorityClass name.'), 'Values.'),
}, { required: ['scopeName', 'operator'], strict: true });

/** the ResourceQuota plugin's configuration (upstream: pkg/admission/plugin/resourcequota/apis/resourcequota) */
const resourceQuotaConfiguration = obj('The ResourceQuota admission plugin\'s configuration: objects that use a limited resource, or match a limited scope, are admitted only where a quota covers it.', {
  apiVersion: oneOfValues(['apiserver.config.k8s.io/v1', 'resourcequota.admission.k8s.io/v1beta1', 'resourcequota.admission.k8s.io/v1alpha1'], 'apiserver.config.k8s.io/v1 (kind ResourceQuotaConfiguration), or the older resourcequota.admission.k8s.io versions (kind Configuration).'),
  kind: oneOfValues(['ResourceQuotaConfiguration', 'Configuration'], 'ResourceQuotaConfiguration for apiserver.config.k8s.io/v1, Configuration for resourcequota.admission.k8s.io.'),
  limitedResources: arr(obj('A resource whose consumption needs a covering quota.', {
    apiGroup: str('The resource\'s API group ("" for pods and persistentvolumeclaims).'),
    resource: str('The resource: pods or persistentvolumeclaims.'),
    matchContains: arr(str('A substring, e.g. requests.cpu or storage.'), 'A used resource whose name contains one of these needs a quota that limits it ("insufficient quota to consume: …").'),
    matchScopes: arr(scopedRequirement, 'An object matching one of these needs a quota with a scope of the same name that matches it ("insufficient quota to match these scopes: …"), e.g. PriorityClass In [cluster-services].'),
  }, { required: ['resource'], strict: true }), 'The limited resources.'),
}, { required: ['apiVersion', 'kind'], strict: true });

const admissionPlugin: JSONSchema = {
  ...obj('One admission plugin\'s configuration. Only ResourceQuota\'s is simulated.', {
    name: { description: 'The admission plugin.', anyOf: [{ enum: ['ResourceQuota'] }, { type: 'string' }] },
    path: str('Not read: a scenario cannot read another file; write the configuration inline under configuration.'),
    configuration: { type: 'object', description: 'The plugin\'s configuration, inline.' },
  }, { required: ['name'], strict: true }),
  if: { properties: { name: { const: 'ResourceQuota' } }, required: ['name'] },
  then: { properties: { configuration: resourceQuotaConfiguration } },
};

const KINDS: Record<string, JSONSchema> = {
  DeviceClass: obj('A class of devices: selectors every request of the class adds.', {
    ...typeMeta('resource.k8s.io/v1', 'DeviceClass'),
    spec: obj('DeviceClass spec.', { selectors: celSelectors, config: { type: 'array', description: 'Opaque driver configuration.' }, extendedResourceName: str('DRAExtendedResource (alpha): containers asking for this extended resource get devices of this class on nodes that do not advertise it.') }, { strict: true }),
  }, { strict: true }),
  ResourceSlice: obj('Devices a driver publishes, for one node (nodeName) or many (nodeSelector, allNodes).', {
    ...typeMeta('resource.k8s.io/v1', 'ResourceSlice'),
    spec: obj('ResourceSlice spec.', {
      driver: str('Driver name, e.g. gpu.example.com.'),
      pool: obj('The pool the slice belongs to.', { name: str('Pool name.'), generation: int('Slices of older generations are ignored.', { minimum: 0 }), resourceSliceCount: int('How many slices the pool has.', { minimum: 1 }) }, { required: ['name', 'resourceSliceCount'], strict: true }),
      nodeName: str('The node these devices are local to.'), nodeSelector: ref('nodeSelector'), allNodes: bool('Reachable from every node.'),
      perDeviceNodeSelection: bool('Each device says where it is reachable (DRAPartitionableDevices).'),
      devices: arr(obj('A device.', {
        name: str('Device name (a DNS label).'),
        attributes: { type: 'object', additionalProperties: deviceAttribute, description: 'Attributes by (qualified) name.' },
        capacity: { type: 'object', additionalProperties: obj('A capacity.', {
          value: quantity,
          requestPolicy: obj('How requests for a shared device\'s capacity are rounded (DRAConsumableCapacity; needs allowMultipleAllocations).', {
            default: quantity, validValues: arr(quantity, 'Allowed amounts, ascending; a request takes the next one up.'),
            validRange: obj('Allowed range: a request takes at least min, then a multiple of step above min, at most max.', { min: quantity, max: quantity, step: quantity }),
          }),
        }), description: 'Capacities by (qualified) name.' },
        consumesCounters: arr(obj('Counters the device takes from a counter set of its pool (DRAPartitionableDevices).', {
          counterSet: str('Name of a counter set in a slice of the same pool.'), counters: { type: 'object', additionalProperties: obj('A counter.', { value: quantity }), description: 'Counters by name.' },
        }, { required: ['counterSet', 'counters'] }), 'At most 2 counter sets.'),
        nodeName: str('With perDeviceNodeSelection: the node this device is local to.'), nodeSelector: ref('nodeSelector'), allNodes: bool('With perDeviceNodeSelection: reachable from every node.'),
        taints: arr(deviceTaint, 'Taints.'),
        allowMultipleAllocations: bool('The device can be shared by several requests while its capacity lasts (DRAConsumableCapacity).'),
        bindsToNode: bool('DRADeviceBindingConditions: the allocation is limited to the node it was made for.'),
        bindingConditions: arr(str('A condition type.'), 'DRADeviceBindingConditions: conditions the driver must report True in the claim\'s status.devices before the pod binds (timeline deviceCondition).'),
        bindingFailureConditions: arr(str('A condition type.'), 'DRADeviceBindingConditions: conditions that, True, make the binding fail.'),
      }, { required: ['name'] }), 'Devices.'),
      sharedCounters: arr(obj('A counter set devices of the pool consume (DRAPartitionableDevices).', {
        name: str('Counter set name (a DNS label).'), counters: { type: 'object', additionalProperties: obj('A counter.', { value: quantity }), description: 'Counters by name.' },
      }, { required: ['name', 'counters'] }), 'Counter sets: a slice has either sharedCounters or devices.'),
    }, { required: ['driver', 'pool'] }),
  }, { required: ['spec'], strict: true }),
  ResourceClaim: obj('A request for devices; pods use it through spec.resourceClaims[].resourceClaimName.', {
    ...typeMeta('resource.k8s.io/v1', 'ResourceClaim'), spec: deviceClaimSpec,
    status: { type: 'object', description: 'allocation and reservedFor (from a cluster dump).' },
  }, { strict: true }),
  ResourceClaimTemplate: obj('A claim made for each pod that names it in spec.resourceClaims[].resourceClaimTemplateName.', {
    ...typeMeta('resource.k8s.io/v1', 'ResourceClaimTemplate'),
    spec: obj('Template spec.', { metadata: { type: 'object', description: 'Labels and annotations of the claims.' }, spec: deviceClaimSpec }, { required: ['spec'], strict: true }),
  }, { required: ['spec'], strict: true }),
  DeviceTaintRule: obj('Taints the devices its selector picks (DRADeviceTaintRules and DRADeviceTaints: alpha in 1.35, beta in 1.36, GA and on in 1.37).', {
    ...typeMeta('resource.k8s.io/v1alpha3', 'DeviceTaintRule'),
    apiVersion: { enum: ['resource.k8s.io/v1', 'resource.k8s.io/v1beta2', 'resource.k8s.io/v1alpha3'], description: 'v1alpha3: every version; v1beta2: 1.36+; v1: 1.37.' },
    spec: obj('DeviceTaintRule spec.', {
      deviceSelector: obj('Which devices: every field set must match; empty picks every device, none picks no device.', {
        driver: str('The slices\' spec.driver.'), pool: str('The slices\' spec.pool.name.'), device: str('The device name.'),
      }, { strict: true }),
      taint: deviceTaint,
    }, { required: ['taint'], strict: true }),
  }, { required: ['spec'], strict: true }),
  StorageClass: obj('A class of storage: who provisions it and when claims bind.', {
    ...typeMeta('storage.k8s.io/v1', 'StorageClass'),
    provisioner: str('The provisioner (a CSI driver name); kubernetes.io/no-provisioner: static PVs only.'),
    volumeBindingMode: oneOfValues(['Immediate', 'WaitForFirstConsumer'], 'Immediate (default): the PV controller binds or provisions at once. WaitForFirstConsumer: binding waits for a pod and follows the node the scheduler picks.'),
    allowedTopologies: arr(topologySelectorTerm, 'Where volumes of this class may be provisioned (terms ORed).'),
    reclaimPolicy: oneOfValues(['Delete', 'Retain'], 'What happens to a provisioned PV when its claim goes (default Delete).'),
    parameters: { type: 'object', description: 'Provisioner parameters (ignored).' },
    mountOptions: { type: 'array', description: 'Ignored.' }, allowVolumeExpansion: bool('Ignored.'),
  }, { required: ['provisioner'], strict: true }),
  PersistentVolume: obj('A volume that exists: its capacity, access modes and the nodes that can reach it.', {
    ...typeMeta('v1', 'PersistentVolume'),
    spec: obj('PV spec.', {
      capacity: storageRequest, accessModes,
      storageClassName: str('Class; claims match PVs of their class.'),
      nodeAffinity: obj('Nodes that can reach the volume (VolumeBinding).', { required: ref('nodeSelector') }, { strict: true }),
      claimRef: obj('Pre-bind to a claim.', { namespace: str('Claim namespace.'), name: str('Claim name.'), uid: str('Claim uid.'), kind: str('PersistentVolumeClaim.'), apiVersion: str('v1.') }),
      volumeMode: oneOfValues(['Filesystem', 'Block'], 'Volume mode.'),
      persistentVolumeReclaimPolicy: oneOfValues(['Delete', 'Retain', 'Recycle'], 'What happens when the claim goes.'),
      csi: obj('A CSI volume: driver and handle identify it for NodeVolumeLimits.', { driver: str('CSI driver.'), volumeHandle: str('Volume handle.') }),
    }),
    status: { type: 'object', description: 'phase (Available, Bound, Released).' },
  }, { required: ['spec'], strict: true }),
  PersistentVolumeClaim: obj('A request for storage; pods use it through spec.volumes[].persistentVolumeClaim.', {
    ...typeMeta('v1', 'PersistentVolumeClaim'), spec: claimSpec,
    status: { type: 'object', description: 'phase (Pending, Bound, Lost).' },
  }, { required: ['spec'], strict: true }),
  CSINode: obj('The CSI drivers on a node (named as the node): attach limits and topology keys.', {
    ...typeMeta('storage.k8s.io/v1', 'CSINode'),
    spec: obj('CSINode spec.', {
      drivers: arr(obj('A driver on the node.', {
        name: str('Driver name.'), nodeID: str('The node as the driver knows it.'),
        topologyKeys: arr({ type: 'string' }, 'Node labels the driver\'s volumes are pinned to (a provisioned PV gets the node\'s values).'),
        allocatable: obj('Limits.', { count: int('How many volumes of this driver the node can attach (NodeVolumeLimits).', { minimum: 0 }) }, { strict: true }),
      }, { required: ['name'], strict: true }), 'Drivers.'),
    }, { strict: true }),
  }, { strict: true }),
  CSIDriver: obj('A CSI driver\'s properties.', {
    ...typeMeta('storage.k8s.io/v1', 'CSIDriver'),
    spec: obj('CSIDriver spec.', {
      storageCapacity: bool('Check CSIStorageCapacity objects before provisioning (VolumeBinding: "not enough free storage").'),
      attachRequired: bool('Ignored.'), podInfoOnMount: bool('Ignored.'), volumeLifecycleModes: { type: 'array', description: 'Ignored.' },
    }),
  }, { strict: true }),
  CSIStorageCapacity: obj('How much a driver can still provision for a class in a topology segment.', {
    ...typeMeta('storage.k8s.io/v1', 'CSIStorageCapacity'),
    storageClassName: str('The class.'),
    nodeTopology: { ...labelSelector, description: 'Nodes that can reach this capacity.' },
    capacity: { ...quantity, description: 'Available capacity.' },
    maximumVolumeSize: { ...quantity, description: 'Largest volume that can be created (preferred over capacity).' },
  }, { required: ['storageClassName'], strict: true }),
  Node: obj('A node: labels, taints, allocatable resources.', {
    ...typeMeta('v1', 'Node'),
    spec: obj('Node spec.', {
      unschedulable: bool('Cordoned: NodeUnschedulable filters it out.'),
      taints: arr(taint, 'Taints.'),
      podCIDR: str('Ignored.'), providerID: str('Ignored.'),
    }),
    status: obj('Node status.', {
      allocatable: { ...resourceList, description: 'What pods may request in total (falls back to capacity; pods defaults to 110).' },
      capacity: { ...resourceList, description: 'Total resources; used when allocatable is missing.' },
      images: arr(obj('An image on the node.', { names: arr({ type: 'string' }, 'Image names.'), sizeBytes: int('Size in bytes.') }), 'Images for ImageLocality.'),
      conditions: arr(obj('A node condition.', { type: str('Ready, MemoryPressure, DiskPressure, PIDPressure, ...'), status: oneOfValues(['True', 'False', 'Unknown'], 'Condition status.') }), 'Conditions.'),
      declaredFeatures: arr({ type: 'string' }, 'Features the kubelet declares (gate NodeDeclaredFeatures): pods that need one go only to nodes that declare it.'),
    }),
  }, { strict: true }),
  Pod: obj('A pod. Without spec.nodeName it enters the scheduling queue.', {
    ...typeMeta('v1', 'Pod'), spec: ref('podSpec'), status: { type: 'object', description: 'Pod status (phase, nominatedNodeName).' },
  }, { required: ['spec'], strict: true }),
  Deployment: workload('Deployment', 'A Deployment: expanded into a ReplicaSet and its pods.', {
    replicas: int('How many pods.', { minimum: 0 }), strategy: { type: 'object', description: 'Ignored.' },
  }),
  ReplicaSet: workload('ReplicaSet', 'A ReplicaSet: expanded into its pods.', { replicas: int('How many pods.', { minimum: 0 }) }),
  StatefulSet: workload('StatefulSet', 'A StatefulSet: pods name-0, name-1, ...', {
    replicas: int('How many pods.', { minimum: 0 }), serviceName: str('Governing service.'),
    podManagementPolicy: oneOfValues(['OrderedReady', 'Parallel'], 'Pod management policy.'),
  }),
  DaemonSet: workload('DaemonSet', 'A DaemonSet: one pod per eligible node.', { updateStrategy: { type: 'object', description: 'Ignored.' } }),
  Job: workload('Job', 'A Job: expanded into parallelism pods.', {
    parallelism: int('Pods running at once.', { minimum: 0 }), completions: int('Completions wanted.', { minimum: 0 }),
    backoffLimit: int('Ignored.'),
  }),
  ReplicationController: workload('ReplicationController', 'A ReplicationController (v1, the ReplicaSet\'s predecessor): expanded into its pods.', {
    replicas: int('How many pods.', { minimum: 0 }),
    selector: { ...labels, description: 'Its pods, as a plain label map (not matchLabels); defaults to the template\'s labels.' },
  }),
  Workload: obj('Kubernetes 1.36+ (v1alpha2 at 1.36; v1beta1 or v1alpha3 at 1.37): templates for the PodGroups of a workload. 1.35 reads scheduling.k8s.io/v1alpha1 with spec.podGroups.', {
    apiVersion: { enum: ['scheduling.k8s.io/v1beta1', 'scheduling.k8s.io/v1alpha3', 'scheduling.k8s.io/v1alpha2', 'scheduling.k8s.io/v1alpha1'], description: 'v1alpha1: 1.35 only; v1alpha2: 1.36 only; v1beta1 and v1alpha3: 1.37.' },
    kind: { const: 'Workload' },
    metadata,
    spec: obj('Workload spec.', {
      controllerRef: obj('The controlling object (informational).', { apiGroup: str('API group.'), kind: str('Kind.'), name: str('Name.') }),
      podGroupTemplates: arr(podGroupFields('A template for PodGroups.', { name: str('Template name (a DNS label).') }), 'At most 8 templates (v1alpha2/v1alpha3/v1beta1).'),
      compositePodGroupTemplates: arr({ type: 'object', description: 'Kubernetes 1.37+ (CompositePodGroup, alpha): a template for CompositePodGroups: name, schedulingPolicy (basic or gang.minGroupCount), schedulingConstraints, disruptionMode, priority, and its children podGroupTemplates / compositePodGroupTemplates (at most 4 levels).' }, 'Instead of podGroupTemplates; at most 8.'),
      podGroups: arr(obj('v1alpha1 (1.35): a pod group.', { name: str('Pod group name.'), policy: schedulingPolicy }), 'v1alpha1 (1.35) pod groups.'),
    }),
  }, { required: ['spec'], strict: true }),
  PodGroup: obj('Kubernetes 1.36+: a runtime group of pods (spec.schedulingGroup.podGroupName) scheduled together; gang: all-or-nothing.', {
    apiVersion: { enum: ['scheduling.k8s.io/v1beta1', 'scheduling.k8s.io/v1alpha3', 'scheduling.k8s.io/v1alpha2'], description: 'v1alpha2: 1.36 only; v1beta1 and v1alpha3: 1.37.' },
    kind: { const: 'PodGroup' },
    metadata,
    spec: podGroupFields('PodGroup spec.', {
      podGroupTemplateRef: obj('v1alpha2: the Workload template it was made from.', { workload: obj('Workload template.', { workloadName: str('Workload name.'), podGroupTemplateName: str('Template name.') }) }),
      workloadRef: obj('v1beta1/v1alpha3: the Workload template it was made from.', { workloadName: str('Workload name.'), templateName: str('Template name.') }),
      parentCompositePodGroupName: str('Kubernetes 1.37+ (CompositePodGroup, alpha): the parent CompositePodGroup; needs workloadRef.'),
    }),
    status: { type: 'object', description: 'Conditions set by the scheduler (PodGroupScheduled).' },
  }, { required: ['spec'], strict: true }),
  CompositePodGroup: obj('Kubernetes 1.37+ (CompositePodGroup, alpha): a group of PodGroups and CompositePodGroups scheduled as one hierarchy; gang: all-or-nothing over minGroupCount children.', {
    apiVersion: { const: 'scheduling.k8s.io/v1alpha3', description: 'v1alpha3: 1.37.' },
    kind: { const: 'CompositePodGroup' },
    metadata,
    spec: obj('CompositePodGroup spec.', {
      parentCompositePodGroupName: str('The parent CompositePodGroup; absent: the root of a hierarchy.'),
      workloadRef: obj('Required: the Workload composite template it was made from.', { workloadName: str('Workload name.'), templateName: str('Template name.') }),
      schedulingPolicy: obj('Exactly one of basic and gang.', {
        basic: obj('The children are scheduled independently.', {}),
        gang: obj('All-or-nothing over the children.', { minGroupCount: int('Children that must fit together.', { minimum: 1 }) }, { required: ['minGroupCount'] }),
      }),
      schedulingConstraints: obj('TopologyAwareWorkloadScheduling.', { topology: arr(obj('A topology constraint.', { key: str('Node label key: the whole subtree in one of its domains.') }), 'At most one.') }),
      disruptionMode: obj('Exactly one of single and all. Default: single.', { single: { type: 'object' }, all: { type: 'object' } }),
      priorityClassName: str('PriorityClass of the group.'),
      priority: int('Priority of the group: every group of the hierarchy must have the root\'s.'),
    }),
    status: { type: 'object', description: 'Conditions set by the scheduler (CompositePodGroupInitiallyScheduled).' },
  }, { required: ['spec'], strict: true }),
  PriorityClass: obj('Maps a name to a priority value.', {
    ...typeMeta('scheduling.k8s.io/v1', 'PriorityClass'),
    value: int('The priority; higher is scheduled first and may preempt lower.'),
    globalDefault: bool('Priority of pods without priorityClassName.'),
    preemptionPolicy: oneOfValues(['PreemptLowerPriority', 'Never'], 'Never: pods of this class do not preempt.'),
    description: str('Free text.'),
  }, { required: ['value'], strict: true }),
  PodDisruptionBudget: obj('Limits voluntary disruptions; preemption prefers victims that do not violate it.', {
    ...typeMeta('policy/v1', 'PodDisruptionBudget'),
    spec: obj('PDB spec.', {
      minAvailable: { type: ['integer', 'string'], description: 'Pods that must stay available (number or percentage).' },
      maxUnavailable: { type: ['integer', 'string'], description: 'Pods that may be unavailable (number or percentage).' },
      selector: labelSelector,
      unhealthyPodEvictionPolicy: oneOfValues(['IfHealthyBudget', 'AlwaysAllow'], 'Eviction of unhealthy pods.'),
    }, { strict: true }),
    status: { type: 'object', description: 'Computed by the simulation.' },
  }, { strict: true }),
  Namespace: obj('A namespace: its labels are matched by namespaceSelector.', {
    ...typeMeta('v1', 'Namespace'), spec: { type: 'object' }, status: { type: 'object' },
  }, { strict: true }),
  RuntimeClass: obj('Adds overhead to pods that use it, and may restrict their nodes.', {
    ...typeMeta('node.k8s.io/v1', 'RuntimeClass'),
    handler: str('Container runtime handler.'),
    overhead: obj('Pod overhead.', { podFixed: { ...resourceList, description: 'Added to every pod of this class.' } }, { strict: true }),
    scheduling: obj('Where pods of this class may run.', { nodeSelector: labels, tolerations: arr(toleration, 'Tolerations added to the pods.') }, { strict: true }),
  }, { required: ['handler'], strict: true }),
  LimitRange: obj('Defaults and bounds for the containers and pods of its namespace, applied at admission (LimitRanger).', {
    ...typeMeta('v1', 'LimitRange'),
    spec: obj('LimitRange spec.', {
      limits: arr(obj('One limit: per Container (defaults and bounds), per Pod (the sum of its containers) or per PersistentVolumeClaim (storage).', {
        type: oneOfValues(['Container', 'Pod', 'PersistentVolumeClaim'], 'What the limit applies to.'),
        default: { ...resourceList, description: 'Container limits set when a container states none (defaults to max).' },
        defaultRequest: { ...resourceList, description: 'Container requests set when a container states none (defaults to default, then min). The scheduler sees them.' },
        min: { ...resourceList, description: 'Least request allowed.' },
        max: { ...resourceList, description: 'Most limit allowed; a container without a limit is refused.' },
        maxLimitRequestRatio: { ...resourceList, description: 'Largest limit / request ratio.' },
      }, { required: ['type'], strict: true }), 'The limits.'),
    }, { strict: true }),
  }, { strict: true }),
  ResourceQuota: obj('Caps what the pods (and claims) of its namespace may request; a pod over it is refused at creation, so it never exists.', {
    ...typeMeta('v1', 'ResourceQuota'),
    spec: obj('ResourceQuota spec.', {
      hard: { type: 'object', additionalProperties: { type: ['string', 'number'] }, description: 'Limits: pods, requests.cpu, limits.memory, requests.<extended>, requests.storage, <class>.storageclass.storage.k8s.io/requests.storage, count/pods, persistentvolumeclaims …' },
      scopes: arr(oneOfValues(['Terminating', 'NotTerminating', 'BestEffort', 'NotBestEffort', 'PriorityClass', 'CrossNamespacePodAffinity'], 'A scope: only matching pods count.'), 'Scopes (all must match).'),
      scopeSelector: obj('Scopes with operators.', {
        matchExpressions: arr(scopedRequirement, 'Requirements.'),
      }, { strict: true }),
    }, { strict: true }),
    status: { type: 'object', description: 'Kept by the quota controller: hard and used.' },
  }, { strict: true }),
  Service: obj('A service: its selector drives default topology spreading.', {
    ...typeMeta('v1', 'Service'),
    spec: obj('Service spec.', { selector: { ...labels, description: 'Pods of this service.' } }),
  }, { strict: true }),
  KubeSchedulerConfiguration: obj('Scheduler configuration: profiles, plugins, weights and args.', {
    apiVersion: { const: 'kubescheduler.config.k8s.io/v1' }, kind: { const: 'KubeSchedulerConfiguration' },
    profiles: arr(profile, 'Scheduler profiles (default: one named default-scheduler).'),
    percentageOfNodesToScore: int('Global percentage of nodes to find feasible; 0 = adaptive.', { minimum: 0, maximum: 100 }),
    podInitialBackoffSeconds: int('Initial backoff after a failed attempt (1).'),
    podMaxBackoffSeconds: int('Maximum backoff (10).'),
    parallelism: int('Upstream parallelism (16); the simulation is sequential.'),
    leaderElection: { type: 'object', description: 'Ignored.' },
    clientConnection: { type: 'object', description: 'Ignored.' },
  }, { strict: true }),
  AdmissionConfiguration: obj('The API server\'s admission configuration (kube-apiserver --admission-control-config-file): the ResourceQuota plugin\'s limitedResources.', {
    apiVersion: oneOfValues(['apiserver.config.k8s.io/v1', 'apiserver.k8s.io/v1alpha1'], 'apiserver.config.k8s.io/v1 (apiserver.k8s.io/v1alpha1 is deprecated but read).'),
    kind: { const: 'AdmissionConfiguration' }, metadata,
    plugins: arr(admissionPlugin, 'Admission plugins and their configuration.'),
  }, { strict: true }),
  ClusterAutoscaler: obj('The node autoscaler (cluster-autoscaler): its flags, and node groups as kwok template Nodes (docs/autoscaler.md).', {
    apiVersion: { const: 'podplay/v1alpha1' }, kind: { const: 'ClusterAutoscaler' }, metadata,
    spec: obj('cluster-autoscaler flags.', {
      expander: str('--expander: random, most-pods, least-waste, least-nodes, priority, or a chain ("priority,least-waste").'),
      priorities: { type: 'object', description: 'The priority expander\'s priorities: {10: [".*"], 50: ["^gpu-"]}.' },
      scanInterval: { type: ['string', 'number'], description: '--scan-interval (10s).' },
      provisioningDelay: { type: ['string', 'number'], description: 'Podplay: from scale-up to a Ready node (60s).' },
      scaleDownEnabled: bool('--scale-down-enabled (true).'),
      scaleDownUnneededTime: { type: ['string', 'number'], description: '--scale-down-unneeded-time (10m).' },
      scaleDownDelayAfterAdd: { type: ['string', 'number'], description: '--scale-down-delay-after-add (10m).' },
      scaleDownUtilizationThreshold: { type: 'number', minimum: 0, maximum: 1, description: '--scale-down-utilization-threshold (0.5).' },
      maxGracefulTerminationSec: int('--max-graceful-termination-sec (600).', { minimum: 0 }),
      skipNodesWithLocalStorage: bool('--skip-nodes-with-local-storage (true).'),
      skipNodesWithSystemPods: bool('--skip-nodes-with-system-pods (true).'),
      nodeGroupLabelKey: str('kwok nodegroups.fromNodeLabelKey: the label naming a node\'s group (kwok-nodegroup).'),
      templates: arr(ref('node', 'A template Node labelled with its group (kwok-nodegroup), sized by the annotations cluster-autoscaler.kwok.nodegroup/min-count and max-count.'), 'One template Node per node group.'),
    }, { strict: true }),
  }, { strict: true }),
  Scenario: obj('Podplay scenario settings: title, random seed and a timeline of actions.', {
    apiVersion: { const: 'podplay/v1alpha1' }, kind: { const: 'Scenario' }, metadata,
    spec: obj('Scenario spec.', {
      seed: int('Seed of the random generator (tie-breaks between equal top scores).'),
      title: str('Title.'), description: str('What the scenario shows.'),
      timeline: arr(timelineStep, 'Actions applied at simulated times.'),
    }),
  }, { strict: true }),
};

export const SCHEMA_KINDS = Object.keys(KINDS);

/** One schema for every document of a scenario file; the kind picks the sub-schema. */
export const scenarioSchema: JSONSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'Podplay scenario document',
  type: 'object',
  required: ['apiVersion', 'kind'],
  properties: {
    apiVersion: { type: 'string', description: 'API group and version of the kind.' },
    // any kind is accepted (unknown ones are reported as "not simulated"); the enum branch feeds completion
    kind: { description: 'What this document is. Kinds the simulator does not know are kept and reported as "not simulated".', anyOf: [{ enum: [...SCHEMA_KINDS, 'List'] }, { type: 'string' }] },
  },
  definitions: { podSpec, podAffinityTerm, volume, node: KINDS['Node']!, nodeSelector: obj('Node selector terms (ORed).', { nodeSelectorTerms: arr(nodeSelectorTerm, 'Terms are ORed.') }, { required: ['nodeSelectorTerms'], strict: true }) },
  allOf: [
    ...Object.entries(KINDS).map(([kind, schema]): JSONSchema => ({
      if: { properties: { kind: { const: kind } }, required: ['kind'] },
      then: schema,
    })),
    {
      if: { properties: { kind: { const: 'List' } }, required: ['kind'] },
      then: obj('A list of objects, as `kubectl get -o yaml` prints it.', {
        apiVersion: { const: 'v1' }, kind: { const: 'List' }, metadata: { type: 'object' },
        items: arr({ $ref: '#' }, 'The objects.'),
      }, { strict: true }),
    },
  ],
};
