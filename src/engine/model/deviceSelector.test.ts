// CEL device selectors: the `device` variable as upstream defines it
// (staging/src/k8s.io/dynamic-resource-allocation/cel/compile_test.go cases), the Kubernetes
// quantity and semver libraries, compile errors and the cost limit.
import { describe, expect, it } from 'vitest';
import { compileDeviceSelector, deviceMatches } from './deviceSelector';
import type { Device } from './resource';

const driver = 'dra.example.com';
const device: Device = {
  name: 'gpu-0',
  attributes: {
    model: { string: 'A100' },
    numa: { int: 1 },
    healthy: { bool: true },
    driverVersion: { version: '1.2.3' },
    'ext.example.com/family': { string: 'ampere' },
  },
  capacity: { memory: { value: '40Gi' }, 'ext.example.com/slots': { value: '4' } },
};

function evaluate(expression: string, d: Device = device) {
  const c = compileDeviceSelector(expression);
  if (!c.ok) return { compileError: c.error };
  return deviceMatches(c.selector, driver, d);
}

describe('device selectors', () => {
  it.each([
    ['driver', `device.driver == "${driver}"`, true],
    ['string attribute in the driver domain', `device.attributes["${driver}"].model == "A100"`, true],
    ['int attribute', `device.attributes["${driver}"].numa == 1`, true],
    ['bool attribute', `device.attributes["${driver}"].healthy`, true],
    ['attribute in another domain', 'device.attributes["ext.example.com"].family == "ampere"', true],
    ['has() on a missing attribute', `has(device.attributes["${driver}"].missing)`, false],
    ['in on a domain the device lacks', '"x" in device.attributes["other.example.com"]', false],
    ['quantity compareTo', `device.capacity["${driver}"].memory.compareTo(quantity("40960Mi")) == 0`, true],
    ['quantity isGreaterThan', `device.capacity["${driver}"].memory.isGreaterThan(quantity("10Gi"))`, true],
    ['quantity isLessThan', `device.capacity["${driver}"].memory.isLessThan(quantity("10Gi"))`, false],
    ['quantity in another domain', 'device.capacity["ext.example.com"].slots.asInteger() == 4', true],
    ['quantity add', `device.capacity["${driver}"].memory.add(quantity("1Gi")).compareTo(quantity("41Gi")) == 0`, true],
    ['semver', `device.attributes["${driver}"].driverVersion.isGreaterThan(semver("1.2.0"))`, true],
    ['semver major', `device.attributes["${driver}"].driverVersion.major() == 1`, true],
    ['prerelease orders before its release', 'semver("1.0.0-alpha").isLessThan(semver("1.0.0"))', true],
    ['allowMultipleAllocations defaults to false', 'device.allowMultipleAllocations', false],
    ['string extension', `device.attributes["${driver}"].model.lowerAscii() == "a100"`, true],
  ])('%s', (_name, expression, matches) => {
    expect(evaluate(expression)).toEqual({ matches });
  });

  it('a missing attribute is a runtime error (no such key)', () => {
    expect(evaluate(`device.attributes["${driver}"].missing == 1`)).toEqual({ error: 'no such key: missing' });
  });

  it('a non-boolean result is an error', () => {
    expect(evaluate('device.driver')).toMatchObject({ error: expect.stringContaining('could not be converted to bool') });
  });

  it.each([
    ['syntax error', 'device.driver ==', /^compilation failed: ERROR: <input>:1:\d+: /],
    ['undeclared variable', 'gpu.driver == "x"', /undeclared reference to 'gpu'/],
    ['too long', `device.driver == "${'x'.repeat(10 * 1024)}"`, /may not be longer than 10240 bytes/],
    ['cost limit', Array.from({ length: 3 }, () => 'device.attributes.all(a, device.attributes.all(b, device.attributes.all(c, device.attributes.all(d, true))))').join(' && '), /too complex, exceeds cost limit/],
  ])('compile error: %s', (_name, expression, message) => {
    const c = compileDeviceSelector(expression);
    expect(c.ok).toBe(false);
    expect(c.ok ? '' : c.error).toMatch(message);
  });
});
