// resource.k8s.io/v1 objects and the pod's claims: validation as the API server does it
// (pkg/apis/resource/validation/validation.go, pkg/apis/core/validation), errors at the line.
import { describe, expect, it } from 'vitest';
import { formatScenarioError, loadScenario } from '../load';

function errors(text: string): string[] {
  const r = loadScenario(text, 'bad.yaml');
  return r.ok ? [] : r.errors.map(formatScenarioError);
}

const claimHead = `apiVersion: resource.k8s.io/v1
kind: ResourceClaim
metadata: {name: c}
spec:
  devices:
    requests:
`;

describe('resource.k8s.io/v1 validation', () => {
  it.each([
    ['a CEL selector that does not compile, at its line', `apiVersion: resource.k8s.io/v1
kind: DeviceClass
metadata: {name: gpu}
spec:
  selectors:
    - cel:
        expression: device.driver ==
`, /^bad\.yaml:7:21: DeviceClass gpu: spec\.selectors\[0\]\.cel\.expression: Invalid value: "device\.driver ==": compilation failed: ERROR: <input>:1:\d+: /],
    ['an undeclared variable in a request selector', `${claimHead}      - name: gpu
        exactly:
          deviceClassName: gpu
          selectors: [{cel: {expression: 'gpu.memory > 1'}}]
`, /^bad\.yaml:10:\d+: ResourceClaim default\/c: spec\.devices\.requests\[0\]\.exactly\.selectors\[0\]\.cel\.expression: .*undeclared reference to 'gpu'/],
    ['a request with neither exactly nor firstAvailable', `${claimHead}      - name: gpu
`, /^bad\.yaml:7:\d+: ResourceClaim default\/c: spec\.devices\.requests\[0\]: Required value: exactly one of `exactly` or `firstAvailable` is required$/],
    ['count with allocationMode All', `${claimHead}      - name: gpu
        exactly: {deviceClassName: gpu, allocationMode: All, count: 2}
`, /spec\.devices\.requests\[0\]\.exactly\.count: Invalid value: 2: must not be specified when allocationMode is 'All'$/],
    ['a constraint naming an unknown request', `${claimHead}      - name: gpu
        exactly: {deviceClassName: gpu}
    constraints:
      - requests: [cpu]
        matchAttribute: gpu.example.com/numa
`, /spec\.devices\.constraints\[0\]\.requests\[0\]: Invalid value: "cpu": must be the name of a request in the claim/],
    ['a matchAttribute without a domain', `${claimHead}      - name: gpu
        exactly: {deviceClassName: gpu}
    constraints:
      - matchAttribute: numa
`, /spec\.devices\.constraints\[0\]\.matchAttribute: Invalid value: "numa": a fully qualified name must be a domain and a name separated by a slash/],
    ['a slice without node selection', `apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata: {name: s}
spec:
  driver: gpu.example.com
  pool: {name: p, generation: 1, resourceSliceCount: 1}
`, /ResourceSlice s: spec: Required value: exactly one of `nodeName`, `nodeSelector`, `allNodes`, `perDeviceNodeSelection` is required$/],
    ['an attribute with two values', `apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata: {name: s}
spec:
  driver: gpu.example.com
  nodeName: n1
  pool: {name: p, generation: 1, resourceSliceCount: 1}
  devices:
    - name: gpu-0
      attributes:
        model: {string: A100, int: 1}
`, /^bad\.yaml:11:16: ResourceSlice s: spec\.devices\[0\]\.attributes\.model: Invalid value: .*exactly one value must be specified$/],
    ['a container claim the pod does not have', `apiVersion: v1
kind: Pod
metadata: {name: p}
spec:
  resourceClaims: [{name: gpu, resourceClaimName: c}]
  containers:
    - name: c
      image: i
      resources:
        claims: [{name: gpus}]
`, /^bad\.yaml:10:\d+: Pod default\/p: spec\.containers\[0\]\.resources\.claims\[0\]\.name: Not found: "gpus": must be one of the names in pod\.spec\.resourceClaims$/],
    ['a pod claim with both sources', `apiVersion: v1
kind: Pod
metadata: {name: p}
spec:
  resourceClaims: [{name: gpu, resourceClaimName: c, resourceClaimTemplateName: t}]
  containers: [{name: c, image: i}]
`, /spec\.resourceClaims\[0\]: Invalid value: .*at most one of `resourceClaimName` or `resourceClaimTemplateName` may be specified/],
  ])('%s', (_name, text, message) => {
    const errs = errors(text);
    expect(errs.some((e) => message.test(e)), errs.join('\n')).toBe(true);
  });

  it('a valid claim, template, class and slice load, with upstream defaults', () => {
    const r = loadScenario(`${claimHead}      - name: gpu
        exactly: {deviceClassName: gpu}
      - name: small
        firstAvailable:
          - {name: big, deviceClassName: gpu, count: 2}
          - {name: one, deviceClassName: gpu}
`, 'ok.yaml');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.scenario.resources[0]).toMatchObject({
      kind: 'ResourceClaim',
      spec: { devices: { requests: [
        { name: 'gpu', exactly: { deviceClassName: 'gpu', allocationMode: 'ExactCount', count: 1 } },
        { name: 'small', firstAvailable: [{ name: 'big', allocationMode: 'ExactCount', count: 2 }, { name: 'one', allocationMode: 'ExactCount', count: 1 }] },
      ] } },
    });
  });
});

describe('resource.k8s.io/v1alpha3 DeviceTaintRule', () => {
  const rule = (spec: string) => `apiVersion: resource.k8s.io/v1alpha3
kind: DeviceTaintRule
metadata: {name: maintenance}
spec:
${spec}`;
  it.each([
    ['a taint without effect', rule(`  deviceSelector: {driver: gpu.example.com}
  taint: {key: maintenance}
`), /^bad\.yaml:6:10: DeviceTaintRule maintenance: spec\.taint\.effect: Required value$/],
    ['an unknown effect', rule(`  taint: {key: maintenance, effect: PreferNoSchedule}
`), /^bad\.yaml:5:37: DeviceTaintRule maintenance: spec\.taint\.effect: Unsupported value: "PreferNoSchedule": supported values: "NoSchedule", "NoExecute", "None"$/],
    ['no taint', rule(`  deviceSelector: {driver: gpu.example.com}
`), /^bad\.yaml:5:\d+: DeviceTaintRule maintenance: spec\.taint: Required value$/],
    ['a device name that is not a DNS label', rule(`  deviceSelector: {device: GPU_0}
  taint: {key: maintenance, effect: NoSchedule}
`), /^bad\.yaml:5:\d+: DeviceTaintRule maintenance: spec\.deviceSelector\.device: Invalid value: "GPU_0": /],
  ])('%s', (_name, text, want) => {
    expect(errors(text)).toEqual([expect.stringMatching(want)]);
  });

  it('a valid rule loads; without the gates (v1.35 defaults) it warns that it has no effect', () => {
    const text = rule(`  deviceSelector: {driver: gpu.example.com, pool: node-1, device: gpu-0}
  taint: {key: maintenance, value: planned, effect: NoSchedule}
`);
    // v1.37: DRADeviceTaintRules GA and on, DRADeviceTaints on (versions.ts draDeviceTaintRulesGA)
    expect(loadScenario(text, 'ok.yaml', '1.37')).toMatchObject({ ok: true, scenario: { warnings: [] } });
    const off = loadScenario(text, 'ok.yaml', '1.35');
    expect(off.ok).toBe(true);
    if (!off.ok) return;
    expect(off.scenario.warnings.map(formatScenarioError)).toEqual([expect.stringMatching(/^ok\.yaml:2:7: DeviceTaintRule maintenance: kind: no effect: DeviceTaintRules taint devices only with the DRADeviceTaintRules and DRADeviceTaints feature gates/)]);
    expect(off.scenario.resources).toEqual([{
      apiVersion: 'resource.k8s.io/v1alpha3', kind: 'DeviceTaintRule', metadata: expect.objectContaining({ name: 'maintenance' }),
      spec: { deviceSelector: { driver: 'gpu.example.com', pool: 'node-1', device: 'gpu-0' }, taint: { key: 'maintenance', value: 'planned', effect: 'NoSchedule' } },
    }]);
    const on = loadScenario(`${text}---
apiVersion: podplay/v1alpha1
kind: Scenario
metadata: {name: s}
spec: {featureGates: {DRADeviceTaints: true, DRADeviceTaintRules: true}}
`, 'ok.yaml', '1.35');
    expect(on.ok && on.scenario.warnings).toEqual([]);
  });

  it('the v1.34 selector fields (deviceClassName, selectors) are unknown in v1.35', () => {
    const r = loadScenario(rule(`  deviceSelector: {deviceClassName: gpu}
  taint: {key: maintenance, effect: NoSchedule}
`), 'ok.yaml');
    expect(r.ok && r.scenario.warnings.map(formatScenarioError)).toContainEqual(expect.stringMatching(/^ok\.yaml:5:20: DeviceTaintRule maintenance: spec\.deviceSelector\.deviceClassName: unknown field, ignored$/));
  });
});
