// The workload lessons run copies of the example scenarios (Playwright loads lessons without
// Vite's ?raw imports): the copies stay equal to the files the engine tests check.
import { describe, expect, it } from 'vitest';
import gangFile from '../../../scenarios/gang-podgroup.yaml?raw';
import topologyFile from '../../../scenarios/topology-training-rack.yaml?raw';
import preemptionFile from '../../../scenarios/workload-preemption.yaml?raw';
import { gangPodGroup, topologyRack, workloadPreemption136 } from './workloads';

describe('workload lessons use the example scenarios', () => {
  it.each([
    { name: 'scenarios/gang-podgroup.yaml', copy: gangPodGroup, file: gangFile },
    { name: 'scenarios/topology-training-rack.yaml', copy: topologyRack, file: topologyFile },
    { name: 'scenarios/workload-preemption.yaml', copy: workloadPreemption136, file: preemptionFile },
  ])('$name', ({ copy, file }) => {
    expect(copy).toBe(file);
  });
});
