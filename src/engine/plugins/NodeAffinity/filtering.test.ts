// Cases from upstream nodeaffinity/node_affinity_test.go (TestNodeAffinity). Upstream runs
// Filter in every case, after PreFilter when runPreFilter is set; so do we.
import { describe, expect, it } from 'vitest';
import { CycleState } from '../../framework/cycleState';
import { NodeInfo } from '../../framework/nodeInfo';
import { newPodInfo } from '../../framework/podInfo';
import type { Affinity, Labels, NodeAffinity as NodeAffinityType, NodeSelectorRequirement, NodeSelectorTerm, Pod } from '../../model/types';
import { makeNode, makePod } from '../../testing/builders';
import { newTestEnv } from '../../testing/framework';
import { ErrReasonConflict, ErrReasonEnforced, ErrReasonPod } from './filtering';
import { NodeAffinity } from './index';

function pod(spec: { nodeSelector?: Labels; affinity?: Affinity } = {}): Pod {
  const p = makePod().name('p').obj();
  if (spec.nodeSelector) p.spec.nodeSelector = spec.nodeSelector;
  if (spec.affinity) p.spec.affinity = spec.affinity;
  return p;
}
const required = (...nodeSelectorTerms: NodeSelectorTerm[]): Affinity => ({ nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms } } });
const expr = (key: string, operator: NodeSelectorRequirement['operator'], values?: string[]): NodeSelectorRequirement => ({ key, operator, ...(values ? { values } : {}) });
const nameIn = (name: string): NodeSelectorRequirement => ({ key: 'metadata.name', operator: 'In', values: [name] });

interface Case {
  name: string;
  pod: Pod;
  labels?: Labels;
  nodeName?: string;
  filter?: string;
  preFilter?: { code: string; reason: string };
  preFilterResult?: string[];
  addedAffinity?: NodeAffinityType;
  runPreFilter?: boolean;
}

const cases: Case[] = [
  { name: 'missing labels', pod: pod({ nodeSelector: { foo: 'bar' } }), filter: ErrReasonPod },
  { name: 'same labels', pod: pod({ nodeSelector: { foo: 'bar' } }), labels: { foo: 'bar' } },
  { name: 'node labels are superset', pod: pod({ nodeSelector: { foo: 'bar' } }), labels: { foo: 'bar', baz: 'blah' } },
  { name: 'node labels are subset', pod: pod({ nodeSelector: { foo: 'bar', baz: 'blah' } }), labels: { foo: 'bar' }, filter: ErrReasonPod },
  { name: 'Pod with matchExpressions using In operator that matches the existing node', pod: pod({ affinity: required({ matchExpressions: [expr('foo', 'In', ['bar', 'value2'])] }) }), labels: { foo: 'bar' } },
  { name: 'Pod with matchExpressions using Gt operator that matches the existing node', pod: pod({ affinity: required({ matchExpressions: [expr('kernel-version', 'Gt', ['0204'])] }) }), labels: { 'kernel-version': '0206' } },
  { name: 'Pod with matchExpressions using NotIn operator that matches the existing node', pod: pod({ affinity: required({ matchExpressions: [expr('mem-type', 'NotIn', ['DDR', 'DDR2'])] }) }), labels: { 'mem-type': 'DDR3' } },
  { name: 'Pod with matchExpressions using Exists operator that matches the existing node', pod: pod({ affinity: required({ matchExpressions: [expr('GPU', 'Exists')] }) }), labels: { GPU: 'NVIDIA-GRID-K1' } },
  { name: "Pod with affinity that don't match node's labels won't schedule onto the node", pod: pod({ affinity: required({ matchExpressions: [expr('foo', 'In', ['value1', 'value2'])] }) }), labels: { foo: 'bar' }, filter: ErrReasonPod },
  { name: "Pod with empty MatchExpressions is not a valid value will match no objects and won't schedule onto the node", pod: pod({ affinity: required({ matchExpressions: [] }) }), labels: { foo: 'bar' }, filter: ErrReasonPod },
  { name: 'Pod with no Affinity will schedule onto a node', pod: pod(), labels: { foo: 'bar' }, preFilter: { code: 'Skip', reason: '' } },
  { name: 'Pod with Affinity but nil NodeSelector will schedule onto a node', pod: pod({ affinity: { nodeAffinity: {} } }), labels: { foo: 'bar' }, preFilter: { code: 'Skip', reason: '' } },
  { name: 'Pod with multiple matchExpressions ANDed that matches the existing node', pod: pod({ affinity: required({ matchExpressions: [expr('GPU', 'Exists'), expr('GPU', 'NotIn', ['AMD', 'INTER'])] }) }), labels: { GPU: 'NVIDIA-GRID-K1' } },
  { name: "Pod with multiple matchExpressions ANDed that doesn't match the existing node", pod: pod({ affinity: required({ matchExpressions: [expr('GPU', 'Exists'), expr('GPU', 'In', ['AMD', 'INTER'])] }) }), labels: { GPU: 'NVIDIA-GRID-K1' }, filter: ErrReasonPod },
  { name: "Pod with multiple NodeSelectorTerms ORed in affinity, matches the node's labels and will schedule onto the node", pod: pod({ affinity: required({ matchExpressions: [expr('foo', 'In', ['bar', 'value2'])] }, { matchExpressions: [expr('diffkey', 'In', ['wrong', 'value2'])] }) }), labels: { foo: 'bar' } },
  { name: 'Pod with an Affinity and a PodSpec.NodeSelector(the old thing that we are deprecating) both are satisfied, will schedule onto the node', pod: pod({ nodeSelector: { foo: 'bar' }, affinity: required({ matchExpressions: [expr('foo', 'Exists')] }) }), labels: { foo: 'bar' } },
  { name: "Pod with an Affinity matches node's labels but the PodSpec.NodeSelector(the old thing that we are deprecating) is not satisfied, won't schedule onto the node", pod: pod({ nodeSelector: { foo: 'bar' }, affinity: required({ matchExpressions: [expr('foo', 'Exists')] }) }), labels: { foo: 'barrrrrr' }, filter: ErrReasonPod },
  { name: "Pod with an invalid value in Affinity term won't be scheduled onto the node", pod: pod({ affinity: required({ matchExpressions: [expr('foo', 'NotIn', ['invalid value: ___@#$%^'])] }) }), labels: { foo: 'bar' }, filter: ErrReasonPod },
  { name: 'Pod with matchFields using In operator that matches the existing node', pod: pod({ affinity: required({ matchFields: [nameIn('node1')] }) }), nodeName: 'node1', preFilterResult: ['node1'] },
  { name: 'Pod with matchFields using In operator that does not match the existing node', pod: pod({ affinity: required({ matchFields: [nameIn('node1')] }) }), nodeName: 'node2', filter: ErrReasonPod, preFilterResult: ['node1'] },
  { name: 'Pod with two terms: matchFields does not match, but matchExpressions matches', pod: pod({ affinity: required({ matchFields: [nameIn('node1')] }, { matchExpressions: [expr('foo', 'In', ['bar'])] }) }), nodeName: 'node2', labels: { foo: 'bar' } },
  { name: 'Pod with one term: matchFields does not match, but matchExpressions matches', pod: pod({ affinity: required({ matchFields: [nameIn('node1')], matchExpressions: [expr('foo', 'In', ['bar'])] }) }), nodeName: 'node2', labels: { foo: 'bar' }, preFilterResult: ['node1'], filter: ErrReasonPod },
  { name: 'Pod with one term: both matchFields and matchExpressions match', pod: pod({ affinity: required({ matchFields: [nameIn('node1')], matchExpressions: [expr('foo', 'In', ['bar'])] }) }), nodeName: 'node1', labels: { foo: 'bar' }, preFilterResult: ['node1'] },
  { name: 'Pod with two terms: both matchFields and matchExpressions do not match', pod: pod({ affinity: required({ matchFields: [nameIn('node1')] }, { matchExpressions: [expr('foo', 'In', ['not-match-to-bar'])] }) }), nodeName: 'node2', labels: { foo: 'bar' }, filter: ErrReasonPod },
  { name: 'Pod with two terms of node.Name affinity', pod: pod({ affinity: required({ matchFields: [nameIn('node1')] }, { matchFields: [nameIn('node2')] }) }), nodeName: 'node2', preFilterResult: ['node1', 'node2'] },
  { name: 'Pod with two conflicting mach field requirements', pod: pod({ affinity: required({ matchFields: [nameIn('node1'), nameIn('node2')] }) }), nodeName: 'node2', labels: { foo: 'bar' }, preFilter: { code: 'UnschedulableAndUnresolvable', reason: ErrReasonConflict }, filter: ErrReasonPod },
  { name: "Matches added affinity and Pod's node affinity", pod: pod({ affinity: required({ matchExpressions: [expr('zone', 'In', ['foo'])] }) }), nodeName: 'node2', labels: { zone: 'foo' }, addedAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields: [nameIn('node2')] }] } } },
  { name: "Matches added affinity but not Pod's node affinity", pod: pod({ affinity: required({ matchExpressions: [expr('zone', 'In', ['bar'])] }) }), nodeName: 'node2', labels: { zone: 'foo' }, addedAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields: [nameIn('node2')] }] } }, filter: ErrReasonPod },
  { name: "Doesn't match added affinity", pod: pod(), nodeName: 'node2', labels: { zone: 'foo' }, addedAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [expr('zone', 'In', ['bar'])] }] } }, filter: ErrReasonEnforced },
  { name: 'Matches node selector correctly even if PreFilter is not called', pod: pod({ nodeSelector: { foo: 'bar' } }), labels: { foo: 'bar', baz: 'blah' }, runPreFilter: false },
  { name: 'Matches node affinity correctly even if PreFilter is not called', pod: pod({ affinity: required({ matchExpressions: [expr('GPU', 'Exists'), expr('GPU', 'NotIn', ['AMD', 'INTER'])] }) }), labels: { GPU: 'NVIDIA-GRID-K1' }, runPreFilter: false },
];

describe('NodeAffinity PreFilter + Filter (TestNodeAffinity)', () => {
  it.each(cases)('$name', (c) => {
    const node = makeNode().name(c.nodeName ?? '').labels(c.labels ?? {}).obj();
    const plugin = NodeAffinity.factory({ ...(c.addedAffinity ? { addedAffinity: c.addedAffinity } : {}) }, newTestEnv({ nodes: [] }).handle);
    const state = new CycleState();
    const podInfo = newPodInfo(c.pod);
    const nodeInfo = new NodeInfo(node);
    if (c.runPreFilter ?? true) {
      const { result, status } = plugin.preFilter!(state, podInfo, [nodeInfo]);
      expect(status.code).toBe(c.preFilter?.code ?? 'Success');
      if (c.preFilter?.reason) expect(status.reasons).toEqual([c.preFilter.reason]);
      expect(result?.nodeNames ? [...result.nodeNames].sort() : undefined).toEqual(c.preFilterResult);
    }
    const status = plugin.filter!(state, podInfo, nodeInfo);
    if (c.filter) {
      expect(status.code).toBe('UnschedulableAndUnresolvable');
      expect(status.reasons).toEqual([c.filter]);
    } else {
      expect(status.code).toBe('Success');
    }
  });

  it('a nodeSelector written as {} does not Skip PreFilter (upstream checks for nil)', () => {
    const plugin = NodeAffinity.factory({}, newTestEnv({ nodes: [] }).handle);
    expect(plugin.preFilter!(new CycleState(), newPodInfo(pod({ nodeSelector: {} })), []).status.code).toBe('Success');
  });

  it('a matchFields In with no values conflicts', () => {
    const plugin = NodeAffinity.factory({}, newTestEnv({ nodes: [] }).handle);
    const p = pod({ affinity: required({ matchFields: [{ key: 'metadata.name', operator: 'In', values: [] }] }) });
    expect(plugin.preFilter!(new CycleState(), newPodInfo(p), []).status.reasons).toEqual([ErrReasonConflict]);
  });
});
