// DRAWorkloadResourceClaims (v1.36 alpha, v1.37 beta, off by default in both): a PodGroup's
// spec.resourceClaims, named by its pods with podGroupResourceClaim, allocated once for the group
// and reserved for the PodGroup. The example scenario scenarios/dra-podgroup-shared-claim.yaml.
// upstream: staging/src/k8s.io/dynamic-resource-allocation/resourceclaim/resourceclaim.go (Name,
// BindTo, IsReservedForPod), pkg/scheduler/framework/plugins/dynamicresources, KEP-5729.
import { describe, expect, it } from 'vitest';
import type { SimulationResult } from './api';
import { simulate } from './index';
import type { KubernetesVersion } from './versions';
import example from '../../scenarios/dra-podgroup-shared-claim.yaml?raw';
import templateExample from '../../scenarios/dra-podgroup-claim-template.yaml?raw';
import { schedulingApiFor } from './testing/schedulingApi';

function run(yaml: string, kubernetesVersion?: KubernetesVersion): SimulationResult {
  const outcome = simulate(yaml, { fileName: 'test.yaml', ...(kubernetesVersion ? { kubernetesVersion } : {}) });
  if (!outcome.ok) throw new Error(outcome.errors.map((e) => `${e.line}:${e.column}: ${e.message}`).join('\n'));
  return outcome.result;
}
const errors = (yaml: string, kubernetesVersion?: KubernetesVersion) => {
  const outcome = simulate(yaml, { fileName: 'test.yaml', ...(kubernetesVersion ? { kubernetesVersion } : {}) });
  return outcome.ok ? [] : outcome.errors.map((e) => `${e.line}:${e.column}: ${e.message}`);
};
type Claim = { metadata: { name: string }; status: { allocation?: { devices: { results: { device: string; pool: string }[] } }; reservedFor?: { apiGroup?: string; resource: string; name: string }[] } };
const claim = (r: SimulationResult, name: string) => ((r.objects?.resourceClaims ?? []) as unknown as Claim[]).find((c) => c.metadata.name === name)!;
const nodeOf = (r: SimulationResult, name: string) => r.pods.find((p) => p.pod === `default/${name}`)!.node;

describe('scenarios/dra-podgroup-shared-claim.yaml: one claim for the whole PodGroup', () => {
  it.each(['1.36', '1.37'] as const)('at %s: allocated once, both workers on its node, reserved for the PodGroup', (version) => {
    const r = run(schedulingApiFor(example, version), version);
    expect([nodeOf(r, 'worker-0'), nodeOf(r, 'worker-1')]).toEqual(['gpu-node-1', 'gpu-node-1']);
    const c = claim(r, 'shared-gpu');
    expect(c.status.allocation!.devices.results.map((d) => `${d.pool}/${d.device}`)).toEqual(['gpu-node-1/gpu-0']);
    expect(c.status.reservedFor).toEqual([{ apiGroup: 'scheduling.k8s.io', resource: 'podgroups', name: 'training', uid: expect.any(String) }]);
    // worker-1, in the same group cycle, finds the claim allocated (assumed for its group) on gpu-node-1 only
    const second = r.cycles.find((cy) => cy.pod === 'default/worker-1')!;
    expect(second.podGroup?.firstCycle).toBe(r.cycles.find((cy) => cy.pod === 'default/worker-0')!.podGroup?.firstCycle);
    expect(second.filter['gpu-node-2']!.find((p) => p.plugin === 'DynamicResources')).toMatchObject({ code: 'UnschedulableAndUnresolvable', reasons: ['resourceclaim not available on the node'] });
    // the view's per-pod claims name the PodGroup's claim and its device
    expect(r.pods.find((p) => p.pod === 'default/worker-1')!.resourceClaims).toEqual([{ name: 'gpu', claimName: 'shared-gpu', podGroupClaim: 'gpu', devices: [{ request: 'gpu', id: 'gpu.example.com/gpu-node-1/gpu-0' }] }]);
  });
});

describe('DRAWorkloadResourceClaims validation and gating', () => {
  const off = example.replace('DRAWorkloadResourceClaims: true', 'DRAWorkloadResourceClaims: false');
  const rows: { name: string; yaml: string; version?: KubernetesVersion; want: string[] }[] = [
    {
      name: 'gate off at 1.36 (its default): PodGroup spec.resourceClaims and podGroupResourceClaim are unknown fields',
      yaml: off, version: '1.36',
      want: [
        '76:3: PodGroup default/training: strict decoding error: unknown field "spec.resourceClaims" (needs the feature gate DRAWorkloadResourceClaims in the Scenario\'s spec.featureGates)',
        '84:32: Pod default/worker-0: strict decoding error: unknown field "spec.resourceClaims[0].podGroupResourceClaim" (needs the feature gate DRAWorkloadResourceClaims in the Scenario\'s spec.featureGates)',
        '92:32: Pod default/worker-1: strict decoding error: unknown field "spec.resourceClaims[0].podGroupResourceClaim" (needs the feature gate DRAWorkloadResourceClaims in the Scenario\'s spec.featureGates)',
      ],
    },
    {
      name: 'a PodGroup claim with both sources',
      yaml: example.replace('{name: gpu, resourceClaimName: shared-gpu}', '{name: gpu, resourceClaimName: shared-gpu, resourceClaimTemplateName: t}'),
      want: ['77:7: PodGroup default/training: spec.resourceClaims[0]: Invalid value: {"name":"gpu","resourceClaimName":"shared-gpu","resourceClaimTemplateName":"t"}: at most one of `resourceClaimName` or `resourceClaimTemplateName` may be specified'],
    },
    {
      name: 'a pod claim with podGroupResourceClaim and resourceClaimName',
      yaml: example.replace('resourceClaims: [{name: gpu, podGroupResourceClaim: gpu}]', 'resourceClaims: [{name: gpu, podGroupResourceClaim: gpu, resourceClaimName: x}]'),
      want: ['84:20: Pod default/worker-0: spec.resourceClaims[0]: Invalid value: {"name":"gpu","podGroupResourceClaim":"gpu","resourceClaimName":"x"}: at most one of `resourceClaimName`, `resourceClaimTemplateName`, `podGroupResourceClaim` may be specified'],
    },
  ];
  it.each(rows)('$name', ({ yaml, version, want }) => {
    expect(errors(yaml, version)).toEqual(want);
  });
});

describe('resolving a pod\'s podGroupResourceClaim (upstream resourceclaim.Name)', () => {
  it('a claim the PodGroup does not list keeps the pod at PreEnqueue with upstream\'s message', () => {
    const r = run(example.replace(/podGroupResourceClaim: gpu\}/g, 'podGroupResourceClaim: tpu}'));
    expect(r.pods.map((p) => p.phase)).toEqual(['Pending', 'Pending']);
    expect(r.cycles).toEqual([]);
    expect(JSON.stringify(r)).toContain('PodGroup default/training does not have claim tpu requested by Pod worker-0');
  });
  it('the same claim named directly by each pod (resourceClaimName) is not the group\'s: worker-1 finds it being allocated by worker-0 and the gang fails', () => {
    const r = run(example.replace(/podGroupResourceClaim: gpu\}/g, 'resourceClaimName: shared-gpu}'));
    expect(r.pods.map((p) => p.phase)).toEqual(['Pending', 'Pending']);
    const second = r.cycles.find((cy) => cy.pod === 'default/worker-1')!;
    expect(JSON.stringify(second)).toContain('resource claim default/shared-gpu is in the process of being allocated');
  });
});

describe('scenarios/dra-podgroup-claim-template.yaml: the PodGroup\'s claim made from a template', () => {
  type Owned = Claim & { metadata: { ownerReferences?: { kind: string; name: string; controller?: boolean }[] } };
  const generatedClaims = (r: SimulationResult) => ((r.objects?.resourceClaims ?? []) as unknown as Owned[]);
  it.each(['1.36', '1.37'] as const)('at %s: one claim controlled by the PodGroup, in its status and in each worker\'s, allocated once', (version) => {
    const r = run(schedulingApiFor(templateExample, version), version);
    const claims = generatedClaims(r);
    expect(claims.map((c) => c.metadata.name)).toEqual([expect.stringMatching(/^training-gpu-[a-z0-9]{5}$/)]);
    const [c] = claims;
    expect(c!.metadata.ownerReferences).toEqual([expect.objectContaining({ kind: 'PodGroup', name: 'training', controller: true })]);
    expect(c!.status.reservedFor).toEqual([{ apiGroup: 'scheduling.k8s.io', resource: 'podgroups', name: 'training', uid: expect.any(String) }]);
    expect([nodeOf(r, 'worker-0'), nodeOf(r, 'worker-1')]).toEqual(['gpu-node-1', 'gpu-node-1']);
    expect(r.cycles.map((cy) => cy.podGroup?.resourceClaimStatuses)).toEqual([[{ name: 'gpu', resourceClaimName: c!.metadata.name }], [{ name: 'gpu', resourceClaimName: c!.metadata.name }]]);
    for (const w of ['worker-0', 'worker-1']) {
      expect(r.pods.find((p) => p.pod === `default/${w}`)!.resourceClaims).toEqual([
        { name: 'gpu', claimName: c!.metadata.name, template: 'gpu-template', podGroupClaim: 'gpu', devices: [{ request: 'gpu', id: 'gpu.example.com/gpu-node-1/gpu-0' }] },
      ]);
    }
  });
  it('without the template the workers wait ("PodGroup default/training: ResourceClaim not created yet") and the PodGroup gets FailedResourceClaimCreation', () => {
    const r = run(templateExample.replace('metadata: {name: gpu-template}', 'metadata: {name: other-template}'));
    expect(r.pods.map((p) => p.phase)).toEqual(['Pending', 'Pending']);
    expect(generatedClaims(r)).toEqual([]);
    expect(JSON.stringify(r)).toContain('PodGroup default/training: ResourceClaim not created yet');
    expect(r.events.find((e) => e.reason === 'FailedResourceClaimCreation')).toMatchObject({ object: 'PodGroup/default/training' });
  });
  it('with DRAWorkloadResourceClaims off the API server refuses the fields (as for the shared claim)', () => {
    expect(errors(templateExample.replace('DRAWorkloadResourceClaims: true', 'DRAWorkloadResourceClaims: false'))[0]).toContain('unknown field "spec.resourceClaims" (needs the feature gate DRAWorkloadResourceClaims');
  });
});
