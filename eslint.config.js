import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

/** No UI libraries, no Node built-ins, no UI code, no clock or unseeded randomness. */
function pureRules({ subject, outside, random, more = [] }) {
  return {
    'no-restricted-imports': ['error', {
      patterns: [
        { group: ['react', 'react-dom', 'react/*', 'zustand', 'zustand/*', 'd3', 'd3-*', 'monaco-editor', 'monaco-editor/*', 'monaco-yaml'], message: `${subject} must not depend on UI libraries.` },
        { group: ['node:*', 'fs', 'path', 'os', 'child_process', 'process', 'url', 'crypto', 'util'], message: `${subject} must not depend on Node built-ins.` },
        { group: ['**/ui/**', '**/store/**', '**/worker/**', '**/cli/**', '**/permalink/**'], message: outside },
        ...more,
      ],
    }],
    'no-restricted-globals': ['error', 'window', 'document', 'self', 'localStorage', 'navigator', 'postMessage', 'Date', 'performance'],
    'no-restricted-properties': ['error', { object: 'Math', property: 'random', message: random }],
  };
}

/**
 * The engine's front door: the app side (store, worker, interop, lessons, ui, cli, permalink)
 * reaches the engine through its entry modules only — index.ts (simulate), api.ts (the result
 * types), readers.ts (reading objects and a finished trace without simulating; light enough for
 * the page's own chunk), admissionFixes.ts (the policy changes that fix an admission refusal: like
 * readers.ts, but for the views fetched when first drawn) and experiments.ts (fix search and
 * Compare, which start simulations).
 * Tests may reach further in to set a case up.
 */
const ENGINE_FRONT_DOOR = {
  group: ['**/engine/**', '!**/engine/index', '!**/engine/api', '!**/engine/readers', '!**/engine/admissionFixes', '!**/engine/experiments'],
  message: 'Reach the engine through src/engine/index.ts, api.ts, readers.ts, admissionFixes.ts or experiments.ts (README: layout).',
};

/**
 * The engine's layers, bottom first (README: layout). A folder may import its own layer and the
 * ones below it, never one above; api.ts, features.ts and limits.ts import nothing and serve all.
 */
const ENGINE_LAYERS = [
  ['model'],
  ['framework'],
  // upstream's k8s.io/dynamic-resource-allocation: the structured allocator and its rules
  ['dra'],
  // the cluster around the scheduler uses objects, the framework's resource arithmetic and the
  // DRA library, never the scheduler's own plugins, queue or cycle
  ['controllers', 'descheduler'],
  // the node autoscaler runs the framework's Filters on template nodes (cluster-autoscaler's simulator)
  ['preemption', 'autoscaler'],
  ['plugins'],
  ['queue', 'scheduler'],
  ['simulation'],
  ['timeline'],
  ['index.ts'],
  ['diagnosis'],
  ['whatIf'],
  ['compare'],
];

/** test code and its fixtures may build a whole simulation wherever they sit */
const ENGINE_TEST_SUPPORT = [
  'src/engine/**/*.test.ts', 'src/engine/testing/**', 'src/engine/**/testing.ts', 'src/engine/**/*Testing.ts',
  'src/engine/**/testPods.ts', 'src/engine/**/testdata.ts', 'src/engine/**/testFixtures.ts',
];

const pureEngine = (more) => pureRules({
  subject: 'The engine',
  outside: 'The engine must not import from outside src/engine.',
  random: 'Use the seeded generator passed in.',
  more,
});

/** deepest folder under src/engine/<layer>/ that holds code */
const ENGINE_MAX_DEPTH = 4;

/**
 * One block per layer and folder depth: an import climbs when, relative to the file, it goes up
 * to src/engine itself and into a higher layer's folder (or to index.ts). Anchoring at the engine's
 * root keeps a layer's own sub-folders (descheduler/plugins/) out of it.
 */
function engineLayerConfigs() {
  return ENGINE_LAYERS.flatMap((layer, rank) => {
    const folders = layer.filter((name) => name !== 'index.ts');
    const above = ENGINE_LAYERS.slice(rank + 1).flat();
    const aboveFolders = above.filter((name) => name !== 'index.ts');
    if (folders.length === 0) return [];
    return Array.from({ length: ENGINE_MAX_DEPTH }, (_, i) => i + 1).map((depth) => {
      const toRoot = `(\\.\\./){${depth}}`;
      const upward = [];
      if (aboveFolders.length > 0) {
        upward.push({ regex: `^${toRoot}(${aboveFolders.join('|')})(/|$)`, message: `src/engine/${folders.join(', ')} must not import a layer above it (${above.join(', ')}).` });
      }
      if (above.includes('index.ts')) {
        upward.push({ regex: `^(\\.\\./){${depth - 1}}\\.\\.(/|/index)?$`, message: `src/engine/${folders.join(', ')} sits below src/engine/index.ts and must not import it.` });
      }
      return {
        files: folders.map((name) => `src/engine/${name}/${'*/'.repeat(depth - 1)}*.ts`),
        ignores: ENGINE_TEST_SUPPORT,
        rules: pureEngine(upward),
      };
    });
  });
}

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'test-results', 'playwright-report'] },
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // the benchmarks and browser tests are linted too, by the same rule for names kept on purpose
    files: ['bench/**/*.ts', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }] },
  },
  {
    // The engine is pure TypeScript: no React, DOM, worker or Node built-ins. Tests beside it
    // run in Node and may read files.
    files: ['src/engine/**/*.ts'],
    ignores: ['src/engine/**/*.test.ts'],
    rules: pureEngine([]),
  },
  // ...and layered: no import climbs back up (ENGINE_LAYERS)
  ...engineLayerConfigs(),
  {
    // the app side reaches the engine through its front door
    files: ['src/{store,worker,lessons,ui,cli,permalink}/**/*.{ts,tsx}', 'src/main.tsx'],
    ignores: ['src/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [ENGINE_FRONT_DOOR] }] },
  },
  {
    // the store lies under the UI: views read it, it never reads them (the same rule as above, plus that)
    files: ['src/store/**/*.ts'],
    ignores: ['src/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [ENGINE_FRONT_DOOR, { group: ['**/ui/**'], message: 'The store never imports the UI: put what both need in src/store.' }] }] },
  },
  {
    // Importers and exporters (src/interop) are pure too: the UI and the CLI both call them.
    // Tests beside them run in Node (the exported shell script is run for real).
    files: ['src/interop/**/*.ts'],
    ignores: ['src/interop/**/*.test.ts'],
    rules: pureRules({
      subject: 'src/interop',
      outside: 'src/interop may use the engine\'s model, never the UI.',
      random: 'Exports are deterministic.',
      more: [ENGINE_FRONT_DOOR],
    }),
  },
);
