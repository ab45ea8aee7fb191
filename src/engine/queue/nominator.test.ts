// The nominator's answers a Filter walk relies on: hasNominatedPods() is false exactly when
// nominatedPodsForNode() is empty for every node (the walk then skips the per-node question).
import { describe, expect, it } from 'vitest';
import { newPodInfo } from '../framework/podInfo';
import { makePod } from '../testing/builders';
import { Nominator } from './nominator';

describe('Nominator', () => {
  it('has nominated pods while one is nominated to a node, and none once it is deleted or nominated nowhere', () => {
    const n = new Nominator();
    const a = newPodInfo(makePod().name('a').obj());
    const b = newPodInfo(makePod().name('b').obj());
    expect(n.hasNominatedPods()).toBe(false);
    n.addNominatedPod(a, 'n1');
    n.addNominatedPod(b, 'n1');
    expect(n.hasNominatedPods()).toBe(true);
    expect(n.nominatedPodsForNode('n1').map((p) => p.key)).toEqual([a.key, b.key]);
    n.addNominatedPod(a, 'n2');
    expect(n.nominatedPodsForNode('n1').map((p) => p.key)).toEqual([b.key]);
    expect(n.nominatedPodsForNode('n2').map((p) => p.key)).toEqual([a.key]);
    n.deleteNominatedPodIfExists(b.key);
    expect(n.hasNominatedPods()).toBe(true);
    // '' clears a nomination (upstream NominatingInfo)
    n.addNominatedPod(a, '');
    expect(n.hasNominatedPods()).toBe(false);
    expect(n.nominatedPodsForNode('n1')).toEqual([]);
    expect(n.nominatedPodsForNode('n2')).toEqual([]);
  });
});
