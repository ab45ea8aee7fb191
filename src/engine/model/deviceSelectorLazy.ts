// CEL device selectors loaded on first use (../lazyFeature.ts). The CEL interpreter and the
// protobuf runtime under it (@bufbuild/cel, @bufbuild/protobuf, @bufbuild/re2: about 280 KB of
// the engine worker's 1 MB) are needed only by a scenario with a `cel:` selector (DRA), so the
// page's engine worker is built with this module in place of ./deviceSelector (vite.config.ts:
// lazyEngineFeatures) and loads the real one before it starts such a scenario. A lesson link
// without DRA never downloads it (bench/browser/lessonFirstLoad.spec.ts).

import { defineLazyFeature } from '../lazyFeature';
import type { CompileResult, CompiledSelector, SelectorResult } from './deviceSelector';
import type { Device } from './resource';

/**
 * Whether a scenario's text may hold a CEL selector: a `cel` key (YAML or JSON), or the word in a
 * comment.
 */
export const mayUseDeviceSelectors = (scenarioText: string): boolean => /\bcel\b/i.test(scenarioText);

export const deviceSelectorsFeature = defineLazyFeature(
  "the CEL evaluator for the scenario's device selectors",
  mayUseDeviceSelectors,
  () => import('./deviceSelectorChunk'),
);

/** Fetches the CEL selectors, once. */
export const loadDeviceSelectors = (): Promise<void> => deviceSelectorsFeature.load();

/** ./deviceSelector's compileDeviceSelector, once loaded */
export const compileDeviceSelector = (expression: string): CompileResult => deviceSelectorsFeature.module().compileDeviceSelector(expression);

/** ./deviceSelector's deviceMatches, once loaded */
export const deviceMatches = (selector: CompiledSelector, driver: string, device: Device): SelectorResult =>
  deviceSelectorsFeature.module().deviceMatches(selector, driver, device);
