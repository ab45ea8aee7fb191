// The eviction machinery around the scheduler, wired to the simulated clock: the node
// lifecycle controller (conditions → taints), taint-based eviction of pods on NoExecute
// taints, and API-initiated eviction (pods/eviction) that honours PodDisruptionBudgets.
// The decisions are pure functions in src/engine/controllers; this file carries them out.

import { evictPod } from '../controllers/apiEviction';
import { reconcileNodeTaints } from '../controllers/nodeLifecycle';
import {
  initialKubeletEvictionState, synchronize, type KubeletEvictionRound, type KubeletEvictionState, type PressureCondition, type SignalObservations,
} from '../controllers/nodePressureEviction';
import type { KubeletEvictionOutcome, TaintEvictionCountdown } from '../api';
import { getPodQOS, type QOSPod } from '../model/qos';
import {
  fireTaintEviction, handleNodeUpdate, handlePodDeletion, handlePodUpdate,
  type ScheduledTaintEviction, type TaintEvictionResult,
} from '../controllers/taintEviction';
import { podsViolatingRequiredDuringExecution, requiredDuringExecutionMessage, REQUIRED_DURING_EXECUTION_EVICTION } from '../controllers/requiredDuringExecution';
import type { Node, Pod } from '../model/types';
import { podKey } from '../model/types';
import type { Simulation } from './simulation';

/** bounds on what a run records of the kubelet's evictions (a long pressure evicts a pod a round) */
const MAX_EVICTIONS_RECORDED = 1000;
const MAX_RANKED_RECORDED = 20;

interface Scheduled extends ScheduledTaintEviction { timer: number }

const PRESSURE: Record<PressureCondition, (capacity: number) => SignalObservations> = {
  MemoryPressure: (capacity) => ({ 'memory.available': { available: 0, capacity } }),
  DiskPressure: (capacity) => ({ 'nodefs.available': { available: 0, capacity }, 'imagefs.available': { available: 0, capacity } }),
  PIDPressure: () => ({ 'pid.available': { available: 0, capacity: 32768 } }),
};

export class EvictionManager {
  private readonly scheduled = new Map<string, Scheduled>();
  /** the kubelet's eviction manager per node under pressure: its state and next housekeeping round */
  private readonly kubelets = new Map<string, { state: KubeletEvictionState; timer: number }>();
  /** every tolerationSeconds wait the taint eviction controller started, for SimulationResult.taintEvictionCountdowns */
  readonly taintCountdowns: TaintEvictionCountdown[] = [];
  /** every node-pressure eviction, for SimulationResult.kubeletEvictions */
  readonly kubeletEvictions: KubeletEvictionOutcome[] = [];

  constructor(private readonly sim: Simulation) {
    sim.resultExtensions.push((result) => {
      if (this.kubeletEvictions.length > 0) result.kubeletEvictions = this.kubeletEvictions;
      if (this.taintCountdowns.length > 0) result.taintEvictionCountdowns = this.taintCountdowns;
    });
    sim.podListeners.push({
      bound: (pod) => this.podBound(pod),
      deleted: (pod) => this.podDeleted(pod),
    });
    sim.startListeners.push(() => {
      // every node at the start: the live pods grouped by node once, not listed once per node
      const podsByNode = new Map<string, Pod[]>();
      for (const p of sim.cluster.livePods()) {
        if (p.spec.nodeName === undefined) continue;
        const list = podsByNode.get(p.spec.nodeName);
        if (list) list.push(p); else podsByNode.set(p.spec.nodeName, [p]);
      }
      for (const node of [...sim.cluster.nodes.values()]) this.nodeChanged(node, podsByNode);
    });
  }

  /** A node was created or changed: derive the controller's taints, then evict what no longer tolerates them. */
  nodeChanged(node: Node, podsByNode?: ReadonlyMap<string, Pod[]>): void {
    const sim = this.sim;
    const reconciled = reconcileNodeTaints(node, sim.now);
    if (reconciled !== node) sim.upsertNode(reconciled);
    const current = sim.cluster.nodes.get(node.metadata.name);
    if (!current) return;
    const pods = podsByNode ? podsByNode.get(current.metadata.name) ?? [] : sim.cluster.livePods().filter((p) => p.spec.nodeName === current.metadata.name);
    this.apply(handleNodeUpdate(current, pods, sim.now, this.scheduled));
    this.pressureChanged(current);
    for (const pod of podsViolatingRequiredDuringExecution(current, pods)) {
      sim.recordEvent('Warning', REQUIRED_DURING_EXECUTION_EVICTION, `Pod/${podKey(pod)}`, requiredDuringExecutionMessage(current));
      sim.deletePod(pod, REQUIRED_DURING_EXECUTION_EVICTION);
    }
  }

  private pressureConditions(node: Node): PressureCondition[] {
    return (node.status.conditions ?? [])
      .filter((c) => c.status === 'True' && c.type in PRESSURE)
      .map((c) => c.type as PressureCondition);
  }

  /**
   * A node reports pressure (the scenario's `condition` step stands for what the kubelet
   * measured): its eviction manager runs a round every housekeeping interval and evicts one pod
   * a round, ranked as the kubelet ranks them, until the pressure is reported gone.
   */
  private pressureChanged(node: Node): void {
    const name = node.metadata.name;
    const running = this.kubelets.get(name);
    if (this.pressureConditions(node).length === 0) {
      if (running) { this.sim.cancelTimer(running.timer); this.kubelets.delete(name); }
      return;
    }
    if (running) return;
    const timer = this.sim.schedule(this.sim.now, { target: this, method: 'kubeletRound', args: [name] });
    this.kubelets.set(name, { state: initialKubeletEvictionState(), timer });
  }

  private kubeletRound(nodeName: string): void {
    const sim = this.sim;
    const entry = this.kubelets.get(nodeName);
    const node = sim.cluster.nodes.get(nodeName);
    if (!entry || !node) { this.kubelets.delete(nodeName); return; }
    const allocatable = sim.cache.nodeInfo(nodeName)?.allocatable;
    const observations: SignalObservations = {};
    for (const c of this.pressureConditions(node)) {
      Object.assign(observations, PRESSURE[c](c === 'MemoryPressure' ? allocatable?.memory ?? 0 : allocatable?.ephemeralStorage ?? 0));
    }
    const pods = sim.cluster.livePods().filter((p) => p.spec.nodeName === nodeName && p.metadata.deletionTimestamp === undefined && p.status.phase === 'Running');
    const round = synchronize(entry.state, { node, pods, observations, now: sim.now });
    entry.state = round.state;
    for (const e of round.events) sim.recordEvent(e.type, e.reason, e.object, e.message);
    if (round.victim) {
      const pod = sim.cluster.allPods.get(round.victim.pod);
      this.recordEviction(nodeName, round);
      if (pod) {
        sim.setPodCondition(pod, round.victim.condition);
        pod.status.reason = round.victim.status.reason;
        pod.status.message = round.victim.status.message;
        sim.deletePod(pod, 'Evicted', round.victim.gracePeriodSeconds);
        pod.status.phase = 'Failed';
      }
    }
    // Nothing left to evict: the eviction manager idles until a pod lands here again.
    if (!round.victim && round.ranked.length === 0) { this.kubelets.delete(nodeName); return; }
    entry.timer = sim.schedule(Math.max(round.nextRoundAt, sim.now + 1), { target: this, method: 'kubeletRound', args: [nodeName] });
  }

  /** SimulationResult.kubeletEvictions: the victim and the ranking that chose it (the first 20 pods) */
  private recordEviction(node: string, round: KubeletEvictionRound): void {
    if (this.kubeletEvictions.length >= MAX_EVICTIONS_RECORDED) return;
    const over = new Set(round.overRequest);
    const skipped = new Set(round.skipped);
    this.kubeletEvictions.push({
      time: this.sim.now, node, resource: round.resourceToReclaim ?? 'memory', pod: round.victim!.pod,
      ranked: round.ranked.slice(0, MAX_RANKED_RECORDED).map((p) => {
        const key = podKey(p);
        return {
          pod: key, priority: p.spec.priority ?? 0, qosClass: getPodQOS(p as QOSPod),
          ...(over.has(key) ? { exceedsRequest: true } : {}), ...(skipped.has(key) ? { critical: true } : {}),
        };
      }),
    });
  }

  private podBound(pod: Pod): void {
    const node = pod.spec.nodeName ? this.sim.cluster.nodes.get(pod.spec.nodeName) : undefined;
    if (node) this.pressureChanged(node);
    this.apply(handlePodUpdate(pod, node, this.sim.now, this.scheduled.get(podKey(pod))));
  }

  private podDeleted(pod: Pod): void {
    const key = podKey(pod);
    this.apply(handlePodDeletion(key, this.scheduled.get(key)));
  }

  private apply(result: TaintEvictionResult): void {
    const sim = this.sim;
    for (const e of result.events) sim.recordEvent(e.type, e.reason, e.object, e.message);
    for (const d of result.decisions) {
      const existing = this.scheduled.get(d.pod);
      if (d.action === 'keep') continue;
      if (existing) { sim.cancelTimer(existing.timer); this.scheduled.delete(d.pod); this.countdownEnded(d.pod); }
      if (d.action === 'cancel') continue;
      if (d.reason === 'TolerationSeconds' && d.fireAt > sim.now && this.taintCountdowns.length < MAX_EVICTIONS_RECORDED) {
        this.taintCountdowns.push({ pod: d.pod, node: sim.cluster.livePod(d.pod)?.spec.nodeName ?? '', from: sim.now, fireAt: d.fireAt });
      }
      const timer = sim.schedule(Math.max(d.fireAt, sim.now), { target: this, method: 'fire', args: [d.pod] });
      this.scheduled.set(d.pod, { createdAt: d.createdAt, fireAt: d.fireAt, timer });
    }
  }

  /** a pod's open countdown was cancelled or replaced now (a toleration added, the taint removed) */
  private countdownEnded(pod: string): void {
    const open = this.taintCountdowns.findLast((c) => c.pod === pod);
    if (open !== undefined && open.cancelledAt === undefined && open.fireAt > this.sim.now) open.cancelledAt = this.sim.now;
  }

  /** upstream: the taint eviction controller's worker — condition, event, graceful delete */
  private fire(key: string): void {
    const sim = this.sim;
    this.scheduled.delete(key);
    const pod = sim.cluster.livePod(key);
    if (!pod || pod.metadata.deletionTimestamp !== undefined) return;
    const { event, condition } = fireTaintEviction(key);
    sim.recordEvent(event.type, event.reason, event.object, event.message);
    sim.setPodCondition(pod, condition);
    sim.deletePod(pod, 'TaintManagerEviction');
  }

  /** API-initiated eviction (kubectl drain, the descheduler): PDB checked, then a graceful delete. */
  evict(key: string, by = 'Eviction API'): boolean {
    return this.tryEvict(key, by).ok;
  }

  /** The eviction API's answer, for callers that report refusals themselves (the descheduler). */
  tryEvict(key: string, by = 'Eviction API'): { ok: true } | { ok: false; message: string } {
    const sim = this.sim;
    const pod = sim.cluster.livePod(key);
    if (!pod) return { ok: false, message: `pod ${key} not found` };
    // the pods count only towards a PodDisruptionBudget's status: without one, none are listed
    // (each of 3,000 evictions at one instant listed every pod: issue 23)
    const pdbs = sim.cluster.pdbs();
    const result = evictPod(pod, pdbs, pdbs.length > 0 ? sim.cluster.livePods() : [], sim.now, {
      lookupWorkload: (kind, namespace, name) => sim.cluster.workload(kind, namespace, name),
    });
    if (!result.allowed) {
      const r = result.refusal;
      const causes = (r.causes ?? []).map((c) => c.message).join('; ');
      const message = `${r.code} ${r.message}${causes ? ` (${causes})` : ''}`;
      sim.recordEvent('Warning', 'EvictionRefused', `Pod/${key}`, `${by}: ${message}`);
      return { ok: false, message };
    }
    if (result.pdbUpdate) result.pdbUpdate.pdb.status = result.pdbUpdate.status;
    if (result.condition) sim.setPodCondition(pod, result.condition);
    sim.recordEvent('Normal', 'Evicted', `Pod/${key}`, `${by}: evicting pod ${key}`);
    sim.deletePod(pod, 'Evicted');
    return { ok: true };
  }
}
