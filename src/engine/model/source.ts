// YAML text → a tree of source nodes that remember where they came from (line and column),
// so every error can point at the offending value. Parsing follows what kubectl accepts:
// YAML 1.1 scalars (yes/no/on/off booleans, 0755 octal) and `<<` merge keys, as go-yaml v2
// (sigs.k8s.io/yaml) reads them; timestamps and sexagesimal numbers stay strings.
// Mapping keys live in a Map, never as object properties, so `__proto__` is just a key.

import {
  Alias, Document, isAlias, isMap, isPair, isScalar, isSeq, LineCounter, parseAllDocuments, Scalar, visit,
  type Node as YamlNode, type ScalarTag, type Tags,
} from 'yaml';
import { formatCount, LIMITS } from '../limits';
import { clip } from './quote';
import { parseFast } from './yamlFast';

import type { ParsedSource, Pos, SourceProblem, SrcEntry, SrcMap, SrcNode, SrcScalar } from './sourceNodes';

// the tree both readers build (./sourceNodes.ts), read through this module by the decoders
export type { ParsedSource, Pos, SourceDocument, SourceProblem, SrcEntries, SrcEntry, SrcMap, SrcNode, SrcScalar, SrcSeq } from './sourceNodes';
// in ./sourceNodes.ts, with no reader: the locators a scenario posts to another thread use it (./locator.ts)
export { locate } from './sourceNodes';

/** Deeper than this is not a Kubernetes object; it protects the walker's stack. */
export const MAX_DEPTH = LIMITS.nestingDepth;

/**
 * What alias expansion may still produce ("billion laughs"), shared by every document of the
 * scenario: nodes reached through aliases, and the characters of the scalars among them.
 */
interface AliasBudget { nodes: number; chars: number; exceeded: boolean }

// YAML 1.1 without the types Kubernetes' decoder never produces.
const customTags = (tags: Tags): Tags => tags.filter((t) => {
  const tag = typeof t === 'string' ? t : t.tag;
  const format = typeof t === 'string' ? undefined : t.format;
  return !tag.endsWith(':timestamp') && format !== 'TIME' && !tag.endsWith(':binary');
});

/**
 * One pass over a document in order: each alias's target (the last node before it with its
 * anchor, as Alias.resolve finds it, which walks the whole document for every alias), and the
 * keys written twice in a mapping (what the yaml package's uniqueKeys check reports, comparing
 * every key with every earlier one).
 */
function scanDocument(doc: Document, onDuplicateKey: (key: YamlNode) => void): Map<Alias, YamlNode | undefined> {
  const anchors = new Map<string, YamlNode>();
  const targets = new Map<Alias, YamlNode | undefined>();
  visit(doc, (_key, node) => {
    if (isAlias(node)) {
      targets.set(node, anchors.get(node.source));
      return;
    }
    if (node === null || typeof node !== 'object' || isPair(node)) return;
    if ((node as YamlNode).anchor) anchors.set((node as YamlNode).anchor!, node as YamlNode);
    if (!isMap(node)) return;
    // upstream (yaml's mapIncludes): scalar keys with equal values (===) are duplicates
    const seen = new Set<unknown>();
    for (const pair of node.items) {
      if (!isScalar(pair.key)) continue;
      const v = pair.key.value;
      if (typeof v === 'number' && Number.isNaN(v)) continue;
      if (seen.has(v)) onDuplicateKey(pair.key);
      else seen.add(v);
    }
  });
  return targets;
}

class Walker {
  readonly errors: SourceProblem[] = [];

  constructor(
    private readonly targets: Map<Alias, YamlNode | undefined>, private readonly lines: LineCounter,
    private readonly text: string, private readonly budget: AliasBudget,
  ) {}

  posOf(node: { range?: readonly number[] | null } | null | undefined, fallback: Pos): Pos {
    const offset = node?.range?.[0];
    if (offset === undefined) return fallback;
    const p = this.lines.linePos(offset);
    return { line: p.line, column: p.col };
  }

  /**
   * Where a node is reported: its own position, or, reached through an alias, where the alias
   * is used (ten pods sharing one anchored template each get their errors at their own line).
   */
  private at(node: { range?: readonly number[] | null } | null | undefined, fallback: Pos, aliasDepth: number): Pos {
    return aliasDepth > 0 ? fallback : this.posOf(node, fallback);
  }

  /** Counts a node reached through an alias; false (and one error for the scenario) once the budget is spent. */
  private spend(node: unknown, pos: Pos): boolean {
    const b = this.budget;
    b.nodes--;
    if (isScalar(node) && typeof node.value === 'string') b.chars -= node.value.length;
    if (b.nodes >= 0 && b.chars >= 0) return true;
    if (!b.exceeded) {
      b.exceeded = true;
      this.errors.push({ pos, message: `the scenario is too large once its aliases are expanded: Podplay's limit is ${formatCount(LIMITS.aliasNodes)} YAML nodes and ${formatCount(LIMITS.aliasChars)} characters reached through aliases, all documents together` });
    }
    return false;
  }

  walk(node: unknown, fallback: Pos, depth: number, aliasDepth = 0): SrcNode | undefined {
    // Only nodes reached through an alias count: the rest are bounded by the text itself, and a
    // `kubectl get -o yaml` List of thousands of objects is one document of millions of nodes.
    if (aliasDepth > 0 && !this.spend(node, fallback)) return undefined;
    if (depth > MAX_DEPTH) {
      this.errors.push({ pos: fallback, message: `document is nested more than ${MAX_DEPTH} levels deep` });
      return undefined;
    }
    if (node === null || node === undefined) return { kind: 'scalar', pos: fallback, value: null, quoted: false, raw: '' };
    if (isAlias(node)) {
      if (aliasDepth > MAX_DEPTH) {
        this.errors.push({ pos: this.posOf(node, fallback), message: 'alias refers to itself' });
        return undefined;
      }
      // an alias is reported where it is used; what it refers to keeps its own positions
      return this.walk(this.targets.get(node), this.at(node, fallback, aliasDepth), depth, aliasDepth + 1);
    }
    const pos = this.at(node as YamlNode, fallback, aliasDepth);
    if (isScalar(node)) return this.scalar(node, pos);
    if (isSeq(node)) {
      const items: SrcNode[] = [];
      for (const item of node.items) {
        const child = this.walk(item, pos, depth + 1, aliasDepth);
        if (child) items.push(child);
      }
      return { kind: 'seq', pos, items };
    }
    if (isMap(node)) return this.map(node.items, pos, depth, aliasDepth);
    this.errors.push({ pos, message: 'unsupported YAML node' });
    return undefined;
  }

  private scalar(node: Scalar, pos: Pos): SrcScalar {
    const quoted = node.type !== undefined && node.type !== Scalar.PLAIN;
    const range = node.range;
    const raw = typeof node.source === 'string' ? node.source
      : range ? this.text.slice(range[0], range[1]) : String(node.value);
    const v = node.value;
    let value: SrcScalar['value'];
    if (typeof v === 'string' || typeof v === 'boolean' || v === null) value = v;
    else if (typeof v === 'number') value = v;
    else if (typeof v === 'bigint') value = Number(v);
    else value = raw; // symbols, binary, anything exotic: keep the text
    return { kind: 'scalar', pos, value, quoted, raw };
  }

  private keyOf(key: unknown): string | undefined {
    if (isAlias(key)) key = this.targets.get(key);
    if (key === null || key === undefined) return '';
    if (isScalar(key)) {
      const v = key.value;
      if (v === null) return '';
      if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
      if (typeof v === 'symbol') return v.description ?? '';
      return typeof key.source === 'string' ? key.source : undefined;
    }
    return undefined;
  }

  private isMergeKey(key: unknown): boolean {
    if (!isScalar(key)) return false;
    const v = key.value;
    return (typeof v === 'symbol' && v.description === '<<') || (v === '<<' && (key.type === undefined || key.type === Scalar.PLAIN));
  }

  private map(pairs: readonly unknown[], pos: Pos, depth: number, aliasDepth: number): SrcMap {
    const entries = new Map<string, SrcEntry>();
    const merges: { value: unknown; pos: Pos }[] = [];
    for (const pair of pairs) {
      if (!isPair(pair)) continue;
      const keyPos = this.at(pair.key as YamlNode, pos, aliasDepth);
      if (this.isMergeKey(pair.key)) {
        merges.push({ value: pair.value, pos: keyPos });
        continue;
      }
      const key = this.keyOf(pair.key);
      if (key === undefined) {
        this.errors.push({ pos: keyPos, message: 'mapping keys must be strings, not collections' });
        continue;
      }
      const value = this.walk(pair.value, this.at(pair.value as YamlNode, keyPos, aliasDepth), depth + 1, aliasDepth);
      if (value) entries.set(key, { key, keyPos, value });
    }
    // upstream (go-yaml v2): keys written in the mapping win over merged ones; earlier merge sources win.
    for (const m of merges) {
      const source = this.walk(m.value, m.pos, depth + 1, aliasDepth);
      const sources = source?.kind === 'seq' ? source.items : source ? [source] : [];
      for (const s of sources) {
        if (s.kind !== 'map') {
          this.errors.push({ pos: s.pos, message: 'merge sources (<<) must be mappings' });
          continue;
        }
        for (const [k, e] of s.entries) if (!entries.has(k)) entries.set(k, e);
      }
    }
    return { kind: 'map', pos, entries };
  }
}

// Duplicate keys are found by scanDocument, in one pass (the package's check is quadratic).
const parseOptions = { version: '1.1', customTags, uniqueKeys: false } as const;

/** the scalar tags parseAllDocuments resolves plain scalars with, in its order */
let plainTags: readonly ScalarTag[] | undefined;

/**
 * A plain scalar's value, as the yaml package's composer resolves it (findScalarTagByTest, then
 * the tag's resolve); undefined when that would not be a plain value or would report a problem.
 */
function resolvePlainScalar(text: string): SrcScalar['value'] | undefined {
  plainTags ??= (new Document(null, parseOptions).schema.tags as ScalarTag[]).filter((t) => t.default === true && t.test);
  const tag = plainTags.find((t) => t.test!.test(text));
  if (!tag) return text;
  let failed = false;
  const res: unknown = tag.resolve(text, () => { failed = true; }, { intAsBigInt: false } as never);
  const v = isScalar(res) ? res.value : res;
  if (failed) return undefined;
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || v === null ? v : undefined;
}

/** Parses a multi-document YAML stream. Never throws. */
export function parseYaml(text: string): ParsedSource {
  return parseYamlFast(text) ?? parseYamlWithPackage(text);
}

/** The fast reader alone (yamlFast.ts): undefined when the text is not in its subset of YAML. */
export function parseYamlFast(text: string): ParsedSource | undefined {
  const documents = parseFast(text, resolvePlainScalar);
  return documents && { documents, errors: [], warnings: [] };
}

/** parseYaml without the fast reader (yamlFast.ts): the yaml package reads everything. */
export function parseYamlWithPackage(text: string): ParsedSource {
  const out: ParsedSource = { documents: [], errors: [], warnings: [] };
  const lines = new LineCounter();
  const at = (offset: number): Pos => {
    const p = lines.linePos(Math.max(0, Math.min(offset, text.length)));
    return { line: p.line, column: p.col };
  };
  let docs: Document.Parsed[];
  try {
    const parsed = parseAllDocuments(text, { ...parseOptions, lineCounter: lines, prettyErrors: false });
    docs = [...parsed];
    if ('empty' in parsed) {
      for (const e of parsed.errors) out.errors.push({ pos: at(e.pos[0]), message: e.message });
    }
  } catch (e) {
    out.errors.push({ pos: { line: 1, column: 1 }, message: `YAML could not be parsed: ${e instanceof RangeError ? 'nested too deeply' : String(e)}` });
    return out;
  }
  const budget: AliasBudget = { nodes: LIMITS.aliasNodes, chars: LIMITS.aliasChars, exceeded: false };
  const tooDeep = `document is nested more than ${MAX_DEPTH} levels deep`;
  docs.forEach((doc, i) => {
    const docPos = at(doc.range[0]);
    const errors: SourceProblem[] = [];
    let deep = false;
    for (const e of doc.errors) {
      // the package's composer ran out of stack: say what is wrong, once
      if (e.code === 'RESOURCE_EXHAUSTION') deep = true;
      else errors.push({ pos: at(e.pos[0]), message: e.message });
    }
    for (const w of doc.warnings) out.warnings.push({ pos: at(w.pos[0]), message: w.message });
    let root: SrcNode | undefined;
    let walked: SourceProblem[] = [];
    try {
      const targets = scanDocument(doc, (key) => errors.push({ pos: at(key.range?.[0] ?? doc.range[0]), message: 'Map keys must be unique' }));
      const walker = new Walker(targets, lines, text, budget);
      walked = walker.errors;
      root = doc.contents === null ? undefined : walker.walk(doc.contents, docPos, 0);
    } catch (e) {
      if (!(e instanceof RangeError)) throw e;
      deep = true;
    }
    if (deep && !walked.some((e) => e.message === tooDeep)) errors.push({ pos: docPos, message: tooDeep });
    errors.sort((a, b) => a.pos.line - b.pos.line || a.pos.column - b.pos.column);
    out.errors.push(...errors, ...walked);
    if (root?.kind === 'scalar' && root.value === null) root = undefined;
    out.documents.push({ index: i + 1, pos: root?.pos ?? docPos, root });
  });
  return out;
}

/** A short description of a node for "expected X, got Y" messages. */
export function describe(node: SrcNode): string {
  if (node.kind === 'map') return 'a mapping';
  if (node.kind === 'seq') return 'a list';
  const v = node.value;
  if (v === null) return 'null';
  if (typeof v === 'string') return `string ${JSON.stringify(truncate(v))}`;
  if (typeof v === 'number') {
    const written = clip(node.raw || String(v));
    if (Number.isNaN(v)) return `${written} (NaN is not allowed)`;
    if (!Number.isFinite(v)) return `${written} (infinity is not allowed)`;
    return `number ${written}`;
  }
  return `boolean ${clip(node.raw || String(v))}`;
}

export function truncate(s: string, max = 80): string {
  return s.length > max ? `${s.slice(0, max)}…` : s;
}

/** A plain JSON-like value with own properties only (safe for `__proto__` keys). */
export function toPlain(node: SrcNode | undefined): unknown {
  if (!node) return undefined;
  if (node.kind === 'scalar') return node.value;
  if (node.kind === 'seq') return node.items.map(toPlain);
  const out: Record<string, unknown> = {};
  for (const [k, e] of node.entries) {
    Object.defineProperty(out, k, { value: toPlain(e.value), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** The position of the node at `path` below `node`, or of the deepest node on the way. */
/** A JSON value (e.g. from an annotation) as source nodes, all at one position. */
export function jsonToSrc(value: unknown, pos: Pos, depth = 0): SrcNode {
  if (depth > MAX_DEPTH) return { kind: 'scalar', pos, value: null, quoted: false, raw: '' };
  if (Array.isArray(value)) return { kind: 'seq', pos, items: value.map((v) => jsonToSrc(v, pos, depth + 1)) };
  if (value !== null && typeof value === 'object') {
    const entries = new Map<string, SrcEntry>();
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) entries.set(k, { key: k, keyPos: pos, value: jsonToSrc(v, pos, depth + 1) });
    return { kind: 'map', pos, entries };
  }
  if (typeof value === 'string') return { kind: 'scalar', pos, value, quoted: true, raw: value };
  if (typeof value === 'number' || typeof value === 'boolean') return { kind: 'scalar', pos, value, quoted: false, raw: String(value) };
  return { kind: 'scalar', pos, value: null, quoted: false, raw: '' };
}
