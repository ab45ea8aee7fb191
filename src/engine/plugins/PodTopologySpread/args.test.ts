// PodTopologySpreadArgs defaulting and validation, from upstream
// apis/config/validation/validation_pluginargs_test.go (TestValidatePodTopologySpreadArgs; upstream
// compares error type and field, ignoring the bad value and detail) and apis/config/v1/defaults_test.go.

import { describe, expect, it } from 'vitest';
import type { TopologySpreadConstraint } from '../../model/types';
import { newTestEnv } from '../../testing/framework';
import { applyPodTopologySpreadDefaults, validatePodTopologySpreadArgs, type PodTopologySpreadArgs } from './args';
import { PodTopologySpread } from './index';

const constraint = (maxSkew: number, topologyKey: string, whenUnsatisfiable: string, extra: Partial<TopologySpreadConstraint> = {}): TopologySpreadConstraint =>
  ({ maxSkew, topologyKey, whenUnsatisfiable: whenUnsatisfiable as TopologySpreadConstraint['whenUnsatisfiable'], ...extra });

/** [field path, the error type that starts field.Error's body] */
type WantErr = [string, 'Invalid value' | 'Required value' | 'Unsupported value' | 'Forbidden' | 'Duplicate value'];

const cases: { name: string; args: PodTopologySpreadArgs; want: WantErr[] }[] = [
  { name: 'valid config', args: { defaultingType: 'List', defaultConstraints: [constraint(1, 'node', 'DoNotSchedule'), constraint(2, 'zone', 'ScheduleAnyway')] }, want: [] },
  { name: 'maxSkew less than zero', args: { defaultingType: 'List', defaultConstraints: [constraint(-1, 'node', 'DoNotSchedule')] }, want: [['defaultConstraints[0].maxSkew', 'Invalid value']] },
  { name: 'empty topology key', args: { defaultingType: 'List', defaultConstraints: [constraint(1, '', 'DoNotSchedule')] }, want: [['defaultConstraints[0].topologyKey', 'Required value']] },
  { name: 'whenUnsatisfiable is empty', args: { defaultingType: 'List', defaultConstraints: [constraint(1, 'node', '')] }, want: [['defaultConstraints[0].whenUnsatisfiable', 'Required value']] },
  { name: 'whenUnsatisfiable contains unsupported action', args: { defaultingType: 'List', defaultConstraints: [constraint(1, 'node', 'unknown action')] }, want: [['defaultConstraints[0].whenUnsatisfiable', 'Unsupported value']] },
  { name: 'duplicated constraints', args: { defaultingType: 'List', defaultConstraints: [constraint(1, 'node', 'DoNotSchedule'), constraint(2, 'node', 'DoNotSchedule')] }, want: [['defaultConstraints[1]', 'Duplicate value']] },
  {
    name: 'label selector present',
    args: { defaultingType: 'List', defaultConstraints: [constraint(1, 'key', 'DoNotSchedule', { labelSelector: { matchLabels: { a: 'b' } } })] },
    want: [['defaultConstraints[0].labelSelector', 'Forbidden']],
  },
  { name: 'list default constraints, no constraints', args: { defaultingType: 'List' }, want: [] },
  { name: 'system default constraints', args: { defaultingType: 'System' }, want: [] },
  { name: 'wrong constraints', args: { defaultingType: 'unknown' as PodTopologySpreadArgs['defaultingType'] }, want: [['defaultingType', 'Unsupported value']] },
  { name: 'system default constraints, but has constraints', args: { defaultingType: 'System', defaultConstraints: [constraint(1, 'key', 'DoNotSchedule')] }, want: [['defaultingType', 'Invalid value']] },
];

describe('ValidatePodTopologySpreadArgs (TestValidatePodTopologySpreadArgs)', () => {
  it.each(cases)('$name', ({ args, want }) => {
    const got = validatePodTopologySpreadArgs(args).map((e): WantErr => [e.path, e.message.split(':')[0] as WantErr[1]]);
    expect(got).toEqual(want);
  });

  it('prints the bodies like field.Error', () => {
    expect(validatePodTopologySpreadArgs({ defaultingType: 'List', defaultConstraints: [constraint(-1, 'node', 'Sometimes'), constraint(1, 'node', 'Sometimes')] }).map((e) => `${e.path}: ${e.message}`)).toEqual([
      'defaultConstraints[0].maxSkew: Invalid value: -1: not in valid range (0, inf)',
      'defaultConstraints[0].whenUnsatisfiable: Unsupported value: "Sometimes": supported values: "DoNotSchedule", "ScheduleAnyway"',
      'defaultConstraints[1].whenUnsatisfiable: Unsupported value: "Sometimes": supported values: "DoNotSchedule", "ScheduleAnyway"',
      'defaultConstraints[1]: Duplicate value: "{node, Sometimes}"',
    ]);
    expect(validatePodTopologySpreadArgs({ defaultingType: 'System', defaultConstraints: [constraint(1, 'key', 'DoNotSchedule')] })[0]!.message)
      .toBe('Invalid value: "System": when .defaultConstraints are not empty');
  });
});

// Messages from upstream's TestValidateFitArgs, which validates label names the same way
// (metav1validation.ValidateLabelName).
describe('topologyKey label-name validation (IsQualifiedName)', () => {
  it.each([
    { name: 'too long value', key: `longvalue${'a'.repeat(64)}`, expect: 'name part must be no more than 63 bytes' },
    { name: 'name is empty', key: 'example.com/', expect: 'name part must be non-empty' },
    { name: 'name has too many slash', key: 'example.com/aaa/bbb', expect: 'a valid label key must consist of alphanumeric characters' },
  ])('$name', ({ key, expect: message }) => {
    const errs = validatePodTopologySpreadArgs({ defaultingType: 'List', defaultConstraints: [constraint(1, key, 'DoNotSchedule')] });
    expect(errs.length).toBeGreaterThan(0);
    for (const e of errs) expect(e.path).toBe('defaultConstraints[0].topologyKey');
    expect(errs.some((e) => e.message.startsWith(`Invalid value: "${key}": `) && e.message.includes(message))).toBe(true);
  });

  it.each(['example.com', 'topology.kubernetes.io/zone', 'kubernetes.io/hostname'])('accepts %s', (key) => {
    expect(validatePodTopologySpreadArgs({ defaultingType: 'List', defaultConstraints: [constraint(1, key, 'DoNotSchedule')] })).toEqual([]);
  });
});

describe('SetDefaults_PodTopologySpreadArgs', () => {
  it('defaults defaultingType to System', () => {
    expect(applyPodTopologySpreadDefaults({})).toEqual({ defaultingType: 'System' });
    expect(PodTopologySpread.defaultArgs!()).toEqual({ defaultingType: 'System' });
  });
  it('keeps List and its constraints', () => {
    const args = { defaultingType: 'List' as const, defaultConstraints: [constraint(1, 'zone', 'ScheduleAnyway')] };
    expect(applyPodTopologySpreadDefaults(args)).toEqual(args);
  });
  it('New rejects invalid args', () => {
    expect(() => PodTopologySpread.factory({ defaultingType: 'System', defaultConstraints: [constraint(1, 'key', 'DoNotSchedule')] }, newTestEnv({ nodes: [] }).handle))
      .toThrow('defaultingType: Invalid value: "System": when .defaultConstraints are not empty');
  });
});
