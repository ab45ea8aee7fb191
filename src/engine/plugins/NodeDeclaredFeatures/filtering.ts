// upstream: pkg/scheduler/framework/plugins/nodedeclaredfeatures/nodedeclaredfeatures.go (v1.35;
// the v1.37 Filter reason behind versions.ts nodeDeclaredFeaturesReason137)

import type { CycleState, StateData } from '../../framework/cycleState';
import { Status } from '../../framework/status';
import { inferForPodScheduling, unsatisfiedRequirements, type DeclaredFeature } from '../../model/nodeDeclaredFeatures';
import type { Node, Pod } from '../../model/types';

export const Name = 'NodeDeclaredFeatures';

/** upstream: preFilterStateKey */
export const preFilterStateKey = `PreFilter${Name}`;

/** upstream (v1.35, v1.36): the Filter's reason, followed by the features the node lacks */
export const ErrReasonPrefix = 'node declared features check failed - unsatisfied requirements: ';
/** upstream (v1.37): errReasonUnsatisfiedRequirements, one reason whatever the node lacks */
export const ErrReasonUnsatisfiedRequirements = "node(s) didn't match Pod's required features";

/** upstream: preFilterState — the features the pod needs */
class PreFilterState implements StateData {
  constructor(readonly reqs: readonly string[]) {}
  clone(): StateData { return this; }
}

/** upstream: PreFilter — Skip when the pod needs no declared feature, so Filter does not run. */
export function preFilterNodeDeclaredFeatures(state: CycleState, pod: Pod, registry?: readonly DeclaredFeature[]): Status {
  const reqs = inferForPodScheduling(pod.spec, registry);
  if (reqs.length === 0) return Status.skip();
  state.write(preFilterStateKey, new PreFilterState(reqs));
  return Status.success();
}

/**
 * upstream: Filter — every feature the pod needs must be in the node's status.declaredFeatures.
 * `reason137`: the v1.37 reason, which does not name the missing features (the details still do).
 */
export function filterNodeDeclaredFeatures(state: CycleState, node: Node, reason137 = false): Status {
  const s = state.read<PreFilterState>(preFilterStateKey);
  if (!s) return Status.error(`error reading "${preFilterStateKey}" from cycle-state: not found`);
  const unsatisfied = unsatisfiedRequirements(s.reqs, node.status.declaredFeatures);
  if (unsatisfied.length === 0) return Status.success();
  return Status.unresolvable(reason137 ? ErrReasonUnsatisfiedRequirements : `${ErrReasonPrefix}${unsatisfied.join(', ')}`).withDetails({
    required: [...s.reqs], declared: [...(node.status.declaredFeatures ?? [])], unsatisfied,
  });
}

/** upstream: isSchedulableAfterNodeChange — a new node, or one whose declared features changed. */
export function isSchedulableAfterNodeChange(oldNode: Node | undefined, newNode: Node): 'Queue' | 'QueueSkip' {
  if (oldNode && sameList(oldNode.status.declaredFeatures, newNode.status.declaredFeatures)) return 'QueueSkip';
  return 'Queue';
}

/**
 * upstream: isSchedulableAfterPodUpdate — only an update of the pod itself that changes what it
 * needs. Without the old object (an update the simulation made in place) the pod is queued.
 */
export function isSchedulableAfterPodUpdate(pod: Pod, oldPod: Pod | undefined, newPod: Pod, registry?: readonly DeclaredFeature[]): 'Queue' | 'QueueSkip' {
  if (podIdentity(pod) !== podIdentity(newPod)) return 'QueueSkip';
  if (!oldPod) return 'Queue';
  return sameList(inferForPodScheduling(oldPod.spec, registry), inferForPodScheduling(newPod.spec, registry)) ? 'QueueSkip' : 'Queue';
}

const podIdentity = (p: Pod): string => p.metadata.uid ?? `${p.metadata.namespace ?? 'default'}/${p.metadata.name}`;

/** upstream: slices.Equal */
function sameList(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  const x = a ?? [], y = b ?? [];
  return x.length === y.length && x.every((v, i) => v === y[i]);
}
