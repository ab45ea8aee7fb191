// The volumes FindMatchingVolume looks at for a claim on a node (issue 23: 4,000 local PVs): the
// class's list less what it would skip, in the same order; each row compares with the answer
// over the whole list, so the index can only make the search shorter, never change it.
import { describe, expect, it } from 'vitest';
import { findMatchingVolume } from '../../model/pvHelpers';
import type { PersistentVolume } from '../../model/storage';
import { makeNode } from '../../testing/builders';
import { makePV, makePVC } from '../../testing/storage';
import { carryIndex, volumesForNode } from './nodeVolumes';

const host = 'kubernetes.io/hostname';
const local = (name: string, node: string, capacity = '10Gi') => makePV().name(name).capacity(capacity).accessModes(['ReadWriteOnce']).nodeAffinityIn(host, [node]).obj();
const node = (name: string, labels: Record<string, string> = {}) => makeNode().name(name).labels({ [host]: name, ...labels }).obj();
const claim = makePVC().name('data').namespace('default').request('5Gi').accessModes(['ReadWriteOnce']).obj();
const names = (vs: readonly PersistentVolume[]) => vs.map((v) => v.metadata.name);

describe('volumesForNode', () => {
  const rows: { name: string; volumes: PersistentVolume[]; node: ReturnType<typeof node>; expected: string[]; match: string | undefined }[] = [
    {
      name: 'local PVs of other nodes are left out, the node\'s keep their order',
      volumes: [local('a1', 'a', '20Gi'), local('b1', 'b'), local('a2', 'a'), local('c1', 'c')],
      node: node('a'), expected: ['a1', 'a2'], match: 'a2',
    },
    {
      name: 'a volume without node affinity, or with another shape of it, stays',
      volumes: [makePV().name('nfs').capacity('50Gi').accessModes(['ReadWriteOnce']).obj(), local('b1', 'b'), makePV().name('not-b').capacity('8Gi').accessModes(['ReadWriteOnce']).nodeAffinity([{ key: host, operator: 'NotIn', values: ['b'] }]).obj()],
      node: node('a'), expected: ['nfs', 'not-b'], match: 'not-b',
    },
    {
      name: 'a volume bound to another claim is left out (FindMatchingVolume would skip it)',
      volumes: [makePV().name('taken').capacity('5Gi').accessModes(['ReadWriteOnce']).nodeAffinityIn(host, ['a']).claimRef('default', 'other').obj(), local('a1', 'a')],
      node: node('a'), expected: ['a1'], match: 'a1',
    },
    {
      name: 'a node whose local volumes are all bound to other claims gets none',
      volumes: [local('b1', 'b'), makePV().name('taken').capacity('10Gi').accessModes(['ReadWriteOnce']).nodeAffinityIn(host, ['a']).claimRef('default', 'other').obj()],
      node: node('a'), expected: [], match: undefined,
    },
    {
      name: 'a volume bound to another claim, among volumes of other shapes, is left out too',
      volumes: [makePV().name('nfs').capacity('50Gi').accessModes(['ReadWriteOnce']).claimRef('default', 'other').obj(), local('a1', 'a')],
      node: node('a'), expected: ['a1'], match: 'a1',
    },
    {
      name: 'a volume pre-bound to the claim keeps the whole list: its affinity decides, here no match on this node',
      volumes: [local('a1', 'a'), makePV().name('mine').capacity('5Gi').accessModes(['ReadWriteOnce']).nodeAffinityIn(host, ['b']).claimRef('default', 'data').obj()],
      node: node('a'), expected: ['a1', 'mine'], match: undefined,
    },
    {
      name: 'a `key In` requirement that does not parse matches no node, as CheckNodeAffinity says',
      volumes: [makePV().name('bad').capacity('10Gi').accessModes(['ReadWriteOnce']).nodeAffinityIn('a/b/c', ['x']).obj(), local('a1', 'a')],
      node: node('a', { 'a/b/c': 'x' }), expected: ['bad', 'a1'], match: 'a1',
    },
    {
      name: 'a node without the label gets only the volumes of other shapes',
      volumes: [local('a1', 'a')],
      node: makeNode().name('bare').obj(), expected: [], match: undefined,
    },
  ];
  it.each(rows)('$name', ({ volumes, node: n, expected, match }) => {
    const subset = volumesForNode(volumes, claim, n);
    expect(names(subset.volumes)).toEqual(expected);
    expect(findMatchingVolume(claim, subset.volumes, n, new Set(), true, subset.affinityMatched)?.metadata.name).toBe(match);
    expect(findMatchingVolume(claim, volumes, n, new Set(), true)?.metadata.name).toBe(match);
  });
});

// The binder keeps a class's list from cycle to cycle and replaces only the volumes that changed;
// the index of the old list moves to the new one. Each row replaces a1 (position 0) in a list
// indexed first, and compares with the answer over the new list indexed from scratch.
describe('carryIndex', () => {
  const rows: { name: string; now: PersistentVolume; expected: string[] }[] = [
    { name: 'a1 bound to another claim: same places, no longer a candidate', now: makePV().name('a1').capacity('10Gi').accessModes(['ReadWriteOnce']).nodeAffinityIn(host, ['a']).claimRef('default', 'other').obj(), expected: ['a2'] },
    { name: 'a1 pre-bound to the claim: the whole list, as for a fresh index', now: makePV().name('a1').capacity('10Gi').accessModes(['ReadWriteOnce']).nodeAffinityIn(host, ['a']).claimRef('default', 'data').obj(), expected: ['a1', 'a2', 'b1'] },
    { name: 'a1 moved to node b: the index is built again, a1 leaves node a', now: local('a1', 'b'), expected: ['a2'] },
  ];
  it.each(rows)('$name', ({ now, expected }) => {
    const from = [local('a1', 'a'), local('a2', 'a'), local('b1', 'b')];
    volumesForNode(from, claim, node('a'));
    const to = [now, from[1]!, from[2]!];
    carryIndex(from, to, [0]);
    expect(names(volumesForNode(to, claim, node('a')).volumes)).toEqual(expected);
    expect(names(volumesForNode([...to], claim, node('a')).volumes)).toEqual(expected);
  });
});
