// The descheduler (kubernetes-sigs/descheduler, v0.35/0.36 era) as one run of its loop: decide
// which pods to evict and why. The caller performs the evictions through the eviction API (or
// answers them synchronously through DeschedulerView.evict).
// upstream: sigs.k8s.io/descheduler pkg/descheduler/descheduler.go (newDescheduler,
// runDeschedulerLoop, runProfiles).

import { Cluster } from './cluster';
import { PodEvictor } from './evictor';
import { buildProfile, runProfiles, type ProfileRunner, type Registry } from './framework';
import { parseSelector } from './labels';
import { isReady } from './nodeutil';
import { decodeDeschedulerPolicy, type DecodedPolicy } from './policy';
import { DESCHEDULER_REGISTRY } from './registry';
import type { DeschedulerLogEntry, DeschedulerPolicy, DeschedulerResult, DeschedulerView } from './types';
import { quote } from '../model/quote';

export type * from './types';
export { decodeDeschedulerPolicy, API_VERSION as DESCHEDULER_API_VERSION, KIND as DESCHEDULER_POLICY_KIND } from './policy';
export type { DecodedPolicy };
export { DESCHEDULER_REGISTRY };
export { V1ALPHA1_API_VERSION as DESCHEDULER_V1ALPHA1_API_VERSION } from './v1alpha1';

/**
 * One descheduling cycle: build the profiles, take the ready nodes the policy's nodeSelector
 * picks (at least two, or nothing happens), run every profile's Deschedule plugins and then
 * every profile's Balance plugins. Evictions are listed in the order they were made.
 */
export function runDescheduler(policy: DeschedulerPolicy, view: DeschedulerView, registry: Registry = DESCHEDULER_REGISTRY): DeschedulerResult {
  const log: DeschedulerLogEntry[] = [];
  const push = (entry: DeschedulerLogEntry): void => { log.push(entry); };
  const cluster = new Cluster(view);
  const evictor = new PodEvictor(cluster, policy, push);

  const runners: ProfileRunner[] = [];
  for (const profile of policy.profiles) {
    const runner = buildProfile(profile, registry, cluster, evictor, push);
    if (typeof runner === 'string') {
      push({ plugin: '', message: `failed to create new descheduler: unable to create ${quote(String(profile.name))} profile: ${runner}` });
      return { evictions: [], log };
    }
    runners.push(runner);
  }

  const selector = parseSelector(policy.nodeSelector ?? '');
  if ('error' in selector) {
    push({ plugin: '', message: `failed to create new descheduler: ${selector.error}` });
    return { evictions: [], log };
  }
  const nodes = view.nodes.filter((n) => selector.matches(n.metadata.labels) && isReady(n));
  if (nodes.length <= 1) {
    push({ plugin: '', message: `Skipping descheduling cycle: requires >=2 nodes, found ${nodes.length}` });
    return { evictions: [], log };
  }

  runProfiles(runners, nodes, push);
  push({ plugin: '', message: `Number of evictions: ${evictor.totalEvicted}` });
  return { evictions: evictor.evictions, log };
}

/** Decode (raw object, e.g. a timeline step's policy) and run; decoding errors stop it. */
export function deschedule(rawPolicy: unknown, view: DeschedulerView): DecodedPolicy & { result?: DeschedulerResult } {
  const decoded = decodeDeschedulerPolicy(rawPolicy);
  if (!decoded.policy) return decoded;
  return { ...decoded, result: runDescheduler(decoded.policy, view) };
}
