// The engine features the page's engine worker fetches on first use (./lazyFeature.ts), and the
// one question its host asks before it starts a scenario.

import { deschedulerFeature } from './descheduler/lazy';
import type { LazyFeature } from './lazyFeature';
import { deviceSelectorsFeature } from './model/deviceSelectorLazy';
import { autoscalerFeature } from './simulation/autoscalerLazy';

export const LAZY_ENGINE_FEATURES: readonly LazyFeature<unknown>[] = [deviceSelectorsFeature, deschedulerFeature, autoscalerFeature];

/** Fetches what the scenario's text may use and is not fetched yet; undefined when nothing is needed. */
export function prepareEngineFeatures(scenarioText: string): Promise<void> | undefined {
  const needed = LAZY_ENGINE_FEATURES.filter((feature) => feature.mayUse(scenarioText));
  if (needed.length === 0) return undefined;
  return Promise.all(needed.map((feature) => feature.load())).then(() => undefined);
}
