// `--explain` for what admission refused or defaulted: a workload whose pods the API server would
// not create (over quota, outside a LimitRange), and a Pending pod whose LimitRange defaults are
// why it fits nowhere. Words for src/engine/diagnosis/admission.ts and src/engine/whatIf/policyFixes.ts.

import type { PodOutcome, SimulationResult } from '../engine/api';
import { uncoveredSentence } from '../interop/admissionText';
import { creatorName, defaultsThatDoNotFit, limitRangeDefaults, type AdmissionRefusal, type Diagnosis, formatResource } from '../engine/readers';
import { lowerDefaultFix, type PolicyFix } from '../engine/admissionFixes';


export function policyFixLines(fix: PolicyFix): string[] {
  if (fix.kind === 'raiseQuota') {
    return [`raise ResourceQuota ${fix.quota}: ${fix.hard.map((h) => `spec.hard.${h.resource} from ${h.from} to at least ${h.to}`).join(', ')} (admits one more such pod)`];
  }
  return [`lower the LimitRange's default request (spec.limits[type=Container].defaultRequest) to what a node can take: ${fix.resources.map((r) => `${r.resource} ≤ ${r.mostFree}`).join(', ')} (the most any node has free), or give the pod explicit requests`];
}

/** Why a workload is short of pods: each creator's latest refusal, and the fix for it. */
export function formatRefusals(refusals: readonly AdmissionRefusal[]): string {
  const out: string[] = [];
  for (const r of refusals) {
    const bare = r.object.startsWith('Pod/');
    out.push(bare
      // a bare Pod: the API server refused the Pod itself, and no controller creates it again
      ? `${creatorName(r.object)}: the API server refused to create it (t=${r.time}s); the pod does not exist, so it is not Pending, and nothing retries it: the file, fixed, creates it.`
      : `${creatorName(r.object)}: cannot create ${r.pod ? `pod ${r.pod}` : 'its pod'} (${r.count} FailedCreate since it last created one, the latest at t=${r.time}s); the pod does not exist, so it is not Pending.`);
    if (r.plugin === 'ResourceQuota' && r.numbers) {
      out.push(`  over quota: ResourceQuota ${r.quota} would be exceeded:`);
      for (const res of Object.keys(r.numbers.limited).sort()) {
        out.push(`    ${res}: used ${r.numbers.used[res] ?? '0'} + requested ${r.numbers.requested[res] ?? '0'} > limited ${r.numbers.limited[res]}`);
      }
      if (!bare) out.push('  The ReplicaSet controller retries with backoff (5 ms doubling to 1000 s): the first retry after quota is released creates the pod.');
    } else if (r.plugin === 'ResourceQuota' && r.uncovered) {
      out.push(`  ${r.reason}`, `  ${uncoveredSentence(r.uncovered, r.object.split('/')[1] ?? 'default')}`);
    } else if (r.plugin === 'ResourceQuota') {
      out.push(`  ResourceQuota ${r.quota}: ${r.reason.replace(/^failed quota: [^:]+: /, '')} (a quota on cpu or memory needs every container to state it)`);
    } else if (r.plugin === 'LimitRanger') {
      out.push(`  outside the namespace's LimitRange: ${r.reason}`);
    } else {
      out.push(`  ${r.reason}`);
    }
    // the fixes follow, each verified by simulating the changed file (../interop/policyFixSearch.ts)
  }
  return out.join('\n');
}

/** For a Pending pod: the LimitRange defaults that made it too big, with their fix; [] when they are not why. */
export function limitRangeLines(result: SimulationResult, pod: PodOutcome, d: Diagnosis | undefined): string[] {
  const defaults = limitRangeDefaults(pod);
  if (!defaults || !d) return [];
  const culprits = defaultsThatDoNotFit(pod, d);
  if (culprits.length === 0) return [];
  const amount = (r: string) => (pod.requests?.[r] !== undefined ? ` ${formatResource(r, pod.requests[r]!)}` : '');
  const requested = culprits.map((r) => `${r}${amount(r)} (set for container ${defaults.requests.get(r)!.join(', ')})`).join(', ');
  const fix = lowerDefaultFix(culprits, result.nodes);
  return [
    `LimitRange defaults made the pod request ${requested}: it stated none, and no node has that much free.`,
    `  ${pod.scheduling?.limitRanger ?? ''}`,
    ...(fix ? policyFixLines(fix).map((l) => `  fix: ${l}`) : []),
  ];
}
