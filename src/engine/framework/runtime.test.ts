// Framework.runScorePlugins: score, normalize, range check, weight — and what the trace keeps of
// the scores when a plugin fails part-way (upstream returns no scores; the trace shows the
// plugins that had already scored). upstream: framework/runtime/framework.go RunScorePlugins.
import { describe, expect, it } from 'vitest';
import type { ExtensionPoint } from './config/types';
import { CycleState } from './cycleState';
import type { PluginResult } from '../api';
import type { Plugin } from './interfaces';
import { newPodInfo } from './podInfo';
import { Framework } from './runtime';
import { Status } from './status';
import { makeNode, makePod } from '../testing/builders';
import { newTestEnv } from '../testing/framework';

const nodes = ['n1', 'n2', 'n3'].map((n) => makeNode().name(n).obj());

/** a Score plugin giving each node a fixed raw score, optionally normalized by `normalize` */
function scorer(name: string, raw: Record<string, number | Status>, normalize?: (score: number) => number | Status): Plugin {
  return {
    name,
    score: (_state, _pod, node) => raw[node.name]!,
    ...(normalize ? {
      normalizeScore: (_state, _pod, scores) => {
        for (const e of scores) {
          const n = normalize(e.score);
          if (typeof n !== 'number') return n;
          e.score = n;
        }
        return Status.success();
      },
    } : {}),
  };
}

function framework(plugins: Plugin[], weights: Record<string, number>): Framework {
  const points = {} as Record<ExtensionPoint, Plugin[]>;
  for (const p of ['preEnqueue', 'queueSort', 'preFilter', 'filter', 'postFilter', 'preScore', 'score', 'reserve', 'permit', 'preBind', 'bind', 'postBind'] as ExtensionPoint[]) points[p] = [];
  points.score = plugins;
  const env = newTestEnv({ nodes });
  return new Framework('default-scheduler', { points, scoreWeights: new Map(Object.entries(weights)), instances: new Map(plugins.map((p) => [p.name, p])) }, undefined, env.handle);
}

function run(plugins: Plugin[], weights: Record<string, number>, skip: string[] = []) {
  const env = newTestEnv({ nodes });
  const state = new CycleState();
  for (const s of skip) state.skipScorePlugins.add(s);
  const out = framework(plugins, weights).runScorePlugins(state, newPodInfo(makePod().name('p').obj()), env.snapshot.nodeInfoList);
  return { status: out.status.code, message: out.status.message(), scores: JSON.parse(JSON.stringify(Object.fromEntries(out.scores))) as unknown };
}

const b = (raw: number, normalized: number, weight: number) => ({ raw, normalized, weight, weighted: normalized * weight });

describe('Framework.runScorePlugins', () => {
  it.each([
    {
      name: 'two plugins, weighted and summed in configured order',
      plugins: [scorer('A', { n1: 10, n2: 20, n3: 10 }), scorer('B', { n1: 1, n2: 1, n3: 2 }, (s) => s * 50)],
      weights: { A: 2, B: 1 },
      want: {
        status: 'Success', message: '',
        scores: {
          n1: { plugins: { A: b(10, 10, 2), B: b(1, 50, 1) }, total: 70 },
          n2: { plugins: { A: b(20, 20, 2), B: b(1, 50, 1) }, total: 90 },
          n3: { plugins: { A: b(10, 10, 2), B: b(2, 100, 1) }, total: 120 },
        },
      },
    },
    {
      name: 'a plugin whose PreScore skipped does not score',
      plugins: [scorer('A', { n1: 10, n2: 20, n3: 30 }), scorer('B', { n1: 1, n2: 1, n3: 1 })],
      weights: { A: 1, B: 1 }, skip: ['A'],
      want: { status: 'Success', message: '', scores: { n1: { plugins: { B: b(1, 1, 1) }, total: 1 }, n2: { plugins: { B: b(1, 1, 1) }, total: 1 }, n3: { plugins: { B: b(1, 1, 1) }, total: 1 } } },
    },
    {
      name: 'Score fails on a node: the earlier plugins\' scores remain',
      plugins: [scorer('A', { n1: 10, n2: 20, n3: 30 }), scorer('B', { n1: 1, n2: Status.error('boom'), n3: 1 })],
      weights: { A: 1, B: 1 },
      want: {
        status: 'Error', message: 'running Score plugin "B": boom',
        scores: { n1: { plugins: { A: b(10, 10, 1) }, total: 10 }, n2: { plugins: { A: b(20, 20, 1) }, total: 20 }, n3: { plugins: { A: b(30, 30, 1) }, total: 30 } },
      },
    },
    {
      name: 'NormalizeScore fails',
      plugins: [scorer('A', { n1: 10, n2: 20, n3: 30 }), scorer('B', { n1: 1, n2: 1, n3: 1 }, () => Status.error('bad'))],
      weights: { A: 1, B: 1 },
      want: {
        status: 'Error', message: 'running Normalize on Score plugin "B": bad',
        scores: { n1: { plugins: { A: b(10, 10, 1) }, total: 10 }, n2: { plugins: { A: b(20, 20, 1) }, total: 20 }, n3: { plugins: { A: b(30, 30, 1) }, total: 30 } },
      },
    },
    {
      name: 'a score out of [0, 100] after normalizing: the nodes before it keep the plugin\'s score',
      plugins: [scorer('A', { n1: 10, n2: 20, n3: 30 }), scorer('B', { n1: 5, n2: 101, n3: 5 })],
      weights: { A: 1, B: 3 },
      want: {
        status: 'Error', message: 'plugin "B" returns an invalid score 101, it should in the range of [0, 100] after normalizing',
        scores: { n1: { plugins: { A: b(10, 10, 1), B: b(5, 5, 3) }, total: 25 }, n2: { plugins: { A: b(20, 20, 1) }, total: 20 }, n3: { plugins: { A: b(30, 30, 1) }, total: 30 } },
      },
    },
  ])('$name', ({ plugins, weights, skip, want }) => {
    expect(run(plugins, weights, skip)).toEqual(want);
  });

  it('nodes with the same breakdowns share one frozen NodeScore', () => {
    const env = newTestEnv({ nodes });
    const out = framework([scorer('A', { n1: 10, n2: 20, n3: 10 })], { A: 1 }).runScorePlugins(new CycleState(), newPodInfo(makePod().name('p').obj()), env.snapshot.nodeInfoList);
    expect(out.scores.get('n1')).toBe(out.scores.get('n3'));
    expect(out.scores.get('n1')).not.toBe(out.scores.get('n2'));
    expect(Object.isFrozen(out.scores.get('n1'))).toBe(true);
  });
});

describe('Framework.runFilterPlugins: the plugins PreFilter skipped', () => {
  /** a Filter plugin that fails every node, counting its calls */
  function failing(name: string, calls: string[]): Plugin {
    return { name, filter: () => { calls.push(name); return Status.unschedulable(`${name} says no`); } };
  }

  it('are Skip for the cycle whose set names them, each cycle by its own set', () => {
    const calls: string[] = [];
    const plugins = [failing('A', calls), failing('B', calls), failing('C', calls)];
    const points = {} as Record<ExtensionPoint, Plugin[]>;
    for (const p of ['preEnqueue', 'queueSort', 'preFilter', 'filter', 'postFilter', 'preScore', 'score', 'reserve', 'permit', 'preBind', 'bind', 'postBind'] as ExtensionPoint[]) points[p] = [];
    points.filter = plugins;
    const env = newTestEnv({ nodes });
    const fwk = new Framework('default-scheduler', { points, scoreWeights: new Map(), instances: new Map(plugins.map((p) => [p.name, p])) }, undefined, env.handle);
    const pod = newPodInfo(makePod().name('p').obj());
    const node = env.snapshot.nodeInfoList[0]!;
    const filter = (skip: string[]) => {
      const state = new CycleState();
      for (const s of skip) state.skipFilterPlugins.add(s);
      calls.length = 0;
      const explain: PluginResult[] = [];
      const status = fwk.runFilterPlugins(state, pod, node, explain);
      return { status: status.message(), verdicts: explain.map((r) => `${r.plugin}:${r.code}`), calls: [...calls], state, explain };
    };
    expect(filter(['B'])).toMatchObject({ status: 'A says no', verdicts: ['A:Unschedulable', 'B:Skip', 'C:Unschedulable'], calls: ['A', 'C'] });
    expect(filter(['A', 'C'])).toMatchObject({ status: 'B says no', verdicts: ['A:Skip', 'B:Unschedulable', 'C:Skip'], calls: ['B'] });
    expect(filter([])).toMatchObject({ verdicts: ['A:Unschedulable', 'B:Unschedulable', 'C:Unschedulable'], calls: ['A', 'B', 'C'] });
    // a set that grows after a first Filter call (PreFilter is done by then in a cycle; a test may not be)
    const grown = filter(['A']);
    grown.state.skipFilterPlugins.add('C');
    fwk.runFilterPlugins(grown.state, pod, node, grown.explain);
    expect(grown.explain.map((r) => `${r.plugin}:${r.code}`)).toEqual(['A:Skip', 'B:Unschedulable', 'C:Skip']);
  });
});
