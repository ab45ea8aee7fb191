// The fix search from the engine worker's lent run (issue 23: the first verified fix within 2 s): the
// page's engine worker hands the fix worker the scenario it loaded and its run, through a real
// MessageChannel (postMessage's structured clone, as between the two workers), and the search finds
// the same fixes in the same order, with the same YAML changes, as a search that loads and
// simulates the scenario itself — on the production-like dumps, the "do not uncordon" one included.
import { describe, expect, it } from 'vitest';
import { fixSearchBaseline, FixSearchSession, runFixSearch, type FixSearchBaseline, type FixSearchReply, type FixSearchRequest } from '../../interop/fixSearch';
import { importAny } from '../../interop/index';
import production from '../../interop/fixtures/kubectl-production-pending.yaml?raw';
import fleet from '../../interop/fixtures/kubectl-fleet-pending.yaml?raw';
import twenty from '../../interop/fixtures/kubectl-20-nodes-pending.yaml?raw';
import { createWorkerHost } from '../../worker/host';
import { startEngineRun } from '../../worker/engineStart';
import type { LoadOptions, WorkerReply } from '../../worker/protocol';
import { createFixWorkerHandler, handleFixRequest, LEND_WAIT_MS, type FixRequestTimers, type FixWorkerPrepared } from './fixRequest';

/** The page's engine worker (its host and start), run in this thread; resolves once `text` is loaded and simulated. */
async function engineWith(text: string, options: LoadOptions) {
  let loaded!: () => void;
  const done = new Promise<void>((resolve) => { loaded = resolve; });
  const host = createWorkerHost({
    start: startEngineRun,
    post: (reply: WorkerReply) => { if (reply.type === 'loaded' || reply.type === 'error') loaded(); },
    now: () => performance.now(),
    defer: (fn) => setTimeout(fn, 0),
  });
  host.handle({ type: 'load', runId: 1, text, options });
  await done;
  return host;
}

/** One search as the fix worker runs it, lent the engine's run over a MessageChannel when `host` is given. */
function searchInFixWorker(session: FixSearchSession, request: FixSearchRequest, host?: Awaited<ReturnType<typeof engineWith>>, timers?: FixRequestTimers): Promise<FixSearchReply[]> {
  const replies: FixSearchReply[] = [];
  return new Promise((resolve) => {
    const post = (r: FixSearchReply) => {
      replies.push(r);
      if (r.type === 'done' || r.type === 'error') resolve(replies);
    };
    if (host === undefined) return handleFixRequest(session, request, post, timers);
    const channel = new MessageChannel();
    host.handle({ type: 'lendBaseline', port: channel.port1, text: request.text, fileName: request.fileName, ...(request.seed === undefined ? {} : { seed: request.seed }) });
    handleFixRequest(session, { ...request, lent: channel.port2 }, post, timers);
  });
}

/**
 * the replies of a search that loads and simulates the scenario itself (as before lending); `own`:
 * that load and run, made once for a dump's several pods (a search changes nothing of its baseline)
 */
function ownSearch(request: FixSearchRequest, own: FixSearchBaseline | undefined = fixSearchBaseline(request)): FixSearchReply[] {
  const replies: FixSearchReply[] = [];
  runFixSearch(request, (r) => replies.push(r), undefined, own);
  return replies;
}

const withoutSource = (replies: FixSearchReply[]) => replies.map((r) => (r.type === 'started' ? { ...r, baseline: undefined } : r));
const fixTitles = (replies: FixSearchReply[]) => replies.flatMap((r) => (r.type === 'fix' ? [`${r.fix.candidate.kind} ${JSON.stringify(r.fix.candidate.edits)} → ${r.fix.node}`] : []));

describe.each([
  // the pods a reviewer's fix is recorded for (productionDump.ts pendingCauses, fleetDump.ts fleetCauses):
  // an affinity value, a spread policy, a rollout, a priority against a PDB, the do-not-uncordon zone
  ['kubectl-production-pending.yaml', production, ['geo/geo-api-', 'web/checkout-', 'risk/risk-engine-']],
  ['kubectl-fleet-pending.yaml', fleet, ['data/postgres-2']],
  ['kubectl-20-nodes-pending.yaml', twenty, ['ml/trainer-']],
] as const)('%s: a search lent the engine worker\'s run', (_name, fixture, prefixes) => {
  const text = importAny(fixture, { source: 'fixture' }).yaml;
  const fileName = 'imported.yaml';
  // this process's own load and run of the dump: its Pending pods, and the searches the lent ones are compared with
  const base = fixSearchBaseline({ id: 0, text, fileName, pod: '' })!;
  const pending = base.baseline.pods.filter((p) => p.node === undefined && p.deletedAt === undefined).map((p) => p.pod);
  const pods = prefixes.map((prefix) => pending.find((p) => p.startsWith(prefix)));

  it('finds the same fixes, in the same order, with the same changes, as a search of its own', async () => {
    expect(pods.every((p) => p !== undefined), `Pending: ${pending.join(', ')}`).toBe(true);
    const host = await engineWith(text, { fileName });
    const session = new FixSearchSession();
    for (const [i, pod] of pods.entries()) {
      const request = { id: i + 1, text, fileName, pod: pod! };
      const lent = await searchInFixWorker(session, request, i === 0 ? host : undefined);
      expect(lent[0]).toMatchObject({ type: 'started', baseline: i === 0 ? 'lent' : 'kept' });
      const own = ownSearch(request, base);
      expect(fixTitles(lent), pod).toEqual(fixTitles(own));
      expect(withoutSource(lent), pod).toEqual(withoutSource(own));
    }
  });
});

describe('lending the engine worker\'s run', () => {
  const text = importAny(twenty, { source: 'fixture' }).yaml;
  const trainer = /name: (trainer-8b6d5f7c9-\w+)\n\s+namespace: ml/.exec(text)![1]!;
  const request = { id: 1, text, fileName: 'cluster.yaml', pod: `ml/${trainer}` };

  it('is not taken for another seed: the fix worker loads the scenario itself', async () => {
    const host = await engineWith(text, { fileName: 'cluster.yaml', seed: 3 });
    const replies = await searchInFixWorker(new FixSearchSession(), request, host);
    expect(replies[0]).toMatchObject({ type: 'started', baseline: 'loaded' });
    expect(withoutSource(replies)).toEqual(withoutSource(ownSearch(request)));
  });

  it('a worker that holds the scenario already does not wait for the engine', async () => {
    const session = new FixSearchSession();
    await searchInFixWorker(session, request);
    const host = await engineWith(text, { fileName: 'cluster.yaml' });
    const again = await searchInFixWorker(session, { ...request, id: 2 }, host);
    expect(again[0]).toMatchObject({ type: 'started', baseline: 'kept' });
  });

  it('a scenario with a KubeSchedulerConfiguration and timeline apply steps (whose lines functions locate) is lent, and searched alike', async () => {
    // upstream's default profile with its score weights changed, and a node that joins at 30 s
    const configured = `${text.replace('spec:\n  kubernetesVersion: "1.35"\n', 'spec:\n  kubernetesVersion: "1.35"\n  timeline:\n  - at: 30\n    action: apply\n    object: {apiVersion: v1, kind: Node, metadata: {name: late, labels: {zone: late}}, status: {allocatable: {cpu: "2", memory: 4Gi, pods: "110"}}}\n')}`
      + '\n---\napiVersion: kubescheduler.config.k8s.io/v1\nkind: KubeSchedulerConfiguration\nprofiles:\n- schedulerName: default-scheduler\n  plugins:\n    score:\n      enabled: [{name: NodeResourcesBalancedAllocation, weight: 3}]\n';
    expect(configured).toContain('action: apply');
    const configuredRequest = { ...request, text: configured };
    const host = await engineWith(configured, { fileName: 'cluster.yaml' });
    const replies = await searchInFixWorker(new FixSearchSession(), configuredRequest, host);
    expect(replies[0]).toMatchObject({ type: 'started', baseline: 'lent' });
    expect(replies.at(-1)).toMatchObject({ type: 'done' });
    expect(withoutSource(replies)).toEqual(withoutSource(ownSearch(configuredRequest)));
  });

  it('an engine that never answers (it died) is given up on after LEND_WAIT_MS: the search loads the scenario itself', async () => {
    const waits: number[] = [];
    const timers: FixRequestTimers = { setTimeout: (fn, ms) => { waits.push(ms); return setTimeout(fn, 0); }, clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>) };
    const silent = new MessageChannel();
    const replies = await new Promise<FixSearchReply[]>((resolve) => {
      const out: FixSearchReply[] = [];
      handleFixRequest(new FixSearchSession(), { ...request, lent: silent.port2 }, (r) => { out.push(r); if (r.type === 'done') resolve(out); }, timers);
    });
    silent.port1.close();
    expect(waits).toEqual([LEND_WAIT_MS]);
    expect(replies[0]).toMatchObject({ type: 'started', baseline: 'loaded' });
  });
});

describe('a fix worker prepared before the request (a large run on screen with a Pending pod)', () => {
  const text = importAny(twenty, { source: 'fixture' }).yaml;
  const trainer = /name: (trainer-8b6d5f7c9-\w+)\n\s+namespace: ml/.exec(text)![1]!;
  const request = { id: 1, text, fileName: 'cluster.yaml', pod: `ml/${trainer}` };

  /** the worker's replies to a prepare and a search sent right after it, as the page sends them */
  async function prepareThenSearch(engineSeed?: number) {
    const host = await engineWith(text, { fileName: 'cluster.yaml', ...(engineSeed === undefined ? {} : { seed: engineSeed }) });
    const replies: (FixSearchReply | FixWorkerPrepared)[] = [];
    await new Promise<void>((resolve) => {
      const handle = createFixWorkerHandler((r) => {
        replies.push(r);
        if (r.type === 'done' || r.type === 'error') resolve();
      });
      const channel = new MessageChannel();
      host.handle({ type: 'lendBaseline', port: channel.port1, text, fileName: 'cluster.yaml' });
      handle({ type: 'prepare', text, fileName: 'cluster.yaml', lent: channel.port2 });
      // the search comes before the lent run has arrived: it waits for the preparation
      handle(request);
    });
    return replies;
  }

  it('takes the lent run: the search sent meanwhile waits for it, loads nothing, and finds what a search of its own finds', async () => {
    const replies = await prepareThenSearch();
    expect(replies[0]).toEqual({ type: 'prepared', held: true });
    expect(replies[1]).toMatchObject({ type: 'started', baseline: 'lent' });
    expect(withoutSource(replies.slice(1) as FixSearchReply[])).toEqual(withoutSource(ownSearch(request)));
  });

  it('holds nothing when the engine has no such run, and the search loads the scenario itself', async () => {
    const replies = await prepareThenSearch(5);
    expect(replies[0]).toEqual({ type: 'prepared', held: false });
    expect(replies[1]).toMatchObject({ type: 'started', baseline: 'loaded' });
  });
});
