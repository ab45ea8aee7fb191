// ResourceSlice counters and request policies: validation as the API server does it
// (pkg/apis/resource/validation/validation.go: validateResourceSliceSpec, validateCounterSet,
// validateDeviceCounterConsumption, validateRequestPolicy), errors at the line.
import { describe, expect, it } from 'vitest';
import { formatScenarioError, loadScenario } from '../load';

function errors(text: string): string[] {
  const r = loadScenario(text, 'bad.yaml');
  return r.ok ? [] : r.errors.map(formatScenarioError);
}

const sliceHead = `apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata: {name: s}
spec:
  driver: gpu.example.com
  nodeName: n1
  pool: {name: p, generation: 1, resourceSliceCount: 2}
`;
/** a shared device with one capacity "memory" of 8Gi and the given requestPolicy lines */
const policy = (lines: string, shared = true) => `${sliceHead}  devices:
    - name: gpu-0
${shared ? '      allowMultipleAllocations: true\n' : ''}      capacity:
        memory:
          value: 8Gi
          requestPolicy:
${lines}`;

describe('ResourceSlice counters and capacity request policies', () => {
  it.each([
    ['counters and devices in one slice', `${sliceHead}  sharedCounters: [{name: gpu-0-counters, counters: {memory: {value: 8Gi}}}]
  devices: [{name: gpu-0}]
`, /^bad\.yaml:5:3: ResourceSlice s: spec: Invalid value: "": only one of `sharedCounters` or `devices` is allowed$/],
    ['a counter set without counters', `${sliceHead}  sharedCounters:
    - name: gpu-0-counters
`, /^bad\.yaml:9:7: ResourceSlice s: spec\.sharedCounters\[0\]\.counters: Required value$/],
    ['two counter sets with one name', `${sliceHead}  sharedCounters:
    - {name: c, counters: {memory: {value: 8Gi}}}
    - {name: c, counters: {memory: {value: 8Gi}}}
`, /^bad\.yaml:10:7: ResourceSlice s: spec\.sharedCounters\[1\]: Duplicate value: "c"$/],
    ['a counter name that is not a DNS label', `${sliceHead}  sharedCounters:
    - {name: c, counters: {Memory_GB: {value: 8}}}
`, /spec\.sharedCounters\[0\]\.counters\.Memory_GB: Invalid value: "Memory_GB": a lowercase RFC 1123 label/],
    ['nine counter sets', `${sliceHead}  sharedCounters:
${Array.from({ length: 9 }, (_, i) => `    - {name: c${i}, counters: {memory: {value: 1Gi}}}`).join('\n')}
`, /spec\.sharedCounters: Too many: 9: must have at most 8 items$/],
    ['a device consuming from three counter sets', `${sliceHead}  devices:
    - name: gpu-0
      consumesCounters:
        - {counterSet: a, counters: {memory: {value: 1Gi}}}
        - {counterSet: b, counters: {memory: {value: 1Gi}}}
        - {counterSet: c, counters: {memory: {value: 1Gi}}}
`, /spec\.devices\[0\]\.consumesCounters: Too many: 3: must have at most 2 items$/],
    ['a device consuming twice from one set', `${sliceHead}  devices:
    - name: gpu-0
      consumesCounters:
        - {counterSet: a, counters: {memory: {value: 1Gi}}}
        - {counterSet: a, counters: {cores: {value: 1}}}
`, /^bad\.yaml:12:11: ResourceSlice s: spec\.devices\[0\]\.consumesCounters\[1\]: Duplicate value: "a"$/],
    ['a consumption without counters', `${sliceHead}  devices:
    - name: gpu-0
      consumesCounters: [{counterSet: a, counters: {}}]
`, /spec\.devices\[0\]\.consumesCounters\[0\]\.counters: Required value$/],
    ['65 devices when one consumes counters', `${sliceHead}  devices:
${Array.from({ length: 65 }, (_, i) => `    - {name: d${i}${i === 0 ? ', consumesCounters: [{counterSet: a, counters: {memory: {value: 1Gi}}}]' : ''}}`).join('\n')}
`, /spec\.devices: Too many: 65: must have at most 64 items$/],
    ['a requestPolicy on a device that is not shared', policy('            default: 1Gi\n', false),
      /^bad\.yaml:14:13: ResourceSlice s: spec\.devices\[0\]\.capacity\.memory\.requestPolicy: Forbidden: allowMultipleAllocations must be true$/],
    ['validValues and validRange together', policy('            default: 1Gi\n            validValues: [1Gi]\n            validRange: {min: 1Gi}\n'),
      /capacity\.memory\.requestPolicy: Forbidden: exactly one policy can be specified, cannot specify "validValues" and "validRange" at the same time$/],
    ['validValues without a default', policy('            validValues: [1Gi, 2Gi]\n'),
      /capacity\.memory\.requestPolicy\.default: Required value: required when validValues is defined$/],
    ['validValues out of order', policy('            default: 1Gi\n            validValues: [1Gi, 4Gi, 2Gi]\n'),
      /capacity\.memory\.requestPolicy\.validValues\[2\]: Invalid value: "2Gi": values must be sorted in ascending order$/],
    ['a valid value above the capacity', policy('            default: 1Gi\n            validValues: [1Gi, 16Gi]\n'),
      /capacity\.memory\.requestPolicy\.validValues\[1\]: Invalid value: "16Gi": option is larger than capacity value: 8Gi$/],
    ['a default that is not a valid value', policy('            default: 3Gi\n            validValues: [1Gi, 2Gi]\n'),
      /capacity\.memory\.requestPolicy\.validValues: Invalid value: "3Gi": default value is not valid according to the requestPolicy$/],
    ['validRange without a default', policy('            validRange: {min: 1Gi}\n'),
      /capacity\.memory\.requestPolicy\.default: Required value: required when validRange is defined$/],
    ['a default below min', policy('            default: 1Gi\n            validRange: {min: 2Gi}\n'),
      /capacity\.memory\.requestPolicy\.validRange\.min: Invalid value: "1Gi": default is less than min: 2Gi$/],
    ['a max above the capacity', policy('            default: 2Gi\n            validRange: {min: 2Gi, max: 16Gi}\n'),
      /capacity\.memory\.requestPolicy\.validRange\.max: Invalid value: "16Gi": max is larger than capacity value: 8Gi$/],
    ['a default off the step', policy('            default: 3Gi\n            validRange: {min: 2Gi, step: 2Gi}\n'),
      /capacity\.memory\.requestPolicy\.validRange\.step: Invalid value: "3Gi": value is not a multiple of a given step \(2Gi\) from \(2Gi\)$/],
    ['one step past the capacity', policy('            default: 6Gi\n            validRange: {min: 6Gi, step: 4Gi}\n'),
      /capacity\.memory\.requestPolicy\.validRange\.step: Invalid value: "4Gi": one step 10Gi is larger than capacity value: 8Gi$/],
  ])('%s', (_name, text, message) => {
    const errs = errors(text);
    expect(errs.some((e) => message.test(e)), errs.join('\n')).toBe(true);
  });

  it('a counter slice, a partitionable device and a shared device with a policy load as written', () => {
    const r = loadScenario(`${sliceHead}  sharedCounters:
    - name: gpu-0-counters
      counters: {memory: {value: 40Gi}, slices: {value: 7}}
---
${sliceHead.replace('name: s}', 'name: s2}')}  devices:
    - name: gpu-0-mig-1g
      consumesCounters: [{counterSet: gpu-0-counters, counters: {memory: {value: 5Gi}, slices: {value: 1}}}]
    - name: nic-0
      allowMultipleAllocations: true
      capacity:
        bandwidth:
          value: 10G
          requestPolicy: {default: 1G, validRange: {min: 1G, step: 1G}}
`, 'ok.yaml');
    expect(r.ok, r.ok ? '' : r.errors.map(formatScenarioError).join('\n')).toBe(true);
    if (!r.ok) return;
    expect(r.scenario.resources[0]).toMatchObject({ spec: { sharedCounters: [{ name: 'gpu-0-counters', counters: { memory: { value: '40Gi' }, slices: { value: '7' } } }] } });
    expect(r.scenario.resources[1]).toMatchObject({ spec: { devices: [
      { name: 'gpu-0-mig-1g', consumesCounters: [{ counterSet: 'gpu-0-counters', counters: { memory: { value: '5Gi' }, slices: { value: '1' } } }] },
      { name: 'nic-0', allowMultipleAllocations: true, capacity: { bandwidth: { value: '10G', requestPolicy: { default: '1G', validRange: { min: '1G', step: '1G' } } } } },
    ] } });
  });
});
