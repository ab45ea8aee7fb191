// A dump's stored fields of core, storage and DRA kinds prove their gate on, as a PodGroup's do
// (./storedGates.ts): the API server's strategies drop them without it — Node status.declaredFeatures
// (pkg/registry/core/node/strategy.go, NodeDeclaredFeatures: alpha in 1.35, on from 1.36), a
// ResourceSlice device's bindsToNode / bindingConditions / bindingFailureConditions
// (pkg/registry/resource/resourceslice/strategy.go, DRADeviceBindingConditions with
// DRAResourceClaimDeviceStatus: alpha in 1.35, on from 1.36), a CSIDriver's
// spec.preventPodSchedulingIfMissing (pkg/registry/storage/csidriver/strategy.go, VolumeLimitScaling:
// alpha in 1.35 and 1.36, on from 1.37). A manifest (no dump) still has them dropped.
import { describe, expect, it } from 'vitest';
import { formatScenarioError, loadScenario } from './load';
import type { KubernetesVersion } from '../versions';
import type { ResourceSlice } from './resource';
import type { CSIDriver } from './storage';

const node = 'apiVersion: v1\nkind: Node\nmetadata: {name: n1}\nstatus:\n  allocatable: {cpu: "4"}\n  declaredFeatures: [RestartAllContainersOnContainerExits]';
const slice = 'apiVersion: resource.k8s.io/v1\nkind: ResourceSlice\nmetadata: {name: n1-gpus}\nspec:\n  driver: gpu.example.com\n  nodeName: n1\n  pool: {name: n1, generation: 1, resourceSliceCount: 1}\n  devices:\n  - {name: gpu-0, bindsToNode: true, bindingConditions: [Ready], bindingFailureConditions: [Failed]}';
const csiDriver = 'apiVersion: storage.k8s.io/v1\nkind: CSIDriver\nmetadata: {name: ebs.csi.aws.com}\nspec: {preventPodSchedulingIfMissing: true}';
const gates = (g: string) => `apiVersion: podplay/v1alpha1\nkind: Scenario\nmetadata: {name: s}\nspec: {featureGates: {${g}}}\n---\n`;

function load(text: string, version: KubernetesVersion, dump = true) {
  const r = dump ? loadScenario(text, 'dump.yaml', undefined, { version, detail: 'x' }) : loadScenario(text, 'm.yaml', version);
  if (!r.ok) throw new Error(r.errors.map(formatScenarioError).join('\n'));
  return r.scenario;
}
const turnedOn = (warnings: { line: number; message: string }[]) => warnings.filter((w) => w.message.includes('turned on for this run')).map((w) => [w.line, w.message]);
const dropped = (warnings: { message: string }[]) => warnings.filter((w) => w.message.includes(': dropped: ')).map((w) => w.message.replace(/: dropped: .*$/, ''));
const declared = (s: ReturnType<typeof load>) => s.nodes[0]!.status.declaredFeatures;
const binding = (s: ReturnType<typeof load>) => {
  const d = (s.resources.find((o) => o.kind === 'ResourceSlice') as ResourceSlice).spec.devices![0]!;
  return [d.bindsToNode, d.bindingConditions, d.bindingFailureConditions];
};
const prevent = (s: ReturnType<typeof load>) => (s.storage.find((o) => o.kind === 'CSIDriver') as CSIDriver).spec.preventPodSchedulingIfMissing;

describe("a dump's stored Node, ResourceSlice and CSIDriver fields turn their gate on", () => {
  it('1.35: a node\'s declaredFeatures prove NodeDeclaredFeatures on', () => {
    const s = load(node, '1.35');
    expect(declared(s)).toEqual(['RestartAllContainersOnContainerExits']);
    expect(s.meta.featureGates).toEqual({ NodeDeclaredFeatures: true });
    expect(turnedOn(s.warnings)).toEqual([[6, 'Node n1: status.declaredFeatures: kept, and the feature gate NodeDeclaredFeatures turned on for this run: a dump holds what the API server stored, and it stores this field only with NodeDeclaredFeatures on, so the cluster has it on. Set NodeDeclaredFeatures: false in the Scenario\'s spec.featureGates to drop such fields as on create']]);
  });

  it('1.35: a device\'s binding fields prove DRADeviceBindingConditions on (DRAResourceClaimDeviceStatus is on already), one warning for the three', () => {
    const s = load(slice, '1.35');
    expect(binding(s)).toEqual([true, ['Ready'], ['Failed']]);
    expect(s.meta.featureGates).toEqual({ DRADeviceBindingConditions: true });
    expect(turnedOn(s.warnings)).toEqual([[9, expect.stringMatching(/^ResourceSlice n1-gpus: spec\.devices\[0\]\.bindsToNode: kept, and the feature gate DRADeviceBindingConditions turned on for this run: .* only with DRADeviceBindingConditions and DRAResourceClaimDeviceStatus on, so the cluster has them on \(and 2 more stored fields behind it\)\./)]]);
  });

  it.each(['1.35', '1.36'] as const)('%s: a CSIDriver\'s preventPodSchedulingIfMissing proves VolumeLimitScaling on', (version) => {
    const s = load(csiDriver, version);
    expect(prevent(s)).toBe(true);
    expect(s.meta.featureGates).toEqual({ VolumeLimitScaling: true });
    expect(turnedOn(s.warnings)).toEqual([[4, expect.stringMatching(/^CSIDriver ebs\.csi\.aws\.com: spec\.preventPodSchedulingIfMissing: kept, and the feature gate VolumeLimitScaling turned on for this run/)]]);
  });

  it('where the version has the gate on by default nothing is inferred', () => {
    const s = load([node, slice, csiDriver].join('\n---\n'), '1.37');
    expect(s.meta.featureGates).toBeUndefined();
    expect(turnedOn(s.warnings)).toEqual([]);
    expect([declared(s), binding(s), prevent(s)]).toEqual([['RestartAllContainersOnContainerExits'], [true, ['Ready'], ['Failed']], true]);
  });

  it('a gate the Scenario sets wins: the fields are dropped as on create', () => {
    const s = load(gates('NodeDeclaredFeatures: false, DRADeviceBindingConditions: false, VolumeLimitScaling: false') + [node, slice, csiDriver].join('\n---\n'), '1.35');
    expect(turnedOn(s.warnings)).toEqual([]);
    expect([declared(s), binding(s), prevent(s)]).toEqual([undefined, [undefined, undefined, undefined], undefined]);
    expect(dropped(s.warnings)).toEqual(['Node n1: status.declaredFeatures', 'ResourceSlice n1-gpus: spec.devices[0].bindsToNode', 'ResourceSlice n1-gpus: spec.devices[0].bindingConditions', 'ResourceSlice n1-gpus: spec.devices[0].bindingFailureConditions', 'CSIDriver ebs.csi.aws.com: spec.preventPodSchedulingIfMissing']);
  });

  it('binding fields with DRAResourceClaimDeviceStatus set off prove nothing: the API server would not have stored them', () => {
    const s = load(gates('DRAResourceClaimDeviceStatus: false') + slice, '1.36');
    expect(s.meta.featureGates).toEqual({ DRAResourceClaimDeviceStatus: false });
    expect(binding(s)).toEqual([undefined, undefined, undefined]);
  });

  it('a manifest (not a dump) has them dropped at 1.35, as on create', () => {
    const s = load([node, slice, csiDriver].join('\n---\n'), '1.35', false);
    expect(s.meta.featureGates).toBeUndefined();
    expect([declared(s), binding(s), prevent(s)]).toEqual([undefined, [undefined, undefined, undefined], undefined]);
    expect(dropped(s.warnings)).toHaveLength(5);
  });
});
