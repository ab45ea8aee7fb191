// A fast reader for the YAML that Kubernetes users and `kubectl get -o yaml` actually write:
// block mappings and sequences, single-line flow collections, plain and single-line quoted
// scalars, comments and `---` between documents. It builds the same source nodes, with the same
// positions and scalar values, as the `yaml` package does through source.ts — about ten times
// faster, which is what lets a 5,000-object dump load in a second or two.
//
// It gives up (returns undefined) at the first thing outside that subset or anything the yaml
// package would report — anchors, aliases, tags, block scalars, multi-line scalars or flow
// collections, directives, tabs, duplicate keys, odd indentation — and source.ts then reads the
// whole text with the yaml package, so errors, warnings and exotic YAML are exactly as before.
// source.test.ts checks the two readers against each other.

import type { Pos, SourceDocument, SrcEntries, SrcEntry, SrcMap, SrcNode, SrcScalar, SrcSeq } from './sourceNodes';

/** a plain scalar's value as the YAML 1.1 schema resolves it; undefined when unsure */
export type PlainResolver = (text: string) => SrcScalar['value'] | undefined;

// Source nodes keep their position as two numbers and make the Pos object when asked (error
// messages, mostly): a big dump has millions of nodes, and every object counts.

class FastScalar implements SrcScalar {
  readonly kind = 'scalar';
  constructor(private readonly line: number, private readonly column: number, readonly value: SrcScalar['value'], readonly quoted: boolean, readonly raw: string) {}
  get pos(): Pos { return { line: this.line, column: this.column }; }
}

class FastMap implements SrcMap {
  readonly kind = 'map';
  constructor(private readonly line: number, private readonly column: number, readonly entries: FastEntries) {}
  get pos(): Pos { return { line: this.line, column: this.column }; }
}

/**
 * A mapping's entries as one flat array of (key, value, key line, key column), made into SrcEntry
 * objects when read. Lookups scan the keys (mappings are small); big ones get an index.
 */
class FastEntries implements SrcEntries {
  private index: Map<string, number> | undefined;
  constructor(private readonly data: readonly unknown[]) {}

  get size(): number { return this.data.length / 4; }

  private find(key: string): number {
    const d = this.data;
    if (d.length > 4 * 16) {
      if (!this.index) {
        this.index = new Map();
        for (let i = 0; i < d.length; i += 4) this.index.set(d[i] as string, i);
      }
      return this.index.get(key) ?? -1;
    }
    for (let i = 0; i < d.length; i += 4) if (d[i] === key) return i;
    return -1;
  }

  private entryAt(i: number): SrcEntry {
    const d = this.data;
    return new FastEntry(d[i] as string, d[i + 2] as number, d[i + 3] as number, d[i + 1] as SrcNode);
  }

  get(key: string): SrcEntry | undefined {
    const i = this.find(key);
    return i < 0 ? undefined : this.entryAt(i);
  }

  has(key: string): boolean { return this.find(key) >= 0; }

  *[Symbol.iterator](): IterableIterator<[string, SrcEntry]> {
    for (let i = 0; i < this.data.length; i += 4) yield [this.data[i] as string, this.entryAt(i)];
  }
}

/** Collects a mapping's entries while it is read, refusing duplicate keys (the yaml package reports them). */
class EntriesBuilder {
  private readonly data: unknown[] = [];
  private keys: Set<string> | undefined;

  has(key: string): boolean {
    const d = this.data;
    if (this.keys) return this.keys.has(key);
    for (let i = 0; i < d.length; i += 4) if (d[i] === key) return true;
    return false;
  }

  add(key: string, value: SrcNode, line: number, column: number): void {
    this.data.push(key, value, line, column);
    if (this.keys) this.keys.add(key);
    else if (this.data.length > 4 * 16) this.keys = new Set(this.data.filter((_, i) => i % 4 === 0) as string[]);
  }

  build(): FastEntries {
    return new FastEntries(this.data.slice());
  }
}

class FastSeq implements SrcSeq {
  readonly kind = 'seq';
  /** items: an exact-length copy of the list the reader filled */
  constructor(private readonly line: number, private readonly column: number, readonly items: SrcNode[]) {}
  get pos(): Pos { return { line: this.line, column: this.column }; }
}

class FastEntry implements SrcEntry {
  constructor(readonly key: string, private readonly line: number, private readonly column: number, readonly value: SrcNode) {}
  get keyPos(): Pos { return { line: this.line, column: this.column }; }
}

/** Thrown to abandon the fast path; never escapes parseFast. */
const GIVE_UP = Symbol('give up');

const SPACE = 32, HASH = 35, COLON = 58, DASH = 45, DQUOTE = 34, SQUOTE = 39, COMMA = 44, BACKSLASH = 92;
const LBRACKET = 91, RBRACKET = 93, LBRACE = 123, RBRACE = 125, DOT = 46;

/** characters that cannot start a plain scalar here (or that we leave to the yaml package) */
function plainStartForbidden(c: number): boolean {
  // , [ ] { } # & * ! | > ' " % @ ` ? : (and - is handled by the caller)
  return c === COMMA || c === LBRACKET || c === RBRACKET || c === LBRACE || c === RBRACE || c === HASH || c === 38 || c === 42
    || c === 33 || c === 124 || c === 62 || c === SQUOTE || c === DQUOTE || c === 37 || c === 64 || c === 96 || c === 63 || c === COLON;
}

/**
 * `-` starts a plain scalar only when a "safe" character follows: not a space, the end of the
 * line, or (we also refuse it in block context, where YAML allows it) a flow indicator.
 */
function dashStartsPlain(text: string, i: number, lineEnd: number): boolean {
  if (i + 1 >= lineEnd) return false;
  const d = text.charCodeAt(i + 1);
  return d !== SPACE && d !== COMMA && d !== LBRACKET && d !== RBRACKET && d !== LBRACE && d !== RBRACE;
}

/** Deeper than this goes to the yaml package, whose walker reports it (source.ts MAX_DEPTH). */
const MAX_FAST_DEPTH = 90;
/** YAML's limit on implicit keys */
const MAX_KEY_LENGTH = 1000;

// control characters, C1 controls, Unicode line separators and BOMs: the yaml package's business
const UNSUPPORTED_CHARS = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\ufeff]/;

class FastReader {
  /** offset of the current line's first character, its 1-based number, and its end (the \n or text end) */
  private lineStart = 0;
  private lineNo = 1;
  private lineEnd = 0;
  /** indentation of the current line; -1 at the end of the document */
  private indent = 0;
  /** each distinct plain scalar's text (shared by every node that repeats it) and value */
  private readonly scalars = new Map<string, { raw: string; value: SrcScalar['value'] }>();
  /** each distinct quoted scalar's value, shared likewise */
  private readonly quoted = new Map<string, string>();

  constructor(private readonly text: string, private readonly resolvePlain: PlainResolver) {
    this.setLine(0, 1);
  }

  private giveUp(): never {
    throw GIVE_UP;
  }

  private pos(offset: number): Pos {
    return { line: this.lineNo, column: offset - this.lineStart + 1 };
  }

  /** the 1-based column of an offset on the current line */
  private col(offset: number): number {
    return offset - this.lineStart + 1;
  }

  private setLine(start: number, lineNo: number): void {
    this.lineStart = start;
    this.lineNo = lineNo;
    const nl = this.text.indexOf('\n', start);
    this.lineEnd = nl < 0 ? this.text.length : nl;
    let i = start;
    while (i < this.lineEnd && this.text.charCodeAt(i) === SPACE) i++;
    this.indent = i - start;
  }

  private atTextEnd(): boolean {
    return this.lineStart >= this.text.length;
  }

  private nextLine(): void {
    this.setLine(this.lineEnd + 1, this.lineNo + 1);
  }

  /** offset of the first non-space character of the current line (lineEnd when blank) */
  private get first(): number {
    return this.lineStart + this.indent;
  }

  private isBlankOrComment(): boolean {
    const f = this.first;
    return f >= this.lineEnd || this.text.charCodeAt(f) === HASH;
  }

  /** `---` or `...` at column 0, followed by a space or the end of the line */
  private isDocumentMarker(): 'start' | 'end' | undefined {
    const t = this.text, s = this.lineStart;
    const c = t.charCodeAt(s);
    if ((c !== DASH && c !== DOT) || t.charCodeAt(s + 1) !== c || t.charCodeAt(s + 2) !== c) return undefined;
    if (s + 3 < this.lineEnd && t.charCodeAt(s + 3) !== SPACE) return undefined;
    return c === DASH ? 'start' : 'end';
  }

  /** the least indentation of the comment lines the last toContent skipped (Infinity when none) */
  private skippedCommentIndent = Infinity;

  /** skips blank and comment lines; false at the end of the text or a document marker */
  private toContent(): boolean {
    this.skippedCommentIndent = Infinity;
    for (;;) {
      if (this.atTextEnd()) return false;
      if (this.isDocumentMarker()) return false;
      if (!this.isBlankOrComment()) return true;
      if (this.first < this.lineEnd) this.skippedCommentIndent = Math.min(this.skippedCommentIndent, this.indent);
      this.nextLine();
    }
  }

  /** after a node: only spaces and a comment may follow on the line */
  private expectLineEnd(offset: number): void {
    const t = this.text;
    let i = offset;
    while (i < this.lineEnd && t.charCodeAt(i) === SPACE) i++;
    if (i < this.lineEnd && (t.charCodeAt(i) !== HASH || i === offset)) this.giveUp();
  }

  // ---- the stream ----

  documents(): SourceDocument[] {
    const out: SourceDocument[] = [];
    for (;;) {
      // between documents: blank lines and comments
      while (!this.atTextEnd() && !this.isDocumentMarker() && this.isBlankOrComment()) this.nextLine();
      if (this.atTextEnd()) break;
      let docPos: Pos;
      const marker = this.isDocumentMarker();
      if (marker === 'end') this.giveUp();
      if (marker === 'start') {
        docPos = this.pos(this.lineStart);
        this.expectLineEnd(this.lineStart + 3);
        this.nextLine();
      } else {
        docPos = this.pos(this.first);
      }
      let root: SrcNode | undefined;
      if (this.toContent()) {
        root = this.blockNode(this.indent, -1, 0);
        if (this.toContent()) this.giveUp(); // content after the root node
        if (root.kind === 'scalar' && root.value === null) {
          // a null document: positioned at its marker (where the yaml package's document range starts)
          if (marker === undefined) this.giveUp();
          root = undefined;
        }
      }
      if (!this.atTextEnd() && this.isDocumentMarker() === 'end') this.giveUp();
      out.push({ index: out.length + 1, pos: root?.pos ?? docPos, root });
    }
    return out;
  }

  // ---- block structure ----

  /**
   * The node starting on the current (content) line at `indent`, inside a parent collection at
   * `parentIndent`. Leaves the reader on the first line after the node.
   */
  private blockNode(indent: number, parentIndent: number, depth: number): SrcNode {
    if (depth > MAX_FAST_DEPTH || indent <= parentIndent) this.giveUp();
    const t = this.text, f = this.first;
    const c = t.charCodeAt(f);
    if (c === DASH && this.isSeqIndicator(f)) return this.blockSeq(indent, f, depth);
    if (c === LBRACKET || c === LBRACE) {
      const node = this.flowOnLine(f, depth);
      this.nextLine();
      return node;
    }
    if (this.findKeyEnd(f) >= 0) return this.blockMap(indent, f, depth);
    // `key:` (or `-`), a comment line no more indented than the key, then the scalar: the yaml
    // package reads the scalar on as a multi-line one ("a:\n#c\n  A\nb: 1" is the key "A b")
    if (this.skippedCommentIndent <= parentIndent) this.giveUp();
    const node = this.scalarOnLine(f);
    this.nextLine();
    this.noContinuation(parentIndent);
    return node;
  }

  /** `-` followed by a space or the end of the line */
  private isSeqIndicator(offset: number): boolean {
    return offset + 1 >= this.lineEnd || this.text.charCodeAt(offset + 1) === SPACE;
  }

  /** a block sequence whose items line up at `indent`; its first `-` is at `firstDash` on the current line */
  private blockSeq(indent: number, firstDash: number, depth: number): SrcSeq {
    if (depth > MAX_FAST_DEPTH) this.giveUp();
    const t = this.text;
    const line = this.lineNo, column = this.col(firstDash);
    const items: SrcNode[] = [];
    let dash = firstDash;
    for (;;) {
      let i = dash + 1;
      while (i < this.lineEnd && t.charCodeAt(i) === SPACE) i++;
      if (i >= this.lineEnd || t.charCodeAt(i) === HASH) {
        // `-` alone: the item is on the following lines, or null
        const nullLine = this.lineNo, nullColumn = this.col(i);
        this.nextLine();
        if (this.toContent() && this.indent > indent) items.push(this.blockNode(this.indent, indent, depth + 1));
        else items.push(nullScalar(nullLine, nullColumn));
      } else {
        items.push(this.inlineNode(i, indent, depth + 1));
      }
      if (!this.toContent() || this.indent < indent) return new FastSeq(line, column, items.slice());
      if (this.indent > indent) this.giveUp();
      dash = this.first;
      if (t.charCodeAt(dash) !== DASH || !this.isSeqIndicator(dash)) return new FastSeq(line, column, items.slice()); // a key of the parent mapping
    }
  }

  /**
   * A node that starts on the current line after `-` at column `i`: a compact mapping
   * (`- name: x`), a flow collection, or a scalar.
   */
  private inlineNode(i: number, parentIndent: number, depth: number): SrcNode {
    const t = this.text;
    const c = t.charCodeAt(i);
    if (c === LBRACKET || c === LBRACE) {
      const node = this.flowOnLine(i, depth);
      this.nextLine();
      return node;
    }
    const column = i - this.lineStart;
    if (c === DASH && this.isSeqIndicator(i)) {
      // `- - x`: a sequence whose items line up with the inner `-`
      if (column <= parentIndent) this.giveUp();
      return this.blockSeq(column, i, depth);
    }
    if (this.findKeyEnd(i) >= 0) {
      // `- key: value`: a mapping whose keys line up with `key`
      if (column <= parentIndent) this.giveUp();
      return this.blockMap(column, i, depth);
    }
    const node = this.scalarOnLine(i);
    this.nextLine();
    this.noContinuation(parentIndent);
    return node;
  }

  /** a scalar on one line may not continue on the next, more indented one (a multi-line scalar) */
  private noContinuation(indent: number): void {
    if (this.toContent() && this.indent > indent) this.giveUp();
  }

  /** the offset of the `:` ending a plain or quoted key starting at `i`, or -1 when the line is no key */
  private findKeyEnd(i: number): number {
    const t = this.text, end = this.lineEnd;
    const c = t.charCodeAt(i);
    if (c === DQUOTE || c === SQUOTE) {
      const close = this.quotedEnd(i);
      if (close < 0) this.giveUp();
      if (t.charCodeAt(close + 1) !== COLON) return -1;
      if (close + 2 < end && t.charCodeAt(close + 2) !== SPACE) this.giveUp();
      return close + 1;
    }
    for (let j = i; j < end; j++) {
      const d = t.charCodeAt(j);
      if (d === COLON && (j + 1 === end || t.charCodeAt(j + 1) === SPACE)) return j;
      if (d === HASH && t.charCodeAt(j - 1) === SPACE) return -1;
    }
    return -1;
  }

  private blockMap(indent: number, firstKey: number, depth: number): SrcMap {
    if (depth > MAX_FAST_DEPTH) this.giveUp();
    const t = this.text;
    const mapLine = this.lineNo, mapColumn = this.col(firstKey);
    const entries = new EntriesBuilder();
    let k = firstKey;
    for (;;) {
      const colon = this.findKeyEnd(k);
      if (colon < 0) this.giveUp();
      const keyLine = this.lineNo, keyColumn = this.col(k);
      const key = this.keyText(k, colon);
      if (entries.has(key)) this.giveUp();
      let i = colon + 1;
      while (i < this.lineEnd && t.charCodeAt(i) === SPACE) i++;
      let value: SrcNode;
      if (i >= this.lineEnd || t.charCodeAt(i) === HASH) {
        // `key:` alone: a nested block, a sequence at the same indentation, or null
        const nullLine = this.lineNo, nullColumn = this.col(i);
        this.nextLine();
        if (!this.toContent()) value = nullScalar(nullLine, nullColumn);
        else if (this.indent > indent) value = this.blockNode(this.indent, indent, depth + 1);
        else if (this.indent === indent && t.charCodeAt(this.first) === DASH && this.isSeqIndicator(this.first)) value = this.blockSeq(indent, this.first, depth + 1);
        else value = nullScalar(nullLine, nullColumn);
      } else {
        const c = t.charCodeAt(i);
        if (c === LBRACKET || c === LBRACE) {
          value = this.flowOnLine(i, depth + 1);
          this.nextLine();
        } else {
          value = this.scalarOnLine(i);
          this.nextLine();
        }
        this.noContinuation(indent);
      }
      entries.add(key, value, keyLine, keyColumn);
      if (!this.toContent() || this.indent < indent) return new FastMap(mapLine, mapColumn, entries.build());
      if (this.indent > indent) this.giveUp();
      k = this.first;
      // a sequence item at the mapping's own indentation (not after `key:`) is an error
      if (t.charCodeAt(k) === DASH && this.isSeqIndicator(k)) this.giveUp();
    }
  }

  /** the key text of a block mapping entry, resolved as the walker does (String of the value) */
  private keyText(start: number, colon: number): string {
    const t = this.text;
    const c = t.charCodeAt(start);
    if (colon - start > MAX_KEY_LENGTH) this.giveUp();
    if (c === DQUOTE || c === SQUOTE) return this.quotedValue(start, colon - 1);
    const end = colon;
    if (t.charCodeAt(end - 1) === SPACE) this.giveUp(); // `key :`
    if (plainStartForbidden(c) || (c === DASH && !dashStartsPlain(t, start, this.lineEnd))) this.giveUp();
    const raw = t.slice(start, end);
    if (raw === '<<') this.giveUp(); // merge keys
    const v = this.plainValue(raw);
    return v === null ? '' : String(v);
  }

  // ---- scalars ----

  /** the scalar's value; equal scalars share one string (a dump repeats the same keys and values thousands of times) */
  private plainValue(raw: string): SrcScalar['value'] {
    return this.plain(raw).value;
  }

  private plain(raw: string): { raw: string; value: SrcScalar['value'] } {
    let e = this.scalars.get(raw);
    if (e === undefined) {
      const value = this.resolvePlain(raw);
      if (value === undefined) this.giveUp();
      this.scalars.set(raw, (e = { raw, value: value as SrcScalar['value'] }));
    }
    return e;
  }

  /** a plain scalar's node: its text and value shared with the equal scalars read before */
  private plainScalar(line: number, column: number, raw: string): FastScalar {
    const e = this.plain(raw);
    return new FastScalar(line, column, e.value, false, e.raw);
  }

  /** a quoted scalar's node, its value shared with the equal ones read before */
  private quotedScalar(line: number, column: number, body: string): FastScalar {
    let value = this.quoted.get(body);
    if (value === undefined) this.quoted.set(body, (value = body));
    return new FastScalar(line, column, value, true, value);
  }

  /** a plain or quoted scalar filling the rest of a block line */
  private scalarOnLine(i: number): SrcScalar {
    const t = this.text, end = this.lineEnd;
    const c = t.charCodeAt(i);
    const line = this.lineNo, column = this.col(i);
    if (c === DQUOTE || c === SQUOTE) {
      const close = this.quotedEnd(i);
      if (close < 0) this.giveUp();
      const value = this.quotedValue(i, close);
      this.expectLineEnd(close + 1);
      return this.quotedScalar(line, column, value);
    }
    if (plainStartForbidden(c) || (c === DASH && !dashStartsPlain(t, i, end))) this.giveUp();
    let j = i;
    let last = i; // one past the last non-space character
    for (; j < end; j++) {
      const d = t.charCodeAt(j);
      if (d === SPACE) continue;
      if (d === HASH && t.charCodeAt(j - 1) === SPACE) break;
      if (d === COLON && (j + 1 === end || t.charCodeAt(j + 1) === SPACE)) this.giveUp(); // a nested mapping
      last = j + 1;
    }
    return this.plainScalar(line, column, t.slice(i, last));
  }

  /** the offset of the closing quote of a quoted scalar starting at `i` on this line, or -1 */
  private quotedEnd(i: number): number {
    const t = this.text, end = this.lineEnd;
    const q = t.charCodeAt(i);
    for (let j = i + 1; j < end; j++) {
      const d = t.charCodeAt(j);
      if (q === DQUOTE && d === BACKSLASH) { j++; continue; }
      if (d === q) {
        if (q === SQUOTE && t.charCodeAt(j + 1) === SQUOTE) { j++; continue; }
        return j;
      }
    }
    return -1;
  }

  /** the value of the quoted scalar between the quotes at `open` and `close` */
  private quotedValue(open: number, close: number): string {
    const t = this.text;
    const body = t.slice(open + 1, close);
    if (t.charCodeAt(open) === SQUOTE) return body.includes("''") ? body.replaceAll("''", "'") : body;
    if (!body.includes('\\')) return body;
    let out = '';
    for (let j = 0; j < body.length; j++) {
      const ch = body[j]!;
      if (ch !== '\\') { out += ch; continue; }
      const next = body[++j];
      const simple = next === undefined ? undefined : ESCAPES[next];
      if (simple !== undefined) { out += simple; continue; }
      const length = next === 'x' ? 2 : next === 'u' ? 4 : next === 'U' ? 8 : 0;
      const hex = body.substr(j + 1, length);
      if (length === 0 || hex.length !== length || !/^[0-9a-fA-F]+$/.test(hex)) this.giveUp();
      const code = parseInt(hex, 16);
      if (code > 0x10ffff) this.giveUp();
      out += String.fromCodePoint(code);
      j += length;
    }
    return out;
  }

  // ---- flow collections on one line ----

  /** a flow collection starting at `i` and closing on the same line; nothing but a comment may follow */
  private flowOnLine(i: number, depth: number): SrcMap | SrcSeq {
    const { node, end } = this.flowCollection(i, depth);
    this.expectLineEnd(end);
    return node;
  }

  private skipSpaces(i: number): number {
    while (i < this.lineEnd && this.text.charCodeAt(i) === SPACE) i++;
    return i;
  }

  private flowCollection(i: number, depth: number): { node: SrcMap | SrcSeq; end: number } {
    if (depth > MAX_FAST_DEPTH) this.giveUp();
    const t = this.text;
    const isMap = t.charCodeAt(i) === LBRACE;
    const close = isMap ? RBRACE : RBRACKET;
    const line = this.lineNo, column = this.col(i);
    const entries = isMap ? new EntriesBuilder() : undefined;
    const items: SrcNode[] = [];
    let j = this.skipSpaces(i + 1);
    for (;;) {
      if (j >= this.lineEnd) this.giveUp(); // continues on the next line
      const c = t.charCodeAt(j);
      if (c === close) { j++; break; }
      if (isMap) {
        const keyColumn = this.col(j);
        let key: string;
        if (c === DQUOTE || c === SQUOTE) {
          const q = this.quotedEnd(j);
          if (q < 0) this.giveUp();
          key = this.quotedValue(j, q);
          j = q + 1;
          if (t.charCodeAt(j) !== COLON) this.giveUp();
        } else {
          const k = this.flowPlainEnd(j, true);
          if (t.charCodeAt(k.next) !== COLON) this.giveUp();
          const raw = t.slice(j, k.end);
          if (raw === '<<' || raw.length > MAX_KEY_LENGTH) this.giveUp();
          const v = this.plainValue(raw);
          key = v === null ? '' : String(v);
          j = k.next;
        }
        j = this.skipSpaces(j + 1);
        if (entries!.has(key)) this.giveUp();
        const value = this.flowNode(j, depth + 1);
        entries!.add(key, value.node, this.lineNo, keyColumn);
        j = value.end;
      } else {
        const value = this.flowNode(j, depth + 1);
        items.push(value.node);
        j = value.end;
      }
      j = this.skipSpaces(j);
      const d = t.charCodeAt(j);
      if (d === COMMA) { j = this.skipSpaces(j + 1); continue; }
      if (d === close) { j++; break; }
      this.giveUp();
    }
    return { node: entries ? new FastMap(line, column, entries.build()) : new FastSeq(line, column, items.slice()), end: j };
  }

  /** a value inside a flow collection: a collection, a quoted scalar or a plain scalar */
  private flowNode(j: number, depth: number): { node: SrcNode; end: number } {
    const t = this.text;
    if (j >= this.lineEnd) this.giveUp();
    const c = t.charCodeAt(j);
    if (c === LBRACE || c === LBRACKET) return this.flowCollection(j, depth);
    const column = this.col(j);
    if (c === DQUOTE || c === SQUOTE) {
      const q = this.quotedEnd(j);
      if (q < 0) this.giveUp();
      const value = this.quotedValue(j, q);
      const after = t.charCodeAt(this.skipSpaces(q + 1));
      if (after === COLON) this.giveUp(); // `["a": b]`
      return { node: this.quotedScalar(this.lineNo, column, value), end: q + 1 };
    }
    const k = this.flowPlainEnd(j, false);
    return { node: this.plainScalar(this.lineNo, column, t.slice(j, k.end)), end: k.next };
  }

  /**
   * A plain scalar inside a flow collection: it ends before `,`, `]`, `}` or `: `, with trailing
   * spaces dropped. `end` is one past its last character, `next` the first character after it.
   */
  private flowPlainEnd(j: number, isKey: boolean): { end: number; next: number } {
    const t = this.text;
    const c = t.charCodeAt(j);
    if (plainStartForbidden(c) || (c === DASH && !dashStartsPlain(t, j, this.lineEnd))) this.giveUp();
    let last = j;
    let k = j;
    for (; k < this.lineEnd; k++) {
      const d = t.charCodeAt(k);
      if (d === SPACE) continue;
      if (d === COMMA || d === RBRACKET || d === RBRACE) break;
      if (d === LBRACKET || d === LBRACE) this.giveUp();
      if (d === HASH && t.charCodeAt(k - 1) === SPACE) this.giveUp();
      if (d === COLON) {
        const e = t.charCodeAt(k + 1);
        if (k + 1 >= this.lineEnd || e === SPACE || e === COMMA || e === RBRACKET || e === RBRACE) {
          if (!isKey || last !== k || e !== SPACE) this.giveUp(); // `{a:}`, `[a: b]`, `{a : b}`
          break;
        }
      }
      last = k + 1;
    }
    if (last === j) this.giveUp();
    return { end: last, next: isKey ? last : k };
  }
}

const ESCAPES: Record<string, string> = {
  0: '\0', a: '\x07', b: '\b', e: '\x1b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', N: '\u0085', _: '\u00a0',
  L: '\u2028', P: '\u2029', ' ': ' ', '"': '"', '/': '/', '\\': '\\',
};

function nullScalar(line: number, column: number): SrcScalar {
  return new FastScalar(line, column, null, false, '');
}

/** The documents of `text`, or undefined when it is not in the fast reader's subset of YAML. */
export function parseFast(text: string, resolvePlain: PlainResolver): SourceDocument[] | undefined {
  if (UNSUPPORTED_CHARS.test(text)) return undefined;
  // directives: the yaml package's business
  if (text.startsWith('%') || text.includes('\n%')) return undefined;
  try {
    return new FastReader(text, resolvePlain).documents();
  } catch (e) {
    if (e === GIVE_UP) return undefined;
    throw e;
  }
}
