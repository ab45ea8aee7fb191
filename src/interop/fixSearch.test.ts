// The fix worker's search: it reports how many changes it will try, each verified fix with its
// YAML change as it is found, then how many it tried; a cancelled search stops between variants.
import { describe, expect, it } from 'vitest';
import { importAny } from './index';
import fixture from './fixtures/kubectl-20-nodes-pending.yaml?raw';
import { MAX_CANDIDATES } from '../engine/whatIf/verify';
import { fixSearchBaseline, FixSearchSession, runFixSearch, type FixSearchReply } from './fixSearch';

const text = importAny(fixture, { source: 'fixture' }).yaml;
const trainer = /name: (trainer-8b6d5f7c9-\w+)\n\s+namespace: ml/.exec(text)![1]!;

describe('runFixSearch', () => {
  it('reports verified fixes with their YAML change, then done', () => {
    const replies: FixSearchReply[] = [];
    runFixSearch({ id: 7, text, fileName: 'cluster.yaml', pod: `ml/${trainer}` }, (r) => replies.push(r));
    expect(replies[0]).toMatchObject({ type: 'started', id: 7 });
    const fixes = replies.flatMap((r) => (r.type === 'fix' ? [r.fix] : []));
    expect(fixes.map((f) => f.candidate.kind)).toContain('toleration');
    expect(fixes.every((f) => f.text !== undefined && f.text.changes.length > 0)).toBe(true);
    const done = replies.at(-1)!;
    expect(done).toMatchObject({ type: 'done', id: 7 });
    expect(done.type === 'done' && done.tried).toBe((replies[0] as { candidates: number }).candidates);
  });

  it('stops when cancelled', () => {
    const replies: FixSearchReply[] = [];
    runFixSearch({ id: 8, text, fileName: 'cluster.yaml', pod: `ml/${trainer}` }, (r) => replies.push(r), () => true);
    expect(replies.map((r) => r.type)).toEqual(['started']);
  });

  it('says so when the scenario has errors', () => {
    const replies: FixSearchReply[] = [];
    runFixSearch({ id: 9, text: 'kind: Pod\nmetadata: {}', fileName: 'x.yaml', pod: 'default/p' }, (r) => replies.push(r));
    expect(replies).toEqual([{ type: 'error', id: 9, message: 'the scenario has errors' }]);
  });
});

describe('runFixSearch on 1,200 candidates (issue 23)', () => {
  it('verifies at most its cap, says how many it left out, and ends', () => {
    const expressions = Array.from({ length: 1200 }, (_, i) => `{key: k${i}, operator: In, values: [v${i}]}`).join(', ');
    const scenario = `apiVersion: v1
kind: Node
metadata: {name: n1, labels: {zone: a}}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
---
apiVersion: v1
kind: Pod
metadata: {name: p, namespace: default}
spec:
  affinity: {nodeAffinity: {requiredDuringSchedulingIgnoredDuringExecution: {nodeSelectorTerms: [{matchExpressions: [${expressions}]}]}}}
  containers: [{name: c, image: nginx}]
`;
    const replies: FixSearchReply[] = [];
    runFixSearch({ id: 1, text: scenario, fileName: 'many.yaml', pod: 'default/p' }, (r) => replies.push(r));
    const started = replies[0] as Extract<FixSearchReply, { type: 'started' }>;
    expect(started.candidates).toBeLessThanOrEqual(MAX_CANDIDATES);
    expect(started.leftOut).toBe(1200 - started.candidates);
    const done = replies.at(-1) as Extract<FixSearchReply, { type: 'done' }>;
    expect(done).toMatchObject({ type: 'done' });
    expect(done.tried).toBe(started.candidates);
    // every change tried that did not help says why
    expect(replies.filter((r) => r.type === 'failed')).toHaveLength(done.tried - replies.filter((r) => r.type === 'fix').length);
  });
});

describe('FixSearchSession: searches one after another', () => {
  const request = (id: number, pod: string) => ({ id, text, fileName: 'cluster.yaml', pod });
  const pending = fixSearchBaseline(request(0, `ml/${trainer}`))!.baseline.pods.filter((p) => p.node === undefined && p.deletedAt === undefined).map((p) => p.pod);
  const fresh = (id: number, pod: string) => {
    const replies: FixSearchReply[] = [];
    runFixSearch(request(id, pod), (r) => replies.push(r));
    return replies;
  };

  it('a search for another pod of the same scenario reuses its load and run, and finds what a search of its own finds, in the same order', () => {
    expect(pending.length).toBeGreaterThanOrEqual(2);
    const session = new FixSearchSession();
    const order = [pending[0]!, pending[1]!, pending[0]!];
    const replies = order.map((pod, i) => {
      const out: FixSearchReply[] = [];
      session.run(request(i, pod), (r) => out.push(r));
      return out;
    });
    // the same pod after another pod's search: nothing of the kept run was changed by a search
    expect(replies[0]![0]).toMatchObject({ type: 'started', baseline: 'loaded' });
    expect(replies[2]).toEqual(replies[0]!.map((r) => ({ ...r, id: 2, ...(r.type === 'started' ? { baseline: 'kept' } : {}) })));
    expect(replies[1]).toEqual(fresh(1, order[1]!).map((r) => (r.type === 'started' ? { ...r, baseline: 'kept' } : r)));
    expect(session.baseline(request(9, pending[1]!)).base).toBe(session.baseline(request(10, pending[0]!)).base);
  });

  it('another text, seed or version is loaded and run again', () => {
    const session = new FixSearchSession();
    const base = session.baseline(request(1, pending[0]!)).base;
    expect(session.baseline({ ...request(2, pending[0]!), seed: 7 }).base).not.toBe(base);
    const again = session.baseline({ ...request(3, pending[0]!), kubernetesVersion: '1.36' });
    expect(again).toMatchObject({ source: 'loaded' });
    expect(again.base).not.toBe(base);
    expect(session.baseline({ ...request(4, pending[0]!), text: `${text}\n` }).base).not.toBe(again.base);
  });

  it('a scenario with errors is an error for every search of it', () => {
    const session = new FixSearchSession();
    for (const id of [1, 2]) {
      const replies: FixSearchReply[] = [];
      session.run({ id, text: 'kind: Pod\nmetadata: {}', fileName: 'x.yaml', pod: 'default/p' }, (r) => replies.push(r));
      expect(replies).toEqual([{ type: 'error', id, message: 'the scenario has errors' }]);
    }
  });
});
