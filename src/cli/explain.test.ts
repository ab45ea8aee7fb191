// What --explain prints is what the diagnosis returns: the decisive detail and a stale message,
// on the production-like dump.
import { describe, expect, it } from 'vitest';
import { simulate } from '../engine/index';
import { importAny } from '../interop/index';
import { joinedNode, productionDump } from '../interop/testing/productionDump';
import { formatExplanation } from './explain';

const outcome = simulate(importAny(productionDump(), { source: 'fixture' }).yaml, { fileName: 'imported.yaml' });
if (!outcome.ok) throw new Error('the fixture does not simulate');
const result = outcome.result;
const explain = (prefix: string) => formatExplanation(result, result.pods.find((p) => p.pod.startsWith(prefix) && p.recorded?.phase === 'Pending')!);

describe('--explain on a dump', () => {
  it.each([
    ['web/checkout-', 'topology.kubernetes.io/zone=us-east-1d: 0 matching pod(s) — its 3 node(s) are cordoned, but it counts: nodeTaintsPolicy is Ignore'],
    ['geo/geo-api-', 'topology.kubernetes.io/zone: the pod wants us-east-1x — no node has us-east-1x; nodes have'],
    ['ml/trainer', 'claim ml/trainer-gpus: constraint matchAttribute gpu.example.com/pcieRoot over gpus'],
    ['edge/ingress-gw-', 'port 443/TCP held by edge/ingress-gw-'],
    ['web/search-', `The cluster's message is stale: it counts ${result.nodes.length - 1} nodes, the dump has ${result.nodes.length} — 1 joined after it: ${joinedNode.node} 2 min before the dump.`],
  ])('%s: %s', (prefix, line) => {
    expect(explain(prefix)).toContain(line);
  });
});
