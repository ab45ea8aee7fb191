// The second production-like dump (fleetDump.ts): it loads as the API server stored it, each
// Pending pod or refused workload gets the verdict its author marks, and the fix search — the
// page's, through the imported text — ranks the fix a reviewer would approve first, or offers
// none where a reviewer would approve none of the changes it can try.
import { describe, expect, it } from 'vitest';
import { fileDumpVersion } from '../../cli/dumpVersion';
import { formatFixes } from '../../cli/explain';
import { formatRefusals } from '../../cli/explainAdmission';
import { admissionRefusals, refusalsFor } from '../../engine/readers';
import { rankFixes } from '../../engine/whatIf/rank';
import { fixTitle } from '../fixText';
import { fixSearchBaseline, runFixSearch, type FixSearchReply, type FixSearchRequest } from '../fixSearch';
import { importAny } from '../index';
import { searchedOnce } from './fixSearchReplies';
import fixture from '../fixtures/kubectl-fleet-pending.yaml?raw';
import { fleetCauses, fleetDump, MAINTENANCE } from './fleetDump';
import { fleetMessages } from './fleetMessages';

const imported = importAny(fixture, { source: 'fixture' });
// one load and run of the 58-node dump, the baseline of every fix search below too (as the CLI's --explain shares its run)
const request: Omit<FixSearchRequest, 'pod'> = { id: 1, text: imported.yaml, fileName: 'imported.yaml' };
const prepared = fixSearchBaseline({ ...request, pod: '' });
if (!prepared) throw new Error('the imported fleet dump has errors');
const result = prepared.baseline;
/** the pod the dump records Pending under a name prefix (its Running siblings share the prefix) */
const podOf = (prefix: string) => result.pods.find((p) => p.pod.startsWith(prefix) && p.recorded?.phase === 'Pending');

describe('kubectl-fleet-pending.yaml', () => {
  it('is the generator output with the messages a scheduler records for it (npx tsx scripts/write-fleet-dump.ts)', () => {
    expect(fixture).toBe(fleetDump(fleetMessages(fleetDump())));
    // a simulation of the 58-node dump: 70 s on two cores shared with the whole suite
  }, 180_000);

  it('imports 58 nodes in 3 zones as a kubectl dump, keeps the ClusterAutoscaler and warns of nothing it cannot read', () => {
    expect(imported.format).toBe('kubectl');
    expect(imported.yaml).toMatch(/^kind: ClusterAutoscaler$/m);
    expect(result.nodes.filter((n) => !n.name.startsWith('general-'))).toHaveLength(58);
    expect(new Set(result.nodes.map((n) => n.labels['topology.kubernetes.io/zone'])).size).toBe(3);
    expect(imported.warnings.join('\n')).not.toMatch(/cannot|not read|unknown|ignored/i);
  });

  it('the cordoned node says why, and no fix uncordons it', () => {
    const cordoned = imported.yaml.match(new RegExp(`${MAINTENANCE.replace('.', '\\.')}: (.*)`));
    expect(cordoned?.[1]).toMatch(/CHG-4471/);
  });

  it.each(fleetCauses.map((c) => [c.pod, c] as const))('%s: %s', (prefix, cause) => {
    if (cause.state === 'not-created') {
      const [namespace, , name] = prefix.split('/');
      expect(result.pods.filter((p) => p.pod.startsWith(`${namespace}/${name}-`) && p.node !== undefined && p.recorded === undefined)).toEqual([]);
      expect(result.events.some((e) => e.reason === 'FailedCreate' && e.object.startsWith(`ReplicaSet/${namespace}/${name}-`))).toBe(true);
      return;
    }
    const pod = podOf(prefix);
    expect(pod?.recorded?.phase).toBe('Pending');
    expect(pod!.node === undefined).toBe(cause.state !== 'placed');
    if (cause.state === 'gated') expect(pod!.message).toMatch(/scheduling gates/);
    if (cause.state === 'placed') expect(result.autoscaler?.pods[pod!.pod]?.kind).toBe('triggeredScaleUp');
  });
});

/** each target's search replies, once: a search simulates the dump once per change */
const replies = searchedOnce(request, prepared);

function search(target: string) {
  return rankFixes(replies(target).flatMap((r) => (r.type === 'fix' ? [r.fix] : [])));
}

describe('kubectl-fleet-pending.yaml: the top fix is the one a reviewer approves, and none of the first five is one a reviewer refuses', () => {
  const searchedCauses = fleetCauses.filter((c) => c.state === 'pending' || c.state === 'not-created');
  it.each(searchedCauses.map((c) => [c.pod, c] as const))('%s', (prefix, cause) => {
    const [namespace, , name] = prefix.split('/');
    const target = cause.state === 'not-created' ? `${namespace}/${name}` : podOf(prefix)!.pod;
    const ranked = search(target);
    ranked.slice(0, 5).forEach((f, rank) => {
      for (const e of f.candidate.edits) {
        // into another team's dedicated pool: never first, and only with a warning
        if (e.kind === 'toleration' && e.toleration.key === 'dedicated') {
          expect(rank, `${target}: tolerates dedicated=search first`).toBeGreaterThan(0);
          expect(f.warnings.join(' ')).toMatch(/keeps that (pool|group) for its own workloads/);
        }
        if (e.kind === 'uncordon') expect(f.warnings.join(' '), `${target}: uncordons without quoting why`).toContain('CHG-4471');
        // an on-demand node group relabelled as spot
        if (e.kind === 'node-group-label' || e.kind === 'node-label') expect(rank, `${target}: relabels nodes first`).toBeGreaterThan(0);
        // a quota or LimitRange widened: said to be an administrator's change
        if (e.kind === 'quota' || e.kind === 'limit-range') expect(f.warnings.join(' ')).toContain('administrator');
      }
    });
    const top = ranked[0];
    if (!cause.fix) {
      // what the search can try, a reviewer would not approve: a request cut to a fraction ranks as an override, with the numbers
      if (top) {
        expect(top.candidate.kind).toBe('request');
        expect(top.warnings.join(' ')).toMatch(/% of the request/);
      }
      return;
    }
    expect(top, `no fix for ${target}`).toBeDefined();
    const { kind: fixKind, ...fields } = cause.fix;
    expect(top!.candidate.kind).toBe(fixKind);
    const edit = top!.candidate.edits[0] as unknown as Record<string, unknown>;
    for (const [field, value] of Object.entries(fields)) expect(edit[field]).toBe(value);
    if (top!.admitted) expect(top!.admitted.pods).toBe(top!.admitted.scheduled);
    else expect(top!.node).toBeTruthy();
    // each verified candidate is a whole simulation of the 58-node dump: up to 25 s alone, 100 s beside the whole suite on two shared cores
  }, 300_000);
});

// issue 20's why-pending flow through the CLI on a dump with node groups: what `--explain
// reports/pdf-renderer` prints (simulate.ts joins these two texts) for the Deployment its quota stops
describe('kubectl-fleet-pending.yaml: --explain for the quota-blocked Deployment', () => {
  it('names the ReplicaSet that cannot create its pod, the quota\'s numbers, and the verified raise first, with its YAML change', () => {
    const refused = refusalsFor(admissionRefusals(result), 'reports/pdf-renderer');
    expect(refused.map((r) => r.object)).toEqual([expect.stringMatching(/^ReplicaSet\/reports\/pdf-renderer-/)]);
    const text = formatRefusals(refused);
    expect(text).toMatch(/^ReplicaSet reports\/pdf-renderer-\w+: cannot create pod pdf-renderer-[\w-]+ \(\d+ FailedCreate since it last created one, the latest at t=\d+s\); the pod does not exist, so it is not Pending\.$/m);
    // the Deployment's 4 replicas of 2500m: 3 fit under requests.cpu 8, the fourth does not
    expect(text).toContain('  over quota: ResourceQuota compute would be exceeded:\n    requests.cpu: used 7500m + requested 2500m > limited 8\n');
    const done = replies(refused[0]!.object).find((r) => r.type === 'done');
    const fixes = formatFixes(search(refused[0]!.object), done?.type === 'done' ? done.tried : 0);
    expect(fixes).toMatch(/^What would fix it \(\d+ of \d+ change\(s\) tried; each simulated, best first\):\n1\. Raise ResourceQuota reports\/compute: spec\.hard\.requests\.cpu 10 \(from 8\)\n {3}→ the API server admits its pods: Deployment reports\/pdf-renderer has 4 pods, 4 scheduled, no other pod affected\n/);
    expect(fixes).toContain('   ⚠ raises the namespace\'s budget: an administrator\'s change');
    // the change written into the imported scenario (the page's text; the CLI, given the dump, writes it into the List item)
    expect(fixes).toMatch(/# ResourceQuota reports\/compute\n.*\n {5}- spec: \{hard: \{.*requests\.cpu: "8",.*\n {5}\+ spec: \{hard: \{.*requests\.cpu: "10",/);
  }, 300_000);
});

// issue 18: the CLI reads the dump as the user pasted it, the page its import; for postgres-2 they
// listed different fixes (the CLI's third: "Add a node like ip-10-41-195-134 (scale
// general-eu-west-1b)", a group at its max, verified because a copy of one of its nodes ignores the
// max). Both now give the same fixes in the same order: the group's max raised, as an administrator's
// change, and no node added beside the autoscaler; the tolerations of pools kept for other
// workloads are counted and never simulated.
describe('kubectl-fleet-pending.yaml: data/postgres-2 through the CLI (the raw dump) and the page (its import)', () => {
  it('gives the same fixes in the same order, adds no node to a group at its max, and does not simulate tolerations of others\' pools', () => {
    const titles = (found: readonly FixSearchReply[]) => rankFixes(found.flatMap((r) => (r.type === 'fix' ? [r.fix] : []))).map((f) => fixTitle(f.candidate.edits, (n) => n, f.candidate.template));
    const page = replies('data/postgres-2');
    const cli: FixSearchReply[] = [];
    const rawRequest = { id: 2, text: fixture, fileName: 'kubectl-fleet-pending.yaml', pod: 'data/postgres-2', inferredKubernetesVersion: fileDumpVersion(fixture) };
    runFixSearch(rawRequest, (r) => cli.push(r));
    expect(titles(cli)).toEqual(titles(page));
    const ranked = search('data/postgres-2');
    expect(ranked[0]!.candidate.edits[0]).toMatchObject({ kind: 'node-group-max', group: 'general-eu-west-1b', from: 8, max: 9 });
    expect(ranked.flatMap((f) => f.candidate.edits).filter((e) => e.kind === 'add-node')).toEqual([]);
    // the priority fix names the object the preempted pod's team edits: its Deployment, not the ReplicaSet
    const priority = ranked.find((f) => f.candidate.kind === 'priority');
    expect(priority?.warnings.join(' ')).toMatch(/preempts a pod of Deployment reports\/pdf-renderer: its controller recreates it/);
    for (const found of [cli, page]) {
      const started = found.find((r) => r.type === 'started');
      if (started?.type !== 'started') throw new Error('no search started');
      // spot, dedicated=search and CriticalAddonsOnly: postgres-2 selects none of those pools
      expect(started.refused.map((r) => r.candidate.edits[0])).toEqual(['spot', 'dedicated', 'CriticalAddonsOnly'].map((key) => expect.objectContaining({ kind: 'toleration', toleration: expect.objectContaining({ key }) })));
      expect(started.refused.every((r) => /keeps that (pool|group) for its own workloads/.test(r.reason))).toBe(true);
      const simulated = found.flatMap((r) => (r.type === 'fix' ? [r.fix.candidate] : r.type === 'failed' ? [r.failed.candidate] : []));
      expect(simulated.filter((c) => c.kind === 'toleration')).toEqual([]);
    }
  }, 300_000);
});

// issue 18: the import dropped a running Job whose pods were in the dump (its controller would have
// restarted finished work), so the page edited genome-align's pod and the CLI its Job's template.
// The import now keeps the Job beside its pod, the Job controller claims the pod and counts what is
// done from the Job's status: no second pod, and both paths give the same fixes in the same order.
describe('kubectl-fleet-pending.yaml: batch/genome-align through the CLI (the raw dump) and the page (its import)', () => {
  it('keeps the Job, creates no second pod, and gives the same fixes in the same order, written into the Job', () => {
    expect(imported.yaml).toMatch(/^kind: Job$/m);
    expect(result.pods.filter((p) => p.pod.startsWith('batch/genome-align-')).map((p) => p.pod)).toEqual([podOf('batch/genome-align-')!.pod]);
    const target = podOf('batch/genome-align-')!.pod;
    const titles = (found: readonly FixSearchReply[]) => rankFixes(found.flatMap((r) => (r.type === 'fix' ? [r.fix] : []))).map((f) => fixTitle(f.candidate.edits, (n) => n, f.candidate.template));
    const page = replies(target);
    const cli: FixSearchReply[] = [];
    runFixSearch({ id: 3, text: fixture, fileName: 'kubectl-fleet-pending.yaml', pod: target, inferredKubernetesVersion: fileDumpVersion(fixture) }, (r) => cli.push(r));
    expect(titles(cli)).toEqual(titles(page));
    // the top fix a node group; the second, a request cut, written into the Job a reviewer edits and
    // telling them a started Job's template cannot be changed in place
    const ranked = search(target);
    expect(ranked[0]!.candidate.kind).toBe('node-group');
    const inJob = ranked.find((f) => f.candidate.template?.kind === 'Job');
    expect(titles(page)[1]).toMatch(/, in the template of Job batch\/genome-align$/);
    expect(inJob?.warnings.join(' ')).toMatch(/a Job's pod template cannot be changed once it has started: delete the Job and create it again/);
  }, 300_000);
});
