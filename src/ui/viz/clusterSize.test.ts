import { describe, expect, it } from 'vitest';
import type { NodeOutcome } from '../../engine/api';
import { clusterSize } from './clusterSize';

const ZONE = 'topology.kubernetes.io/zone';
const node = (name: string, labels: Record<string, string>, extra: Partial<NodeOutcome> = {}): NodeOutcome => ({ name, labels, ...extra } as unknown as NodeOutcome);
const zoneOf = (key: string | undefined) => (n: NodeOutcome) => (key === undefined ? undefined : n.labels[key]);

describe('clusterSize: the counts the key row draws', () => {
  const sixInThree = ['a', 'b', 'c'].flatMap((z) => [1, 2].map((i) => node(`node-${z}${i}`, { [ZONE]: `zone-${z}` })));
  it.each([
    ['one lane: the nodes', [node('n1', {}), node('n2', {}), node('n3', {})], undefined, '3 nodes'],
    ['one node', [node('n1', {})], undefined, '1 node'],
    ['zone lanes: nodes in zones', sixInThree, ZONE, '6 nodes in 3 zones'],
    ['a single zone says no domains', [node('n1', { [ZONE]: 'a' }), node('n2', { [ZONE]: 'a' })], ZONE, '2 nodes'],
    ['a node without the label is in no domain', [node('n1', { [ZONE]: 'a' }), node('n2', { [ZONE]: 'b' }), node('n3', {})], ZONE, '3 nodes in 2 zones'],
    ['another key by its values', [node('n1', { rack: 'r1' }), node('n2', { rack: 'r2' })], 'rack', '2 nodes in 2 values of rack'],
  ] as const)('%s', (_, nodes, key, expected) => {
    expect(clusterSize(nodes, 0, key, zoneOf(key))).toBe(expected);
  });

  it('counts the nodes present at the time on screen: not one joining later, not one removed', () => {
    const nodes = [
      node('n1', { [ZONE]: 'a' }),
      node('n2', { [ZONE]: 'b' }, { createdAt: 20 }),
      node('n3', { [ZONE]: 'a' }, { deletedAt: 60 }),
    ];
    expect(clusterSize(nodes, 0, ZONE, zoneOf(ZONE))).toBe('2 nodes');
    expect(clusterSize(nodes, 20, ZONE, zoneOf(ZONE))).toBe('3 nodes in 2 zones');
    expect(clusterSize(nodes, 60, ZONE, zoneOf(ZONE))).toBe('2 nodes in 2 zones');
  });
});
