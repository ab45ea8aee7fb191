// The Compare worker's work without the worker: a preset's YAML is reported before the result;
// configuration B's problems come back as B's, the scenario's as A's.
import { describe, expect, it } from 'vitest';
import { runCompare, type CompareReply } from './runCompare';

const text = `apiVersion: v1
kind: Node
metadata: {name: n1}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
---
apiVersion: v1
kind: Pod
metadata: {name: p, namespace: default}
spec: {containers: [{name: c, image: nginx}]}
`;

function replies(request: Parameters<typeof runCompare>[0]): CompareReply[] {
  const out: CompareReply[] = [];
  runCompare(request, (r) => out.push(r));
  return out;
}

describe('runCompare', () => {
  it('a preset: its YAML first, then the comparison', () => {
    const out = replies({ id: 7, text, fileName: 's.yaml', config: { preset: 'MostAllocated' } });
    expect(out.map((r) => r.type)).toEqual(['config', 'done']);
    expect(out[0]).toMatchObject({ id: 7, yaml: expect.stringContaining('type: MostAllocated') });
    expect(out[1]).toMatchObject({ id: 7, comparison: { differ: 0, placed: { a: 1, b: 1 } } });
  });

  it('YAML with a mistake: B\'s problem, at its line', () => {
    const out = replies({ id: 1, text, fileName: 's.yaml', config: { yaml: 'apiVersion: kubescheduler.config.k8s.io/v1\nkind: KubeSchedulerConfiguration\nprofiles:\n- schedulerName: default-scheduler\n  plugins: {score: {enabled: [{name: NoSuchPlugin}]}}\n' } });
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({ type: 'error', which: 'b', errors: [expect.objectContaining({ file: 'configuration B', message: expect.stringContaining('NoSuchPlugin') })] });
    expect((out[0] as Extract<CompareReply, { type: 'error' }>).errors[0]!.line).toBeGreaterThan(1);
  });

  it('a scenario with errors: A\'s problem', () => {
    const out = replies({ id: 1, text: `${text}---\nkind: Pod\n`, fileName: 's.yaml', config: { preset: 'LeastAllocated' } });
    expect(out).toEqual([expect.objectContaining({ type: 'error', which: 'a' })]);
  });
});
