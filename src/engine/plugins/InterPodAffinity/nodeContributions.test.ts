// The counts and scores InterPodAffinity keeps from cycle to cycle (nodeContributions.ts) must be
// the ones a fresh count gives: here one plugin instance follows pods bound, deleted and
// relabelled nodes across cycles, and each cycle's PreFilter / PreScore details and Filter
// verdicts are compared with those of a new instance that counts everything afresh.
import { describe, expect, it } from 'vitest';
import { CycleState } from '../../framework/cycleState';
import { newPodInfo } from '../../framework/podInfo';
import type { Node, Pod } from '../../model/types';
import { makeNode, makePod } from '../../testing/builders';
import { newTestEnv, type TestEnv } from '../../testing/framework';
import { InterPodAffinity } from './index';

const zone = 'topology.kubernetes.io/zone';
const host = 'kubernetes.io/hostname';
const nodes: Node[] = ['a', 'b', 'c', 'd'].map((n, i) => makeNode().name(n).labels({ [host]: n, [zone]: `z${i % 2}` }).obj());

const incoming = (): Pod => makePod().name('incoming').namespace('default').label('app', 'web')
  .podAffinityIn('app', zone, ['web'])
  .podAntiAffinityIn('app', host, ['web'])
  .preferredPodAffinity(3, { labelSelector: { matchLabels: { app: 'web' } }, topologyKey: host })
  .preferredPodAntiAffinity(2, { labelSelector: { matchLabels: { app: 'db' } }, topologyKey: zone })
  .obj();
const web = (name: string, node: string) => makePod().name(name).namespace('default').label('app', 'web').node(node).podAntiAffinityIn('app', host, ['web']).obj();
const db = (name: string, node: string) => makePod().name(name).namespace('default').label('app', 'db').node(node)
  .preferredPodAffinity(5, { labelSelector: { matchLabels: { app: 'web' } }, topologyKey: zone }).obj();

/** PreFilter and PreScore details and every node's Filter verdict, as JSON (materialising lazy details). */
function cycle(plugin: ReturnType<typeof InterPodAffinity.factory>, env: TestEnv, pod: Pod): unknown {
  const state = new CycleState();
  const info = newPodInfo(pod);
  const pre = plugin.preFilter!(state, info, env.snapshot.nodeInfoList);
  const verdicts = env.snapshot.nodeInfoList.map((n) => plugin.filter!(state, info, n).toResult('InterPodAffinity'));
  const preScore = plugin.preScore!(state, info, env.snapshot.nodeInfoList);
  const scores = preScore.isSuccess() ? env.snapshot.nodeInfoList.map((n) => plugin.score!(state, info, n)) : [];
  return JSON.parse(JSON.stringify({ pre: pre.status.toResult('InterPodAffinity'), verdicts, preScore: preScore.toResult('InterPodAffinity'), scores }));
}

describe('InterPodAffinity: counts and scores kept across cycles', () => {
  it('equal a fresh count after binds, deletions and a relabelled node', () => {
    const env = newTestEnv({ nodes, pods: [web('w0', 'a'), db('d0', 'b')] });
    const kept = InterPodAffinity.factory({}, env.handle);
    const fresh = () => cycle(InterPodAffinity.factory({}, env.handle), env, incoming());
    const steps: ((e: TestEnv) => void)[] = [
      () => {},
      (e) => e.cache.addPod(newPodInfo(web('w1', 'c')), 'c'),
      (e) => e.cache.addPod(newPodInfo(db('d1', 'a')), 'a'),
      (e) => e.cache.removePod('default/w0'),
      (e) => e.cache.updateNode(makeNode().name('d').labels({ [host]: 'd', [zone]: 'z0' }).obj()),
      (e) => e.cache.addPod(newPodInfo(web('w2', 'd')), 'd'),
    ];
    const seen = new Set<string>();
    for (const step of steps) {
      step(env);
      env.snapshot = env.cache.snapshot();
      const got = cycle(kept, env, incoming());
      expect(got).toEqual(fresh());
      seen.add(JSON.stringify(got));
    }
    // every step changed what the cycle saw
    expect(seen.size).toBe(steps.length);
  });

  it('a cycle\'s PreFilter details, read after later cycles, are that cycle\'s', () => {
    const env = newTestEnv({ nodes, pods: [web('w0', 'a')] });
    const plugin = InterPodAffinity.factory({}, env.handle);
    const state = new CycleState();
    const first = plugin.preFilter!(state, newPodInfo(incoming()), env.snapshot.nodeInfoList).status;
    const before = fresh(env);
    env.cache.addPod(newPodInfo(web('w1', 'b')), 'b');
    env.snapshot = env.cache.snapshot();
    plugin.preFilter!(new CycleState(), newPodInfo(incoming()), env.snapshot.nodeInfoList);
    expect(JSON.parse(JSON.stringify(first.details))).toEqual(before);
    expect(JSON.parse(JSON.stringify(first.details))).not.toEqual(fresh(env));
  });
});

function fresh(env: TestEnv): unknown {
  const s = InterPodAffinity.factory({}, env.handle).preFilter!(new CycleState(), newPodInfo(incoming()), env.snapshot.nodeInfoList).status;
  return JSON.parse(JSON.stringify(s.details));
}
