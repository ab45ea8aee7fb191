// Consumable capacity arithmetic, rows ported from upstream's TestConsumableCapacity
// (staging/src/k8s.io/dynamic-resource-allocation/structured/internal/experimental/
// consumable_capacity_test.go: calculate-consumed-capacity, violate-capacity-sharing), the
// integer rows (fractional ranges came after v1.35).
import { describe, expect, it } from 'vitest';
import { parseQuantity } from '../model/quantity';
import type { CapacityRequestPolicy } from '../model/resource';
import { calculateConsumedCapacity, violatesPolicy } from './consumableCapacity';

const range = (def: string, min: string, more: { max?: string; step?: string } = {}): CapacityRequestPolicy => ({ default: def, validRange: { min, ...more } });
const values = (def: string, ...v: string[]): CapacityRequestPolicy => ({ default: def, validValues: v });

describe('calculateConsumedCapacity', () => {
  it.each<[string, string | undefined, string, CapacityRequestPolicy | undefined, string]>([
    ['empty', undefined, '1', {}, '1'],
    ['min in range', undefined, '2', range('1', '1'), '1'],
    ['default in set', undefined, '2', values('1', '1'), '1'],
    ['more than min in range', '2', '2', range('1', '1'), '2'],
    ['less than min in range', '1', '2', range('1', '2'), '2'],
    ['with step (round up)', '2', '3', range('1', '1', { step: '2' }), '3'],
    ['with step (no remaining)', '2', '2', range('1', '1', { step: '1' }), '2'],
    ['integer-step-sub-milli-request-rounds-up-without-fractional-range', '1.0000001', '3', range('1', '1', { step: '1' }), '2'],
    ['max-safe-boundary-rounds-to-maxint64', '9223372036854775806', '9223372036854775807', range('1', '1', { step: '2' }), '9223372036854775807'],
    ['negative-step-request-below-min-returns-min', '5', '15', range('10', '10', { step: '-1' }), '10'],
    ['positive-binary-step-request-above-min-rounds-to-itself', '3Gi', '3Gi', range('1Gi', '1Gi', { step: '1Gi' }), '3Gi'],
    ['valid value in set', '2', '3', values('1', '1', '2', '3'), '2'],
    ['set (round up)', '2', '3', values('1', '1', '3'), '3'],
    ['larger than set', '3', '3', values('1', '1', '2'), '3'],
  ])('%s', (_name, requested, capacity, requestPolicy, want) => {
    expect(calculateConsumedCapacity(requested, { value: capacity, ...(requestPolicy ? { requestPolicy } : {}) })).toBe(want);
  });
});

describe('violatesPolicy', () => {
  it.each<[string, string, CapacityRequestPolicy | undefined, boolean]>([
    ['no constraint', '1', undefined, false],
    ['less than maximum', '1', range('1', '1', { max: '2' }), false],
    ['more than maximum', '2', range('1', '1', { max: '1' }), true],
    ['in set', '1', values('1', '1'), false],
    ['not in set', '2', values('1', '1'), true],
  ])('%s', (_name, requested, policy, want) => expect(violatesPolicy(parseQuantity(requested)!, policy)).toBe(want));
});
