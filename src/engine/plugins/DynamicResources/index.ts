// upstream: pkg/scheduler/framework/plugins/dynamicresources/dynamicresources.go (v1.35, with
// DynamicResourceAllocation locked on)
//
// Dynamic Resource Allocation is not simulated: scenario pods have no spec.resourceClaims (and
// the alpha DRAExtendedResource gate is off). This is upstream's path for such a pod:
//   PreEnqueue  Success (no claim to wait for)
//   PreFilter   stores an empty state, returns Skip (Filter never runs)
//   PostFilter  Unschedulable "no new claims to deallocate" — it runs before DefaultPreemption
//               and its reason appears in FailedScheduling messages; Error "not found" when an
//               earlier PreFilter failed so this PreFilter never stored its state
//   Score       0 on every node (there is no PreScore to Skip it), NormalizeScore keeps 0
//   Reserve/PreBind/Unreserve  nothing to do
// Kept so the default profile, its plugin list, its messages and its traces match upstream.

import type { CycleState, StateData } from '../../framework/cycleState';
import { MAX_NODE_SCORE, type Plugin, type PluginDescriptor } from '../../framework/interfaces';
import { Status } from '../../framework/status';
import type { Pod } from '../../model/types';
import { defaultNormalizeScore } from '../helper/normalizeScore';
import { isSamePod } from '../helper/samePod';

export const Name = 'DynamicResources';

/** upstream: stateKey */
export const stateKey = Name;

/** upstream: PostFilter's reason for a pod without claims */
export const ErrReasonNoNewClaimsToDeallocate = 'no new claims to deallocate';

/** upstream: stateData — for a pod without claims, just the observation that there are none */
class DynamicResourcesState implements StateData {
  readonly claims: readonly never[] = [];
  clone(): StateData { return this; }
}

/** upstream: getStateData; cycleState.Read fails with fwk.ErrNotFound ("not found") */
function readState(state: CycleState): DynamicResourcesState | Status {
  return state.read<DynamicResourcesState>(stateKey) ?? Status.error('not found');
}

export const DynamicResources: PluginDescriptor = {
  name: Name,
  factory: (): Plugin => ({
    name: Name,
    preEnqueue: () => Status.success(),
    preFilter: (state) => {
      state.write(stateKey, new DynamicResourcesState());
      return { status: Status.skip() };
    },
    preFilterExtensions: () => undefined,
    filter: (state) => {
      const s = readState(state);
      return s instanceof Status ? s : Status.success();
    },
    postFilter: (state) => {
      const s = readState(state);
      if (s instanceof Status) return { status: s };
      return { status: Status.unschedulable(ErrReasonNoNewClaimsToDeallocate) };
    },
    score: (state) => {
      const s = readState(state);
      return s instanceof Status ? s : 0;
    },
    normalizeScore: (_state, _pod, scores) => defaultNormalizeScore(MAX_NODE_SCORE, false, scores),
    reserve: (state) => {
      const s = readState(state);
      return s instanceof Status ? s : Status.success();
    },
    unreserve: () => {},
    preBind: (state) => {
      const s = readState(state);
      return s instanceof Status ? s : Status.success();
    },
    eventsToRegister: () => [
      // QueueingHints on: no UpdateNodeTaint
      { event: { resource: 'Node', actionType: ['Add', 'UpdateNodeLabel', 'UpdateNodeAllocatable'] } },
      // upstream's isSchedulableAfterPodChange: the pod itself, once all its claims exist (a pod
      // without claims has them all)
      { event: { resource: 'Pod', actionType: ['UpdatePodGeneratedResourceClaim'] }, hint: (pod, _oldObj, newObj) => (isSamePod(pod, newObj as Pod) ? 'Queue' : 'QueueSkip') },
      // ResourceClaim, DeviceClass and ResourceSlice events are not simulated
    ],
  }),
};
