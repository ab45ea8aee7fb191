// RFC 3339 times keep their order and distances: t=0 is spec.now or the latest timestamp.
import { describe, expect, it } from 'vitest';
import { loadScenario } from './load';
import { parseRfc3339 } from './timeOrigin';

describe('parseRfc3339', () => {
  it.each([
    ['1970-01-01T00:00:00Z', 0],
    ['2025-03-14T09:26:53Z', 1741944413],
    ['2024-02-29T23:59:59Z', 1709251199],
    ['2025-03-14T10:26:53+01:00', 1741944413],
    ['2025-03-14T09:26:53.5Z', 1741944413.5],
    ['2000-03-01t00:00:00z', 951868800],
  ])('%s → %d', (text, seconds) => {
    expect(parseRfc3339(text)).toBe(seconds);
  });
  it.each(['2025-13-01T00:00:00Z', '2025-03-14 09:26:53Z', '2025-03-14T09:26:53', 'yesterday'])('%s is not an RFC 3339 time', (text) => {
    expect(parseRfc3339(text)).toBeUndefined();
  });
});

const pod = (name: string, created: string, started?: string) => `---
apiVersion: v1
kind: Pod
metadata: {name: ${name}, namespace: default, creationTimestamp: "${created}"}
spec: {nodeName: n1, containers: [{name: c, image: nginx}]}
${started ? `status: {phase: Running, startTime: "${started}"}` : ''}
`;
const node = `apiVersion: v1
kind: Node
metadata: {name: n1, creationTimestamp: "2025-03-01T00:00:00Z"}
status: {allocatable: {cpu: "4", memory: 8Gi}}
`;

function times(text: string) {
  const r = loadScenario(text);
  if (!r.ok) throw new Error(r.errors.map((e) => e.message).join('\n'));
  return Object.fromEntries(r.scenario.pods.map((p) => [p.metadata.name, [p.metadata.creationTimestamp, p.status.startTime]]));
}

describe('timestamps in a scenario', () => {
  it('are seconds before the latest timestamp of the file', () => {
    expect(times(node + pod('old', '2025-03-14T08:00:00Z', '2025-03-14T08:00:30Z') + pod('new', '2025-03-14T09:59:00Z', '2025-03-14T10:00:00Z'))).toEqual({
      old: [-7200, -7170],
      new: [-60, 0],
    });
  });

  it('are seconds before spec.now of the Scenario document', () => {
    const scenario = `---
apiVersion: podplay/v1alpha1
kind: Scenario
metadata: {name: s}
spec: {now: "2025-03-15T00:00:00Z"}
`;
    expect(times(node + pod('p', '2025-03-14T23:00:00Z') + scenario)).toEqual({ p: [-3600, undefined] });
  });

  it('numbers stay simulated seconds', () => {
    expect(times(node + pod('p', '2025-03-14T23:00:00Z').replace('"2025-03-14T23:00:00Z"', '30'))).toEqual({ p: [30, undefined] });
  });

  it('a spec.now that is not an RFC 3339 time is an error on its line', () => {
    const r = loadScenario(`${node}---
apiVersion: podplay/v1alpha1
kind: Scenario
metadata: {name: s}
spec:
  now: tomorrow
`);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.errors[0]).toMatchObject({ line: 10, path: 'spec.now' });
  });
});
