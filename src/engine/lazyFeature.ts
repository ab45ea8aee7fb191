// Engine features fetched on first use. The page's engine worker is built without a few large
// features a lesson link rarely needs (vite.config.ts: lazyEngineFeatures swaps each feature's
// module for its `lazy` stand-in in that worker only); before it starts a scenario, the worker's
// host asks `prepareEngineFeatures` (./lazyFeatures.ts) to fetch the ones the scenario's text
// may use. The engine stays synchronous and its results identical: the code that runs is the
// feature's own module, only fetched first. Everywhere else (CLI, tests, the other workers) the
// real modules are built in and the stand-ins are never imported.

export interface LazyFeature<M> {
  /** what the feature is, for the error when its fetch fails */
  readonly what: string;
  /** whether a scenario's text may use it; erring towards yes only fetches what is not needed */
  mayUse(scenarioText: string): boolean;
  /** fetches the module, once; a failed fetch (offline without the offline copy) may be retried */
  load(): Promise<void>;
  /** the fetched module; throws when load() has not finished */
  module(): M;
}

export function defineLazyFeature<M>(what: string, mayUse: (scenarioText: string) => boolean, fetchModule: () => Promise<M>): LazyFeature<M> {
  let loaded: M | undefined;
  let loading: Promise<void> | undefined;
  return {
    what,
    mayUse,
    load() {
      loading ??= fetchModule().then(
        (m) => { loaded = m; },
        (e: unknown) => {
          loading = undefined;
          throw new Error(`could not load ${what}: ${e instanceof Error ? e.message : String(e)}`);
        },
      );
      return loading;
    },
    module() {
      if (loaded === undefined) throw new Error(`${what} is not loaded: the worker fetches it before it simulates a scenario that uses it`);
      return loaded;
    },
  };
}
