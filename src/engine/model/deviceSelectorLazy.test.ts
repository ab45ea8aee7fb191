// The page's engine worker fetches the CEL evaluator only for a scenario that may need it: what
// counts as "may", and that once fetched the lazy selectors are ./deviceSelector's own.
import { describe, expect, it } from 'vitest';
import * as real from './deviceSelector';
import { compileDeviceSelector, deviceMatches, loadDeviceSelectors, mayUseDeviceSelectors } from './deviceSelectorLazy';
import type { Device } from './resource';

describe('mayUseDeviceSelectors', () => {
  it.each([
    { name: 'a YAML selector', text: 'selectors:\n- cel:\n    expression: device.driver == "gpu.example.com"', may: true },
    { name: 'a YAML flow mapping', text: 'selectors: [{cel: {expression: "true"}}]', may: true },
    { name: 'a JSON selector', text: '{"selectors":[{"cel":{"expression":"true"}}]}', may: true },
    { name: 'a quoted key in capitals', text: "selectors:\n- 'CEL':\n    expression: 'true'", may: true },
    { name: 'a DeviceTaintRule selector', text: 'deviceSelector:\n  cel:\n    expression: "true"', may: true },
    { name: 'a scenario without DRA', text: 'kind: Node\nmetadata:\n  name: node-1\n', may: false },
    { name: 'a word that only contains the letters', text: 'reason: cancelled by the excellent parcel service', may: false },
  ])('$name', ({ text, may }) => {
    expect(mayUseDeviceSelectors(text)).toBe(may);
  });
});

describe('the lazy selectors once loaded', () => {
  const driver = 'dra.example.com';
  const device: Device = { name: 'gpu-0', attributes: { model: { string: 'A100' } } };

  it.each([
    { name: 'a match', expression: `device.attributes["${driver}"].model == "A100"` },
    { name: 'no match', expression: `device.attributes["${driver}"].model == "H100"` },
    { name: 'a runtime error', expression: 'device.attributes["other.example.com"].model == "A100"' },
    { name: 'a compile error', expression: 'device.driver ==' },
  ])('$name: the same answer as ./deviceSelector', async ({ expression }) => {
    await loadDeviceSelectors();
    const lazy = compileDeviceSelector(expression);
    const direct = real.compileDeviceSelector(expression);
    expect(lazy).toEqual(direct);
    if (lazy.ok && direct.ok) expect(deviceMatches(lazy.selector, driver, device)).toEqual(real.deviceMatches(direct.selector, driver, device));
  });
});
