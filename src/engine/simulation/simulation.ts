// The simulated cluster around the scheduler: a clock, the API objects, the scheduler's cache
// and queue, one Framework per profile, the binding cycle, graceful deletion, and the
// scenario's timeline. Runs as a generator so callers can stream cycles one by one.

import type {
  ClusterEvent, CycleTrace, NodeOutcome, PluginResult, PodOutcome, QueueMove, RecordedPodState, ScenarioError, SimulationResult, PlacementCandidate, PodGroupPreemptionTrace,
} from '../api';
import { SchedulerCache } from '../framework/cache';
import type { NodeInfo } from '../framework/nodeInfo';
import type { ProfilePlugins, SchedulerConfiguration } from '../framework/config/types';
import { instantiateProfiles } from '../framework/config';
import type { CycleState } from '../framework/cycleState';
import type { ConfigError } from '../framework/config/types';
import { NodeToStatus, type Handle, type PluginDescriptor, type PreBindWait, type QueuedPodInfo, type SchedulerApi, type WaitingPods } from '../framework/interfaces';
import { formatFitError } from '../framework/fitError';
import { newPodInfo, podPriority, type PodInfo } from '../framework/podInfo';
import { computePodRequests, resourceToList } from '../framework/resources';
import { seededRng, type Rng } from '../framework/rng';
import { Framework } from '../framework/runtime';
import { Status } from '../framework/status';
import type { ExpandedScenario } from '../controllers/expand';
import { V1_35_SWITCHES, type ResolvedKubernetesVersion, type VersionSwitches } from '../versions';
import { defaultFeatureGates, gangSchedulingEnabled, workloadAwarePreemptionEnabled, type FeatureGates } from '../features';
import type { Node, Pod, PodCondition, PodGroup } from '../model/types';
import type { ControllerContext } from '../controllers';
import type { AdmissionContext } from '../model/admission';
import { podKey } from '../model/types';
import { capProblems } from '../model/decoder';
import { formatCount, LIMITS } from '../limits';
import { TraceBudget } from './traceBudget';
import { SchedulingQueue, UNSCHEDULABLE_FLUSH_INTERVAL, POD_MAX_IN_UNSCHEDULABLE_PODS_DURATION, type ClusterEvent as QueueEvent } from '../queue/schedulingQueue';
import { schedulingCycle, type CycleOutcome, type SchedulerState } from '../scheduler/scheduleOne';
import { podGroupPriority } from '../model/admission/podGroupPriority';
import { podGroupCondition, podGroupOrder, podGroupTrace, podGroupVerdict, setPodGroupCondition, submitMember, validatePodGroup, type MemberAttempt, type PodGroupVerdict } from '../scheduler/podGroupCycle';
import { shareCycleResults, sharedResults } from '../scheduler/traceRecords';
import { placementPlugins } from '../scheduler/placementPlugins';
import { HierarchyScheduler } from './hierarchyCycle';
import { placementPodGroup, podGroupKey, preemptionPodGroup, usesPlacementAlgorithm } from '../scheduler/podGroupWorkloadAware';
import { runWorkloadAwarePreemption } from './workloadAwarePreemption';
import { podGroupSchedulingPlacementAlgorithm } from '../framework/placementAlgorithm';
import type { ProposedAssignment } from '../framework/placement';
import { Snapshot } from '../framework/snapshot';
import { ClusterState } from './cluster';
import { VolumeManager } from './volumeManager';
import { VolumeHistory } from './volumeHistory';
import { PdbHistory } from './pdbHistory';
import { getPodQOS, type QOSPod } from '../model/qos';
import { ResourceClaimManager } from './resourceClaims';
import type { ResourceObject } from '../model/resource';
import { storageObjects } from './storageObjects';
import { volumeClaimName } from '../model/storage';
import { podSchedulingSpec, recordedPodState } from './podDescription';

/** upstream: the FailedScheduling event message is cut to this many bytes (schedule_one.go truncateMessage) */
const EVENT_MESSAGE_LIMIT = 1024;
/** without `until`, the clock stops after a simulated day even if controllers keep acting */
const DEFAULT_HORIZON_SECONDS = 24 * 60 * 60;
export const DEFAULT_SCHEDULER_NAME = 'default-scheduler';

interface Timer {
  time: number;
  seq: number;
  run: (() => void) | MethodCall;
}

/**
 * A timer's work as data, `target[method](...args)`: a paused run's copy (./fork.ts) carries it over
 * to the fresh run's own objects, where it must refuse a closure (which acts on the paused run's).
 */
export interface MethodCall {
  readonly target: object;
  readonly method: string;
  readonly args: readonly unknown[];
}

function runTimer(run: Timer['run']): void {
  if (typeof run === 'function') return run();
  const method = (run.target as Record<string, unknown>)[run.method];
  if (typeof method !== 'function') throw new TypeError(`a timer calls ${run.method}, which its target does not have`);
  (method as (...args: unknown[]) => void).apply(run.target, [...run.args]);
}

/** a pod whose PreBind polls on the simulated clock */
interface BindingWait {
  fwk: Framework;
  state: CycleState;
  queued: QueuedPodInfo;
  node: string;
  trace: CycleTrace;
  waits: { plugin: string; wait: PreBindWait }[];
  deadlineSeq: number;
  pollSeq?: number;
}

interface WaitingPod {
  pod: PodInfo;
  nodeName: string;
  fwk: Framework;
  state: CycleState;
  pending: Set<string>;
  timerSeq: number;
  trace: CycleTrace;
  queued: QueuedPodInfo;
}

export interface SimulationOptions {
  seed: number;
  gates?: FeatureGates;
  /** the version simulated (without it, v1.35: the engine's behaviour before versions existed) */
  kubernetesVersion?: ResolvedKubernetesVersion;
  /** the upstream changes switched on (without them, v1.35's) */
  versionSwitches?: VersionSwitches;
  until?: number;
}

export class Simulation {
  now = 0;
  readonly cluster: ClusterState;
  readonly cache = new SchedulerCache();
  readonly queue: SchedulingQueue;
  readonly profiles = new Map<string, Framework>();
  readonly cycles: CycleTrace[] = [];
  readonly events: ClusterEvent[] = [];
  readonly queueMoves: QueueMove[] = [];
  readonly warnings: ScenarioError[];
  /** the PV controller, the ephemeral volume controller and their garbage collection */
  readonly volumes: VolumeManager;
  private readonly volumeHistory: VolumeHistory;
  private readonly pdbHistory: PdbHistory;
  readonly resourceClaims: ResourceClaimManager;
  private readonly rng: Rng;
  private readonly sched: SchedulerState;
  private readonly podInfos = new Map<string, PodInfo>();
  private readonly waiting = new Map<string, WaitingPod>();
  private readonly bindingWaits = new Map<string, BindingWait>();
  /** the scheduling cycle running now, if any: a waiting pod allowed or rejected during it records it */
  private cycleInProgress: CycleTrace | undefined;
  private readonly timers: Timer[] = [];
  private timerSeq = 0;
  private timelineIndex = 0;
  /** pod key -> the last scheduling failure (reason, message) */
  private readonly lastFailure = new Map<string, { reason: string; message: string }>();
  private readonly endReason = new Map<string, string>();
  private readonly deletedAt = new Map<string, number>();
  /** nodes a timeline step added, by name: when */
  private readonly nodeCreatedAt = new Map<string, number>();
  /** nodes deleted during the run (SimulationResult.removedNodes) */
  private readonly removedNodes: NodeOutcome[] = [];
  /** pod key -> the state the scenario file recorded (a dump's status), taken before the run changes it */
  private readonly recorded = new Map<string, RecordedPodState>();
  private readonly traceBudget = new TraceBudget();
  /** why the run stopped early (a budget of LIMITS), once it has */
  stopped?: string;

  private constructor(readonly scenario: ExpandedScenario, readonly config: SchedulerConfiguration, private readonly options: SimulationOptions) {
    for (const pod of scenario.pods) {
      const recorded = recordedPodState(pod);
      if (recorded) this.recorded.set(podKey(pod), recorded);
    }
    this.cluster = new ClusterState(scenario);
    this.volumes = new VolumeManager(this);
    this.volumeHistory = new VolumeHistory(this.cluster.storage, () => ({ cycle: this.cycles.length, time: this.now }));
    this.pdbHistory = new PdbHistory(this.cluster, () => ({ cycle: this.cycles.length, time: this.now }));
    this.resourceClaims = new ResourceClaimManager(this);
    this.rng = seededRng(options.seed);
    this.warnings = [...scenario.warnings];
    this.sched = { nextStartNodeIndex: 0, percentageOfNodesToScore: config.percentageOfNodesToScore };
    this.queue = new SchedulingQueue({
      less: (a, b) => this.firstProfile().queueSortLess(a, b),
      preEnqueue: (pi) => this.profileFor(pi.pod)?.runPreEnqueuePlugins(pi) ?? Status.success(),
      pluginEvents: (pi, name) => this.profileFor(pi.pod)?.plugin(name)?.eventsToRegister?.() ?? [],
      initialBackoff: config.podInitialBackoffSeconds,
      maxBackoff: config.podMaxBackoffSeconds,
      now: () => this.now,
      record: (m) => this.queueMoves.push(m),
    });
  }

  /** Builds the profiles (upstream: profile.NewMap); configuration errors come back as errors. */
  static create(scenario: ExpandedScenario, config: SchedulerConfiguration, registry: Map<string, PluginDescriptor<unknown>>, options: SimulationOptions):
    { ok: true; sim: Simulation; warnings: ConfigError[] } | { ok: false; errors: ConfigError[] } {
    const sim = new Simulation(scenario, config, options);
    const handles = new Map<string, Handle & { fwk?: Framework }>();
    const built = instantiateProfiles(config, registry, (profile) => {
      const handle = sim.newHandle(profile.schedulerName);
      handles.set(profile.schedulerName, handle);
      return handle;
    });
    if (!built.profiles) return { ok: false, errors: built.errors };
    for (const profile of config.profiles) {
      const plugins = built.profiles.get(profile.schedulerName);
      if (plugins) sim.addProfile(profile.schedulerName, plugins, profile.percentageOfNodesToScore, handles.get(profile.schedulerName)!);
    }
    return { ok: true, sim, warnings: built.warnings };
  }

  private addProfile(name: string, plugins: ProfilePlugins, percentage: number | undefined, handle: Handle & { fwk?: Framework }): void {
    const fwk = new Framework(name, plugins, percentage, handle);
    handle.fwk = fwk;
    this.profiles.set(name, fwk);
  }

  private firstProfile(): Framework {
    return this.profiles.values().next().value as Framework;
  }

  profileFor(pod: Pod): Framework | undefined {
    return this.profiles.get(pod.spec.schedulerName ?? DEFAULT_SCHEDULER_NAME);
  }

  private newHandle(profileName: string): Handle & { fwk?: Framework } {
    const waitingPods: WaitingPods = {
      get: (key) => {
        const w = this.waiting.get(key);
        if (!w) return undefined;
        return { pod: w.pod, nodeName: w.nodeName, allow: (plugin) => this.allowWaitingPod(key, plugin), reject: (plugin, msg) => this.rejectWaitingPod(key, plugin, msg) };
      },
      all: () => [...this.waiting.values()].map((w) => ({ pod: w.pod, nodeName: w.nodeName })),
      activate: (keys) => this.queue.activate(keys),
    };
    const api: SchedulerApi = {
      preemptPod: (victim, preemptor, nodeName) => this.preemptPod(victim, preemptor, nodeName),
      clearNominatedNodeName: (pods) => { for (const p of pods) this.setNominatedNode(p, ''); },
      bindPodVolumes: (_pod, _node, volumes, claims) => this.volumes.bindPodVolumes(volumes, claims),
      updateResourceClaimStatus: (claim) => this.resourceClaims.updateStatus(claim),
      createResourceClaim: (claim) => this.resourceClaims.create(claim),
      deleteResourceClaim: (namespace, name) => this.resourceClaims.remove(namespace, name),
      setPodExtendedResourceClaimStatus: (pod, status) => { pod.pod.status.extendedResourceClaimStatus = status; },
    };
    const handle: Handle & { fwk?: Framework } = {
      profileName,
      features: this.gates,
      versionSwitches: this.versionSwitches,
      snapshot: () => this.cache.snapshot(),
      cluster: this.cluster,
      rng: this.rng,
      now: () => this.now,
      nominatedPodsForNode: (node) => this.queue.nominator.nominatedPodsForNode(node),
      hasNominatedPods: () => this.queue.nominator.hasNominatedPods(),
      runPreFilterExtensionAddPod: (s, p, a, n) => handle.fwk!.runPreFilterExtensionAddPod(s, p, a, n),
      runPreFilterExtensionRemovePod: (s, p, r, n) => handle.fwk!.runPreFilterExtensionRemovePod(s, p, r, n),
      runFilterPluginsWithNominatedPods: (s, p, n) => handle.fwk!.runFilterPluginsWithNominatedPods(s, p, n),
      hasScorePlugins: () => handle.fwk!.hasScorePlugins(),
      waitingPods: () => waitingPods,
      api,
    };
    return handle;
  }

  // ---- events and records ----

  private event(type: 'Normal' | 'Warning', reason: string, object: string, message: string): void {
    this.events.push({ time: this.now, type, reason, object, message });
  }

  private podInfo(pod: Pod): PodInfo {
    const key = podKey(pod);
    let pi = this.podInfos.get(key);
    if (!pi || pi.pod !== pod) { pi = newPodInfo(pod); this.podInfos.set(key, pi); }
    return pi;
  }

  setPodCondition(pod: Pod, condition: PodCondition): void {
    const conditions = (pod.status.conditions ??= []);
    const i = conditions.findIndex((c) => c.type === condition.type);
    if (i >= 0) conditions[i] = condition; else conditions.push(condition);
  }

  private setNominatedNode(pi: PodInfo, node: string): void {
    if (node) {
      pi.pod.status.nominatedNodeName = node;
      this.queue.nominator.addNominatedPod(pi, node);
    } else {
      delete pi.pod.status.nominatedNodeName;
      this.queue.nominator.deleteNominatedPodIfExists(pi.key);
    }
  }

  // ---- timers ----

  schedule(time: number, run: (() => void) | MethodCall): number {
    const t: Timer = { time, seq: ++this.timerSeq, run };
    let i = this.timers.length;
    while (i > 0 && this.timers[i - 1]!.time > time) i--;
    this.timers.splice(i, 0, t);
    return t.seq;
  }

  cancelTimer(seq: number): void {
    const i = this.timers.findIndex((t) => t.seq === seq);
    if (i >= 0) this.timers.splice(i, 1);
  }

  // ---- pods entering and leaving ----

  /** Stops the run at the end of the current step, with a warning saying why. */
  stop(message: string): void {
    if (this.stopped !== undefined) return;
    this.stopped = message;
    this.warnings.push({ file: this.scenario.fileName, line: 1, column: 1, message });
  }

  /** A pod created in the API: bound pods go to the cache, pending ones to the queue. */
  createPod(pod: Pod): void {
    pod.metadata.creationTimestamp ??= this.now;
    const key = podKey(pod);
    // a pod created again under the name of one that is gone (a StatefulSet's, a timeline step's):
    // a new pod, and the old one's end is history (its cycles and events stay in the trace)
    if (this.cluster.deletedPods.has(key)) this.forgetDeletedPod(key);
    this.cluster.addPod(pod);
    if (this.cluster.allPods.size > LIMITS.podsPerRun) {
      this.stop(`the run stopped at ${formatCount(this.now)} s of simulated time: ${formatCount(this.cluster.allPods.size)} pods were created (Podplay's limit is ${formatCount(LIMITS.podsPerRun)} in a run, pods that controllers made again after an eviction or a scale-down included). Use fewer replicas or fewer timeline steps that replace pods`);
    }
    this.volumes.podCreated(pod);
    this.resourceClaims.podCreated(pod);
    if (pod.spec.nodeName) {
      if (pod.status.phase === 'Succeeded' || pod.status.phase === 'Failed') return;
      pod.status.phase ??= 'Running';
      pod.status.startTime ??= this.now;
      this.resourceClaims.podBound(pod);
      if (!this.cache.addPod(this.podInfo(pod), pod.spec.nodeName)) {
        this.warnings.push({ file: this.scenario.fileName, line: 1, column: 1, message: `Pod ${key}: spec.nodeName: node "${pod.spec.nodeName}" does not exist; the pod is not placed` });
      }
      this.queue.moveAllToActiveOrBackoffQueue({ resource: 'AssignedPod', actionType: 'Add', label: 'AssignedPodAdd' }, undefined, pod);
      return;
    }
    pod.status.phase ??= 'Pending';
    if (!this.profileFor(pod)) {
      // Another scheduler owns it (upstream: the informer filters pods by responsibleForPod).
      this.endReason.set(key, 'SchedulerNotFound');
      this.lastFailure.set(key, { reason: 'SchedulerNotFound', message: `no scheduler profile named "${pod.spec.schedulerName}": another scheduler would have to schedule this pod` });
      return;
    }
    // upstream: PriorityQueue.Add. From 1.37 (PR #139057) the nomination is stored before the pod is
    // queued, so a gated pod's status.nominatedNodeName (set by another component) holds its space
    // against lower or equal priority pods; before, moveToActiveQ added it only on reaching activeQ.
    const nominated = pod.status.nominatedNodeName;
    const storedFirst = this.versionSwitches.nominatedGatedPodOnAdd;
    if (nominated && storedFirst) this.queue.nominator.addNominatedPod(this.podInfo(pod), nominated);
    this.queue.add(this.podInfo(pod));
    if (nominated && !storedFirst && !this.queue.gatingStatus(key)) this.queue.nominator.addNominatedPod(this.podInfo(pod), nominated);
    // upstream: addPodToSchedulingQueue — with GangScheduling a new pod may complete a gang
    if (this.options.gates && gangSchedulingEnabled(this.options.gates)) {
      this.queue.moveAllToActiveOrBackoffQueue({ resource: 'UnscheduledPod', actionType: 'Add', label: 'UnscheduledPodAdd' }, undefined, pod);
    }
  }

  /** Graceful deletion: terminating now, gone after terminationGracePeriodSeconds. */
  deletePod(pod: Pod, reason: string, grace = pod.spec.terminationGracePeriodSeconds ?? 30): void {
    const key = podKey(pod);
    if (this.cluster.deletedPods.has(key) || pod.metadata.deletionTimestamp !== undefined) return;
    if (!pod.spec.nodeName || grace <= 0) { this.finalizeDeletion(pod, reason); return; }
    pod.metadata.deletionTimestamp = this.now;
    this.cache.podChanged(key);
    this.queue.moveAllToActiveOrBackoffQueue({ resource: 'AssignedPod', actionType: 'Update', label: 'AssignedPodUpdate' }, undefined, pod);
    // Controllers count only active pods: a terminating pod is replaced at once.
    this.onPodDeleted(pod);
    this.schedule(this.now + grace, { target: this, method: 'finalizeDeletion', args: [pod, reason] });
  }

  finalizeDeletion(pod: Pod, reason: string): void {
    const key = podKey(pod);
    if (this.cluster.deletedPods.has(key)) return;
    this.cluster.deletedPods.add(key);
    // A pod's name is free again once it is gone: a StatefulSet asks for it again (its pods' names
    // are its identity), and so may a timeline step that creates the pod anew. Generated names
    // stay taken, as upstream's random suffixes would not meet the old name again. A StatefulSet's
    // pod as the API server stored it has a generateName too (GetPodFromTemplate sets it) but its
    // name is its ordinal's, set by the controller (upstream: stateful_set_utils.go newStatefulSetPod)
    if (!pod.metadata.generateName || pod.metadata.ownerReferences?.some((r) => r.controller === true && r.kind === 'StatefulSet')) {
      this.scenario.names.release(pod.metadata.namespace ?? 'default', pod.metadata.name);
    }
    this.deletedAt.set(key, this.now);
    this.endReason.set(key, reason);
    const wasBound = this.cache.nodeOfPod(key) !== undefined;
    this.cache.removePod(key);
    const wasQueued = this.queue.has(key);
    this.queue.delete(key);
    if (wasQueued) this.queueMoves.push({ time: this.now, pod: key, to: 'deleted', reason });
    const w = this.waiting.get(key);
    if (w) { this.waiting.delete(key); this.cancelTimer(w.timerSeq); }
    const b = this.bindingWaits.get(key);
    if (b) {
      // upstream: the binding goroutine fails (the pod is gone) and unreserves
      this.bindingWaits.delete(key);
      this.cancelTimer(b.deadlineSeq);
      if (b.pollSeq !== undefined) this.cancelTimer(b.pollSeq);
      b.fwk.runReservePluginsUnreserve(b.state, b.queued.podInfo, b.node);
    }
    if (pod.status.phase === 'Running' || pod.status.phase === 'Pending') pod.status.phase = 'Failed';
    if (wasBound) this.queue.moveAllToActiveOrBackoffQueue({ resource: 'AssignedPod', actionType: 'Delete', label: 'AssignedPodDelete' }, pod, undefined);
    else if (pod.status.nominatedNodeName) {
      // upstream: eventhandlers.go deletePodFromSchedulingQueue — a deleted nominated pod frees the
      // room it held for pods of lower or equal priority, which treat it as assigned (getLEPriorityPreCheck)
      const priority = podPriority(pod);
      this.queue.moveAllToActiveOrBackoffQueue({ resource: 'AssignedPod', actionType: 'Delete', label: 'AssignedPodDelete' }, pod, undefined, undefined, (p) => podPriority(p) <= priority);
    }
    this.onPodDeleted(pod);
    this.volumes.podDeleted(pod);
    this.resourceClaims.podDeleted(pod);
  }

  /**
   * the controllers and managers built around this simulation (startLoadedSimulation): kept here so
   * that everything a run changes is reachable from it (./fork.ts copies a paused run's state)
   */
  readonly parts: object[] = [];

  /** parts of the cluster that add their own section to the result (the node autoscaler) */
  readonly resultExtensions: ((result: SimulationResult) => void)[] = [];

  /**
   * True while the timeline steps and timers due at this instant are applied. Informer work (a
   * controller's sync after its pods went away) is then queued, deduplicated, and done once when
   * all of them are applied, as upstream's workqueues fold the events of one burst into one sync:
   * 3,000 evictions at one instant are one StatefulSet sync, not 3,000 (issue 23).
   */
  applyingDue = false;
  /** the queues drained after the instant's steps and timers: each says whether it did work */
  readonly instantListeners: (() => boolean)[] = [];

  /** controllers' first sync, after the initial objects exist */
  readonly startListeners: (() => void)[] = [];
  /** the upstream behaviour changes the run has (versions.ts) */
  get versionSwitches(): VersionSwitches {
    return this.options.versionSwitches ?? V1_35_SWITCHES;
  }

  get kubernetesVersion(): ResolvedKubernetesVersion {
    return this.options.kubernetesVersion ?? { version: '1.35', source: 'default', detail: "v1.35, the engine's behaviour when no version is given" };
  }

  /** the feature gates the scenario runs with */
  get gates(): FeatureGates {
    return this.options.gates ?? defaultFeatureGates();
  }

  /** the controllers that watch resource.k8s.io objects (informer handlers): kind, old and new object */
  readonly resourceListeners: ((kind: ResourceObject['kind'], old: ResourceObject | undefined, obj: ResourceObject | undefined) => void)[] = [];
  /** the controllers that watch pods (informer handlers) */
  readonly podListeners: { bound?: (pod: Pod) => void; deleted?: (pod: Pod) => void; unschedulable?: (pod: Pod) => void }[] = [];

  private onPodDeleted(pod: Pod): void {
    for (const l of this.podListeners) l.deleted?.(pod);
  }

  /** upstream: preemption.Evaluator.prepareCandidate, for one victim */
  private preemptPod(victim: PodInfo, preemptor: PodInfo, nodeName: string, group?: PodGroup): void {
    const preempted = group
      ? `Preempted by podgroup ${group.metadata.uid ?? podGroupKey(group)} on node ${nodeName}`
      : `Preempted by pod ${preemptor.pod.metadata.uid ?? preemptor.key} on node ${nodeName}`;
    const switches = this.versionSwitches;
    if (this.waiting.has(victim.key)) {
      // upstream (v1.36+, PR #135719) WaitingPod.Preempt: an Error, so the victim backs off; before, Reject
      if (!switches.permitPreemptToBackoff) { this.rejectWaitingPod(victim.key, 'DefaultPreemption', 'preempted'); return; }
      this.preemptWaitingPod(victim.key, 'DefaultPreemption');
      this.event('Normal', 'Preempted', `Pod/${victim.key}`, `${preempted} (in kube-scheduler memory).`);
      return;
    }
    if (switches.preBindPreemptToBackoff && this.bindingWaits.has(victim.key)) {
      // upstream (v1.36+, PR #135502) PodInPreBind.CancelPod: the victim's PreBind context is
      // cancelled, its binding cycle fails with the plugin's error and the pod backs off, undeleted
      this.cancelPreBind(victim.key, 'DefaultPreemption');
      this.event('Normal', 'Preempted', `Pod/${victim.key}`, `${preempted} (in kube-scheduler memory).`);
      return;
    }
    if (victim.pod.metadata.deletionTimestamp !== undefined) return;
    // upstream: Executor.PreemptPod — a pod group preemptor says so (the whole cluster is its domain)
    this.setPodCondition(victim.pod, { type: 'DisruptionTarget', status: 'True', reason: 'PreemptionByScheduler', message: `${this.profileFor(preemptor.pod)?.profileName ?? DEFAULT_SCHEDULER_NAME}: preempting to accommodate a higher priority pod${group ? ' group' : ''}` });
    this.event('Normal', 'Preempted', `Pod/${victim.key}`, preempted);
    // upstream (prepareCandidateAsync) deletes the victims after the preemptor's cycle, so their
    // deletion is an event the queue sees with the preemptor back in it. A victim deleted at once
    // (terminationGracePeriodSeconds: 0) would otherwise vanish inside the cycle and leave the
    // preemptor Unschedulable until the 5-minute flush.
    const grace = victim.pod.spec.terminationGracePeriodSeconds ?? 30;
    if (grace <= 0) this.schedule(this.now, { target: this, method: 'deletePod', args: [victim.pod, 'Preempted'] });
    else this.deletePod(victim.pod, 'Preempted');
  }

  // ---- API operations (the timeline and the controllers go through these) ----

  /** what admission and the workload controllers see of the cluster now */
  controllerContext(): ControllerContext {
    return {
      ...this.admissionContext(), pods: this.cluster.livePods(), workloads: [...this.cluster.workloads.values()],
      gates: this.gates, switches: this.versionSwitches, schedulingWorkloads: this.cluster.schedulingWorkloads, podGroups: this.cluster.podGroups,
    };
  }

  /** What admission reads (no pod list: listing the live pods for every applied pod made applying n pods O(n²)). */
  admissionContext(): AdmissionContext {
    return {
      nodes: this.cluster.nodes,
      namespaces: this.cluster.namespaceObjects,
      priorityClasses: this.cluster.priorityClasses,
      runtimeClasses: this.cluster.runtimeClasses,
      names: this.scenario.names,
      now: this.now,
      policies: this.cluster.policies,
    };
  }

  /** Records an event (timeline steps, controllers). */
  recordEvent(type: 'Normal' | 'Warning', reason: string, object: string, message: string): void {
    this.event(type, reason, object, message);
  }

  /** Creates a node, or replaces it, telling the queue what changed (upstream: nodeSchedulingPropertiesChange). */
  upsertNode(node: Node): void {
    const old = this.cluster.nodes.get(node.metadata.name);
    this.cluster.nodes.set(node.metadata.name, node);
    if (!old) {
      this.nodeCreatedAt.set(node.metadata.name, this.now);
      this.cache.addNode(node);
      this.queue.moveAllToActiveOrBackoffQueue({ resource: 'Node', actionType: 'Add', label: 'NodeAdd' }, undefined, node);
      return;
    }
    this.cache.updateNode(node);
    for (const change of nodeChanges(old, node)) this.queue.moveAllToActiveOrBackoffQueue(change, old, node);
  }

  private nodeOutcome(n: NodeInfo, devices: NodeOutcome['devices'] | undefined): NodeOutcome {
    return {
      name: n.name,
      labels: { ...(n.node.metadata.labels ?? {}) },
      allocatable: resourceToList(n.allocatable),
      requested: { ...resourceToList(n.requested), pods: n.pods.length },
      taints: (n.node.spec?.taints ?? []).map((t) => ({ key: t.key, ...(t.value ? { value: t.value } : {}), effect: t.effect })),
      unschedulable: !!n.node.spec?.unschedulable,
      ...(n.node.status.declaredFeatures?.length ? { declaredFeatures: [...n.node.status.declaredFeatures] } : {}),
      ...(this.nodeCreatedAt.has(n.name) ? { createdAt: this.nodeCreatedAt.get(n.name)! } : {}),
      ...(!this.nodeCreatedAt.has(n.name) && n.node.metadata.creationTimestamp !== undefined ? { creationTimestamp: n.node.metadata.creationTimestamp } : {}),
      ...(devices ? { devices } : {}),
    };
  }

  /** Deletes a node; the pod garbage collector then deletes the pods bound to it. */
  deleteNode(name: string): void {
    const node = this.cluster.nodes.get(name);
    if (!node) return;
    const info = this.cache.nodeInfo(name);
    // the result keeps it, as it was: its pods were on it until now (the stage draws it until then)
    if (info) this.removedNodes.push({ ...this.nodeOutcome(info, this.resourceClaims.nodeDevices().get(name)), deletedAt: this.now });
    this.cluster.nodes.delete(name);
    this.cache.removeNode(name);
    for (const pod of this.cluster.livePods()) {
      if (pod.spec.nodeName === name) this.finalizeDeletion(pod, 'NodeDeleted');
    }
  }

  /** A pending pod changed (e.g. a scheduling gate was removed). */
  updatePendingPod(pod: Pod, reason: string, before?: Pod): void {
    const pi = newPodInfo(pod);
    this.podInfos.set(pi.key, pi);
    this.queue.update(pi, reason, before);
  }

  /**
   * An accepted update of a live pod (kubectl apply naming an existing pod). The pod object keeps
   * its identity. A pending pod goes through the queue's Update (a gated one runs PreEnqueue
   * again); a bound pod is refreshed in the cache and wakes the pods waiting on AssignedPod/Update.
   */
  updatePod(pod: Pod, updated: Pod): void {
    const key = podKey(pod);
    const node = this.cache.nodeOfPod(key);
    const bound = node !== undefined && !this.cache.isAssumed(key);
    // the old pod, for the queueing hints of the pods an AssignedPod/Update may wake
    const before = { ...pod };
    pod.metadata = updated.metadata;
    pod.spec = updated.spec;
    if (!pod.spec.nodeName && node === undefined) {
      this.updatePendingPod(pod, 'PodUpdate', before);
      return;
    }
    const pi = newPodInfo(pod);
    this.podInfos.set(key, pi);
    if (!bound) return;
    this.cache.removePod(key);
    this.cache.addPod(pi, node);
    this.queue.moveAllToActiveOrBackoffQueue({ resource: 'AssignedPod', actionType: 'Update', label: 'AssignedPodUpdate' }, before, pod);
  }

  /**
   * A pending pod that no cycle has tried yet, whose spec was changed in place (a fix search's
   * variant resumed from a snapshot: whatIf/variantSnapshot.ts): its PodInfo, which the queue
   * holds, is rebuilt in place. False when the pod is not such a pod.
   */
  reviseUnscheduledPod(key: string): boolean {
    const pod = this.cluster.livePod(key);
    const pi = this.podInfos.get(key);
    if (!pod || !pi || pi.pod !== pod || pod.spec.nodeName || this.cycles.some((c) => c.pod === key)) return false;
    Object.assign(pi, newPodInfo(pod));
    return true;
  }

  private forgetDeletedPod(key: string): void {
    this.cluster.deletedPods.delete(key);
    this.deletedAt.delete(key);
    this.endReason.delete(key);
    this.lastFailure.delete(key);
    this.recorded.delete(key);
    this.podInfos.delete(key);
  }

  /** Deletes a pod at once or gracefully, by its key. */
  deletePodByKey(key: string, reason: string): boolean {
    const pod = this.cluster.livePod(key);
    if (!pod) return false;
    this.deletePod(pod, reason);
    return true;
  }

  // ---- the scheduling loop ----

  /** Runs the simulation, yielding each cycle as it completes. */
  *run(): Generator<CycleTrace, void, void> {
    this.begin();
    yield* this.loop();
  }

  /**
   * Runs until `cycles` cycles are done and stops before anything else happens (the next instant's
   * steps and timers, the next pop): the point a fork (./fork.ts) resumes from. False when the run
   * ended first.
   */
  runUntilCycle(cycles: number): boolean {
    this.begin();
    for (const _cycle of this.loop(cycles)) { /* to the pause */ }
    return this.paused;
  }

  /** Continues a run paused by runUntilCycle (or one whose state a fork copied in) to its end. */
  *resume(): Generator<CycleTrace, void, void> {
    this.paused = false;
    yield* this.loop();
  }

  /** set by runUntilCycle when it stopped at its cycle rather than at the end */
  private paused = false;

  /** the objects created, their controllers' first sync: what happens before the first cycle */
  private begin(): void {
    for (const e of this.scenario.admissionEvents) this.events.push(e);
    // Nodes, then bound pods, so the cache is complete before any cycle; then pending pods in
    // document order. Every pod is registered first so results list them in creation order.
    for (const node of this.cluster.nodes.values()) this.cache.addNode(node);
    this.volumeHistory.start();
    // the PV controller binds (or provisions) the Immediate claims before the first cycle
    this.volumes.sync();
    // the resourceclaim controller makes the PodGroups' template claims (DRAWorkloadResourceClaims)
    for (const group of this.cluster.podGroups.values()) this.resourceClaims.podGroupCreated(group);
    for (const pod of this.scenario.pods) this.cluster.addPod(pod);
    for (const pod of this.scenario.pods) if (pod.spec.nodeName) this.createPod(pod);
    for (const pod of this.scenario.pods) if (!pod.spec.nodeName) this.createPod(pod);
    for (const start of this.startListeners) start();
  }

  private *loop(pauseAt?: number): Generator<CycleTrace, void, void> {
    for (;;) {
      if (pauseAt !== undefined && this.cycles.length >= pauseAt) { this.paused = this.cycles.length === pauseAt; return; }
      if (this.stopped !== undefined) break;
      this.applyDue();
      this.pdbHistory.record();
      if (this.stopped !== undefined) break;
      const q = this.queue.pop();
      if (q) {
        const traces = this.scheduleOne(q);
        this.pdbHistory.record();
        for (const trace of traces) {
          const stop = this.traceBudget.account(trace, this.cycles.length);
          if (stop) this.stop(stop);
          yield trace;
        }
        continue;
      }
      const next = this.nextEventTime();
      if (next === undefined) break;
      if (this.options.until !== undefined && next > this.options.until) { this.now = this.options.until; break; }
      if (this.options.until === undefined && next > DEFAULT_HORIZON_SECONDS) {
        this.warnings.push({ file: this.scenario.fileName, line: 1, column: 1, message: `the simulation stopped at its horizon of ${DEFAULT_HORIZON_SECONDS} s of simulated time (24 h) with work still scheduled after it; on the command line, --until SECONDS sets another horizon` });
        break;
      }
      this.now = next;
    }
  }

  private hasExternalWork(): boolean {
    return this.timers.length > 0 || this.timelineIndex < this.scenario.timeline.length;
  }

  private nextEventTime(): number | undefined {
    const times: number[] = [];
    if (this.timers[0]) times.push(this.timers[0].time);
    const step = this.scenario.timeline[this.timelineIndex];
    if (step) times.push(step.at);
    const includeFlush = this.hasExternalWork() || this.options.until !== undefined;
    const q = this.queue.nextWakeTime(includeFlush);
    if (q !== undefined) times.push(q);
    const next = times.length ? Math.min(...times) : undefined;
    return next !== undefined && next < this.now ? this.now : next;
  }

  /** timeline steps and timers due now, then the queue's periodic flushes */
  private applyDue(): void {
    this.applyingDue = true;
    try {
      for (;;) {
        const step = this.scenario.timeline[this.timelineIndex];
        const timer = this.timers[0];
        if (timer && timer.time <= this.now && (!step || timer.time <= step.at)) {
          this.timers.shift();
          runTimer(timer.run);
          continue;
        }
        if (step && step.at <= this.now) {
          this.timelineIndex++;
          this.applyTimelineStep(step);
          continue;
        }
        // everything due at this instant is applied: the work queues drain (which may make more due)
        if (!this.instantListeners.some((drain) => drain())) break;
      }
    } finally {
      this.applyingDue = false;
    }
    if (this.now % UNSCHEDULABLE_FLUSH_INTERVAL === 0 && this.now >= POD_MAX_IN_UNSCHEDULABLE_PODS_DURATION) this.queue.flushUnschedulablePodsLeftover();
    this.queue.flushBackoffQCompleted();
  }

  /** Hook for the timeline (src/engine/timeline); set by the caller. */
  applyTimelineStep: (step: ExpandedScenario['timeline'][number]) => void = () => {};

  /** One cycle — or, for a pod of a PodGroup from v1.36 on, one pod-group cycle (several traces). */
  private scheduleOne(q: QueuedPodInfo): CycleTrace[] {
    const pi = q.podInfo;
    const pod = pi.pod;
    const fwk = this.profileFor(pod);
    if (!fwk) { this.queue.done(pi.key); return []; }
    const pg = this.podGroupOf(pod);
    if (pg?.spec.parentCompositePodGroupName !== undefined && this.options.gates?.CompositePodGroup) return this.scheduleHierarchy(q, fwk, pg);
    if (pg) return this.schedulePodGroup(q, fwk, pg);
    if (this.skipPodSchedule(pi)) return [];
    const { trace, outcome } = this.runCycle(q, fwk);
    switch (outcome.kind) {
      case 'scheduled':
        this.runBindingCycle(fwk, outcome.state, q, outcome.node, trace);
        break;
      case 'waiting': {
        const seq = this.schedule(this.now + outcome.timeout, () => this.rejectWaitingPod(pi.key, outcome.waitingOn[0] ?? '', `rejected due to timeout after waiting ${formatGoDuration(outcome.timeout)} at plugin ${outcome.waitingOn[0]}`));
        this.waiting.set(pi.key, { pod: pi, nodeName: outcome.node, fwk, state: outcome.state, pending: new Set(outcome.waitingOn), timerSeq: seq, trace, queued: q });
        this.queueMoves.push({ time: this.now, pod: pi.key, from: 'scheduling', to: 'waitingOnPermit', reason: `Permit: ${outcome.waitingOn.join(', ')}` });
        break;
      }
      case 'unschedulable':
        this.handleSchedulingFailure(q, 'rejected', outcome.message, outcome.unschedulablePlugins, outcome.pendingPlugins, outcome.nominatedNodeName);
        break;
      case 'error':
        this.failWithError(q, trace, outcome.message);
        break;
    }
    this.cycleInProgress = undefined;
    return [trace];
  }

  /** upstream: skipPodSchedule — a pod being deleted is not scheduled. */
  private skipPodSchedule(pi: PodInfo): boolean {
    if (pi.pod.metadata.deletionTimestamp === undefined && !this.cluster.deletedPods.has(pi.key)) return false;
    this.queue.done(pi.key);
    this.event('Warning', 'FailedScheduling', `Pod/${pi.key}`, `skip schedule deleting pod: ${pi.key}`);
    return true;
  }

  private failWithError(q: QueuedPodInfo, trace: CycleTrace, message: string): void {
    trace.result = 'Error';
    trace.message = message;
    this.handleSchedulingFailure(q, 'error', message, new Set(), new Set(), undefined);
  }

  /** The scheduling cycle of one pod, traced (Filter … Permit; what follows is the caller's). */
  private runCycle(q: QueuedPodInfo, fwk: Framework, placementNodes?: ReadonlySet<string>): { trace: CycleTrace; outcome: CycleOutcome } {
    const pi = q.podInfo;
    const full = this.cache.snapshot();
    // upstream: Snapshot.AssumePlacement — the cycle sees only the placement's nodes
    const snapshot = placementNodes ? new Snapshot(full.nodeInfoList.filter((n) => placementNodes.has(n.name))) : full;
    const trace: CycleTrace = {
      cycle: this.cycles.length + 1, time: this.now, pod: pi.key, profile: fwk.profileName,
      preFilter: [], nodesEvaluated: [], filter: {}, feasible: [], result: 'Error',
    };
    this.cycles.push(trace);
    this.cycleInProgress = trace;
    const outcome = schedulingCycle({
      fwk, snapshot, rng: this.rng, scheduler: this.sched, queued: q,
      assume: (p, node) => { this.cache.addPod(p, node, true); },
      forget: (p) => { this.cache.removePod(p.key); },
    }, trace);
    shareCycleResults(trace);
    return { trace, outcome };
  }

  /**
   * The PodGroup a pod is scheduled with, when the version has the pod-group cycle
   * (versions.ts podGroupSchedulingCycle) and GenericWorkload is on.
   */
  private podGroupOf(pod: Pod): PodGroup | undefined {
    const name = pod.spec.schedulingGroup?.podGroupName;
    if (!name || !this.versionSwitches.podGroupSchedulingCycle || !this.options.gates?.GenericWorkload) return undefined;
    return this.cluster.podGroup(pod.metadata.namespace ?? 'default', name);
  }

  /** v1.37 alpha (CompositePodGroup): one cycle for a PodGroup's whole hierarchy (./hierarchyCycle.ts). */
  private scheduleHierarchy(q: QueuedPodInfo, fwk: Framework, pg: PodGroup): CycleTrace[] {
    return new HierarchyScheduler({
      cluster: this.cluster,
      cycles: this.cycles,
      now: () => this.now,
      topologyAware: () => this.options.gates !== undefined && usesPlacementAlgorithm(this.options.gates),
      validatesPriority: () => this.versionSwitches.podGroupValidatesPriority,
      hasProfile: (name) => this.profiles.has(name),
      random: () => this.rng.intn(0x7fffffff),
      nodeInfos: () => this.cache.snapshot().nodeInfoList,
      nodeOfPod: (key) => this.cache.nodeOfPod(key),
      popSpecific: (key) => this.queue.popSpecific(key),
      skipPodSchedule: (m) => this.skipPodSchedule(m.podInfo),
      tryMembers: (f, members, nodes) => this.tryMembers(f, members, nodes),
      forgetPlaced: (f, a) => this.forgetPlaced(f, a),
      choosePlacement: (f, group, members, groupPods, parent) => this.choosePlacement(f, group, members, groupPods, parent),
      clearCycleInProgress: () => { this.cycleInProgress = undefined; },
      bind: (f, state, m, node, trace) => this.runBindingCycle(f, state, m, node, trace),
      failWithError: (m, trace, message) => this.failWithError(m, trace, message),
      unschedulable: (m, message, plugins, pending, nominated) => this.handleSchedulingFailure(m, 'rejected', message, plugins, pending, nominated),
      requeueGated: (m, message) => this.handleSchedulingFailure(m, 'rejected', message, new Set(['GangScheduling']), new Set(), undefined),
    }).schedule(q, fwk, pg);
  }

  /** upstream: scheduleOnePodGroup (./scheduler/podGroupCycle.ts says what it does). */
  private schedulePodGroup(q: QueuedPodInfo, fwk: Framework, pg: PodGroup): CycleTrace[] {
    const ns = pg.metadata.namespace ?? 'default';
    const inGroup = (p: Pod) => p.spec.schedulingGroup?.podGroupName === pg.metadata.name && (p.metadata.namespace ?? 'default') === ns;
    const groupPods = this.cluster.pods().filter(inGroup);
    // upstream: podGroupInfoForPod — the group's other unscheduled pods leave the queue with it
    const popped = [q];
    const scheduled: Pod[] = [];
    for (const p of groupPods) {
      const key = podKey(p);
      if (p.spec.nodeName || this.cache.nodeOfPod(key) !== undefined) { scheduled.push(p); continue; }
      if (key === q.podInfo.key) continue;
      const other = this.queue.popSpecific(key);
      if (other) popped.push(other);
    }
    popped.sort(podGroupOrder);
    const bound = groupPods.filter((p) => p.spec.nodeName).length;
    // upstream: frameworkForPodGroup / validatePodGroup, before skipPodGroupPodSchedule
    const refused = validatePodGroup(
      [...popped.map((m) => m.podInfo.pod), ...(this.versionSwitches.podGroupValidatesScheduledPods ? scheduled : [])],
      (name) => this.profiles.has(name),
      this.versionSwitches.podGroupValidatesPriority ? podGroupPriority(pg) : undefined,
    );
    if (refused) return this.refusePodGroup(pg, popped, bound, refused);
    const members = popped.filter((m) => !this.skipPodSchedule(m.podInfo));
    if (members.length === 0) return [];
    const placement = this.options.gates && usesPlacementAlgorithm(this.options.gates)
      ? this.choosePlacement(fwk, pg, members, groupPods)
      : undefined;
    const attempts = this.tryMembers(fwk, members, placement?.nodes, true);
    this.cycleInProgress = undefined;
    let verdict = podGroupVerdict(attempts);
    if (placement?.message && verdict.kind === 'unschedulable' && !verdict.waitingOnPreemption) verdict = { kind: 'unschedulable', message: placement.message };
    // upstream: the algorithm's assumed members are forgotten before preemption runs (deferred revertFn)
    if (verdict.kind !== 'scheduled') for (const a of attempts) this.forgetPlaced(fwk, a);
    const waitingOnPreemption = verdict.kind === 'unschedulable' && verdict.waitingOnPreemption === true;
    const preemption = verdict.kind === 'unschedulable' && !waitingOnPreemption ? this.preemptForPodGroup(fwk, pg, members) : undefined;
    // upstream: podGroupCycle — an Error replaces the group's status, an Unschedulable is appended to it
    if (preemption?.result === 'Error') verdict = { kind: 'error', message: preemption.message ?? '' };
    else if (preemption?.result === 'Unschedulable' && preemption.message && verdict.kind === 'unschedulable') verdict = { kind: 'unschedulable', message: `${verdict.message}, ${preemption.message}` };
    const nominated = new Map(preemption?.result === 'Success' ? preemption.nominated.map((n) => [n.pod, n.node]) : []);
    const groupTrace = podGroupTrace(pg, attempts, bound, verdict);
    if (placement) groupTrace.placements = placement.candidates;
    if (preemption) groupTrace.preemption = preemption;
    for (const a of attempts) a.trace.podGroup = groupTrace;
    const condition = podGroupCondition(pg, verdict, this.now);
    setPodGroupCondition(pg, condition);
    const stored = pg.status?.conditions?.find((c) => c.type === condition.type);
    if (stored) groupTrace.condition = { type: stored.type, status: stored.status, reason: stored.reason, message: stored.message };
    const preemptionNominated = preemption?.result === 'Success' ? nominated : undefined;
    for (const a of attempts) {
      const submitted = submitMember(a, verdict, preemptionNominated, preemption?.result === 'Unschedulable' ? preemption.message : undefined);
      if (submitted.kind === 'bind') {
        const placed = a.outcome as Extract<CycleOutcome, { kind: 'scheduled' | 'waiting' }>;
        a.trace.result = 'Waiting';
        this.runBindingCycle(fwk, placed.state, a.queued, submitted.node, a.trace);
        continue;
      }
      if (submitted.kind === 'error') { this.failWithError(a.queued, a.trace, submitted.message); continue; }
      const own = a.outcome.kind === 'unschedulable' ? a.outcome : undefined;
      if (verdict.kind !== 'scheduled') {
        a.trace.result = 'Unschedulable';
        a.trace.message = submitted.message;
      }
      this.handleSchedulingFailure(a.queued, 'rejected', submitted.message, own?.unschedulablePlugins ?? new Set(), own?.pendingPlugins ?? new Set(), submitted.nominatedNode);
    }
    // members not tried after an error go back with the group's error
    for (const m of members.slice(attempts.length)) this.handleSchedulingFailure(m, 'error', verdict.kind === 'error' ? verdict.message : '', new Set(), new Set(), undefined);
    return attempts.map((a) => a.trace);
  }

  /**
   * A group whose pods name different schedulers fails before any member is tried: each gets the
   * error through its own profile's failure handler (a SchedulerError, back to the backoff queue),
   * and from v1.37 the PodGroup a SchedulerError condition (upstream: scheduleOnePodGroup,
   * handlePodGroupFailureBeforeScheduling and updatePodGroupConditionWithError after v1.37).
   */
  private refusePodGroup(pg: PodGroup, members: readonly QueuedPodInfo[], bound: number, message: string): CycleTrace[] {
    const attempts: MemberAttempt[] = members.map((m) => {
      const trace: CycleTrace = {
        cycle: this.cycles.length + 1, time: this.now, pod: m.podInfo.key, profile: this.profileFor(m.podInfo.pod)?.profileName ?? DEFAULT_SCHEDULER_NAME,
        preFilter: [], nodesEvaluated: [], filter: {}, feasible: [], result: 'Error', message,
      };
      this.cycles.push(trace);
      return { queued: m, trace, outcome: { kind: 'error', status: Status.error(message), message } };
    });
    const verdict: PodGroupVerdict = { kind: 'error', message };
    const groupTrace = podGroupTrace(pg, attempts, bound, verdict);
    groupTrace.placed = 0;
    if (this.versionSwitches.podGroupValidatesScheduledPods) {
      const condition = podGroupCondition(pg, verdict, this.now);
      setPodGroupCondition(pg, condition);
      const stored = pg.status?.conditions?.find((c) => c.type === condition.type);
      if (stored) groupTrace.condition = { type: stored.type, status: stored.status, reason: stored.reason, message: stored.message };
    }
    for (const a of attempts) {
      a.trace.podGroup = groupTrace;
      this.failWithError(a.queued, a.trace, message);
    }
    return attempts.map((a) => a.trace);
  }

  /**
   * The group's members tried in order, each assumed for the next (upstream:
   * podGroupSchedulingDefaultAlgorithm). With assumeNominated, a member whose own PostFilter
   * nominated a node is assumed there too (upstream: requiresPreemption).
   */
  private tryMembers(fwk: Framework, members: readonly QueuedPodInfo[], placementNodes?: ReadonlySet<string>, assumeNominated = false): MemberAttempt[] {
    const attempts: MemberAttempt[] = [];
    for (const m of members) {
      const { trace, outcome } = this.runCycle(m, fwk, placementNodes);
      const attempt: MemberAttempt = { queued: m, trace, outcome };
      if (assumeNominated && outcome.kind === 'unschedulable' && outcome.nominatedNodeName && outcome.state) {
        const preempting = this.assumeOnNominatedNode(fwk, m, outcome.nominatedNodeName, outcome.state, trace);
        if (preempting) attempt.preempting = preempting;
      }
      attempts.push(attempt);
      if (outcome.kind === 'error') break;
    }
    return attempts;
  }

  /**
   * upstream: podGroupPodSchedulingAlgorithm for a member that requires preemption — assumed and
   * reserved on its nominated node as if it fit there (its victims are on their way out), then its
   * Permit without waiting. A failed Reserve or a rejecting Permit undoes it (the member stays
   * unschedulable, upstream clears its nomination then: not modelled, it keeps the one PostFilter gave).
   */
  private assumeOnNominatedNode(fwk: Framework, m: QueuedPodInfo, node: string, state: CycleState, trace: CycleTrace): MemberAttempt['preempting'] {
    const pi = m.podInfo;
    this.cache.addPod(pi, node, true);
    trace.reserve = [];
    const reserve = fwk.runReservePluginsReserve(state, pi, node, trace.reserve);
    if (!reserve.isSuccess()) {
      fwk.runReservePluginsUnreserve(state, pi, node);
      this.cache.removePod(pi.key);
      return undefined;
    }
    trace.permit = [];
    const permit = fwk.runPermitPlugins(state, pi, node, trace.permit);
    if (permit.status.isRejected() || permit.status.code === 'Error') {
      fwk.runReservePluginsUnreserve(state, pi, node);
      this.cache.removePod(pi.key);
      return undefined;
    }
    return { node, state, permitSuccess: permit.status.isSuccess() };
  }

  /**
   * TopologyAwareWorkloadScheduling (v1.36 alpha): the group is tried in every candidate placement
   * — each trial undone, its traces dropped — and the placements are scored
   * (./scheduler/placementPlugins.ts, ../framework/placementAlgorithm.ts). Returns the chosen
   * placement's nodes (the first one's when none fits, as upstream reports the first), the
   * candidates for the trace, and the group's message when none fits.
   */
  private choosePlacement(fwk: Framework, pg: PodGroup, members: readonly QueuedPodInfo[], groupPods: readonly Pod[], parentNodes?: ReadonlySet<string>): { nodes: ReadonlySet<string>; candidates: PlacementCandidate[]; message?: string } {
    // a child of a CompositePodGroup is placed inside its parent's placement (upstream: ListNodesInPlacement)
    const all = parentNodes ? this.cache.snapshot().nodeInfoList.filter((n) => parentNodes.has(n.name)) : this.cache.snapshot().nodeInfoList;
    const byName = new Map(all.map((n) => [n.name, n]));
    const scheduled = groupPods.map((p) => ({ ...p, spec: { ...p.spec, nodeName: p.spec.nodeName ?? this.cache.nodeOfPod(podKey(p)) } })).filter((p) => p.spec.nodeName);
    const { generators, scorers } = placementPlugins(placementPodGroup(pg, scheduled), (n) => byName.get(n));
    const result = podGroupSchedulingPlacementAlgorithm(generators, scorers, all, (placement) => {
      const nodes = new Set(placement.nodes.map((n) => n.name));
      const { verdict, assignments, firstMessage } = this.trialMembers(fwk, members, nodes);
      const status = verdict.kind === 'scheduled' ? Status.success() : verdict.kind === 'error' ? Status.error(verdict.message) : Status.unschedulable(firstMessage ?? verdict.message);
      return { status, assignments, result: nodes };
    }, () => this.rng.intn(0x7fffffff));
    this.cycleInProgress = undefined;
    const nodes = result.attempt?.result ?? new Set<string>();
    const out: { nodes: ReadonlySet<string>; candidates: PlacementCandidate[]; message?: string } = { nodes, candidates: result.candidates };
    if (!result.status.isSuccess()) out.message = result.status.message();
    return out;
  }

  /** The group tried and undone, its traces dropped: where each member would go. */
  private trialMembers(fwk: Framework, members: readonly QueuedPodInfo[], placementNodes?: ReadonlySet<string>): { verdict: PodGroupVerdict; assignments: ProposedAssignment[]; firstMessage?: string } {
    const firstTrace = this.cycles.length;
    const trial = this.tryMembers(fwk, members, placementNodes);
    const assignments: ProposedAssignment[] = [];
    for (const a of trial) {
      if (a.outcome.kind === 'scheduled' || a.outcome.kind === 'waiting') assignments.push({ pod: a.queued.podInfo.pod, nodeName: a.outcome.node });
      this.forgetPlaced(fwk, a);
    }
    this.cycles.length = firstTrace;
    this.cycleInProgress = undefined;
    return { verdict: podGroupVerdict(trial), assignments, firstMessage: trial.find((a) => a.outcome.kind === 'unschedulable')?.trace.message };
  }

  /** Unreserve and forget a member the group's algorithm assumed (upstream: unreserveAndForget). */
  private forgetPlaced(fwk: Framework, a: MemberAttempt): void {
    if (a.preempting) {
      fwk.runReservePluginsUnreserve(a.preempting.state, a.queued.podInfo, a.preempting.node);
      this.cache.removePod(a.queued.podInfo.key);
      return;
    }
    if (a.outcome.kind !== 'scheduled' && a.outcome.kind !== 'waiting') return;
    fwk.runReservePluginsUnreserve(a.outcome.state, a.queued.podInfo, a.outcome.node);
    this.cache.removePod(a.queued.podInfo.key);
  }

  /**
   * Workload-aware preemption after an Unschedulable group cycle (v1.36 WorkloadAwarePreemption,
   * in GenericWorkload from v1.37): ./workloadAwarePreemption.ts.
   */
  private preemptForPodGroup(fwk: Framework, pg: PodGroup, members: readonly QueuedPodInfo[]): PodGroupPreemptionTrace | undefined {
    if (!this.options.gates || !workloadAwarePreemptionEnabled(this.options.gates, this.versionSwitches.workloadApiBeta)) return undefined;
    const representative = members[0]!.podInfo;
    return runWorkloadAwarePreemption(pg, members, {
      fwk, cache: this.cache, now: this.now, pdbs: this.cluster.pdbs(),
      podGroupOf: (pod) => {
        const group = this.podGroupOf(pod);
        return group ? preemptionPodGroup(group) : undefined;
      },
      trySchedule: () => {
        const t = this.trialMembers(fwk, members);
        return { scheduled: t.verdict.kind === 'scheduled', message: t.verdict.kind === 'scheduled' ? '' : t.verdict.message, assignments: t.assignments };
      },
      preemptPod: (victim) => this.preemptPod(victim, representative, 'cluster', pg),
      reprieve: this.versionSwitches.podGroupReprieveByFilter ? 'filter' : 'reschedule',
    });
  }

  /** upstream: handleSchedulingFailure — event, PodScheduled condition, nomination, requeue. */
  private handleSchedulingFailure(q: QueuedPodInfo, kind: 'rejected' | 'error', message: string, unschedulablePlugins: Set<string>, pendingPlugins: Set<string>, nominatedNodeName: string | undefined): void {
    const pi = q.podInfo;
    const reason = kind === 'error' ? 'SchedulerError' : 'Unschedulable';
    this.event('Warning', 'FailedScheduling', `Pod/${pi.key}`, truncateMessage(message));
    this.setPodCondition(pi.pod, { type: 'PodScheduled', status: 'False', reason, message });
    this.lastFailure.set(pi.key, { reason, message });
    if (nominatedNodeName !== undefined) this.setNominatedNode(pi, nominatedNodeName);
    this.queue.addUnschedulableIfNotPresent(q, kind, unschedulablePlugins, pendingPlugins);
    if (kind === 'rejected') for (const l of this.podListeners) l.unschedulable?.(pi.pod);
  }

  /** upstream: bindingCycle — WaitOnPermit (already passed), PreBind, Bind, PostBind. */
  private runBindingCycle(fwk: Framework, state: CycleState, q: QueuedPodInfo, node: string, trace: CycleTrace): void {
    const pi = q.podInfo;
    const bindTrace: PluginResult[] = [];
    trace.bind = bindTrace;
    const status = fwk.runPreBindPlugins(state, pi, node, bindTrace);
    if (!status.isSuccess()) { this.failBinding(fwk, state, q, node, trace, status); return; }
    const waits = fwk.preBindWaits(state, pi, node);
    if (waits.length > 0) { this.startBindingWait({ fwk, state, queued: q, node, trace, waits }); return; }
    this.bind(fwk, state, q, node, trace);
  }

  /** The binding cycle failed: Unreserve, forget the assumed pod, requeue with the error. */
  private failBinding(fwk: Framework, state: CycleState, q: QueuedPodInfo, node: string, trace: CycleTrace, status: Status, message = `binding rejected: ${status.message()}`): void {
    const pi = q.podInfo;
    fwk.runReservePluginsUnreserve(state, pi, node);
    this.cache.removePod(pi.key);
    trace.result = 'Error';
    trace.message = message;
    // upstream: handleBindingCycleError — forgetting the assumed pod is an AssignedPodDelete for
    // the others; after the failure handling when it was rejected (and not for the pod itself,
    // which would otherwise always replay it), before it on an error. The event carries the assumed
    // pod, which names its node (a pod without one is skipped by the hints as never assigned).
    if (!status.isRejected()) this.forgetAssumed(pi, node);
    this.handleSchedulingFailure(q, status.isRejected() ? 'rejected' : 'error', trace.message, new Set(status.plugin ? [status.plugin] : []), new Set(), undefined);
    if (status.isRejected()) this.forgetAssumed(pi, node, pi.key);
  }

  /** The AssignedPodDelete a forgotten assumed pod is for the queue (`except`: not for itself). */
  private forgetAssumed(pi: PodInfo, node: string, except?: string): void {
    const assumed: Pod = { ...pi.pod, spec: { ...pi.pod.spec, nodeName: node } };
    this.queue.moveAllToActiveOrBackoffQueue({ resource: 'AssignedPod', actionType: 'Delete', label: 'AssignedPodDelete' }, assumed, undefined, except);
  }

  /**
   * A PreBind that polls (DynamicResources waiting for device binding conditions): the first poll
   * at once, then every interval on the simulated clock, until ready, failed or timed out.
   */
  private startBindingWait(w: Omit<BindingWait, 'deadlineSeq' | 'pollSeq'>): void {
    const key = w.queued.podInfo.key;
    for (const { wait } of w.waits) if (wait.event) this.event('Normal', wait.event.reason, `Pod/${key}`, wait.event.message);
    w.trace.bindingWait = { time: this.now };
    const first = w.waits.reduce((a, b) => (b.wait.timeout < a.wait.timeout ? b : a));
    const deadlineSeq = this.schedule(this.now + first.wait.timeout, () => {
      this.endBindingWait(key, Status.error(`running PreBind plugin "${first.plugin}": ${first.wait.timeoutMessage}`).withPlugin(first.plugin));
    });
    this.bindingWaits.set(key, { ...w, deadlineSeq });
    this.queueMoves.push({ time: this.now, pod: key, from: 'scheduling', to: 'waitingOnBinding', reason: `PreBind: ${w.waits.map((x) => x.plugin).join(', ')}` });
    this.pollBindingWait(key);
  }

  private pollBindingWait(key: string): void {
    const w = this.bindingWaits.get(key);
    if (!w) return;
    for (const { plugin, wait } of w.waits) {
      const ready = wait.poll();
      if (typeof ready === 'string') { this.endBindingWait(key, Status.error(`running PreBind plugin "${plugin}": ${ready}`).withPlugin(plugin)); return; }
      if (!ready) { w.pollSeq = this.schedule(this.now + wait.interval, () => this.pollBindingWait(key)); return; }
    }
    this.endBindingWait(key, Status.success());
  }

  private endBindingWait(key: string, status: Status): void {
    const w = this.bindingWaits.get(key);
    if (!w) return;
    this.bindingWaits.delete(key);
    this.cancelTimer(w.deadlineSeq);
    if (w.pollSeq !== undefined) this.cancelTimer(w.pollSeq);
    w.trace.bindingWait = { ...w.trace.bindingWait!, end: this.now, ok: status.isSuccess() };
    this.queueMoves.push({ time: this.now, pod: key, from: 'waitingOnBinding', to: 'scheduling', reason: status.isSuccess() ? 'PreBind done' : status.message() });
    if (status.isSuccess()) this.bind(w.fwk, w.state, w.queued, w.node, w.trace);
    else this.failBinding(w.fwk, w.state, w.queued, w.node, w.trace, status);
  }

  /** Bind and what follows once PreBind is done. */
  private bind(fwk: Framework, state: CycleState, q: QueuedPodInfo, node: string, trace: CycleTrace): void {
    const pi = q.podInfo;
    const status = fwk.runBindPlugins(state, pi, node, trace.bind ?? (trace.bind = []));
    if (!status.isSuccess()) { this.failBinding(fwk, state, q, node, trace, status); return; }
    // The API server accepted the Binding; the kubelet starts the pod at once.
    this.cache.confirmPod(pi.key);
    pi.pod.spec.nodeName = node;
    pi.pod.status.phase = 'Running';
    pi.pod.status.startTime = this.now;
    this.setPodCondition(pi.pod, { type: 'PodScheduled', status: 'True' });
    this.setNominatedNode(pi, '');
    this.lastFailure.delete(pi.key);
    this.queue.done(pi.key);
    this.queueMoves.push({ time: this.now, pod: pi.key, from: 'scheduling', to: 'bound', reason: `Bound to ${node}` });
    trace.result = 'Scheduled';
    trace.bind = sharedResults(trace.bind!);
    this.event('Normal', 'Scheduled', `Pod/${pi.key}`, `Successfully assigned ${pi.key} to ${node}`);
    this.resourceClaims.podBound(pi.pod);
    fwk.runPostBindPlugins(state, pi, node);
    for (const l of this.podListeners) l.bound?.(pi.pod);
    this.queue.moveAllToActiveOrBackoffQueue({ resource: 'AssignedPod', actionType: 'Add', label: 'AssignedPodAdd' }, undefined, pi.pod);
  }

  private allowWaitingPod(key: string, plugin: string): void {
    const w = this.waiting.get(key);
    if (!w) return;
    w.pending.delete(plugin);
    if (w.pending.size > 0) return;
    this.waiting.delete(key);
    this.cancelTimer(w.timerSeq);
    this.endPermitWait(w.trace, true);
    if (this.cycleInProgress) (this.cycleInProgress.permitReleased ??= []).push(key);
    this.queueMoves.push({ time: this.now, pod: key, from: 'waitingOnPermit', to: 'scheduling', reason: `Permit allowed by ${plugin}` });
    this.runBindingCycle(w.fwk, w.state, w.queued, w.nodeName, w.trace);
  }

  private endPermitWait(trace: CycleTrace, allowed: boolean): void {
    trace.permitWait = { time: this.now, allowed };
    if (this.cycleInProgress) trace.permitWait.cycle = this.cycleInProgress.cycle;
  }

  private rejectWaitingPod(key: string, plugin: string, message: string): void {
    const w = this.waiting.get(key);
    if (!w) return;
    this.waiting.delete(key);
    this.cancelTimer(w.timerSeq);
    w.fwk.runReservePluginsUnreserve(w.state, w.pod, w.nodeName);
    this.cache.removePod(key);
    // upstream: bindingCycle — a WaitOnPermit rejection is a FitError with NumAllNodes = 1
    const statuses = new NodeToStatus(Status.unresolvable());
    statuses.set(w.nodeName, Status.unschedulable(message).withPlugin(plugin));
    w.trace.result = 'Unschedulable';
    w.trace.message = formatFitError(1, statuses);
    this.endPermitWait(w.trace, false);
    this.queueMoves.push({ time: this.now, pod: key, from: 'waitingOnPermit', to: 'scheduling', reason: `Permit rejected by ${plugin}` });
    this.handleSchedulingFailure(w.queued, 'rejected', w.trace.message, new Set([plugin]), new Set(), undefined);
    // upstream: handleBindingCycleError, after the failure handling, as for any rejection
    this.forgetAssumed(w.pod, w.nodeName, key);
  }

  /**
   * upstream (v1.36+): WaitingPod.Preempt sends an Error to WaitOnPermit, which returns "waiting on
   * permit for pod: preempted"; the binding cycle's error handling unreserves the pod, tells the
   * queue an assumed pod went away and sends it to the backoff queue (runtime/framework.go
   * WaitOnPermit, schedule_one.go handleBindingCycleError).
   */
  private preemptWaitingPod(key: string, plugin: string): void {
    const w = this.waiting.get(key);
    if (!w) return;
    this.waiting.delete(key);
    this.cancelTimer(w.timerSeq);
    this.endPermitWait(w.trace, false);
    this.queueMoves.push({ time: this.now, pod: key, from: 'waitingOnPermit', to: 'scheduling', reason: `Permit: preempted by ${plugin}` });
    const status = Status.error('waiting on permit for pod: preempted').withPlugin(plugin);
    this.failBinding(w.fwk, w.state, w.queued, w.nodeName, w.trace, status, status.message());
  }

  /**
   * upstream (v1.36+): the preemption executor calls PodInPreBind.CancelPod("preempted by
   * <plugin>"), which cancels the context the PreBind plugins run with, that text as its cause; a
   * plugin polling on it (DynamicResources' wait for binding conditions) returns context.Canceled,
   * which RunPreBindPlugins replaces with context.Cause, and the binding cycle fails as for any
   * PreBind error (preemption/executor.go, runtime/framework.go).
   */
  private cancelPreBind(key: string, preemptionPlugin: string): void {
    const w = this.bindingWaits.get(key);
    if (!w) return;
    const plugin = w.waits[0]!.plugin;
    this.endBindingWait(key, Status.error(`running PreBind plugin "${plugin}": preempted by ${preemptionPlugin}`).withPlugin(plugin));
  }

  // ---- results ----

  /** Why a pod ended as it did (deleted, gated, its last failure), set on its outcome in this order. */
  private endState(key: string, deleted: boolean, out: Pick<PodOutcome, 'phase' | 'reason' | 'message' | 'deletedAt'>): void {
    if (deleted) {
      out.reason = this.endReason.get(key) ?? 'Deleted';
      out.deletedAt = this.deletedAt.get(key)!;
    } else if (this.queue.gatingStatus(key)) {
      out.reason = 'SchedulingGated';
      out.message = 'Scheduling is blocked due to non-empty scheduling gates';
    } else if (out.phase === 'Pending') {
      const f = this.lastFailure.get(key);
      if (f) { out.reason = f.reason; out.message = f.message; }
    }
    const f = this.lastFailure.get(key);
    if (deleted && f) out.message = f.message;
  }

  /**
   * Each pod's end state as result() gives it, without the rest of the result (its requests,
   * scheduling spec, the trace, the nodes): what a fix search compares between the unchanged run
   * and a variant, for a fraction of result()'s cost on a dump of thousands of pods.
   */
  podEndStates(): PodEndState[] {
    const pods: PodEndState[] = [];
    for (const [key, pod] of this.cluster.allPods) {
      const out: PodEndState = { pod: key, phase: pod.status.phase ?? 'Pending' };
      if (pod.spec.nodeName) out.node = pod.spec.nodeName;
      const owner = ownerOf(pod);
      if (owner) out.owner = owner;
      this.endState(key, this.cluster.deletedPods.has(key), out);
      pods.push(out);
    }
    return pods;
  }

  result(): SimulationResult {
    const pods: PodOutcome[] = [];
    for (const [key, pod] of this.cluster.allPods) {
      const deleted = this.cluster.deletedPods.has(key);
      const out: PodOutcome = {
        pod: key,
        phase: pod.status.phase ?? 'Pending',
        priority: pod.spec.priority ?? 0,
        qosClass: getPodQOS(pod as QOSPod),
        schedulerName: pod.spec.schedulerName ?? DEFAULT_SCHEDULER_NAME,
        requests: resourceToList(this.podInfos.get(key)?.requests ?? computePodRequests(pod)),
      };
      const volumes = (pod.spec.volumes ?? []).flatMap((v) => {
        const claim = volumeClaimName(pod, v);
        return claim ? [{ name: v.name, claimName: claim.name, ...(claim.ephemeral ? { ephemeral: true as const } : {}) }] : [];
      });
      if (volumes.length) out.volumes = volumes;
      const resourceClaims = this.resourceClaims.podClaims(pod);
      if (resourceClaims) out.resourceClaims = resourceClaims;
      if (pod.metadata.labels && Object.keys(pod.metadata.labels).length) out.labels = { ...pod.metadata.labels };
      out.scheduling = podSchedulingSpec(pod);
      const recorded = this.recorded.get(key);
      if (recorded) out.recorded = recorded;
      if (pod.spec.nodeName) out.node = pod.spec.nodeName;
      if (pod.status.nominatedNodeName) out.nominatedNode = pod.status.nominatedNodeName;
      const owner = ownerOf(pod);
      if (owner) out.owner = owner;
      this.endState(key, deleted, out);
      pods.push(out);
    }
    const devices = this.resourceClaims.nodeDevices();
    const nodes: NodeOutcome[] = this.cache.snapshot().nodeInfoList.map((n) => this.nodeOutcome(n, devices.get(n.name)));
    const objects = storageObjects(this.cluster.storage, this.cluster.resources, this.cluster.policies);
    const result: SimulationResult = {
      version: 1, seed: this.options.seed, kubernetesVersion: this.kubernetesVersion, pods, cycles: this.cycles, events: this.events,
      nodes, warnings: capProblems(this.warnings, 'warning', this.scenario.fileName), endTime: this.now, queue: this.queueMoves,
      ...(objects ? { objects } : {}),
      ...(this.removedNodes.length > 0 ? { removedNodes: this.removedNodes } : {}),
      ...(this.volumeHistory.changes.length > 0 ? { volumeHistory: this.volumeHistory.changes } : {}),
    };
    const pdbHistory = this.pdbHistory.result();
    if (pdbHistory !== undefined) result.pdbHistory = pdbHistory;
    if (this.stopped !== undefined) result.stopped = this.stopped;
    for (const extend of this.resultExtensions) extend(result);
    return result;
  }
}

/** A pod's end state alone: Simulation.podEndStates. */
export type PodEndState = Pick<PodOutcome, 'pod' | 'phase' | 'node' | 'owner' | 'reason' | 'message' | 'deletedAt'>;

/** "Kind/name" of the pod's controller (else its first owner), as PodOutcome.owner gives it */
function ownerOf(pod: Pod): string | undefined {
  const owner = pod.metadata.ownerReferences?.find((o) => o.controller) ?? pod.metadata.ownerReferences?.[0];
  return owner ? `${owner.kind}/${owner.name}` : undefined;
}

/** upstream: truncateMessage in schedule_one.go (1024 bytes, " ..." suffix) */
export function truncateMessage(message: string): string {
  if (message.length <= EVENT_MESSAGE_LIMIT) return message;
  const suffix = ' ...';
  return message.slice(0, EVENT_MESSAGE_LIMIT - suffix.length) + suffix;
}

/** Go's time.Duration String() for whole seconds: 300 → "5m0s" */
export function formatGoDuration(seconds: number): string {
  const h = Math.floor(seconds / 3600), m = Math.floor((seconds % 3600) / 60), s = seconds % 60;
  if (h) return `${h}h${m}m${s}s`;
  if (m) return `${m}m${s}s`;
  return `${s}s`;
}

/** upstream: eventhandlers.go nodeSchedulingPropertiesChange — which node changes may help a pod */
function nodeChanges(old: Node, node: Node): QueueEvent[] {
  const out: QueueEvent[] = [];
  const json = (v: unknown) => JSON.stringify(v ?? null);
  if (!!old.spec?.unschedulable !== !!node.spec?.unschedulable) out.push({ resource: 'Node', actionType: 'UpdateNodeTaint', label: 'NodeSpecUnschedulableChange' });
  if (json(old.status?.allocatable) !== json(node.status?.allocatable) || json(old.status?.capacity) !== json(node.status?.capacity)) out.push({ resource: 'Node', actionType: 'UpdateNodeAllocatable', label: 'NodeAllocatableChange' });
  if (json(old.metadata.labels) !== json(node.metadata.labels)) out.push({ resource: 'Node', actionType: 'UpdateNodeLabel', label: 'NodeLabelChange' });
  if (json(old.spec?.taints) !== json(node.spec?.taints)) out.push({ resource: 'Node', actionType: 'UpdateNodeTaint', label: 'NodeTaintChange' });
  if (json(old.status?.conditions) !== json(node.status?.conditions)) out.push({ resource: 'Node', actionType: 'UpdateNodeCondition', label: 'NodeConditionChange' });
  if (json(old.status?.declaredFeatures) !== json(node.status?.declaredFeatures)) out.push({ resource: 'Node', actionType: 'UpdateNodeDeclaredFeature', label: 'NodeDeclaredFeatureChange' });
  return out;
}
