// Small hand-written SimulationResults for worker and store tests: the contract's shapes with
// defaults filled in, so each test states only what it is about.

import type { CycleTrace, NodeOutcome, PodOutcome, QueueMove, SimulationResult } from '../../engine/api';

export function node(name: string, labels: Record<string, string> = {}): NodeOutcome {
  return {
    name, labels, allocatable: { cpu: 4000, memory: 8 * 2 ** 30, pods: 110 }, requested: { cpu: 0, memory: 0, pods: 0 },
    taints: [], unschedulable: false,
  };
}

export function pod(key: string, extra: Partial<PodOutcome> = {}): PodOutcome {
  return { pod: key, phase: 'Pending', priority: 0, schedulerName: 'default-scheduler', ...extra };
}

export function cycle(n: number, podKey: string, extra: Partial<CycleTrace> = {}): CycleTrace {
  return {
    cycle: n, time: 0, pod: podKey, profile: 'default-scheduler', preFilter: [], nodesEvaluated: [], filter: {},
    feasible: [], result: 'Unschedulable', ...extra,
  };
}

export function move(time: number, podKey: string, to: QueueMove['to'], from?: QueueMove['from']): QueueMove {
  return from === undefined ? { time, pod: podKey, to, reason: 'test' } : { time, pod: podKey, from, to, reason: 'test' };
}

export function result(parts: Partial<SimulationResult>): SimulationResult {
  return { version: 1, seed: 1, kubernetesVersion: { version: '1.37', source: 'default', detail: '' }, pods: [], cycles: [], events: [], nodes: [], warnings: [], endTime: 0, queue: [], ...parts };
}

/** Two nodes, one pod bound at the start, one pod scheduled in cycle 1 onto node-b. */
export function twoNodeRun(): SimulationResult {
  return result({
    nodes: [node('node-a', { zone: 'a' }), node('node-b', { zone: 'b' })],
    pods: [pod('default/old', { phase: 'Running', node: 'node-a' }), pod('default/web', { phase: 'Running', node: 'node-b' })],
    cycles: [cycle(1, 'default/web', {
      nodesEvaluated: ['node-a', 'node-b'],
      filter: {
        'node-a': [{ plugin: 'NodeResourcesFit', code: 'Unschedulable', reasons: ['Insufficient cpu'] }],
        'node-b': [{ plugin: 'NodeResourcesFit', code: 'Success' }],
      },
      feasible: ['node-b'], selected: 'node-b', result: 'Scheduled',
    })],
    events: [{ time: 0, type: 'Normal', reason: 'Scheduled', object: 'Pod/default/web', message: 'Successfully assigned default/web to node-b' }],
    queue: [
      move(0, 'default/old', 'bound'),
      move(0, 'default/web', 'activeQ'),
      move(0, 'default/web', 'scheduling', 'activeQ'),
      move(0, 'default/web', 'bound', 'scheduling'),
    ],
  });
}
