// The descheduler loaded on first use (../lazyFeature.ts): about 73 KB of the engine worker that
// only a scenario with a `deschedule` timeline step runs, so the page's engine worker is built
// with this module in place of ./index (vite.config.ts: lazyEngineFeatures) and fetches the real
// one before it starts such a scenario.

import { defineLazyFeature } from '../lazyFeature';
import type { DecodedPolicy, DeschedulerResult, DeschedulerView } from './index';

/** Whether a scenario's text may run the descheduler: a timeline step with `action: deschedule`. */
export const mayUseDescheduler = (scenarioText: string): boolean => /\bdeschedule\b/i.test(scenarioText);

export const deschedulerFeature = defineLazyFeature('the descheduler', mayUseDescheduler, () => import('./deschedulerChunk'));

/** ./index's deschedule, once loaded */
export const deschedule = (rawPolicy: unknown, view: DeschedulerView): DecodedPolicy & { result?: DeschedulerResult } =>
  deschedulerFeature.module().deschedule(rawPolicy, view);
