// A fast reader for the block YAML that kubectl, the API server's clients and this project's
// emitter write: block mappings and sequences, plain / quoted / block scalars (multi-line too),
// single-line flow collections and comments. It is some 50 times faster than the `yaml`
// package on a 25 MB `kubectl get -o yaml` dump, which the full parser needs most of a minute
// for. Anything outside that subset (anchors, tags, complex keys, merge keys, duplicate keys,
// multi-line flow collections, tabs in indentation, malformed input) throws `Unsupported`, and
// the caller falls back to the `yaml` package, which also reports real syntax errors.
// Scalars resolve as the scenario loader resolves them (./scalars.ts).

import { resolvePlain } from './scalars';

export class Unsupported extends Error {}

const bail = (why: string): never => {
  throw new Unsupported(why);
};

type Value = unknown;
type Mapping = Record<string, Value>;

function setKey(obj: Mapping, key: string, value: Value): void {
  if (Object.prototype.hasOwnProperty.call(obj, key)) bail(`duplicate key ${key}`);
  if (key === '__proto__') Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
  else obj[key] = value;
}

/** A non-string key as the `yaml` package turns it into a property name (null → ''). */
const keyString = (v: unknown): string => (v === null ? '' : String(v));

const isSeqItem = (t: string): boolean => t === '-' || (t.charCodeAt(0) === 45 /* - */ && t.charCodeAt(1) === 32);

/** Where a plain or quoted key ends: the index of its ':' (followed by a space or the end), or -1. */
function keyEnd(t: string): number {
  const c = t[0];
  if (c === '{' || c === '[') return -1;
  if (c === '"' || c === "'") {
    const close = closingQuote(t, 0);
    if (close < 0) return -1;
    let i = close + 1;
    while (t[i] === ' ') i++;
    return t[i] === ':' && (i + 1 === t.length || t[i + 1] === ' ') ? i : -1;
  }
  const i = t.indexOf(': ');
  if (i >= 0) return i;
  return t.endsWith(':') ? t.length - 1 : -1;
}

/** Index of the first unescaped `q` in `t` at or after `from`, or -1. */
function scanClose(t: string, q: string, from: number): number {
  for (let i = from; i < t.length; i++) {
    const c = t[i];
    if (q === '"') {
      if (c === '\\') i++;
      else if (c === '"') return i;
    } else if (c === "'") {
      if (t[i + 1] === "'") i++;
      else return i;
    }
  }
  return -1;
}

/** Index of the quote closing the quoted scalar that opens at `open`, on this line, or -1. */
function closingQuote(t: string, open: number): number {
  return scanClose(t, t[open]!, open + 1);
}

function restIsBlank(t: string, from: number): boolean {
  for (let i = from; i < t.length; i++) {
    const c = t[i];
    if (c === '#') return i > from || i === 0 || t[i - 1] === ' ';
    if (c !== ' ' && c !== '\t') return false;
  }
  return true;
}

const ESCAPES: Record<string, string> = {
  '0': '\0', a: '\x07', b: '\b', t: '\t', '\t': '\t', n: '\n', v: '\v', f: '\f', r: '\r', e: '\x1b', ' ': ' ', '"': '"', '/': '/', '\\': '\\',
  N: '\u0085', _: '\u00a0', L: '\u2028', P: '\u2029',
};

const trimEnd = (t: string): string => t.replace(/[ \t]+$/, '');
const trimStart = (t: string): string => t.replace(/^[ \t]+/, '');
const isBlankText = (t: string): boolean => /^[ \t]*$/.test(t);

/** Folds the line breaks of a multi-line flow scalar (YAML 1.2 §7.3.1): one break → space, n+1 → n newlines. */
function fold(parts: string[]): string {
  const last = parts.length - 1;
  let out = last === 0 ? parts[0]! : trimEnd(parts[0]!);
  let newlines = 0;
  for (let i = 1; i <= last; i++) {
    const p = i === last ? trimStart(parts[i]!) : trimEnd(trimStart(parts[i]!));
    if (p === '' && i !== last) {
      newlines++;
      continue;
    }
    out += newlines > 0 ? '\n'.repeat(newlines) : ' ';
    out += p;
    newlines = 0;
  }
  return out;
}

function unescapeDouble(raw: string): string {
  if (!raw.includes('\\')) return raw;
  let out = '';
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    if (c !== '\\') {
      out += c;
      continue;
    }
    const e = raw[++i];
    if (e === undefined) bail('dangling escape');
    const simple = ESCAPES[e!];
    if (simple !== undefined) {
      out += simple;
      continue;
    }
    const width = e === 'x' ? 2 : e === 'u' ? 4 : e === 'U' ? 8 : 0;
    if (!width) bail(`unknown escape \\${e}`);
    const hex = raw.slice(i + 1, i + 1 + width);
    if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length !== width) bail('bad escape');
    out += String.fromCodePoint(parseInt(hex, 16));
    i += width;
  }
  return out;
}

class Reader {
  private pos = 0;
  private readonly indents: number[] = [];
  private readonly texts: string[] = [];

  constructor(private readonly raw: string[], private readonly end: number, start: number) {
    this.pos = start;
    for (let i = start; i < end; i++) {
      const line = raw[i]!;
      let n = 0;
      while (line.charCodeAt(n) === 32) n++;
      const c = line[n];
      if (c === '\t') {
        if (!isBlankText(line.slice(n))) bail('tab in indentation');
      }
      this.indents[i] = n;
      this.texts[i] = line.slice(n);
    }
  }

  private blank(i: number): boolean {
    const t = this.texts[i]!;
    return t === '' || t[0] === '#' || isBlankText(t);
  }

  private skipBlank(): void {
    while (this.pos < this.end && this.blank(this.pos)) this.pos++;
  }

  document(): Value {
    this.skipBlank();
    if (this.pos >= this.end) return null;
    const v = this.node(-1);
    this.skipBlank();
    if (this.pos < this.end) bail(`unexpected content at line ${this.pos + 1}`);
    return v;
  }

  /** The node on the following lines, indented more than `parent`, or null. */
  private node(parent: number): Value {
    this.skipBlank();
    if (this.pos >= this.end) return null;
    const indent = this.indents[this.pos]!;
    if (indent <= parent) return null;
    const t = this.texts[this.pos]!;
    if (isSeqItem(t)) return this.seq(indent);
    if (keyEnd(t) >= 0) return this.map(indent);
    this.pos++;
    return this.scalarOrFlow(t, parent);
  }

  /** The next non-blank line if it is at `indent` (a deeper one is an error), else undefined. */
  private lineAt(indent: number): string | undefined {
    this.skipBlank();
    if (this.pos >= this.end) return undefined;
    const i = this.indents[this.pos]!;
    if (i < indent) return undefined;
    if (i > indent) bail(`bad indentation at line ${this.pos + 1}`);
    return this.texts[this.pos]!;
  }

  private map(indent: number): Mapping {
    const obj: Mapping = {};
    for (;;) {
      const t = this.lineAt(indent);
      if (t === undefined || isSeqItem(t)) break;
      const colon = keyEnd(t);
      if (colon < 0) bail(`expected a key at line ${this.pos + 1}`);
      const key = this.key(t.slice(0, colon));
      this.pos++;
      setKey(obj, key, this.value(t.slice(colon + 1), indent, true));
    }
    return obj;
  }

  private key(k: string): string {
    const c = k[0];
    if (c === '"' || c === "'") {
      const close = closingQuote(k, 0);
      const inner = k.slice(1, close);
      return c === '"' ? unescapeDouble(inner) : inner.replace(/''/g, "'");
    }
    const key = trimEnd(k);
    if (key === '' || key === '<<' || '-?:,[]{}#&*!|>%@`'.includes(key[0]!) || key.includes(' #')) bail(`unsupported key ${key}`);
    return keyString(resolvePlain(key));
  }

  private seq(indent: number): Value[] {
    const arr: Value[] = [];
    for (;;) {
      const t = this.lineAt(indent);
      if (t === undefined || !isSeqItem(t)) break;
      let rest = t.slice(1);
      let col = indent + 1;
      while (rest[0] === ' ') {
        rest = rest.slice(1);
        col++;
      }
      if (rest === '' || rest[0] === '#') {
        this.pos++;
        arr.push(this.node(indent));
      } else if (isSeqItem(rest) || keyEnd(rest) >= 0) {
        // A compact nested collection: the rest of the line opens it at column `col`.
        this.indents[this.pos] = col;
        this.texts[this.pos] = rest;
        arr.push(this.node(indent));
      } else {
        this.pos++;
        arr.push(this.value(rest, indent, false));
      }
    }
    return arr;
  }

  /** The value after `key:` or `- ` (`rest`, the current line already consumed). */
  private value(rest: string, parent: number, sameIndentSeq: boolean): Value {
    const r = rest.replace(/^ +/, '');
    if (r === '' || r[0] === '#') {
      this.skipBlank();
      if (this.pos >= this.end) return null;
      const i = this.indents[this.pos]!;
      if (i > parent) return this.node(parent);
      if (sameIndentSeq && i === parent && isSeqItem(this.texts[this.pos]!)) return this.seq(parent);
      return null;
    }
    return this.scalarOrFlow(r, parent);
  }

  private scalarOrFlow(r: string, parent: number): Value {
    const c = r[0]!;
    if (c === '|' || c === '>') return this.blockScalar(r, parent);
    if (c === '"' || c === "'") return this.quoted(r, parent);
    if (c === '[' || c === '{') {
      const flow = new FlowReader(r);
      const v = flow.value();
      if (!restIsBlank(r, flow.i)) bail('content after a flow collection');
      return v;
    }
    if ('&*!%@`?,]}#'.includes(c) || (c === '-' && (r[1] === ' ' || r.length === 1)) || (c === ':' && (r[1] === ' ' || r.length === 1))) bail(`unsupported indicator ${c}`);
    return this.plain(r, parent);
  }

  private plain(first: string, parent: number): Value {
    const parts = [stripComment(first)];
    // Continuation lines: more indented than the parent, up to a line that is not.
    let blanks = 0;
    while (this.pos + blanks < this.end) {
      const i = this.pos + blanks;
      const t = this.texts[i]!;
      if (isBlankText(t)) {
        blanks++;
        continue;
      }
      if (this.indents[i]! <= parent) break;
      if (t[0] === '#' || t.includes(' #') || t.includes(': ') || t.endsWith(':')) bail('ambiguous multi-line plain scalar');
      for (let b = 0; b < blanks; b++) parts.push('');
      parts.push(t);
      this.pos = i + 1;
      blanks = 0;
    }
    if (parts.length === 1) return resolvePlain(parts[0]!);
    return resolvePlain(fold(parts));
  }

  private quoted(r: string, parent: number): string {
    const q = r[0]!;
    const close = closingQuote(r, 0);
    if (close >= 0) {
      if (!restIsBlank(r, close + 1)) bail('content after a quoted scalar');
      const inner = r.slice(1, close);
      return q === '"' ? unescapeDouble(inner) : inner.replace(/''/g, "'");
    }
    // Multi-line: gather the lines up to the closing quote, then fold them.
    const lines = [r.slice(1)];
    for (;;) {
      if (this.pos >= this.end) bail('unterminated quoted scalar');
      const t = this.texts[this.pos]!;
      if (!isBlankText(t) && this.indents[this.pos]! <= parent) bail('quoted scalar continuation not indented');
      this.pos++;
      const end = scanClose(t, q, 0);
      if (end >= 0) {
        if (!restIsBlank(t, end + 1)) bail('content after a quoted scalar');
        lines.push(t.slice(0, end));
        break;
      }
      lines.push(t);
    }
    if (q === "'") return fold(lines).replace(/''/g, "'");
    // Double-quoted: a line ending in an escaped line break joins the next without a space.
    const joined: string[] = [];
    let carry = '';
    lines.forEach((line, i) => {
      const text = carry + (i === 0 || carry === '' ? line : trimStart(line));
      if (i < lines.length - 1 && /\\[ \t]+$/.test(line)) bail('escaped white space before a line break');
      if (i < lines.length - 1 && /(^|[^\\])(\\\\)*\\$/.test(text)) {
        carry = text.slice(0, -1);
        return;
      }
      carry = '';
      joined.push(text);
    });
    if (carry !== '') joined.push(carry);
    return unescapeDouble(fold(joined));
  }

  private blockScalar(header: string, parent: number): string {
    const m = /^([|>])([-+]?)(?:[ \t]+#.*)?[ \t]*$/.exec(header);
    if (!m) bail(`unsupported block scalar header ${header}`);
    const literal = m![1] === '|';
    const chomp = m![2];
    // The content's indentation: that of its first non-blank line.
    let indent = -1;
    let leading = 0;
    for (let i = this.pos; i < this.end; i++) {
      const line = this.raw[i]!;
      if (isBlankText(line)) {
        leading = Math.max(leading, line.length);
        continue;
      }
      if (this.indents[i]! > parent) indent = this.indents[i]!;
      break;
    }
    if (indent < 0) {
      // no content: the scalar is empty (trailing blank lines only count when kept)
      let blanks = 0;
      while (this.pos < this.end && isBlankText(this.raw[this.pos]!)) {
        blanks++;
        this.pos++;
      }
      if (leading > parent + 1) bail('blank lines in an empty block scalar');
      return chomp === '+' ? '\n'.repeat(blanks) : '';
    }
    if (leading > indent) bail('leading blank lines longer than the block indentation');
    const lines: string[] = [];
    let i = this.pos;
    for (; i < this.end; i++) {
      const line = this.raw[i]!;
      if (isBlankText(line)) {
        if (line.length > indent) bail('white space beyond the indentation on a blank line');
        lines.push('');
        continue;
      }
      if (this.indents[i]! < indent) break;
      lines.push(line.slice(indent));
    }
    this.pos = i;
    let trailing = 0;
    while (trailing < lines.length && lines[lines.length - 1 - trailing] === '') trailing++;
    const body = lines.slice(0, lines.length - trailing);
    let text: string;
    if (literal) {
      text = body.join('\n');
    } else {
      if (body.some((l) => l.startsWith(' ') || l.startsWith('\t'))) bail('more-indented lines in a folded scalar');
      // a break between two text lines folds to a space; one before an empty line goes
      text = body[0]!;
      for (let k = 1; k < body.length; k++) {
        const prev = body[k - 1]!;
        const l = body[k]!;
        text += prev === '' ? '\n' : l === '' ? '' : ' ';
        text += l;
      }
    }
    if (chomp === '-') return text;
    if (chomp === '+') return `${text}\n${'\n'.repeat(trailing)}`;
    return `${text}\n`;
  }
}

function stripComment(t: string): string {
  const hash = t.indexOf(' #');
  const s = (hash >= 0 ? t.slice(0, hash) : t).replace(/[ \t]+$/, '');
  if (s.includes(': ') || s.endsWith(':')) bail('mapping inside a plain scalar');
  return s;
}

/** One-line flow collections: `{a: 1, b: [x, "y"]}`. */
class FlowReader {
  i = 0;
  constructor(private readonly s: string) {}

  private spaces(): void {
    while (this.s[this.i] === ' ') this.i++;
  }

  value(): Value {
    this.spaces();
    const c = this.s[this.i];
    if (c === '{') return this.map();
    if (c === '[') return this.seq();
    if (c === '"' || c === "'") return this.quoted();
    return this.plain();
  }

  private map(): Mapping {
    const obj: Mapping = {};
    this.i++;
    this.spaces();
    if (this.s[this.i] === '}') {
      this.i++;
      return obj;
    }
    for (;;) {
      this.spaces();
      const c = this.s[this.i];
      let key: string;
      if (c === '"' || c === "'") {
        key = this.quoted();
      } else {
        const k = this.plain(true) as string;
        if (k === '<<') bail('merge key');
        key = keyString(resolvePlain(k));
      }
      this.spaces();
      if (this.s[this.i] !== ':') bail('flow mapping without a colon');
      this.i++;
      const next = this.s[this.i];
      if (next !== ' ' && next !== undefined && !(c === '"' || c === "'")) bail('flow colon without a space');
      this.spaces();
      const v = this.s[this.i] === ',' || this.s[this.i] === '}' ? null : this.value();
      setKey(obj, key, v);
      this.spaces();
      const sep = this.s[this.i++];
      if (sep === '}') return obj;
      if (sep !== ',') bail('expected , or }');
      this.spaces();
      if (this.s[this.i] === '}') bail('trailing comma');
    }
  }

  private seq(): Value[] {
    const arr: Value[] = [];
    this.i++;
    this.spaces();
    if (this.s[this.i] === ']') {
      this.i++;
      return arr;
    }
    for (;;) {
      arr.push(this.value());
      this.spaces();
      if (this.s[this.i] === ':') bail('pair in a flow sequence');
      const sep = this.s[this.i++];
      if (sep === ']') return arr;
      if (sep !== ',') bail('expected , or ]');
      this.spaces();
      if (this.s[this.i] === ']') bail('trailing comma');
    }
  }

  private quoted(): string {
    const close = closingQuote(this.s, this.i);
    if (close < 0) bail('multi-line flow collection');
    const inner = this.s.slice(this.i + 1, close);
    const q = this.s[this.i];
    this.i = close + 1;
    return q === '"' ? unescapeDouble(inner) : inner.replace(/''/g, "'");
  }

  private plain(isKey = false): Value {
    const start = this.i;
    const c = this.s[start];
    if (c === undefined) bail('multi-line flow collection');
    if ('&*!%@`?|>#,[]{}'.includes(c!) || (c === '-' && this.s[start + 1] === ' ')) bail(`unsupported flow indicator ${c}`);
    let j = start;
    for (; j < this.s.length; j++) {
      const ch = this.s[j];
      if (ch === ',' || ch === ']' || ch === '}' || ch === '[' || ch === '{') break;
      if (ch === ':' && (this.s[j + 1] === ' ' || this.s[j + 1] === ',' || this.s[j + 1] === '}' || this.s[j + 1] === ']' || j + 1 === this.s.length)) break;
      if (ch === '#' && this.s[j - 1] === ' ') bail('comment inside a flow collection');
    }
    if (j >= this.s.length) bail('multi-line flow collection');
    this.i = j;
    const text = trimEnd(this.s.slice(start, j));
    if (isKey) return text;
    return resolvePlain(text);
  }
}

/**
 * Parses a YAML stream into its documents (plain JS values; mapping keys as own properties,
 * `__proto__` included). Throws `Unsupported` for anything outside the subset.
 */
export function fastParseYaml(text: string): Value[] {
  const raw = (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).split('\n');
  for (let i = 0; i < raw.length; i++) {
    const l = raw[i]!;
    if (l.endsWith('\r')) raw[i] = l.slice(0, -1);
  }
  // the text's final line break ends the last line; it does not open another
  if (raw.length > 1 && raw[raw.length - 1] === '') raw.pop();
  const docs: Value[] = [];
  let start = 0;
  const flush = (end: number) => {
    const v = new Reader(raw, end, start).document();
    if (v !== null) docs.push(v);
  };
  for (let i = 0; i < raw.length; i++) {
    const l = raw[i]!;
    if (l.charCodeAt(0) === 37 /* % */) bail('directives');
    const marker = l.startsWith('---') ? 3 : l.startsWith('...') ? 3 : 0;
    if (marker && (l.length === 3 || l[3] === ' ' || l[3] === '\t')) {
      if (!restIsBlank(l, 3)) bail('content after a document marker');
      flush(i);
      start = i + 1;
    }
  }
  flush(raw.length);
  return docs;
}
