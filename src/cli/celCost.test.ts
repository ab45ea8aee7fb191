// The CEL cost bombs of issue 23 (critical 1 and 2) as a user meets them on the command line: the
// run ends at once with upstream's message for each selector, where it once never finished (the
// nested split("").all link), exhausted memory (nested map) or ran for minutes (replace chains).
// The engine's own tests (src/engine/model/celBombs.test.ts) check the estimate and the meter.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { simulate } from './testing/cliProcess';

const long = 'x'.repeat(150);
const bombs = [
  `"${long}".split("").all(a, "${long}".split("").all(b, "${long}".split("").all(c, a + b + c != "")))`,
  `"${long}".split("").map(a, "${long}".split("").map(b, "${long}".split("").map(c, a + b + c))).size() > 0`,
  `"${long}"${'.replace("x", "xx")'.repeat(20)}.size() > 0`,
];
const deviceClass = (name: string, expression: string) =>
  `apiVersion: resource.k8s.io/v1\nkind: DeviceClass\nmetadata: {name: ${name}}\nspec:\n  selectors:\n    - cel: {expression: '${expression}'}`;

function scenarioFile(): string {
  const file = join(mkdtempSync(join(tmpdir(), 'podplay-cel-')), 'bombs.yaml');
  writeFileSync(file, [
    ...bombs.map((b, i) => deviceClass(`bomb-${i}`, `device.driver == "gpu.example.com" && ${b}`)),
    'apiVersion: resource.k8s.io/v1\nkind: ResourceClaim\nmetadata: {name: c, namespace: default}\nspec:\n  devices:\n    requests: [{name: gpu, exactly: {deviceClassName: bomb-0}}]',
    'apiVersion: v1\nkind: Node\nmetadata: {name: n1}\nstatus: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}',
    'apiVersion: resource.k8s.io/v1\nkind: ResourceSlice\nmetadata: {name: n1-gpus}\nspec: {driver: gpu.example.com, nodeName: n1, pool: {name: n1, generation: 1, resourceSliceCount: 1}, devices: [{name: gpu-0}]}',
    'apiVersion: v1\nkind: Pod\nmetadata: {name: trainer, namespace: default}\nspec:\n  resourceClaims: [{name: c, resourceClaimName: c}]\n  containers: [{name: c, image: trainer}]',
  ].join('\n---\n'));
  return file;
}

describe('CEL cost bombs on the command line (issue 23)', () => {
  it('--explain of the pod whose claim uses one: each bomb refused where it is written, with upstream\'s cost message, and nothing simulated', () => {
    const file = scenarioFile();
    const r = simulate(file, '--explain', 'trainer');
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(bombs.length);
    lines.forEach((line, i) => {
      expect(line.startsWith(`${file}:${7 * i + 6}:`)).toBe(true);
      expect(line).toContain(`DeviceClass bomb-${i}: spec.selectors[0].cel.expression: Invalid value: `);
      expect(line).toMatch(/: too complex, exceeds cost limit \(estimated cost [\d,]+, at most 1,000,000\)$/);
    });
  });
});
