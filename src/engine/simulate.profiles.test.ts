// Profiles and KubeSchedulerConfiguration end to end: which profile schedules which pod, a pod
// no profile owns, configuration errors with positions, and percentageOfNodesToScore.
import { describe, expect, it } from 'vitest';
import { simulate } from './index';

const nodes = (n: number) => Array.from({ length: n }, (_, i) => `apiVersion: v1
kind: Node
metadata: {name: node-${i}, labels: {topology.kubernetes.io/zone: zone-${i % 3}}}
status: {allocatable: {cpu: "8", memory: 16Gi, pods: "110"}}`).join('\n---\n');

const pending = (name: string, schedulerName?: string) => `apiVersion: v1
kind: Pod
metadata: {name: ${name}, namespace: default}
spec: {${schedulerName ? `schedulerName: ${schedulerName}, ` : ''}containers: [{name: c, image: nginx, resources: {requests: {cpu: 100m}}}]}`;

describe('profiles', () => {
  const config = `apiVersion: kubescheduler.config.k8s.io/v1
kind: KubeSchedulerConfiguration
profiles:
- schedulerName: default-scheduler
- schedulerName: bin-packer
  pluginConfig:
  - name: NodeResourcesFit
    args:
      scoringStrategy:
        type: MostAllocated
        resources: [{name: cpu, weight: 1}, {name: memory, weight: 1}]`;

  it('schedules each pod with the profile its schedulerName names', () => {
    const outcome = simulate([config, nodes(3), pending('a'), pending('b', 'bin-packer')].join('\n---\n'));
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    const byPod = Object.fromEntries(outcome.result.cycles.map((c) => [c.pod, c.profile]));
    expect(byPod).toEqual({ 'default/a': 'default-scheduler', 'default/b': 'bin-packer' });
  });

  it('leaves a pod whose scheduler no profile provides Pending, and says so', () => {
    const outcome = simulate([nodes(1), pending('custom', 'my-scheduler')].join('\n---\n'));
    if (!outcome.ok) throw new Error('errors');
    expect(outcome.result.cycles).toHaveLength(0);
    expect(outcome.result.pods[0]).toMatchObject({ phase: 'Pending', reason: 'SchedulerNotFound' });
    expect(outcome.result.pods[0]!.message).toContain('"my-scheduler"');
  });

  it('reports configuration errors at the line of the offending field', () => {
    const bad = `apiVersion: kubescheduler.config.k8s.io/v1
kind: KubeSchedulerConfiguration
profiles:
- schedulerName: default-scheduler
  plugins:
    score:
      enabled:
      - name: NoSuchPlugin`;
    const outcome = simulate([bad, nodes(1)].join('\n---\n'), { fileName: 'cfg.yaml' });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.errors[0]).toMatchObject({ file: 'cfg.yaml', line: 8 });
    expect(outcome.errors[0]!.message).toContain('NoSuchPlugin');
  });
});

describe('percentageOfNodesToScore', () => {
  it('with 500 nodes the adaptive default looks for 230 feasible nodes (50 - 500/125 = 46%)', () => {
    const outcome = simulate([nodes(500), pending('p')].join('\n---\n'));
    if (!outcome.ok) throw new Error('errors');
    const [cycle] = outcome.result.cycles;
    expect(cycle!.numFeasibleNodesToFind).toBe(230);
    expect(cycle!.nodesEvaluated).toHaveLength(230);
    expect(Object.keys(cycle!.score!)).toHaveLength(230);
  });

  it('a configured percentage applies, with the 100-node floor', () => {
    const config = `apiVersion: kubescheduler.config.k8s.io/v1
kind: KubeSchedulerConfiguration
percentageOfNodesToScore: 10`;
    const outcome = simulate([config, nodes(500), pending('p'), pending('q')].join('\n---\n'));
    if (!outcome.ok) throw new Error('errors');
    const [first, second] = outcome.result.cycles;
    expect(first!.numFeasibleNodesToFind).toBe(100);
    // the next cycle starts where the last one stopped (nextStartNodeIndex)
    expect(first!.nodesEvaluated).toHaveLength(100);
    expect(second!.nodesEvaluated[0]).toBe('node-100');
  });
});
