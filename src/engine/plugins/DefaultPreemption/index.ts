// upstream: pkg/scheduler/framework/plugins/defaultpreemption/default_preemption.go
// The PostFilter plugin that evicts lower-priority pods to make room for a pod that fits nowhere.
// The generic machinery (dry run, node choice, API calls) lives in ../../preemption.

import type { CycleState } from '../../framework/cycleState';
import type { ClusterEventWithHint, Handle, NodeToStatus, Plugin, PluginDescriptor, PostFilterResult } from '../../framework/interfaces';
import type { NodeInfo } from '../../framework/nodeInfo';
import type { PodInfo } from '../../framework/podInfo';
import { Status } from '../../framework/status';
import type { Pod, PodDisruptionBudget } from '../../model/types';
import type { Candidate, Victims } from '../../preemption/candidate';
import { Evaluator, type PreemptionInterface } from '../../preemption/evaluator';
import type { PreemptionScoreFunc } from '../../preemption/pickOneNode';
import {
  applyDefaultPreemptionDefaults, calculateNumCandidates, defaultPreemptionArgs, validateDefaultPreemptionArgs,
  type DefaultPreemptionArgs,
} from './args';
import { workloadAwarePreemptionEnabled } from '../../features';
import { podGroupPriority } from '../../model/admission/podGroupPriority';
import { isPreemptionAllowed, selectVictimsOnNode, type VictimSelection } from './victims';
import { selectVictimUnitsOnNode, snapshotVictimGroupIndex, type VictimGroup, type VictimGroupIndex } from './victimUnits';

export const Name = 'DefaultPreemption';

export const ErrReasonPreemptionPolicyNever = 'not eligible due to preemptionPolicy=Never.';
export const ErrReasonTerminatingPodOnNominatedNode = 'not eligible due to a terminating pod on the nominated node.';
/** upstream: DefaultPreemption.PostFilter — a pod of a PodGroup leaves preemption to the group (workload-aware preemption) */
export const ErrReasonWorkloadAwarePreemption = 'preemption: not eligible due to workload aware preemption enabled';

/** upstream: podTerminatingByPreemption — deleting, with DisruptionTarget=True reason PreemptionByScheduler. */
export function podTerminatingByPreemption(pod: Pod): boolean {
  if (pod.metadata.deletionTimestamp === undefined) return false;
  const condition = (pod.status.conditions ?? []).find((c) => c.type === 'DisruptionTarget');
  return condition !== undefined && condition.status === 'True' && condition.reason === 'PreemptionByScheduler';
}

export class DefaultPreemptionPlugin implements Plugin, PreemptionInterface {
  readonly name = Name;
  readonly evaluator: Evaluator;
  /** this preemption's PodGroups and their scheduled pods (victimUnits.ts), when victims are units */
  private groupIndex: VictimGroupIndex | undefined;

  constructor(readonly args: DefaultPreemptionArgs, private readonly handle: Handle) {
    this.evaluator = new Evaluator(Name, handle, this);
  }

  /**
   * upstream (v1.37): with GenericWorkload on, DefaultPreemption has a PodGroup lister and its
   * victims are units — a pod at its PodGroup's priority, an All-mode PodGroup's scheduled pods
   * together (preemption/types.go getCrossNodesVictims, NewPodVictim). Before v1.37 (and with the
   * gate off) each pod is a victim alone at its own priority.
   */
  private victimGroupsEnabled(): boolean {
    const v = this.handle.versionSwitches;
    return v.podGroupSchedulingCycle && v.workloadApiBeta && this.handle.features.GenericWorkload;
  }

  /** upstream: getPodGroup and GetPodPriority — the victim's PodGroup, its priority and disruptionMode */
  private victimGroup = (pod: Pod): VictimGroup | undefined => {
    const name = pod.spec.schedulingGroup?.podGroupName;
    if (!name) return undefined;
    const ns = pod.metadata.namespace ?? 'default';
    const pg = this.handle.cluster.podGroup(ns, name);
    if (!pg) return undefined;
    return { key: `${ns}/${name}`, priority: podGroupPriority(pg), disruptionMode: pg.spec.disruptionMode ?? 'Single' };
  };

  /** a victim's priority as preemption weighs it (its PodGroup's, when victims are units) */
  private victimPriority(pod: Pod): number {
    if (!this.victimGroupsEnabled()) return pod.spec.priority ?? 0;
    return this.victimGroup(pod)?.priority ?? pod.spec.priority ?? 0;
  }

  /**
   * Result: nominatedNodeName is the node to nominate, '' to clear the pod's nomination
   * (upstream's NominatingMode Override), or absent to leave it as it is (upstream's nil result).
   */
  postFilter(state: CycleState, pod: PodInfo, m: NodeToStatus): { result?: PostFilterResult; status: Status } {
    // upstream: a pod of a PodGroup does not preempt in its own cycle when workload-aware
    // preemption runs for the whole group after the pod-group cycle (schedule_one_podgroup.go)
    if (pod.pod.spec.schedulingGroup?.podGroupName && this.handle.versionSwitches.podGroupSchedulingCycle
      && workloadAwarePreemptionEnabled(this.handle.features, this.handle.versionSwitches.workloadApiBeta)) {
      return { status: Status.unschedulable(ErrReasonWorkloadAwarePreemption) };
    }
    this.groupIndex = this.victimGroupsEnabled() ? snapshotVictimGroupIndex(this.handle, this.victimGroup) : undefined;
    const outcome = this.evaluator.preempt(state, pod, m);
    this.groupIndex = undefined;
    const msg = outcome.status.message();
    const status = msg === '' ? outcome.status : Status.of(outcome.status.code, `preemption: ${msg}`);
    const result: PostFilterResult = { trace: msg === '' ? outcome.trace : { ...outcome.trace, message: status.message() } };
    if (outcome.nominatedNodeName !== undefined) result.nominatedNodeName = outcome.nominatedNodeName;
    return { result, status };
  }

  /**
   * With SchedulerAsyncPreemption upstream registers assigned-pod deletions with a hint that
   * always skips: pods rejected at its PreEnqueue are requeued by the plugins they failed on.
   */
  eventsToRegister(): ClusterEventWithHint[] {
    return [{ event: { resource: 'AssignedPod', actionType: ['Delete'] }, hint: () => 'QueueSkip' }];
  }

  /** upstream: GetOffsetAndNumCandidates — the offset comes from the seeded generator. */
  getOffsetAndNumCandidates(numNodes: number): { offset: number; numCandidates: number } {
    return { offset: this.handle.rng.intn(numNodes), numCandidates: calculateNumCandidates(this.args, numNodes) };
  }

  /** upstream: CandidatesToVictimsMap — one entry per node. */
  candidatesToVictimsMap(candidates: readonly Candidate[]): Map<string, Victims> {
    return new Map(candidates.map((c) => [c.name, c.victims]));
  }

  /**
   * upstream: PodEligibleToPreemptOthers. A pod that already preempted waits for its victims:
   * it may not preempt again while a lower-priority pod on its nominated node is terminating
   * because of preemption, unless that node has become unresolvable for it.
   */
  podEligibleToPreemptOthers(pod: PodInfo, nominatedNodeStatus: Status): { eligible: boolean; reason: string } {
    if (pod.pod.spec.preemptionPolicy === 'Never') return { eligible: false, reason: ErrReasonPreemptionPolicyNever };
    const nominated = pod.pod.status.nominatedNodeName;
    if (nominated) {
      if (nominatedNodeStatus.code === 'UnschedulableAndUnresolvable') return { eligible: true, reason: '' };
      const nodeInfo = this.handle.snapshot().get(nominated);
      // upstream (v1.37): NewPodVictim — the pod at its PodGroup's priority
      const preemptorPriority = pod.pod.spec.priority ?? 0;
      const allowed = (p: PodInfo) => (this.victimGroupsEnabled() ? this.victimPriority(p.pod) < preemptorPriority : isPreemptionAllowed(p, pod));
      if (nodeInfo?.pods.some((p) => allowed(p) && podTerminatingByPreemption(p.pod))) {
        return { eligible: false, reason: ErrReasonTerminatingPodOnNominatedNode };
      }
    }
    return { eligible: true, reason: '' };
  }

  selectVictimsOnNode(state: CycleState, pod: PodInfo, nodeInfo: NodeInfo, pdbs: readonly PodDisruptionBudget[]): VictimSelection {
    if (this.groupIndex) return selectVictimUnitsOnNode(this.handle, state, pod, nodeInfo, pdbs, this.groupIndex);
    return selectVictimsOnNode(this.handle, state, pod, nodeInfo, pdbs);
  }

  /** upstream: OrderedScoreFuncs returns nil — use the default criteria. */
  orderedScoreFuncs(): PreemptionScoreFunc[] | undefined {
    return undefined;
  }
}

export const DefaultPreemption: PluginDescriptor<DefaultPreemptionArgs> = {
  name: Name,
  defaultArgs: defaultPreemptionArgs,
  applyDefaults: (args) => applyDefaultPreemptionDefaults(args ?? {}),
  validateArgs: validateDefaultPreemptionArgs,
  factory: (args, handle) => new DefaultPreemptionPlugin(applyDefaultPreemptionDefaults(args ?? {}), handle),
};
