// Label selectors and node selectors.
// upstream: apimachinery/pkg/labels/selector.go, apimachinery/pkg/apis/meta/v1/helpers.go
// (LabelSelectorAsSelector), component-helpers/scheduling/corev1/nodeaffinity/nodeaffinity.go.

import type { LabelSelector, Labels, Node, NodeSelector, NodeSelectorRequirement, NodeSelectorTerm } from './types';

/** A compiled label selector. `matchesNothing` mirrors labels.Nothing() (a nil selector). */
export interface Selector {
  matches(labels: Labels | undefined): boolean;
  readonly empty: boolean;
}

const everything: Selector = { matches: () => true, empty: true };
const nothing: Selector = { matches: () => false, empty: false };

export function selectorEverything(): Selector { return everything; }
export function selectorNothing(): Selector { return nothing; }

function has(labels: Labels | undefined, key: string): boolean {
  return labels !== undefined && Object.prototype.hasOwnProperty.call(labels, key);
}

function get(labels: Labels | undefined, key: string): string | undefined {
  return has(labels, key) ? labels![key] : undefined;
}

/**
 * LabelSelectorAsSelector: nil → Nothing, empty → Everything, otherwise the AND of matchLabels
 * and matchExpressions. Invalid selectors are rejected by the loader before they get here.
 */
export function compileLabelSelector(selector: LabelSelector | undefined | null): Selector {
  if (selector === undefined || selector === null) return nothing;
  const matchLabels = Object.entries(selector.matchLabels ?? {});
  const expressions = selector.matchExpressions ?? [];
  if (matchLabels.length === 0 && expressions.length === 0) return everything;
  return {
    empty: false,
    matches(labels) {
      for (const [k, v] of matchLabels) if (get(labels, k) !== v) return false;
      for (const e of expressions) {
        const present = has(labels, e.key);
        const value = get(labels, e.key);
        switch (e.operator) {
          case 'In': if (!present || !(e.values ?? []).includes(value!)) return false; break;
          case 'NotIn': if (present && (e.values ?? []).includes(value!)) return false; break;
          case 'Exists': if (!present) return false; break;
          case 'DoesNotExist': if (present) return false; break;
          default: return false;
        }
      }
      return true;
    },
  };
}

/** A map selector (Service.spec.selector, nodeSelector): every key=value must match. */
export function compileMapSelector(map: Labels | undefined): Selector {
  return compileLabelSelector({ matchLabels: map ?? {} });
}

/** upstream: nodeaffinity.go nodeSelectorRequirementsAsSelector, one requirement against a label/field set. */
export function matchNodeSelectorRequirement(req: NodeSelectorRequirement, values: Labels | undefined): boolean {
  const present = has(values, req.key);
  const value = get(values, req.key);
  const list = req.values ?? [];
  switch (req.operator) {
    case 'In': return present && list.includes(value!);
    case 'NotIn': return !present || !list.includes(value!);
    case 'Exists': return present;
    case 'DoesNotExist': return !present;
    case 'Gt':
    case 'Lt': {
      if (!present || list.length !== 1) return false;
      const labelValue = parseInt64(value!);
      const bound = parseInt64(list[0]!);
      if (labelValue === undefined || bound === undefined) return false;
      return req.operator === 'Gt' ? labelValue > bound : labelValue < bound;
    }
    default: return false;
  }
}

/** strconv.ParseInt(s, 10, 64) */
export function parseInt64(s: string): bigint | undefined {
  if (!/^[+-]?\d{1,19}$/.test(s)) return undefined;
  const v = BigInt(s);
  return v > 9223372036854775807n || v < -9223372036854775808n ? undefined : v;
}

/**
 * A node selector term matches when all its expressions match the node labels and all its
 * fields match the node fields (only metadata.name). An empty term matches nothing.
 */
export function matchNodeSelectorTerm(term: NodeSelectorTerm, node: Node): boolean {
  const expressions = term.matchExpressions ?? [];
  const fields = term.matchFields ?? [];
  if (expressions.length === 0 && fields.length === 0) return false;
  for (const r of expressions) if (!matchNodeSelectorRequirement(r, node.metadata.labels)) return false;
  const nodeFields: Labels = { 'metadata.name': node.metadata.name };
  for (const r of fields) {
    if (r.key !== 'metadata.name') return false;
    if (!matchNodeSelectorRequirement(r, nodeFields)) return false;
  }
  return true;
}

/** Terms are ORed. */
export function matchNodeSelector(selector: NodeSelector, node: Node): boolean {
  return selector.nodeSelectorTerms.some((t) => matchNodeSelectorTerm(t, node));
}
