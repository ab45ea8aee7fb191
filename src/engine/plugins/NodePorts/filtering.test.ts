// Cases from upstream nodeports/node_ports_test.go (TestNodePorts, TestPreFilterDisabled,
// Test_isSchedulableAfterPodDeleted) and pkg/scheduler/util/utils_test.go (TestGetHostPorts).
import { describe, expect, it } from 'vitest';
import { CycleState } from '../../framework/cycleState';
import { getHostPorts, NodeInfo } from '../../framework/nodeInfo';
import { newPodInfo } from '../../framework/podInfo';
import type { ContainerPort, Pod } from '../../model/types';
import { makeNode, makePod } from '../../testing/builders';
import { newTestEnv } from '../../testing/framework';
import { ErrReason, filterNodePorts, isSchedulableAfterPodDeleted, preFilterNodePorts } from './filtering';
import { NodePorts } from './index';

/** upstream's newPod(host, "PROTOCOL/HOSTIP/PORT"...): one container with those host ports */
function newPod(host: string, ...hostPortInfos: string[]): Pod {
  const ports: ContainerPort[] = hostPortInfos.map((info) => {
    const [protocol, hostIP, port] = info.split('/') as ['TCP' | 'UDP', string, string];
    return { containerPort: 0, hostIP, hostPort: Number(port), protocol };
  });
  const pod = makePod().name(`p-${hostPortInfos.join('-')}`).node(host).obj();
  pod.spec.containers.push({ name: 'c', ports });
  return pod;
}

const cases: { name: string; pod: Pod; existing?: Pod; preFilter?: 'Skip'; filter?: 'Unschedulable' }[] = [
  { name: 'skip filter', pod: makePod().name('p').obj(), preFilter: 'Skip' },
  { name: 'other port', pod: newPod('m1', 'UDP/127.0.0.1/8080'), existing: newPod('m1', 'UDP/127.0.0.1/9090') },
  { name: 'same udp port', pod: newPod('m1', 'UDP/127.0.0.1/8080'), existing: newPod('m1', 'UDP/127.0.0.1/8080'), filter: 'Unschedulable' },
  { name: 'same tcp port', pod: newPod('m1', 'TCP/127.0.0.1/8080'), existing: newPod('m1', 'TCP/127.0.0.1/8080'), filter: 'Unschedulable' },
  { name: 'different host ip', pod: newPod('m1', 'TCP/127.0.0.1/8080'), existing: newPod('m1', 'TCP/127.0.0.2/8080') },
  { name: 'different protocol', pod: newPod('m1', 'UDP/127.0.0.1/8080'), existing: newPod('m1', 'TCP/127.0.0.1/8080') },
  { name: 'second udp port conflict', pod: newPod('m1', 'UDP/127.0.0.1/8000', 'UDP/127.0.0.1/8080'), existing: newPod('m1', 'UDP/127.0.0.1/8080'), filter: 'Unschedulable' },
  { name: 'first tcp port conflict', pod: newPod('m1', 'TCP/127.0.0.1/8001', 'UDP/127.0.0.1/8080'), existing: newPod('m1', 'TCP/127.0.0.1/8001', 'UDP/127.0.0.1/8081'), filter: 'Unschedulable' },
  { name: 'first tcp port conflict due to 0.0.0.0 hostIP', pod: newPod('m1', 'TCP/0.0.0.0/8001'), existing: newPod('m1', 'TCP/127.0.0.1/8001'), filter: 'Unschedulable' },
  { name: 'TCP hostPort conflict due to 0.0.0.0 hostIP', pod: newPod('m1', 'TCP/10.0.10.10/8001', 'TCP/0.0.0.0/8001'), existing: newPod('m1', 'TCP/127.0.0.1/8001'), filter: 'Unschedulable' },
  { name: 'second tcp port conflict to 0.0.0.0 hostIP', pod: newPod('m1', 'TCP/127.0.0.1/8001'), existing: newPod('m1', 'TCP/0.0.0.0/8001'), filter: 'Unschedulable' },
  { name: 'second different protocol', pod: newPod('m1', 'UDP/127.0.0.1/8001'), existing: newPod('m1', 'TCP/0.0.0.0/8001') },
  { name: 'UDP hostPort conflict due to 0.0.0.0 hostIP', pod: newPod('m1', 'UDP/127.0.0.1/8001'), existing: newPod('m1', 'TCP/0.0.0.0/8001', 'UDP/0.0.0.0/8001'), filter: 'Unschedulable' },
];

describe('NodePorts PreFilter + Filter (TestNodePorts)', () => {
  it.each(cases)('$name', ({ pod, existing, preFilter, filter }) => {
    const plugin = NodePorts.factory(undefined, newTestEnv({ nodes: [] }).handle);
    const nodeInfo = new NodeInfo(makeNode().name('m1').obj());
    if (existing) nodeInfo.addPod(newPodInfo(existing));
    const state = new CycleState();
    const pre = plugin.preFilter!(state, newPodInfo(pod), [nodeInfo]).status;
    expect(pre.code).toBe(preFilter ?? 'Success');
    if (pre.isSkip()) return;
    const status = plugin.filter!(state, newPodInfo(pod), nodeInfo);
    expect(status.code).toBe(filter ?? 'Success');
    if (filter) expect(status.reasons).toEqual([ErrReason]);
  });

  it('the status names the conflicting port', () => {
    const state = new CycleState();
    preFilterNodePorts(state, newPod('m1', 'TCP/127.0.0.1/8000', 'UDP/127.0.0.1/8080'));
    const nodeInfo = new NodeInfo(makeNode().name('m1').obj());
    nodeInfo.addPod(newPodInfo(newPod('m1', 'UDP/0.0.0.0/8080')));
    expect(filterNodePorts(state, nodeInfo.usedPorts).details).toEqual({ conflictingPort: { hostIP: '127.0.0.1', protocol: 'UDP', hostPort: 8080 } });
  });
});

describe('NodePorts Filter without PreFilter (TestPreFilterDisabled)', () => {
  it('is an error', () => {
    const status = filterNodePorts(new CycleState(), new NodeInfo(makeNode().name('n').obj()).usedPorts);
    expect(status.code).toBe('Error');
    expect(status.reasons).toEqual(['reading "PreFilterNodePorts" from cycleState: not found']);
  });
});

describe('GetHostPorts (TestGetHostPorts)', () => {
  it('takes host ports of containers and restartable init containers only', () => {
    const pod = makePod().name('p').obj();
    pod.spec.initContainers = [
      { name: 'init', ports: [{ containerPort: 1, hostPort: 8000 }] },
      { name: 'sidecar', restartPolicy: 'Always', ports: [{ containerPort: 2, hostPort: 8001 }, { containerPort: 3 }] },
    ];
    pod.spec.containers.push({ name: 'c', ports: [{ containerPort: 4, hostPort: 8002, protocol: 'UDP' }, { containerPort: 5, hostPort: 0 }] });
    expect(getHostPorts(pod).map((p) => p.port)).toEqual([8001, 8002]);
  });
});

describe('isSchedulableAfterPodDeleted (Test_isSchedulableAfterPodDeleted)', () => {
  const podWithHostPort = makePod().name('p').hostPort(8080).obj();
  const cases: { name: string; deleted: Pod; want: 'Queue' | 'QueueSkip' }[] = [
    { name: 'skip-queue-on-unscheduled', deleted: makePod().name('d').obj(), want: 'QueueSkip' },
    { name: 'skip-queue-on-non-hostport', deleted: makePod().name('d').node('fake-node').obj(), want: 'QueueSkip' },
    { name: 'skip-queue-on-unrelated-hostport', deleted: makePod().name('d').node('fake-node').hostPort(8081).obj(), want: 'QueueSkip' },
    { name: 'queue-on-released-hostport', deleted: makePod().name('d').node('fake-node').hostPort(8080).obj(), want: 'Queue' },
  ];
  it.each(cases)('$name', ({ deleted, want }) => {
    expect(isSchedulableAfterPodDeleted(podWithHostPort, deleted)).toBe(want);
  });
});
