// "Add a node like X" adds a fresh machine of X's pool: one row per field of X that stays with X.
import { describe, expect, it } from 'vitest';
import { loadExpandedScenario } from '../index';
import { applyEdits, copyScenario } from './edits';
import { STORED_CORDONED_NODE as STORED } from '../testing/storedNode';

describe('a node like X is a fresh machine of its pool', () => {
  const loaded = loadExpandedScenario(STORED, 'dump.yaml');
  if (!loaded.ok) throw new Error(loaded.errors.map((e) => `${e.line}:${e.column} ${e.message}`).join('\n'));
  const s = applyEdits(copyScenario(loaded.scenario), [{ kind: 'add-node', like: 'ip-10-0-3-17.ec2.internal', name: 'ip-10-0-3-17-2.ec2.internal', pool: { 'node-pool': 'general' } }]);
  const original = s.nodes[0]!;
  const clone = s.nodes.find((n) => n.metadata.name === 'ip-10-0-3-17-2.ec2.internal')!;

  it.each<[string, (n: typeof clone) => unknown]>([
    ['uid', (n) => n.metadata.uid],
    ['creationTimestamp', (n) => n.metadata.creationTimestamp],
    ['annotations: the incident\'s "do not uncordon", the CSI node id, the kubelet\'s ttl', (n) => n.metadata.annotations],
    ['spec.unschedulable (the cordon)', (n) => n.spec.unschedulable],
    ['status.conditions (NotReady, heartbeats and transition times)', (n) => n.status.conditions],
    ['status.images', (n) => n.status.images],
    ['the instance-id label', (n) => n.metadata.labels?.['alpha.eksctl.io/instance-id']],
  ])('not copied: %s', (_field, read) => {
    expect(read(original)).toBeDefined();
    expect(read(clone)).toBeUndefined();
  });

  it.each([
    ['the cordon\'s taint', 'node.kubernetes.io/unschedulable', false],
    ['the NotReady condition\'s taint', 'node.kubernetes.io/not-ready', false],
    ['cluster-autoscaler\'s scale-down mark', 'ToBeDeletedByClusterAutoscaler', false],
    ['the pool\'s own taint', 'dedicated', true],
  ])('taints: %s %#', (_name, key, kept) => {
    expect(original.spec.taints?.some((t) => t.key === key)).toBe(true);
    expect(clone.spec.taints?.some((t) => t.key === key) ?? false).toBe(kept);
  });

  it.each([
    ['the pool label', 'node-pool', 'general'],
    ['the zone', 'topology.kubernetes.io/zone', 'us-east-1c'],
    ['the hostname label, renamed', 'kubernetes.io/hostname', 'ip-10-0-3-17-2.ec2.internal'],
  ])('kept: %s', (_name, key, value) => {
    expect(clone.metadata.labels?.[key]).toBe(value);
  });

  it('kept: the allocatable of the pool\'s machine', () => {
    expect(clone.status.allocatable).toEqual(original.status.allocatable);
  });
});
