// The device taint eviction controller (DRADeviceTaints) wired to the simulated clock: after any
// change to ResourceSlices, DeviceTaintRules or ResourceClaims, and when a pod binds, every bound
// pod that uses claims gets its deletion (re)scheduled or cancelled. The decision is
// controllers/deviceTaintEviction.ts; this file keeps the timers and deletes the pods.

import {
  CANCELLING_DELETION, DELETION_BY_DEVICE_TAINT_MANAGER_CONDITION, DEVICE_TAINT_MANAGER_EVICTION, MARKING_FOR_DELETION,
  deviceTaintEvictions,
} from '../controllers/deviceTaintEviction';
import type { ResourceObject } from '../model/resource';
import { podKey, type Pod } from '../model/types';
import type { Simulation } from './simulation';

export class DeviceTaintEvictionManager {
  /** pod key → its deletion: when, and the timer */
  private readonly scheduled = new Map<string, { when: number; timer: number }>();

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
    const store = sim.cluster.resources;
    const decide = deviceTaintEvictions({
      slices: store.resourceSlices(),
      rules: this.withRules ? store.deviceTaintRules() : [],
      claim: (namespace, name) => store.resourceClaim(namespace, name),
    });
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
      if (existing?.when === eviction.when) continue;
      if (existing) sim.cancelTimer(existing.timer);
      const timer = sim.schedule(Math.max(eviction.when, sim.now), () => this.fire(key));
      this.scheduled.set(key, { when: eviction.when, timer });
    }
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
    this.scheduled.delete(key);
    const pod = sim.cluster.livePod(key);
    if (!pod || pod.metadata.deletionTimestamp !== undefined) return;
    sim.recordEvent('Normal', DEVICE_TAINT_MANAGER_EVICTION, `Pod/${key}`, MARKING_FOR_DELETION);
    sim.setPodCondition(pod, DELETION_BY_DEVICE_TAINT_MANAGER_CONDITION);
    sim.deletePod(pod, DEVICE_TAINT_MANAGER_EVICTION);
  }
}
