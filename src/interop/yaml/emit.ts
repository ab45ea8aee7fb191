// Compact, deterministic YAML for scenario files, in the style of the example scenarios:
// block mappings, block sequences at their key's indentation (kubectl's style), and flow style
// (`{name: a, labels: {app: web}}`) for any collection that fits on its line. Strings are plain
// when every reader (the scenario loader, kubectl's go-yaml) reads them back unchanged, else
// JSON-quoted. Key order is the object's own order. Linear in the size of the value, which the
// `yaml` package's stringify is not fast enough for at 5,000 pods (seconds per megabyte here).

import { escapeControlChars } from '../controlChars';
import { emitScalar, emitString, type Scalar } from './scalars';

/** Widest line a flow collection may make. */
export const LINE_WIDTH = 100;

type Mapping = Record<string, unknown>;

function isMapping(v: unknown): v is Mapping {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function entries(m: Mapping): [string, unknown][] {
  return Object.entries(m).filter(([, v]) => v !== undefined);
}

function scalarText(v: unknown): string {
  if (v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return emitScalar(v as Scalar);
  throw new TypeError(`cannot write ${typeof v} as YAML`);
}

/** Collections written in block style even when they would fit on a line (asBlock). */
const BLOCK_STYLE = new WeakSet<object>();

/** Marks `v` to be written in block style: a mapping users edit by hand, a line per field. */
export function asBlock<T extends object>(v: T): T {
  BLOCK_STYLE.add(v);
  return v;
}

/** The flow form of `v`, or undefined when it is longer than `budget` (or marked asBlock). */
function flow(v: unknown, budget: number): string | undefined {
  if (typeof v === 'object' && v !== null && BLOCK_STYLE.has(v)) return undefined;
  if (Array.isArray(v)) {
    let out = '[';
    for (let i = 0; i < v.length; i++) {
      const item = flow(v[i], budget - out.length - 1);
      if (item === undefined) return undefined;
      out += (i ? ', ' : '') + item;
      if (out.length + 1 > budget) return undefined;
    }
    return `${out}]`;
  }
  if (isMapping(v)) {
    let out = '{';
    let first = true;
    for (const [k, val] of entries(v)) {
      const key = emitString(k);
      const value = flow(val, budget - out.length - key.length - 3);
      if (value === undefined) return undefined;
      out += `${first ? '' : ', '}${key}: ${value}`;
      first = false;
      if (out.length + 1 > budget) return undefined;
    }
    return `${out}}`;
  }
  const s = scalarText(v);
  return s.length <= budget ? s : undefined;
}

function blockMap(m: Mapping, indent: number, out: string[]): void {
  const pad = ' '.repeat(indent);
  for (const [k, v] of entries(m)) {
    const head = `${pad}${emitString(k)}:`;
    if (!Array.isArray(v) && !isMapping(v)) {
      out.push(`${head} ${scalarText(v)}`);
      continue;
    }
    const f = flow(v, LINE_WIDTH - head.length - 1);
    if (f !== undefined) {
      out.push(`${head} ${f}`);
    } else if (Array.isArray(v)) {
      out.push(head);
      blockSeq(v, indent, out);
    } else {
      out.push(head);
      blockMap(v, indent + 2, out);
    }
  }
}

function blockSeq(items: unknown[], indent: number, out: string[]): void {
  const dash = `${' '.repeat(indent)}- `;
  for (const item of items) {
    if (!Array.isArray(item) && !isMapping(item)) {
      out.push(dash + scalarText(item));
      continue;
    }
    const f = flow(item, LINE_WIDTH - dash.length);
    if (f !== undefined) {
      out.push(dash + f);
      continue;
    }
    // The collection's first line goes on the dash line.
    const lines: string[] = [];
    if (Array.isArray(item)) blockSeq(item, indent + 2, lines);
    else blockMap(item, indent + 2, lines);
    lines[0] = dash + lines[0]!.slice(indent + 2);
    for (const l of lines) out.push(l);
  }
}

/** One document (no `---`), ending in a newline. */
export function emitDocument(v: unknown): string {
  const out: string[] = [];
  if (isMapping(v) && entries(v).length > 0) blockMap(v, 0, out);
  else if (Array.isArray(v) && v.length > 0) blockSeq(v, 0, out);
  else out.push(flow(v, Infinity)!);
  return `${out.join('\n')}\n`;
}

/** Documents separated by `---`, each optionally preceded by comment lines. */
export function emitDocuments(docs: readonly unknown[], comments?: (doc: unknown, index: number) => string[] | undefined): string {
  return docs.map((d, i) => {
    const lines = comments?.(d, i) ?? [];
    return lines.map((l) => commentLine(l) + '\n').join('') + emitDocument(d);
  }).join('---\n');
}

/**
 * One comment line. Control characters are escaped: a CR, or for kubectl's YAML 1.1 reader a
 * NEL or U+2028, would end the comment and make the rest of the line YAML.
 */
function commentLine(text: string): string {
  return `# ${escapeControlChars(text)}`.trimEnd();
}

/** `# `-prefixed comment lines for a header; each line feed in `lines` starts a new comment line. */
export function commentBlock(lines: readonly string[]): string {
  return lines.flatMap((l) => l.split('\n')).map(commentLine).join('\n') + (lines.length ? '\n' : '');
}
