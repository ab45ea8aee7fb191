// Reading an already-parsed DeschedulerPolicy (or one plugin's args) the way the descheduler's
// strict codec does: unknown fields are errors, types are checked against the Go fields and
// "unset" stays apart from zero (the v1alpha2 types use pointers for that).
// upstream: sigs.k8s.io/descheduler pkg/api/v1alpha2/register.go (serializer.EnableStrict),
// encoding/json's UnmarshalTypeError ("json: cannot unmarshal X into Go struct field T.f of type G").

import { formatFieldPath, type FieldPath } from '../framework/config/fieldErrors';
import { isPlainObject } from '../framework/config/decode';
import type { ConfigError } from '../framework/config/types';
import type { LabelSelector } from '../model/types';
import { quote } from '../model/quote';

export type RawObject = Record<string, unknown>;
export { isPlainObject };

/** encoding/json's name for the JSON value that did not fit */
function jsonKind(v: unknown): string {
  if (typeof v === 'boolean') return 'bool';
  if (Array.isArray(v)) return 'array';
  if (v === null) return 'null';
  return typeof v;
}

/**
 * One decoding pass over a JSON-like object. `root` is the Go type at the top (for type
 * errors), `base` the path of that object inside the policy (for error locations) and
 * `strictBase` the part of that path upstream's strict errors print (the policy's own fields
 * print from the policy root; plugin args are decoded on their own and print from the args).
 */
export class Reader {
  readonly errors: ConfigError[] = [];
  /** unknown fields when decoding leniently (they are ignored, as upstream's non-strict codec does) */
  readonly warnings: ConfigError[] = [];

  constructor(
    private readonly root: string,
    private readonly base: FieldPath = [],
    private readonly strictBase: FieldPath = [],
    private readonly lenient = false,
  ) {}

  private at(rel: FieldPath): FieldPath {
    return [...this.base, ...rel];
  }

  /** Go struct-field path: JSON names joined by dots, without indices. */
  private goField(rel: FieldPath): string {
    return [this.root, ...rel.filter((p): p is string => typeof p === 'string')].join('.');
  }

  /** `field` is the struct field's path when it differs from rel (map values: the map's field) */
  private typeError(rel: FieldPath, value: string, goType: string, field: FieldPath = rel): undefined {
    const target = field.length === 0 ? `Go value of type ${goType}` : `Go struct field ${this.goField(field)} of type ${goType}`;
    this.errors.push({ path: this.at(rel), message: `json: cannot unmarshal ${value} into ${target}` });
    return undefined;
  }

  error(rel: FieldPath, message: string): void {
    this.errors.push({ path: this.at(rel), message });
  }

  /**
   * upstream strict decoding: `strict decoding error: unknown field "foo"`. Field names match
   * case-sensitively. A lenient reader only warns (the field is ignored).
   */
  strict(obj: RawObject, known: readonly string[], rel: FieldPath): void {
    for (const key of Object.keys(obj)) {
      if (known.includes(key)) continue;
      const shown = formatFieldPath([...this.strictBase, ...rel, key]);
      if (this.lenient) this.warnings.push({ path: this.at([...rel, key]), message: `unknown field ${quote(shown)} (ignored)` });
      else this.errors.push({ path: this.at([...rel, key]), message: `strict decoding error: unknown field ${quote(shown)}` });
    }
  }

  object(v: unknown, rel: FieldPath, goType: string): RawObject | undefined {
    if (v === undefined || v === null) return undefined;
    if (isPlainObject(v)) return v;
    return this.typeError(rel, jsonKind(v), goType);
  }

  list(v: unknown, rel: FieldPath, goType: string): unknown[] | undefined {
    if (v === undefined || v === null) return undefined;
    if (Array.isArray(v)) return v;
    return this.typeError(rel, jsonKind(v), goType);
  }

  str(v: unknown, rel: FieldPath): string | undefined {
    if (v === undefined || v === null) return undefined;
    if (typeof v === 'string') return v;
    return this.typeError(rel, jsonKind(v), 'string');
  }

  bool(v: unknown, rel: FieldPath): boolean | undefined {
    if (v === undefined || v === null) return undefined;
    if (typeof v === 'boolean') return v;
    return this.typeError(rel, jsonKind(v), 'bool');
  }

  /** Go integers: uint (non-negative), int, int32, int64. */
  int(v: unknown, rel: FieldPath, goType: 'uint' | 'int' | 'int32' | 'int64'): number | undefined {
    if (v === undefined || v === null) return undefined;
    if (typeof v !== 'number') return this.typeError(rel, jsonKind(v), goType);
    const fits = Number.isSafeInteger(v)
      && (goType !== 'uint' || v >= 0)
      && (goType !== 'int32' || (v >= -(2 ** 31) && v < 2 ** 31));
    if (!fits) return this.typeError(rel, `number ${v}`, goType);
    return v;
  }

  /** a float; `field` names the struct field when this is a map value */
  float(v: unknown, rel: FieldPath, goType: string, field: FieldPath = rel): number | undefined {
    if (v === undefined || v === null) return undefined;
    if (typeof v === 'number' && Number.isFinite(v)) return v;
    return this.typeError(rel, jsonKind(v), goType, field);
  }

  strList(v: unknown, rel: FieldPath, goType = '[]string'): string[] | undefined {
    const items = this.list(v, rel, goType);
    if (!items) return undefined;
    const out: string[] = [];
    items.forEach((item, i) => {
      const s = this.str(item, [...rel, i]);
      if (s !== undefined) out.push(s);
    });
    return out;
  }

  intList(v: unknown, rel: FieldPath, goType: 'int32'): number[] | undefined {
    const items = this.list(v, rel, `[]${goType}`);
    if (!items) return undefined;
    const out: number[] = [];
    items.forEach((item, i) => {
      const n = this.int(item, [...rel, i], goType);
      if (n !== undefined) out.push(n);
    });
    return out;
  }

  /** metav1.LabelSelector: matchLabels and matchExpressions (checked later, like LabelSelectorAsSelector). */
  labelSelector(v: unknown, rel: FieldPath): LabelSelector | undefined {
    const obj = this.object(v, rel, 'v1.LabelSelector');
    if (!obj) return undefined;
    this.strict(obj, ['matchLabels', 'matchExpressions'], rel);
    const selector: LabelSelector = {};
    const matchLabels = this.object(obj['matchLabels'], [...rel, 'matchLabels'], 'map[string]string');
    if (matchLabels) {
      selector.matchLabels = {};
      for (const [k, val] of Object.entries(matchLabels)) {
        const s = this.str(val, [...rel, 'matchLabels', k]);
        if (s !== undefined) selector.matchLabels[k] = s;
      }
    }
    const expressions = this.list(obj['matchExpressions'], [...rel, 'matchExpressions'], '[]v1.LabelSelectorRequirement');
    if (expressions) {
      selector.matchExpressions = [];
      expressions.forEach((raw, i) => {
        const p = [...rel, 'matchExpressions', i];
        const e = this.object(raw, p, 'v1.LabelSelectorRequirement');
        if (!e) return;
        this.strict(e, ['key', 'operator', 'values'], p);
        const req = {
          key: this.str(e['key'], [...p, 'key']) ?? '',
          operator: (this.str(e['operator'], [...p, 'operator']) ?? '') as NonNullable<LabelSelector['matchExpressions']>[number]['operator'],
          values: this.strList(e['values'], [...p, 'values']),
        };
        if (req.values === undefined) delete req.values;
        selector.matchExpressions!.push(req);
      });
    }
    return selector;
  }
}
