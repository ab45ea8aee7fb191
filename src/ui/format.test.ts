import { describe, expect, it } from 'vitest';
import { abbreviateNodeNames, briefFilterReason, chipPodName, nameParts, formatAge, formatPriority, formatQuantity, listNames, shortNodeNames, shortPluginName } from './format';

describe('format', () => {
  const quantities: [string, number, string][] = [
    ['cpu', 1500, '1500m'], ['cpu', 2000, '2'], ['cpu', 0, '0'],
    ['memory', 8 * 2 ** 30, '8Gi'], ['memory', 1.5 * 2 ** 30, '1.5Gi'], ['memory', 512 * 2 ** 20, '512Mi'], ['memory', 100, '100'],
    ['pods', 110, '110'],
  ];
  it.each(quantities)('%s %d → %s', (resource, value, text) => {
    expect(formatQuantity(resource, value)).toBe(text);
  });
  it('ages, priorities and lists', () => {
    expect([formatAge(45), formatAge(200), formatAge(7500)]).toEqual(['45s', '3m20s', '2h5m']);
    expect([formatPriority(0), formatPriority(1_000_000), formatPriority(2_000_000_000)]).toEqual(['0', '1M', '2G']);
    expect(listNames(['a', 'b', 'c', 'd', 'e'])).toBe('a, b, c and 2 more');
  });

  it.each([
    [['ip-10-0-1-21.eu-west-1.compute.internal', 'ip-10-0-1-22.eu-west-1.compute.internal'], ['ip-10-0-1-21', 'ip-10-0-1-22']],
    [['a.x.example', 'b.y.example'], ['a.x', 'b.y']],
    [['node-1', 'node-2'], ['node-1', 'node-2']],
    [['web.example', 'example'], ['web.example', 'example']],
    [['only.one.name'], ['only.one.name']],
  ])('short node names of %j', (names, short) => {
    expect([...shortNodeNames(names).values()]).toEqual(short);
  });

  it.each([
    ['payments/payments-9f7c6d8b5-v5nbb', 'payments/payments-…-v5nbb'],
    ['default/web-7d4b9c6f8-q9x2k', 'web-…-q9x2k'],
    ['db/postgres-2', 'db/postgres-2'],
    ['kube-system/kube-proxy-lncbb', 'kube-system/kube-proxy-lncbb'],
    ['monitoring/node-exporter-m2dbb', 'monitoring/node-exporter-m2dbb'],
  ])('chip name of %s', (pod, name) => {
    expect(chipPodName(pod)).toBe(name);
  });

  // issue 19: a long name is cut in the middle; what stays tells replicas apart
  it.each([
    ['a ReplicaSet pod keeps its random suffix', 'default/web-7d4b9c6f8-x2k4', ['default/web-7d4b9c6f8', '-x2k4']],
    ['a StatefulSet pod keeps its ordinal', 'data/postgres-primary-12', ['data/postgres-primary', '-12']],
    ['no dash: the last 6 characters', 'averyveryverylongname', ['averyveryverylo', 'ngname']],
    ['a long last part: the last 6 characters', 'job-averyverylongsuffix', ['job-averyverylong', 'suffix']],
    ['a short name: all of it may give way but the tail', 'web-1', ['web', '-1']],
  ])('nameParts: %s', (_, name, parts) => {
    expect(nameParts(name)).toEqual(parts);
    expect(nameParts(name).join('')).toBe(name);
  });
});

describe('abbreviateNodeNames', () => {
  it.each([
    ['a dump\'s nodes: shared DNS suffix and shared leading labels go', ['ip-10-0-10-21.eu-west-1.compute.internal', 'ip-10-0-11-22.eu-west-1.compute.internal', 'ip-10-0-12-99.eu-west-1.compute.internal'], ['10-21', '11-22', '12-99']],
    ['numbered nodes keep their numbers', ['node-1', 'node-2', 'node-10'], ['1', '2', '10']],
    ['the cut is at a separator, never inside a word', ['worker-a1', 'worker-a2'], ['a1', 'a2']],
    ['nothing shared: unchanged', ['control-plane', 'worker-1'], ['control-plane', 'worker-1']],
    ['a name that is all prefix keeps the full names', ['node', 'node-2'], ['node', 'node-2']],
    ['one node: unchanged', ['node-1'], ['node-1']],
  ])('%s', (_, names, want) => {
    const got = abbreviateNodeNames(names);
    expect(names.map((n) => got.get(n))).toEqual(want);
  });
});

describe('shortPluginName', () => {
  it.each([
    ['NodeResourcesBalancedAllocation', 'BalancedAllocation'],
    ['NodeResourcesFit', 'NodeResourcesFit'],
    ['PodTopologySpread', 'PodTopologySpread'],
    ['InterPodAffinity', 'InterPodAffinity'],
    ['TaintToleration', 'TaintToleration'],
    // an out-of-tree name of one long word is never cut mid-word
    ['Supercalifragilisticexpialidocious', 'Supercalifragilisticexpialidocious'],
    ['example.com/MyVeryLongScorePluginName', 'ScorePluginName'],
  ])('%s → %s', (name, short) => {
    expect(shortPluginName(name)).toBe(short);
  });
  it.each([
    ['NodeResourcesFit', 'ResourcesFit'],
    ['NodeResourcesBalancedAllocation', 'Allocation'],
    ['PodTopologySpread', 'Spread'],
    ['InterPodAffinity', 'PodAffinity'],
  ])('at 12 characters: %s → %s', (name, short) => {
    expect(shortPluginName(name, 12)).toBe(short);
  });
});

describe('briefFilterReason', () => {
  it.each([
    // the card is the node and says it is filtered: the rule the reason names is left
    ["node(s) didn't match pod anti-affinity rules", 34, 'pod anti-affinity rules'],
    ["node(s) didn't satisfy existing pods anti-affinity rules", 34, 'existing pods anti-affinity rules'],
    ["node(s) didn't match Pod's node affinity/selector", 34, "Pod's node affinity/selector"],
    ['node(s) had untolerated taint {dedicated: gpu}', 34, 'had untolerated taint {dedicated:…'],
    ['Insufficient cpu', 34, 'Insufficient cpu'],
    // cut after the last whole word that fits, never inside one
    ["node(s) didn't satisfy existing pods anti-affinity rules", 24, 'existing pods…'],
    ["node(s) didn't match Pod's node affinity/selector", 22, "Pod's node affinity/…"],
    ['Insufficient cpu, Insufficient memory', 24, 'Insufficient cpu…'],
    // a first word longer than the budget stays whole
    ['ToBeDeletedByClusterAutoscaler taint', 12, 'ToBeDeletedByClusterAutoscaler…'],
    ['unschedulable', 5, 'unschedulable'],
  ])('%s in %d characters → %s', (reason, max, brief) => {
    const out = briefFilterReason(reason, max);
    expect(out).toBe(brief);
    // every word shown is a whole word of the reason
    const words = reason.split(/[\s/,]+/);
    for (const w of out.replace(/…$/, '').split(/[\s/,]+/).filter((x) => x !== '')) expect(words).toContain(w);
  });
});
