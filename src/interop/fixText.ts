// A verified fix as a change to the scenario's YAML: the documents it touches, re-written with the
// edit (comments and flow style kept by the yaml library), as text replacements the editor applies
// in one undoable step, and the changed lines for a diff.

import { isMap, isScalar, isSeq, parseAllDocuments, parseDocument, stringify, YAMLSeq, type Document } from 'yaml';
import { humanResource, isMachineLabel, isNodeStateTaint, NG_MAX_SIZE_ANNOTATION, NODE_FIELDS_NOT_CLONED, resourceAmount, type ScenarioEdit, type SideEffect, type WorkloadRef } from '../engine/readers';

/** A quantity as a person reads it in a title (an EKS node's 127171264Ki is 121.3Gi); as written when it does not parse. */
const humanQuantity = (resource: string, q: string): string => { const n = resourceAmount(resource, q); return n === undefined ? q : humanResource(resource, n); };

export interface TextChange {
  /** character offsets in the scenario text */
  from: number;
  to: number;
  insert: string;
}

export interface DiffLine {
  op: ' ' | '-' | '+';
  text: string;
}

export interface FixText {
  changes: TextChange[];
  /** per changed document: its lines, with the removed and added ones marked */
  diff: DiffLine[][];
  /** per changed document, in the order of `diff`: what it is ("Deployment web/checkout", "new Node n-2") */
  objects: string[];
  /**
   * per changed document, in the order of `diff`: its heading above the diff — the object and,
   * for a controller's pod, which part ("Deployment web/checkout: its pod template")
   */
  headers: string[];
}

interface DocRef { kind: string; name: string; namespace?: string }

/**
 * A document's place in the text. `text` is the object's YAML with the indentation it has in the
 * text taken off (an item of a List starts at its column), `raw` is the text as it stands there.
 */
interface Located { from: number; to: number; text: string; raw: string; indent: number }

const UNSCHEDULABLE_TAINT = 'node.kubernetes.io/unschedulable';
const NAMESPACED = (kind: string) => kind !== 'Node' && kind !== 'PriorityClass' && kind !== 'Namespace';

function keyOf(kind: unknown, name: unknown, namespace: unknown): string | undefined {
  if (typeof kind !== 'string' || typeof name !== 'string' || !kind || !name) return undefined;
  return `${kind}/${NAMESPACED(kind) ? (typeof namespace === 'string' ? namespace : 'default') : ''}/${name}`;
}

function locate(text: string, from: number, to: number): Located {
  const raw = text.slice(from, to);
  const indent = from - (text.lastIndexOf('\n', from - 1) + 1);
  if (indent === 0) return { from, to, raw, indent, text: raw };
  // dedented when first read: a search indexes every item of a dump and writes only a few
  let dedented: string | undefined;
  return { from, to, raw, indent, get text() { return (dedented ??= raw.replace(new RegExp(`\n {0,${indent}}`, 'g'), '\n')); } };
}

/**
 * An item that uses an alias whose anchor stands elsewhere in the List cannot be read alone: it is
 * written out whole, with the alias resolved (kubectl never writes aliases; hand-made files may).
 */
function selfContained(located: Located, resolved: () => unknown): Located {
  if (!located.text.includes('*')) return located;
  try {
    const alone = parseDocument(located.text);
    // an alias without its anchor parses, and throws only when written
    if (alone.errors.length === 0 && alone.toString() !== '') return located;
  } catch {
    // written out whole below
  }
  return { ...located, text: stringify(resolved()).replace(/\n$/, '') };
}

/** Puts a re-written object back at the column its text started at. */
function reindent(text: string, indent: number): string {
  return indent === 0 ? text : text.replace(/\n(?=.)/g, `\n${' '.repeat(indent)}`);
}

/**
 * The objects of the text by kind/namespace/name, with their text ranges: top-level documents,
 * and the items of a `List` (every kubectl dump is one).
 */
/**
 * Indexes the text a search will write its fixes into, ahead of the search: the page's fix worker,
 * prepared while the run is on screen, does it before the first request (src/ui/fixes/fixRequest.ts).
 */
export function indexFixText(text: string): void {
  indexDocuments(text);
}

function indexDocuments(text: string): { docs: ReadonlyMap<string, Located>; style: ReturnType<typeof styleOf> } {
  // a search writes each fix it verifies into the same text: index it once (the yaml library
  // takes seconds on a dump of thousands of objects), not once per fix
  if (lastIndex?.text !== text) lastIndex = { text, docs: withTimelineObjects(text, indexListsByLines(text) ?? indexAllDocuments(text)), style: styleOf(text) };
  return lastIndex;
}

/**
 * The objects a Scenario's timeline steps apply (`object:`, `objects:`) that no document of the
 * text declares: a Pod applied at 30 s and refused by admission is fixed where it is written.
 */
function withTimelineObjects(text: string, docs: Map<string, Located>): Map<string, Located> {
  for (const [key, scenario] of [...docs]) {
    if (!key.startsWith('Scenario/') || scenario.indent !== 0 || !scenario.text.includes('timeline')) continue;
    const steps = parseDocument(scenario.text).getIn(['spec', 'timeline'], true);
    if (!isSeq(steps)) continue;
    for (const step of steps.items) {
      if (!isMap(step) || step.get('action') !== 'apply') continue;
      const many = step.get('objects', true);
      for (const o of [step.get('object', true), ...(isSeq(many) ? many.items : [])]) {
        if (!isMap(o) || !o.range) continue;
        const object = keyOf(o.getIn(['kind']), o.getIn(['metadata', 'name']), o.getIn(['metadata', 'namespace']));
        if (object && !docs.has(object)) docs.set(object, locate(text, scenario.from + o.range[0], scenario.from + o.range[1]));
      }
    }
  }
  return docs;
}

/** the last text indexed (its Located entries are never changed) */
let lastIndex: { text: string; docs: ReadonlyMap<string, Located>; style: ReturnType<typeof styleOf> } | undefined;

/** The index as the yaml library builds it from the whole text. Exported for the test of indexListsByLines. */
export function indexAllDocuments(text: string): Map<string, Located> {
  const out = new Map<string, Located>();
  for (const doc of parseAllDocuments(text, { keepSourceTokens: false })) {
    const contents = doc.contents;
    if (!isMap(contents) || !contents.range) continue;
    const kind = doc.getIn(['kind']);
    const items = doc.getIn(['items'], true);
    if (typeof kind === 'string' && kind.endsWith('List') && isSeq(items)) {
      for (const item of items.items) {
        if (!isMap(item) || !item.range) continue;
        const key = keyOf(item.getIn(['kind']), item.getIn(['metadata', 'name']), item.getIn(['metadata', 'namespace']));
        if (key && !out.has(key)) out.set(key, selfContained(locate(text, item.range[0], item.range[1]), () => item.toJS(doc)));
      }
      continue;
    }
    // a Scenario document needs no name: it is still the one a timeline step goes into
    const key = keyOf(kind, doc.getIn(['metadata', 'name']), doc.getIn(['metadata', 'namespace'])) ?? (kind === 'Scenario' ? 'Scenario//' : undefined);
    if (key) out.set(key, locate(text, contents.range[0], contents.range[2]));
  }
  return out;
}

/** a key line of a block map: `key:` alone or `key: value` (a plain key: no quotes, flow or `?`) */
const KEY_LINE = /^([A-Za-z_][A-Za-z0-9_./-]*):(?: (.*))?$/;
/** a value that is a string as it stands (plain, or quoted without escapes), and what it reads as */
function simpleString(value: string): string | undefined {
  const quoted = /^"([A-Za-z0-9._/-]*)"$/.exec(value) ?? /^'([A-Za-z0-9._/-]*)'$/.exec(value);
  if (quoted) return quoted[1];
  if (/^[A-Za-z][A-Za-z0-9._/-]*$/.test(value) && !/^(true|false|null)$/i.test(value)) return value;
  return undefined;
}

/**
 * The same index read line by line, for the plain block style kubectl writes: documents split at
 * `---`, each List's items found by their `- ` at the sequence's column and read only for kind,
 * metadata.name and metadata.namespace; any other document is parsed alone by the yaml library.
 * Undefined, so that the whole text is parsed instead, at anything this reading does not cover
 * (directives, comments, block scalars, tabs, flow or quoted keys and names, repeated keys,
 * aliases an item cannot be read without). A 17 MB dump takes the yaml library about a minute.
 */
export function indexListsByLines(text: string): Map<string, Located> | undefined {
  if (text.includes('\r') || text.includes('\t')) return undefined;
  const out = new Map<string, Located>();
  // line starts, and the lines split once: each line is read several times (a 17 MB dump has 900,000)
  const starts: number[] = [0];
  for (let i = text.indexOf('\n'); i !== -1 && i + 1 < text.length; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  const lines = text.split('\n');
  if (lines.length > starts.length) lines.pop();
  const lineAt = (l: number) => lines[l]!;
  const endOf = (l: number) => (l + 1 < starts.length ? starts[l + 1]! : text.length);
  let docStart = 0;
  for (let l = 0; l <= starts.length; l++) {
    const line = l < starts.length ? lineAt(l) : '---';
    // (a comment line's quotes open nothing: a quoted string it could be part of was opened on a line before)
    if (line.startsWith('%') || line.startsWith('...') || (line.startsWith('---') && line !== '---') || (!line.startsWith('#') && !closesItsQuotes(line))) return undefined;
    if (line !== '---') continue;
    if (l > docStart && !indexDocumentLines(text, docStart, l, starts, lineAt, endOf, out)) return undefined;
    docStart = l + 1;
  }
  return out;
}

/** The line's indentation as trimStart reads it, without copying the line (the common case: spaces, then a printable character). */
function indentOf(line: string): number {
  let i = 0;
  while (line.charCodeAt(i) === 32) i++;
  const next = line.charCodeAt(i);
  return Number.isNaN(next) || (next > 32 && next < 127) ? i : line.length - line.trimStart().length;
}

/** false for a line that may open a quoted string continued on the next (an odd count of quotes) */
function closesItsQuotes(line: string): boolean {
  if (!line.includes('"') && !line.includes("'")) return true;
  const double = line.replace(/\\./g, '').split('"').length % 2 === 1;
  return double && (line.includes('"') || line.split("'").length % 2 === 1);
}

/** One document of lines [from, to): a List's items, or the document parsed alone. False: not covered. */
function indexDocumentLines(text: string, from: number, to: number, starts: readonly number[], lineAt: (l: number) => string, endOf: (l: number) => number, out: Map<string, Located>): boolean {
  let kind: string | undefined;
  let itemsLine: number | undefined;
  const seen = new Set<string>();
  /** a comment at column 0: fine in a document the yaml library reads alone (an imported scenario's header) */
  let comment = false;
  for (let l = from; l < to; l++) {
    const line = lineAt(l);
    if (line.startsWith('#')) { comment = true; continue; }
    if (line === '' || line.startsWith(' ') || line.startsWith('-')) continue;
    const m = KEY_LINE.exec(line);
    if (!m || seen.has(m[1]!)) return false;
    seen.add(m[1]!);
    if (m[1] === 'kind') kind = m[2] === undefined ? undefined : simpleString(m[2]);
    if (m[1] === 'items' && m[2] === undefined) itemsLine = l;
  }
  if (!(kind?.endsWith('List') && itemsLine !== undefined && itemsLine + 1 < to)) {
    // not a List of block items: read by its lines when they are plain (the yaml library then finds
    // its range only if a fix writes it), else read alone by the yaml library, at its place in the text
    const offset = starts[from]!;
    const byLines = kind?.endsWith('List') ? undefined : documentKeyByLines(from, to, lineAt);
    if (byLines !== undefined) {
      if (byLines.key !== undefined) out.set(byLines.key, documentLocatedLater(text, offset, endOf(to - 1)));
      return true;
    }
    const chunk = text.slice(offset, endOf(to - 1));
    const doc = parseDocument(chunk, { keepSourceTokens: false });
    if (doc.errors.length > 0) return false;
    const contents = doc.contents;
    if (!isMap(contents) || !contents.range) return true;
    const docKind = doc.getIn(['kind']);
    if (typeof docKind === 'string' && docKind.endsWith('List') && isSeq(doc.getIn(['items'], true))) return false;
    const key = keyOf(docKind, doc.getIn(['metadata', 'name']), doc.getIn(['metadata', 'namespace'])) ?? (docKind === 'Scenario' ? 'Scenario//' : undefined);
    if (key) out.set(key, locate(text, offset + contents.range[0], offset + contents.range[2]));
    return true;
  }
  // (in a List, a comment is an item's to judge: it may be a line of a block scalar)
  if (comment) return false;
  const first = lineAt(itemsLine + 1);
  const dash = /^( *)- /.exec(first);
  if (!dash) return false;
  const seq = dash[1]!.length;
  const column = seq + 2;
  const itemStart = `${' '.repeat(seq)}- `;
  let l = itemsLine + 1;
  while (l < to) {
    const line = lineAt(l);
    if (!line.startsWith(itemStart)) {
      if (line === '') { l++; continue; }
      if (line.trimStart().startsWith('#')) return false;
      // the sequence has ended at a top-level key (read above)
      if (!line.startsWith(' ') && !line.startsWith('-')) break;
      return false;
    }
    // the item: to the next line at the sequence's column or left of it
    let end = l + 1;
    while (end < to) {
      const next = lineAt(end);
      if (next !== '' && indentOf(next) <= seq) break;
      end++;
    }
    let last = end - 1;
    while (last > l && lineAt(last) === '') last--;
    if (!indexItemLines(text, l, last, column, lineAt, starts, endOf, out)) return false;
    l = end;
  }
  return true;
}

/**
 * A top-level document's key (kind/namespace/name) read from its lines, as the yaml library reads
 * it, or undefined when its lines are not plain enough to be sure: comments only before its first
 * key, keys at column 0 (indexDocumentLines checked them), a block `metadata:` whose keys stand at
 * one indentation with plain or simply quoted `name` and `namespace`, no `-` at column 0. An
 * imported scenario is thousands of such documents: the yaml library took ~9 s of CPU on 5,000 pods.
 */
function documentKeyByLines(from: number, to: number, lineAt: (l: number) => string): { key: string | undefined } | undefined {
  const top = new Map<string, { line: number; value: string | undefined }>();
  let keys = false;
  for (let l = from; l < to; l++) {
    const line = lineAt(l);
    if (line.startsWith('-')) return undefined;
    if (line.startsWith('#')) {
      if (keys) return undefined;
      continue;
    }
    if (line === '') continue;
    if (line.startsWith(' ')) {
      if (!keys) return undefined;
      continue;
    }
    // (a key line: indexDocumentLines matched it and found no key twice)
    const m = KEY_LINE.exec(line)!;
    keys = true;
    top.set(m[1]!, { line: l, value: m[2] });
  }
  const simple = (field: { value: string | undefined } | undefined): string | null | undefined =>
    (field === undefined ? undefined : field.value === undefined ? null : simpleString(field.value) ?? null);
  const kind = simple(top.get('kind'));
  if (kind === null) return undefined;
  const metadata = top.get('metadata');
  let name: string | undefined;
  let namespace: string | undefined;
  if (metadata !== undefined) {
    if (metadata.value !== undefined) return undefined;
    const fields = new Set<string>();
    let indent: number | undefined;
    for (let l = metadata.line + 1; l < to; l++) {
      const line = lineAt(l);
      if (line === '') continue;
      if (!line.startsWith(' ')) break;
      const at = indentOf(line);
      indent ??= at;
      if (at > indent) continue;
      if (at < indent) return undefined;
      const rest = line.slice(at);
      // an item of the sequence the key before holds, written at the key's indentation (kubectl's ownerReferences)
      if (rest.startsWith('- ') || rest === '-') {
        if (fields.size === 0) return undefined;
        continue;
      }
      const m = KEY_LINE.exec(rest);
      if (!m || fields.has(m[1]!)) return undefined;
      fields.add(m[1]!);
      if (m[1] !== 'name' && m[1] !== 'namespace') continue;
      const value = m[2] === undefined ? undefined : simpleString(m[2]);
      if (value === undefined) return undefined;
      if (m[1] === 'name') name = value;
      else namespace = value;
    }
  }
  return { key: keyOf(kind, name, namespace) ?? (kind === 'Scenario' ? 'Scenario//' : undefined) };
}

/** A top-level document's Located, found by the yaml library in the text [offset, end) the first time it is read. */
function documentLocatedLater(text: string, offset: number, end: number): Located {
  let located: Located | undefined;
  const get = (): Located => {
    if (located) return located;
    const contents = parseDocument(text.slice(offset, end), { keepSourceTokens: false }).contents;
    const range = contents?.range;
    located = range ? locate(text, offset + range[0], offset + range[2]) : locate(text, offset, end);
    return located;
  };
  return {
    get from() { return get().from; },
    get to() { return get().to; },
    get text() { return get().text; },
    get raw() { return get().raw; },
    get indent() { return get().indent; },
  };
}

/** One List item, lines [first, last]: its kind, metadata.name and metadata.namespace. */
function indexItemLines(text: string, first: number, last: number, column: number, lineAt: (l: number) => string, starts: readonly number[], endOf: (l: number) => number, out: Map<string, Located>): boolean {
  const at = ' '.repeat(column);
  const fields = new Map<string, string | undefined>();
  let inMetadata = false;
  /** the indentation of a block scalar's key while its lines are read (lines further in are its text) */
  let scalar: number | undefined;
  for (let l = first; l <= last; l++) {
    const full = lineAt(l);
    if (l === first && full.slice(column).startsWith(' ')) return false;
    const line = l === first ? at + full.slice(column) : full;
    const indent = indentOf(line);
    if (scalar !== undefined && (line.trim() === '' || indent > scalar)) continue;
    scalar = undefined;
    if (line.startsWith('#', indent)) return false;
    // a block scalar (kubectl writes last-applied-configuration so) deeper than the fields read
    if ((line.includes('|') || line.includes('>')) && /[:-] *[|>][-+0-9]*$/.test(line)) {
      if (indent <= column + 2 || /[|>][-0-9]*\+/.test(line) || l === last) return false;
      scalar = indent;
      continue;
    }
    if (line === '' || indent > column + 2) continue;
    if (indent < column) return false;
    const rest = line.slice(indent);
    if (rest.startsWith('- ') || rest === '-') continue;
    const m = KEY_LINE.exec(rest);
    if (!m) return false;
    const name = indent === column ? m[1]! : inMetadata ? `metadata.${m[1]!}` : undefined;
    if (indent === column) inMetadata = m[1] === 'metadata';
    if (name === undefined) continue;
    if (fields.has(name)) return false;
    if (name === 'metadata' && m[2] !== undefined) return false;
    if (name === 'kind' || name === 'metadata.name' || name === 'metadata.namespace') {
      const value = m[2] === undefined ? undefined : simpleString(m[2]);
      if (value === undefined) return false;
      fields.set(name, value);
    } else fields.set(name, undefined);
  }
  const key = keyOf(fields.get('kind'), fields.get('metadata.name'), fields.get('metadata.namespace'));
  if (!key || out.has(key)) return true;
  const located = locate(text, starts[first]! + column, endOf(last));
  // (dedenting removes only spaces: the raw text has a '*' when the dedented one has)
  if (located.raw.includes('*')) {
    // an alias that may need an anchor elsewhere: covered only when the item reads alone
    try {
      const alone = parseDocument(located.text);
      if (alone.errors.length > 0 || alone.toString() === '') return false;
    } catch {
      return false;
    }
  }
  out.set(key, located);
  return true;
}

/** The text's own style, so a re-written document changes only what the fix changes. */
function styleOf(text: string): { indentSeq: boolean; flowCollectionPadding: boolean; lineWidth: number } {
  const flush = (text.match(/:\n(\s*)- .*\n?/g) ?? []).length;
  let same = 0;
  for (const m of text.matchAll(/\n( *)[^\s#-][^\n]*:\n( *)- /g)) if (m[1]!.length === m[2]!.length) same++;
  return { indentSeq: same * 2 < flush, flowCollectionPadding: /\{ \S/.test(text) && !/\{[^\s}]/.test(text), lineWidth: 0 };
}


/**
 * `after` with every run of changed lines that only folds the same words otherwise than `before`
 * put back as `before` wrote it: a long quoted message the fix does not touch, which kubectl's
 * YAML writer (go-yaml) wraps past 80 columns and the re-written object would write on one line,
 * stays as it was instead of showing in the diff (in a quoted YAML string, a line break and the
 * next line's indentation read as one space).
 */
function keepRefolded(before: string, after: string): string {
  const lines = diffLines(before, after);
  const flat = (ls: string[]) => ls.join(' ').replace(/\s+/g, ' ').trim();
  const out: string[] = [];
  for (let i = 0; i < lines.length;) {
    if (lines[i]!.op === ' ') { out.push(lines[i++]!.text); continue; }
    const removed: string[] = [], added: string[] = [];
    for (; i < lines.length && lines[i]!.op !== ' '; i++) (lines[i]!.op === '-' ? removed : added).push(lines[i]!.text);
    out.push(...(removed.length > 0 && added.length > 0 && flat(removed) === flat(added) ? removed : added));
  }
  return out.join('\n');
}

/** Line diff by longest common subsequence (documents are small). */
export function diffLines(before: string, after: string): DiffLine[] {
  const a = before.split('\n'), b = after.split('\n');
  const n = a.length, m = b.length;
  const lcs: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const out: DiffLine[] = [];
  let i = 0, j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i] === b[j]) { out.push({ op: ' ', text: a[i]! }); i++; j++; } else if (i < n && (j === m || lcs[i + 1]![j]! >= lcs[i]![j + 1]!)) { out.push({ op: '-', text: a[i]! }); i++; } else { out.push({ op: '+', text: b[j]! }); j++; }
  }
  return out;
}

function podRef(pod: string): DocRef {
  const slash = pod.indexOf('/');
  return { kind: 'Pod', namespace: pod.slice(0, slash), name: pod.slice(slash + 1) };
}

/** kinds whose pod template a controller makes its pods from */
const TEMPLATE_KINDS = new Set(['Deployment', 'ReplicaSet', 'StatefulSet', 'DaemonSet', 'Job', 'ReplicationController']);

/** The controller reference of a document's object, as "Kind/namespace/name" (a workload kind only). */
function controllerKey(docs: ReadonlyMap<string, Located>, key: string, namespace: string): string | undefined {
  const refs: unknown = parseDocument(docs.get(key)!.text).toJS()?.metadata?.ownerReferences;
  const ref = Array.isArray(refs) ? (refs as { kind?: unknown; name?: unknown; controller?: unknown }[]).find((r) => r?.controller === true && typeof r.kind === 'string' && TEMPLATE_KINDS.has(r.kind)) : undefined;
  return ref ? keyOf(ref.kind, ref.name, namespace) : undefined;
}

/** The ReplicaSet of the text a Deployment controls with the highest revision, as a one-key list (none when the text has none). */
function newestReplicaSetKeys(docs: ReadonlyMap<string, Located>, namespace: string, deployment: string): string[] {
  const owned = [...docs.keys()].filter((k) => k.startsWith(`ReplicaSet/${namespace}/`) && controllerKey(docs, k, namespace) === `Deployment/${namespace}/${deployment}`);
  const revision = (k: string) => Number((parseDocument(docs.get(k)!.text).toJS() as { metadata?: { annotations?: Record<string, string> } } | null)?.metadata?.annotations?.['deployment.kubernetes.io/revision'] ?? 0);
  return owned.sort((a, b) => revision(b) - revision(a)).slice(0, 1);
}

/**
 * Where a pod-scoped fix is written: the pod templates of the workloads that made the pod (its
 * controller and, for a ReplicaSet, its Deployment — the object a reviewer edits; the controller
 * recreates the pod from it) and the pod's own document, as the controller recreates it (so the
 * file, applied, runs the fix at once). A pod with no document of its own (made by a workload of
 * the file) is written in its creator's template (`owner`, "Kind/name").
 */
function podTargets(docs: ReadonlyMap<string, Located>, pod: string, owner: string | undefined): { key: string; spec: (string | number)[] }[] {
  const ref = podRef(pod);
  const namespace = ref.namespace ?? 'default';
  const own = `Pod/${namespace}/${ref.name}`;
  const owners: string[] = [];
  let next = docs.has(own) ? controllerKey(docs, own, namespace) : undefined;
  if (!docs.has(own) && owner) {
    const [kind, name] = owner.split('/');
    next = `${kind}/${namespace}/${name}`;
  }
  while (next !== undefined && docs.has(next) && !owners.includes(next) && owners.length < 2) {
    owners.push(next);
    next = next.startsWith('ReplicaSet/') ? controllerKey(docs, next, namespace) : undefined;
  }
  // a Deployment first: the change a reviewer approves
  const targets = owners.reverse().map((key) => ({ key, spec: ['spec', 'template', 'spec'] }));
  if (docs.has(own)) targets.push({ key: own, spec: ['spec'] });
  return targets;
}

/** deleteIn that tolerates a missing or flow-scalar parent (`spec: {}`, no status). */
function deleteIfPresent(doc: Document, path: (string | number)[]): void {
  if (isMap(doc.getIn(path.slice(0, -1), true))) doc.deleteIn(path);
}

function deleteIfEmpty(doc: Document, path: (string | number)[]): void {
  const node = doc.getIn(path, true);
  if ((isMap(node) || isSeq(node)) && node.items.length === 0) doc.deleteIn(path);
}

/**
 * The text changes of a fix, or undefined when an object it needs is neither a document of the
 * text nor an item of a List in it. `owner` is the pod's top-most owner ("Kind/name").
 */
export function fixText(text: string, edits: readonly ScenarioEdit[], owner?: string): FixText | undefined {
  const { docs, style } = indexDocuments(text);
  const edited = new Map<string, Document>();
  /** what part of an edited document a pod's fix changed, when the pod has owners in the text */
  const parts = new Map<string, string>();
  const appended: string[] = [];
  const open = (key: string): Document | undefined => {
    let doc = edited.get(key);
    if (!doc) {
      const located = docs.get(key);
      if (!located) return undefined;
      doc = parseDocument(located.text);
      edited.set(key, doc);
    }
    return doc;
  };
  for (const e of edits) {
    if (e.kind === 'node-label' || e.kind === 'uncordon' || e.kind === 'add-node') {
      const key = `Node//${e.kind === 'add-node' ? e.like : e.node}`;
      if (e.kind === 'add-node') {
        const located = docs.get(key);
        if (!located) return undefined;
        const doc = parseDocument(located.text);
        doc.setIn(['metadata', 'name'], e.name);
        if (doc.hasIn(['metadata', 'labels', 'kubernetes.io/hostname'])) doc.setIn(['metadata', 'labels', 'kubernetes.io/hostname'], e.name);
        // a new machine of the same pool, not a copy of this one's history (../engine/whatIf/nodeClone.ts)
        for (const path of NODE_FIELDS_NOT_CLONED) deleteIfPresent(doc, [...path]);
        const labels = doc.getIn(['metadata', 'labels'], true);
        if (isMap(labels)) labels.items = labels.items.filter((item) => !isMachineLabel(String(isScalar(item.key) ? item.key.value : item.key)));
        const taints = doc.getIn(['spec', 'taints'], true);
        if (isSeq(taints)) {
          taints.items = taints.items.filter((t) => !(isMap(t) && isNodeStateTaint(String(t.get('key')))));
          deleteIfEmpty(doc, ['spec', 'taints']);
        }
        deleteIfEmpty(doc, ['spec']);
        deleteIfEmpty(doc, ['status']);
        appended.push(`---\n${doc.toString(style).trimEnd()}\n`);
        for (const [key, located] of docs) {
          if (!key.startsWith('ResourceSlice/') || parseDocument(located.text).getIn(['spec', 'nodeName']) !== e.like) continue;
          const slice = parseDocument(located.text);
          const driver = String(slice.getIn(['spec', 'driver']) ?? '');
          slice.setIn(['metadata', 'name'], `${e.name}-${driver}`.slice(0, 253));
          for (const path of [['metadata', 'uid'], ['metadata', 'resourceVersion'], ['metadata', 'creationTimestamp'], ['metadata', 'generateName'], ['metadata', 'ownerReferences']]) deleteIfPresent(slice, path);
          slice.setIn(['spec', 'nodeName'], e.name);
          slice.setIn(['spec', 'pool', 'name'], e.name);
          appended.push(`---\n${slice.toString(style).trimEnd()}\n`);
        }
        continue;
      }
      const doc = open(key);
      if (!doc) return undefined;
      if (e.kind === 'node-label') doc.setIn(['metadata', 'labels', e.key], e.value);
      else uncordon(doc);
      continue;
    }
    if (e.kind === 'scale') {
      // what to run (or write into the Deployment's spec.replicas where it is kept in git), as the step the file simulates
      const command = ` kubectl scale deployment ${e.deployment} -n ${e.workload.namespace} --replicas=${e.replicas}`;
      if (!scaleAtStart(docs, open, appended, e.workload, e.replicas, `scale-${e.deployment}`, style, command)) return undefined;
      continue;
    }
    if (e.kind === 'recreate') {
      // kubectl delete pod: the file deletes it when the run starts, and the StatefulSet makes it again from its template
      const slash = e.pod.indexOf('/');
      const [namespace, name] = [e.pod.slice(0, slash), e.pod.slice(slash + 1)];
      if (!docs.has(`Pod/${namespace}/${name}`)) return undefined;
      stepAtStart(docs, open, appended, { at: 0, action: 'delete', kind: 'Pod', namespace, name }, `recreate-${name}`, style,
        ` kubectl delete pod ${name} -n ${namespace}: StatefulSet ${e.workload.namespace}/${e.workload.name} recreates it from its template as it is now`);
      continue;
    }
    if (e.kind === 'rollout') {
      // the strategy where the Deployment is in the text (a dump's import keeps it beside the
      // ReplicaSet of its template, ./ownership.ts), and the step its controller would take under
      // that strategy, which the simulation runs (rollouts are not simulated step by step)
      const strategy = { type: 'RollingUpdate', rollingUpdate: { maxSurge: e.maxSurge, maxUnavailable: e.maxUnavailable } };
      const deployment = open(`Deployment/${e.deployment.namespace}/${e.deployment.name}`);
      if (deployment) deployment.setIn(['spec', 'strategy'], deployment.createNode(strategy));
      const why = ` Deployment ${e.deployment.namespace}/${e.deployment.name}: strategy maxSurge ${e.maxSurge}, maxUnavailable ${e.maxUnavailable} — its controller scales the old ReplicaSet down first`
        + (deployment ? '' : ` (kubectl patch deployment ${e.deployment.name} -n ${e.deployment.namespace} -p '${JSON.stringify({ spec: { strategy } })}')`);
      if (!scaleAtStart(docs, open, appended, { kind: 'ReplicaSet', namespace: e.deployment.namespace, name: e.oldReplicaSet }, e.replicas, `rollout-${e.deployment.name}`, style, why)) return undefined;
      continue;
    }
    if (e.kind === 'claim') {
      const doc = open(`${e.claim.kind}/${e.claim.namespace}/${e.claim.name}`);
      if (!doc) return undefined;
      const devices = e.claim.kind === 'ResourceClaim' ? ['spec', 'devices'] : ['spec', 'spec', 'devices'];
      if (e.change === 'drop-constraint') {
        doc.deleteIn([...devices, 'constraints', e.constraint]);
        deleteIfEmpty(doc, [...devices, 'constraints']);
      } else if (e.change === 'count') doc.setIn([...devices, 'requests', e.request, 'exactly', 'count'], e.count);
      else if (e.change === 'drop-selectors') doc.deleteIn([...devices, 'requests', e.request, 'exactly', 'selectors']);
      else doc.setIn([...devices, 'requests', e.request, 'exactly', 'deviceClassName'], e.deviceClassName);
      continue;
    }
    if (e.kind === 'node-group-max' || e.kind === 'node-group-label') {
      const key = [...docs.keys()].find((k) => k.startsWith('ClusterAutoscaler/'));
      const doc = key === undefined ? undefined : open(key);
      if (!doc) return undefined;
      const metadata = ['spec', 'templates', e.template, 'metadata'];
      if (e.kind === 'node-group-max') doc.setIn([...metadata, 'annotations', NG_MAX_SIZE_ANNOTATION], String(e.max));
      else doc.setIn([...metadata, 'labels', e.key], e.value);
      continue;
    }
    if (e.kind === 'node-group-add') {
      const key = [...docs.keys()].find((k) => k.startsWith('ClusterAutoscaler/'));
      const doc = key === undefined ? undefined : open(key);
      const templates = doc?.getIn(['spec', 'templates'], true);
      if (!doc || !isSeq(templates)) return undefined;
      const { metadata, spec, status } = e.template;
      templates.items.push(doc.createNode({ apiVersion: 'v1', kind: 'Node', metadata: { name: metadata.name, labels: metadata.labels, annotations: metadata.annotations }, ...(spec.taints?.length ? { spec } : {}), status: { allocatable: status?.allocatable } }));
      continue;
    }
    if (e.kind === 'add-policy') {
      const { apiVersion, kind, metadata, spec } = e.object;
      appended.push(`---\n${stringify({ apiVersion, kind, metadata: { name: metadata.name, namespace: metadata.namespace }, spec }, style).trimEnd()}\n`);
      continue;
    }
    if (e.kind === 'template-priority-class' || e.kind === 'template-request') {
      // the workload and, in a dump, its newest ReplicaSet (which makes the next pods): as ../engine/whatIf/edits.ts templatesOf
      const keys = [`${e.workload.kind}/${e.workload.namespace}/${e.workload.name}`, ...(e.workload.kind === 'Deployment' ? newestReplicaSetKeys(docs, e.workload.namespace, e.workload.name) : [])];
      for (const key of keys) {
        const doc = open(key);
        if (!doc) return undefined;
        if (e.kind === 'template-request') {
          doc.setIn(['spec', 'template', 'spec', 'containers', e.container, 'resources', e.limit ? 'limits' : 'requests', e.resource], e.quantity);
          continue;
        }
        doc.setIn(['spec', 'template', 'spec', 'priorityClassName'], e.priorityClassName);
        // the class decides the priority when admission creates the pod
        deleteIfPresent(doc, ['spec', 'template', 'spec', 'priority']);
      }
      continue;
    }
    if (e.kind === 'quota' || e.kind === 'limit-range') {
      const [key, path] = e.kind === 'quota' ? [`ResourceQuota/${e.quota.namespace}/${e.quota.name}`, ['spec', 'hard', e.resource]]
        : [`LimitRange/${e.limitRange.namespace}/${e.limitRange.name}`, ['spec', 'limits', e.item, e.bound ?? 'defaultRequest', e.resource]];
      const doc = open(key);
      if (!doc) return undefined;
      doc.setIn(path, e.kind === 'quota' ? e.hard : e.quantity);
      continue;
    }
    if (e.kind === 'pod-group') {
      const slash = e.group.indexOf('/');
      const doc = open(`PodGroup/${e.group.slice(0, slash)}/${e.group.slice(slash + 1)}`);
      if (!doc) return undefined;
      if (e.change === 'min-count') doc.setIn(['spec', 'schedulingPolicy', 'gang', 'minCount'], e.minCount);
      else if (e.key !== undefined) doc.setIn(['spec', 'schedulingConstraints', 'topology'], doc.createNode([{ key: e.key }]));
      else doc.deleteIn(['spec', 'schedulingConstraints']);
      continue;
    }
    if (e.kind === 'priority' && !e.existing && !docs.has(`PriorityClass//${e.priorityClass.metadata.name}`)) {
      appended.push(`---\n${stringify({ apiVersion: e.priorityClass.apiVersion, kind: 'PriorityClass', metadata: { name: e.priorityClass.metadata.name }, value: e.priorityClass.value, preemptionPolicy: e.priorityClass.preemptionPolicy, description: e.priorityClass.description }, style).trimEnd()}\n`);
    }
    const targets = podTargets(docs, e.pod, owner);
    if (targets.length === 0) return undefined;
    for (const target of targets) if (!writePodEdit(open(target.key)!, target.spec, e)) return undefined;
    if (targets.length > 1) {
      for (const target of targets) parts.set(target.key, target.spec.length > 1 ? 'its pod template' : 'the Pending pod, as its controller recreates it from that template');
    }
  }
  const changes: TextChange[] = [];
  const diff: DiffLine[][] = [];
  const objects: string[] = [];
  const headers: string[] = [];
  for (const [key, doc] of edited) {
    objects.push(objectTitle(key));
    headers.push(`${objectTitle(key)}${parts.has(key) ? `: ${parts.get(key)}` : ''}`);
    const located = docs.get(key)!;
    const before = located.text.replace(/\n$/, '');
    const after = keepRefolded(before, doc.toString(style).replace(/\n$/, ''));
    const raw = located.raw.replace(/\n$/, '');
    changes.push({ from: located.from, to: located.from + raw.length, insert: reindent(after, located.indent) });
    diff.push(diffLines(before, after));
  }
  if (appended.length > 0) {
    const insert = `${text.endsWith('\n') || text === '' ? '' : '\n'}${appended.join('')}`;
    changes.push({ from: text.length, to: text.length, insert });
    for (const a of appended) {
      diff.push(a.trimEnd().split('\n').map((l) => ({ op: '+' as const, text: l })));
      const doc = parseDocument(a.replace(/^---\n/, '')).toJS() as { kind?: unknown; metadata?: { name?: unknown; namespace?: unknown } } | null;
      objects.push(`new ${objectTitle(keyOf(doc?.kind, doc?.metadata?.name, doc?.metadata?.namespace) ?? 'object//')}`);
      headers.push(objects.at(-1)!);
    }
  }
  changes.sort((a, b) => a.from - b.from);
  return { changes, diff, objects, headers };
}

/** "Kind/namespace/name" → "Kind namespace/name" ("Node name" for a cluster-scoped one). */
function objectTitle(key: string): string {
  const [kind, namespace, ...name] = key.split('/');
  return `${kind} ${namespace ? `${namespace}/` : ''}${name.join('/')}`.trim();
}

type PodEdit = Extract<ScenarioEdit, { pod: string }>;

/**
 * Writes a pod-scoped edit into the pod spec at `spec` of `doc` (a pod, or a workload's template);
 * false when it does not fit: what it changes is not there — a pod of an older revision than its
 * StatefulSet's template has an affinity term, constraint or container the template no longer has.
 */
function writePodEdit(doc: Document, spec: (string | number)[], e: PodEdit): boolean {
  const has = (...path: (string | number)[]) => doc.hasIn([...spec, ...path]);
  const required = ['affinity', 'nodeAffinity', 'requiredDuringSchedulingIgnoredDuringExecution', 'nodeSelectorTerms'];
  if (e.kind === 'selector' && !('nodeSelectorKey' in e) && !has(...required, e.term, 'matchExpressions', e.expression)) return false;
  if (e.kind === 'request' && !has('containers', e.container)) return false;
  if (e.kind === 'spread' && !has('topologySpreadConstraints', e.constraint)) return false;
  if (e.kind === 'anti-affinity' && !has('affinity', 'podAntiAffinity', 'requiredDuringSchedulingIgnoredDuringExecution', e.term)) return false;
  switch (e.kind) {
    case 'toleration': {
      const list = doc.getIn([...spec, 'tolerations'], true);
      const toleration = doc.createNode({ ...e.toleration });
      if (isSeq(list)) list.items.push(toleration);
      else doc.setIn([...spec, 'tolerations'], doc.createNode([{ ...e.toleration }]));
      break;
    }
    case 'selector':
      if ('nodeSelectorKey' in e) {
        doc.deleteIn([...spec, 'nodeSelector', e.nodeSelectorKey]);
        deleteIfEmpty(doc, [...spec, 'nodeSelector']);
      } else {
        // as the engine drops it (../engine/whatIf/edits.ts): no empty term, no empty list of terms
        const required = [...spec, 'affinity', 'nodeAffinity', 'requiredDuringSchedulingIgnoredDuringExecution'];
        const term = [...required, 'nodeSelectorTerms', e.term];
        doc.deleteIn([...term, 'matchExpressions', e.expression]);
        deleteIfEmpty(doc, [...term, 'matchExpressions']);
        deleteIfEmpty(doc, term);
        deleteIfEmpty(doc, [...required, 'nodeSelectorTerms']);
        if (!doc.hasIn([...required, 'nodeSelectorTerms'])) doc.deleteIn(required);
        deleteIfEmpty(doc, [...spec, 'affinity', 'nodeAffinity']);
        deleteIfEmpty(doc, [...spec, 'affinity']);
      }
      break;
    case 'affinity-value':
      if ('nodeSelectorKey' in e) doc.setIn([...spec, 'nodeSelector', e.nodeSelectorKey], e.value);
      else {
        const values = doc.getIn([...spec, 'affinity', 'nodeAffinity', 'requiredDuringSchedulingIgnoredDuringExecution', 'nodeSelectorTerms', e.term, 'matchExpressions', e.expression, 'values'], true);
        if (!isSeq(values)) return false;
        values.items.forEach((v, i) => { if ((isScalar(v) ? v.value : v) === e.from) values.items[i] = doc.createNode(e.value); });
      }
      break;
    case 'scheduler-name':
      doc.setIn([...spec, 'schedulerName'], e.schedulerName);
      break;
    case 'request':
      doc.setIn([...spec, 'containers', e.container, 'resources', e.limit ? 'limits' : 'requests', e.resource], e.quantity);
      break;
    case 'priority':
      doc.setIn([...spec, 'priorityClassName'], e.priorityClass.metadata.name);
      // admission refuses a pod whose spec.priority disagrees with its class: the class sets it
      doc.deleteIn([...spec, 'priority']);
      break;
    case 'spread':
      if (e.maxSkew !== undefined) doc.setIn([...spec, 'topologySpreadConstraints', e.constraint, 'maxSkew'], e.maxSkew);
      if (e.minDomains !== undefined) doc.setIn([...spec, 'topologySpreadConstraints', e.constraint, 'minDomains'], e.minDomains);
      if (e.whenUnsatisfiable) doc.setIn([...spec, 'topologySpreadConstraints', e.constraint, 'whenUnsatisfiable'], e.whenUnsatisfiable);
      if (e.nodeTaintsPolicy) doc.setIn([...spec, 'topologySpreadConstraints', e.constraint, 'nodeTaintsPolicy'], e.nodeTaintsPolicy);
      if (e.nodeAffinityPolicy) doc.setIn([...spec, 'topologySpreadConstraints', e.constraint, 'nodeAffinityPolicy'], e.nodeAffinityPolicy);
      break;
    case 'anti-affinity':
      doc.deleteIn([...spec, 'affinity', 'podAntiAffinity', 'requiredDuringSchedulingIgnoredDuringExecution', e.term]);
      break;
  }
  return true;
}

/**
 * `kubectl scale` when the run starts: a step at 0 in the Scenario document's timeline (a new
 * Scenario document when there is none). Editing spec.replicas would not do: the pods a dump
 * holds stay until the Deployment's controller runs again.
 */
function scaleAtStart(docs: ReadonlyMap<string, Located>, open: (key: string) => Document | undefined, appended: string[], w: { kind: string; namespace: string; name: string }, replicas: number, name: string, style: ReturnType<typeof styleOf>, comment?: string): boolean {
  if (!docs.has(`${w.kind}/${w.namespace}/${w.name}`)) return false;
  stepAtStart(docs, open, appended, { at: 0, action: 'scale', kind: w.kind, namespace: w.namespace, name: w.name, replicas }, name, style, comment);
  return true;
}

/** A timeline step at 0 in the file's Scenario document (before its steps after 0), or a Scenario document of its own. */
function stepAtStart(docs: ReadonlyMap<string, Located>, open: (key: string) => Document | undefined, appended: string[], step: Record<string, unknown>, name: string, style: ReturnType<typeof styleOf>, comment?: string): void {
  const scenario = [...docs.keys()].find((k) => k.startsWith('Scenario/'));
  if (scenario === undefined) {
    appended.push(`---
${comment ? `#${comment}\n` : ''}${stringify({ apiVersion: 'podplay/v1alpha1', kind: 'Scenario', metadata: { name }, spec: { timeline: [step] } }, style).trimEnd()}
`);
    return;
  }
  const doc = open(scenario)!;
  const timeline = doc.getIn(['spec', 'timeline'], true);
  const node = doc.createNode(step);
  if (comment) node.commentBefore = comment;
  if (isSeq(timeline)) {
    // before the first step after 0, as the engine puts it
    const at = timeline.items.findIndex((t) => isMap(t) && Number(t.get('at')) > 0);
    timeline.items.splice(at < 0 ? timeline.items.length : at, 0, node);
    // a comment needs block style (a flow collection cannot hold one)
    if (comment) timeline.flow = false;
  } else {
    const seq = new YAMLSeq();
    seq.items.push(node);
    doc.setIn(['spec', 'timeline'], seq);
  }
  const spec = doc.getIn(['spec'], true);
  if (comment && isMap(spec)) spec.flow = false;
}

function uncordon(doc: Document): void {
  if (!isMap(doc.getIn(['spec'], true))) return;
  doc.deleteIn(['spec', 'unschedulable']);
  const taints = doc.getIn(['spec', 'taints'], true);
  if (isSeq(taints)) {
    const i = taints.items.findIndex((t) => isMap(t) && t.get('key') === UNSCHEDULABLE_TAINT);
    if (i >= 0) taints.items.splice(i, 1);
    deleteIfEmpty(doc, ['spec', 'taints']);
  }
}

/** The text with the changes applied (they do not overlap). */
export function applyTextChanges(text: string, changes: readonly TextChange[]): string {
  let out = '';
  let at = 0;
  for (const c of [...changes].sort((a, b) => a.from - b.from)) {
    out += text.slice(at, c.from) + c.insert;
    at = c.to;
  }
  return out + text.slice(at);
}

/** A change in words, as the Fixes panel and `--explain` title it; `short` shortens node names. */
export function editTitle(e: ScenarioEdit, short: (node: string) => string): string {
  switch (e.kind) {
    case 'toleration': return `Tolerate the taint ${e.toleration.key ?? ''}${e.toleration.value ? `=${e.toleration.value}` : ''}:${e.toleration.effect ?? ''}`;
    case 'node-label': return `Label node ${short(e.node)} with ${e.key}=${e.value}`;
    case 'selector': return 'nodeSelectorKey' in e ? `Drop nodeSelector ${e.nodeSelectorKey}` : `Drop expression ${e.expression + 1} of required node affinity term ${e.term + 1}`;
    // the values first: a long label key must not push them past the panel's clamped lines
    case 'affinity-value': return `${e.value} instead of ${e.from} (no node has it) in ${'nodeSelectorKey' in e ? 'nodeSelector' : 'node affinity'} ${e.key}`;
    case 'scheduler-name': return `schedulerName: ${e.schedulerName} (no scheduler profile serves ${e.from})`;
    case 'claim': {
      const claim = `${e.claim.kind} ${e.claim.namespace}/${e.claim.name}`;
      switch (e.change) {
        case 'drop-constraint': return `${claim}: drop constraint ${e.constraint + 1}${e.matchAttribute ? ` (matchAttribute ${e.matchAttribute})` : ''}`;
        case 'count': return `${claim}: request ${e.requestName} asks for ${e.count} device${e.count === 1 ? '' : 's'} instead of ${e.from}`;
        case 'drop-selectors': return `${claim}: request ${e.requestName} drops its ${e.selectors === 1 ? 'selector' : `${e.selectors} selectors`} (any device of its class)`;
        default: return `${claim}: request ${e.requestName} asks DeviceClass ${e.deviceClassName} instead of ${e.from}`;
      }
    }
    case 'request': return `${e.limit ? 'Limit' : 'Request'} ${e.quantity} ${e.resource}${e.containerName ? ` for container ${e.containerName}` : ''}`;
    // a class named instead of the one that put the pod in a limited quota scope (policyFixes.ts uncoveredFor)
    case 'priority': if (e.from !== undefined) return `Pod ${e.pod}: priorityClassName ${e.priorityClass.metadata.name} (value ${e.priorityClass.value}) instead of ${e.from}`;
      return `Use ${e.existing ? 'the existing ' : 'a new '}PriorityClass ${e.priorityClass.metadata.name} (value ${e.priorityClass.value}) to preempt`;
    case 'spread': return e.nodeTaintsPolicy ? `Topology spread ${e.constraint + 1}: nodeTaintsPolicy Honor (domains of nodes the pod does not tolerate stop counting)`
      : e.nodeAffinityPolicy ? `Topology spread ${e.constraint + 1}: nodeAffinityPolicy Honor`
        : e.minDomains !== undefined ? `Topology spread ${e.constraint + 1}: minDomains ${e.minDomains} (the domains the cluster has)`
        : e.whenUnsatisfiable ? `Topology spread ${e.constraint + 1}: whenUnsatisfiable ScheduleAnyway` : `Topology spread ${e.constraint + 1}: maxSkew ${e.maxSkew}`;
    case 'anti-affinity': return `Drop required pod anti-affinity term ${e.term + 1}`;
    case 'uncordon': return `Uncordon node ${short(e.node)}`;
    case 'rollout': return `Deployment ${e.deployment.namespace}/${e.deployment.name}: rollout strategy maxSurge ${e.maxSurge}, maxUnavailable ${e.maxUnavailable} (its old ReplicaSet ${e.oldReplicaSet} gives way first)`;
    case 'scale': if (e.own) return `Scale Deployment ${e.workload.namespace}/${e.deployment} to ${e.replicas} (from ${e.replicas + e.by}): one pod per ${e.own.topologyKey} by its required anti-affinity, and its nodes are in ${e.own.domains}`;
      return `Scale Deployment ${e.workload.namespace}/${e.deployment} down by ${e.by} (to ${e.replicas})${e.workload.kind === 'ReplicaSet' ? ` — its ReplicaSet ${e.workload.name} here` : ''}`;
    case 'quota': return `Raise ResourceQuota ${e.quota.namespace}/${e.quota.name}: ${quotaChange(e)}`;
    case 'limit-range': return `LimitRange ${e.limitRange.namespace}/${e.limitRange.name}: ${e.bound ?? 'default request'} ${e.resource} ${e.quantity}${e.from ? ` (from ${e.from})` : ''}`;
    // what it allows first: the panel's one-line title is cut at its width
    case 'add-policy': return `Add ResourceQuota ${e.object.metadata.namespace ?? 'default'}/${e.object.metadata.name}: ${Object.entries(e.object.spec.hard ?? {}).map(([r, q]) => `spec.hard.${r} ${q}`).join(', ') || 'no limit'}${scopeText(e.object)}`;
    case 'template-priority-class': return `${e.workload.kind} ${e.workload.namespace}/${e.workload.name}: priorityClassName ${e.priorityClassName} (value ${e.value}) instead of ${e.from}`;
    case 'template-request': return `${e.workload.kind} ${e.workload.namespace}/${e.workload.name}: container ${e.containerName ?? e.container + 1} ${e.limit ? 'limits' : 'requests'} ${e.quantity} ${e.resource}${e.from ? ` (from ${e.from})` : ''}`;
    case 'node-group-max': return `Raise node group ${e.group}'s max size to ${e.max} (from ${e.from}): the ClusterAutoscaler template's ${NG_MAX_SIZE_ANNOTATION}`;
    case 'node-group-add': return `Add node group ${e.group} beside ${e.like}: ${e.instanceType ? `${e.instanceType} nodes, ` : ''}${e.factor} × its allocatable (${Object.entries(e.template.status?.allocatable ?? {}).filter(([r]) => r === 'cpu' || r === 'memory').map(([r, q]) => `${humanQuantity(r, q)} ${r}`).join(', ')}), scaled from 0 to ${e.template.metadata.annotations?.[NG_MAX_SIZE_ANNOTATION] ?? '1'}`;
    case 'node-group-label': return `Label node group ${e.group}'s template with ${e.key}=${e.value} (the nodes it adds carry it)`;
    case 'pod-group': return e.change === 'min-count' ? `PodGroup ${e.group}: gang minCount ${e.minCount} (from ${e.from})`
      : e.key !== undefined ? `PodGroup ${e.group}: topology ${e.key} instead of ${e.from} (a wider level)` : `PodGroup ${e.group}: drop the topology constraint ${e.from}`;
    case 'recreate': return `Delete pod ${e.pod}: StatefulSet ${e.workload.namespace}/${e.workload.name} recreates it from its template as it is now (the pod is of an older revision; a rolling update does not replace a pod that is not Ready)`;
    case 'add-node': return `Add a node like ${short(e.like)}${e.pool && Object.keys(e.pool).length > 0 ? ` (scale the node pool ${Object.entries(e.pool).map(([k, v]) => `${k}=${v}`).join(', ')})` : ''}`;
  }
}

/**
 * A fix's edits in words, as the Fixes panel and `--explain` title it: one title per edit, except
 * that the resources raised in one ResourceQuota read as one change; a change to a controller's
 * pod says whose pod template it is written into (`template`, the candidate's).
 */
export function fixTitle(edits: readonly ScenarioEdit[], short: (node: string) => string, template?: WorkloadRef): string {
  const titles: string[] = [];
  // a pod of an older revision, deleted after its template is fixed: said after the template
  const then = edits.length > 1 ? edits.filter((e) => e.kind === 'recreate').map((e) => `then delete pod ${e.pod}: it is of an older revision, and the StatefulSet recreates it from the fixed template`) : [];
  edits.forEach((e, i) => {
    const before = edits[i - 1];
    if (then.length > 0 && e.kind === 'recreate') return;
    if (e.kind === 'quota' && before?.kind === 'quota' && before.quota.namespace === e.quota.namespace && before.quota.name === e.quota.name) {
      titles[titles.length - 1] += `, ${quotaChange(e)}`;
    } else if (e.kind === 'add-node' && before?.kind === 'add-node' && before.like === e.like) {
      // several nodes like one (a pod group short of several): one title with the count
      const like = edits.slice(0, i + 1).reverse().findIndex((x) => x.kind !== 'add-node' || x.like !== e.like);
      titles[titles.length - 1] = editTitle(e, short).replace(/^Add a node like/, `Add ${like < 0 ? i + 1 : like} nodes like`);
    } else titles.push(editTitle(e, short));
  });
  return `${titles.join('; ')}${template ? `, in the template of ${template.kind} ${template.namespace}/${template.name}` : ''}${then.map((t) => `; ${t}`).join('')}`;
}

/** " for scope PriorityClass In [a, b]": what a new quota's scopeSelector covers */
const scopeText = (q: Extract<ScenarioEdit, { kind: 'add-policy' }>['object']): string => {
  const scopes = q.spec.scopeSelector?.matchExpressions ?? [];
  return scopes.length === 0 ? '' : ` for scope ${scopes.map((sel) => `${sel.scopeName} ${sel.operator}${sel.values?.length ? ` [${sel.values.join(', ')}]` : ''}`).join(' and ')}`;
};

const quotaChange = (e: Extract<ScenarioEdit, { kind: 'quota' }>): string => `spec.hard.${e.resource} ${e.hard}${e.from ? ` (from ${e.from})` : ''}`;

/** How a fix that makes a workload whole (not one pod schedule) reads: admission lets its pods in, or it keeps only pods that run. */
export function admittedLead(fix: { candidate: { kind: string } }): string {
  return fix.candidate.kind === 'scale' ? 'every pod it keeps runs' : 'the API server admits its pods';
}

/** What a fix does to another pod, in words. */
export function sideEffectTitle(s: SideEffect, short: (node: string) => string): string {
  return `${s.pod} ${s.change === 'moved' ? `moves to ${short(s.to ?? '')}` : s.change === 'preempted' ? 'is preempted' : s.change === 'deleted' ? 'is deleted' : s.change === 'replaced' ? 'is replaced by the new revision' : 'becomes Pending'}`;
}

/** Which lines of a document's diff to show: the changed ones and `context` lines around each. */
export function shownDiffLines(doc: readonly DiffLine[], context: number): boolean[] {
  return doc.map((_l, i) => doc.slice(Math.max(0, i - context), i + context + 1).some((x) => x.op !== ' '));
}
