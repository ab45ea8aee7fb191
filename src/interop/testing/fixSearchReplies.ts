// A dump test's fix searches: each target's replies, searched once for the whole file (a search
// simulates the dump once per change it tries), against the baseline the file prepared.

import { runFixSearch, type FixSearchBaseline, type FixSearchReply, type FixSearchRequest } from '../fixSearch';

export function searchedOnce(request: Omit<FixSearchRequest, 'pod'>, prepared: FixSearchBaseline): (target: string) => FixSearchReply[] {
  const searched = new Map<string, FixSearchReply[]>();
  return (target) => {
    let found = searched.get(target);
    if (!found) {
      const replies: FixSearchReply[] = [];
      runFixSearch({ ...request, pod: target }, (r) => replies.push(r), () => false, prepared);
      searched.set(target, (found = replies));
    }
    return found;
  };
}
