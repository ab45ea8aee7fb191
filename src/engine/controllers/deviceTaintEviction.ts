// upstream: pkg/controller/devicetainteviction/device_taint_eviction.go (v1.35) — the device taint
// eviction controller of kube-controller-manager (DRADeviceTaints). A pod that is scheduled and
// uses an allocated ResourceClaim whose devices carry a NoExecute taint (in their ResourceSlice,
// or from a DeviceTaintRule) is deleted, at once or when the claim's toleration runs out.
//
// Pure: the decision for one pod at a time. Unlike the node taint eviction controller, the time
// is counted from the taint's timeAdded, not from when the controller saw it: a toleration of 60 s
// for a taint added 50 s ago leaves 10 s.

import type { DeviceTaint, DeviceTaintRule, ResourceClaim, ResourceSlice } from '../model/resource';
import { isReservedForPod, podClaimName } from '../model/resource';
import type { Pod, PodCondition } from '../model/types';
import { toleratesDeviceTaint } from '../dra/allocator';
import { ruleMatchesDevice } from '../dra/deviceTaintRules';

export const DEVICE_TAINT_MANAGER_EVICTION = 'DeviceTaintManagerEviction';

/** upstream: addConditionAndDeletePod */
export const DELETION_BY_DEVICE_TAINT_MANAGER_CONDITION: PodCondition = {
  type: 'DisruptionTarget',
  status: 'True',
  reason: 'DeletionByDeviceTaintManager',
  message: 'Device Taint manager: deleting due to NoExecute taint',
};

/** upstream: emitPodDeletionEvent and emitCancelPodDeletionEvent (reason DeviceTaintManagerEviction) */
export const MARKING_FOR_DELETION = 'Marking for deletion';
export const CANCELLING_DELETION = 'Cancelling deletion';

/** When a pod is to be deleted, and the taints that decided it (upstream: evictionAndReason). */
export interface DeviceTaintEviction {
  /** simulated seconds */
  when: number;
  /** upstream: trackedTaint.String() of each taint, rules first, then slices by driver, pool, device */
  reasons: string[];
  /** the DeviceTaintRules among the reasons, by name */
  rules: string[];
}

/** What a DeviceTaintRule's status counts (upstream: maybeUpdateRuleStatus). */
export interface RuleStatusCounts {
  /** pods whose pending eviction this rule causes, and their namespaces */
  pendingPods: number;
  pendingNamespaces: number;
  /** pods deleted because of this rule since the controller started */
  evictedPods: number;
  /** effect None only: devices the rule selects in the slices, and among allocated claims */
  sliceDevices?: number;
  allocatedDevices?: number;
}

const plural = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`);

/** upstream: maybeUpdateRuleStatus — the EvictionInProgress condition's status, reason and message */
export function ruleCondition(effect: DeviceTaint['effect'], c: RuleStatusCounts): { status: 'True' | 'False'; reason: string; message: string } {
  let status: 'True' | 'False' = 'False';
  let reason: string;
  let message = '';
  if (effect === 'NoExecute') {
    if (c.pendingPods > 0) {
      status = 'True';
      reason = 'PodsPendingEviction';
      message = `${c.pendingPods === 1 ? '1 pod needs' : `${c.pendingPods} pods need`} to be evicted in ${c.pendingNamespaces === 1 ? '1 namespace.' : `${c.pendingNamespaces} different namespaces.`}`;
    } else {
      reason = c.evictedPods > 0 ? 'Completed' : 'NotStarted';
    }
  } else if (effect === 'None') {
    reason = 'NoEffect';
    message = `${plural(c.sliceDevices ?? 0, 'published device', 'published devices')} selected. `
      + `${plural(c.allocatedDevices ?? 0, 'allocated device', 'allocated devices')} selected. `
      + `${plural(c.pendingPods, 'pod', 'pods')} would be evicted in ${c.pendingNamespaces === 1 ? '1 namespace' : `${c.pendingNamespaces} different namespaces`} `
      + 'if the effect was NoExecute. This information will not be updated again. Recreate the DeviceTaintRule to trigger an update.';
  } else {
    reason = 'OtherEffect';
    message = 'Eviction only happens for the NoExecute effect.';
  }
  if (c.evictedPods > 0) message += `${message ? ' ' : ''}${plural(c.evictedPods, 'pod', 'pods')} evicted since starting the controller.`;
  return { status, reason, message };
}

/** upstream: countTaintedDevices — the rule's devices among the newest slices of each pool, and among allocated claims */
export function countTaintedDevices(rule: DeviceTaintRule, slices: readonly ResourceSlice[], claims: readonly ResourceClaim[]): { sliceDevices: number; allocatedDevices: number } {
  let sliceDevices = 0;
  for (const pool of newestSlicesByPool(slices).values()) {
    for (const slice of pool) {
      for (const d of slice.spec.devices ?? []) if (ruleMatchesDevice(rule, slice.spec.driver, slice.spec.pool.name, d.name)) sliceDevices++;
    }
  }
  let allocatedDevices = 0;
  for (const claim of claims) {
    for (const r of claim.status.allocation?.devices.results ?? []) if (ruleMatchesDevice(rule, r.driver, r.pool, r.device)) allocatedDevices++;
  }
  return { sliceDevices, allocatedDevices };
}

/** What the controller reads: the API's slices (by pool), its NoExecute DeviceTaintRules and claims. */
export interface DeviceTaintEvictionInput {
  slices: readonly ResourceSlice[];
  /** empty unless DRADeviceTaintRules is on */
  rules: readonly DeviceTaintRule[];
  claim(namespace: string, name: string): ResourceClaim | undefined;
}

interface TrackedTaint {
  taint: DeviceTaint;
  /** rules sort first, by name; slice taints by driver, pool, device, then index */
  order: string;
  text: string;
  /** the DeviceTaintRule it comes from */
  rule?: string;
}

const poolKey = (driver: string, pool: string) => `${driver}\u0000${pool}`;

/** upstream: pool.getDevice and getTaintedDevices — each pool's slices of its newest generation only */
function newestSlicesByPool(slices: readonly ResourceSlice[]): Map<string, ResourceSlice[]> {
  const pools = new Map<string, ResourceSlice[]>();
  for (const slice of slices) {
    const key = poolKey(slice.spec.driver, slice.spec.pool.name);
    const list = pools.get(key);
    const newest = list?.[0]?.spec.pool.generation;
    if (list === undefined || slice.spec.pool.generation > newest!) pools.set(key, [slice]);
    else if (slice.spec.pool.generation === newest) list.push(slice);
  }
  return pools;
}

/**
 * The pod's controller, prepared once per pass: the pools of the slices and the evicting rules.
 * `podEvictionTime` then answers for one pod.
 */
export function deviceTaintEvictions(input: DeviceTaintEvictionInput): { podEvictionTime(pod: Pod): DeviceTaintEviction | undefined } {
  const pools = newestSlicesByPool(input.slices);
  const evictingRules = input.rules.filter((r) => r.spec.taint.effect === 'NoExecute');
  const claimTimes = new Map<string, DeviceTaintEviction | undefined>();

  /** upstream: allEvictingDeviceTaints — the device's own NoExecute taints, then matching rules */
  function evictingTaints(driver: string, pool: string, device: string): TrackedTaint[] {
    const out: TrackedTaint[] = [];
    for (const slice of pools.get(poolKey(driver, pool)) ?? []) {
      const found = (slice.spec.devices ?? []).find((d) => d.name === device);
      if (!found) continue;
      (found.taints ?? []).forEach((taint, i) => {
        if (taint.effect !== 'NoExecute') return;
        out.push({ taint, order: `1\u0000${driver}\u0000${pool}\u0000${device}\u0000${String(i).padStart(4, '0')}`, text: `ResourceSlice ${slice.metadata.name} ${driver}/${pool}/${device} taint #${i}` });
      });
      break;
    }
    for (const rule of evictingRules) {
      if (ruleMatchesDevice(rule, driver, pool, device)) out.push({ taint: rule.spec.taint, order: `0\u0000${rule.metadata.name}`, text: `DeviceTaintRule ${rule.metadata.name}`, rule: rule.metadata.name });
    }
    return out;
  }

  /** upstream: claimEvictionTime — the earliest timeAdded (+ toleration seconds) of any NoExecute taint not tolerated forever */
  function claimEvictionTime(claim: ResourceClaim): DeviceTaintEviction | undefined {
    let when: number | undefined;
    const reasons = new Map<string, string>();
    const rules = new Set<string>();
    for (const result of claim.status.allocation?.devices.results ?? []) {
      nextTaint: for (const tracked of evictingTaints(result.driver, result.pool, result.device)) {
        let at = tracked.taint.timeAdded ?? 0;
        let seconds: number | undefined;
        for (const toleration of result.tolerations ?? []) {
          // upstream only counts tolerations that name the NoExecute effect here
          if (toleration.effect !== 'NoExecute' || !toleratesDeviceTaint(toleration, tracked.taint)) continue;
          if (toleration.tolerationSeconds === undefined) continue nextTaint; // tolerated forever
          const s = Math.max(0, toleration.tolerationSeconds);
          if (seconds === undefined || s < seconds) seconds = s;
        }
        if (seconds !== undefined) at += seconds;
        reasons.set(tracked.order, tracked.text);
        if (tracked.rule !== undefined) rules.add(tracked.rule);
        if (when === undefined || at < when) when = at;
      }
    }
    if (when === undefined) return undefined;
    return { when, reasons: [...reasons.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, text]) => text), rules: [...rules].sort() };
  }

  function claimTime(claim: ResourceClaim): DeviceTaintEviction | undefined {
    const key = `${claim.metadata.namespace ?? 'default'}/${claim.metadata.name}`;
    if (!claimTimes.has(key)) claimTimes.set(key, claim.status.allocation ? claimEvictionTime(claim) : undefined);
    return claimTimes.get(key);
  }

  return {
    /** upstream: podEvictionTime — the earliest of the pod's claims; none before the pod is scheduled */
    podEvictionTime(pod) {
      if (!pod.spec.nodeName) return undefined;
      let eviction: DeviceTaintEviction | undefined;
      for (const podClaim of pod.spec.resourceClaims ?? []) {
        const ref = podClaimName(pod, podClaim);
        if ('error' in ref || ref.name === undefined) continue;
        const claim = input.claim(pod.metadata.namespace ?? 'default', ref.name);
        // not allocated, or reserved for another pod (a replacement under the same name): not this pod's
        if (!claim?.status.allocation || !isReservedForPod(pod, claim)) continue;
        const time = claimTime(claim);
        if (!time) continue;
        eviction = eviction === undefined ? time : {
          when: Math.min(eviction.when, time.when),
          reasons: [...new Set([...eviction.reasons, ...time.reasons])],
          rules: [...new Set([...eviction.rules, ...time.rules])].sort(),
        };
      }
      return eviction;
    },
  };
}
