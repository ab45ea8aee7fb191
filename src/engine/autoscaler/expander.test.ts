// Rows ported from cluster-autoscaler/expander/*/…_test.go (names as upstream's tests).
import { describe, expect, it } from 'vitest';
import { bestOption, type ExpansionOption } from './expander';
import { compilePriorityPattern, type ClusterAutoscalerConfig, type ExpanderName } from '../model/autoscaler';
import { makeNode, makePod } from '../testing/builders';
import { seededRng } from '../framework/rng';

const cpuPerPod = 500;
const memoryPerPod = 1000 * 1024 * 1024;
const template = (milliCpu: number, memory: number) => makeNode().name('t').capacity({ cpu: `${milliCpu}m`, memory: String(memory), pods: '100' }).obj();
const pod = makePod().name('p').req({ cpu: `${cpuPerPod}m`, memory: String(memoryPerPod) }).obj();
const option = (group: string, o: Partial<ExpansionOption> = {}): ExpansionOption => ({ group, nodeCount: 1, pods: [], template: template(16 * cpuPerPod, 16 * memoryPerPod), ...o });

function priorities(config: Record<number, string[]>): ClusterAutoscalerConfig['priorities'] {
  return Object.entries(config).map(([p, sources]) => ({ priority: Number(p), sources, patterns: sources.map((s) => compilePriorityPattern(s) as RegExp) }));
}

const choose = (options: ExpansionOption[], expander: ExpanderName[], prio: ClusterAutoscalerConfig['priorities'] = []) =>
  bestOption(options, { expander, priorities: prio }, seededRng(1));

describe('least-waste (expander/waste/waste_test.go TestLeastWaste)', () => {
  const balanced = option('balanced', { pods: [pod] });
  const highmem = option('highmem', { pods: [pod], template: template(16 * cpuPerPod, 32 * memoryPerPod) });
  const lowcpu = option('lowcpu', { pods: [pod], template: template(8 * cpuPerPod, 16 * memoryPerPod) });
  it.each([
    ['one pod, one node info', [balanced], 'balanced'],
    ['one pod, two node infos, one that has lots of RAM one that has less', [balanced, highmem], 'balanced'],
    ['one pod, three node infos, one that has lots of RAM one that has less, and one that has less CPU', [balanced, highmem, lowcpu], 'lowcpu'],
  ])('%s', (_name, options, want) => {
    expect(choose(options, ['least-waste']).best?.group).toBe(want);
  });
  it('says what each group would waste, as its log line does', () => {
    const { steps } = choose([balanced, highmem], ['least-waste']);
    expect(steps[0]!.detail!['highmem']).toBe('would waste 93.75% CPU, 96.88% Memory, 95.31% Blended');
  });
});

describe('most-pods (expander/mostpods)', () => {
  it.each([
    ['the group that schedules the most pods', [option('a', { pods: [pod] }), option('b', { pods: [pod, pod] })], 'b'],
    ['a tie goes to the random fallback among the tied only', [option('a', { pods: [pod, pod] }), option('b', { pods: [pod, pod] }), option('c', { pods: [pod] })], undefined],
  ])('%s', (_name, options, want) => {
    const { best } = choose(options, ['most-pods']);
    if (want) expect(best?.group).toBe(want);
    else expect(['a', 'b']).toContain(best?.group);
  });
});

describe('least-nodes (expander/leastnodes)', () => {
  it('the option that adds the fewest nodes', () => {
    expect(choose([option('big', { nodeCount: 1 }), option('small', { nodeCount: 3 })], ['least-nodes']).best?.group).toBe('big');
  });
});

describe('priority (expander/priority/priority_test.go)', () => {
  const config = priorities({ 5: ['.*t2\\.micro.*'], 10: ['.*t2\\.large.*', '.*t3\\.large.*'], 50: ['.*m4\\.4xlarge.*'] });
  const wildcard = priorities({ 5: ['.*'], 10: ['.t2\\.large.*'] });
  const oneEntry = priorities({ 10: ['.*t2\\.large.*'] });
  const micro = option('my-asg.t2.micro'), t2large = option('my-asg.t2.large'), t3large = option('my-asg.t3.large'), m4 = option('my-asg.m4.4xlarge');
  it.each([
    ['TestPriorityExpanderCorrecltyFiltersSingleMatchingOptionOutOfOne', config, [t2large], ['my-asg.t2.large']],
    ['TestPriorityExpanderCorrecltyFiltersSingleMatchingOptionOutOfMany', config, [t2large, m4], ['my-asg.m4.4xlarge']],
    ['TestPriorityExpanderFiltersToHigherPriorityMatch', wildcard, [t2large, micro], ['my-asg.t2.large']],
    ['TestPriorityExpanderCorrecltyFiltersTwoMatchingOptionsOutOfMany', config, [t2large, t3large, micro], ['my-asg.t2.large', 'my-asg.t3.large']],
    ['TestPriorityExpanderCorrecltyHandlesConfigUpdate (one entry: the others are not used)', oneEntry, [t2large, t3large, m4], ['my-asg.t2.large']],
  ])('%s', (_name, prio, options, kept) => {
    const { steps } = choose(options, ['priority'], prio);
    if (options.length > 1) expect(steps[0]!.kept).toEqual(kept);
    expect(kept).toContain(choose(options, ['priority'], prio).best?.group);
  });
  it('no group matched: falls back to a random choice among all', () => {
    const { steps } = choose([option('a'), option('b')], ['priority'], priorities({ 1: ['^zzz$'] }));
    expect(steps[0]!.kept).toEqual(['a', 'b']);
  });
  it('names the groups it will not use, as its PriorityConfigMapNotMatchedGroup warning does', () => {
    const { steps } = choose([t2large, m4], ['priority'], oneEntry);
    expect(steps[0]!.detail!['my-asg.m4.4xlarge']).toBe("Priority expander: node group my-asg.m4.4xlarge not found in priority expander configuration. The group won't be used.");
  });
});

describe('random and chains (expander/random, expander/factory/chain.go)', () => {
  it('the same seed picks the same group', () => {
    const options = ['a', 'b', 'c', 'd'].map((g) => option(g));
    const picks = [1, 2, 3].map(() => choose(options, ['random']).best?.group);
    expect(new Set(picks).size).toBe(1);
  });
  it('a chain filters in order: priority keeps two, least-waste picks between them', () => {
    const prio = priorities({ 10: ['^gpu-'], 1: ['.*'] });
    const small = option('gpu-small', { pods: [pod], template: template(4 * cpuPerPod, 4 * memoryPerPod) });
    const large = option('gpu-large', { pods: [pod], template: template(64 * cpuPerPod, 64 * memoryPerPod) });
    const cpu = option('cpu', { pods: [pod], template: template(2 * cpuPerPod, 2 * memoryPerPod) });
    const { best, steps } = choose([large, small, cpu], ['priority', 'least-waste'], prio);
    expect(steps.map((s) => [s.expander, s.kept])).toEqual([['priority', ['gpu-large', 'gpu-small']], ['least-waste', ['gpu-small']]]);
    expect(best?.group).toBe('gpu-small');
  });
});

describe('priority patterns from a file are bounded (RE2 does not backtrack; JavaScript does)', () => {
  it.each([
    ['a nested quantifier', '(a+)+$', /repeated group/],
    ['a backreference', '(a)\\1', /not RE2 syntax/],
    ['a lookahead', '(?=a)', /not RE2 syntax/],
    ['too long', 'a'.repeat(201), /longer than 200/],
    ['not a regular expression', '(', /Invalid regular expression|Unterminated group/],
  ])('%s is refused', (_name, source, message) => {
    const re = compilePriorityPattern(source);
    expect(typeof re).toBe('string');
    expect(re as string).toMatch(message);
  });
  it('an ordinary pattern compiles', () => {
    expect(compilePriorityPattern('.*t2\\.large.*')).toBeInstanceOf(RegExp);
  });
});
