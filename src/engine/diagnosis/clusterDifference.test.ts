// A dump's recorded pod state against the simulated outcome.
import { describe, expect, it } from 'vitest';
import { simulate } from '../index';
import { clusterDifference, failedSchedulingReasons } from './clusterDifference';

const nodes = `
apiVersion: v1
kind: Node
metadata: {name: n1}
status: {allocatable: {cpu: "2", memory: 8Gi, pods: "110"}}
`;
const pendingPod = (name: string, cpu: string, message: string) => `---
apiVersion: v1
kind: Pod
metadata: {name: ${name}, namespace: default}
spec: {containers: [{name: c, image: nginx, resources: {requests: {cpu: "${cpu}"}}}]}
status:
  phase: Pending
  conditions: [{type: PodScheduled, status: "False", reason: Unschedulable, message: "${message}"}]
`;

function outcomes(text: string) {
  const o = simulate(text);
  if (!o.ok) throw new Error(o.errors.map((e) => e.message).join('\n'));
  return new Map(o.result.pods.map((p) => [p.pod, p]));
}

describe('clusterDifference', () => {
  const pods = outcomes(nodes
    + pendingPod('fits-here', '1', '0/1 nodes are available: 1 Insufficient cpu.')
    + pendingPod('too-big', '4', '0/1 nodes are available: 1 Insufficient cpu.')
    + pendingPod('other-reason', '4', '0/1 nodes are available: 1 node(s) had untolerated taint(s).')
    + `---
apiVersion: v1
kind: Pod
metadata: {name: handwritten, namespace: default}
spec: {containers: [{name: c, image: nginx}]}
`);

  it('keeps the recorded state of a dump pod', () => {
    expect(pods.get('default/fits-here')!.recorded).toEqual({
      phase: 'Pending', scheduled: { status: 'False', reason: 'Unschedulable', message: '0/1 nodes are available: 1 Insufficient cpu.' },
    });
    expect(pods.get('default/handwritten')!.recorded).toBeUndefined();
  });

  it('flags a pod the cluster left Pending and the simulation placed', () => {
    expect(clusterDifference(pods.get('default/fits-here')!)).toMatchObject({ kind: 'placed', cluster: { phase: 'Pending', reason: 'Unschedulable' }, simulated: { node: 'n1' } });
  });

  it('does not flag a pod Pending in both for the same reason', () => {
    expect(clusterDifference(pods.get('default/too-big')!)).toBeUndefined();
  });

  it('flags a pod Pending in both for different reasons', () => {
    expect(clusterDifference(pods.get('default/other-reason')!)).toMatchObject({ kind: 'reason' });
  });

  it('says nothing about a pod without recorded state', () => {
    expect(clusterDifference(pods.get('default/handwritten')!)).toBeUndefined();
  });
});

describe('failedSchedulingReasons', () => {
  it.each([
    ['0/3 nodes are available: 1 Insufficient cpu, 2 node(s) had untolerated taint(s). preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.', ['Insufficient cpu', 'node(s) had untolerated taint(s)']],
    ['0/2 nodes are available: 2 node(s) didn\'t match Pod\'s node affinity/selector. no new claims to deallocate, preemption: x', ["node(s) didn't match Pod's node affinity/selector"]],
    ['0/1 nodes are available: 1 Insufficient memory.', ['Insufficient memory']],
    ['running PreBind plugin "VolumeBinding": timed out', ['running PreBind plugin "VolumeBinding": timed out']],
  ])('%s', (message, reasons) => {
    expect(failedSchedulingReasons(message)).toEqual(reasons);
  });
});
