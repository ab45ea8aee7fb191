// Which of the cache's NodeInfos changed since a point in time, so that state kept from cycle to
// cycle (PodTopologySpread's domain counts) recounts just those nodes rather than comparing the
// generation of every node: with 5,000 nodes that walk was a tenth of a spreading pod's cycle.
// The cache records every change it makes to a node (a pod added, removed or changed in place,
// a new node object) and registers the node lists of its snapshots here. A list not registered
// (a preemption dry run's copies) has no log: its users compare generations, as before.

import type { NodeInfo } from './nodeInfo';

/** changes kept; a user whose mark is older compares generations once */
const KEEP = 4096;

export class NodeChangeLog {
  private changed: NodeInfo[] = [];
  /** how many changes were dropped from the front of `changed` */
  private dropped = 0;

  /** now, as a mark: since(mark) later gives the nodes changed after this */
  mark(): number {
    return this.dropped + this.changed.length;
  }

  record(info: NodeInfo): void {
    if (this.changed.push(info) > 2 * KEEP) {
      this.changed = this.changed.slice(KEEP);
      this.dropped += KEEP;
    }
  }

  /** the nodes changed after `mark` (a node may appear more than once), or undefined when they are no longer all known */
  since(mark: number): readonly NodeInfo[] | undefined {
    if (mark < this.dropped) return undefined;
    return this.changed.slice(mark - this.dropped);
  }
}

const logs = new WeakMap<readonly NodeInfo[], NodeChangeLog>();

/** `nodes` are NodeInfos whose every change `log` records (the cache's, for its snapshots' list) */
export function registerNodeList(nodes: readonly NodeInfo[], log: NodeChangeLog): void {
  logs.set(nodes, log);
}

/** the log of a registered node list */
export function nodeChangeLog(nodes: readonly NodeInfo[]): NodeChangeLog | undefined {
  return logs.get(nodes);
}
