// cluster-autoscaler on the simulated clock (upstream: kubernetes/autoscaler cluster-autoscaler,
// core/static_autoscaler.go RunOnce every --scan-interval): scale-up for pods the scheduler found
// unschedulable (core/scaleup/orchestrator), scale-down of unneeded nodes (core/scaledown/planner,
// actuation), events worded as upstream's. The loop runs only while it has something to watch:
// pending pods it may help, nodes provisioning, unneeded or draining; pod and node changes wake it.

import type { AutoscalerActivity, AutoscalerOutcome, AutoscalerPodVerdict } from '../api';
import type { ClusterAutoscalerConfig, NodeGroupSpec } from '../model/autoscaler';
import type { Node, Pod, PodDisruptionBudget } from '../model/types';
import { podKey } from '../model/types';
import { NodeInfo } from '../framework/nodeInfo';
import { newPodInfo, type PodInfo } from '../framework/podInfo';
import type { Rng } from '../framework/rng';
import { computePdbStatus } from '../controllers/disruption';
import { bestOption, type ExpansionOption } from '../autoscaler/expander';
import { binpack, firstFittingNode, nodeFromTemplate, runFiltersOnNode } from '../autoscaler/fit';
import { ignoredPodVerdict } from '../autoscaler/listers';
import { podDrainability, SCALE_DOWN_DISABLED_KEY, type DrainContext } from '../autoscaler/drain';
import type { Simulation } from './simulation';

/** where cluster-autoscaler records its group-level events (upstream: the LogRecorder's ConfigMap) */
export const STATUS_CONFIGMAP = 'ConfigMap/kube-system/cluster-autoscaler-status';
/** upstream: taints.ToBeDeletedTaint */
export const TO_BE_DELETED_TAINT = 'ToBeDeletedByClusterAutoscaler';

export interface AutoscalerDeps {
  /** a node registered or changed: the node lifecycle and DaemonSet controllers react */
  nodeChanged(node: Node): void;
  /** the eviction API (PodDisruptionBudgets apply) */
  evict(podKey: string): boolean;
}

interface Upcoming { group: string; name: string; readyAt: number }

export class ClusterAutoscaler {
  private readonly activities: AutoscalerActivity[] = [];
  private readonly podVerdicts = new Map<string, AutoscalerPodVerdict>();
  private readonly unremovable = new Map<string, { reason: string; message: string; time: number }>();
  /** node -> since when it has been unneeded */
  private readonly unneededSince = new Map<string, number>();
  private readonly upcoming = new Map<string, Upcoming>();
  /** nodes tainted and draining, deleted at the time given */
  private readonly deleting = new Map<string, number>();
  private readonly groups: Map<string, NodeGroupSpec>;
  private nextTick: number | undefined;
  private lastScaleUp = -Infinity;
  private nodeSeq = new Map<string, number>();
  /** the last NotTriggerScaleUp message per pod (the event recorder aggregates repeats into one event) */
  private readonly lastNotTriggered = new Map<string, string>();

  constructor(private readonly sim: Simulation, private readonly config: ClusterAutoscalerConfig, private readonly rng: Rng, private readonly deps: AutoscalerDeps) {
    this.groups = new Map(config.nodeGroups.map((g) => [g.name, g]));
    const wake = () => this.wake();
    sim.podListeners.push({ unschedulable: wake, deleted: wake });
    sim.startListeners.push(wake);
    sim.resultExtensions.push((result) => {
      result.autoscaler = this.outcome();
      const decided = new Map(this.activities.flatMap((a) => (a.kind === 'scaleUp' ? a.nodes.map((n) => [n, a] as const) : [])));
      const drained = new Map(this.activities.flatMap((a) => (a.kind === 'scaleDown' ? [[a.node, a] as const] : [])));
      for (const n of [...result.nodes, ...(result.removedNodes ?? [])]) {
        const a = decided.get(n.name);
        if (a) n.provisionedBy = { group: a.group, scaleUpAt: a.time };
        const d = drained.get(n.name);
        if (d) n.drainedBy = { group: d.group, drainAt: d.time };
      }
    });
  }

  private groupOf(node: Node): NodeGroupSpec | undefined {
    const name = node.metadata.labels?.[this.config.nodeGroupLabelKey];
    return name === undefined ? undefined : this.groups.get(name);
  }

  /** nodes of the group that exist or are coming (upstream: the group's target size) */
  private targetSize(group: string): number {
    let n = 0;
    for (const node of this.sim.cluster.nodes.values()) if (this.groupOf(node)?.name === group) n++;
    for (const u of this.upcoming.values()) if (u.group === group) n++;
    return n;
  }

  /** the loop runs at the next multiple of --scan-interval */
  private wake(): void {
    const interval = this.config.scanInterval;
    const at = (Math.floor(this.sim.now / interval) + 1) * interval;
    if (this.nextTick !== undefined && this.nextTick <= at) return;
    this.nextTick = at;
    this.sim.schedule(at, { target: this, method: 'runOnce', args: [at] });
  }

  /** upstream: StaticAutoscaler.RunOnce */
  private runOnce(at: number): void {
    if (this.nextTick !== at) return;
    this.nextTick = undefined;
    const scaledUp = this.scaleUp();
    const watching = this.config.scaleDownEnabled ? this.scaleDown(scaledUp) : false;
    if (scaledUp || watching || this.upcoming.size > 0 || this.deleting.size > 0) this.wake();
  }

  // ---- scale-up ----

  /** pods the scheduler marked unschedulable (upstream: the unschedulable pod lister) */
  private unschedulablePods(): Pod[] {
    return this.sim.cluster.livePods().filter((p) => !p.spec.nodeName && p.metadata.deletionTimestamp === undefined
      && p.status.conditions?.some((c) => c.type === 'PodScheduled' && c.status === 'False' && c.reason === 'Unschedulable')
      // a pod nominated by preemption waits for its victims (upstream: filter_out_schedulable counts it placed)
      && !p.status.nominatedNodeName
      && this.sim.profileFor(p) !== undefined && !this.sim.queue.gatingStatus(podKey(p)));
  }

  private liveNodeInfos(): NodeInfo[] {
    return this.sim.cache.snapshot().nodeInfoList.map((ni) => ni.clone());
  }

  /** returns whether a scale-up happened */
  private scaleUp(): boolean {
    const sim = this.sim;
    const pending = this.unschedulablePods();
    if (pending.length === 0) return false;
    const fwkOf = (p: PodInfo) => sim.profileFor(p.pod);
    // upstream: FilterOutSchedulable — pods that fit an existing node (freed since they failed) are left to the scheduler
    const nodes = this.liveNodeInfos().filter((ni) => !this.deleting.has(ni.name));
    let remaining: PodInfo[] = [];
    for (const pod of pending) {
      const pi = newPodInfo(pod);
      const fwk = fwkOf(pi)!;
      const host = firstFittingNode(fwk, pi, nodes, nodes);
      if (host) host.addPod(pi); else remaining.push(pi);
    }
    // upcoming nodes count as there (upstream: the cluster state registry's upcoming nodes are template nodes in the snapshot)
    const upcomingInfos = [...this.upcoming.values()].map((u) => ({ u, ni: new NodeInfo(nodeFromTemplate(this.groups.get(u.group)!.template, u.name)) }));
    if (upcomingInfos.length > 0) {
      const still: PodInfo[] = [];
      for (const pi of remaining) {
        const all = [...nodes, ...upcomingInfos.map((x) => x.ni)];
        const fitting = firstFittingNode(fwkOf(pi)!, pi, all, upcomingInfos.map((x) => x.ni));
        const host = fitting && upcomingInfos.find((x) => x.ni === fitting);
        if (host) {
          host.ni.addPod(pi);
          // a pod that triggered this group's scale-up keeps saying so while the node comes
          const before = this.podVerdicts.get(pi.key);
          if (!(before?.kind === 'triggeredScaleUp' && before.group === host.u.group)) this.verdict(pi.key, { time: sim.now, kind: 'waitingForUpcomingNode', group: host.u.group });
        } else still.push(pi);
      }
      remaining = still;
    }
    if (remaining.length === 0) return false;
    const existing = [...nodes, ...upcomingInfos.map((x) => x.ni)];

    // upstream: orchestrator.ScaleUp — per group, which pods its template would host and how many nodes that takes
    const options: ExpansionOption[] = [];
    const rejected = new Map<string, { group: string; reason: string }[]>();
    const reject = (pi: PodInfo, group: string, reason: string) => {
      const list = rejected.get(pi.key) ?? [];
      list.push({ group, reason });
      rejected.set(pi.key, list);
    };
    for (const group of this.groups.values()) {
      const size = this.targetSize(group.name);
      const probe = new NodeInfo(nodeFromTemplate(group.template, `template-node-for-${group.name}`));
      const fitting: PodInfo[] = [];
      for (const pi of remaining) {
        const status = runFiltersOnNode(fwkOf(pi)!, pi, [...existing, probe], probe);
        if (status.isSuccess()) fitting.push(pi);
        else reject(pi, group.name, status.reasons.join(', ') || status.message());
      }
      if (fitting.length === 0) continue;
      if (size >= group.maxSize) {
        // upstream: MaxLimitReachedReason (a skipped group)
        for (const pi of fitting) reject(pi, group.name, 'max node group size reached');
        continue;
      }
      const packed = binpack(fwkOf, fitting, group.template, existing, group.maxSize - size, (i) => `${group.name}-new-${i}`);
      if (packed.nodes.length === 0) continue;
      const placed = new Set(packed.scheduled.map((p) => p.key));
      for (const pi of fitting) if (!placed.has(pi.key)) reject(pi, group.name, 'max node group size reached');
      options.push({ group: group.name, nodeCount: packed.nodes.length, pods: packed.scheduled.map((p) => p.pod), template: group.template });
    }

    const { best, steps } = bestOption(options, this.config, this.rng);
    if (!best) {
      for (const pi of remaining) this.notTriggered(pi, rejected.get(pi.key) ?? []);
      return false;
    }
    const group = this.groups.get(best.group)!;
    const from = this.targetSize(group.name);
    const to = Math.min(from + best.nodeCount, group.maxSize);
    const readyAt = sim.now + this.config.provisioningDelay;
    const names: string[] = [];
    for (let i = from; i < to; i++) {
      const name = this.newNodeName(group.name);
      names.push(name);
      this.upcoming.set(name, { group: group.name, name, readyAt });
      sim.schedule(readyAt, { target: this, method: 'nodeReady', args: [name] });
    }
    this.lastScaleUp = sim.now;
    const info = `[{${group.name} ${from}->${to} (max: ${group.maxSize})}]`;
    sim.recordEvent('Normal', 'ScaledUpGroup', STATUS_CONFIGMAP, `Scale-up: setting group ${group.name} size to ${to} instead of ${from} (max: ${group.maxSize})`);
    const triggered = best.pods.map((p) => podKey(p));
    for (const key of triggered) {
      sim.recordEvent('Normal', 'TriggeredScaleUp', `Pod/${key}`, `pod triggered scale-up: ${info}`);
      this.podVerdicts.set(key, { time: sim.now, kind: 'triggeredScaleUp', group: group.name, nodes: names, readyAt });
      this.lastNotTriggered.delete(key);
    }
    this.activities.push({ time: sim.now, kind: 'scaleUp', group: group.name, from, to, max: group.maxSize, nodes: names, readyAt, pods: triggered, expander: steps });
    return true;
  }

  /** upstream: EventingScaleUpStatusProcessor — "pod didn't trigger scale-up: 1 max node group size reached, 2 node(s) had untolerated taint …" */
  private notTriggered(pi: PodInfo, groups: { group: string; reason: string }[]): void {
    const counts = new Map<string, number>();
    for (const g of groups) counts.set(g.reason, (counts.get(g.reason) ?? 0) + 1);
    // upstream iterates a Go map (random order); sorted here so a run is reproducible
    const reasons = [...counts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([reason, n]) => `${n} ${reason}`).join(', ');
    const message = `pod didn't trigger scale-up: ${this.groups.size === 0 ? 'no node groups' : reasons}`;
    this.verdict(pi.key, { time: this.sim.now, kind: 'notTriggerScaleUp', message, groups });
    if (this.lastNotTriggered.get(pi.key) === message) return;
    this.lastNotTriggered.set(pi.key, message);
    this.sim.recordEvent('Normal', 'NotTriggerScaleUp', `Pod/${pi.key}`, message);
  }

  /** a pod's verdict; one that says the same again keeps the time it was first said */
  private verdict(key: string, v: AutoscalerPodVerdict): void {
    const before = this.podVerdicts.get(key);
    if (before && JSON.stringify({ ...before, time: 0 }) === JSON.stringify({ ...v, time: 0 })) return;
    this.podVerdicts.set(key, v);
  }

  private newNodeName(group: string): string {
    let n = this.nodeSeq.get(group) ?? 0;
    let name: string;
    do { name = `${group}-${++n}`; } while (this.sim.cluster.nodes.has(name) || this.upcoming.has(name));
    this.nodeSeq.set(group, n);
    return name;
  }

  private nodeReady(name: string): void {
    const u = this.upcoming.get(name);
    if (!u) return;
    this.upcoming.delete(name);
    const node = nodeFromTemplate(this.groups.get(u.group)!.template, name);
    node.metadata.creationTimestamp = this.sim.now;
    this.sim.upsertNode(node);
    this.deps.nodeChanged(node);
    this.activities.push({ time: this.sim.now, kind: 'nodeReady', group: u.group, node: name });
    this.sim.recordEvent('Normal', 'RegisteredNode', `Node/${name}`, `Node ${name} event: Registered Node ${name} in Controller`);
    this.wake();
  }

  // ---- scale-down ----

  private pdbsNow(): PodDisruptionBudget[] {
    const c = this.sim.cluster;
    const pods = c.livePods();
    return c.pdbs().map((pdb) => ({ ...pdb, status: computePdbStatus(pdb, pods, (k, ns, n) => c.workload(k, ns, n), this.sim.now).status }));
  }

  /**
   * upstream: planner.UpdateClusterState (unneeded nodes: under the utilization threshold, every pod
   * movable and fitting elsewhere) then, out of cooldown, actuation of the nodes unneeded for
   * --scale-down-unneeded-time. Returns whether a node is unneeded or draining (the loop keeps watching).
   */
  private scaleDown(scaledUp: boolean): boolean {
    const sim = this.sim;
    const now = sim.now;
    const infos = this.liveNodeInfos();
    const destinations = infos.filter((ni) => !this.deleting.has(ni.name) && !(ni.node.spec?.unschedulable));
    const ctx: DrainContext = { pdbs: this.pdbsNow(), skipNodesWithLocalStorage: this.config.skipNodesWithLocalStorage, skipNodesWithSystemPods: this.config.skipNodesWithSystemPods, spent: new Map() };
    const unneeded: { ni: NodeInfo; group: NodeGroupSpec; movable: Pod[]; utilization: number }[] = [];
    const seen = new Set<string>();
    for (const ni of infos) {
      const group = this.groupOf(ni.node);
      if (!group || this.deleting.has(ni.name)) continue;
      seen.add(ni.name);
      const verdict = this.removable(ni, destinations, ctx);
      if ('reason' in verdict) {
        this.unneededSince.delete(ni.name);
        this.unremovable.set(ni.name, { reason: verdict.reason, message: verdict.message, time: now });
        continue;
      }
      this.unremovable.delete(ni.name);
      if (!this.unneededSince.has(ni.name)) this.unneededSince.set(ni.name, now);
      // the node's pods now count on their new nodes; it is no destination for the next ones
      const i = destinations.indexOf(ni);
      if (i >= 0) destinations.splice(i, 1);
      unneeded.push({ ni, group, movable: verdict.movable, utilization: verdict.utilization });
    }
    for (const name of [...this.unneededSince.keys()]) if (!seen.has(name)) this.unneededSince.delete(name);

    // upstream: scale-down is in cooldown for --scale-down-delay-after-add after a scale-up
    const cooldown = scaledUp || now < this.lastScaleUp + this.config.scaleDownDelayAfterAdd;
    if (!cooldown) {
      let drainStarted = [...this.deleting.keys()].some((n) => (sim.cache.nodeInfo(n)?.pods.length ?? 0) > 0);
      for (const u of unneeded) {
        const since = this.unneededSince.get(u.ni.name)!;
        if (now - since < this.config.scaleDownUnneededTime) {
          this.unremovable.set(u.ni.name, { reason: 'NotUnneededLongEnough', message: `unneeded since ${since} s, for ${now - since} s of --scale-down-unneeded-time ${this.config.scaleDownUnneededTime} s`, time: now });
          continue;
        }
        const remaining = this.targetSize(u.group.name) - [...this.deleting.keys()].filter((n) => this.groupOf(sim.cluster.nodes.get(n)!)?.name === u.group.name).length;
        if (remaining <= u.group.minSize) {
          this.unremovable.set(u.ni.name, { reason: 'NodeGroupMinSizeReached', message: `node group ${u.group.name} min size reached (${u.group.minSize})`, time: now });
          continue;
        }
        const empty = u.movable.length === 0;
        // upstream: --max-drain-parallelism 1 — one non-empty node drains at a time; empty ones go together
        if (!empty && drainStarted) continue;
        if (!empty) drainStarted = true;
        this.actuate(u.ni, u.group, u.movable, since, u.utilization);
      }
    } else {
      for (const u of unneeded) this.unremovable.set(u.ni.name, { reason: 'ScaleDownInCooldown', message: `scale-down is in cooldown for ${this.config.scaleDownDelayAfterAdd} s (--scale-down-delay-after-add) after the scale-up at ${this.lastScaleUp} s`, time: now });
    }
    // a node its group's min size keeps needs no watching until something else changes
    return unneeded.some((u) => this.unremovable.get(u.ni.name)?.reason !== 'NodeGroupMinSizeReached') || this.deleting.size > 0;
  }

  /** upstream: simulator.RemovalSimulator.SimulateNodeRemoval and the unremovable reasons of simulator/cluster.go */
  private removable(ni: NodeInfo, destinations: NodeInfo[], ctx: DrainContext):
    { movable: Pod[]; utilization: number } | { reason: string; message: string } {
    if (ni.node.metadata.annotations?.[SCALE_DOWN_DISABLED_KEY] === 'true') {
      return { reason: 'ScaleDownDisabledAnnotation', message: `node has the ${SCALE_DOWN_DISABLED_KEY}: "true" annotation` };
    }
    // upstream: utilization.Calculate — the larger of the cpu and memory shares requested
    const cpu = ni.allocatable.milliCPU > 0 ? ni.requested.milliCPU / ni.allocatable.milliCPU : 0;
    const memory = ni.allocatable.memory > 0 ? ni.requested.memory / ni.allocatable.memory : 0;
    const utilization = Math.max(cpu, memory);
    if (utilization >= this.config.scaleDownUtilizationThreshold) {
      return { reason: 'NotUnderutilized', message: `utilization ${utilization.toFixed(3)} (cpu ${cpu.toFixed(3)}, memory ${memory.toFixed(3)}) is not below --scale-down-utilization-threshold ${this.config.scaleDownUtilizationThreshold}` };
    }
    const movable: Pod[] = [];
    const spentBefore = new Map(ctx.spent);
    for (const p of ni.pods) {
      const d = podDrainability(p.pod, ctx);
      if (d.kind === 'skip') continue;
      if (d.kind === 'block') { ctx.spent = spentBefore; return { reason: `BlockedByPod: ${d.reason}`, message: d.message }; }
      movable.push(p.pod);
    }
    // upstream: the pods must fit the other nodes (the scheduler's Filters, pods placed one by one)
    const others = destinations.filter((d) => d !== ni);
    const placed: { host: NodeInfo; pi: PodInfo }[] = [];
    for (const pod of movable) {
      const pi = newPodInfo({ ...pod, spec: { ...pod.spec, nodeName: undefined } } as Pod);
      const fwk = this.sim.profileFor(pod);
      const host = fwk ? firstFittingNode(fwk, pi, others, others) : undefined;
      if (!host) {
        for (const x of placed) x.host.removePod(x.pi.key);
        ctx.spent = spentBefore;
        return { reason: 'NoPlaceToMovePods', message: `no place to move pod ${podKey(pod)}` };
      }
      host.addPod(pi);
      placed.push({ host, pi });
    }
    return { movable, utilization };
  }

  /** upstream: actuation.Actuator.StartDeletion — taint, drain through the eviction API, then delete the node */
  private actuate(ni: NodeInfo, group: NodeGroupSpec, movable: Pod[], since: number, utilization: number): void {
    const sim = this.sim;
    const name = ni.name;
    const node = sim.cluster.nodes.get(name);
    if (!node) return;
    const tainted: Node = structuredClone(node);
    tainted.spec = { ...(tainted.spec ?? {}), taints: [...(tainted.spec?.taints ?? []), { key: TO_BE_DELETED_TAINT, value: String(sim.now), effect: 'NoSchedule' }] };
    sim.upsertNode(tainted);
    this.deps.nodeChanged(tainted);
    sim.recordEvent('Normal', 'ScaleDown', `Node/${name}`, 'marked the node as toBeDeleted/unschedulable');
    const keys = movable.map((p) => podKey(p));
    if (keys.length === 0) sim.recordEvent('Normal', 'ScaleDownEmpty', STATUS_CONFIGMAP, `Scale-down: removing empty node "${name}"`);
    else sim.recordEvent('Normal', 'ScaleDown', STATUS_CONFIGMAP, `Scale-down: removing node ${name}, utilization: ${utilization.toFixed(3)}, pods to reschedule: ${keys.join(',')}`);
    let grace = 0;
    for (const pod of movable) {
      sim.recordEvent('Normal', 'ScaleDown', `Pod/${podKey(pod)}`, 'deleting pod for node scale down');
      grace = Math.max(grace, Math.min(pod.spec.terminationGracePeriodSeconds ?? 30, this.config.maxGracefulTerminationSec));
      this.deps.evict(podKey(pod));
    }
    this.unneededSince.delete(name);
    this.unremovable.delete(name);
    const at = sim.now + grace;
    this.deleting.set(name, at);
    this.activities.push({ time: sim.now, kind: 'scaleDown', group: group.name, node: name, empty: keys.length === 0, pods: keys, since, utilization });
    sim.schedule(at, () => {
      this.deleting.delete(name);
      if (!sim.cluster.nodes.has(name)) return;
      sim.deleteNode(name);
      sim.recordEvent('Normal', 'ScaleDown', `Node/${name}`, 'nodes removed by cluster autoscaler');
      this.activities.push({ time: sim.now, kind: 'nodeRemoved', group: group.name, node: name });
      this.deps.nodeChanged(node);
      this.wake();
    });
  }

  /** the unbound pods cluster-autoscaler passes over at the end of the run, and why */
  private ignoredPods(): Record<string, AutoscalerPodVerdict> {
    const out: Record<string, AutoscalerPodVerdict> = {};
    for (const p of this.sim.cluster.livePods()) {
      const v = ignoredPodVerdict(p, this.sim.profileFor(p) !== undefined, p.metadata.creationTimestamp ?? 0);
      if (v) out[podKey(p)] = v;
    }
    return out;
  }

  outcome(): AutoscalerOutcome {
    const nodeGroups = this.config.nodeGroups.map((g) => {
      const nodes = [...this.sim.cluster.nodes.values()].filter((n) => this.groupOf(n)?.name === g.name).map((n) => n.metadata.name);
      return { name: g.name, minSize: g.minSize, maxSize: g.maxSize, template: g.template.metadata.name, size: nodes.length, nodes };
    });
    return {
      expander: this.config.expander.join(','),
      nodeGroups,
      activities: this.activities,
      pods: { ...this.ignoredPods(), ...Object.fromEntries(this.podVerdicts) },
      unremovable: Object.fromEntries(this.unremovable),
    };
  }
}
