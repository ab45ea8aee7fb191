// Simulation.podEndStates, the fix search's read of a variant, gives each pod's end state exactly
// as result() does: the same pods in the same order, the same phase, node, owner, reason, message
// and deletion time. Checked on every example scenario and on a run with a gated, a preempted and
// a Pending pod.

import { describe, expect, it } from 'vitest';
import type { PodOutcome } from '../api';
import { startSimulation } from '../index';

const examples = import.meta.glob('../../../scenarios/*.yaml', { query: '?raw', import: 'default', eager: true }) as Record<string, string>;

const node = (name: string, cpu: string) => `apiVersion: v1\nkind: Node\nmetadata: {name: ${name}}\nstatus: {allocatable: {cpu: "${cpu}", memory: 4Gi, pods: "110"}}`;
const pod = (name: string, spec: string) => `apiVersion: v1\nkind: Pod\nmetadata: {name: ${name}, namespace: default, ownerReferences: [{apiVersion: apps/v1, kind: ReplicaSet, name: rs-${name}, uid: u-${name}, controller: true}]}\nspec: {${spec}}`;
const container = (cpu: string) => `containers: [{name: c, image: busybox, resources: {requests: {cpu: "${cpu}"}}}]`;
const mixed = [
  'apiVersion: scheduling.k8s.io/v1\nkind: PriorityClass\nmetadata: {name: high}\nvalue: 1000',
  node('node-a', '2'),
  pod('low', `nodeName: node-a, ${container('2')}`),
  pod('critical', `priorityClassName: high, ${container('2')}`),
  pod('gated', `schedulingGates: [{name: example.com/wait}], ${container('1')}`),
  pod('too-big', container('64')),
].join('\n---\n');

const picked = (p: PodOutcome) => ({
  pod: p.pod, phase: p.phase,
  ...(p.node !== undefined ? { node: p.node } : {}),
  ...(p.owner !== undefined ? { owner: p.owner } : {}),
  ...(p.reason !== undefined ? { reason: p.reason } : {}),
  ...(p.message !== undefined ? { message: p.message } : {}),
  ...(p.deletedAt !== undefined ? { deletedAt: p.deletedAt } : {}),
});

function both(text: string) {
  const started = startSimulation(text, { seed: 1 });
  if (!started.ok) throw new Error(started.errors.map((e) => e.message).join('; '));
  for (const _cycle of started.simulation.run()) { /* to the end */ }
  return { lean: started.simulation.podEndStates(), result: started.simulation.result() };
}

describe('podEndStates', () => {
  it.each(Object.entries(examples))('%s: the end states result() gives', (_name, text) => {
    const { lean, result } = both(text);
    expect(lean).toEqual(result.pods.map(picked));
  });

  it('a preempted, a gated and a Pending pod: each with its reason and message', () => {
    const { lean, result } = both(mixed);
    expect(lean).toEqual(result.pods.map(picked));
    const of = (name: string) => lean.find((p) => p.pod === `default/${name}` && (name !== 'low' || p.deletedAt !== undefined));
    expect(of('low')).toMatchObject({ reason: 'Preempted', owner: 'ReplicaSet/rs-low' });
    expect(of('critical')).toMatchObject({ node: 'node-a' });
    expect(of('gated')).toMatchObject({ reason: 'SchedulingGated', phase: 'Pending' });
    expect(of('too-big')).toMatchObject({ reason: 'Unschedulable', phase: 'Pending' });
  });
});
