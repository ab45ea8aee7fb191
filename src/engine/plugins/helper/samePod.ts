import type { Pod } from '../../model/types';
import { podKey } from '../../model/types';

/**
 * Whether two objects are the same pod. Upstream queueing hints compare metadata.uid; scenario
 * pods may have none, then namespace/name decides.
 */
export function isSamePod(a: Pod, b: Pod): boolean {
  return (a.metadata.uid ?? podKey(a)) === (b.metadata.uid ?? podKey(b));
}
