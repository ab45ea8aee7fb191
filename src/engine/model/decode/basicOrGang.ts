// A pod group's scheduling policy: exactly one of `basic` and `gang`, the gang's count ≥ 1. Shared by
// PodGroupSchedulingPolicy (gang.minCount) and CompositePodGroupSchedulingPolicy
// (gang.minGroupCount). upstream: pkg/apis/scheduling/validation (the union of basic and gang).

import type { Path, Reader } from '../decoder';
import type { SrcMap } from '../source';
import { invalid, required } from '../validation';

/** `{ basic: true }`, the gang's count, or undefined after reporting what is wrong. */
export function decodeBasicOrGang(r: Reader, parent: SrcMap, pp: Path, key: string, countKey: string): { basic: true } | { count: number } | undefined {
  const policy = r.map(r.child(parent, key), pp);
  if (policy) r.knownFields(policy, pp, new Set(['basic', 'gang']));
  const basic = r.child(policy, 'basic');
  const gp = [...pp, 'gang'];
  const gang = r.map(r.child(policy, 'gang'), gp);
  if (!basic && !gang) {
    r.error(policy?.pos ?? parent.pos, pp, invalid('', 'must specify one of: `basic`, `gang`'));
    return undefined;
  }
  if (basic && gang) {
    r.error(policy!.pos, pp, invalid('{`basic`, `gang`}', 'exactly one of `basic`, `gang` is required, but multiple fields are set'));
    return undefined;
  }
  if (!gang) return { basic: true };
  r.knownFields(gang, gp, new Set([countKey]));
  const count = r.int(gang, gp, countKey) ?? 0;
  const mp = [...gp, countKey];
  if (count === 0) r.error(r.child(gang, countKey)?.pos ?? gang.pos, mp, required());
  else if (count < 0) r.error(r.child(gang, countKey)!.pos, mp, invalid(count, 'must be greater than zero'));
  return count > 0 ? { count } : undefined;
}
