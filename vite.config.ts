/// <reference types="vitest/config" />
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig, type HtmlTagDescriptor, type Plugin, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

export default defineConfig({
  // relative asset paths: the build works from any sub-path of any static host
  // (https://example.org/workshop/podplay/ as well as /); permalinks live in the fragment
  base: './',
  plugins: [
    react(),
    // the app's chunk is asked for with index.html, not after boot's chunk (below)
    preloadApp(),
    // every lesson's run, simulated by the build, in a chunk per lesson (below)
    shipLessonRuns(),
    // Offline after one visit: a Workbox service worker precaches the whole build (page, engine
    // and other workers, Monaco, lessons) as one versioned set. A new build waits until the page
    // asks for it (src/ui/offline/serviceWorker.ts announces it), so an old page never runs a new
    // engine worker or the other way round. `npm run dev` registers nothing.
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifest: false,
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,ttf,woff2}'],
        // Monaco's chunk is 3.7 MB (Workbox's default cap is 2 MiB)
        maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
        // the page is the folder's index.html (precached; Workbox maps the folder's URL to it);
        // other pages an instructor hosts beside it are left to the network
        navigateFallback: null,
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  worker: { format: 'es', plugins: () => [react(), lazyEngineFeatures()] },
  build: { target: 'es2022', chunkSizeWarningLimit: 4000 },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'bench/**/*.test.ts', 'e2e/**/*.test.ts'],
    environment: 'node',
    // property-based tests run thousands of cases; CI shares two cores with the browser tests
    testTimeout: 60_000,
    // Test files share a worker's module graph instead of loading the engine again for each of
    // 200+ files: the suite runs in under half the time. The engine is pure and no test mutates a
    // module's state for the next (the whole suite passes in shuffled order).
    isolate: false,
    // Vitest keeps a core for itself (a worker per core but one), which on CI's two cores runs the
    // whole suite on one: the main process only hands out files, so two workers there halve the
    // suite's time. Larger machines keep Vitest's own choice.
    maxWorkers: Math.max(availableParallelism() - 1, 2),
  },
});

// Build-only Vite plugin: the page's first script (src/boot.ts) starts the engine worker and then
// imports the app's chunk, so without a hint the browser asks for that chunk only once boot's
// chunk has arrived: one more round trip before the largest download starts (562.5 ms on Fast 3G:
// bench/browser/lessonFirstLoad.spec.ts). These tags in index.html ask for the app's chunk, the
// chunks it imports and its stylesheet while boot's chunk is still on its way. None blocks the
// first paint: a modulepreload only fetches and parses, and the stylesheet is only preloaded
// (Vite's loader adds it as a stylesheet when boot imports the app, and finds it there).
function preloadApp(app = 'src/main.tsx'): Plugin {
  return {
    name: 'podplay:preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunks = new Map<string, Rollup.OutputChunk>();
        for (const c of Object.values(ctx.bundle ?? {})) if (c.type === 'chunk') chunks.set(c.fileName, c);
        const main = [...chunks.values()].find((c) => c.facadeModuleId?.replace(/\\/g, '/').endsWith(`/${app}`));
        if (main === undefined) throw new Error(`preloadApp: the build has no chunk for ${app}`);
        const tags: HtmlTagDescriptor[] = [];
        const link = (attrs: Record<string, string | boolean>): void => void tags.push({ tag: 'link', attrs: { ...attrs, crossorigin: true }, injectTo: 'head' });
        // every chunk the app's chunk imports statically, however deep (each one found only when the
        // chunk importing it has arrived would cost a round trip); the page's own entry (boot) is
        // in the HTML already
        const needed = new Set<Rollup.OutputChunk>([main]);
        for (const chunk of needed) for (const file of chunk.imports) { const c = chunks.get(file); if (c !== undefined) needed.add(c); }
        for (const chunk of [...needed].filter((c) => !c.isEntry)) {
          link({ rel: 'modulepreload', href: `./${chunk.fileName}` });
          for (const css of chunk.viteMetadata?.importedCss ?? []) link({ rel: 'preload', as: 'style', href: `./${css}` });
        }
        return tags;
      },
    },
  };
}

// Build-only Vite plugin: every lesson simulated by the engine at build time (src/lessons/bake.ts,
// run in Node through tsx), each lesson's SimulationResult in a chunk of its own (1 to 3 KB gzip;
// percentage-of-nodes 8 KB). A lesson link fetches its lesson's from the page's first script and is
// drawn from it without waiting for the engine worker (src/worker/shipped.ts). `npm run dev` and
// the unit tests ship none: every run there comes from the engine worker.
function shipLessonRuns(): Plugin {
  const INDEX = 'virtual:podplay/lesson-runs';
  const RUN = 'virtual:podplay/lesson-run/';
  let build = false;
  let baked: Promise<{ index: string; runs: Map<string, string> }> | undefined;
  const bake = () => (baked ??= (async () => {
    const { tsImport } = await import('tsx/esm/api');
    const lessons = (await tsImport('./src/lessons/bake.ts', import.meta.url)) as typeof import('./src/lessons/bake');
    const runs = new Map<string, string>();
    for (const [id, run] of lessons.bakeLessons()) runs.set(id, lessons.shippedRunModule(run));
    return { index: lessons.shippedRunsModule([...runs.keys()], (id) => `${RUN}${id}`), runs };
  })());
  return {
    name: 'podplay:ship-lesson-runs',
    configResolved(config) {
      build = config.command === 'build';
    },
    resolveId(source) {
      return source === INDEX || source.startsWith(RUN) ? `\0${source}` : null;
    },
    async load(id) {
      if (id === `\0${INDEX}`) return build ? (await bake()).index : 'export const hasShippedRun = () => false;\nexport const shippedRun = () => undefined;\n';
      if (!id.startsWith(`\0${RUN}`) || !build) return null;
      const run = (await bake()).runs.get(id.slice(RUN.length + 1));
      if (run === undefined) throw new Error(`shipLessonRuns: no lesson ${id.slice(RUN.length + 1)}`);
      return run;
    },
  };
}

// The page's engine worker without the engine features a lesson link rarely needs
// (src/engine/lazyFeature.ts): there every import of a feature's module gets the feature's lazy
// stand-in, which fetches the module (through `chunk`, a chunk of its own) when the worker is
// about to start a scenario that uses it (src/engine/lazyFeatures.ts). The other workers simulate
// only after the user asks (Compare, fixes, import) and keep everything built in.
const LAZY_ENGINE_FEATURES = [
  // @bufbuild/cel with it: the DRA allocator's and the DeviceTaintRule decoder's CEL selectors
  { module: 'src/engine/model/deviceSelector.ts', lazy: 'src/engine/model/deviceSelectorLazy.ts', chunk: 'src/engine/model/deviceSelectorChunk.ts' },
  // the timeline's `deschedule` step
  { module: 'src/engine/descheduler/index.ts', lazy: 'src/engine/descheduler/lazy.ts', chunk: 'src/engine/descheduler/deschedulerChunk.ts' },
  // the node autoscaler (a ClusterAutoscaler document)
  { module: 'src/engine/simulation/autoscaler.ts', lazy: 'src/engine/simulation/autoscalerLazy.ts', chunk: 'src/engine/simulation/autoscalerChunk.ts' },
].map((feature) => ({
  module: fileURLToPath(new URL(`./${feature.module}`, import.meta.url)),
  lazy: fileURLToPath(new URL(`./${feature.lazy}`, import.meta.url)),
  chunk: fileURLToPath(new URL(`./${feature.chunk}`, import.meta.url)),
}));

function lazyEngineFeatures(): Plugin {
  let engineWorker = false;
  return {
    name: 'podplay:lazy-engine-features',
    enforce: 'pre',
    apply: 'build',
    options(options) {
      const input = options.input;
      const entries = typeof input === 'string' ? [input] : Array.isArray(input) ? input : Object.values(input ?? {});
      engineWorker = entries.some((entry) => entry.replace(/\\/g, '/').endsWith('/src/worker/engine.worker.ts'));
    },
    async resolveId(source, importer) {
      if (!engineWorker || importer === undefined || !/(deviceSelector|descheduler(\/index)?|simulation\/autoscaler)(\.ts)?$/.test(source)) return null;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      const feature = LAZY_ENGINE_FEATURES.find((f) => f.module === resolved?.id);
      return feature === undefined || importer === feature.chunk ? null : feature.lazy;
    },
  };
}
