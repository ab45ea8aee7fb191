// Reading source nodes into typed values while collecting positioned errors.
// Every message reads `<Kind> <namespace>/<name>: <field path>: <what is wrong>`.

import type { ScenarioError } from '../api';
import { isQualifiedName, isValidLabelValue, invalid, notSupported, required } from './validation';
import { formatCount, LIMITS } from '../limits';
import { clip, clipMessage, quote } from './quote';
import { describe, type Pos, type SrcEntry, type SrcMap, type SrcNode } from './source';
import type { KubernetesVersion } from '../versions';

export type PathSeg = string | number;
export type Path = readonly PathSeg[];

const plainSegment = /^[A-Za-z_$][A-Za-z0-9_$-]*$/;

/** ["spec", "containers", 0, "name"] → "spec.containers[0].name"; odd keys in brackets: requests[nvidia.com/gpu] */
export function formatPath(path: Path): string {
  let out = '';
  for (const seg of path) {
    if (typeof seg === 'number') out += `[${seg}]`;
    else if (plainSegment.test(seg)) out += out ? `.${seg}` : seg;
    else out += `[${seg}]`;
  }
  return out;
}

export interface Subject {
  kind: string;
  /** undefined for cluster-scoped objects */
  namespace?: string;
  name?: string;
  /** 1-based document index, to name objects without a name */
  document: number;
}

export function subjectLabel(s: Subject): string {
  const name = s.name ? (s.namespace !== undefined ? `${s.namespace}/${s.name}` : s.name) : `(unnamed, document ${s.document})`;
  return `${s.kind} ${name}`;
}

/** A field the API server drops on create without its gate (Reader.droppedWithoutGate). */
export interface DroppedWithoutGate {
  gate: string;
  warning: ScenarioError;
  /** the object and the field, as messages name them ("PodGroup default/x: spec.disruptionMode") */
  field: string;
  drop: () => void;
  /** a second gate the API server also needs on to keep the field */
  alsoNeeds?: string;
}

/**
 * Errors and warnings as they are found. Each list keeps the first LIMITS.reportedProblems and
 * counts the rest (reported() adds one entry saying how many); messages are cut to a bounded length.
 */
export class Diagnostics {
  readonly errors: ScenarioError[] = [];
  readonly warnings: ScenarioError[] = [];
  /** fields that exist only behind a feature gate: errors unless the scenario turns the gate on */
  readonly gated: { gate: string; error: ScenarioError }[] = [];
  /**
   * fields the API server drops on create when their feature gate is off (its strategy's
   * dropDisabledFields): load.ts calls `drop` and reports `warning` once the gates are known
   */
  readonly droppedWithoutGate: DroppedWithoutGate[] = [];
  /** objects and fields only some Kubernetes versions serve: errors at the others (load.ts, once the version is known) */
  readonly versioned: { servedIn: readonly KubernetesVersion[]; error: ScenarioError }[] = [];
  /** epoch seconds of simulated t=0 for RFC 3339 timestamps (../timeOrigin.ts); undefined: they map to 0 */
  timeOrigin?: number;
  private readonly dropped = { errors: 0, warnings: 0 };
  constructor(readonly file: string) {}

  add(list: 'errors' | 'warnings', pos: Pos, message: string, path?: string): void {
    if (this[list].length >= LIMITS.reportedProblems) {
      this.dropped[list]++;
      return;
    }
    const e: ScenarioError = { file: this.file, line: pos.line, column: pos.column, message: clipMessage(message) };
    if (path) e.path = clip(path);
    this[list].push(e);
  }

  /** A copy that goes on counting where this one stopped (a later stage adds to it; this one is unchanged). */
  clone(): Diagnostics {
    const copy = new Diagnostics(this.file);
    copy.errors.push(...this.errors);
    copy.warnings.push(...this.warnings);
    copy.gated.push(...this.gated);
    copy.droppedWithoutGate.push(...this.droppedWithoutGate);
    copy.versioned.push(...this.versioned);
    if (this.timeOrigin !== undefined) copy.timeOrigin = this.timeOrigin;
    copy.dropped.errors = this.dropped.errors;
    copy.dropped.warnings = this.dropped.warnings;
    return copy;
  }

  /** the list as reported: the kept entries, then "... and N more errors" when some were dropped */
  reported(list: 'errors' | 'warnings'): ScenarioError[] {
    return withCount(this[list], this.dropped[list], list === 'errors' ? 'error' : 'warning', this.file);
  }
}

/** `problems` plus an entry counting `more` that were left out. */
function withCount(problems: ScenarioError[], more: number, noun: string, file: string): ScenarioError[] {
  if (more === 0) return problems;
  const last = problems[problems.length - 1];
  return [...problems, {
    file, line: last?.line ?? 1, column: last?.column ?? 1,
    message: `... and ${formatCount(more)} more ${noun}${more === 1 ? '' : 's'} (Podplay reports the first ${formatCount(LIMITS.reportedProblems)})`,
  }];
}

/** At most LIMITS.reportedProblems problems, then one entry saying how many more there were. */
export function capProblems(problems: ScenarioError[], noun: 'error' | 'warning', file: string): ScenarioError[] {
  if (problems.length <= LIMITS.reportedProblems) return problems;
  return withCount(problems.slice(0, LIMITS.reportedProblems), problems.length - LIMITS.reportedProblems, noun, file);
}

export type IntKind = 'int32' | 'int64';
const intLimits: Record<IntKind, [number, number]> = {
  int32: [-2147483648, 2147483647],
  int64: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
};

/** A null-prototype record, for maps keyed by user input. */
export function userMap<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

/**
 * userMap() with the given entries, built as an ordinary object and then given its null
 * prototype: V8 keeps such an object in fast mode with a shape shared by equal key lists,
 * where Object.create(null) makes a slow dictionary. Label sets are read for every pod in
 * every scheduling cycle.
 */
export function fastUserMap<T>(entries: readonly (readonly [string, T])[]): Record<string, T> {
  const o: Record<string, T> = {};
  for (const [k, v] of entries) {
    // an own `__proto__` key, not the prototype setter
    if (k === '__proto__') Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
    else o[k] = v;
  }
  return Object.setPrototypeOf(o, null) as Record<string, T>;
}

export class Reader {
  constructor(readonly diag: Diagnostics, public subject: Subject) {}

  private message(path: Path, what: string): string {
    const p = formatPath(path);
    return p ? `${subjectLabel(this.subject)}: ${p}: ${what}` : `${subjectLabel(this.subject)}: ${what}`;
  }

  error(pos: Pos, path: Path, what: string): void {
    this.diag.add('errors', pos, this.message(path, what), formatPath(path) || undefined);
  }

  warn(pos: Pos, path: Path, what: string): void {
    this.diag.add('warnings', pos, this.message(path, what), formatPath(path) || undefined);
  }

  /** A field behind `gate`: refused as an unknown field (strict decoding) unless the gate is on. */
  gated(gate: string, pos: Pos, path: Path): void {
    const p = formatPath(path);
    this.diag.gated.push({
      gate,
      error: { file: this.diag.file, line: pos.line, column: pos.column, path: p, message: this.message([], `strict decoding error: unknown field "${p}" (needs the feature gate ${gate} in the Scenario's spec.featureGates)`) },
    });
  }

  /**
   * A field the API server drops on create unless `gate` is on (`drop` removes it from the decoded
   * object): a warning and no field then, as the strategy's dropDisabledFields.
   */
  droppedWithoutGate(gate: string, pos: Pos, path: Path, drop: () => void, opts: { dropped?: string; alsoNeeds?: string } = {}): void {
    const p = formatPath(path);
    this.diag.droppedWithoutGate.push({
      gate, drop, field: this.message(path, '').replace(/: $/, ''),
      ...(opts.alsoNeeds ? { alsoNeeds: opts.alsoNeeds } : {}),
      warning: { file: this.diag.file, line: pos.line, column: pos.column, path: p, message: this.message(path, opts.dropped ?? `dropped: the API server keeps this field only with the feature gate ${gate} (Scenario spec.featureGates)`) },
    });
  }

  /** this object's subject, as messages name it ("PodGroup ml/train-0", "Pod ml/w-0: spec.schedulingGroup") */
  label(path: Path = []): string {
    return this.message(path, '').replace(/: $/, '');
  }

  /** A value behind `gate` (`what`: the API server's refusal without it) — an error unless the gate is on. */
  gatedValue(gate: string, pos: Pos, path: Path, what: string): void {
    const p = formatPath(path);
    this.diag.gated.push({
      gate,
      error: { file: this.diag.file, line: pos.line, column: pos.column, path: p, message: this.message(path, `${what} (needs the feature gate ${gate} in the Scenario's spec.featureGates)`) },
    });
  }

  /**
   * Something only `servedIn` versions' API servers accept: `what` is the refusal the others give
   * (load.ts reports it once the scenario's spec.kubernetesVersion is known).
   */
  versioned(servedIn: readonly KubernetesVersion[], pos: Pos, path: Path, what: string): void {
    const p = formatPath(path);
    const error: ScenarioError = { file: this.diag.file, line: pos.line, column: pos.column, message: this.message(path, what) };
    if (p) error.path = p;
    this.diag.versioned.push({ servedIn, error });
  }

  // ---- structure ----

  /** The node as a mapping; null means unset; anything else is an error. */
  map(node: SrcNode | undefined, path: Path): SrcMap | undefined {
    if (!node || isNull(node)) return undefined;
    if (node.kind === 'map') return node;
    this.error(node.pos, path, `expected a mapping, got ${describe(node)}`);
    return undefined;
  }

  list(node: SrcNode | undefined, path: Path): SrcNode[] | undefined {
    if (!node || isNull(node)) return undefined;
    if (node.kind === 'seq') return node.items;
    this.error(node.pos, path, `expected a list, got ${describe(node)}`);
    return undefined;
  }

  /** A field's entry; a null value counts as absent (JSON null leaves a Go field unset). */
  entry(m: SrcMap | undefined, key: string): SrcEntry | undefined {
    const e = m?.entries.get(key);
    return e && !isNull(e.value) ? e : undefined;
  }

  child(m: SrcMap | undefined, key: string): SrcNode | undefined {
    return this.entry(m, key)?.value;
  }

  has(m: SrcMap | undefined, key: string): boolean {
    return this.entry(m, key) !== undefined;
  }

  /** Warns about fields the API does not have (kubectl --validate=strict: unknown field). */
  knownFields(m: SrcMap, path: Path, known: ReadonlySet<string>): void {
    for (const [key, e] of m.entries) {
      if (!known.has(key)) this.warn(e.keyPos, [...path, key], 'unknown field, ignored');
    }
  }

  requiredMissing(m: SrcMap, path: Path, key: string, detail = ''): void {
    this.error(m.pos, [...path, key], required(detail));
  }

  // ---- scalars ----

  string(node: SrcNode | undefined, path: Path): string | undefined {
    if (!node || isNull(node)) return undefined;
    if (node.kind === 'scalar' && typeof node.value === 'string') return node.value;
    if (node.kind === 'scalar') {
      this.error(node.pos, path, `expected a string, got ${describe(node)} (quote it: ${quote(node.raw)})`);
    } else {
      this.error(node.pos, path, `expected a string, got ${describe(node)}`);
    }
    return undefined;
  }

  str(m: SrcMap | undefined, path: Path, key: string): string | undefined {
    return this.string(this.child(m, key), [...path, key]);
  }

  reqStr(m: SrcMap, path: Path, key: string, detail = ''): string | undefined {
    const v = this.str(m, path, key);
    if (v === undefined && !this.has(m, key)) this.requiredMissing(m, path, key, detail);
    else if (v === '') this.error(this.child(m, key)!.pos, [...path, key], required(detail));
    return v;
  }

  integer(node: SrcNode | undefined, path: Path, kind: IntKind = 'int32'): number | undefined {
    if (!node || isNull(node)) return undefined;
    if (node.kind !== 'scalar' || typeof node.value !== 'number') {
      this.error(node.pos, path, `expected an integer, got ${describe(node)}`);
      return undefined;
    }
    const v = node.value;
    if (!Number.isInteger(v)) {
      this.error(node.pos, path, `expected an integer, got ${describe(node)}`);
      return undefined;
    }
    const [min, max] = intLimits[kind];
    if (v < min || v > max || !Number.isSafeInteger(v)) {
      this.error(node.pos, path, `${node.raw || v} is out of range for ${kind} (${min} to ${max})`);
      return undefined;
    }
    return v;
  }

  int(m: SrcMap | undefined, path: Path, key: string, kind: IntKind = 'int32'): number | undefined {
    return this.integer(this.child(m, key), [...path, key], kind);
  }

  /** A non-negative integer (upstream: ValidateNonnegativeField). */
  nonNegInt(m: SrcMap | undefined, path: Path, key: string, kind: IntKind = 'int32'): number | undefined {
    const v = this.int(m, path, key, kind);
    if (v !== undefined && v < 0) {
      this.error(this.child(m, key)!.pos, [...path, key], invalid(v, 'must be greater than or equal to 0'));
      return undefined;
    }
    return v;
  }

  boolean(node: SrcNode | undefined, path: Path): boolean | undefined {
    if (!node || isNull(node)) return undefined;
    if (node.kind === 'scalar' && typeof node.value === 'boolean') return node.value;
    this.error(node.pos, path, `expected a boolean, got ${describe(node)}`);
    return undefined;
  }

  bool(m: SrcMap | undefined, path: Path, key: string): boolean | undefined {
    return this.boolean(this.child(m, key), [...path, key]);
  }

  number(node: SrcNode | undefined, path: Path): number | undefined {
    if (!node || isNull(node)) return undefined;
    if (node.kind === 'scalar' && typeof node.value === 'number' && Number.isFinite(node.value)) return node.value;
    this.error(node.pos, path, `expected a number, got ${describe(node)}`);
    return undefined;
  }

  /** One of a fixed set of strings, with upstream's NotSupported message. */
  enumValue<T extends string>(m: SrcMap | undefined, path: Path, key: string, values: readonly T[]): T | undefined {
    const v = this.str(m, path, key);
    if (v === undefined) return undefined;
    if ((values as readonly string[]).includes(v)) return v as T;
    this.error(this.child(m, key)!.pos, [...path, key], notSupported(v, values));
    return undefined;
  }

  stringList(m: SrcMap | undefined, path: Path, key: string): string[] | undefined {
    const items = this.list(this.child(m, key), [...path, key]);
    if (!items) return undefined;
    const out: string[] = [];
    items.forEach((item, i) => {
      const s = this.string(item, [...path, key, i]);
      if (s !== undefined) out.push(s);
    });
    return out;
  }

  /** map[string]string */
  stringMap(m: SrcMap | undefined, path: Path, key: string): { value: Record<string, string>; node: SrcMap } | undefined {
    const node = this.map(this.child(m, key), [...path, key]);
    if (!node) return undefined;
    const entries: [string, string][] = [];
    for (const [k, e] of node.entries) {
      const s = isNull(e.value) ? '' : this.string(e.value, [...path, key, k]);
      if (s !== undefined) entries.push([k, s]);
    }
    return { value: fastUserMap(entries), node };
  }

  /** metadata.labels-style map: keys are qualified names, values label values. */
  labels(m: SrcMap | undefined, path: Path, key: string): Record<string, string> | undefined {
    const read = this.stringMap(m, path, key);
    if (!read) return undefined;
    this.validateLabelMap(read.node, read.value, [...path, key]);
    return read.value;
  }

  /** upstream: ValidateLabels — errors at the map's path, naming the bad key or value. */
  validateLabelMap(node: SrcMap, labels: Record<string, string>, path: Path): boolean {
    let ok = true;
    for (const [k, e] of node.entries) {
      for (const msg of isQualifiedName(k)) {
        this.error(e.keyPos, path, invalid(k, msg));
        ok = false;
      }
      const v = labels[k];
      if (v === undefined) continue;
      for (const msg of isValidLabelValue(v)) {
        this.error(e.value.pos, path, invalid(v, msg));
        ok = false;
      }
    }
    return ok;
  }

  /** upstream: ValidateLabelName at `path` */
  labelName(value: string, pos: Pos, path: Path): boolean {
    const errs = isQualifiedName(value);
    for (const msg of errs) this.error(pos, path, invalid(value, msg));
    return errs.length === 0;
  }
}

export function isNull(node: SrcNode): boolean {
  return node.kind === 'scalar' && node.value === null;
}

/**
 * Sets the listed fields from a source, leaving undefined ones out (exactOptionalPropertyTypes-friendly).
 * A copy rather than `delete`: deleting properties turns an object into a slow dictionary with a
 * shape of its own, and objects the scheduler reads thousands of times a cycle must share shapes.
 */
export function defined<T extends object>(o: T): T {
  const keys = Object.keys(o) as (keyof T)[];
  if (keys.every((k) => o[k] !== undefined)) return o;
  const out = {} as T;
  for (const k of keys) if (o[k] !== undefined) out[k] = o[k];
  return out;
}
