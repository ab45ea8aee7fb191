// A kubectl dump with a ClusterAutoscaler document beside it (issue 20): the import keeps the node
// groups, the Pending pod's autoscaler verdict names each group and why it cannot host the pod, and
// the verified fix (general's max size raised) makes the autoscaler add a node that takes the pod.
import { describe, expect, it } from 'vitest';
import { importAny } from './index';
import fixture from './fixtures/kubectl-node-groups-pending.yaml?raw';
import { simulate } from '../engine/index';

const POD = 'batch/report-5b8c9d7f4-t6h2p';
const imported = importAny(fixture, { source: 'fixture' });

function run(text: string) {
  const outcome = simulate(text, { fileName: 'cluster.yaml' });
  if (!outcome.ok) throw new Error(outcome.errors.map((e) => `${e.line}:${e.column}: ${e.message}`).join('\n'));
  return outcome.result;
}

describe('kubectl-node-groups-pending.yaml', () => {
  it('imports as a kubectl dump and keeps the ClusterAutoscaler beside it', () => {
    expect(imported.format).toBe('kubectl');
    expect(imported.yaml).toMatch(/^kind: ClusterAutoscaler$/m);
    expect(imported.warnings.join('\n')).not.toMatch(/ClusterAutoscaler/);
  });

  const result = run(imported.yaml);
  it('the pod stays Pending and cluster-autoscaler says, per group, why it adds no node', () => {
    expect(result.pods.find((p) => p.pod === POD)?.node).toBeUndefined();
    const verdict = result.autoscaler?.pods[POD];
    expect(verdict?.kind).toBe('notTriggerScaleUp');
    expect(verdict?.kind === 'notTriggerScaleUp' && verdict.groups).toEqual([
      { group: 'general', reason: 'max node group size reached' },
      { group: 'gpu', reason: "node(s) had untolerated taint(s)" },
      { group: 'graviton', reason: "node(s) didn't match Pod's node affinity/selector" },
    ]);
  });

  // the fix search's own check of this fix (a few seconds here) is e2e/autoscaler.spec.ts's: this is its outcome
  it('with general\'s max size raised to 3, the autoscaler adds general-1 and the pod lands there', () => {
    const raised = imported.yaml.replace(/(cluster-autoscaler\.kwok\.nodegroup\/max-count: )(['"]?)2\2/, '$1"3"');
    expect(raised).not.toBe(imported.yaml);
    const after = run(raised);
    expect(after.pods.find((p) => p.pod === POD)?.node).toBe('general-1');
    expect(after.events.filter((e) => e.reason === 'TriggeredScaleUp' && e.object === `Pod/${POD}`).map((e) => e.message)).toEqual(['pod triggered scale-up: [{general 2->3 (max: 3)}]']);
  });
});
