// What the page's own chunk may carry. A lesson link is interactive once the page's chunk and the
// lesson's shipped run have arrived (bench/browser/lessonFirstLoad.spec.ts, Fast 3G): every module
// src/main.tsx reaches by a static import is in that download. The YAML parser (50 KB gzip with
// the engine's decoders), Monaco and the engine's simulation are fetched later, by import('…'):
// a static import of one of them from the page's graph fails here with the chain that reaches it.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(__dirname);

// static imports and re-exports of values; `import type` and import('…') are left out
const VALUE_IMPORT = /^\s*(import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]/gm;

function valueImports(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(VALUE_IMPORT)) {
    if (m[5] !== undefined) {
      found.push(m[5]);
      continue;
    }
    if (m[2] !== undefined) continue;
    const names = (m[3] ?? '').trim();
    // `import { type A, type B } from` brings no value
    if (/^\{[^}]*\}$/s.test(names) && names.slice(1, -1).split(',').map((n) => n.trim()).filter(Boolean).every((n) => n.startsWith('type '))) continue;
    found.push(m[4] ?? '');
  }
  return found;
}

function resolveImport(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]
    .find((path) => /\.tsx?$/.test(path) && existsSync(path) && statSync(path).isFile());
}

/** every module and package the entry reaches by static value imports, each with the module that first imported it */
function staticGraph(entry: string): Map<string, string | undefined> {
  const from = new Map<string, string | undefined>([[entry, undefined]]);
  const queue = [entry];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    for (const specifier of valueImports(readFileSync(file, 'utf8'))) {
      const target = specifier.startsWith('.') ? resolveImport(file, specifier) : `package:${specifier}`;
      if (target === undefined || from.has(target)) continue;
      from.set(target, file);
      if (!target.startsWith('package:')) queue.push(target);
    }
  }
  return from;
}

const chain = (graph: Map<string, string | undefined>, target: string): string => {
  const path: string[] = [];
  for (let at: string | undefined = target; at !== undefined; at = graph.get(at)) path.unshift(at.startsWith('package:') ? at : relative(SRC, at));
  return path.join(' → ');
};

describe("the page's own chunk", () => {
  const graph = staticGraph(join(SRC, 'main.tsx'));

  it('is found from src/main.tsx (the check reads the imports it should)', () => {
    expect(graph.has(join(SRC, 'ui/App.tsx'))).toBe(true);
    expect(graph.has('package:react-dom/client')).toBe(true);
    expect(graph.has(join(SRC, 'engine/readers.ts'))).toBe(true);
  });

  it.each([
    ['the YAML parser', (m: string) => m === 'package:yaml' || m.startsWith('package:yaml/')],
    ['Monaco', (m: string) => m.startsWith('package:monaco-editor') || m.startsWith('package:monaco-yaml')],
    ["the engine's decoders", (m: string) => m === join(SRC, 'engine/model/decoder.ts') || m === join(SRC, 'engine/model/source.ts')],
    ['the simulation', (m: string) => m === join(SRC, 'engine/index.ts') || m.startsWith(join(SRC, 'engine/simulation/simulation'))],
    ["the controllers' code", (m: string) => m.startsWith(join(SRC, 'engine/controllers/'))],
  ])('does not reach %s by a static import', (_what, isIt) => {
    const reached = [...graph.keys()].filter(isIt);
    expect(reached.map((m) => chain(graph, m))).toEqual([]);
  });
});
