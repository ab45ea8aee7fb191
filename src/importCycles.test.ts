// No import circles in src/, type-only ones included: two modules that import each other (or a
// longer ring) cannot be read, tested or moved one at a time, and a ring of values is evaluated
// in an order nobody chose. Each ring is found from the source text, so a new one fails here
// with its files named; the fix is to move what both sides share to a module both can import.
import { readdirSync, readFileSync, existsSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(__dirname);

/** every module of the app and the engine; tests and their fixtures may import freely */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

// static imports and re-exports, `import type` included; import('…') loads later and is left out
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\s+from\s+)?['"](\.{1,2}\/[^'"]*|\.{1,2})['"]/gm;

/** the relative specifiers a module imports statically */
function importSpecifiers(text: string): string[] {
  return [...text.matchAll(STATIC_IMPORT)].map((m) => m[1]!);
}

function resolveImport(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]
    .find((path) => /\.tsx?$/.test(path) && existsSync(path) && statSync(path).isFile());
}

function importGraph(files: readonly string[]): Map<string, string[]> {
  const known = new Set(files);
  return new Map(files.map((file) => {
    const targets = importSpecifiers(readFileSync(file, 'utf8'))
      .map((specifier) => resolveImport(file, specifier))
      .filter((target): target is string => target !== undefined && known.has(target));
    return [file, [...new Set(targets)]];
  }));
}

/** strongly connected components of more than one module, or a module that imports itself (Tarjan) */
function importRings(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const rings: string[][] = [];
  let next = 0;
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) !== index.get(v)) return;
    const ring: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      ring.push(w);
    } while (w !== v);
    if (ring.length > 1 || (graph.get(v) ?? []).includes(v)) rings.push(ring.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return rings;
}

describe('what counts as an import', () => {
  it.each([
    { name: 'a value import', text: "import { a } from './a';", found: ['./a'] },
    { name: 'a type-only import', text: "import type { A } from '../model/a';", found: ['../model/a'] },
    { name: 'an import over several lines', text: "import {\n  a,\n  type B,\n} from './a';", found: ['./a'] },
    { name: 'a re-export', text: "export { a, type B } from './a';", found: ['./a'] },
    { name: 'a type-only re-export', text: "export type * from './api';", found: ['./api'] },
    { name: 'an import for its effect', text: "import './setup';", found: ['./setup'] },
    { name: 'the folder above', text: "import { a } from '..';", found: ['..'] },
    { name: 'a package', text: "import { createStore } from 'zustand/vanilla';", found: [] },
    { name: 'a dynamic import (loaded later)', text: "const m = await import('./lazy');", found: [] },
  ])('$name', ({ text, found }) => {
    expect(importSpecifiers(text)).toEqual(found);
  });
});

describe('finding rings', () => {
  it.each([
    { name: 'a chain', graph: { a: ['b'], b: ['c'], c: [] }, rings: [] },
    { name: 'two modules importing each other', graph: { a: ['b'], b: ['a'], c: ['a'] }, rings: [['a', 'b']] },
    { name: 'a ring of three', graph: { a: ['b'], b: ['c'], c: ['a'] }, rings: [['a', 'b', 'c']] },
    { name: 'a module importing itself', graph: { a: ['a'], b: [] }, rings: [['a']] },
    { name: 'two separate rings', graph: { a: ['b'], b: ['a'], c: ['d'], d: ['c'] }, rings: [['a', 'b'], ['c', 'd']] },
  ])('$name', ({ graph, rings }) => {
    expect(importRings(new Map(Object.entries(graph)))).toEqual(rings);
  });
});

describe('import rings', () => {
  it('src/ has none, type-only imports included', () => {
    const rings = importRings(importGraph(sourceFiles(SRC))).map((ring) => ring.map((f) => relative(SRC, f)).join(' ⇄ '));
    expect(rings).toEqual([]);
  });
});
