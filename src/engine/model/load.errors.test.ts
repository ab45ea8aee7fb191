// Malformed scenarios: each row names the exact position, field path and message.
// Messages follow upstream API validation (pkg/apis/core/validation, apimachinery
// validation) where upstream has one; positions point at the offending value.
import { describe, expect, it } from 'vitest';
import type { ScenarioError } from '../api';
import { formatScenarioError, loadScenario } from './load';

const FILE = 'bad.yaml';

function errorsOf(lines: string[]): ScenarioError[] {
  const r = loadScenario(lines.join('\n'), FILE);
  if (r.ok) throw new Error('expected errors, the scenario loaded');
  return r.errors;
}

const labelKeyRegex = "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
const labelValueRegex = "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";

const podHead = ['apiVersion: v1', 'kind: Pod', 'metadata: {name: web-1}', 'spec:', '  containers:', '  - name: c', '    image: nginx'];
const node = (name: string) => ['---', 'apiVersion: v1', 'kind: Node', `metadata: {name: ${name}}`];

interface Row { name: string; lines: string[]; line: number; column: number; path?: string; message: string }

const rows: Row[] = [
  {
    name: 'cpu request that is not a quantity (the contract example)',
    lines: [...podHead, '    resources:', '      requests:', '        cpu: 2 cores'],
    line: 10, column: 14, path: 'spec.containers[0].resources.requests.cpu',
    message: 'Pod default/web-1: spec.containers[0].resources.requests.cpu: "2 cores" is not a quantity',
  },
  {
    name: 'negative request (ValidateResourceQuantityValue)',
    lines: [...podHead, '    resources:', '      requests:', '        memory: "-1Gi"'],
    line: 10, column: 17, path: 'spec.containers[0].resources.requests.memory',
    message: 'Pod default/web-1: spec.containers[0].resources.requests.memory: Invalid value: "-1Gi": must be greater than or equal to 0',
  },
  {
    name: 'quantity too large to count exactly',
    lines: [...podHead, '    resources:', '      limits:', '        memory: 1e30'],
    line: 10, column: 17, path: 'spec.containers[0].resources.limits.memory',
    message: 'Pod default/web-1: spec.containers[0].resources.limits.memory: "1e30" is too large: the simulator counts at most 9007199254740991 bytes',
  },
  {
    name: 'request above its limit (ValidateResourceRequirements)',
    lines: [...podHead, '    resources:', '      requests: {cpu: "2"}', '      limits: {cpu: "1"}'],
    line: 9, column: 23, path: 'spec.containers[0].resources.requests.cpu',
    message: 'Pod default/web-1: spec.containers[0].resources.requests.cpu: Invalid value: "2": must be less than or equal to cpu limit of 1',
  },
  {
    name: 'missing metadata.name (ValidateObjectMeta)',
    lines: ['apiVersion: v1', 'kind: Pod', 'metadata:', '  namespace: team-a', 'spec:', '  containers: [{name: c, image: nginx}]'],
    line: 4, column: 3, path: 'metadata.name',
    message: 'Pod (unnamed, document 1): metadata.name: Required value: name or generateName is required',
  },
  {
    name: 'duplicate node name',
    lines: [...node('node-1').slice(1), ...node('node-1')],
    line: 7, column: 18, path: 'metadata.name',
    message: 'Node node-1: metadata.name: Duplicate value: "node-1"',
  },
  {
    // the loader lets go of each document's source nodes; the position is found by reading it again
    name: 'duplicate node name among the items of a List',
    lines: ['apiVersion: v1', 'kind: List', 'items:', '- {apiVersion: v1, kind: Node, metadata: {name: a}}', '- apiVersion: v1', '  kind: Node', '  metadata:', '    name: a'],
    line: 8, column: 11, path: 'metadata.name',
    message: 'Node a: metadata.name: Duplicate value: "a"',
  },
  {
    name: 'duplicate pod name in one namespace',
    lines: [...podHead, '---', ...podHead],
    line: 11, column: 18, path: 'metadata.name',
    message: 'Pod default/web-1: metadata.name: Duplicate value: "web-1"',
  },
  {
    name: 'spec.nodeName pointing to a node that is not in the scenario',
    lines: [...podHead, '  nodeName: node-9'],
    line: 8, column: 13, path: 'spec.nodeName',
    message: 'Pod default/web-1: spec.nodeName: node "node-9" not found',
  },
  {
    name: 'string where an integer belongs',
    lines: ['apiVersion: apps/v1', 'kind: Deployment', 'metadata: {name: web}', 'spec:', '  replicas: "3"', '  selector: {matchLabels: {app: web}}',
      '  template:', '    metadata: {labels: {app: web}}', '    spec: {containers: [{name: c, image: nginx}]}'],
    line: 5, column: 13, path: 'spec.replicas',
    message: 'Deployment default/web: spec.replicas: expected an integer, got string "3"',
  },
  {
    name: 'number where a string belongs (label value 1, as kubectl rejects it)',
    lines: ['apiVersion: v1', 'kind: Node', 'metadata:', '  name: n1', '  labels: {version: 1}'],
    line: 5, column: 21, path: 'metadata.labels.version',
    message: 'Node n1: metadata.labels.version: expected a string, got number 1 (quote it: "1")',
  },
  {
    name: 'broken YAML: a key given twice (the yaml library\'s error)',
    lines: ['apiVersion: v1', 'kind: Node', 'metadata: {name: n1}', 'kind: Pod'],
    line: 4, column: 1, message: 'Map keys must be unique',
  },
  {
    name: 'broken YAML: a mapping inside a compact mapping (the yaml library\'s error)',
    lines: ['apiVersion: v1', 'kind: Node: x'],
    line: 2, column: 7, message: 'Nested mappings are not allowed in compact mappings',
  },
  {
    name: 'unknown apiVersion for a known kind',
    lines: ['apiVersion: apps/v1beta1', 'kind: Deployment', 'metadata: {name: web}'],
    line: 1, column: 13, path: 'apiVersion',
    message: 'Deployment default/web: apiVersion: no matches for kind "Deployment" in version "apps/v1beta1" (supported: apps/v1)',
  },
  {
    name: 'missing apiVersion',
    lines: ['kind: Node', 'metadata: {name: n1}'],
    line: 1, column: 1, path: 'apiVersion', message: 'Node n1: apiVersion: apiVersion not set',
  },
  {
    name: 'a document that is not an object',
    lines: ['- just', '- a list'],
    line: 1, column: 1, message: 'document 1: expected a Kubernetes object (a mapping with apiVersion and kind), got a list',
  },
  {
    name: 'label selector with an unknown operator (ValidateLabelSelectorRequirement)',
    lines: [...podHead, '  affinity:', '    podAffinity:', '      requiredDuringSchedulingIgnoredDuringExecution:', '      - topologyKey: zone',
      '        labelSelector:', '          matchExpressions: [{key: app, operator: Contains, values: [web]}]'],
    line: 13, column: 51, path: 'spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].labelSelector.matchExpressions[0].operator',
    message: 'Pod default/web-1: spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].labelSelector.matchExpressions[0].operator: Invalid value: "Contains": not a valid selector operator',
  },
  {
    name: 'In without values (ValidateLabelSelectorRequirement)',
    lines: ['apiVersion: policy/v1', 'kind: PodDisruptionBudget', 'metadata: {name: pdb}', 'spec:', '  minAvailable: 1',
      '  selector:', '    matchExpressions:', '    - key: app', '      operator: In'],
    line: 8, column: 7, path: 'spec.selector.matchExpressions[0].values',
    message: "PodDisruptionBudget default/pdb: spec.selector.matchExpressions[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn'",
  },
  {
    name: 'Exists with values (ValidateNodeSelectorRequirement)',
    lines: [...podHead, '  affinity:', '    nodeAffinity:', '      requiredDuringSchedulingIgnoredDuringExecution:', '        nodeSelectorTerms:',
      '        - matchExpressions:', '          - {key: disk, operator: Exists, values: [ssd]}'],
    line: 13, column: 51, path: 'spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].values',
    message: "Pod default/web-1: spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].values: Forbidden: may not be specified when `operator` is 'Exists' or 'DoesNotExist'",
  },
  {
    name: 'Gt with two values (ValidateNodeSelectorRequirement)',
    lines: [...podHead, '  affinity:', '    nodeAffinity:', '      requiredDuringSchedulingIgnoredDuringExecution:', '        nodeSelectorTerms:',
      '        - matchExpressions:', '          - {key: cores, operator: Gt, values: ["4", "8"]}'],
    line: 13, column: 48, path: 'spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].values',
    message: "Pod default/web-1: spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].values: Required value: must be specified single value when `operator` is 'Lt' or 'Gt'",
  },
  {
    name: 'matchFields on a field other than metadata.name (ValidateNodeFieldSelectorRequirement)',
    lines: [...podHead, '  affinity:', '    nodeAffinity:', '      requiredDuringSchedulingIgnoredDuringExecution:', '        nodeSelectorTerms:',
      '        - matchFields:', '          - {key: metadata.uid, operator: In, values: [abc]}'],
    line: 13, column: 19, path: 'spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchFields[0].key',
    message: 'Pod default/web-1: spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchFields[0].key: Invalid value: "metadata.uid": not a valid field selector key',
  },
  {
    name: 'label key that is not a qualified name (ValidateLabels)',
    lines: ['apiVersion: v1', 'kind: Node', 'metadata:', '  name: n1', '  labels:', '    -bad: x'],
    line: 6, column: 5, path: 'metadata.labels',
    message: `Node n1: metadata.labels: Invalid value: "-bad": ${labelKeyRegex}`,
  },
  {
    name: 'label value with a space (ValidateLabels)',
    lines: ['apiVersion: v1', 'kind: Node', 'metadata:', '  name: n1', '  labels:', '    app: "a b"'],
    line: 6, column: 10, path: 'metadata.labels',
    message: `Node n1: metadata.labels: Invalid value: "a b": ${labelValueRegex}`,
  },
  {
    name: 'toleration without key and not Exists (ValidateTolerations)',
    lines: [...podHead, '  tolerations:', '  - {operator: Equal, value: x, effect: NoSchedule}'],
    line: 9, column: 16, path: 'spec.tolerations[0].operator',
    message: 'Pod default/web-1: spec.tolerations[0].operator: Invalid value: "Equal": operator must be Exists when `key` is empty, which means "match all values and all keys"',
  },
  {
    name: 'tolerationSeconds on a NoSchedule toleration (ValidateTolerations)',
    lines: [...podHead, '  tolerations:', '  - {key: k, operator: Exists, effect: NoSchedule, tolerationSeconds: 30}'],
    line: 9, column: 40, path: 'spec.tolerations[0].effect',
    message: "Pod default/web-1: spec.tolerations[0].effect: Invalid value: \"NoSchedule\": effect must be 'NoExecute' when `tolerationSeconds` is set",
  },
  {
    name: 'node taint with an unknown effect (validateNodeTaints)',
    lines: ['apiVersion: v1', 'kind: Node', 'metadata: {name: n1}', 'spec:', '  taints:', '  - {key: k, value: v, effect: Sometimes}'],
    line: 6, column: 32, path: 'spec.taints[0].effect',
    message: 'Node n1: spec.taints[0].effect: Unsupported value: "Sometimes": supported values: "NoSchedule", "PreferNoSchedule", "NoExecute"',
  },
  {
    name: 'Deployment selector that does not match the template (ValidatePodTemplateSpecForReplicaSet)',
    lines: ['apiVersion: apps/v1', 'kind: Deployment', 'metadata: {name: web}', 'spec:', '  selector: {matchLabels: {app: web}}',
      '  template:', '    metadata:', '      labels: {app: api}', '    spec: {containers: [{name: c, image: nginx}]}'],
    line: 8, column: 15, path: 'spec.template.metadata.labels',
    message: 'Deployment default/web: spec.template.metadata.labels: Invalid value: {"app":"api"}: `selector` does not match template `labels`',
  },
  {
    name: 'topology spread constraint with maxSkew 0 (validateTopologySpreadConstraints)',
    lines: [...podHead, '  topologySpreadConstraints:', '  - {maxSkew: 0, topologyKey: zone, whenUnsatisfiable: DoNotSchedule}'],
    line: 9, column: 15, path: 'spec.topologySpreadConstraints[0].maxSkew',
    message: 'Pod default/web-1: spec.topologySpreadConstraints[0].maxSkew: Invalid value: 0: must be greater than zero',
  },
  {
    name: 'topology spread constraint with an unknown whenUnsatisfiable',
    lines: [...podHead, '  topologySpreadConstraints:', '  - {maxSkew: 1, topologyKey: zone, whenUnsatisfiable: Maybe}'],
    line: 9, column: 56, path: 'spec.topologySpreadConstraints[0].whenUnsatisfiable',
    message: 'Pod default/web-1: spec.topologySpreadConstraints[0].whenUnsatisfiable: Unsupported value: "Maybe": supported values: "DoNotSchedule", "ScheduleAnyway"',
  },
  {
    name: 'user PriorityClass above 1000000000 (ValidatePriorityClass)',
    lines: ['apiVersion: scheduling.k8s.io/v1', 'kind: PriorityClass', 'metadata: {name: top}', 'value: 2000000000'],
    line: 4, column: 8, path: 'value',
    message: 'PriorityClass top: value: Forbidden: maximum allowed value of a user defined priority is 1000000000',
  },
  {
    name: 'a second globalDefault PriorityClass (priority admission validatePriorityClass)',
    lines: ['apiVersion: scheduling.k8s.io/v1', 'kind: PriorityClass', 'metadata: {name: a}', 'value: 1', 'globalDefault: true',
      '---', 'apiVersion: scheduling.k8s.io/v1', 'kind: PriorityClass', 'metadata: {name: b}', 'value: 2', 'globalDefault: true'],
    line: 11, column: 16, path: 'globalDefault',
    message: 'PriorityClass b: globalDefault: priorityclasses.scheduling.k8s.io "b" is forbidden: PriorityClass a is already marked as default. Only one default can exist',
  },
  {
    name: 'Job template without restartPolicy (defaulted to Always, then ValidateJobSpec)',
    lines: ['apiVersion: batch/v1', 'kind: Job', 'metadata: {name: pi}', 'spec:', '  template:', '    spec:', '      containers: [{name: c, image: perl}]'],
    line: 7, column: 7, path: 'spec.template.spec.restartPolicy',
    message: 'Job default/pi: spec.template.spec.restartPolicy: Unsupported value: "Always": supported values: "OnFailure", "Never"',
  },
  {
    name: 'pod without containers (ValidatePodSpec)',
    lines: ['apiVersion: v1', 'kind: Pod', 'metadata: {name: empty}', 'spec:', '  nodeSelector: {disk: ssd}'],
    line: 5, column: 3, path: 'spec.containers',
    message: 'Pod default/empty: spec.containers: Required value',
  },
  {
    name: 'duplicate container names (validateContainers)',
    lines: ['apiVersion: v1', 'kind: Pod', 'metadata: {name: p}', 'spec:', '  containers:', '  - {name: c, image: a}', '  - {name: c, image: b}'],
    line: 7, column: 12, path: 'spec.containers[1].name',
    message: 'Pod default/p: spec.containers[1].name: Duplicate value: "c"',
  },
  {
    name: 'namespace node-selector annotation that is not k=v (ConvertSelectorToLabelsMap)',
    lines: ['apiVersion: v1', 'kind: Namespace', 'metadata:', '  name: team', '  annotations:', '    scheduler.alpha.kubernetes.io/node-selector: "zone"'],
    line: 6, column: 50, path: 'metadata.annotations[scheduler.alpha.kubernetes.io/node-selector]',
    message: 'Namespace team: metadata.annotations[scheduler.alpha.kubernetes.io/node-selector]: Invalid value: "zone": invalid selector: [zone]',
  },
  {
    name: 'timeline step on a node the scenario does not have',
    lines: ['apiVersion: podplay/v1alpha1', 'kind: Scenario', 'metadata: {name: s}', 'spec:', '  timeline:', '  - {at: 10, action: cordon, node: node-7}'],
    line: 6, column: 36, path: 'spec.timeline[0].node',
    message: 'Scenario s: spec.timeline[0].node: node "node-7" not found (not declared in the scenario nor applied by an earlier step)',
  },
  {
    name: 'timeline steps out of time order',
    lines: ['apiVersion: podplay/v1alpha1', 'kind: Scenario', 'metadata: {name: s}', 'spec:', '  timeline:',
      '  - {at: 30, action: apply, object: {kind: Pod, metadata: {name: web-2}, spec: {containers: [{name: c, image: i}]}}}', '  - {at: 20, action: evict, pod: default/web-2}'],
    line: 7, column: 10, path: 'spec.timeline[1].at',
    message: 'Scenario s: spec.timeline[1].at: Invalid value: 20: steps must be in time order: the step before is at 30',
  },
  {
    name: 'taint step in kubectl syntax with a bad effect',
    lines: [...node('n1').slice(1), '---', 'apiVersion: podplay/v1alpha1', 'kind: Scenario', 'metadata: {name: s}', 'spec:', '  timeline:',
      '  - {at: 5, action: taint, node: n1, taint: "dedicated=db:NoRun"}'],
    line: 10, column: 45, path: 'spec.timeline[0].taint.effect',
    message: 'Scenario s: spec.timeline[0].taint.effect: Unsupported value: "NoRun": supported values: "NoSchedule", "PreferNoSchedule", "NoExecute"',
  },
];

describe('loadScenario: malformed input', () => {
  it.each(rows)('$name', (row) => {
    const errors = errorsOf(row.lines);
    const expected: ScenarioError = { file: FILE, line: row.line, column: row.column, message: row.message };
    if (row.path) expected.path = row.path;
    expect(errors).toContainEqual(expected);
  });

  it('collects every error, not just the first', () => {
    const errors = errorsOf([
      'apiVersion: v1', 'kind: Pod', 'metadata: {name: p}', 'spec:', '  containers:',
      '  - name: c', '    image: nginx', '    resources: {requests: {cpu: lots, memory: "-1"}}',
      '  priority: high',
    ]);
    expect(errors.map(formatScenarioError)).toEqual([
      'bad.yaml:8:33: Pod default/p: spec.containers[0].resources.requests.cpu: "lots" is not a quantity',
      'bad.yaml:8:47: Pod default/p: spec.containers[0].resources.requests.memory: Invalid value: "-1": must be greater than or equal to 0',
      'bad.yaml:9:13: Pod default/p: spec.priority: expected an integer, got string "high"',
    ]);
  });

  it('formats errors as file:line:col: message', () => {
    expect(formatScenarioError({ file: 'a.yaml', line: 3, column: 7, message: 'Node n: x' })).toBe('a.yaml:3:7: Node n: x');
  });
});

describe('loadScenario: warnings', () => {
  it('keeps an unknown kind and says it is not simulated', () => {
    const r = loadScenario(['apiVersion: v1', 'kind: ConfigMap', 'metadata: {name: cfg}', 'data: {a: b}'].join('\n'), FILE);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.scenario.warnings).toEqual([{ file: FILE, line: 1, column: 1, message: 'ConfigMap cfg: kind ConfigMap (v1) is not simulated; the object is kept but has no effect' }]);
    expect(r.scenario.others).toEqual([{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cfg' }, data: { a: 'b' } }]);
  });

  it('warns that Gt with a value that is not an integer never matches (upstream accepts it)', () => {
    const r = loadScenario([...podHead, '  affinity:', '    nodeAffinity:', '      requiredDuringSchedulingIgnoredDuringExecution:', '        nodeSelectorTerms:',
      '        - matchExpressions:', '          - {key: cores, operator: Gt, values: [four]}'].join('\n'), FILE);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const path = 'spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].values[0]';
    expect(r.scenario.warnings).toEqual([{ file: FILE, line: 13, column: 48, path, message: `Pod default/web-1: ${path}: "four" is not an integer, so 'Gt' never matches` }]);
  });

  it('warns about a field the API does not have (kubectl --validate=strict)', () => {
    const r = loadScenario([...podHead, '  nodeSelecter: {disk: ssd}'].join('\n'), FILE);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.scenario.warnings).toContainEqual({ file: FILE, line: 8, column: 3, path: 'spec.nodeSelecter', message: 'Pod default/web-1: spec.nodeSelecter: unknown field, ignored' });
  });
});
