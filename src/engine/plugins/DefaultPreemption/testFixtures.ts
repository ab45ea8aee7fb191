// Shared fixtures of the DefaultPreemption tests, after default_preemption_test.go's variables.

import type { Handle, Plugin, PluginDescriptor } from '../../framework/interfaces';
import type { Node, Pod, PodDisruptionBudget } from '../../model/types';
import { wrapExtensionErrors } from '../../preemption/testing';
import { InterPodAffinity } from '../InterPodAffinity';
import { NodeResourcesFit } from '../NodeResourcesFit';
import { PodTopologySpread } from '../PodTopologySpread';
import { newTestEnv, type TestEnv } from '../../testing/framework';
import { defaultPreemptionArgs, type DefaultPreemptionArgs } from './args';
import { DefaultPreemptionPlugin } from './index';

export const negPriority = -100, lowPriority = 0, midPriority = 100, highPriority = 1000, veryHighPriority = 10000;

export const smallRes = { cpu: '100m', memory: '100' };
export const mediumRes = { cpu: '200m', memory: '200' };
export const largeRes = { cpu: '300m', memory: '300' };
export const veryLargeRes = { cpu: '500m', memory: '500' };

/** simulated "now": later than every start time the tables use (upstream's epochTime..epochTime6) */
export const NOW = 100;

/** A filter plugin built from its descriptor with default args, the way the tables register it. */
export type PluginBuilder = (handle: Handle) => Plugin;
function withDefaultArgs<A>(d: PluginDescriptor<A>): PluginBuilder {
  return (handle) => {
    const args = d.defaultArgs?.() as A;
    return d.factory(d.applyDefaults ? d.applyDefaults(args) : args, handle);
  };
}
export const nodeResourcesFit = withDefaultArgs(NodeResourcesFit);
export const interPodAffinity = withDefaultArgs(InterPodAffinity);
export const podTopologySpread = withDefaultArgs(PodTopologySpread);

export interface PreemptionSetup {
  env: TestEnv;
  plugin: DefaultPreemptionPlugin;
}

/** A cluster, the filter plugins the runtime would run, and DefaultPreemption over them. */
export function setupPreemption(c: { nodes: Node[]; pods?: Pod[]; pdbs?: PodDisruptionBudget[]; plugins: (Plugin | PluginBuilder)[]; args?: DefaultPreemptionArgs; seed?: number }): PreemptionSetup {
  const env = newTestEnv({ nodes: c.nodes, pods: c.pods ?? [], pdbs: c.pdbs ?? [], seed: c.seed ?? 1, now: NOW });
  env.plugins.push(...c.plugins.map((p) => (typeof p === 'function' ? p(env.handle) : p)));
  wrapExtensionErrors(env);
  return { env, plugin: new DefaultPreemptionPlugin(c.args ?? defaultPreemptionArgs(), env.handle) };
}
