import type { CycleState, StateData } from '../../framework/cycleState';
import type { PreFilterResult } from '../../framework/interfaces';
import { Status } from '../../framework/status';
import { getRequiredNodeAffinity, type RequiredNodeAffinity } from '../../model/selectors';
import type { Node, Pod } from '../../model/types';
import type { AddedAffinity } from './args';

export const Name = 'NodeAffinity';

/** upstream: ErrReasonPod */
export const ErrReasonPod = "node(s) didn't match Pod's node affinity/selector";
/** upstream: errReasonEnforced */
export const ErrReasonEnforced = "node(s) didn't match scheduler-enforced node affinity";
/** upstream: errReasonConflict */
export const ErrReasonConflict = 'pod affinity terms conflict';

/** upstream: preFilterStateKey */
export const preFilterStateKey = `PreFilter${Name}`;

/** upstream: metav1.ObjectNameField */
const OBJECT_NAME_FIELD = 'metadata.name';

/** The parsed nodeSelector and required affinity; not affected by other pods. */
class PreFilterState implements StateData {
  constructor(readonly requiredNodeSelectorAndAffinity: RequiredNodeAffinity) {}
  clone(): StateData { return this; }
}

/**
 * upstream: PreFilter. Skip when nothing constrains the pod (no nodeSelector, no required node
 * affinity, no addedAffinity). When every required term pins metadata.name with In, the union of
 * those names (per term: the intersection of its name requirements) is the PreFilterResult.
 */
export function preFilterNodeAffinity(state: CycleState, pod: Pod, added: AddedAffinity): { result?: PreFilterResult; status: Status } {
  const required = pod.spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution;
  // a nodeSelector given as {} is not nil upstream, so it does not Skip
  // (Podplay's requiredDuringSchedulingRequiredDuringExecution constrains the pod too)
  if (required === undefined && added.nodeSelector === undefined && pod.spec.nodeSelector === undefined
    && pod.spec.affinity?.nodeAffinity?.requiredDuringSchedulingRequiredDuringExecution === undefined) {
    return { status: Status.skip() };
  }
  state.write(preFilterStateKey, new PreFilterState(getRequiredNodeAffinity(pod)));

  const terms = required?.nodeSelectorTerms ?? [];
  if (terms.length === 0) return { status: Status.success() };

  let nodeNames: Set<string> | undefined;
  for (const term of terms) {
    let termNodeNames: Set<string> | undefined;
    for (const r of term.matchFields ?? []) {
      if (r.key !== OBJECT_NAME_FIELD || r.operator !== 'In') continue;
      const names = new Set(r.values ?? []);
      termNodeNames = termNodeNames === undefined ? names : new Set([...termNodeNames].filter((n) => names.has(n)));
    }
    // a term without a node name requirement admits every node: terms are ORed
    if (termNodeNames === undefined) return { status: Status.success() };
    nodeNames = new Set([...(nodeNames ?? []), ...termNodeNames]);
  }
  if (nodeNames !== undefined && nodeNames.size === 0) return { status: Status.unresolvable(ErrReasonConflict) };
  if (nodeNames !== undefined) return { result: { nodeNames }, status: Status.success() };
  return { status: Status.success() };
}

/**
 * upstream: Filter — addedAffinity first, then the pod's nodeSelector and required terms.
 * Parse errors in the pod's terms are ignored (the term just does not match).
 */
export function filterNodeAffinity(state: CycleState, pod: Pod, node: Node, added: AddedAffinity): Status {
  if (added.nodeSelector && !added.nodeSelector.match(node).matches) return Status.unresolvable(ErrReasonEnforced);
  // without PreFilter (disabled in the profile) the selector is parsed here
  const required = state.read<PreFilterState>(preFilterStateKey)?.requiredNodeSelectorAndAffinity ?? getRequiredNodeAffinity(pod);
  if (!required.match(node).matches) return Status.unresolvable(ErrReasonPod);
  return Status.success();
}

/**
 * upstream: isSchedulableAfterNodeChange — a node added that matches, or updated from not
 * matching to matching; nodes outside addedAffinity never help.
 */
export function isSchedulableAfterNodeChange(pod: Pod, oldNode: Node | undefined, newNode: Node, added: AddedAffinity): 'Queue' | 'QueueSkip' {
  if (added.nodeSelector && !added.nodeSelector.match(newNode).matches) return 'QueueSkip';
  const required = getRequiredNodeAffinity(pod);
  if (!required.match(newNode).matches) return 'QueueSkip';
  if (oldNode === undefined) return 'Queue';
  return required.match(oldNode).matches ? 'QueueSkip' : 'Queue';
}
