// Quota arithmetic on resource lists, exact, keeping the format each quantity prints in.
// upstream: staging/src/k8s.io/apiserver/pkg/quota/v1/resources.go (Add, Mask, LessThanOrEqual,
// ResourceNames), resource.Quantity.Add (the sum prints in the left operand's format unless that is zero).

import type { ResourceList } from '../types';
import { addQuantity, compareQuantity, formatQuantity, parseQuantity, quantityFormat, subtractQuantity, ZERO_QUANTITY, type Quantity, type QuantityFormat } from '../quantity';

export interface Amount { q: Quantity; format: QuantityFormat }
export type QuotaList = Map<string, Amount>;

export const amountOf = (text: string): Amount | undefined => {
  const q = parseQuantity(text);
  return q ? { q, format: quantityFormat(text) } : undefined;
};

const isZero = (a: Amount): boolean => a.q.numerator === 0n;

/** upstream: Quantity.Add — the left operand's format, unless it is zero */
export function addAmount(a: Amount, b: Amount): Amount {
  return { q: addQuantity(a.q, b.q), format: isZero(a) ? b.format : a.format };
}

export function subtractAmount(a: Amount, b: Amount): Amount {
  return { q: subtractQuantity(a.q, b.q), format: a.format };
}

export const zeroAmount = (): Amount => ({ q: ZERO_QUANTITY, format: 'DecimalSI' });

export function fromResourceList(list: ResourceList | undefined): QuotaList {
  const out: QuotaList = new Map();
  for (const [k, v] of Object.entries(list ?? {})) {
    const a = amountOf(v);
    if (a) out.set(k, a);
  }
  return out;
}

export function toResourceList(list: QuotaList): ResourceList {
  const out: ResourceList = {};
  for (const k of [...list.keys()].sort()) out[k] = formatAmount(list.get(k)!);
  return out;
}

export const formatAmount = (a: Amount): string => formatQuantity(a.q, a.format);

/** upstream: quota.Add */
export function addLists(a: QuotaList, b: QuotaList): QuotaList {
  const out: QuotaList = new Map(a);
  for (const [k, v] of b) {
    const cur = out.get(k);
    out.set(k, cur ? addAmount(cur, v) : v);
  }
  return out;
}

/** upstream: quota.Mask — only the named resources */
export function maskList(list: QuotaList, names: Iterable<string>): QuotaList {
  const out: QuotaList = new Map();
  for (const n of names) {
    const v = list.get(n);
    if (v) out.set(n, v);
  }
  return out;
}

/** upstream: quota.LessThanOrEqual — the resources of `a` above `b` (a resource `b` lacks is not limited) */
export function exceeded(a: QuotaList, b: QuotaList): string[] {
  const out: string[] = [];
  for (const [k, v] of a) {
    const limit = b.get(k);
    if (limit && compareQuantity(v.q, limit.q) > 0) out.push(k);
  }
  return out.sort();
}

/** upstream: prettyPrint in the ResourceQuota admission controller — sorted name=value, comma-separated */
export function prettyPrint(list: QuotaList): string {
  return [...list.keys()].sort().map((k) => `${k}=${formatAmount(list.get(k)!)}`).join(',');
}
