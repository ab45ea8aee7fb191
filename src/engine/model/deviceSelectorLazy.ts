// CEL device selectors loaded on first use. The CEL interpreter and the protobuf runtime under it
// (@bufbuild/cel, @bufbuild/protobuf, @bufbuild/re2: about 280 KB of the engine worker's 1 MB) are
// needed only by a scenario with a `cel:` selector (DRA), so the page's engine worker is built
// with this module in place of ./deviceSelector (vite.config.ts: lazyDeviceSelectors) and loads
// the real one before it starts such a scenario (src/worker/engine.worker.ts). A lesson link
// without DRA never downloads it (bench/browser/lessonFirstLoad.spec.ts). The engine stays
// synchronous and its results identical: the code that runs is ./deviceSelector's, only fetched
// first. Everywhere else (CLI, tests, the other workers) ./deviceSelector is imported directly and
// loading it again costs nothing.

import type * as DeviceSelectors from './deviceSelectorChunk';
import type { CompileResult, CompiledSelector, SelectorResult } from './deviceSelector';
import type { Device } from './resource';

let loaded: typeof DeviceSelectors | undefined;
let loading: Promise<void> | undefined;

/** Fetches the CEL selectors, once; a failed fetch (offline without the offline copy) may be retried. */
export function loadDeviceSelectors(): Promise<void> {
  loading ??= import('./deviceSelectorChunk').then(
    (m) => { loaded = m; },
    (e: unknown) => {
      loading = undefined;
      throw new Error(`could not load the CEL evaluator for the scenario's device selectors: ${e instanceof Error ? e.message : String(e)}`);
    },
  );
  return loading;
}

/**
 * Whether a scenario's text may hold a CEL selector: a `cel` key (YAML or JSON), or the word in a
 * comment. Erring towards yes only fetches what is not needed.
 */
export const mayUseDeviceSelectors = (scenarioText: string): boolean => /\bcel\b/i.test(scenarioText);

function deviceSelectors(): typeof DeviceSelectors {
  if (loaded === undefined) throw new Error('the CEL evaluator for device selectors is not loaded: loadDeviceSelectors() comes before simulating a scenario that has one');
  return loaded;
}

/** ./deviceSelector's compileDeviceSelector, once loaded */
export const compileDeviceSelector = (expression: string): CompileResult => deviceSelectors().compileDeviceSelector(expression);

/** ./deviceSelector's deviceMatches, once loaded */
export const deviceMatches = (selector: CompiledSelector, driver: string, device: Device): SelectorResult =>
  deviceSelectors().deviceMatches(selector, driver, device);
