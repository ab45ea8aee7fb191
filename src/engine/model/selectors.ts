// Label selectors and node selectors.
// upstream: apimachinery/pkg/labels/selector.go, apimachinery/pkg/apis/meta/v1/helpers.go
// (LabelSelectorAsSelector), component-helpers/scheduling/corev1/nodeaffinity/nodeaffinity.go.

import { stateless } from './shareable';
import { isDNS1123Subdomain, isQualifiedName, isValidLabelValue } from './validation';
import type {
  LabelSelector, Labels, Node, NodeSelector, NodeSelectorRequirement, NodeSelectorTerm, Pod, PreferredSchedulingTerm,
} from './types';
import { quote } from './quote';

/** A compiled label selector. `matchesNothing` mirrors labels.Nothing() (a nil selector). */
export interface Selector {
  matches(labels: Labels | undefined): boolean;
  readonly empty: boolean;
}

const everything: Selector = { matches: stateless(() => true), empty: true };
const nothing: Selector = { matches: stateless(() => false), empty: false };

export function selectorEverything(): Selector { return everything; }
export function selectorNothing(): Selector { return nothing; }

/**
 * LabelSelectorAsSelector: nil → Nothing, empty → Everything, otherwise the AND of matchLabels
 * and matchExpressions. Invalid selectors are rejected by the loader before they get here.
 */
export function compileLabelSelector(selector: LabelSelector | undefined | null): Selector {
  if (selector === undefined || selector === null) return nothing;
  const matchLabels = Object.entries(selector.matchLabels ?? {});
  const expressions = selector.matchExpressions ?? [];
  if (matchLabels.length === 0 && expressions.length === 0) return everything;
  // Selectors run against every pod in every cycle, so the requirements are flattened into
  // arrays and a label is read once: a label value is always a string, and nothing a label set
  // inherits is one, so `typeof labels[key] === 'string'` is "the set has the key" (`has`).
  const keys = [...matchLabels.map(([k]) => k), ...expressions.map((e) => e.key)];
  const wanted = matchLabels.map(([, v]) => v);
  const operators = expressions.map((e) => e.operator);
  const values = expressions.map((e) => e.values ?? []);
  const m = wanted.length;
  return {
    empty: false,
    matches: stateless((labels: Labels | undefined): boolean => {
      if (labels === undefined) labels = NO_LABELS;
      for (let i = 0; i < m; i++) if (labels[keys[i]!] !== wanted[i]) return false;
      for (let i = m; i < keys.length; i++) {
        const value = labels[keys[i]!];
        const present = typeof value === 'string';
        switch (operators[i - m]) {
          case 'In': if (!present || !values[i - m]!.includes(value)) return false; break;
          case 'NotIn': if (present && values[i - m]!.includes(value)) return false; break;
          case 'Exists': if (!present) return false; break;
          case 'DoesNotExist': if (present) return false; break;
          default: return false;
        }
      }
      return true;
    }),
  };
}

const NO_LABELS: Labels = Object.freeze(Object.create(null) as Labels);

/** A map selector (Service.spec.selector, nodeSelector): every key=value must match. */
export function compileMapSelector(map: Labels | undefined): Selector {
  return compileLabelSelector({ matchLabels: map ?? {} });
}

// ---------------------------------------------------------------------------------------------
// Field errors, as apimachinery/pkg/util/validation/field formats them. Parse errors of node
// selectors surface in statuses (NodeAffinity PreScore) and in plugin args validation.

/** upstream: field.Error (the two types node selector parsing produces) */
export interface FieldError {
  type: 'Invalid' | 'NotSupported';
  /** field.Path.String(), e.g. nodeSelectorTerms[0].matchExpressions[1].key */
  field: string;
  badValue: unknown;
  detail: string;
}

export function childPath(path: string, name: string): string {
  return path === '' ? name : `${path}.${name}`;
}

export function indexPath(path: string, i: number): string {
  return `${path}[${i}]`;
}

/** Go's %q of a string (enough for label keys and values). */
function goQuote(s: string): string {
  return quote(s);
}

/** How field.Error prints its bad value: strings with %q, string slices with %#v. */
function formatBadValue(v: unknown): string {
  if (typeof v === 'string') return goQuote(v);
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (v === undefined || v === null) return '[]string(nil)';
  if (Array.isArray(v)) return `[]string{${v.map((x) => goQuote(String(x))).join(', ')}}`;
  return String(v);
}

/** upstream: field.Error.ErrorBody() — "Invalid value: \"x\": detail" */
export function fieldErrorBody(e: FieldError): string {
  return e.type === 'Invalid'
    ? `Invalid value: ${formatBadValue(e.badValue)}: ${e.detail}`
    : `Unsupported value: ${formatBadValue(e.badValue)}: ${e.detail}`;
}

/** upstream: field.Error.Error() */
export function fieldErrorString(e: FieldError): string {
  return `${e.field}: ${fieldErrorBody(e)}`;
}

/** upstream: utilerrors.NewAggregate(errs).Error() — one message bare, several in [a, b], duplicates dropped. */
export function aggregateErrorString(errs: readonly FieldError[]): string {
  const msgs = [...new Set(errs.map(fieldErrorString))];
  return msgs.length === 1 ? msgs[0]! : `[${msgs.join(', ')}]`;
}

function notSupported(field: string, value: string, supported: readonly string[]): FieldError {
  return { type: 'NotSupported', field, badValue: value, detail: `supported values: ${supported.map(goQuote).join(', ')}` };
}

// ---------------------------------------------------------------------------------------------
// Label key and value syntax: ./validation.ts (upstream's messages, shared with the loader).

/** strconv.ParseInt(s, 10, 64): optional sign, decimal digits, int64 range. */
export function parseInt64(s: string): bigint | undefined {
  if (!/^[+-]?[0-9]+$/.test(s)) return undefined;
  const v = BigInt(s);
  return v > 9223372036854775807n || v < -9223372036854775808n ? undefined : v;
}

// ---------------------------------------------------------------------------------------------
// Node selectors. upstream: component-helpers/scheduling/corev1/nodeaffinity/nodeaffinity.go,
// apimachinery/pkg/labels/selector.go (NewRequirement, Requirement.Matches),
// apimachinery/pkg/fields (OneTermEqualSelector, OneTermNotEqualSelector).

type LabelsPredicate = (labels: Labels | undefined) => boolean;

const VALID_SELECTOR_OPERATORS = ['In', 'NotIn', 'Exists', 'DoesNotExist', 'Gt', 'Lt'] as const;
const VALID_FIELD_SELECTOR_OPERATORS = ['In', 'NotIn'] as const;

/**
 * upstream: labels.NewRequirement — validates key, operator, values; returns the matcher
 * (Requirement.Matches) or the field errors.
 */
function newRequirement(req: NodeSelectorRequirement, path: string): { matches?: LabelsPredicate; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const keyErrs = isQualifiedName(req.key);
  if (keyErrs.length > 0) errors.push({ type: 'Invalid', field: childPath(path, 'key'), badValue: req.key, detail: keyErrs.join('; ') });
  const valuesPath = childPath(path, 'values');
  const values = req.values ?? [];
  switch (req.operator) {
    case 'In':
    case 'NotIn':
      if (values.length === 0) errors.push({ type: 'Invalid', field: valuesPath, badValue: req.values, detail: "for 'in', 'notin' operators, values set can't be empty" });
      break;
    case 'Exists':
    case 'DoesNotExist':
      if (values.length !== 0) errors.push({ type: 'Invalid', field: valuesPath, badValue: req.values, detail: 'values set must be empty for exists and does not exist' });
      break;
    case 'Gt':
    case 'Lt':
      if (values.length !== 1) errors.push({ type: 'Invalid', field: valuesPath, badValue: req.values, detail: "for 'Gt', 'Lt' operators, exactly one value is required" });
      values.forEach((v, i) => {
        if (parseInt64(v) === undefined) errors.push({ type: 'Invalid', field: indexPath(valuesPath, i), badValue: v, detail: "for 'Gt', 'Lt' operators, the value must be an integer" });
      });
      break;
    default:
      // nodeSelectorRequirementsAsSelector rejects unknown operators before NewRequirement
      return { errors: [notSupported(childPath(path, 'operator'), req.operator as string, VALID_SELECTOR_OPERATORS)] };
  }
  values.forEach((v, i) => {
    const valueErrs = isValidLabelValue(v);
    if (valueErrs.length > 0) errors.push({ type: 'Invalid', field: indexPath(valuesPath, i), badValue: v, detail: valueErrs.join('; ') });
  });
  if (errors.length > 0) return { errors };
  return { matches: stateless((labels: Labels | undefined) => requirementMatches(req, values, labels)), errors };
}

function hasLabel(labels: Labels | undefined, key: string): boolean {
  return labels !== undefined && Object.prototype.hasOwnProperty.call(labels, key);
}

/** upstream: labels.Requirement.Matches (In, NotIn, Exists, DoesNotExist, Gt, Lt) */
function requirementMatches(req: NodeSelectorRequirement, values: readonly string[], labels: Labels | undefined): boolean {
  const present = hasLabel(labels, req.key);
  const value = present ? labels![req.key]! : '';
  switch (req.operator) {
    case 'In': return present && values.includes(value);
    case 'NotIn': return !present || !values.includes(value);
    case 'Exists': return present;
    case 'DoesNotExist': return !present;
    case 'Gt':
    case 'Lt': {
      if (!present || values.length !== 1) return false;
      const labelValue = parseInt64(value);
      const bound = parseInt64(values[0]!);
      if (labelValue === undefined || bound === undefined) return false;
      return req.operator === 'Gt' ? labelValue > bound : labelValue < bound;
    }
    default: return false;
  }
}

/** upstream: nodeSelectorRequirementsAsSelector — the AND of the requirements */
function requirementsAsLabelSelector(reqs: readonly NodeSelectorRequirement[], path: string): { matches?: LabelsPredicate; errors: FieldError[] } {
  const matchers: LabelsPredicate[] = [];
  const errors: FieldError[] = [];
  reqs.forEach((r, i) => {
    const parsed = newRequirement(r, indexPath(path, i));
    errors.push(...parsed.errors);
    if (parsed.matches) matchers.push(parsed.matches);
  });
  if (errors.length > 0) return { errors };
  return { matches: stateless((labels: Labels | undefined) => matchers.every((m) => m(labels))), errors };
}

/**
 * upstream: nodeSelectorRequirementsAsFieldSelector — only In/NotIn with exactly one value; a
 * missing field reads as "" (so NotIn on an unknown field matches).
 */
function requirementsAsFieldSelector(reqs: readonly NodeSelectorRequirement[], path: string): { matches?: LabelsPredicate; errors: FieldError[] } {
  const matchers: LabelsPredicate[] = [];
  const errors: FieldError[] = [];
  reqs.forEach((r, i) => {
    const p = indexPath(path, i);
    if (r.operator !== 'In' && r.operator !== 'NotIn') {
      errors.push(notSupported(childPath(p, 'operator'), r.operator, VALID_FIELD_SELECTOR_OPERATORS));
    } else if ((r.values ?? []).length !== 1) {
      errors.push({ type: 'Invalid', field: childPath(p, 'values'), badValue: r.values, detail: 'must have one element' });
    } else {
      const want = r.values![0]!;
      const equal = r.operator === 'In';
      matchers.push(stateless((fields: Labels | undefined) => ((fields?.[r.key] ?? '') === want) === equal));
    }
  });
  if (errors.length > 0) return { errors };
  return { matches: stateless((fields: Labels | undefined) => matchers.every((m) => m(fields))), errors };
}

function isEmptyNodeSelectorTerm(term: NodeSelectorTerm): boolean {
  return (term.matchExpressions ?? []).length === 0 && (term.matchFields ?? []).length === 0;
}

/** upstream: extractNodeFields — only metadata.name, and only when set */
function nodeFields(node: Node): Labels {
  return node.metadata.name ? { 'metadata.name': node.metadata.name } : {};
}

/** upstream: nodeSelectorTerm — a parsed term; parse errors make it match nothing. */
class ParsedNodeSelectorTerm {
  private matchLabels?: LabelsPredicate;
  private matchFields?: LabelsPredicate;
  readonly parseErrors: FieldError[] = [];

  constructor(term: NodeSelectorTerm, path: string) {
    if ((term.matchExpressions ?? []).length > 0) {
      const parsed = requirementsAsLabelSelector(term.matchExpressions!, childPath(path, 'matchExpressions'));
      this.matchLabels = parsed.matches;
      this.parseErrors.push(...parsed.errors);
    }
    if ((term.matchFields ?? []).length > 0) {
      const parsed = requirementsAsFieldSelector(term.matchFields!, childPath(path, 'matchFields'));
      this.matchFields = parsed.matches;
      this.parseErrors.push(...parsed.errors);
    }
  }

  match(node: Node): boolean {
    if (this.parseErrors.length > 0) return false;
    if (this.matchLabels && !this.matchLabels(node.metadata.labels)) return false;
    const fields = nodeFields(node);
    // upstream skips the field check for a node without a name
    if (this.matchFields && Object.keys(fields).length > 0 && !this.matchFields(fields)) return false;
    return true;
  }
}

/**
 * upstream: LazyErrorNodeSelector — terms ORed, an empty term matches nothing, and parse errors
 * only reported when no term matched.
 */
export class LazyErrorNodeSelector {
  private readonly terms: ParsedNodeSelectorTerm[] = [];

  constructor(selector: NodeSelector, path = '') {
    const termsPath = childPath(path, 'nodeSelectorTerms');
    (selector.nodeSelectorTerms ?? []).forEach((term, i) => {
      if (!isEmptyNodeSelectorTerm(term)) this.terms.push(new ParsedNodeSelectorTerm(term, indexPath(termsPath, i)));
    });
  }

  get parseErrors(): FieldError[] {
    return this.terms.flatMap((t) => t.parseErrors);
  }

  match(node: Node | undefined): { matches: boolean; errors: FieldError[] } {
    if (node === undefined) return { matches: false, errors: [] };
    const errors: FieldError[] = [];
    for (const t of this.terms) {
      if (t.parseErrors.length > 0) {
        errors.push(...t.parseErrors);
        continue;
      }
      if (t.match(node)) return { matches: true, errors: [] };
    }
    return { matches: false, errors };
  }
}

/** upstream: nodeaffinity.NewNodeSelector — parse errors up front, then a plain matcher. */
export function newNodeSelector(selector: NodeSelector, path = ''): { selector?: LazyErrorNodeSelector; errors: FieldError[] } {
  const lazy = new LazyErrorNodeSelector(selector, path);
  const errors = lazy.parseErrors;
  return errors.length > 0 ? { errors } : { selector: lazy, errors };
}

/** upstream: nodeaffinity.PreferredSchedulingTerms — weight-0 and empty terms are skipped. */
export class PreferredSchedulingTerms {
  constructor(private readonly terms: { term: ParsedNodeSelectorTerm; weight: number }[]) {}

  /** the sum of the weights of the terms that match the node */
  score(node: Node): number {
    let score = 0;
    for (const t of this.terms) if (t.term.match(node)) score += t.weight;
    return score;
  }
}

/** upstream: nodeaffinity.NewPreferredSchedulingTerms */
export function newPreferredSchedulingTerms(terms: readonly PreferredSchedulingTerm[], path = ''): { terms?: PreferredSchedulingTerms; errors: FieldError[] } {
  const parsed: { term: ParsedNodeSelectorTerm; weight: number }[] = [];
  const errors: FieldError[] = [];
  terms.forEach((t, i) => {
    if (t.weight === 0 || isEmptyNodeSelectorTerm(t.preference)) return;
    const term = new ParsedNodeSelectorTerm(t.preference, indexPath(path, i));
    if (term.parseErrors.length > 0) errors.push(...term.parseErrors);
    else parsed.push({ term, weight: t.weight });
  });
  return errors.length > 0 ? { errors } : { terms: new PreferredSchedulingTerms(parsed), errors };
}

/** upstream: nodeaffinity.RequiredNodeAffinity — the pod's nodeSelector AND its required terms. */
export class RequiredNodeAffinity {
  private readonly labelSelector?: Selector;
  private readonly nodeSelector?: LazyErrorNodeSelector;
  /** Podplay-only: requiredDuringSchedulingRequiredDuringExecution, ANDed with the required terms */
  private readonly duringExecution?: LazyErrorNodeSelector;

  constructor(pod: Pod) {
    const nodeSelector = pod.spec.nodeSelector;
    if (nodeSelector && Object.keys(nodeSelector).length > 0) this.labelSelector = compileMapSelector(nodeSelector);
    const required = pod.spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution;
    if (required) this.nodeSelector = new LazyErrorNodeSelector(required);
    const duringExecution = pod.spec.affinity?.nodeAffinity?.requiredDuringSchedulingRequiredDuringExecution;
    if (duringExecution) this.duringExecution = new LazyErrorNodeSelector(duringExecution);
  }

  /** parse errors are returned only when no term matched; the scheduler ignores them */
  match(node: Node): { matches: boolean; errors: FieldError[] } {
    if (this.labelSelector && !this.labelSelector.matches(node.metadata.labels)) return { matches: false, errors: [] };
    if (this.duringExecution) {
      const r = this.duringExecution.match(node);
      if (!r.matches) return r;
    }
    return this.nodeSelector ? this.nodeSelector.match(node) : { matches: true, errors: [] };
  }
}

/** upstream: nodeaffinity.GetRequiredNodeAffinity */
export function getRequiredNodeAffinity(pod: Pod): RequiredNodeAffinity {
  return new RequiredNodeAffinity(pod);
}

/** One requirement against a label set, as a one-requirement selector (invalid → no match). */
export function matchNodeSelectorRequirement(req: NodeSelectorRequirement, labels: Labels | undefined): boolean {
  return newRequirement(req, '').matches?.(labels) ?? false;
}

/** One term on its own: an empty term or one with parse errors matches nothing. */
export function matchNodeSelectorTerm(term: NodeSelectorTerm, node: Node): boolean {
  return matchNodeSelector({ nodeSelectorTerms: [term] }, node);
}

/** upstream: corev1.MatchNodeSelectorTerms — terms ORed, parse errors ignored. */
export function matchNodeSelector(selector: NodeSelector, node: Node): boolean {
  return new LazyErrorNodeSelector(selector).match(node).matches;
}

export { isDNS1123Subdomain, isQualifiedName, isValidLabelValue };

/** Two label sets are equal: the same keys with the same values (upstream: maps.Equal). */
export function sameLabels(a: Readonly<Record<string, string>> | undefined, b: Readonly<Record<string, string>> | undefined): boolean {
  const ka = Object.keys(a ?? {});
  return ka.length === Object.keys(b ?? {}).length && ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && a![k] === b![k]);
}
