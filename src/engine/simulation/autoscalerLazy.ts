// The node autoscaler loaded on first use (../lazyFeature.ts): the loop of ./autoscaler with its
// expander, drain and fit checks (../autoscaler/), which only a scenario with a `ClusterAutoscaler`
// document runs, so the page's engine worker is built with this module in place of ./autoscaler
// (vite.config.ts: lazyEngineFeatures) and fetches the real one before it starts such a scenario.

import { defineLazyFeature } from '../lazyFeature';
import type { ClusterAutoscaler as RealClusterAutoscaler } from './autoscaler';

/** Whether a scenario's text may configure the node autoscaler: a `kind: ClusterAutoscaler` document. */
export const mayUseAutoscaler = (scenarioText: string): boolean => /\bClusterAutoscaler\b/.test(scenarioText);

export const autoscalerFeature = defineLazyFeature('the node autoscaler', mayUseAutoscaler, () => import('./autoscalerChunk'));

/** ./autoscaler's ClusterAutoscaler, once loaded: `new` gives the real class's instance. */
export const ClusterAutoscaler = function (...args: ConstructorParameters<typeof RealClusterAutoscaler>): RealClusterAutoscaler {
  return new (autoscalerFeature.module().ClusterAutoscaler)(...args);
} as unknown as typeof RealClusterAutoscaler;
