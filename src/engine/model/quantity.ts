// Kubernetes resource quantities (apimachinery/pkg/api/resource/quantity.go), parsed exactly.
// A quantity is kept as a rational number of bigints, so "0.1" + "0.2" never drifts; it is
// turned into an integer of the scheduler's unit with upstream's rounding (ceiling, like
// Quantity.Value() and Quantity.MilliValue()).

export type MilliCpu = number & { readonly __unit: 'MilliCpu' };
export type Bytes = number & { readonly __unit: 'Bytes' };
/** a plain count: pods, extended resources such as nvidia.com/gpu */
export type Count = number & { readonly __unit: 'Count' };

export interface Quantity {
  /** value = numerator / denominator, denominator > 0 */
  numerator: bigint;
  denominator: bigint;
}

const binarySuffixes: Record<string, bigint> = {
  Ki: 1n << 10n, Mi: 1n << 20n, Gi: 1n << 30n, Ti: 1n << 40n, Pi: 1n << 50n, Ei: 1n << 60n,
};
const decimalSuffixes: Record<string, number> = {
  n: -9, u: -6, m: -3, '': 0, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18,
};

// upstream: resource.ParseQuantity — sign, digits with an optional fraction, then a suffix.
const quantityPattern = /^([+-]?)(\d+(?:\.\d*)?|\.\d+)(Ki|Mi|Gi|Ti|Pi|Ei|[numkMGTPE]|[eE][+-]?\d+)?$/;

/** Parses a quantity string or number. Returns undefined when it is not a quantity. */
export function parseQuantity(input: string | number): Quantity | undefined {
  const text = typeof input === 'number' ? numberToString(input) : input.trim();
  if (text === undefined || text.length === 0 || text.length > 100) return undefined;
  const match = quantityPattern.exec(text);
  if (!match) return undefined;
  const [, sign, digits = '', suffix = ''] = match;
  const [whole = '', fraction = ''] = digits.split('.');
  let numerator = BigInt((whole || '0') + fraction);
  let denominator = 10n ** BigInt(fraction.length);
  if (suffix in binarySuffixes) {
    numerator *= binarySuffixes[suffix]!;
  } else {
    const exponent = suffix in decimalSuffixes ? decimalSuffixes[suffix]! : Number(suffix.slice(1));
    if (!Number.isSafeInteger(exponent) || Math.abs(exponent) > 100) return undefined;
    if (exponent >= 0) numerator *= 10n ** BigInt(exponent);
    else denominator *= 10n ** BigInt(-exponent);
  }
  if (sign === '-') numerator = -numerator;
  return { numerator, denominator };
}

function numberToString(n: number): string | undefined {
  if (!Number.isFinite(n)) return undefined;
  // YAML numbers: 2, 0.5, 1e3. Number#toString gives an exponent form for very small/large ones.
  return String(n).replace('e+', 'e');
}

function ceilDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a > 0n ? q + 1n : q;
}

const maxSafe = BigInt(Number.MAX_SAFE_INTEGER);

function toSafeNumber(v: bigint): number | undefined {
  return v > maxSafe || v < -maxSafe ? undefined : Number(v);
}

/** Quantity.MilliValue(): the value ×1000, rounded up. undefined beyond 2^53. */
export function milliValue(q: Quantity): number | undefined {
  return toSafeNumber(ceilDiv(q.numerator * 1000n, q.denominator));
}

/** Quantity.Value(): the value rounded up to an integer. undefined beyond 2^53. */
export function integerValue(q: Quantity): number | undefined {
  return toSafeNumber(ceilDiv(q.numerator, q.denominator));
}

export function isNegative(q: Quantity): boolean {
  return q.numerator < 0n;
}

/** Parses a quantity straight into the scheduler's unit for a resource name (cpu → millicores). */
export function resourceAmount(resourceName: string, input: string | number): number | undefined {
  // Every pod's requests are read when it enters the scheduler, and a cluster writes the same
  // few quantities ("250m", "512Mi") over and over: remember them (values, so nothing to share).
  const cache = resourceName === 'cpu' ? milliValues : integerValues;
  const known = cache.get(input);
  if (known !== undefined || cache.has(input)) return known;
  const q = parseQuantity(input);
  const amount = !q ? undefined : resourceName === 'cpu' ? milliValue(q) : integerValue(q);
  if (cache.size >= MAX_REMEMBERED) cache.clear();
  cache.set(input, amount);
  return amount;
}

const MAX_REMEMBERED = 10_000;
const milliValues = new Map<string | number, number | undefined>();
const integerValues = new Map<string | number, number | undefined>();

/** Formats millicores the way kubectl does: "1500m", "2". */
export function formatMilliCpu(milli: number): string {
  return milli % 1000 === 0 ? String(milli / 1000) : `${milli}m`;
}

/** Formats bytes with the largest exact binary suffix: 1073741824 → "1Gi", 1500 → "1500". */
export function formatBytes(bytes: number): string {
  if (bytes === 0) return '0';
  const suffixes = ['Ei', 'Pi', 'Ti', 'Gi', 'Mi', 'Ki'] as const;
  for (const suffix of suffixes) {
    const unit = Number(binarySuffixes[suffix]!);
    if (bytes % unit === 0) return `${bytes / unit}${suffix}`;
  }
  return String(bytes);
}

/** Formats an amount of a named resource in its conventional notation. */
export function formatResource(resourceName: string, amount: number): string {
  if (resourceName === 'cpu') return formatMilliCpu(amount);
  if (resourceName === 'memory' || resourceName === 'ephemeral-storage' || resourceName.startsWith('hugepages-')) return formatBytes(amount);
  return String(amount);
}

/**
 * An amount as a person reads it, not as a manifest must hold it: bytes in the largest binary unit
 * with one decimal at most ("30.3Gi", not "31792816Ki"), cpu as formatMilliCpu. For prose only
 * (verdicts, node details); a value written into YAML stays exact (formatResource).
 */
export function humanResource(resourceName: string, amount: number): string {
  if (resourceName === 'cpu') return formatMilliCpu(amount);
  if (resourceName !== 'memory' && resourceName !== 'ephemeral-storage' && !resourceName.startsWith('hugepages-')) return String(amount);
  for (const suffix of ['Ei', 'Pi', 'Ti', 'Gi', 'Mi', 'Ki'] as const) {
    const unit = Number(binarySuffixes[suffix]!);
    if (Math.abs(amount) < unit) continue;
    const n = amount / unit;
    return `${Number.isInteger(n) ? n : n.toFixed(1).replace(/\.0$/, '')}${suffix}`;
  }
  return String(amount);
}

// ---- exact arithmetic on quantities (DRA counters and consumable capacity) ----

export const ZERO_QUANTITY: Quantity = { numerator: 0n, denominator: 1n };

/** upstream: Quantity.Cmp — -1, 0 or 1 */
export function compareQuantity(a: Quantity, b: Quantity): number {
  const l = a.numerator * b.denominator;
  const r = b.numerator * a.denominator;
  return l < r ? -1 : l > r ? 1 : 0;
}

export function addQuantity(a: Quantity, b: Quantity): Quantity {
  return { numerator: a.numerator * b.denominator + b.numerator * a.denominator, denominator: a.denominator * b.denominator };
}

export function subtractQuantity(a: Quantity, b: Quantity): Quantity {
  return addQuantity(a, { numerator: -b.numerator, denominator: b.denominator });
}

/** upstream: Quantity.Format — how a quantity was written, which decides how it is printed */
export type QuantityFormat = 'BinarySI' | 'DecimalSI' | 'DecimalExponent';

export function quantityFormat(text: string): QuantityFormat {
  if (/(Ki|Mi|Gi|Ti|Pi|Ei)$/.test(text.trim())) return 'BinarySI';
  if (/\d[eE][+-]?\d+$/.test(text.trim())) return 'DecimalExponent';
  return 'DecimalSI';
}

const decimalCanonical: [bigint, string][] = [
  [10n ** 18n, 'E'], [10n ** 15n, 'P'], [10n ** 12n, 'T'], [10n ** 9n, 'G'], [10n ** 6n, 'M'], [10n ** 3n, 'k'],
];

/**
 * upstream: Quantity.String — the canonical form: BinarySI with the largest exact power of 1024
 * (values below 1024 and fractions print as DecimalSI), DecimalSI with the largest exact power
 * of 1000, fractions in m, u or n (rounded up to nano).
 */
export function formatQuantity(q: Quantity, format: QuantityFormat = 'DecimalSI'): string {
  const negative = q.numerator < 0n;
  const n = negative ? -q.numerator : q.numerator;
  const sign = negative ? '-' : '';
  const integral = n % q.denominator === 0n;
  const value = integral ? n / q.denominator : 0n;
  if (integral && value === 0n) return '0';
  if (integral && format === 'BinarySI' && value >= 1024n) {
    for (const suffix of ['Ei', 'Pi', 'Ti', 'Gi', 'Mi', 'Ki'] as const) {
      const unit = binarySuffixes[suffix]!;
      if (value % unit === 0n) return `${sign}${value / unit}${suffix}`;
    }
    return `${sign}${value}`;
  }
  if (integral) {
    for (const [unit, suffix] of decimalCanonical) {
      if (value % unit === 0n) return format === 'DecimalExponent' ? `${sign}${value / unit}e${unit.toString().length - 1}` : `${sign}${value / unit}${suffix}`;
    }
    return `${sign}${value}`;
  }
  for (const [scale, suffix] of [[1000n, 'm'], [1_000_000n, 'u']] as const) {
    if ((n * scale) % q.denominator === 0n) return `${sign}${(n * scale) / q.denominator}${suffix}`;
  }
  return `${sign}${ceilDiv(n * 1_000_000_000n, q.denominator)}n`;
}
