// The device taint eviction controller (DRADeviceTaints) wired to the simulated clock: after any
// change to ResourceSlices, DeviceTaintRules or ResourceClaims, and when a pod binds, every bound
// pod that uses claims gets its deletion (re)scheduled or cancelled, and each DeviceTaintRule's
// status says how far its evictions are. The decisions are controllers/deviceTaintEviction.ts;
// this file keeps the timers, deletes the pods and writes the rules' status.

import {
  CANCELLING_DELETION, DELETION_BY_DEVICE_TAINT_MANAGER_CONDITION, DEVICE_TAINT_MANAGER_EVICTION, MARKING_FOR_DELETION,
  countTaintedDevices, deviceTaintEvictions, ruleCondition, type RuleStatusCounts,
} from '../controllers/deviceTaintEviction';
import type { DeviceTaintRule, ResourceObject } from '../model/resource';
import { podKey, type Pod } from '../model/types';
import type { Simulation } from './simulation';

export class DeviceTaintEvictionManager {
  /** pod key → its deletion: when, the DeviceTaintRules that cause it, and the timer */
  private readonly scheduled = new Map<string, { when: number; rules: string[]; timer: number }>();
  /** rule name → pods deleted because of it (upstream: taintRuleStats.numEvictedPods) */
  private readonly evictedByRule = new Map<string, number>();
  /** effect None rules whose one-time dry-run status is written (upstream: "will not be updated again") */
  private readonly dryRunDone = new Set<DeviceTaintRule>();

  constructor(private readonly sim: Simulation, private readonly withRules: boolean) {
    sim.startListeners.push(() => this.sync());
    sim.resourceListeners.push((kind, old, obj) => {
      // upstream: handleClaimChange syncs the pods the claim is (or was) reserved for; a slice or
      // rule change, every allocated claim's pods
      if (kind === 'ResourceClaim') this.sync(this.consumers([old, obj]));
      else if (kind === 'ResourceSlice' || kind === 'DeviceTaintRule') this.sync();
    });
    sim.podListeners.push({
      bound: (pod) => this.sync([pod]),
      // upstream: handlePodChange(old, nil) — the work is dropped, no event
      deleted: (pod) => this.drop(podKey(pod)),
    });
  }

  /** upstream: handlePod for the given pods (all bound pods with claims by default) */
  private sync(pods?: readonly Pod[]): void {
    const sim = this.sim;
    const decide = this.decider(this.withRules ? sim.cluster.resources.deviceTaintRules() : []);
    for (const pod of pods ?? sim.cluster.livePods()) {
      if (!pod.spec.resourceClaims?.length || pod.metadata.deletionTimestamp !== undefined) continue;
      const key = podKey(pod);
      const eviction = decide.podEvictionTime(pod);
      const existing = this.scheduled.get(key);
      if (!eviction) {
        if (existing) {
          this.drop(key);
          sim.recordEvent('Normal', DEVICE_TAINT_MANAGER_EVICTION, `Pod/${key}`, CANCELLING_DELETION);
        }
        continue;
      }
      if (existing?.when === eviction.when) { existing.rules = eviction.rules; continue; }
      if (existing) sim.cancelTimer(existing.timer);
      const timer = sim.schedule(Math.max(eviction.when, sim.now), { target: this, method: 'fire', args: [key] });
      this.scheduled.set(key, { when: eviction.when, rules: eviction.rules, timer });
    }
    this.updateRuleStatuses();
  }

  /**
   * upstream: maybeUpdateRuleStatus — each rule's EvictionInProgress condition, written at once
   * (upstream waits up to 10 s between updates). An effect None rule gets its dry run once.
   */
  private updateRuleStatuses(): void {
    if (!this.withRules) return;
    const sim = this.sim;
    const store = sim.cluster.resources;
    for (const rule of store.deviceTaintRules()) {
      const effect = rule.spec.taint.effect;
      if (effect === 'None' && this.dryRunDone.has(rule)) continue;
      const pending = effect === 'None' ? this.dryRun(rule) : [...this.scheduled.entries()].filter(([, e]) => e.rules.includes(rule.metadata.name)).map(([key]) => key);
      const counts: RuleStatusCounts = {
        pendingPods: pending.length,
        pendingNamespaces: new Set(pending.map((key) => key.slice(0, key.indexOf('/')))).size,
        evictedPods: this.evictedByRule.get(rule.metadata.name) ?? 0,
        ...(effect === 'None' ? countTaintedDevices(rule, store.resourceSlices(), store.resourceClaims()) : {}),
      };
      const next = ruleCondition(effect, counts);
      const old = rule.status?.conditions?.find((c) => c.type === 'EvictionInProgress');
      if (old && old.status === next.status && old.reason === next.reason && old.message === next.message) continue;
      rule.status = { conditions: [{ type: 'EvictionInProgress', ...next, lastTransitionTime: sim.now }] };
      if (effect === 'None') this.dryRunDone.add(rule);
    }
  }

  /** the controller's decision over the API's slices and claims, with these rules */
  private decider(rules: readonly DeviceTaintRule[]) {
    const store = this.sim.cluster.resources;
    return deviceTaintEvictions({ slices: store.resourceSlices(), rules, claim: (namespace, name) => store.resourceClaim(namespace, name) });
  }

  /** upstream: the None rule simulated as NoExecute — the live bound pods it would evict */
  private dryRun(rule: DeviceTaintRule): string[] {
    const asNoExecute: DeviceTaintRule = { ...rule, spec: { ...rule.spec, taint: { ...rule.spec.taint, effect: 'NoExecute' } } };
    const decide = this.decider([...this.sim.cluster.resources.deviceTaintRules().filter((r) => r !== rule), asNoExecute]);
    return this.sim.cluster.livePods()
      .filter((pod) => pod.metadata.deletionTimestamp === undefined && decide.podEvictionTime(pod)?.rules.includes(rule.metadata.name))
      .map(podKey);
  }

  /** upstream: handlePods — the live pods in the claims' status.reservedFor */
  private consumers(claims: readonly (ResourceObject | undefined)[]): Pod[] {
    const pods: Pod[] = [];
    for (const claim of claims) {
      if (claim?.kind !== 'ResourceClaim') continue;
      for (const ref of claim.status.reservedFor ?? []) {
        const pod = ref.resource === 'pods' ? this.sim.cluster.livePod(`${claim.metadata.namespace ?? 'default'}/${ref.name}`) : undefined;
        if (pod && pod.metadata.uid === ref.uid && !pods.includes(pod)) pods.push(pod);
      }
    }
    return pods;
  }

  private drop(key: string): void {
    const existing = this.scheduled.get(key);
    if (!existing) return;
    this.sim.cancelTimer(existing.timer);
    this.scheduled.delete(key);
  }

  /** upstream: maybeDeletePod → addConditionAndDeletePod — event, DisruptionTarget condition, graceful delete */
  private fire(key: string): void {
    const sim = this.sim;
    const entry = this.scheduled.get(key);
    this.scheduled.delete(key);
    const pod = sim.cluster.livePod(key);
    if (!pod || pod.metadata.deletionTimestamp !== undefined) return;
    sim.recordEvent('Normal', DEVICE_TAINT_MANAGER_EVICTION, `Pod/${key}`, MARKING_FOR_DELETION);
    sim.setPodCondition(pod, DELETION_BY_DEVICE_TAINT_MANAGER_CONDITION);
    for (const rule of entry?.rules ?? []) this.evictedByRule.set(rule, (this.evictedByRule.get(rule) ?? 0) + 1);
    sim.deletePod(pod, DEVICE_TAINT_MANAGER_EVICTION);
    this.updateRuleStatuses();
  }
}
