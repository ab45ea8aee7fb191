// What admission did, in the page: the workloads whose pods the API server refused (over quota,
// outside a LimitRange) — those pods do not exist, so no cycle shows them — and, on a Pending
// pod, the LimitRange defaults that made it too big. Words for src/engine/diagnosis/admission.ts.

import { useMemo } from 'react';
import type { PodOutcome } from '../../engine/api';
import type { TimedEvent } from '../../worker/protocol';
import { uncoveredSentence } from '../../interop/admissionText';
import { admissionRefusals, creatorName, defaultsThatDoNotFit, limitRangeDefaults, formatResource } from '../../engine/readers';
import { raiseQuotaFix } from '../../engine/admissionFixes';
import { FixesPanel } from '../fixes/FixesPanel';

/** each search simulates the scenario once per candidate: the first few refused workloads get one */
const MAX_SEARCHED = 3;

export function AdmissionRefusals({ events }: { events: readonly TimedEvent[] }) {
  const refusals = useMemo(() => admissionRefusals({ events }), [events]);
  if (refusals.length === 0) return null;
  return (
    <section className="admission-refusals diagnosis" data-testid="admission-refusals" aria-label="Pods admission refused">
      <h4>Not created: the API server refused these pods</h4>
      {refusals.map((r, i) => {
        const fix = raiseQuotaFix(r);
        return (
          <div key={r.object} className="admission-refusal" data-testid="admission-refusal" data-object={r.object}>
            {r.object.startsWith('Pod/') ? (
              // a bare Pod: the API server refused the Pod itself; no controller creates it again
              <p className="diagnosis-lead">
                The API server refused to create <strong>{creatorName(r.object)}</strong> (at {r.time}s). The pod does not exist, so it is not Pending, and nothing retries it: the file, fixed, creates it.
              </p>
            ) : (
              <p className="diagnosis-lead">
                <strong>{creatorName(r.object)}</strong> cannot create its pod ({r.count} FailedCreate since it last created one, the latest at {r.time}s). The pod does not exist, so it is not Pending.
              </p>
            )}
            {r.plugin === 'ResourceQuota' && r.numbers ? (
              <>
                <p>Over quota: ResourceQuota <code>{r.quota}</code> would be exceeded.</p>
                <ul className="quota-numbers">
                  {Object.keys(r.numbers.limited).sort().map((res) => (
                    <li key={res} data-testid="quota-number" data-resource={res}>
                      <code>{res}</code>: used {r.numbers!.used[res] ?? '0'} + requested {r.numbers!.requested[res] ?? '0'} &gt; limited {r.numbers!.limited[res]}
                    </li>
                  ))}
                </ul>
              </>
            ) : <p className="detail">{r.reason}</p>}
            {r.uncovered && <p className="detail" data-testid="uncovered-quota">{uncoveredSentence(r.uncovered, r.object.split('/')[1] ?? 'default')}</p>}
            {/* beyond the searched few, the hard value that would admit one more pod, unverified (the verified fixes say it otherwise) */}
            {fix && i >= MAX_SEARCHED && (
              <p className="detail" data-testid="raise-quota-fix">
                Fix: raise ResourceQuota {fix.quota} — {fix.hard.map((h) => `spec.hard.${h.resource} from ${h.from} to at least ${h.to}`).join(', ')} (admits one more such pod); the controller retries with backoff (5 ms doubling to 1000 s), and the first retry after quota is released creates it.
              </p>
            )}
            {/* the fixes, each verified by simulating the changed file, with Apply */}
            {i < MAX_SEARCHED && (r.object.startsWith('Pod/')
              ? <FixesPanel pod={r.object} heading="What would let the API server create it" subject="the API server create it" />
              : <FixesPanel pod={r.object} heading="What would let the API server create its pods" subject="the API server create all its pods" />)}
          </div>
        );
      })}
    </section>
  );
}

export function LimitRangeNote({ pod }: { pod: PodOutcome }) {
  const defaults = limitRangeDefaults(pod);
  if (!defaults || defaults.requests.size === 0) return null;
  const culprits = defaultsThatDoNotFit(pod);
  const amount = (r: string) => (pod.requests?.[r] !== undefined ? ` ${formatResource(r, pod.requests[r]!)}` : '');
  return (
    <section className="diagnosis limit-range-note" data-testid="limit-range-note" aria-label="LimitRange defaults">
      {culprits.length > 0
        ? <p className="diagnosis-lead"><strong>LimitRange defaults made the pod request {culprits.map((r) => `${r}${amount(r)}`).join(', ')}</strong>: it stated none, and no node has that much free. Lower the LimitRange&apos;s defaultRequest, or give the pod explicit requests.</p>
        : <p className="diagnosis-lead">A LimitRange set some of this pod&apos;s requests; the scheduler sees them.</p>}
      <p className="detail">{pod.scheduling?.limitRanger}</p>
    </section>
  );
}
