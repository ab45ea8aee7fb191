// The third production-like dump (karpenterDump.ts): Karpenter NodePools read as node groups, a
// hostPort DaemonSet, a PDB a priority fix would violate, a namespace ResourceQuota and an
// arm64-only image. It loads as the API server stored it, each Pending pod is Pending, and the fix
// search ranks first the fix its author marks, the same on the page (the import) and the CLI (the
// raw dump), with no fix a reviewer refuses among the first five.
import { describe, expect, it } from 'vitest';
import { fileDumpVersion } from '../../cli/dumpVersion';
import { rankFixes } from '../../engine/whatIf/rank';
import { fixTitle } from '../fixText';
import { fixSearchBaseline, runFixSearch, type FixSearchReply, type FixSearchRequest } from '../fixSearch';
import { importAny } from '../index';
import { searchedOnce } from './fixSearchReplies';
import fixture from '../fixtures/kubectl-karpenter-pending.yaml?raw';
import { fleetMessages } from './fleetMessages';
import { karpenterCauses, karpenterDump } from './karpenterDump';

const imported = importAny(fixture, { source: 'fixture' });
const request: Omit<FixSearchRequest, 'pod'> = { id: 1, text: imported.yaml, fileName: 'imported.yaml' };
const prepared = fixSearchBaseline({ ...request, pod: '' });
if (!prepared) throw new Error('the imported Karpenter dump has errors');
const result = prepared.baseline;
const podOf = (prefix: string) => result.pods.find((p) => p.pod.startsWith(prefix) && p.recorded?.phase === 'Pending');
const targetOf = (prefix: string, state: string) => {
  const [namespace, , name] = prefix.split('/');
  return state === 'not-created' ? `${namespace}/${name}` : podOf(prefix)!.pod;
};

describe('kubectl-karpenter-pending.yaml', () => {
  it('is the generator output with the messages a scheduler records for it (npx tsx scripts/write-karpenter-dump.ts)', () => {
    expect(fixture).toBe(karpenterDump(fleetMessages(karpenterDump())));
  }, 120_000);

  it('imports 14 nodes in 3 zones, reads the NodePools as node groups from the ClusterAutoscaler document and says it does not simulate the NodePool objects', () => {
    expect(imported.format).toBe('kubectl');
    expect(result.nodes).toHaveLength(14);
    expect(new Set(result.nodes.map((n) => n.labels['topology.kubernetes.io/zone'])).size).toBe(3);
    expect(imported.yaml).toMatch(/nodeGroupLabelKey: karpenter\.sh\/nodepool/);
    expect(imported.warnings).toContain('4 NodePool object(s) dropped: not simulated');
  });

  it.each(karpenterCauses.map((c) => [c.pod, c] as const))('%s: %s', (prefix, cause) => {
    if (cause.state === 'not-created') {
      const [namespace, , name] = prefix.split('/');
      expect(result.events.some((e) => e.reason === 'FailedCreate' && e.object.startsWith(`ReplicaSet/${namespace}/${name}-`))).toBe(true);
      return;
    }
    const pod = podOf(prefix);
    expect(pod?.recorded?.phase).toBe('Pending');
    expect(pod!.node).toBeUndefined();
  });
});

/** each target's search replies, once: a search simulates the dump once per change */
const replies = searchedOnce(request, prepared);
const ranked = (found: readonly FixSearchReply[]) => rankFixes(found.flatMap((r) => (r.type === 'fix' ? [r.fix] : [])));
const titles = (found: readonly FixSearchReply[]) => ranked(found).map((f) => fixTitle(f.candidate.edits, (n) => n, f.candidate.template));

describe('kubectl-karpenter-pending.yaml: the fix its author marks is first, on the page and the CLI alike', () => {
  it.each(karpenterCauses.map((c) => [c.pod, c] as const))('%s', (prefix, cause) => {
    const target = targetOf(prefix, cause.state);
    const page = replies(target);
    const fixes = ranked(page);
    const cli: FixSearchReply[] = [];
    runFixSearch({ id: 2, text: fixture, fileName: 'kubectl-karpenter-pending.yaml', pod: target, inferredKubernetesVersion: fileDumpVersion(fixture) }, (r) => cli.push(r));
    expect(titles(cli)).toEqual(titles(page));
    // none of the first five is one a reviewer refuses: no node relabelled or uncordoned, no platform given up
    for (const f of fixes.slice(0, 5)) {
      for (const e of f.candidate.edits) {
        expect(['node-label', 'uncordon', 'affinity-value']).not.toContain(e.kind);
        if (e.kind === 'toleration') expect(e.toleration.key).not.toBe('CriticalAddonsOnly');
      }
    }
    const top = fixes[0];
    if (!cause.fix) {
      expect(top).toBeUndefined();
      return;
    }
    expect(top, `no fix for ${target}`).toBeDefined();
    const { kind, ...fields } = cause.fix;
    expect(top!.candidate.kind).toBe(kind);
    const edit = top!.candidate.edits[0] as unknown as Record<string, unknown>;
    for (const [field, value] of Object.entries(fields)) expect(edit[field]).toBe(value);
  }, 300_000);
});

describe('kubectl-karpenter-pending.yaml: what a reviewer refuses is refused, and what cannot help is said', () => {
  it('ml/embedder: dropping its arm64 requirement is refused unsimulated (the image is built for arm64), though the batch pool has amd64 room', () => {
    const started = replies(podOf('ml/embedder-')!.pod).find((r) => r.type === 'started');
    if (started?.type !== 'started') throw new Error('no search started');
    // (and the system pool's CriticalAddonsOnly toleration: a pool it does not select)
    expect(started.refused.map((r) => r.candidate.kind).sort()).toEqual(['selector', 'toleration']);
    expect(started.refused.filter((r) => r.candidate.kind === 'selector').map((r) => [r.candidate.kind, r.reason])).toEqual([['selector', expect.stringMatching(/^the pod asks for kubernetes\.io\/arch arm64: its images are built for that platform, and elsewhere its containers do not start \(exec format error\)/)]]);
    for (const f of ranked(replies(podOf('ml/embedder-')!.pod))) {
      expect(f.candidate.edits.some((e) => (e.kind === 'selector' || e.kind === 'affinity-value'))).toBe(false);
    }
  });

  it('shop/checkout-api: the priority fix names the Redis PDB it would violate and ranks below the NodePool limit', () => {
    const fixes = ranked(replies(podOf('shop/checkout-api-')!.pod));
    const priority = fixes.findIndex((f) => f.candidate.kind === 'priority');
    expect(priority).toBeGreaterThan(0);
    expect(fixes[priority]!.warnings.join(' ')).toMatch(/preempts pods that the PodDisruptionBudget shop\/redis protects: upstream preemption avoids violating a PDB but does so when nothing else fits/);
    expect(fixes[0]!.warnings.join(' ')).toMatch(/node group general may then grow to 7 nodes: more machines on the bill \(with Karpenter: raise NodePool general's spec\.limits by one node's worth\)/);
  });

  it('observability/otel-agent: a node more does not help (node-exporter\'s DaemonSet takes port 9100 there too), and the search says so', () => {
    const found = replies(podOf('observability/otel-agent-')!.pod);
    const failed = found.flatMap((r) => (r.type === 'failed' ? [r.failed] : []));
    expect(failed.map((f) => f.candidate.kind)).toEqual(['add-node']);
    expect(failed[0]!.reason).toMatch(/^the pod stays Pending: 0\/15 nodes are available: 1 node\(s\) didn't have free ports for the requested pod ports/);
  });
});
