// Rows from upstream staging/src/k8s.io/api/core/v1/toleration_test.go (TestTolerationToleratesTaint,
// TestCompareNumericValues) and component-helpers/scheduling/corev1/helpers_test.go
// (TestFindMatchingUntoleratedTaint).
import { describe, expect, it } from 'vitest';
import { compareNumericValues, findMatchingUntoleratedTaint, toleratesTaint } from './taints';
import type { Taint, Toleration } from './types';

const SLA = 'node.kubernetes.io/sla';

describe('Toleration.ToleratesTaint (TestTolerationToleratesTaint)', () => {
  const cases: { name: string; toleration: Toleration; taint: Taint; want: boolean; gate?: boolean }[] = [
    { name: 'toleration and taint have the same key and effect, and operator is Exists, and taint has no value, expect tolerated', toleration: { key: 'foo', operator: 'Exists', effect: 'NoSchedule' }, taint: { key: 'foo', effect: 'NoSchedule' }, want: true },
    { name: 'toleration and taint have the same key and effect, and operator is Exists, and taint has some value, expect tolerated', toleration: { key: 'foo', operator: 'Exists', effect: 'NoSchedule' }, taint: { key: 'foo', value: 'bar', effect: 'NoSchedule' }, want: true },
    { name: 'toleration and taint have the same effect, toleration has empty key and operator is Exists, means match all taints, expect tolerated', toleration: { key: '', operator: 'Exists', effect: 'NoSchedule' }, taint: { key: 'foo', value: 'bar', effect: 'NoSchedule' }, want: true },
    { name: 'toleration and taint have the same key, effect and value, and operator is Equal, expect tolerated', toleration: { key: 'foo', operator: 'Equal', value: 'bar', effect: 'NoSchedule' }, taint: { key: 'foo', value: 'bar', effect: 'NoSchedule' }, want: true },
    { name: 'toleration and taint have the same key and effect, but different values, and operator is Equal, expect not tolerated', toleration: { key: 'foo', operator: 'Equal', value: 'value1', effect: 'NoSchedule' }, taint: { key: 'foo', value: 'value2', effect: 'NoSchedule' }, want: false },
    { name: 'toleration and taint have the same key and value, but different effects, and operator is Equal, expect not tolerated', toleration: { key: 'foo', operator: 'Equal', value: 'bar', effect: 'NoSchedule' }, taint: { key: 'foo', value: 'bar', effect: 'NoExecute' }, want: false },
    { name: 'toleration with Gt operator - taint value less than toleration value, expect not tolerated', toleration: { key: SLA, operator: 'Gt', value: '950', effect: 'NoSchedule' }, taint: { key: SLA, value: '800', effect: 'NoSchedule' }, want: false, gate: true },
    { name: 'toleration with Gt operator - taint value greater than toleration value, expect tolerated', toleration: { key: SLA, operator: 'Gt', value: '750', effect: 'NoSchedule' }, taint: { key: SLA, value: '950', effect: 'NoSchedule' }, want: true, gate: true },
    { name: 'toleration with Lt operator - taint value greater than toleration value, expect not tolerated', toleration: { key: SLA, operator: 'Lt', value: '800', effect: 'NoSchedule' }, taint: { key: SLA, value: '950', effect: 'NoSchedule' }, want: false, gate: true },
    { name: 'toleration with Lt operator - taint value less than toleration value, expect tolerated', toleration: { key: SLA, operator: 'Lt', value: '950', effect: 'NoSchedule' }, taint: { key: SLA, value: '800', effect: 'NoSchedule' }, want: true, gate: true },
    { name: 'toleration with Gt operator and taint with equal numeric value, expect not tolerated', toleration: { key: SLA, operator: 'Gt', value: '950', effect: 'NoSchedule' }, taint: { key: SLA, value: '950', effect: 'NoSchedule' }, want: false, gate: true },
    { name: 'toleration with Gt operator and taint with non-numeric value, expect not tolerated', toleration: { key: SLA, operator: 'Gt', value: '950', effect: 'NoSchedule' }, taint: { key: SLA, value: 'high', effect: 'NoSchedule' }, want: false, gate: true },
    { name: 'toleration with Gt operator and negative numeric values - taint value less than threshold, expect not tolerated', toleration: { key: 'test-key', operator: 'Gt', value: '-100', effect: 'NoSchedule' }, taint: { key: 'test-key', value: '-200', effect: 'NoSchedule' }, want: false, gate: true },
    { name: 'toleration with Gt operator and large int64 values - taint value less than threshold, expect not tolerated', toleration: { key: 'test-key', operator: 'Gt', value: '9223372036854775806', effect: 'NoSchedule' }, taint: { key: 'test-key', value: '100', effect: 'NoSchedule' }, want: false, gate: true },
    // TaintTolerationComparisonOperators is alpha (off) in v1.35: Gt/Lt then tolerate nothing
    { name: 'Gt toleration that would match tolerates nothing while the gate is off', toleration: { key: SLA, operator: 'Gt', value: '750', effect: 'NoSchedule' }, taint: { key: SLA, value: '950', effect: 'NoSchedule' }, want: false, gate: false },
    { name: 'empty operator means Equal', toleration: { key: 'foo', value: 'bar' }, taint: { key: 'foo', value: 'bar', effect: 'NoSchedule' }, want: true },
  ];
  it.each(cases)('$name', ({ toleration, taint, want, gate }) => {
    expect(toleratesTaint(toleration, taint, gate ?? false)).toBe(want);
  });
});

describe('compareNumericValues (TestCompareNumericValues)', () => {
  const cases: { name: string; toleration: string; taint: string; op: Toleration['operator']; want: boolean }[] = [
    { name: 'Gt operator - taint value greater than toleration value, expect true', toleration: '100', taint: '200', op: 'Gt', want: true },
    { name: 'Gt operator - taint value less than toleration value, expect false', toleration: '200', taint: '100', op: 'Gt', want: false },
    { name: 'Gt operator - taint value equal to toleration value, expect false', toleration: '100', taint: '100', op: 'Gt', want: false },
    { name: 'Gt operator - negative numbers, taint greater, expect true', toleration: '-100', taint: '-50', op: 'Gt', want: true },
    { name: 'Gt operator - negative numbers, taint less, expect false', toleration: '-50', taint: '-100', op: 'Gt', want: false },
    { name: 'Gt operator - zero and positive, expect true', toleration: '0', taint: '1', op: 'Gt', want: true },
    { name: 'Gt operator - large int64 values, taint greater, expect true', toleration: '9223372036854775806', taint: '9223372036854775807', op: 'Gt', want: true },
    { name: 'Lt operator - taint value less than toleration value, expect true', toleration: '200', taint: '100', op: 'Lt', want: true },
    { name: 'Lt operator - taint value greater than toleration value, expect false', toleration: '100', taint: '200', op: 'Lt', want: false },
    { name: 'Lt operator - taint value equal to toleration value, expect false', toleration: '100', taint: '100', op: 'Lt', want: false },
    { name: 'Lt operator - negative numbers, taint less, expect true', toleration: '-50', taint: '-100', op: 'Lt', want: true },
    { name: 'Lt operator - negative numbers, taint greater, expect false', toleration: '-100', taint: '-50', op: 'Lt', want: false },
    { name: 'Lt operator - zero and negative, expect true', toleration: '0', taint: '-1', op: 'Lt', want: true },
    { name: 'Gt operator - invalid toleration value (non-numeric), expect false', toleration: 'abc', taint: '100', op: 'Gt', want: false },
    { name: 'Gt operator - invalid toleration value (empty string), expect false', toleration: '', taint: '100', op: 'Gt', want: false },
    { name: 'Gt operator - invalid toleration value (leading zero), expect false', toleration: '0100', taint: '200', op: 'Gt', want: false },
    { name: 'Gt operator - invalid toleration value (plus sign), expect false', toleration: '+100', taint: '200', op: 'Gt', want: false },
    { name: 'Gt operator - invalid toleration value (floating point), expect false', toleration: '100.5', taint: '200', op: 'Gt', want: false },
    { name: 'Gt operator - invalid toleration value (just minus sign), expect false', toleration: '-', taint: '100', op: 'Gt', want: false },
    { name: 'Gt operator - invalid taint value (non-numeric), expect false', toleration: '100', taint: 'xyz', op: 'Gt', want: false },
    { name: 'Gt operator - invalid taint value (empty string), expect false', toleration: '100', taint: '', op: 'Gt', want: false },
    { name: 'Gt operator - invalid taint value (leading zero), expect false', toleration: '100', taint: '0200', op: 'Gt', want: false },
    { name: 'Lt operator - invalid taint value (plus sign), expect false', toleration: '100', taint: '+200', op: 'Lt', want: false },
    { name: 'Lt operator - invalid taint value (spaces), expect false', toleration: '100', taint: ' 200 ', op: 'Lt', want: false },
    { name: 'Equal operator (unsupported for numeric comparison), expect false', toleration: '100', taint: '100', op: 'Equal', want: false },
    { name: 'Exists operator (unsupported for numeric comparison), expect false', toleration: '100', taint: '100', op: 'Exists', want: false },
    { name: 'Gt operator - both zero, expect false', toleration: '0', taint: '0', op: 'Gt', want: false },
    { name: 'Lt operator - both zero, expect false', toleration: '0', taint: '0', op: 'Lt', want: false },
    { name: 'Gt operator - max int64 as taint, expect true', toleration: '0', taint: '9223372036854775807', op: 'Gt', want: true },
    { name: 'Lt operator - min int64 as taint, expect true', toleration: '0', taint: '-9223372036854775808', op: 'Lt', want: true },
  ];
  it.each(cases)('$name', ({ toleration, taint, op, want }) => {
    expect(compareNumericValues(toleration, taint, op)).toBe(want);
  });
});

describe('FindMatchingUntoleratedTaint (TestFindMatchingUntoleratedTaint)', () => {
  const all = (): boolean => true;
  const cases: { name: string; tolerations: Toleration[]; taints: Taint[]; filter?: (t: Taint) => boolean; tolerated: boolean; gate?: boolean }[] = [
    { name: 'empty tolerations tolerate empty taints', tolerations: [], taints: [], filter: all, tolerated: true },
    { name: 'non-empty tolerations tolerate empty taints', tolerations: [{ key: 'foo', operator: 'Exists', effect: 'NoSchedule' }], taints: [], filter: all, tolerated: true },
    { name: 'tolerations match all taints, expect tolerated', tolerations: [{ key: 'foo', operator: 'Exists', effect: 'NoSchedule' }], taints: [{ key: 'foo', effect: 'NoSchedule' }], filter: all, tolerated: true },
    { name: "tolerations don't match taints, but no taints apply to the filter, expect tolerated", tolerations: [{ key: 'foo', operator: 'Exists', effect: 'NoSchedule' }], taints: [{ key: 'bar', effect: 'NoSchedule' }], filter: () => false, tolerated: true },
    { name: "no filterFunc indicated, means all taints apply to the filter, tolerations don't match taints, expect untolerated", tolerations: [{ key: 'foo', operator: 'Exists', effect: 'NoSchedule' }], taints: [{ key: 'bar', effect: 'NoSchedule' }], tolerated: false },
    { name: 'tolerations match taints, expect tolerated', tolerations: [{ key: 'foo', operator: 'Exists', effect: 'NoExecute' }], taints: [{ key: 'foo', effect: 'NoExecute' }, { key: 'bar', effect: 'NoSchedule' }], filter: (t) => t.effect === 'NoExecute', tolerated: true },
    { name: 'numeric Gt operator with taint value below threshold, expect not tolerated', tolerations: [{ key: SLA, operator: 'Gt', value: '950', effect: 'NoSchedule' }], taints: [{ key: SLA, value: '800', effect: 'NoSchedule' }], filter: all, tolerated: false, gate: true },
    { name: 'numeric Gt operator with taint value above threshold, expect tolerated', tolerations: [{ key: SLA, operator: 'Gt', value: '750', effect: 'NoSchedule' }], taints: [{ key: SLA, value: '950', effect: 'NoSchedule' }], filter: all, tolerated: true, gate: true },
    { name: 'numeric Lt operator with taint value above threshold, expect not tolerated', tolerations: [{ key: SLA, operator: 'Lt', value: '800', effect: 'NoSchedule' }], taints: [{ key: SLA, value: '950', effect: 'NoSchedule' }], filter: all, tolerated: false, gate: true },
    { name: 'numeric Gt operator with non-numeric taint value, expect not tolerated', tolerations: [{ key: SLA, operator: 'Gt', value: '950', effect: 'NoSchedule' }], taints: [{ key: SLA, value: 'high', effect: 'NoSchedule' }], filter: all, tolerated: false, gate: true },
    { name: 'numeric Gt parse error is ignored when a later toleration matches the taint', tolerations: [{ key: SLA, operator: 'Gt', value: '950', effect: 'NoSchedule' }, { key: SLA, operator: 'Exists', effect: 'NoSchedule' }], taints: [{ key: SLA, value: 'high', effect: 'NoSchedule' }], filter: all, tolerated: true, gate: true },
  ];
  it.each(cases)('$name', ({ tolerations, taints, filter, tolerated, gate }) => {
    expect(findMatchingUntoleratedTaint(taints, tolerations, filter, gate ?? false) === undefined).toBe(tolerated);
  });

  it('returns the first untolerated taint in node order', () => {
    const taints: Taint[] = [{ key: 'a', effect: 'NoSchedule' }, { key: 'b', effect: 'NoExecute' }, { key: 'c', effect: 'NoSchedule' }];
    expect(findMatchingUntoleratedTaint(taints, [{ key: 'a', operator: 'Exists' }])).toEqual({ key: 'b', effect: 'NoExecute' });
  });
});
