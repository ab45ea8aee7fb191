// NodeToStatus keeps a Filter walk's failing nodes as two lists until it is read
// (interfaces.ts addWalk): read, it must be the map the walk would have set node by node.
import { describe, expect, it } from 'vitest';
import { NodeToStatus } from './interfaces';
import { Status } from './status';

const fit = Status.unschedulable('Insufficient cpu').withPlugin('NodeResourcesFit');
const taint = Status.unresolvable('untolerated taint').withPlugin('TaintToleration');

describe('NodeToStatus with a walk kept as lists', () => {
  it('reads as the map of the walk, in its order, and counts it before', () => {
    const m = new NodeToStatus(Status.unresolvable());
    m.addWalk(['n2', 'n1', 'n3'], [fit, taint, fit]);
    expect(m.size).toBe(3);
    expect(m.get('n1')).toBe(taint);
    expect(m.get('n4')).toBe(m.absentNodesStatus);
    expect([...m.statuses]).toEqual([['n2', fit], ['n1', taint], ['n3', fit]]);
    expect(m.size).toBe(3);
  });

  it('a walk after a node with a status of its own (the nominated node) overwrites it, not counting it twice', () => {
    const m = new NodeToStatus(Status.unresolvable());
    m.set('n1', fit);
    m.addWalk(['n1', 'n2'], [taint, fit]);
    expect(m.size).toBe(2);
    expect([...m.statuses]).toEqual([['n1', taint], ['n2', fit]]);
  });

  it('set after a walk adds to it; an empty walk changes nothing', () => {
    const m = new NodeToStatus(Status.unresolvable());
    m.addWalk([], []);
    expect(m.size).toBe(0);
    m.addWalk(['n1'], [fit]);
    m.set('n2', taint);
    expect([...m.statuses.keys()]).toEqual(['n1', 'n2']);
    m.statuses.delete('n1');
    expect(m.size).toBe(1);
  });
});
