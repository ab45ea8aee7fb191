// The committed production-like dump is its generator's output, loads without errors, and each
// Pending pod its author marked is Pending in the simulation (or placed, for the stale message).
import { describe, expect, it } from 'vitest';
import { simulate } from '../../engine/index';
import { importAny } from '../index';
import fixture from '../fixtures/kubectl-production-pending.yaml?raw';
import { pendingCauses, productionDump } from './productionDump';

describe('kubectl-production-pending.yaml', () => {
  const text = productionDump();

  it('is the generator output (npx tsx scripts/write-production-dump.ts)', () => {
    expect(fixture).toBe(text);
  });

  const imported = importAny(text, { source: 'fixture' });
  const outcome = simulate(imported.yaml, { fileName: 'imported.yaml' });
  if (!outcome.ok) throw new Error(outcome.errors.map((e) => `${e.line}:${e.column} ${e.message}`).join('\n'));
  const result = outcome.result;

  it('imports 19 nodes in 4 zones, 3 of them cordoned', () => {
    expect(result.nodes).toHaveLength(19);
    expect(new Set(result.nodes.map((n) => n.labels['topology.kubernetes.io/zone'])).size).toBe(4);
  });

  it.each(pendingCauses.map((c) => [c.pod, c] as const))('%s: the dump records it Pending; the simulation agrees unless the message is stale', (prefix, cause) => {
    const pod = result.pods.find((p) => p.pod.startsWith(prefix) && p.recorded?.phase === 'Pending');
    expect(pod).toBeDefined();
    expect(pod!.node === undefined).toBe(cause.fix !== 'placed');
  });
});
