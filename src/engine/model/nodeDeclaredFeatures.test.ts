// The v1.35 registry (component-helpers/nodedeclaredfeatures/features): which pods need which features.
// Rows after upstream features/restartallcontainers/restart_all_containers_test.go and
// features/inplacepodresize/guaranteed_cpu_resize_test.go (InferForScheduling).
import { describe, expect, it } from 'vitest';
import type { Container } from './types';
import { makePod } from '../testing/builders';
import { inferForPodScheduling, unsatisfiedRequirements } from './nodeDeclaredFeatures';

const rule = (action: 'Restart' | 'RestartAllContainers') => [{ action, exitCodes: { operator: 'In' as const, values: [42] } }];

describe('inferForPodScheduling', () => {
  const rows: [string, Partial<Container>[], Partial<Container>[], string[]][] = [
    ['no restart rules', [{ name: 'c' }], [], []],
    ['a Restart rule needs nothing', [{ name: 'c', restartPolicyRules: rule('Restart') }], [], []],
    ['a RestartAllContainers rule on a container', [{ name: 'c', restartPolicyRules: rule('RestartAllContainers') }], [], ['RestartAllContainersOnContainerExits']],
    ['a RestartAllContainers rule on an init container', [{ name: 'c' }], [{ name: 'i', restartPolicyRules: rule('RestartAllContainers') }], ['RestartAllContainersOnContainerExits']],
  ];
  it.each(rows)('%s', (_name, containers, initContainers, want) => {
    const pod = makePod().name('p').obj();
    pod.spec.containers = containers.map((c) => ({ name: 'c', ...c }));
    if (initContainers.length) pod.spec.initContainers = initContainers.map((c) => ({ name: 'i', ...c }));
    expect(inferForPodScheduling(pod.spec)).toEqual(want);
  });

  it('GuaranteedQoSPodCPUResize is needed only by updates: a Guaranteed pod needs nothing to schedule', () => {
    const pod = makePod().name('p').container({ name: 'c', resources: { requests: { cpu: '1', memory: '1Gi' }, limits: { cpu: '1', memory: '1Gi' } } }).obj();
    expect(inferForPodScheduling(pod.spec)).toEqual([]);
  });
});

describe('unsatisfiedRequirements', () => {
  it('what the node lacks, sorted; a node without the field lacks all', () => {
    expect(unsatisfiedRequirements(['B', 'A'], ['B'])).toEqual(['A']);
    expect(unsatisfiedRequirements(['B', 'A'], undefined)).toEqual(['A', 'B']);
    expect(unsatisfiedRequirements(['A'], ['A', 'Z'])).toEqual([]);
  });
});
