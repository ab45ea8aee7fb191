import { describe, expect, it } from 'vitest';
import { makeNode } from '../testing/builders';
import { NodeChangeLog } from './nodeChanges';
import { NodeInfo } from './nodeInfo';

describe('NodeChangeLog', () => {
  const a = new NodeInfo(makeNode().name('a').obj());
  const b = new NodeInfo(makeNode().name('b').obj());

  it('gives the nodes changed after a mark, in order, repeats included', () => {
    const log = new NodeChangeLog();
    log.record(a);
    const mark = log.mark();
    log.record(b);
    log.record(a);
    expect(log.since(mark)).toEqual([b, a]);
    expect(log.since(log.mark())).toEqual([]);
  });

  it('says it no longer knows once the changes after a mark were dropped', () => {
    const log = new NodeChangeLog();
    const old = log.mark();
    for (let i = 0; i < 10_000; i++) log.record(i % 2 ? a : b);
    const recent = log.mark();
    log.record(a);
    expect(log.since(old)).toBeUndefined();
    expect(log.since(recent)).toEqual([a]);
  });
});
