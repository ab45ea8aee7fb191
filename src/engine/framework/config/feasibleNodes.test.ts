// Cases from upstream pkg/scheduler/schedule_one_test.go (TestNumFeasibleNodesToFind), plus
// "test without score plugin no extra nodes are evaluated" from TestSchedulerSchedulePod.
import { describe, expect, it } from 'vitest';
import { effectivePercentageOfNodesToScore, numFeasibleNodesToFind } from './feasibleNodes';

const tests: { name: string; globalPercentage?: number; profilePercentage?: number; numAllNodes: number; wantNumNodes: number }[] = [
  { name: 'not set percentageOfNodesToScore and nodes number not more than 50', numAllNodes: 10, wantNumNodes: 10 },
  { name: 'set profile percentageOfNodesToScore and nodes number not more than 50', profilePercentage: 40, numAllNodes: 10, wantNumNodes: 10 },
  { name: 'not set percentageOfNodesToScore and nodes number more than 50', numAllNodes: 1000, wantNumNodes: 420 },
  { name: 'set profile percentageOfNodesToScore and nodes number more than 50', profilePercentage: 40, numAllNodes: 1000, wantNumNodes: 400 },
  { name: 'set global and profile percentageOfNodesToScore and nodes number more than 50', globalPercentage: 100, profilePercentage: 40, numAllNodes: 1000, wantNumNodes: 400 },
  { name: 'set global percentageOfNodesToScore and nodes number more than 50', globalPercentage: 40, numAllNodes: 1000, wantNumNodes: 400 },
  { name: 'not set profile percentageOfNodesToScore and nodes number more than 50*125', numAllNodes: 6000, wantNumNodes: 300 },
  { name: 'set profile percentageOfNodesToScore and nodes number more than 50*125', profilePercentage: 40, numAllNodes: 6000, wantNumNodes: 2400 },
  // the worked examples of the semantics doc (section 1.5)
  { name: 'adaptive, 500 nodes: 46%', numAllNodes: 500, wantNumNodes: 230 },
  { name: 'adaptive, 5000 nodes: 10%', numAllNodes: 5000, wantNumNodes: 500 },
  { name: 'profile 0 overrides a global 40: adaptive', globalPercentage: 40, profilePercentage: 0, numAllNodes: 1000, wantNumNodes: 420 },
  { name: 'a small percentage still finds 100 nodes', profilePercentage: 1, numAllNodes: 1000, wantNumNodes: 100 },
];

describe('TestNumFeasibleNodesToFind', () => {
  it.each(tests)('$name', ({ globalPercentage, profilePercentage, numAllNodes, wantNumNodes }) => {
    const percentage = effectivePercentageOfNodesToScore({ percentageOfNodesToScore: profilePercentage }, globalPercentage ?? 0);
    expect(numFeasibleNodesToFind(percentage, numAllNodes, true)).toBe(wantNumNodes);
  });

  it('test without score plugin no extra nodes are evaluated', () => {
    expect(numFeasibleNodesToFind(0, 3, false)).toBe(1);
    expect(numFeasibleNodesToFind(0, 1000, false)).toBe(1);
  });
});
