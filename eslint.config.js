import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

/** No UI libraries, no Node built-ins, no UI code, no clock or unseeded randomness. */
function pureRules({ subject, outside, random }) {
  return {
    'no-restricted-imports': ['error', {
      patterns: [
        { group: ['react', 'react-dom', 'react/*', 'zustand', 'zustand/*', 'd3', 'd3-*', 'monaco-editor', 'monaco-editor/*', 'monaco-yaml'], message: `${subject} must not depend on UI libraries.` },
        { group: ['node:*', 'fs', 'path', 'os', 'child_process', 'process', 'url', 'crypto', 'util'], message: `${subject} must not depend on Node built-ins.` },
        { group: ['**/ui/**', '**/store/**', '**/worker/**', '**/cli/**', '**/permalink/**'], message: outside },
      ],
    }],
    'no-restricted-globals': ['error', 'window', 'document', 'self', 'localStorage', 'navigator', 'postMessage', 'Date', 'performance'],
    'no-restricted-properties': ['error', { object: 'Math', property: 'random', message: random }],
  };
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
    // The engine is pure TypeScript: no React, DOM, worker or Node built-ins. Tests beside it
    // run in Node and may read files.
    files: ['src/engine/**/*.ts'],
    ignores: ['src/engine/**/*.test.ts'],
    rules: pureRules({
      subject: 'The engine',
      outside: 'The engine must not import from outside src/engine.',
      random: 'Use the seeded generator passed in.',
    }),
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
    }),
  },
);
