// EventsToRegister and the queueing hints, from upstream podtopologyspread/plugin_test.go
// (Test_isSchedulableAfterNodeChange, Test_isSchedulableAfterPodChange).

import { describe, expect, it } from 'vitest';
import type { ClusterEventWithHint } from '../../framework/interfaces';
import type { Node, Pod, Taint } from '../../model/types';
import { makeNode, makePod } from '../../testing/builders';
import { newTestEnv } from '../../testing/framework';
import { versionSwitches, type KubernetesVersion } from '../../versions';
import { PodTopologySpread } from './index';
import { barSelector, fooSelector, spreadEnv } from './testing';

function events(): ClusterEventWithHint[] {
  return spreadEnv({ nodes: [] }).plugin.eventsToRegister!();
}

describe('PodTopologySpread EventsToRegister', () => {
  it('registers Pod add/label/toleration/delete and Node add/delete/label/taint', () => {
    expect(events().map((e) => e.event)).toEqual([
      { resource: 'Pod', actionType: ['Add', 'UpdatePodLabel', 'UpdatePodToleration', 'Delete'] },
      { resource: 'Node', actionType: ['Add', 'Delete', 'UpdateNodeLabel', 'UpdateNodeTaint'] },
    ]);
  });
});

const zonePod = () => makePod().name('p').spreadConstraint(1, 'zone', 'DoNotSchedule', fooSelector);
const zoneNodePod = () => zonePod().spreadConstraint(1, 'node', 'DoNotSchedule', fooSelector);
const n = (labels: Record<string, string>, taints?: Taint[]): Node => {
  const w = makeNode().name('node-a').labels(labels);
  if (taints) w.taints(taints);
  return w.obj();
};

describe('PodTopologySpread isSchedulableAfterNodeChange (Test_isSchedulableAfterNodeChange)', () => {
  const rows: { name: string; pod: Pod; oldNode?: Node; newNode?: Node; want: 'Queue' | 'QueueSkip' }[] = [
    { name: 'node updates label which matches topologyKey', pod: zonePod().obj(), oldNode: n({ zone: 'zone1' }), newNode: n({ zone: 'zone2' }), want: 'Queue' },
    { name: "node that doesn't match topologySpreadConstraints updates non-related label", pod: zonePod().obj(), oldNode: n({ foo: 'bar1' }), newNode: n({ foo: 'bar2' }), want: 'QueueSkip' },
    {
      name: 'node that match topologySpreadConstraints adds non-related label', pod: zoneNodePod().obj(),
      oldNode: n({ zone: 'zone1', node: 'node1', foo: 'bar' }), newNode: n({ zone: 'zone1', node: 'node1' }), want: 'QueueSkip',
    },
    { name: 'create node with non-related labels', pod: zonePod().obj(), newNode: n({ foo: 'bar' }), want: 'QueueSkip' },
    { name: 'create node with related labels', pod: zonePod().obj(), newNode: n({ zone: 'zone1' }), want: 'Queue' },
    { name: 'delete node with non-related labels', pod: zonePod().obj(), oldNode: n({ foo: 'bar' }), want: 'QueueSkip' },
    { name: 'delete node with related labels', pod: zonePod().obj(), oldNode: n({ zone: 'zone1' }), want: 'Queue' },
    { name: 'add node with related labels that only match one of topologySpreadConstraints', pod: zoneNodePod().obj(), newNode: n({ zone: 'zone1' }), want: 'QueueSkip' },
    { name: 'add node with related labels that match all topologySpreadConstraints', pod: zoneNodePod().obj(), newNode: n({ zone: 'zone1', node: 'node1' }), want: 'Queue' },
    { name: 'update node with related labels that only match one of topologySpreadConstraints', pod: zoneNodePod().obj(), oldNode: n({ zone: 'zone1' }), newNode: n({ zone: 'zone1' }), want: 'QueueSkip' },
    {
      name: 'update node with related labels that match all topologySpreadConstraints', pod: zoneNodePod().obj(),
      oldNode: n({ zone: 'zone1', node: 'node1' }), newNode: n({ zone: 'zone1', node: 'node2' }), want: 'Queue',
    },
    {
      name: 'update node with different taints that match all topologySpreadConstraints', pod: zoneNodePod().obj(),
      oldNode: n({ zone: 'zone1', node: 'node1' }, [{ key: 'aaa', value: 'bbb', effect: 'NoSchedule' }]),
      newNode: n({ zone: 'zone1', node: 'node1' }, [{ key: 'ccc', value: 'bbb', effect: 'NoSchedule' }]), want: 'Queue',
    },
    {
      name: 'update node with different taints that only match one of topologySpreadConstraints', pod: zoneNodePod().obj(),
      oldNode: n({ node: 'node1' }, [{ key: 'aaa', value: 'bbb', effect: 'NoSchedule' }]),
      newNode: n({ node: 'node1' }, [{ key: 'ccc', value: 'bbb', effect: 'NoSchedule' }]), want: 'QueueSkip',
    },
  ];
  it.each(rows)('$name', ({ pod, oldNode, newNode, want }) => {
    expect(events()[1]!.hint!(pod, oldNode, newNode)).toBe(want);
  });
});

const fooPod = () => makePod().uid('p').name('p').label('foo', '').spreadConstraint(1, 'zone', 'DoNotSchedule', fooSelector);
const fooBarPod = () => fooPod().spreadConstraint(1, 'node', 'DoNotSchedule', barSelector);
/** st.MakePod().UID("p2"): a different pod from "p" */
const other = (labels: Record<string, string>, nodeName?: string, namespace?: string): Pod => {
  const w = makePod().uid('p2').labels(labels);
  if (nodeName) w.node(nodeName);
  if (namespace) w.namespace(namespace);
  return w.obj();
};

const zoneHonorNodeBar = (taintsPolicy: 'Honor' | 'Ignore'): Pod => makePod().uid('p').name('p').label('foo', '')
  .spreadConstraint(1, 'zone', 'DoNotSchedule', fooSelector, { nodeTaintsPolicy: taintsPolicy })
  .spreadConstraint(1, 'node', 'DoNotSchedule', barSelector).obj();
/** st.MakePod().UID("p").Name("p"): the pod being scheduled, updated */
const self = (labels: Record<string, string>, tolerateUnschedulable = false): Pod => {
  const w = makePod().uid('p').name('p').labels(labels);
  if (tolerateUnschedulable) w.toleration({ key: 'node.kubernetes.io/unschedulable', operator: 'Exists' });
  return w.obj();
};

describe('PodTopologySpread isSchedulableAfterPodChange (Test_isSchedulableAfterPodChange)', () => {
  const rows: { name: string; pod: Pod; oldPod?: Pod; newPod?: Pod; want: 'Queue' | 'QueueSkip' }[] = [
    { name: 'add pod with labels match topologySpreadConstraints selector', pod: fooPod().obj(), newPod: other({ foo: '' }, 'fake-node'), want: 'Queue' },
    { name: 'add un-scheduled pod', pod: fooPod().obj(), newPod: other({ foo: '' }), want: 'QueueSkip' },
    { name: 'update un-scheduled pod', pod: fooPod().obj(), newPod: other({ foo: '' }), oldPod: other({ bar: '' }), want: 'QueueSkip' },
    { name: 'delete un-scheduled pod', pod: fooPod().obj(), oldPod: other({ foo: '' }), want: 'QueueSkip' },
    { name: 'add pod with different namespace', pod: fooPod().obj(), newPod: other({ foo: '' }, 'fake-node', 'fake-namespace'), want: 'QueueSkip' },
    { name: "add pod with labels don't match topologySpreadConstraints selector", pod: fooPod().obj(), newPod: other({ bar: '' }, 'fake-node'), want: 'QueueSkip' },
    { name: 'delete pod with labels that match topologySpreadConstraints selector', pod: fooPod().obj(), oldPod: other({ foo: '' }, 'fake-node'), want: 'Queue' },
    { name: "delete pod with labels that don't match topologySpreadConstraints selector", pod: fooPod().obj(), oldPod: other({ bar: '' }, 'fake-node'), want: 'QueueSkip' },
    { name: "update pod's non-related label", pod: fooPod().obj(), oldPod: other({ foo: '', bar: 'bar1' }, 'fake-node'), newPod: other({ foo: '', bar: 'bar2' }, 'fake-node'), want: 'QueueSkip' },
    { name: "add pod's label that matches topologySpreadConstraints selector", pod: fooPod().obj(), oldPod: other({}, 'fake-node'), newPod: other({ foo: '' }, 'fake-node'), want: 'Queue' },
    { name: 'delete pod label that matches topologySpreadConstraints selector', pod: fooPod().obj(), oldPod: other({ foo: '' }, 'fake-node'), newPod: other({}, 'fake-node'), want: 'Queue' },
    { name: "change pod's label that matches topologySpreadConstraints selector", pod: fooPod().obj(), oldPod: other({ foo: 'foo1' }, 'fake-node'), newPod: other({ foo: 'foo2' }, 'fake-node'), want: 'QueueSkip' },
    {
      name: "change pod's label that doesn't match topologySpreadConstraints selector", pod: fooPod().obj(),
      oldPod: other({ foo: '', bar: 'bar1' }, 'fake-node'), newPod: other({ foo: '', bar: 'bar2' }, 'fake-node'), want: 'QueueSkip',
    },
    {
      name: "add pod's label that matches topologySpreadConstraints selector with multi topologySpreadConstraints", pod: fooBarPod().obj(),
      oldPod: other({ foo: '' }, 'fake-node'), newPod: other({ foo: '', bar: 'bar2' }, 'fake-node'), want: 'Queue',
    },
    {
      name: "change pod's label that doesn't match topologySpreadConstraints selector with multi topologySpreadConstraints", pod: fooBarPod().obj(),
      oldPod: other({ foo: '' }, 'fake-node'), newPod: other({ foo: '', baz: '' }, 'fake-node'), want: 'QueueSkip',
    },
    {
      name: "change pod's label that match topologySpreadConstraints selector with multi topologySpreadConstraints", pod: fooBarPod().obj(),
      oldPod: other({ foo: '', bar: '' }, 'fake-node'), newPod: other({ foo: '', bar: 'bar2' }, 'fake-node'), want: 'QueueSkip',
    },
    {
      name: 'the unschedulable Pod has topologySpreadConstraint with NodeTaintsPolicy:Honor and has got a new toleration',
      pod: zoneHonorNodeBar('Honor'), oldPod: self({ foo: '' }), newPod: self({ foo: '' }, true), want: 'Queue',
    },
    {
      name: 'the unschedulable Pod has topologySpreadConstraint without NodeTaintsPolicy:Honor and has got a new toleration',
      pod: zoneHonorNodeBar('Ignore'), oldPod: self({ foo: '' }), newPod: self({ foo: '' }, true), want: 'QueueSkip',
    },
    {
      name: 'the unschedulable Pod has topologySpreadConstraint and has got a new label matching the selector of the constraint',
      pod: zoneHonorNodeBar('Ignore'), oldPod: self({}), newPod: self({ foo: '' }), want: 'Queue',
    },
    {
      name: 'the unschedulable Pod has topologySpreadConstraint and has got a new unrelated label',
      pod: zoneHonorNodeBar('Ignore'), oldPod: self({}), newPod: self({ unrelated: '' }), want: 'QueueSkip',
    },
  ];
  it.each(rows)('$name', ({ pod, oldPod, newPod, want }) => {
    expect(events()[0]!.hint!(pod, oldPod, newPod)).toBe(want);
  });
});

// PR #135392 (v1.36): a pod nominated to a node is involved in topology spreading like an assigned
// one (upstream involvedInTopologySpreading checks status.nominatedNodeName from then on).
describe('PodTopologySpread isSchedulableAfterPodChange, nominated pods per version (PR #135392)', () => {
  const nominated = (labels: Record<string, string>) => {
    const o = other(labels);
    o.status.nominatedNodeName = 'fake-node';
    return o;
  };
  const hintAt = (version: KubernetesVersion) => {
    const env = newTestEnv({ nodes: [], versionSwitches: versionSwitches(version) });
    return PodTopologySpread.factory({ defaultingType: 'List' }, env.handle).eventsToRegister!()[0]!.hint!;
  };
  const rows: { name: string; versions: KubernetesVersion[]; oldPod?: Pod; newPod?: Pod; want: 'Queue' | 'QueueSkip' }[] = [
    { name: 'delete a nominated pod with labels that match topologySpreadConstraints selector', versions: ['1.36', '1.37'], oldPod: nominated({ foo: '' }), want: 'Queue' },
    { name: 'delete a nominated pod with labels that match topologySpreadConstraints selector (skipped before the fix)', versions: ['1.35'], oldPod: nominated({ foo: '' }), want: 'QueueSkip' },
    { name: 'add a nominated pod with labels that match topologySpreadConstraints selector', versions: ['1.36', '1.37'], newPod: nominated({ foo: '' }), want: 'Queue' },
    { name: "delete a nominated pod with labels that don't match topologySpreadConstraints selector", versions: ['1.35', '1.36', '1.37'], oldPod: nominated({ bar: '' }), want: 'QueueSkip' },
  ];
  it.each(rows)('$name ($versions)', ({ versions, oldPod, newPod, want }) => {
    for (const v of versions) expect(hintAt(v)(fooPod().obj(), oldPod, newPod), `at v${v}`).toBe(want);
  });
});
