// upstream: pkg/scheduler/framework/plugins/volumebinding/volume_binding.go (the plugin) over
// binder.go (./binder.ts). PreFilter sorts the pod's claims and refuses unbound Immediate ones;
// Filter finds, per node, the PVs unbound WaitForFirstConsumer claims would bind to or checks
// that they can be provisioned there; Reserve assumes those decisions; PreBind writes them and
// the PV controller completes the binding. Score runs only with the StorageCapacityScoring gate
// (alpha and off through v1.36, beta and on in v1.37): ./scorer.ts; without it PreScore Skips.

import type { CycleState, StateData } from '../../framework/cycleState';
import type { ArgsError, Plugin, PluginDescriptor } from '../../framework/interfaces';
import type { FeatureGates } from '../../features';
import { Status } from '../../framework/status';
import { volumeClaimName, type PersistentVolumeClaim, type StorageClass } from '../../model/storage';
import type { Pod } from '../../model/types';
import { invalid } from '../../framework/config/fieldErrors';
import { validateFunctionShape, type UtilizationShapePoint } from '../NodeResourcesFit/args';
import { BinderError, VolumeBinder, volumeIsForPod, type PodVolumeClaims, type PodVolumes } from './binder';
import { buildVolumeCapacityScorer, classResourcesOf, DEFAULT_STORAGE_CAPACITY_SHAPE } from './scorer';

export { ErrReasonBindConflict, ErrReasonNodeConflict, ErrReasonNotEnoughSpace, ErrReasonPVNotExist } from './binder';

export const Name = 'VolumeBinding';

/** upstream: stateKey */
export const stateKey = Name;

/** upstream: PreFilter's reason for unbound claims with Immediate binding */
export const ErrReasonUnboundImmediateClaims = 'pod has unbound immediate PersistentVolumeClaims';

/** kubescheduler.config.k8s.io/v1 VolumeBindingArgs (shape only matters with StorageCapacityScoring) */
export interface VolumeBindingArgs {
  bindTimeoutSeconds?: number;
  /** the score by utilization (0..100 → 0..10); defaults to DEFAULT_STORAGE_CAPACITY_SHAPE with the gate on */
  shape?: UtilizationShapePoint[];
}

/** upstream: SetDefaults_VolumeBindingArgs */
const DefaultBindTimeoutSeconds = 600;

/** upstream: stateData */
class VolumeBindingState implements StateData {
  allBound = false;
  /** the node → decisions found in Filter */
  readonly podVolumesByNode = new Map<string, PodVolumes>();
  /** upstream: hasStaticBindings — some node's decisions bind an existing PV */
  hasStaticBindings = false;
  constructor(readonly podVolumeClaims?: PodVolumeClaims) {}
  /** upstream: Clone returns the same pointer (Filter runs on copies of the state) */
  clone(): StateData { return this; }
}

function getStateData(state: CycleState): VolumeBindingState | undefined {
  return state.read<VolumeBindingState>(stateKey);
}

const nsOf = (o: { metadata: { namespace?: string } }) => o.metadata.namespace ?? 'default';

/** upstream: podHasPVCs — whether the pod uses any claim, or why it cannot be scheduled yet */
function podHasPVCs(pod: Pod, getPVC: (ns: string, name: string) => PersistentVolumeClaim | undefined): { hasPVC: boolean; error?: string } {
  let hasPVC = false;
  for (const volume of pod.spec.volumes ?? []) {
    const ref = volumeClaimName(pod, volume);
    if (!ref) continue;
    hasPVC = true;
    const pvc = getPVC(nsOf(pod), ref.name);
    if (!pvc) {
      return { hasPVC, error: ref.ephemeral ? `waiting for ephemeral volume controller to create the persistentvolumeclaim "${ref.name}"` : `persistentvolumeclaim "${ref.name}" not found` };
    }
    if (pvc.status.phase === 'Lost') return { hasPVC, error: `persistentvolumeclaim "${pvc.metadata.name}" bound to non-existent persistentvolume "${pvc.spec.volumeName ?? ''}"` };
    if (pvc.metadata.deletionTimestamp !== undefined) return { hasPVC, error: `persistentvolumeclaim "${pvc.metadata.name}" is being deleted` };
    if (ref.ephemeral) {
      const err = volumeIsForPod(pod, pvc);
      if (err) return { hasPVC, error: err };
    }
  }
  return { hasPVC };
}

/** Does this PVC event concern one of the pod's claims? (upstream: isSchedulableAfterPersistentVolumeClaimChange) */
export function podUsesClaim(pod: Pod, claim: PersistentVolumeClaim | undefined): boolean {
  if (!claim || nsOf(claim) !== nsOf(pod)) return false;
  return (pod.spec.volumes ?? []).some((v) => volumeClaimName(pod, v)?.name === claim.metadata.name);
}

function defaultShape(args: VolumeBindingArgs, gates: FeatureGates | undefined): VolumeBindingArgs {
  if (!gates?.StorageCapacityScoring || (args.shape?.length ?? 0) > 0) return args;
  return { ...args, shape: DEFAULT_STORAGE_CAPACITY_SHAPE.map((p) => ({ ...p })) };
}

export const VolumeBinding: PluginDescriptor<VolumeBindingArgs> = {
  name: Name,
  // upstream: SetDefaults_VolumeBindingArgs — an empty shape becomes the default one while
  // StorageCapacityScoring is on (beta and on from 1.37: versions.ts storageCapacityScoringBeta)
  defaultArgs: (gates) => defaultShape({ bindTimeoutSeconds: DefaultBindTimeoutSeconds }, gates),
  applyDefaults: (args, gates) => defaultShape({ ...args, bindTimeoutSeconds: args?.bindTimeoutSeconds ?? DefaultBindTimeoutSeconds }, gates),
  /**
   * upstream: ValidateVolumeBindingArgs. With StorageCapacityScoring off, a shape is refused, so that
   * it cannot take effect unnoticed once the gate turns on (the gates are not known where a
   * configuration is checked on its own, e.g. in the editor: the shape is then checked as with it on).
   */
  validateArgs: (args, gates): ArgsError[] => {
    const t = args.bindTimeoutSeconds ?? DefaultBindTimeoutSeconds;
    const errs: ArgsError[] = t < 0 ? [{ path: 'bindTimeoutSeconds', message: `Invalid value: ${t}: invalid BindTimeoutSeconds, should not be a negative value` }] : [];
    if (args.shape === undefined) return errs;
    if (gates && !gates.StorageCapacityScoring) {
      errs.push({ path: 'shape', message: invalid(['shape'], args.shape, 'unexpected field `shape`, remove it or turn on the feature gate StorageCapacityScoring').message });
    } else {
      errs.push(...validateFunctionShape(args.shape, 'shape'));
    }
    return errs;
  },
  factory: (args, handle): Plugin => {
    const lister = handle.cluster.storage;
    const binder = new VolumeBinder(lister);
    // one Status per list of reasons (the binder shares the lists): a node's verdict is then the
    // same object as every other node's that fails alike, and the trace keeps it once, where a
    // new Status per node and cycle was most of the cost of 4,000 local PVs (issue 23)
    const rejections = new Map<readonly string[], Status>();
    const rejection = (reasons: readonly string[]): Status => {
      let s = rejections.get(reasons);
      if (!s) rejections.set(reasons, (s = Status.unresolvable(...reasons)));
      return s;
    };
    const capacityScoring = handle.features.StorageCapacityScoring;
    // upstream New: a scorer only with the gate on; SetDefaults_VolumeBindingArgs fills an empty shape
    const scorer = capacityScoring ? buildVolumeCapacityScorer(args?.shape?.length ? args.shape : DEFAULT_STORAGE_CAPACITY_SHAPE) : undefined;
    const asStatus = (e: unknown): Status => {
      if (e instanceof BinderError) return Status.error(e.message);
      throw e;
    };
    return {
      name: Name,
      preFilter: (state, pi) => {
        const { hasPVC, error } = podHasPVCs(pi.pod, (ns, name) => binder.cache.getPVC(ns, name));
        if (error !== undefined) return { status: Status.unresolvable(error) };
        if (!hasPVC) {
          state.write(stateKey, new VolumeBindingState());
          return { status: Status.skip() };
        }
        let claims: PodVolumeClaims;
        try {
          claims = binder.getPodVolumeClaims(pi.pod);
        } catch (e) {
          return { status: asStatus(e) };
        }
        // Pod will be moved to active/backoff queues once these claims are bound by the PV controller.
        if (claims.unboundClaimsImmediate.length > 0) return { status: Status.unresolvable(ErrReasonUnboundImmediateClaims) };
        state.write(stateKey, new VolumeBindingState(claims));
        return { status: Status.success() };
      },
      preFilterExtensions: () => undefined,
      filter: (state, pi, nodeInfo) => {
        const s = getStateData(state);
        if (!s?.podVolumeClaims) return Status.error(`error reading "${stateKey}" from cycleState: not found`);
        try {
          const { podVolumes, reasons } = binder.findPodVolumes(pi.pod, s.podVolumeClaims, nodeInfo.node);
          if (reasons.length > 0) return rejection(reasons);
          s.podVolumesByNode.set(nodeInfo.name, podVolumes);
          s.hasStaticBindings ||= podVolumes.staticBindings.length > 0;
          return Status.success();
        } catch (e) {
          return asStatus(e);
        }
      },
      preScore: (state) => {
        if (scorer === undefined) return Status.skip();
        const s = getStateData(state);
        if (!s) return Status.error(`error reading "${stateKey}" from cycleState: not found`);
        return s.hasStaticBindings || capacityScoring ? Status.success() : Status.skip();
      },
      score: (state, _pi, nodeInfo) => {
        if (scorer === undefined) return 0;
        // a pod without claims, or a node Filter did not reach: no decisions, 0
        const podVolumes = getStateData(state)?.podVolumesByNode.get(nodeInfo.name);
        return podVolumes === undefined ? 0 : scorer(classResourcesOf(podVolumes, capacityScoring));
      },
      reserve: (state, pi, nodeName) => {
        const s = getStateData(state);
        if (!s) return Status.error('not found');
        const podVolumes = s.podVolumesByNode.get(nodeName);
        // may not exist if the pod does not reference any PVC
        s.allBound = podVolumes ? binder.assumePodVolumes(pi.pod, nodeName, podVolumes) : true;
        return Status.success();
      },
      unreserve: (state, _pi, nodeName) => {
        const podVolumes = getStateData(state)?.podVolumesByNode.get(nodeName);
        if (podVolumes) binder.revertAssumedPodVolumes(podVolumes);
      },
      preBind: (state, pi, nodeName) => {
        const s = getStateData(state);
        if (!s) return Status.error('not found');
        if (s.allBound) return Status.success();
        const podVolumes = s.podVolumesByNode.get(nodeName);
        if (!podVolumes) return Status.error(`no pod volumes found for node "${nodeName}"`);
        handle.api.bindPodVolumes(pi, nodeName, podVolumes.staticBindings.map((b) => b.pv), podVolumes.dynamicProvisions);
        // the API objects now carry the decisions: the assumed versions are no longer needed
        binder.revertAssumedPodVolumes(podVolumes);
        const err = binder.checkBindings(nodeName, podVolumes);
        return err === undefined ? Status.success() : Status.error(err);
      },
      eventsToRegister: () => [
        // a missing or mis-configured class (allowedTopologies) may be fixed; volumeBindingMode is immutable
        {
          event: { resource: 'StorageClass', actionType: ['Add', 'Update'] },
          hint: (_pod, oldObj, newObj) => (!oldObj || JSON.stringify((oldObj as StorageClass).allowedTopologies) !== JSON.stringify((newObj as StorageClass).allowedTopologies) ? 'Queue' : 'QueueSkip'),
        },
        { event: { resource: 'PersistentVolumeClaim', actionType: ['Add', 'Update'] }, hint: (pod, _old, newObj) => (podUsesClaim(pod, newObj as PersistentVolumeClaim) ? 'Queue' : 'QueueSkip') },
        { event: { resource: 'PersistentVolume', actionType: ['Add', 'Update'] } },
        // a new node or new labels may satisfy a PersistentVolume's node affinity
        { event: { resource: 'Node', actionType: ['Add', 'UpdateNodeLabel'] } },
        // CSINode events matter only for in-tree volumes migrated to CSI (not modelled): creation queues
        { event: { resource: 'CSINode', actionType: ['Add', 'Update'] }, hint: (_pod, oldObj) => (oldObj ? 'QueueSkip' : 'Queue') },
        { event: { resource: 'CSIDriver', actionType: ['Update'] } },
        { event: { resource: 'CSIStorageCapacity', actionType: ['Add', 'Update'] } },
      ],
    };
  },
};
