// The version axis: spec.kubernetesVersion, the simulate option, the result's kubernetesVersion,
// and the feature-gate defaults and default plugins each version has.
import { describe, expect, it } from 'vitest';
import { simulate } from './index';
import { resolveSchedulerConfig } from './framework/config';
import { getDefaultPlugins } from './framework/config/defaults';
import { loadScenario } from './model/load';
import { newInTreeRegistry } from './plugins/registry';
import { balancedAllocationUpgrade, draNameOrderUpgrade } from './testing/versionScenarios';
import {
  DEFAULT_KUBERNETES_VERSION, KUBERNETES_VERSIONS, VERSION_CHANGES, featureGateDefaults, isKubernetesVersion, versionFeatureGates, versionSwitches,
  type KubernetesVersion,
} from './versions';

const scenario = (specLines: string) => `apiVersion: podplay/v1alpha1
kind: Scenario
metadata: {name: v}
spec:
${specLines}
---
apiVersion: v1
kind: Node
metadata: {name: n1}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
---
apiVersion: v1
kind: Pod
metadata: {name: p}
spec:
  containers: [{name: c, image: x, resources: {requests: {cpu: 100m}}}]
`;

function run(text: string, options: Parameters<typeof simulate>[1] = {}) {
  const out = simulate(text, { fileName: 's.yaml', ...options });
  if (!out.ok) throw new Error(out.errors.map((e) => `${e.line}:${e.column}: ${e.message}`).join('\n'));
  return out.result;
}

describe('spec.kubernetesVersion', () => {
  const rows: { name: string; spec: string; option?: KubernetesVersion; want: { version: KubernetesVersion; source: string } }[] = [
    { name: 'absent: the newest, by default', spec: '  seed: 1', want: { version: '1.37', source: 'default' } },
    { name: 'quoted "1.35"', spec: '  kubernetesVersion: "1.35"', want: { version: '1.35', source: 'scenario' } },
    { name: 'unquoted 1.36 (a YAML number) reads as its text', spec: '  kubernetesVersion: 1.36', want: { version: '1.36', source: 'scenario' } },
    { name: 'the option overrides the scenario', spec: '  kubernetesVersion: "1.35"', option: '1.37', want: { version: '1.37', source: 'option' } },
    { name: 'the option without a scenario version', spec: '  seed: 1', option: '1.36', want: { version: '1.36', source: 'option' } },
  ];
  it.each(rows)('$name', (row) => {
    const r = run(scenario(row.spec), row.option ? { kubernetesVersion: row.option } : {});
    expect(r.kubernetesVersion).toMatchObject(row.want);
    expect(r.kubernetesVersion.detail).toContain(`v${row.want.version}`);
  });

  // the CLI reading a kubectl dump passes the version the dump shows (src/cli/dumpVersion.ts)
  const dump = { version: '1.35', detail: "inferred from 3 nodes' kubeletVersion v1.35.1 (kubelets may lag the API server)" } as const;
  const fromDump: { name: string; spec: string; option?: KubernetesVersion; want: { version: KubernetesVersion; source: string; detail: string } }[] = [
    { name: 'a dump without spec.kubernetesVersion runs as the version it shows, source dump', spec: '  seed: 1', want: { version: '1.35', source: 'dump', detail: `v1.35, ${dump.detail}` } },
    { name: "the scenario's spec.kubernetesVersion wins over the dump's", spec: '  kubernetesVersion: "1.36"', want: { version: '1.36', source: 'scenario', detail: "v1.36, from the scenario's spec.kubernetesVersion" } },
    { name: "--kubernetes-version overrides the dump's, saying what the dump shows", spec: '  seed: 1', option: '1.37', want: { version: '1.37', source: 'option', detail: 'v1.37, chosen for this run (the dump shows 1.35)' } },
  ];
  it.each(fromDump)('$name', (row) => {
    const r = run(scenario(row.spec), { inferredKubernetesVersion: dump, ...(row.option ? { kubernetesVersion: row.option } : {}) });
    expect(r.kubernetesVersion).toEqual(row.want);
  });

  it("a dump is loaded as its version's API server serves it: spec.schedulingGroup refused in a dump that shows 1.35", () => {
    const text = scenario('  seed: 1').replace('spec:\n  containers', 'spec:\n  schedulingGroup: {podGroupName: pg}\n  containers');
    const out = simulate(text, { fileName: 's.yaml', inferredKubernetesVersion: dump });
    expect(out.ok ? [] : out.errors.map((e) => [e.line, e.message.includes('unknown field "spec.schedulingGroup"')])).toEqual([[16, true]]);
    expect(simulate(text, { fileName: 's.yaml', inferredKubernetesVersion: { ...dump, version: '1.36' } }).ok).toBe(true);
  });

  it('reads past a `kubectl version -o yaml` document in the file (its reader takes the version from it)', () => {
    const out = simulate(`clientVersion: {gitVersion: v1.37.0}\nserverVersion: {gitVersion: v1.36.3}\n---\n${scenario('  seed: 1')}`, { fileName: 's.yaml' });
    expect(out.ok && out.result.pods.map((p) => p.node)).toEqual(['n1']);
  });

  const bad = [
    { name: 'a version outside the supported ones', value: '"1.34"' },
    { name: 'a patch version', value: '"1.36.2"' },
    { name: 'a v prefix', value: '"v1.36"' },
    { name: 'a map', value: '{minor: 36}' },
  ];
  it.each(bad)('refuses $name at its line, listing the supported versions', ({ value }) => {
    const out = simulate(scenario(`  seed: 1\n  kubernetesVersion: ${value}`), { fileName: 's.yaml' });
    expect(out.ok).toBe(false);
    if (out.ok) return;
    expect(out.errors).toHaveLength(1);
    expect(out.errors[0]).toMatchObject({ file: 's.yaml', line: 6, column: 22 });
    expect(out.errors[0]!.message).toContain('spec.kubernetesVersion');
    expect(out.errors[0]!.message).toContain('"1.35", "1.36", "1.37"');
  });
});

describe('versions', () => {
  it('lists the supported versions oldest first, defaulting to the newest', () => {
    expect(KUBERNETES_VERSIONS).toEqual(['1.35', '1.36', '1.37']);
    expect(DEFAULT_KUBERNETES_VERSION).toBe('1.37');
    expect(['1.35', '1.37', '1.34', 1.36, undefined].map(isKubernetesVersion)).toEqual([true, true, false, false, false]);
  });

  it('every change names a supported version, a PR field and the upstream file', () => {
    for (const c of VERSION_CHANGES) {
      expect(KUBERNETES_VERSIONS).toContain(c.since);
      expect(c.upstreamFile).not.toBe('');
      expect(Number.isInteger(c.pr)).toBe(true);
    }
    expect(new Set(VERSION_CHANGES.map((c) => c.id)).size).toBe(VERSION_CHANGES.length);
  });

  // upstream: the scheduler's versioned feature-gate specs (defaultVersionedKubernetesFeatureGates), read at a 1.37-era commit
  const gateRows: { gate: keyof ReturnType<typeof featureGateDefaults>; v135: boolean; v136: boolean; v137: boolean }[] = [
    { gate: 'DRAPartitionableDevices', v135: false, v136: true, v137: true },
    { gate: 'DRADeviceTaints', v135: false, v136: true, v137: true },
    { gate: 'DRAConsumableCapacity', v135: false, v136: true, v137: true },
    { gate: 'DRAExtendedResource', v135: false, v136: true, v137: true },
    { gate: 'DRADeviceBindingConditions', v135: false, v136: true, v137: true },
    { gate: 'DRAPrioritizedList', v135: true, v136: true, v137: true },
    { gate: 'DRAAdminAccess', v135: true, v136: true, v137: true },
    { gate: 'NodeDeclaredFeatures', v135: false, v136: true, v137: true },
    { gate: 'RestartAllContainersOnContainerExits', v135: false, v136: true, v137: true },
    { gate: 'DRADeviceTaintRules', v135: false, v136: false, v137: true },
    { gate: 'DRAResourceClaimDeviceStatus', v135: true, v136: true, v137: true },
    { gate: 'GenericWorkload', v135: false, v136: false, v137: false },
    { gate: 'DRAWorkloadResourceClaims', v135: false, v136: false, v137: false },
  ];
  it.each(gateRows)('$gate defaults per version', (row) => {
    expect(KUBERNETES_VERSIONS.map((v) => featureGateDefaults(versionSwitches(v))[row.gate])).toEqual([row.v135, row.v136, row.v137]);
  });

  // upstream: pkg/scheduler/apis/config/v1/default_plugins.go getDefaultPlugins + applyFeatureGates
  // (the list and weights are the same at 1.35, 1.36 and 1.37; only gates add plugins, at the end)
  const v135MultiPoint = [
    'SchedulingGates', 'PrioritySort', 'NodeUnschedulable', 'NodeName', 'TaintToleration=3', 'NodeAffinity=2', 'NodePorts',
    'NodeResourcesFit=1', 'VolumeRestrictions', 'NodeVolumeLimits', 'VolumeBinding', 'VolumeZone', 'PodTopologySpread=2',
    'InterPodAffinity=2', 'DynamicResources=2', 'DefaultPreemption', 'NodeResourcesBalancedAllocation=1', 'ImageLocality=1', 'DefaultBinder',
  ];
  it.each([
    { version: '1.35' as const, want: v135MultiPoint },
    { version: '1.36' as const, want: [...v135MultiPoint, 'NodeDeclaredFeatures'] },
    { version: '1.37' as const, want: [...v135MultiPoint, 'NodeDeclaredFeatures'] },
  ])('the default profile at $version: plugins, order and weights (getDefaultPlugins)', ({ version, want }) => {
    const { config, errors } = resolveSchedulerConfig(undefined, newInTreeRegistry(), featureGateDefaults(versionSwitches(version)));
    expect(errors).toEqual([]);
    expect(config.profiles[0]!.plugins.multiPoint.enabled.map((p) => (p.weight === undefined ? p.name : `${p.name}=${p.weight}`))).toEqual(want);
  });

  // upstream: pkg/scheduler/apis/config/v1/defaults.go SetDefaults_*Args — only VolumeBindingArgs'
  // default reads a gate whose default flips in these versions (StorageCapacityScoring, on in 1.37)
  it.each([
    { version: '1.35' as const, want: { bindTimeoutSeconds: 600 } },
    { version: '1.36' as const, want: { bindTimeoutSeconds: 600 } },
    { version: '1.37' as const, want: { bindTimeoutSeconds: 600, shape: [{ utilization: 0, score: 10 }, { utilization: 100, score: 0 }] } },
  ])("VolumeBindingArgs' defaults at $version (SetDefaults_VolumeBindingArgs)", ({ version, want }) => {
    const { config } = resolveSchedulerConfig(undefined, newInTreeRegistry(), featureGateDefaults(versionSwitches(version)));
    expect(config.profiles[0]!.pluginConfig.find((c) => c.name === 'VolumeBinding')?.args).toEqual(want);
  });

  // DynamicResourcesArgs' per-version defaults: plugins/DynamicResources/args.test.ts
  it("the other plugins' args defaults are the same at every version", () => {
    const argsAt = (v: KubernetesVersion) => resolveSchedulerConfig(undefined, newInTreeRegistry(), featureGateDefaults(versionSwitches(v)))
      .config.profiles[0]!.pluginConfig.filter((c) => c.name !== 'VolumeBinding' && c.name !== 'DynamicResources');
    expect(argsAt('1.36')).toEqual(argsAt('1.35'));
    expect(argsAt('1.37')).toEqual(argsAt('1.35'));
    expect(argsAt('1.35').find((c) => c.name === 'DefaultPreemption')?.args).toEqual({ minCandidateNodesPercentage: 10, minCandidateNodesAbsolute: 100 });
  });

  it("a shape the user gives is kept at 1.37, and a shape at 1.35 is refused (the gate is off)", () => {
    const shape = [{ utilization: 0, score: 0 }, { utilization: 100, score: 10 }];
    const raw = { apiVersion: 'kubescheduler.config.k8s.io/v1', kind: 'KubeSchedulerConfiguration', profiles: [{ pluginConfig: [{ name: 'VolumeBinding', args: { shape } }] }] };
    const at137 = resolveSchedulerConfig(raw, newInTreeRegistry(), featureGateDefaults(versionSwitches('1.37')));
    expect(at137.errors).toEqual([]);
    expect(at137.config.profiles[0]!.pluginConfig.find((c) => c.name === 'VolumeBinding')?.args).toEqual({ bindTimeoutSeconds: 600, shape });
    const at135 = resolveSchedulerConfig(raw, newInTreeRegistry(), featureGateDefaults(versionSwitches('1.35')));
    expect(at135.errors.map((e) => e.message).join('\n')).toContain('turn on the feature gate StorageCapacityScoring');
  });

  it('the default profile has NodeDeclaredFeatures from 1.36 (applyFeatureGates)', () => {
    const names = (v: KubernetesVersion) => getDefaultPlugins(featureGateDefaults(versionSwitches(v))).multiPoint.enabled.map((p) => p.name);
    expect(names('1.35')).not.toContain('NodeDeclaredFeatures');
    expect(names('1.36').at(-1)).toBe('NodeDeclaredFeatures');
    expect(names('1.37').at(-1)).toBe('NodeDeclaredFeatures');
  });

  it('a single change can be switched off over a version (for the upgrade preview)', () => {
    expect(versionSwitches('1.37', { balancedAllocationDelta: false })).toMatchObject({ balancedAllocationDelta: false, draPartitionableDevicesBeta: true });
    expect(versionSwitches('1.35', { balancedAllocationDelta: true })).toMatchObject({ balancedAllocationDelta: true, draPartitionableDevicesBeta: false });
  });

  it("the scenario's spec.featureGates still win over the version's defaults", () => {
    const text = scenario('  kubernetesVersion: "1.37"\n  featureGates: {NodeDeclaredFeatures: false}');
    const r = run(text);
    expect(r.cycles[0]!.filter['n1']!.map((p) => p.plugin)).not.toContain('NodeDeclaredFeatures');
  });
});

describe('BalancedAllocation per version, end to end', () => {
  const text = (version: string) => balancedAllocationUpgrade(version);
  const balanced = (v: string) => {
    const c = run(text(v)).cycles.find((x) => x.pod === 'default/p')!;
    return Object.fromEntries(Object.entries(c.score ?? {}).map(([node, s]) => [node, s.plugins['NodeResourcesBalancedAllocation']?.raw]));
  };
  it.each([
    { version: '1.35', want: { 'n-even': 95, 'n-cpu': 75 }, node: 'n-even' },
    { version: '1.36', want: { 'n-even': 72, 'n-cpu': 77 }, node: 'n-cpu' },
    { version: '1.37', want: { 'n-even': 72, 'n-cpu': 77 }, node: 'n-cpu' },
  ])('v$version', ({ version, want, node }) => {
    expect(balanced(version)).toEqual(want);
    expect(run(text(version)).pods.find((p) => p.pod === 'default/p')?.node).toBe(node);
  });
});

describe('DRA allocator pool order per version, end to end (kubernetes PR #136641)', () => {
  type Claim = { metadata: { name: string }; status?: { allocation?: { devices: { results: { pool: string; device: string }[] } } } };
  const allocated = (r: ReturnType<typeof run>, claim: string) => (r.objects?.resourceClaims as Claim[] | undefined)?.find((c) => c.metadata.name === claim)?.status?.allocation?.devices.results.map((d) => `${d.pool}/${d.device}`);
  it.each([
    { version: '1.35', first: 'z-shared/gpu-shared', second: 'a-local/gpu-local', secondNode: 'n1' },
    { version: '1.36', first: 'a-local/gpu-local', second: 'z-shared/gpu-shared', secondNode: 'n2' },
    { version: '1.37', first: 'a-local/gpu-local', second: 'z-shared/gpu-shared', secondNode: 'n2' },
  ])('v$version: first takes $first, second runs on $secondNode', ({ version, first, second, secondNode }) => {
    const r = run(draNameOrderUpgrade(version));
    expect(allocated(r, 'c-first')).toEqual([first]);
    expect(allocated(r, 'c-second')).toEqual([second]);
    expect(r.pods.map((p) => [p.pod, p.node])).toEqual([['default/first', 'n1'], ['default/second', secondNode]]);
  });

  it('1.37 with the change switched off walks the v1.35 order', () => {
    expect(run(draNameOrderUpgrade('1.37'), { versionChanges: { draNameOrder: false } }).pods.find((p) => p.pod === 'default/second')?.node).toBe('n1');
  });
});

// kubernetes PR #139520 (v1.37): "The GangScheduling and WorkloadAwarePreemption feature gates were
// removed, and GenericWorkload is used instead to enable all core workload-aware scheduling functionalities altogether."
describe('v1.37: GenericWorkload is gang scheduling and workload-aware preemption too', () => {
  it.each([
    ['1.37, GenericWorkload alone', '1.37', { GenericWorkload: true }, true],
    ['1.37, a removed gate set off is not used', '1.37', { GenericWorkload: true, GangScheduling: false, WorkloadAwarePreemption: false }, true],
    ['1.37, a removed gate set on without GenericWorkload is not used', '1.37', { GangScheduling: true, WorkloadAwarePreemption: true }, false],
    ['1.36, GenericWorkload alone', '1.36', { GenericWorkload: true }, false],
  ] as const)('%s', (_name, version, overrides, on) => {
    const gates = versionFeatureGates(versionSwitches(version), overrides);
    expect([gates.GangScheduling, gates.WorkloadAwarePreemption]).toEqual([on, on]);
    expect(getDefaultPlugins(gates).multiPoint.enabled.some((p) => p.name === 'GangScheduling')).toBe(on);
  });

  it('a 1.37 scenario that sets a removed gate against GenericWorkload is told, at its line, that the gate does not exist there', () => {
    const text = (version: string) => `apiVersion: podplay/v1alpha1\nkind: Scenario\nspec:\n  kubernetesVersion: "${version}"\n  featureGates:\n    GenericWorkload: true\n    GangScheduling: false\n`;
    const warnings = (version: string) => {
      const r = loadScenario(text(version), 'gates.yaml');
      if (!r.ok) throw new Error(JSON.stringify(r.errors));
      return r.scenario.warnings.filter((w) => w.message.includes('no feature gate')).map((w) => [w.line, w.message]);
    };
    expect(warnings('1.37')).toEqual([[7, 'not used: Kubernetes 1.37 has no feature gate GangScheduling (kubernetes PR #139520 folded it into GenericWorkload, which turns it on in this run; kube-scheduler 1.37 would refuse to start with it set)']]);
    expect(warnings('1.36')).toEqual([]);
    // a value that agrees changes nothing
    const agreeing = loadScenario(text('1.37').replace('GangScheduling: false', 'GangScheduling: true'), 'gates.yaml');
    expect(agreeing.ok && agreeing.scenario.warnings).toEqual([]);
  });

  it('a 1.37 gang of two with one pod: GenericWorkload alone keeps it waiting', () => {
    // the file's node and pod, a PodGroup of two and one member
    const gang = (version: string) => `${scenario(`  kubernetesVersion: "${version}"\n  featureGates: {GenericWorkload: true}`)}---
apiVersion: scheduling.k8s.io/${version === '1.37' ? 'v1beta1' : 'v1alpha2'}
kind: PodGroup
metadata: {name: train, namespace: default}
spec: {schedulingPolicy: {gang: {minCount: 2}}}
---
apiVersion: v1
kind: Pod
metadata: {name: w-0, namespace: default}
spec:
  schedulingGroup: {podGroupName: train}
  containers: [{name: c, image: i, resources: {requests: {cpu: 100m}}}]
`;
    const node = (version: string) => run(gang(version)).pods.find((p) => p.pod === 'default/w-0')?.node;
    // 1.36: GangScheduling is a gate of its own, off: the pod is scheduled alone
    expect(node('1.36')).toBe('n1');
    expect(node('1.37')).toBeUndefined();
  });
});
