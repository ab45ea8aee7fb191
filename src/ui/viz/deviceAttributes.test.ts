import { describe, expect, it } from 'vitest';
import { lessonById } from '../../lessons';
import { deviceAttributes } from './deviceAttributes';

const slice = (attributes: string) => `apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata: {name: n1}
spec:
  driver: gpu.example.com
  nodeName: n1
  pool: {name: n1, generation: 1, resourceSliceCount: 1}
  devices:
  - name: gpu-0
    attributes: ${attributes}
`;

const claim = (devices: string) => `apiVersion: resource.k8s.io/v1
kind: ResourceClaim
metadata: {name: c}
spec:
  devices: ${devices}
`;

describe('deviceAttributes', () => {
  it.each([
    ['a matchAttribute constraint (qualified) reads an unqualified attribute of the driver',
      slice('{pcieRoot: {string: pci-0}, model: {string: A100}}'),
      claim('{requests: [{name: g, exactly: {deviceClassName: gpu, count: 2}}], constraints: [{requests: [g], matchAttribute: gpu.example.com/pcieRoot}]}'),
      { 'gpu.example.com/n1/gpu-0': ['pcieRoot=pci-0'] }],
    ['a CEL selector reads device.attributes["domain"].name, an int as written',
      slice('{memoryGiB: {int: 40}, model: {string: A100}}'),
      claim('{requests: [{name: g, exactly: {deviceClassName: gpu, selectors: [{cel: {expression: "device.attributes[\\"gpu.example.com\\"].memoryGiB >= 40"}}]}}]}'),
      { 'gpu.example.com/n1/gpu-0': ['memoryGiB=40'] }],
    ['the ["name"] form, a qualified key in the slice',
      slice('{"gpu.example.com/model": {string: A100}}'),
      claim('{requests: [{name: g, exactly: {deviceClassName: gpu, selectors: [{cel: {expression: "device.attributes[\\"gpu.example.com\\"][\\"model\\"] == \\"A100\\""}}]}}]}'),
      { 'gpu.example.com/n1/gpu-0': ['model=A100'] }],
    ['nothing a claim does not read',
      slice('{pcieRoot: {string: pci-0}}'),
      claim('{requests: [{name: g, exactly: {deviceClassName: gpu}}]}'),
      {}],
    ['another domain\'s attribute of the same name is not this driver\'s',
      slice('{pcieRoot: {string: pci-0}}'),
      claim('{requests: [{name: g, exactly: {deviceClassName: gpu}}], constraints: [{matchAttribute: other.example.com/pcieRoot}]}'),
      {}],
  ])('%s', (_name, sliceYaml, claimYaml, expected) => {
    expect(Object.fromEntries(deviceAttributes(`${sliceYaml}---\n${claimYaml}`))).toEqual(expected);
  });

  // issue 19: dra-gpus asks which node has two GPUs on one PCIe root; its template's matchAttribute
  // reads gpu.example.com/pcieRoot, which its ResourceSlices set per GPU
  it('draws dra-gpus\' PCIe roots from its ResourceSlices', () => {
    const byDevice = deviceAttributes(lessonById('dra-gpus')!.scenario);
    expect(Object.fromEntries(byDevice)).toEqual({
      'gpu.example.com/gpu-node-1/gpu-0': ['pcieRoot=pci-0'],
      'gpu.example.com/gpu-node-1/gpu-1': ['pcieRoot=pci-1'],
      'gpu.example.com/gpu-node-2/gpu-0': ['pcieRoot=pci-0'],
      'gpu.example.com/gpu-node-2/gpu-1': ['pcieRoot=pci-0'],
      'gpu.example.com/gpu-node-2/gpu-2': ['pcieRoot=pci-1'],
    });
  });
});
