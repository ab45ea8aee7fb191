// VolumeLimitScaling end to end, per version (KEP-5030: alpha and off in v1.35 and v1.36, PR
// #135012; beta and on in v1.37, PR #140612): the CSIDriver field dropped without the gate, the
// FailedScheduling message, and the CSINode Add that lets the pod in.
import { describe, expect, it } from 'vitest';
import { simulate } from './index';
import { volumeLimitScalingUpgrade } from './testing/versionScenarios';
import type { KubernetesVersion } from './versions';

function run(text: string) {
  const out = simulate(text, { fileName: 'vls.yaml' });
  if (!out.ok) throw new Error(out.errors.map((e) => `${e.line}:${e.column}: ${e.message}`).join('\n'));
  return out.result;
}

const fieldLine = volumeLimitScalingUpgrade('1.35').split('\n').findIndex((l) => l.includes('preventPodSchedulingIfMissing')) + 1;
const dropped = 'CSIDriver ebs.csi.aws.com: spec.preventPodSchedulingIfMissing: dropped: the API server keeps preventPodSchedulingIfMissing only with the VolumeLimitScaling feature gate (on from v1.37; Scenario spec.featureGates)';

describe('VolumeLimitScaling per version', () => {
  it.each([
    { version: '1.35', node: 'n-new', warned: true },
    { version: '1.36', node: 'n-new', warned: true },
    { version: '1.37', node: 'n-old', warned: false },
  ] as { version: KubernetesVersion; node: string; warned: boolean }[])('v$version: db runs on $node', ({ version, node, warned }) => {
    const r = run(volumeLimitScalingUpgrade(version));
    expect(r.pods.find((p) => p.pod === 'default/db')?.node).toBe(node);
    expect(r.warnings.some((w) => w.line === fieldLine && w.message === dropped)).toBe(warned);
  });

  it('v1.37: with n-old full, db is Pending with upstream\'s reason, and a CSINode for n-new lets it in', () => {
    const text = volumeLimitScalingUpgrade('1.37')
      .replace('requests: {cpu: "2", memory: 2Gi}', 'requests: {cpu: "4", memory: 2Gi}')
      .replace('  seed: 1', `  seed: 1
  timeline:
  - at: 30
    action: apply
    object:
      apiVersion: storage.k8s.io/v1
      kind: CSINode
      metadata: {name: n-new}
      spec:
        drivers: [{name: ebs.csi.aws.com, nodeID: i-new}]`);
    const r = run(text);
    const db = r.cycles.filter((c) => c.pod === 'default/db');
    // the Filter part of the FailedScheduling message (reasons sorted, as upstream's FitError)
    expect(db[0]?.message?.split('. ')[0]).toBe('0/2 nodes are available: 1 Insufficient cpu, 1 ebs.csi.aws.com CSI driver is not installed on the node');
    expect(db.at(-1)).toMatchObject({ time: 30, selected: 'n-new' });
  });
});
