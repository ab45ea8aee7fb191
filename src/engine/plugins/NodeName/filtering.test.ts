// Cases from upstream nodename/node_name_test.go (TestNodeName).
import { describe, expect, it } from 'vitest';
import { makeNode, makePod } from '../../testing/builders';
import { newTestEnv, runPreFilterAndFilter } from '../../testing/framework';
import { ErrReason } from './filtering';
import { NodeName } from './index';

const cases = [
  { name: 'no host specified', podNodeName: undefined, nodeName: 'foo', code: 'Success' },
  { name: 'host matches', podNodeName: 'foo', nodeName: 'foo', code: 'Success' },
  { name: "host doesn't match", podNodeName: 'bar', nodeName: 'foo', code: 'UnschedulableAndUnresolvable' },
];

describe('NodeName Filter', () => {
  it.each(cases)('$name', ({ podNodeName, nodeName, code }) => {
    const node = makeNode().name(nodeName).obj();
    const pod = makePod().name('p');
    if (podNodeName) pod.node(podNodeName);
    const env = newTestEnv({ nodes: [node] });
    const { filter } = runPreFilterAndFilter(NodeName.factory(undefined, env.handle), env, pod.obj());
    const status = filter.get(nodeName)!;
    expect(status.code).toBe(code);
    if (code !== 'Success') {
      expect(status.reasons).toEqual([ErrReason]);
      expect(status.details).toEqual({ requestedNodeName: podNodeName });
    }
  });
});
