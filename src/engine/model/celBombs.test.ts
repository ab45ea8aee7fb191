// The probe's CEL bombs (issue 23, critical 1 and 2): selectors whose cost grows with the size of
// strings and lists they make are refused when compiled, as upstream's cost estimator refuses them
// (staging/src/k8s.io/dynamic-resource-allocation/cel/compile.go), instead of running for ever or
// exhausting memory; ordinary selectors still compile and match.
import { describe, expect, it } from 'vitest';
import { withCostLimit } from './celCost';
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

// The runtime meter, the backstop for what the estimate cannot see (upstream: cel.CostLimit at
// evaluation): each call and comprehension step costs 1 plus the size of its value, and the
// evaluation ends as soon as the sum passes the limit. The estimate keeps every accepted selector
// under the engine's limit, so the meter is checked here under small limits.
describe('CEL runtime cost limit', () => {
  const program = (expression: string) => {
    const c = compileDeviceSelector(expression);
    if (!c.ok) throw new Error(c.error);
    return () => c.selector.program({ device: new Map<string, unknown>([['driver', 'd']]) as never });
  };
  // "abcdefghij".split("") is a call of value size 10; all() then 10 steps, each a comparison
  const walk = '"abcdefghij".split("").all(x, x != "")';

  it.each([
    ['under its limit: the value', walk, 1_000, true],
    ['over its limit: the cost error, not the value', walk, 5, { costExceeded: true }],
    ['over its limit in the operand of a || whose other operand is true: still the cost error (cel-go interrupts the evaluation, an error it would absorb is not)', `${walk} || true`, 5, { costExceeded: true }],
  ] as const)('%s', (_name, expression, limit, expected) => {
    expect(withCostLimit(limit, program(expression))).toEqual(expected);
  });

  it('the limit holds for one evaluation only: the next is metered from zero', () => {
    const run = program(walk);
    expect(withCostLimit(5, run)).toEqual({ costExceeded: true });
    expect(withCostLimit(1_000, run)).toBe(true);
  });
});
