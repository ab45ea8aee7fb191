// Rows from upstream component-helpers/scheduling/corev1/nodeaffinity/nodeaffinity_test.go and
// component-helpers/scheduling/corev1/helpers_test.go (TestMatchNodeSelectorTerms).
import { describe, expect, it } from 'vitest';
import { makeNode, makePod } from '../testing/builders';
import {
  aggregateErrorString, compileLabelSelector, getRequiredNodeAffinity, isQualifiedName, LazyErrorNodeSelector, matchNodeSelector,
  matchNodeSelectorRequirement, newNodeSelector, newPreferredSchedulingTerms, parseInt64, type FieldError,
} from './selectors';
import type { Affinity, LabelSelector, Labels, Node, NodeSelector, NodeSelectorRequirement, PreferredSchedulingTerm } from './types';

const INVALID_KEY_DETAIL = "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";

function node(name: string, labels?: Labels): Node {
  return makeNode().name(name).labels(labels ?? {}).obj();
}

const in1 = (key: string, ...values: string[]): NodeSelectorRequirement => ({ key, operator: 'In', values });
const hostIn = (...values: string[]): NodeSelectorRequirement => ({ key: 'metadata.name', operator: 'In', values });

const brief = (errs: FieldError[]) => errs.map((e) => ({ type: e.type, field: e.field, detail: e.detail }));

describe('NewNodeSelector / NodeSelector.Match (TestNodeSelectorMatch)', () => {
  it('invalid field selector and label selector', () => {
    const { selector, errors } = newNodeSelector({
      nodeSelectorTerms: [
        { matchFields: [hostIn('host_1', 'host_2')] },
        { matchExpressions: [in1('label_1', 'label_1_val')], matchFields: [hostIn('host_1')] },
        { matchExpressions: [in1('invalid key', 'label_value')] },
      ],
    });
    expect(selector).toBeUndefined();
    expect(brief(errors)).toEqual([
      { type: 'Invalid', field: 'nodeSelectorTerms[0].matchFields[0].values', detail: 'must have one element' },
      { type: 'Invalid', field: 'nodeSelectorTerms[2].matchExpressions[0].key', detail: INVALID_KEY_DETAIL },
    ]);
  });

  const cases: { name: string; selector: NodeSelector; node?: Node; want: boolean }[] = [
    { name: 'nil node', selector: { nodeSelectorTerms: [] }, node: undefined, want: false },
    { name: 'node matches field selector, but not labels', selector: { nodeSelectorTerms: [{ matchExpressions: [in1('label_1', 'label_1_val')], matchFields: [hostIn('host_1')] }] }, node: node('host_1'), want: false },
    { name: 'node matches field selector and label selector', selector: { nodeSelectorTerms: [{ matchExpressions: [in1('label_1', 'label_1_val')], matchFields: [hostIn('host_1')] }] }, node: node('host_1', { label_1: 'label_1_val' }), want: true },
    { name: 'second term matches', selector: { nodeSelectorTerms: [{ matchExpressions: [in1('label_1', 'label_1_val')] }, { matchFields: [hostIn('host_1')] }] }, node: node('host_1'), want: true },
  ];
  it.each(cases)('$name', ({ selector, node: n, want }) => {
    const parsed = newNodeSelector(selector);
    expect(parsed.errors).toEqual([]);
    expect(parsed.selector!.match(n).matches).toBe(want);
  });
});

describe('NewPreferredSchedulingTerms / Score (TestPreferredSchedulingTermsScore)', () => {
  it('invalid field selector and label selector', () => {
    const { terms, errors } = newPreferredSchedulingTerms([
      { weight: 1, preference: { matchFields: [hostIn('host_1', 'host_2')] } },
      { weight: 1, preference: { matchExpressions: [in1('label_1', 'label_1_val')], matchFields: [hostIn('host_1')] } },
      { weight: 1, preference: { matchExpressions: [in1('invalid key', 'label_value')] } },
    ]);
    expect(terms).toBeUndefined();
    expect(brief(errors)).toEqual([
      { type: 'Invalid', field: '[0].matchFields[0].values', detail: 'must have one element' },
      { type: 'Invalid', field: '[2].matchExpressions[0].key', detail: INVALID_KEY_DETAIL },
    ]);
  });

  const cases: { name: string; terms: PreferredSchedulingTerm[]; node: Node; want: number }[] = [
    { name: 'invalid field selector but no weight, error not reported', terms: [{ weight: 0, preference: { matchFields: [hostIn('host_1', 'host_2')] } }], node: node('host_1'), want: 0 },
    {
      name: 'first and third term match',
      terms: [
        { weight: 5, preference: { matchFields: [hostIn('host_1')] } },
        { weight: 7, preference: { matchExpressions: [in1('unknown_label', 'unknown_label_val')] } },
        { weight: 11, preference: { matchExpressions: [in1('label_1', 'label_1_val')] } },
      ],
      node: node('host_1', { label_1: 'label_1_val' }),
      want: 16,
    },
  ];
  it.each(cases)('$name', ({ terms, node: n, want }) => {
    const parsed = newPreferredSchedulingTerms(terms);
    expect(parsed.errors).toEqual([]);
    expect(parsed.terms!.score(n)).toBe(want);
  });
});

describe('nodeSelectorRequirementsAsSelector (TestNodeSelectorRequirementsAsSelector)', () => {
  it('Exists with values is a parse error on root[0].values', () => {
    const sel = new LazyErrorNodeSelector({ nodeSelectorTerms: [{ matchExpressions: [{ key: 'foo', operator: 'Exists', values: ['bar', 'baz'] }] }] });
    expect(brief(sel.parseErrors)).toEqual([{ type: 'Invalid', field: 'nodeSelectorTerms[0].matchExpressions[0].values', detail: 'values set must be empty for exists and does not exist' }]);
  });
  const cases: { name: string; req: NodeSelectorRequirement; labels: Labels; want: boolean }[] = [
    { name: 'foo in (baz,bar) matches foo=bar', req: in1('foo', 'bar', 'baz'), labels: { foo: 'bar' }, want: true },
    { name: 'foo>1 matches foo=2', req: { key: 'foo', operator: 'Gt', values: ['1'] }, labels: { foo: '2' }, want: true },
    { name: 'foo>1 does not match foo=1', req: { key: 'foo', operator: 'Gt', values: ['1'] }, labels: { foo: '1' }, want: false },
    { name: 'bar<7 matches bar=6', req: { key: 'bar', operator: 'Lt', values: ['7'] }, labels: { bar: '6' }, want: true },
    { name: 'bar<7 does not match a missing label', req: { key: 'bar', operator: 'Lt', values: ['7'] }, labels: {}, want: false },
    { name: 'Gt does not match a non-integer label value', req: { key: 'foo', operator: 'Gt', values: ['1'] }, labels: { foo: 'abc' }, want: false },
  ];
  it.each(cases)('$name', ({ req, labels, want }) => {
    expect(matchNodeSelectorRequirement(req, labels)).toBe(want);
  });

  // labels.NewRequirement validation: these make the whole term a parse error (no match)
  const invalid: { name: string; req: NodeSelectorRequirement; detail: string; field: string }[] = [
    { name: 'Gt value must be an integer', req: { key: 'foo', operator: 'Gt', values: ['abc'] }, field: 'values[0]', detail: "for 'Gt', 'Lt' operators, the value must be an integer" },
    { name: 'Lt needs exactly one value', req: { key: 'foo', operator: 'Lt', values: ['1', '2'] }, field: 'values', detail: "for 'Gt', 'Lt' operators, exactly one value is required" },
    { name: 'NotIn needs values', req: { key: 'foo', operator: 'NotIn', values: [] }, field: 'values', detail: "for 'in', 'notin' operators, values set can't be empty" },
  ];
  it.each(invalid)('$name', ({ req, field, detail }) => {
    const sel = new LazyErrorNodeSelector({ nodeSelectorTerms: [{ matchExpressions: [req] }] });
    expect(brief(sel.parseErrors)).toEqual([{ type: 'Invalid', field: `nodeSelectorTerms[0].matchExpressions[0].${field}`, detail }]);
    expect(sel.match(node('n', { foo: '5' })).matches).toBe(false);
  });

  it('unknown operator is NotSupported', () => {
    const sel = new LazyErrorNodeSelector({ nodeSelectorTerms: [{ matchExpressions: [{ key: 'foo', operator: 'Foo' as never }] }] });
    expect(aggregateErrorString(sel.parseErrors)).toBe('nodeSelectorTerms[0].matchExpressions[0].operator: Unsupported value: "Foo": supported values: "In", "NotIn", "Exists", "DoesNotExist", "Gt", "Lt"');
  });
});

describe('MatchNodeSelectorTerms (helpers_test.go TestMatchNodeSelectorTerms)', () => {
  const cases: { name: string; selector: NodeSelector; node: Node; want: boolean }[] = [
    { name: 'node label matches matchExpressions terms', selector: { nodeSelectorTerms: [{ matchExpressions: [in1('label_1', 'label_1_val')] }] }, node: node('', { label_1: 'label_1_val' }), want: true },
    { name: 'node field matches matchFields terms', selector: { nodeSelectorTerms: [{ matchFields: [hostIn('host_1')] }] }, node: node('host_1'), want: true },
    { name: 'invalid node field requirement', selector: { nodeSelectorTerms: [{ matchFields: [hostIn('host_1', 'host_2')] }] }, node: node('host_1'), want: false },
    { name: 'fieldSelectorTerm with node labels', selector: { nodeSelectorTerms: [{ matchFields: [hostIn('host_1')] }] }, node: node('not_host_1', { 'metadata.name': 'host_1' }), want: false },
    { name: 'labelSelectorTerm with node fields', selector: { nodeSelectorTerms: [{ matchExpressions: [in1('metadata.name', 'host_1')] }] }, node: node('host_1'), want: false },
    { name: 'labelSelectorTerm and fieldSelectorTerm was set, but only node fields', selector: { nodeSelectorTerms: [{ matchExpressions: [in1('label_1', 'label_1_val')], matchFields: [hostIn('host_1')] }] }, node: node('host_1'), want: false },
    { name: 'labelSelectorTerm and fieldSelectorTerm was set, both node fields and labels (both matched)', selector: { nodeSelectorTerms: [{ matchExpressions: [in1('label_1', 'label_1_val')], matchFields: [hostIn('host_1')] }] }, node: node('host_1', { label_1: 'label_1_val' }), want: true },
    { name: 'labelSelectorTerm and fieldSelectorTerm was set, both node fields and labels (one mismatched)', selector: { nodeSelectorTerms: [{ matchExpressions: [in1('label_1', 'label_1_val')], matchFields: [hostIn('host_1')] }] }, node: node('host_1', { label_1: 'label_1_val-failed' }), want: false },
    { name: 'multi-selector was set, both node fields and labels (one mismatched)', selector: { nodeSelectorTerms: [{ matchExpressions: [in1('label_1', 'label_1_val')] }, { matchFields: [hostIn('host_1')] }] }, node: node('host_1', { label_1: 'label_1_val-failed' }), want: true },
    // field selectors read a missing field as "": NotIn on an unknown field matches, In does not
    { name: 'matchFields NotIn on a field the node does not have matches', selector: { nodeSelectorTerms: [{ matchFields: [{ key: 'spec.foo', operator: 'NotIn', values: ['x'] }] }] }, node: node('host_1'), want: true },
    { name: 'matchFields In on a field the node does not have does not match', selector: { nodeSelectorTerms: [{ matchFields: [{ key: 'spec.foo', operator: 'In', values: ['x'] }] }] }, node: node('host_1'), want: false },
  ];
  it.each(cases)('$name', ({ selector, node: n, want }) => {
    expect(matchNodeSelector(selector, n)).toBe(want);
  });
});

describe('GetRequiredNodeAffinity(pod).Match (TestPodMatchesNodeSelectorAndAffinityTerms)', () => {
  const required = (...terms: NonNullable<NodeSelector['nodeSelectorTerms']>): Affinity => ({ nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: terms } } });
  const cases: { name: string; nodeSelector?: Labels; affinity?: Affinity; labels?: Labels; nodeName?: string; want: boolean }[] = [
    { name: 'no selector', want: true },
    { name: 'missing labels', nodeSelector: { foo: 'bar' }, want: false },
    { name: 'same labels', nodeSelector: { foo: 'bar' }, labels: { foo: 'bar' }, want: true },
    { name: 'node labels are superset', nodeSelector: { foo: 'bar' }, labels: { foo: 'bar', baz: 'blah' }, want: true },
    { name: 'node labels are subset', nodeSelector: { foo: 'bar', baz: 'blah' }, labels: { foo: 'bar' }, want: false },
    { name: 'Pod with matchExpressions using In operator that matches the existing node', affinity: required({ matchExpressions: [in1('foo', 'bar', 'value2')] }), labels: { foo: 'bar' }, want: true },
    { name: 'Pod with matchExpressions using Gt operator that matches the existing node', affinity: required({ matchExpressions: [{ key: 'kernel-version', operator: 'Gt', values: ['0204'] }] }), labels: { 'kernel-version': '0206' }, want: true },
    { name: 'Pod with matchExpressions using NotIn operator that matches the existing node', affinity: required({ matchExpressions: [{ key: 'mem-type', operator: 'NotIn', values: ['DDR', 'DDR2'] }] }), labels: { 'mem-type': 'DDR3' }, want: true },
    { name: 'Pod with matchExpressions using Exists operator that matches the existing node', affinity: required({ matchExpressions: [{ key: 'GPU', operator: 'Exists' }] }), labels: { GPU: 'NVIDIA-GRID-K1' }, want: true },
    { name: "Pod with affinity that don't match node's labels won't schedule onto the node", affinity: required({ matchExpressions: [in1('foo', 'value1', 'value2')] }), labels: { foo: 'bar' }, want: false },
    { name: "Pod with a nil []NodeSelectorTerm in affinity, can't match the node's labels and won't schedule onto the node", affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: {} as NodeSelector } }, labels: { foo: 'bar' }, want: false },
    { name: "Pod with an empty []NodeSelectorTerm in affinity, can't match the node's labels and won't schedule onto the node", affinity: required(), labels: { foo: 'bar' }, want: false },
    { name: "Pod with empty MatchExpressions is not a valid value will match no objects and won't schedule onto the node", affinity: required({ matchExpressions: [] }), labels: { foo: 'bar' }, want: false },
    { name: 'Pod with no Affinity will schedule onto a node', labels: { foo: 'bar' }, want: true },
    { name: 'Pod with Affinity but nil NodeSelector will schedule onto a node', affinity: { nodeAffinity: {} }, labels: { foo: 'bar' }, want: true },
    { name: 'Pod with multiple matchExpressions ANDed that matches the existing node', affinity: required({ matchExpressions: [{ key: 'GPU', operator: 'Exists' }, { key: 'GPU', operator: 'NotIn', values: ['AMD', 'INTER'] }] }), labels: { GPU: 'NVIDIA-GRID-K1' }, want: true },
    { name: "Pod with multiple matchExpressions ANDed that doesn't match the existing node", affinity: required({ matchExpressions: [{ key: 'GPU', operator: 'Exists' }, { key: 'GPU', operator: 'In', values: ['AMD', 'INTER'] }] }), labels: { GPU: 'NVIDIA-GRID-K1' }, want: false },
    { name: "Pod with multiple NodeSelectorTerms ORed in affinity, matches the node's labels and will schedule onto the node", affinity: required({ matchExpressions: [in1('foo', 'bar', 'value2')] }, { matchExpressions: [in1('diffkey', 'wrong', 'value2')] }), labels: { foo: 'bar' }, want: true },
    { name: 'Pod with an Affinity and a PodSpec.NodeSelector(the old thing that we are deprecating) both are satisfied, will schedule onto the node', nodeSelector: { foo: 'bar' }, affinity: required({ matchExpressions: [{ key: 'foo', operator: 'Exists' }] }), labels: { foo: 'bar' }, want: true },
    { name: "Pod with an Affinity matches node's labels but the PodSpec.NodeSelector(the old thing that we are deprecating) is not satisfied, won't schedule onto the node", nodeSelector: { foo: 'bar' }, affinity: required({ matchExpressions: [{ key: 'foo', operator: 'Exists' }] }), labels: { foo: 'barrrrrr' }, want: false },
    { name: "Pod with an invalid value in Affinity term won't be scheduled onto the node", affinity: required({ matchExpressions: [{ key: 'foo', operator: 'NotIn', values: ['invalid value: ___@#$%^'] }] }), labels: { foo: 'bar' }, want: false },
    { name: 'Pod with matchFields using In operator that matches the existing node', affinity: required({ matchFields: [hostIn('node_1')] }), nodeName: 'node_1', want: true },
    { name: 'Pod with matchFields using In operator that does not match the existing node', affinity: required({ matchFields: [hostIn('node_1')] }), nodeName: 'node_2', want: false },
    { name: 'Pod with two terms: matchFields does not match, but matchExpressions matches', affinity: required({ matchFields: [hostIn('node_1')] }, { matchExpressions: [in1('foo', 'bar')] }), nodeName: 'node_2', labels: { foo: 'bar' }, want: true },
    { name: 'Pod with one term: matchFields does not match, but matchExpressions matches', affinity: required({ matchFields: [hostIn('node_1')], matchExpressions: [in1('foo', 'bar')] }), nodeName: 'node_2', labels: { foo: 'bar' }, want: false },
    { name: 'Pod with one term: both matchFields and matchExpressions match', affinity: required({ matchFields: [hostIn('node_1')], matchExpressions: [in1('foo', 'bar')] }), nodeName: 'node_1', labels: { foo: 'bar' }, want: true },
    { name: 'Pod with two terms: both matchFields and matchExpressions do not match', affinity: required({ matchFields: [hostIn('node_1')] }, { matchExpressions: [in1('foo', 'not-match-to-bar')] }), nodeName: 'node_2', labels: { foo: 'bar' }, want: false },
  ];
  it.each(cases)('$name', ({ nodeSelector, affinity, labels, nodeName, want }) => {
    const pod = makePod().name('p').obj();
    if (nodeSelector) pod.spec.nodeSelector = nodeSelector;
    if (affinity) pod.spec.affinity = affinity;
    expect(getRequiredNodeAffinity(pod).match(node(nodeName ?? '', labels)).matches).toBe(want);
  });
});

describe('label key syntax and strconv.ParseInt', () => {
  it.each([
    { key: 'example.com/MyName', errs: 0 },
    { key: 'invalid/label/key', errs: 1 },
    { key: 'example.com/', errs: 2 }, // "name part must be non-empty" and the regex error, as upstream
  ])('isQualifiedName($key) has $errs error(s)', ({ key, errs }) => {
    expect(isQualifiedName(key)).toHaveLength(errs);
  });
  it.each([
    { s: '0204', want: 204n },
    { s: '+5', want: 5n },
    { s: '-9223372036854775808', want: -9223372036854775808n },
    { s: '9223372036854775808', want: undefined },
    { s: '1.5', want: undefined },
    { s: '', want: undefined },
  ])('parseInt64($s)', ({ s, want }) => {
    expect(parseInt64(s)).toBe(want);
  });
});

describe('LabelSelectorAsSelector: matching a label set (labels.Selector.Matches)', () => {
  // A label set is a Go map: a key is there or not. Keys that JavaScript objects inherit
  // (constructor, toString, __proto__) are not labels, whichever prototype the set has.
  const nullProto = (labels: Labels): Labels => Object.assign(Object.create(null) as Labels, labels);
  const cases: { name: string; selector: LabelSelector; labels: Labels | undefined; want: boolean }[] = [
    { name: 'matchLabels equal', selector: { matchLabels: { app: 'web' } }, labels: { app: 'web', tier: 'x' }, want: true },
    { name: 'matchLabels different value', selector: { matchLabels: { app: 'web' } }, labels: { app: 'db' }, want: false },
    { name: 'matchLabels key missing', selector: { matchLabels: { app: 'web' } }, labels: {}, want: false },
    { name: 'matchLabels and an expression, both hold', selector: { matchLabels: { app: 'web' }, matchExpressions: [{ key: 'tier', operator: 'In', values: ['a', 'b'] }] }, labels: { app: 'web', tier: 'b' }, want: true },
    { name: 'matchLabels and an expression, expression fails', selector: { matchLabels: { app: 'web' }, matchExpressions: [{ key: 'tier', operator: 'In', values: ['a'] }] }, labels: { app: 'web', tier: 'b' }, want: false },
    { name: 'In, key missing', selector: { matchExpressions: [{ key: 'tier', operator: 'In', values: ['a'] }] }, labels: {}, want: false },
    { name: 'NotIn, key missing', selector: { matchExpressions: [{ key: 'tier', operator: 'NotIn', values: ['a'] }] }, labels: {}, want: true },
    { name: 'NotIn, listed value', selector: { matchExpressions: [{ key: 'tier', operator: 'NotIn', values: ['a'] }] }, labels: { tier: 'a' }, want: false },
    { name: 'NotIn, other value', selector: { matchExpressions: [{ key: 'tier', operator: 'NotIn', values: ['a'] }] }, labels: { tier: 'b' }, want: true },
    { name: 'Exists', selector: { matchExpressions: [{ key: 'tier', operator: 'Exists' }] }, labels: { tier: '' }, want: true },
    { name: 'DoesNotExist, present with an empty value', selector: { matchExpressions: [{ key: 'tier', operator: 'DoesNotExist' }] }, labels: { tier: '' }, want: false },
    { name: 'no labels at all', selector: { matchExpressions: [{ key: 'tier', operator: 'DoesNotExist' }] }, labels: undefined, want: true },
    { name: 'Exists constructor, plain object without it', selector: { matchExpressions: [{ key: 'constructor', operator: 'Exists' }] }, labels: { app: 'web' }, want: false },
    { name: 'DoesNotExist toString, plain object', selector: { matchExpressions: [{ key: 'toString', operator: 'DoesNotExist' }] }, labels: { app: 'web' }, want: true },
    { name: 'NotIn __proto__, plain object', selector: { matchExpressions: [{ key: '__proto__', operator: 'NotIn', values: ['x'] }] }, labels: { app: 'web' }, want: true },
    { name: 'Exists __proto__ as a real label (null prototype)', selector: { matchExpressions: [{ key: '__proto__', operator: 'Exists' }] }, labels: nullProto({ ['__proto__']: 'x' }), want: true },
    { name: 'In constructor as a real label (null prototype)', selector: { matchExpressions: [{ key: 'constructor', operator: 'In', values: ['x'] }] }, labels: nullProto({ constructor: 'x' } as Labels), want: true },
    { name: 'matchLabels constructor, plain object without it', selector: { matchLabels: { constructor: 'x' } as Labels }, labels: {}, want: false },
  ];
  it.each(cases)('$name', ({ selector, labels, want }) => {
    expect(compileLabelSelector(selector).matches(labels)).toBe(want);
  });
});
