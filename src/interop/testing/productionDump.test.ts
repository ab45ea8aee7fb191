// The committed production-like dump is its generator's output, loads without errors, and each
// Pending pod its author marked is Pending in the simulation (or placed, for the stale message).
import { describe, expect, it } from 'vitest';
import { loadExpandedScenario, simulate } from '../../engine/index';
import { rankFixes, searchFixes, type VerifiedFix } from '../../engine/whatIf/verify';
import { applyTextChanges, fixText } from '../fixText';
import { importAny } from '../index';
import fixture from '../fixtures/kubectl-production-pending.yaml?raw';
import { DO_NOT_UNCORDON, pendingCauses, productionDump } from './productionDump';

describe('kubectl-production-pending.yaml', () => {
  const text = productionDump();

  it('is the generator output (npx tsx scripts/write-production-dump.ts)', () => {
    expect(fixture).toBe(text);
  });

  const imported = importAny(text, { source: 'fixture' });
  const outcome = simulate(imported.yaml, { fileName: 'imported.yaml' });
  if (!outcome.ok) throw new Error(outcome.errors.map((e) => `${e.line}:${e.column} ${e.message}`).join('\n'));
  const result = outcome.result;

  it('stores checkout\'s pods as a v1.34+ API server does: matchLabelKeys kept, its key merged into labelSelector', () => {
    const pods = loadExpandedScenario(imported.yaml, 'imported.yaml');
    if (!pods.ok) throw new Error('the fixture does not load');
    const checkout = pods.scenario.pods.filter((p) => p.metadata.namespace === 'web' && p.metadata.name.startsWith('checkout-'));
    expect(checkout.length).toBeGreaterThan(0);
    for (const p of checkout) {
      const [c] = p.spec.topologySpreadConstraints!;
      expect(c!.matchLabelKeys).toEqual(['pod-template-hash']);
      expect(c!.labelSelector?.matchExpressions).toEqual([{ key: 'pod-template-hash', operator: 'In', values: [p.metadata.labels!['pod-template-hash']] }]);
    }
  });

  it('imports 19 nodes in 4 zones, 3 of them cordoned', () => {
    expect(result.nodes).toHaveLength(19);
    expect(new Set(result.nodes.map((n) => n.labels['topology.kubernetes.io/zone'])).size).toBe(4);
  });

  it.each(pendingCauses.map((c) => [c.pod, c] as const))('%s: the dump records it Pending; the simulation agrees unless the message is stale', (prefix, cause) => {
    const pod = result.pods.find((p) => p.pod.startsWith(prefix) && p.recorded?.phase === 'Pending');
    expect(pod).toBeDefined();
    expect(pod!.node === undefined).toBe(cause.fix !== 'placed');
  });

  // the recorded message is the one a v1.35 scheduler writes (DynamicResources' PostFilter clause
  // before preemption's) for the same cycle: a pod with claims "still not schedulable", any other
  // "no new claims to deallocate"; only the stale one (and the one no scheduler serves) differ
  it.each(pendingCauses.filter((c) => c.fix !== 'placed' && c.pod !== 'batch/nightly-etl-').map((c) => [c.pod] as const))('%s: the recorded FailedScheduling message is the simulated one', (prefix) => {
    const pod = result.pods.find((p) => p.pod.startsWith(prefix) && p.recorded?.phase === 'Pending')!;
    expect(pod.recorded?.scheduled?.message).toContain(pod.resourceClaims?.length ? '. still not schedulable, preemption: ' : '. no new claims to deallocate, preemption: ');
    expect(pod.recorded?.scheduled?.message).toBe(pod.message);
  });
});

describe('kubectl-production-pending.yaml: the fix its author marks is ranked first, none of the first five is one a reviewer would reject, and applied it schedules the pod', () => {
  const imported = importAny(productionDump(), { source: 'fixture' });
  const loaded = loadExpandedScenario(imported.yaml, 'imported.yaml');
  if (!loaded.ok) throw new Error('the fixture does not load');
  const baseline = simulate(imported.yaml, { fileName: 'imported.yaml' });
  if (!baseline.ok) throw new Error('the fixture does not simulate');
  const result = baseline.result;
  const incidentNodes = new Set(loaded.scenario.nodes.filter((n) => n.metadata.annotations?.[DO_NOT_UNCORDON] !== undefined).map((n) => n.metadata.name));

  it('the incident zone\'s three nodes carry the do-not-uncordon annotation', () => {
    expect(incidentNodes.size).toBe(3);
  });

  it.each(pendingCauses.filter((c) => c.fix !== 'placed').map((c) => [c.pod, c] as const))('%s', (prefix, cause) => {
    const pod = result.pods.find((p) => p.pod.startsWith(prefix) && p.recorded?.phase === 'Pending')!;
    const search = searchFixes(loaded.scenario, result, pod.pod);
    const fixes: VerifiedFix[] = [];
    for (let f = search.next(); f !== undefined; f = search.next()) if (f) fixes.push(f);
    const ranked = rankFixes(fixes);
    const top = ranked[0];
    // what a reviewer would reject, in the five fixes the Pod tab shows first
    const spec = loaded.scenario.pods.find((p) => `${p.metadata.namespace}/${p.metadata.name}` === pod.pod)!.spec;
    ranked.slice(0, 5).forEach((f, rank) => {
      for (const e of f.candidate.edits) {
        // an incident's cordon: never first, and only with the annotation quoted
        if (e.kind === 'uncordon' && incidentNodes.has(e.node)) {
          expect(rank, `${pod.pod}: uncordon ${e.node} ranked first`).toBeGreaterThan(0);
          expect(f.warnings.join(' ')).toContain('INC-123');
        }
        // into the dedicated GPU pool only for a pod whose home it is
        if (e.kind === 'toleration') expect(e.toleration.key === 'nvidia.com/gpu' && spec.nodeSelector?.['node-pool'] !== 'gpu', `${pod.pod}: tolerates the GPU taint`).toBe(false);
        // a node moved into another pool
        if (e.kind === 'node-label') expect(e.key, `${pod.pod}: relabels ${e.node}`).not.toBe('node-pool');
      }
    });
    expect(top, `no fix for ${pod.pod}; tried: ${search.failures.map((f) => `${f.candidate.kind}: ${f.reason}`).join('; ')}`).toBeDefined();
    const { kind, ...fields } = cause.fix as { kind: string };
    expect(top!.candidate.kind).toBe(kind);
    const edit = top!.candidate.edits[0] as unknown as Record<string, unknown>;
    for (const [field, value] of Object.entries(fields)) {
      if (field === 'priorityClassName') expect((edit.priorityClass as { metadata: { name: string } }).metadata.name).toBe(value);
      else expect(edit[field]).toBe(value);
    }
    // the change written into the imported YAML schedules the pod
    const written = fixText(imported.yaml, top!.candidate.edits, pod.owner);
    expect(written).toBeDefined();
    const after = simulate(applyTextChanges(imported.yaml, written!.changes), { fileName: 'imported.yaml' });
    if (!after.ok) throw new Error(after.errors.map((e) => `${e.line}:${e.column} ${e.message}`).join('\n'));
    expect(after.result.pods.find((p) => p.pod === pod.pod)?.node).toBeDefined();
  });
});
