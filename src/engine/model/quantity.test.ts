// Quantities as apimachinery's resource.Quantity reads, compares and prints them
// (staging/src/k8s.io/apimachinery/pkg/api/resource/quantity.go: ParseQuantity, Cmp, Add, String).
import { describe, expect, it } from 'vitest';
import { addQuantity, compareQuantity, formatQuantity, parseQuantity, quantityFormat, subtractQuantity, type Quantity } from './quantity';

const q = (s: string): Quantity => parseQuantity(s)!;
const canonical = (s: string) => formatQuantity(q(s), quantityFormat(s));

describe('quantity arithmetic', () => {
  it.each([
    ['1Gi', '1024Mi', 0], ['1G', '1Gi', -1], ['0.5', '500m', 0], ['2', '1999m', 1], ['1e3', '1k', 0],
  ])('Cmp(%s, %s) = %i', (a, b, want) => expect(compareQuantity(q(a), q(b))).toBe(want));

  it('adds and subtracts exactly (no float drift)', () => {
    expect(compareQuantity(addQuantity(q('0.1'), q('0.2')), q('300m'))).toBe(0);
    expect(compareQuantity(subtractQuantity(q('8Gi'), q('20Gi')), q('-12Gi'))).toBe(0);
  });
});

describe('canonical form (Quantity.String)', () => {
  it.each([
    ['4Gi', '4Gi'], ['1024Mi', '1Gi'], ['1536Mi', '1536Mi'], ['2048', '2048'], ['512Ki', '512Ki'],
    ['1000', '1k'], ['1500', '1500'], ['2000000', '2M'], ['0.5', '500m'], ['1.5', '1500m'], ['0', '0'],
    ['4', '4'], ['10G', '10G'], ['3500M', '3500M'], ['1e3', '1e3'],
  ])('%s prints as %s', (input, want) => expect(canonical(input)).toBe(want));

  it('BinarySI below 1024 prints as a plain number', () => {
    expect(formatQuantity({ numerator: 4n, denominator: 1n }, 'BinarySI')).toBe('4');
  });
});
