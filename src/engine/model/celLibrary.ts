// The Kubernetes CEL libraries device selectors use, for @bufbuild/cel: quantities and semantic
// versions as their own types.
// upstream: staging/src/k8s.io/apiserver/pkg/cel/library/quantity.go (quantity, isQuantity,
// sign, isGreaterThan, isLessThan, compareTo, add, sub, asInteger, isInteger,
// asApproximateFloat) and semverlib.go (semver, isSemver, isGreaterThan, isLessThan, compareTo,
// major, minor, patch). @bufbuild/cel types objects by protobuf descriptors, so both types are
// messages with the value's text; operations parse it.

import { celFunc, celMethod, CelScalar, objectType } from '@bufbuild/cel';
import { create, createFileRegistry } from '@bufbuild/protobuf';
import { FileDescriptorProtoSchema } from '@bufbuild/protobuf/wkt';
import { parseQuantity, type Quantity } from './quantity';

const file = create(FileDescriptorProtoSchema, {
  name: 'podplay/kubernetes_cel.proto', package: 'kubernetes', syntax: 'proto3',
  messageType: [
    { name: 'Quantity', field: [{ name: 'value', number: 1, type: 9, label: 1, jsonName: 'value' }] },
    { name: 'Semver', field: [{ name: 'value', number: 1, type: 9, label: 1, jsonName: 'value' }] },
  ],
});

export const k8sCelRegistry = createFileRegistry(file, () => undefined);
const QuantityDesc = k8sCelRegistry.getMessage('kubernetes.Quantity')!;
const SemverDesc = k8sCelRegistry.getMessage('kubernetes.Semver')!;
const QUANTITY = objectType(QuantityDesc);
const SEMVER = objectType(SemverDesc);

export const celQuantity = (text: string) => create(QuantityDesc, { value: text });
export const celSemver = (text: string) => create(SemverDesc, { value: text });

interface TextValue { get(field: unknown): unknown }
const textOf = (v: unknown, desc: typeof QuantityDesc): string => (v as TextValue).get(desc.field['value']) as string;

function quantity(v: unknown): Quantity {
  const q = parseQuantity(textOf(v, QuantityDesc));
  if (!q) throw new Error('invalid quantity');
  return q;
}

function cmp(a: Quantity, b: Quantity): number {
  const l = a.numerator * b.denominator;
  const r = b.numerator * a.denominator;
  return l < r ? -1 : l > r ? 1 : 0;
}

function parseStrict(text: string): Quantity {
  const q = parseQuantity(text);
  if (!q) throw new Error(`quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'`);
  return q;
}

/** a rational back to a quantity's text (exact: an integer, else a decimal with enough places) */
function format(q: Quantity): string {
  if (q.numerator % q.denominator === 0n) return String(q.numerator / q.denominator);
  for (let places = 1n, scale = 10n; places <= 18n; places++, scale *= 10n) {
    if ((q.numerator * scale) % q.denominator === 0n) return `${(q.numerator * scale) / q.denominator}e-${places}`;
  }
  return `${(q.numerator * 1_000_000_000n) / q.denominator}n`;
}

const add = (a: Quantity, b: Quantity): Quantity => ({ numerator: a.numerator * b.denominator + b.numerator * a.denominator, denominator: a.denominator * b.denominator });
const neg = (a: Quantity): Quantity => ({ numerator: -a.numerator, denominator: a.denominator });
const fromInt = (n: bigint): Quantity => ({ numerator: n, denominator: 1n });

interface Semver { major: bigint; minor: bigint; patch: bigint; pre: string[] }
const semverPattern = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?$/;

function parseSemver(text: string): Semver {
  const m = semverPattern.exec(text);
  if (!m) throw new Error(`No Major.Minor.Patch elements found`);
  return { major: BigInt(m[1]!), minor: BigInt(m[2]!), patch: BigInt(m[3]!), pre: m[4] ? m[4].split('.') : [] };
}

/** semver 2.0.0 precedence */
function compareSemver(a: Semver, b: Semver): number {
  for (const k of ['major', 'minor', 'patch'] as const) if (a[k] !== b[k]) return a[k] < b[k] ? -1 : 1;
  if (a.pre.length === 0 || b.pre.length === 0) return a.pre.length === b.pre.length ? 0 : a.pre.length === 0 ? 1 : -1;
  for (let i = 0; i < Math.max(a.pre.length, b.pre.length); i++) {
    const x = a.pre[i];
    const y = b.pre[i];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    if (x === y) continue;
    const xn = /^\d+$/.test(x);
    const yn = /^\d+$/.test(y);
    if (xn && yn) return BigInt(x) < BigInt(y) ? -1 : 1;
    if (xn !== yn) return xn ? -1 : 1;
    return x < y ? -1 : 1;
  }
  return 0;
}

const semverOf = (v: unknown) => parseSemver(textOf(v, SemverDesc));
const MAX_INT64 = (1n << 63n) - 1n;
const MIN_INT64 = -(1n << 63n);

export const k8sCelFuncs = [
  celFunc('quantity', [CelScalar.STRING], QUANTITY, (s) => { parseStrict(s); return celQuantity(s); }),
  celFunc('isQuantity', [CelScalar.STRING], CelScalar.BOOL, (s) => parseQuantity(s) !== undefined),
  celMethod('sign', QUANTITY, [], CelScalar.INT, function () { return BigInt(cmp(quantity(this), fromInt(0n))); }),
  celMethod('isGreaterThan', QUANTITY, [QUANTITY], CelScalar.BOOL, function (o) { return cmp(quantity(this), quantity(o)) > 0; }),
  celMethod('isLessThan', QUANTITY, [QUANTITY], CelScalar.BOOL, function (o) { return cmp(quantity(this), quantity(o)) < 0; }),
  celMethod('compareTo', QUANTITY, [QUANTITY], CelScalar.INT, function (o) { return BigInt(cmp(quantity(this), quantity(o))); }),
  celMethod('add', QUANTITY, [QUANTITY], QUANTITY, function (o) { return celQuantity(format(add(quantity(this), quantity(o)))); }),
  celMethod('add', QUANTITY, [CelScalar.INT], QUANTITY, function (n) { return celQuantity(format(add(quantity(this), fromInt(n)))); }),
  celMethod('sub', QUANTITY, [QUANTITY], QUANTITY, function (o) { return celQuantity(format(add(quantity(this), neg(quantity(o))))); }),
  celMethod('sub', QUANTITY, [CelScalar.INT], QUANTITY, function (n) { return celQuantity(format(add(quantity(this), fromInt(-n)))); }),
  celMethod('isInteger', QUANTITY, [], CelScalar.BOOL, function () {
    const q = quantity(this);
    return q.numerator % q.denominator === 0n && q.numerator / q.denominator <= MAX_INT64 && q.numerator / q.denominator >= MIN_INT64;
  }),
  celMethod('asInteger', QUANTITY, [], CelScalar.INT, function () {
    const q = quantity(this);
    const n = q.numerator / q.denominator;
    if (q.numerator % q.denominator !== 0n || n > MAX_INT64 || n < MIN_INT64) throw new Error('cannot convert value to integer');
    return n;
  }),
  celMethod('asApproximateFloat', QUANTITY, [], CelScalar.DOUBLE, function () { const q = quantity(this); return Number(q.numerator) / Number(q.denominator); }),
  celFunc('semver', [CelScalar.STRING], SEMVER, (s) => { parseSemver(s); return celSemver(s); }),
  celFunc('isSemver', [CelScalar.STRING], CelScalar.BOOL, (s) => semverPattern.test(s)),
  celMethod('isGreaterThan', SEMVER, [SEMVER], CelScalar.BOOL, function (o) { return compareSemver(semverOf(this), semverOf(o)) > 0; }),
  celMethod('isLessThan', SEMVER, [SEMVER], CelScalar.BOOL, function (o) { return compareSemver(semverOf(this), semverOf(o)) < 0; }),
  celMethod('compareTo', SEMVER, [SEMVER], CelScalar.INT, function (o) { return BigInt(compareSemver(semverOf(this), semverOf(o))); }),
  celMethod('major', SEMVER, [], CelScalar.INT, function () { return semverOf(this).major; }),
  celMethod('minor', SEMVER, [], CelScalar.INT, function () { return semverOf(this).minor; }),
  celMethod('patch', SEMVER, [], CelScalar.INT, function () { return semverOf(this).patch; }),
];
