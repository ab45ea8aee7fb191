// upstream: pkg/scheduler/framework/plugins/volumebinding/volume_binding.go (messages in binder.go)
//
// Volumes are not simulated: scenario pods reference no PersistentVolumeClaim. This is upstream's
// path for such a pod — PreFilter stores an empty state and returns Skip (Filter never runs),
// PreScore returns Skip (no scorer without the alpha StorageCapacityScoring gate), Reserve marks
// all volumes bound, PreBind then has nothing to do. Kept so the default profile, its plugin
// list and its traces match upstream.

import type { CycleState, StateData } from '../../framework/cycleState';
import type { ArgsError, Plugin, PluginDescriptor } from '../../framework/interfaces';
import { Status } from '../../framework/status';

export const Name = 'VolumeBinding';

/** upstream: stateKey */
export const stateKey = Name;

/** upstream: ErrReasonBindConflict */
export const ErrReasonBindConflict = "node(s) didn't find available persistent volumes to bind";
/** upstream: ErrReasonNodeConflict (since kubernetes#129887, v1.33; was "node(s) had volume node affinity conflict") */
export const ErrReasonNodeConflict = "node(s) didn't match PersistentVolume's node affinity";
/** upstream: ErrReasonNotEnoughSpace */
export const ErrReasonNotEnoughSpace = 'node(s) did not have enough free storage';
/** upstream: ErrReasonPVNotExist */
export const ErrReasonPVNotExist = 'node(s) unavailable due to one or more pvc(s) bound to non-existent pv(s)';
/** upstream: PreFilter's reason for unbound claims with Immediate binding */
export const ErrReasonUnboundImmediateClaims = 'pod has unbound immediate PersistentVolumeClaims';

/** kubescheduler.config.k8s.io/v1 VolumeBindingArgs (shape only matters with StorageCapacityScoring) */
export interface VolumeBindingArgs {
  bindTimeoutSeconds?: number;
}

/** upstream: SetDefaults_VolumeBindingArgs */
const DefaultBindTimeoutSeconds = 600;

/** upstream: stateData — for a pod without claims: no per-node volumes, allBound set by Reserve */
class VolumeBindingState implements StateData {
  allBound = false;
  clone(): StateData { return this; }
}

function getStateData(state: CycleState): VolumeBindingState | undefined {
  return state.read<VolumeBindingState>(stateKey);
}

export const VolumeBinding: PluginDescriptor<VolumeBindingArgs> = {
  name: Name,
  defaultArgs: () => ({ bindTimeoutSeconds: DefaultBindTimeoutSeconds }),
  applyDefaults: (args) => ({ ...args, bindTimeoutSeconds: args?.bindTimeoutSeconds ?? DefaultBindTimeoutSeconds }),
  /** upstream: ValidateVolumeBindingArgs */
  validateArgs: (args): ArgsError[] => {
    const t = args.bindTimeoutSeconds ?? DefaultBindTimeoutSeconds;
    return t < 0 ? [{ path: 'bindTimeoutSeconds', message: `Invalid value: ${t}: invalid BindTimeoutSeconds, should not be a negative value` }] : [];
  },
  factory: (): Plugin => ({
    name: Name,
    preFilter: (state) => {
      state.write(stateKey, new VolumeBindingState());
      return { status: Status.skip() };
    },
    preFilterExtensions: () => undefined,
    filter: () => Status.success(),
    preScore: () => Status.skip(),
    score: () => 0,
    reserve: (state) => {
      const s = getStateData(state);
      if (!s) return Status.error('not found');
      // no volumes for the node in the state: nothing to assume, everything is bound
      s.allBound = true;
      return Status.success();
    },
    unreserve: () => {},
    preBind: (state, _pod, nodeName) => {
      const s = getStateData(state);
      if (!s) return Status.error('not found');
      if (s.allBound) return Status.success();
      return Status.error(`no pod volumes found for node "${nodeName}"`);
    },
    eventsToRegister: () => [
      // a new node or new labels may satisfy a PersistentVolume's node affinity
      { event: { resource: 'Node', actionType: ['Add', 'UpdateNodeLabel'] } },
      // StorageClass, PersistentVolumeClaim, PersistentVolume, CSINode, CSIDriver and
      // CSIStorageCapacity events are not simulated
    ],
  }),
};
