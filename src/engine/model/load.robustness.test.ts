// The loader never throws on user input: thousands of generated and mutated scenarios must each
// give a scenario or a list of positioned errors, without touching Object.prototype.
import fc from 'fast-check';
import { stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { loadScenario } from './load';

const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort();

function fail(text: string, why: string): never {
  throw new Error(`${why}\n--- input ---\n${text.slice(0, 2000)}`);
}

/** The property: an answer every time, positioned errors, no prototype pollution. (Plain checks: this runs thousands of times.) */
function check(text: string): void {
  const r = loadScenario(text, 'fuzz.yaml');
  if (r.ok) {
    if (!Array.isArray(r.scenario.pods)) fail(text, 'scenario without pods');
  } else {
    if (r.errors.length === 0) fail(text, 'not ok, but no errors');
    for (const e of r.errors) {
      if (e.file !== 'fuzz.yaml' || !Number.isInteger(e.line) || e.line < 1 || !Number.isInteger(e.column) || e.column < 1) fail(text, `bad position ${JSON.stringify(e)}`);
      if (typeof e.message !== 'string' || e.message.length === 0) fail(text, `bad message ${JSON.stringify(e)}`);
      // a caught exception would hide a loader bug behind an error message
      if (e.message.startsWith('internal error')) fail(text, e.message);
    }
  }
  if (Object.getOwnPropertyNames(Object.prototype).length !== prototypeKeys.length || ({} as Record<string, unknown>).polluted !== undefined) {
    fail(text, 'Object.prototype was changed');
  }
}

const kinds = ['Pod', 'Node', 'Namespace', 'Service', 'PriorityClass', 'RuntimeClass', 'PodDisruptionBudget', 'Workload',
  'Deployment', 'ReplicaSet', 'StatefulSet', 'DaemonSet', 'Job', 'ReplicationController', 'Scenario', 'KubeSchedulerConfiguration', 'List', 'ConfigMap'];
const apiVersions = ['v1', 'apps/v1', 'batch/v1', 'policy/v1', 'scheduling.k8s.io/v1', 'scheduling.k8s.io/v1alpha1', 'node.k8s.io/v1',
  'podplay/v1alpha1', 'kubescheduler.config.k8s.io/v1', 'apps/v1beta1', ''];
const fieldNames = ['metadata', 'spec', 'status', 'name', 'namespace', 'labels', 'annotations', 'containers', 'initContainers', 'resources',
  'requests', 'limits', 'cpu', 'memory', 'nodeName', 'nodeSelector', 'affinity', 'nodeAffinity', 'podAffinity', 'podAntiAffinity',
  'requiredDuringSchedulingIgnoredDuringExecution', 'preferredDuringSchedulingIgnoredDuringExecution', 'nodeSelectorTerms',
  'matchExpressions', 'matchFields', 'matchLabels', 'key', 'operator', 'values', 'tolerations', 'taints', 'effect', 'value',
  'topologySpreadConstraints', 'maxSkew', 'topologyKey', 'whenUnsatisfiable', 'labelSelector', 'matchLabelKeys', 'replicas',
  'selector', 'template', 'priority', 'priorityClassName', 'runtimeClassName', 'overhead', 'podFixed', 'handler', 'scheduling',
  'timeline', 'at', 'action', 'object', 'node', 'taint', 'pod', 'items', 'allocatable', 'capacity', 'globalDefault', 'podGroups',
  'policy', 'gang', 'minCount', 'seed', 'ownerReferences', 'schedulingGates', 'ports', 'hostPort', 'containerPort', 'weight',
  '__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'polluted', '<<'];

const scalar = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom('In', 'NotIn', 'Exists', 'DoesNotExist', 'Gt', 'Lt', 'NoSchedule', 'NoExecute', 'Always', 'Never', '100m', '1Gi', '-1',
    '1e400', '9999999999999999999999', 'node-1', 'default', 'a/b/c', '', ' ', '__proto__', '2024-05-01T10:00:00Z', 'system-node-critical'),
  fc.integer(), fc.double(), fc.boolean(), fc.constant(null),
  fc.constantFrom(Number.MAX_SAFE_INTEGER + 2, -1, 0, 1e308, 2147483648),
);

// JSON-like values with Kubernetes-ish keys (and hostile ones), nested.
const { value: kubeValue } = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...fieldNames), fc.string({ maxLength: 6 })), tie('value'), { maxKeys: 5 }),
  ),
}));

const kubeObject = fc.record({
  apiVersion: fc.constantFrom(...apiVersions),
  kind: fc.constantFrom(...kinds),
  metadata: fc.oneof(kubeValue, fc.record({ name: scalar, namespace: scalar, labels: kubeValue })),
  spec: kubeValue,
  status: kubeValue,
}, { requiredKeys: ['kind'] });

/** A generated value written as YAML (own `__proto__` keys included). */
function toYaml(value: unknown): string {
  try {
    return stringify(value);
  } catch {
    return JSON.stringify(value) ?? '';
  }
}

const examples = Object.values(import.meta.glob('../../../scenarios/*.yaml', { query: '?raw', import: 'default', eager: true }) as Record<string, string>);

/** Small edits of a valid file: delete, insert, replace a span. */
const mutated = fc.record({
  base: fc.constantFrom(...examples),
  edits: fc.array(fc.record({
    at: fc.nat(), length: fc.nat({ max: 8 }),
    text: fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom(':', '-', '- ', '{', '}', '[', ']', '"', "'", '\n', '  ', '\t', '&a', '*a', '<<: *a', '---\n', '!!binary ', '? ', '|', '#', '1e9999', '__proto__: {polluted: 1}\n')),
  }), { minLength: 1, maxLength: 5 }),
}).map(({ base, edits }) => {
  let text = base;
  for (const e of edits) {
    const at = e.at % (text.length + 1);
    text = text.slice(0, at) + e.text + text.slice(at + e.length);
  }
  return text;
});

/** A property's thousand runs take a few seconds alone, and a minute on a machine loaded five times over. */
const PROPERTY_TIMEOUT = 180_000;

describe('loadScenario never throws', () => {
  it('random text', () => {
    fc.assert(fc.property(fc.string({ maxLength: 200, unit: 'binary' }), check), { numRuns: 1000 });
  }, PROPERTY_TIMEOUT);

  it('random Kubernetes-shaped documents with wrong types, huge numbers and hostile keys', () => {
    fc.assert(fc.property(fc.array(kubeObject, { minLength: 1, maxLength: 4 }), (objects) => {
      check(objects.map(toYaml).join('---\n'));
    }), { numRuns: 1500 });
  }, PROPERTY_TIMEOUT);

  it('a List of random items', () => {
    fc.assert(fc.property(fc.array(kubeObject, { maxLength: 5 }), (items) => check(toYaml({ apiVersion: 'v1', kind: 'List', items }))), { numRuns: 400 });
  }, PROPERTY_TIMEOUT);

  it('mutated example scenarios', () => {
    fc.assert(fc.property(mutated, check), { numRuns: 1200 });
  }, PROPERTY_TIMEOUT);

  it('deep nesting, anchors and aliases', () => {
    check(`${'['.repeat(5000)}${']'.repeat(5000)}`);
    check(`a: ${'{b: '.repeat(2000)}1${'}'.repeat(2000)}`);
    check(`${'- '.repeat(300)}x`);
    const laughs = ['a: &a [x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < 9; i++) laughs.push(`${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(9).fill(`*${String.fromCharCode(96 + i)}`).join(', ')}]`);
    check(`apiVersion: v1\nkind: Node\nmetadata: {name: n}\n${laughs.join('\n')}\n`);
    check('apiVersion: v1\nkind: Node\nmetadata: &m {name: n, labels: *m}\n');
  }, PROPERTY_TIMEOUT);

  it('prototype keys in every kind of map', () => {
    const hostile = ['apiVersion: v1', 'kind: Pod', 'metadata:', '  name: p', '  labels: {__proto__: {polluted: 1}, constructor: x}',
      '  annotations: {__proto__: "1"}', 'spec:', '  nodeSelector: {__proto__: x}', '  containers:', '  - name: c',
      '    resources: {requests: {__proto__: 1, constructor: 2}}', '---', 'apiVersion: kubescheduler.config.k8s.io/v1',
      'kind: KubeSchedulerConfiguration', '__proto__: {polluted: 1}', 'profiles: [{__proto__: {polluted: 2}}]'].join('\n');
    check(hostile);
    const r = loadScenario(hostile.split('---')[1]!, 'cfg.yaml');
    expect(r.ok && Object.getPrototypeOf(r.scenario.schedulerConfig!.object)).toBe(Object.prototype);
  });
});
