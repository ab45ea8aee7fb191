// The probe's CEL bombs (issue 23, critical 1 and 2): selectors whose cost grows with the size of
// strings and lists they make are refused when compiled, as upstream's cost estimator refuses them
// (staging/src/k8s.io/dynamic-resource-allocation/cel/compile.go), instead of running for ever or
// exhausting memory; ordinary selectors still compile and match.
import { describe, expect, it } from 'vitest';
import { compileDeviceSelector, deviceMatches } from './deviceSelector';

const long = 'x'.repeat(150);

describe('CEL cost bounds', () => {
  it.each([
    ['nested split("").all (the 659-character link)', `"${long}".split("").all(a, "${long}".split("").all(b, "${long}".split("").all(c, a + b + c != "")))`],
    ['nested map over split("") (the memory bomb)', `"${long}".split("").map(a, "${long}".split("").map(b, "${long}".split("").map(c, a + b + c))).size() > 0`],
    ['a chain of replace that doubles the string', `"${long}"${'.replace("x", "xx")'.repeat(20)}.size() > 0`],
  ])('%s is refused when compiled, with upstream\'s message', (_name, expression) => {
    const c = compileDeviceSelector(expression);
    expect(c.ok).toBe(false);
    if (c.ok) return;
    expect(c.error).toMatch(/too complex, exceeds cost limit/);
  });

  it('an ordinary selector still compiles and matches', () => {
    const c = compileDeviceSelector('device.driver == "dra.example.com" && "a100".split("").size() == 4');
    expect(c.ok).toBe(true);
    if (!c.ok) return;
    expect(deviceMatches(c.selector, 'dra.example.com', { name: 'gpu-0', attributes: {}, capacity: {} })).toEqual({ matches: true });
  });
});
