// The numbers a lesson's text quotes, and the ones a drawing of the stage leaves out.
import { describe, expect, it } from 'vitest';
import { numbersNotDrawn, quotedNumbers, staleExemptions } from './numbers';

describe('quotedNumbers', () => {
  it.each([
    ['names, versions and issues quote no number', 'node-2, gpu-0 and web-1 on v1.35 with k8s (PR #135573), node1', []],
    ['a unit after a number', 'At 30 s, 500m CPU and 4Gi; 48% of nodes; 30s later', ['30', '500', '4', '48', '30']],
    ['decimals and counts of', 'node-1 has 3.5 of its 4 CPUs; "0/3 nodes are available"', ['3.5', '4', '0', '3']],
    ['negative and signed numbers', 'node-2 +80 − 100 = −20', ['80', '100', '20']],
  ])('%s', (_name, text, numbers) => {
    expect(quotedNumbers(text).map((n) => n.value)).toEqual(numbers);
  });

  it.each([
    ['a computation: operands, not its result', 'zoneA: 2 + 1 − 1 = 2, so node1 fails', [['2', true], ['1', true], ['1', true], ['2', false]]],
    ['a fraction without spaces is a count, not a computation', 'CPU 3/4 = 75', [['3', false], ['4', false], ['75', false]]],
    ['parentheses around a computation', '(75 × 3 + 25 × 3) / 6 = 50', [['75', true], ['3', true], ['25', true], ['3', true], ['6', true], ['50', false]]],
    ['operands with units', 'node-a (1000m + 1000m) has 0m free', [['1000', true], ['1000', true], ['0', false]]],
    ['a list is no computation', 'node-1 90, node-4 84 - and 73', [['90', false], ['84', false], ['73', false]]],
  ])('%s', (_name, text, numbers) => {
    expect(quotedNumbers(text).map((n) => [n.value, n.operand])).toEqual(numbers);
  });
});

describe('numbersNotDrawn', () => {
  it.each([
    ['every number drawn', 'node3 scores 95, node4 97', 'node3 #2 395 95\nnode4 #1 397 97', [], []],
    // issue 19: spread-zone quoted 95/97 while the stage showed only the totals
    ['totals drawn, plugin scores not', 'node3 scores 95 and node4 97', 'node3 395\nnode4 397', [], ['95', '97']],
    ['a number in a name on the stage does not count', 'all 3 nodes fail', 'node-3 ✗ filtered', [], ['3']],
    ['the same value written another way', 'at 0.5 and 30 s', 'balance 0.50, t=30s', [], []],
    ['each missing number once', '2 pods, then 2 more', '', [], ['2']],
    ['an exempt number', 'a 5-minute timeout at 20 s', 't=20s', ['5'], []],
    ['operands need not be drawn, the result must', 'zoneA: 2 + 1 − 1 = 2', 'zoneA 1 matching', [], ['2']],
  ])('%s', (_name, text, drawn, exempt, missing) => {
    expect(numbersNotDrawn(text, drawn, exempt)).toEqual(missing);
  });
});

describe('staleExemptions', () => {
  it.each([
    ['an exempt number the stage does not draw is needed', 't=20s\nnode-a 395', ['5'], []],
    // (upgrade-balanced-allocation's '44' once the legend draws one plugin's score)
    ['an exempt number the stage draws is stale', 'BalancedAllocation 44\nnode-a 395', ['44', '5'], ['44']],
    ['the same value written another way', 'balance 0.50', ['0.5'], ['0.5']],
    ['a number in a name is not drawn', 'node-3 ✗ filtered', ['3'], []],
  ])('%s', (_name, drawn, exempt, stale) => {
    expect(staleExemptions(drawn, exempt)).toEqual(stale);
  });
});
