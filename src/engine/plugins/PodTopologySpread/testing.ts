// Fixtures shared by the PodTopologySpread tests, after the package-level vars of upstream's
// filtering_test.go (fooSelector, barSelector, taints) and the way its tables build nodes and pods.

import type { Plugin } from '../../framework/interfaces';
import { makeNode, makePod, type PodWrapper } from '../../testing/builders';
import { newTestEnv, type TestCluster, type TestEnv } from '../../testing/framework';
import type { LabelSelector, Labels, Node, Pod, Taint, TopologySpreadConstraint } from '../../model/types';
import type { PodTopologySpreadArgs } from './args';
import { PodTopologySpread } from './index';

/** st.MakeLabelSelector().Exists("foo") */
export const fooSelector: LabelSelector = { matchExpressions: [{ key: 'foo', operator: 'Exists' }] };
/** st.MakeLabelSelector().Exists("bar") */
export const barSelector: LabelSelector = { matchExpressions: [{ key: 'bar', operator: 'Exists' }] };
/** upstream's `taints`: node.kubernetes.io/unschedulable:NoSchedule */
export const taints: Taint[] = [{ key: 'node.kubernetes.io/unschedulable', value: '', effect: 'NoSchedule' }];

export const node = (name: string, labels: Labels = {}, nodeTaints?: Taint[]): Node => {
  const n = makeNode().name(name).labels(labels);
  if (nodeTaints) n.taints(nodeTaints);
  return n.obj();
};

/** st.MakeNode().Name(name).Label("zone", zone).Label("node", name) */
export const zoneNode = (name: string, zone: string, extra: Labels = {}, nodeTaints?: Taint[]): Node => node(name, { zone, node: name, ...extra }, nodeTaints);

/** st.MakePod().Name(name).Node(nodeName).Label(k, v)... */
export const pod = (name: string, nodeName: string, labels: Labels = {}, namespace = 'default'): Pod =>
  makePod().name(name).namespace(namespace).node(nodeName).labels(labels).obj();

type SpreadArgs = [maxSkew: number, topologyKey: string, whenUnsatisfiable: TopologySpreadConstraint['whenUnsatisfiable'], labelSelector: LabelSelector | undefined, extra?: Partial<TopologySpreadConstraint>];

/** st.MakePod().Name("p").Label(...).SpreadConstraint(...)... */
export function spreadPod(labels: Labels, ...constraints: SpreadArgs[]): PodWrapper {
  const w = makePod().name('p').labels(labels);
  for (const [maxSkew, key, when, selector, extra] of constraints) w.spreadConstraint(maxSkew, key, when, selector, extra);
  return w;
}

export interface SpreadEnv {
  env: TestEnv;
  plugin: Plugin;
}

/** A cluster and the plugin over it; args default to upstream's tests' ListDefaulting. */
export function spreadEnv(cluster: TestCluster, args: PodTopologySpreadArgs = { defaultingType: 'List' }): SpreadEnv {
  const env = newTestEnv(cluster);
  const plugin = PodTopologySpread.factory(args, env.handle);
  env.plugins = [plugin];
  return { env, plugin };
}

/**
 * A selector as a sorted list of requirements, for comparing selectors by meaning rather than by
 * shape (matchLabels k=v is the requirement k In [v]). null stands for a nil selector.
 */
export function canonicalSelector(selector: LabelSelector | null | undefined): string[] | null {
  if (selector === null || selector === undefined) return null;
  const reqs = [
    ...Object.entries(selector.matchLabels ?? {}).map(([k, v]) => `${k} In ${v}`),
    ...(selector.matchExpressions ?? []).map((e) => `${e.key} ${e.operator} ${[...(e.values ?? [])].sort().join(',')}`.trim()),
  ];
  return [...new Set(reqs)].sort();
}
