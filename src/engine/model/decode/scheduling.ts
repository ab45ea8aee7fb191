// Selectors, affinity, tolerations, taints and topology spread constraints, validated as the
// API server validates them.
// upstream: staging/src/k8s.io/apimachinery/pkg/apis/meta/v1/validation/validation.go
// (ValidateLabelSelector, ValidateLabelSelectorRequirement),
// pkg/apis/core/validation/validation.go (ValidateNodeSelectorRequirement,
// ValidateNodeFieldSelectorRequirement, validatePreferredSchedulingTerms, validatePodAffinityTerm,
// ValidateTolerations, validateNodeTaints, validateTopologySpreadConstraints).

import type {
  Affinity, LabelSelector, LabelSelectorOperator, LabelSelectorRequirement, NodeAffinity, NodeSelector,
  NodeSelectorOperator, NodeSelectorRequirement, NodeSelectorTerm, PodAffinity, PodAffinityTerm,
  PreferredSchedulingTerm, Taint, TaintEffect, Toleration, TopologySpreadConstraint, WeightedPodAffinityTerm,
} from '../types';
import { parseInt64 } from '../selectors';
import { defined, type Path, type Reader } from '../decoder';
import type { Pos, SrcMap, SrcNode } from '../source';
import { isDNS1123Label, isDNS1123Subdomain, isValidLabelValue, duplicate, forbidden, invalid, notSupported, required } from '../validation';
import { timestamp } from './metadata';
import { quote } from '../quote';
import { formatCount, LIMITS } from '../../limits';

const labelSelectorFields = new Set(['matchLabels', 'matchExpressions']);
const requirementFields = new Set(['key', 'operator', 'values']);
const labelOperators: readonly LabelSelectorOperator[] = ['In', 'NotIn', 'Exists', 'DoesNotExist'];
const nodeOperators: readonly NodeSelectorOperator[] = ['In', 'NotIn', 'Exists', 'DoesNotExist', 'Gt', 'Lt'];

/** The requirement's key, operator and values as written (the operator unchecked). */
function readRequirement(r: Reader, node: SrcNode, path: Path): { m: SrcMap; key: string; operator: string; values?: string[] } | undefined {
  const m = r.map(node, path);
  if (!m) return undefined;
  r.knownFields(m, path, requirementFields);
  return defined({ m, key: r.str(m, path, 'key') ?? '', operator: r.str(m, path, 'operator') ?? '', values: r.stringList(m, path, 'values') });
}

function posOf(r: Reader, m: SrcMap, key: string): Pos {
  return r.child(m, key)?.pos ?? m.pos;
}

function validateValues(r: Reader, m: SrcMap, path: Path, values: readonly string[] | undefined): void {
  const list = r.child(m, 'values');
  (values ?? []).forEach((v, i) => {
    const pos = list?.kind === 'seq' ? (list.items[i]?.pos ?? list.pos) : m.pos;
    for (const msg of isValidLabelValue(v)) r.error(pos, [...path, 'values', i], invalid(v, msg));
  });
}

/** upstream: ValidateLabelSelector (values checked as label values, AllowInvalidLabelValueInSelector=false). */
export function decodeLabelSelector(r: Reader, node: SrcNode | undefined, path: Path): LabelSelector | undefined {
  const m = r.map(node, path);
  if (!m) return undefined;
  r.knownFields(m, path, labelSelectorFields);
  const selector: LabelSelector = {};
  const matchLabels = r.labels(m, path, 'matchLabels');
  if (matchLabels) selector.matchLabels = matchLabels;
  const items = r.list(r.child(m, 'matchExpressions'), [...path, 'matchExpressions']);
  if (items) {
    selector.matchExpressions = [];
    items.forEach((item, i) => {
      const ip = [...path, 'matchExpressions', i];
      const req = readRequirement(r, item, ip);
      if (!req) return;
      const n = req.values?.length ?? 0;
      switch (req.operator) {
        case 'In': case 'NotIn':
          if (n === 0) r.error(posOf(r, req.m, 'values'), [...ip, 'values'], required("must be specified when `operator` is 'In' or 'NotIn'"));
          break;
        case 'Exists': case 'DoesNotExist':
          if (n > 0) r.error(posOf(r, req.m, 'values'), [...ip, 'values'], forbidden("may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
          break;
        default:
          r.error(posOf(r, req.m, 'operator'), [...ip, 'operator'], invalid(req.operator, 'not a valid selector operator'));
      }
      r.labelName(req.key, posOf(r, req.m, 'key'), [...ip, 'key']);
      validateValues(r, req.m, ip, req.values);
      if ((labelOperators as readonly string[]).includes(req.operator)) {
        selector.matchExpressions!.push(defined({ key: req.key, operator: req.operator as LabelSelectorOperator, values: req.values }) as LabelSelectorRequirement);
      }
    });
  }
  return selector;
}

/** upstream: ValidateNodeSelectorRequirement (matchExpressions). */
function nodeSelectorRequirement(r: Reader, node: SrcNode, path: Path, checkValues: boolean): NodeSelectorRequirement | undefined {
  const req = readRequirement(r, node, path);
  if (!req) return undefined;
  const n = req.values?.length ?? 0;
  switch (req.operator) {
    case 'In': case 'NotIn':
      if (n === 0) r.error(posOf(r, req.m, 'values'), [...path, 'values'], required("must be specified when `operator` is 'In' or 'NotIn'"));
      break;
    case 'Exists': case 'DoesNotExist':
      if (n > 0) r.error(posOf(r, req.m, 'values'), [...path, 'values'], forbidden("may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
      break;
    case 'Gt': case 'Lt':
      if (n !== 1) {
        r.error(posOf(r, req.m, 'values'), [...path, 'values'], required("must be specified single value when `operator` is 'Lt' or 'Gt'"));
      } else if (parseInt64(req.values![0]!) === undefined) {
        // Upstream accepts this and the term then never matches; say so.
        r.warn(posOf(r, req.m, 'values'), [...path, 'values', 0], `${quote(req.values![0]!)} is not an integer, so '${req.operator}' never matches`);
      }
      break;
    default:
      r.error(posOf(r, req.m, 'operator'), [...path, 'operator'], invalid(req.operator, 'not a valid selector operator'));
  }
  r.labelName(req.key, posOf(r, req.m, 'key'), [...path, 'key']);
  if (checkValues) validateValues(r, req.m, path, req.values);
  if (!(nodeOperators as readonly string[]).includes(req.operator)) return undefined;
  return defined({ key: req.key, operator: req.operator as NodeSelectorOperator, values: req.values });
}

/** upstream: ValidateNodeFieldSelectorRequirement — only metadata.name, In/NotIn with one value. */
function nodeFieldSelectorRequirement(r: Reader, node: SrcNode, path: Path): NodeSelectorRequirement | undefined {
  const req = readRequirement(r, node, path);
  if (!req) return undefined;
  let ok = true;
  if (req.operator === 'In' || req.operator === 'NotIn') {
    if ((req.values?.length ?? 0) !== 1) {
      r.error(posOf(r, req.m, 'values'), [...path, 'values'], required("must be only one value when `operator` is 'In' or 'NotIn' for node field selector"));
    }
  } else {
    r.error(posOf(r, req.m, 'operator'), [...path, 'operator'], invalid(req.operator, 'not a valid selector operator'));
    ok = false;
  }
  if (req.key !== 'metadata.name') {
    r.error(posOf(r, req.m, 'key'), [...path, 'key'], invalid(req.key, 'not a valid field selector key'));
    ok = false;
  } else {
    const list = r.child(req.m, 'values');
    (req.values ?? []).forEach((v, i) => {
      const pos = list?.kind === 'seq' ? (list.items[i]?.pos ?? list.pos) : req.m.pos;
      for (const msg of isDNS1123Subdomain(v)) r.error(pos, [...path, 'values', i], invalid(v, msg));
    });
  }
  return ok ? defined({ key: req.key, operator: req.operator as NodeSelectorOperator, values: req.values }) : undefined;
}

const termFields = new Set(['matchExpressions', 'matchFields']);

export function decodeNodeSelectorTerm(r: Reader, node: SrcNode | undefined, path: Path, checkValues: boolean): NodeSelectorTerm | undefined {
  const m = r.map(node, path);
  if (!m) return node ? undefined : {};
  r.knownFields(m, path, termFields);
  const term: NodeSelectorTerm = {};
  const exprs = r.list(r.child(m, 'matchExpressions'), [...path, 'matchExpressions']);
  if (exprs) {
    term.matchExpressions = exprs.flatMap((e, i) => nodeSelectorRequirement(r, e, [...path, 'matchExpressions', i], checkValues) ?? []);
  }
  const fields = r.list(r.child(m, 'matchFields'), [...path, 'matchFields']);
  if (fields) {
    term.matchFields = fields.flatMap((e, i) => nodeFieldSelectorRequirement(r, e, [...path, 'matchFields', i]) ?? []);
  }
  return term;
}

/** upstream: ValidateNodeSelector */
export function decodeNodeSelector(r: Reader, node: SrcNode | undefined, path: Path): NodeSelector | undefined {
  const m = r.map(node, path);
  if (!m) return undefined;
  r.knownFields(m, path, new Set(['nodeSelectorTerms']));
  const items = termList(r, m, 'nodeSelectorTerms', [...path, 'nodeSelectorTerms']);
  if (!items && r.child(m, 'nodeSelectorTerms')?.kind === 'seq') return { nodeSelectorTerms: [] }; // too many: reported
  if (!items || items.length === 0) {
    r.error(r.child(m, 'nodeSelectorTerms')?.pos ?? m.pos, [...path, 'nodeSelectorTerms'], required('must have at least one node selector term'));
    return { nodeSelectorTerms: [] };
  }
  return { nodeSelectorTerms: items.flatMap((t, i) => decodeNodeSelectorTerm(r, t, [...path, 'nodeSelectorTerms', i], true) ?? []) };
}

function weight(r: Reader, m: SrcMap, path: Path): number | undefined {
  const w = r.int(m, path, 'weight');
  if (w === undefined || w <= 0 || w > 100) {
    if (w !== undefined || !r.has(m, 'weight')) r.error(posOf(r, m, 'weight'), [...path, 'weight'], invalid(w ?? 0, 'must be in the range 1-100'));
    return undefined;
  }
  return w;
}

/**
 * A list of selector terms, refused (an error at the list, undefined) beyond
 * LIMITS.nodeSelectorTerms: every term is matched against every node for every pod (and a
 * StorageClass's allowedTopologies against every node for every pod with a claim of the class).
 */
export function termList(r: Reader, m: SrcMap, key: string, path: Path): SrcNode[] | undefined {
  const node = r.child(m, key);
  const items = r.list(node, path);
  if (!items || items.length <= LIMITS.nodeSelectorTerms) return items;
  r.error(node!.pos, path, `${formatCount(items.length)} terms; Podplay's limit is ${formatCount(LIMITS.nodeSelectorTerms)} terms in one selector`);
  return undefined;
}

const RDE = 'requiredDuringSchedulingRequiredDuringExecution';

function nodeAffinity(r: Reader, node: SrcNode | undefined, path: Path): NodeAffinity | undefined {
  const m = r.map(node, path);
  if (!m) return undefined;
  r.knownFields(m, path, new Set(['requiredDuringSchedulingIgnoredDuringExecution', 'preferredDuringSchedulingIgnoredDuringExecution', RDE]));
  const out: NodeAffinity = {};
  const rde = r.entry(m, RDE);
  if (rde) {
    r.gated('RequiredDuringSchedulingRequiredDuringExecution', rde.keyPos, [...path, RDE]);
    const sel = decodeNodeSelector(r, rde.value, [...path, RDE]);
    if (sel) out.requiredDuringSchedulingRequiredDuringExecution = sel;
  }
  const req = decodeNodeSelector(r, r.child(m, 'requiredDuringSchedulingIgnoredDuringExecution'), [...path, 'requiredDuringSchedulingIgnoredDuringExecution']);
  if (req) out.requiredDuringSchedulingIgnoredDuringExecution = req;
  const pp: Path = [...path, 'preferredDuringSchedulingIgnoredDuringExecution'];
  const prefs = termList(r, m, 'preferredDuringSchedulingIgnoredDuringExecution', pp);
  if (prefs) {
    out.preferredDuringSchedulingIgnoredDuringExecution = prefs.flatMap((p, i): PreferredSchedulingTerm[] => {
      const ip = [...pp, i];
      const pm = r.map(p, ip);
      if (!pm) return [];
      r.knownFields(pm, ip, new Set(['weight', 'preference']));
      const w = weight(r, pm, ip);
      const preference = decodeNodeSelectorTerm(r, r.child(pm, 'preference'), [...ip, 'preference'], true);
      return w !== undefined && preference ? [{ weight: w, preference }] : [];
    });
  }
  return out;
}

const podAffinityTermFields = new Set(['labelSelector', 'namespaces', 'namespaceSelector', 'topologyKey', 'matchLabelKeys', 'mismatchLabelKeys']);

/** upstream: validatePodAffinityTerm, validateMatchLabelKeysAndMismatchLabelKeys */
function podAffinityTerm(r: Reader, node: SrcNode | undefined, path: Path): PodAffinityTerm | undefined {
  const m = r.map(node, path);
  if (!m) return undefined;
  r.knownFields(m, path, podAffinityTermFields);
  const labelSelector = decodeLabelSelector(r, r.child(m, 'labelSelector'), [...path, 'labelSelector']);
  const namespaceSelector = decodeLabelSelector(r, r.child(m, 'namespaceSelector'), [...path, 'namespaceSelector']);
  const namespaces = r.stringList(m, path, 'namespaces');
  for (const ns of namespaces ?? []) {
    for (const msg of isDNS1123Label(ns)) r.error(posOf(r, m, 'namespaces'), [...path, 'namespace'], invalid(ns, msg));
  }
  const topologyKey = r.str(m, path, 'topologyKey') ?? '';
  if (topologyKey === '') r.error(posOf(r, m, 'topologyKey'), [...path, 'topologyKey'], required('can not be empty'));
  else r.labelName(topologyKey, posOf(r, m, 'topologyKey'), [...path, 'topologyKey']);
  const matchLabelKeys = labelKeyList(r, m, path, 'matchLabelKeys');
  const mismatchLabelKeys = labelKeyList(r, m, path, 'mismatchLabelKeys');
  if ((matchLabelKeys?.length || mismatchLabelKeys?.length) && !labelSelector) {
    r.error(m.pos, [...path, 'labelSelector'], required('must be specified when `matchLabelKeys` or `mismatchLabelKeys` is set'));
  }
  (mismatchLabelKeys ?? []).forEach((k, i) => {
    if (matchLabelKeys?.includes(k)) r.error(posOf(r, m, 'mismatchLabelKeys'), [...path, 'mismatchLabelKeys', i], invalid(k, 'exists in both matchLabelKeys and mismatchLabelKeys'));
  });
  return defined({ labelSelector, namespaces, namespaceSelector, topologyKey, matchLabelKeys, mismatchLabelKeys });
}

function labelKeyList(r: Reader, m: SrcMap, path: Path, key: string): string[] | undefined {
  const keys = r.stringList(m, path, key);
  const list = r.child(m, key);
  keys?.forEach((k, i) => {
    const pos = list?.kind === 'seq' ? (list.items[i]?.pos ?? list.pos) : m.pos;
    r.labelName(k, pos, [...path, key, i]);
  });
  return keys;
}

function podAffinity(r: Reader, node: SrcNode | undefined, path: Path): PodAffinity | undefined {
  const m = r.map(node, path);
  if (!m) return undefined;
  r.knownFields(m, path, new Set(['requiredDuringSchedulingIgnoredDuringExecution', 'preferredDuringSchedulingIgnoredDuringExecution']));
  const out: PodAffinity = {};
  const rp: Path = [...path, 'requiredDuringSchedulingIgnoredDuringExecution'];
  const req = termList(r, m, 'requiredDuringSchedulingIgnoredDuringExecution', rp);
  if (req) out.requiredDuringSchedulingIgnoredDuringExecution = req.flatMap((t, i) => podAffinityTerm(r, t, [...rp, i]) ?? []);
  const pp: Path = [...path, 'preferredDuringSchedulingIgnoredDuringExecution'];
  const prefs = termList(r, m, 'preferredDuringSchedulingIgnoredDuringExecution', pp);
  if (prefs) {
    out.preferredDuringSchedulingIgnoredDuringExecution = prefs.flatMap((p, i): WeightedPodAffinityTerm[] => {
      const ip = [...pp, i];
      const pm = r.map(p, ip);
      if (!pm) return [];
      r.knownFields(pm, ip, new Set(['weight', 'podAffinityTerm']));
      const w = weight(r, pm, ip);
      const termNode = r.child(pm, 'podAffinityTerm');
      if (!termNode) {
        r.error(pm.pos, [...ip, 'podAffinityTerm'], required());
        return [];
      }
      const term = podAffinityTerm(r, termNode, [...ip, 'podAffinityTerm']);
      return w !== undefined && term ? [{ weight: w, podAffinityTerm: term }] : [];
    });
  }
  return out;
}

export function decodeAffinity(r: Reader, node: SrcNode | undefined, path: Path): Affinity | undefined {
  const m = r.map(node, path);
  if (!m) return undefined;
  r.knownFields(m, path, new Set(['nodeAffinity', 'podAffinity', 'podAntiAffinity']));
  return defined({
    nodeAffinity: nodeAffinity(r, r.child(m, 'nodeAffinity'), [...path, 'nodeAffinity']),
    podAffinity: podAffinity(r, r.child(m, 'podAffinity'), [...path, 'podAffinity']),
    podAntiAffinity: podAffinity(r, r.child(m, 'podAntiAffinity'), [...path, 'podAntiAffinity']),
  });
}

// ---- taints and tolerations ----

const taintEffects: readonly TaintEffect[] = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'];
const tolerationFields = new Set(['key', 'operator', 'value', 'effect', 'tolerationSeconds']);

/** upstream: ValidateTolerations (plus the v1.35 alpha Gt/Lt operators, whose value must be an integer). */
export function decodeTolerations(r: Reader, m: SrcMap | undefined, path: Path, key = 'tolerations'): Toleration[] | undefined {
  const lp = [...path, key];
  const items = r.list(r.child(m, key), lp);
  if (!items) return undefined;
  const out: Toleration[] = [];
  items.forEach((item, i) => {
    const ip = [...lp, i];
    const t = r.map(item, ip);
    if (!t) return;
    r.knownFields(t, ip, tolerationFields);
    const tkey = r.str(t, ip, 'key') ?? '';
    const operator = r.str(t, ip, 'operator') ?? '';
    const value = r.str(t, ip, 'value') ?? '';
    const effect = r.str(t, ip, 'effect') ?? '';
    const seconds = r.int(t, ip, 'tolerationSeconds', 'int64');
    let ok = true;
    if (tkey) ok = r.labelName(tkey, posOf(r, t, 'key'), [...ip, 'key']) && ok;
    if (!tkey && operator !== 'Exists') {
      r.error(posOf(r, t, 'operator'), [...ip, 'operator'], invalid(operator, 'operator must be Exists when `key` is empty, which means "match all values and all keys"'));
      ok = false;
    }
    if (r.has(t, 'tolerationSeconds') && effect !== 'NoExecute') {
      r.error(posOf(r, t, 'effect'), [...ip, 'effect'], invalid(effect, "effect must be 'NoExecute' when `tolerationSeconds` is set"));
      ok = false;
    }
    switch (operator) {
      case 'Equal': case '':
        for (const msg of isValidLabelValue(value)) {
          r.error(posOf(r, t, 'value'), [...ip, 'value'], invalid(value, msg));
          ok = false;
        }
        break;
      case 'Exists':
        if (value) {
          r.error(posOf(r, t, 'value'), [...ip, 'operator'], invalid(value, "value must be empty when `operator` is 'Exists'"));
          ok = false;
        }
        break;
      case 'Gt': case 'Lt':
        if (parseInt64(value) === undefined) {
          r.error(posOf(r, t, 'value'), [...ip, 'value'], invalid(value, `must be an integer when \`operator\` is '${operator}'`));
          ok = false;
        }
        break;
      default:
        r.error(posOf(r, t, 'operator'), [...ip, 'operator'], notSupported(operator, ['Equal', 'Exists']));
        ok = false;
    }
    if (effect && !(taintEffects as readonly string[]).includes(effect)) {
      r.error(posOf(r, t, 'effect'), [...ip, 'effect'], notSupported(effect, taintEffects));
      ok = false;
    }
    if (ok) {
      out.push(defined({
        key: r.has(t, 'key') ? tkey : undefined,
        operator: operator ? (operator as Toleration['operator']) : undefined,
        value: r.has(t, 'value') ? value : undefined,
        effect: effect ? (effect as TaintEffect) : undefined,
        tolerationSeconds: seconds,
      }));
    }
  });
  return out;
}

const taintFields = new Set(['key', 'value', 'effect', 'timeAdded']);

/** upstream: validateNodeTaints */
export function decodeTaints(r: Reader, m: SrcMap | undefined, path: Path): Taint[] | undefined {
  const lp = [...path, 'taints'];
  const items = r.list(r.child(m, 'taints'), lp);
  if (!items) return undefined;
  const out: Taint[] = [];
  const seen = new Set<string>();
  items.forEach((item, i) => {
    const ip = [...lp, i];
    const t = r.map(item, ip);
    if (!t) return;
    r.knownFields(t, ip, taintFields);
    const key = r.str(t, ip, 'key') ?? '';
    const value = r.str(t, ip, 'value') ?? '';
    const effect = r.str(t, ip, 'effect') ?? '';
    let ok = r.labelName(key, posOf(r, t, 'key'), [...ip, 'key']);
    for (const msg of isValidLabelValue(value)) {
      r.error(posOf(r, t, 'value'), [...ip, 'value'], invalid(value, msg));
      ok = false;
    }
    if (!effect) {
      r.error(posOf(r, t, 'effect'), [...ip, 'effect'], required());
      ok = false;
    } else if (!(taintEffects as readonly string[]).includes(effect)) {
      r.error(posOf(r, t, 'effect'), [...ip, 'effect'], notSupported(effect, taintEffects));
      ok = false;
    }
    const id = `${effect}\u0000${key}`;
    if (seen.has(id)) {
      r.error(t.pos, ip, `${duplicate(defined({ key, value: value || undefined, effect }))}: taints must be unique by key and effect pair`);
      return;
    }
    seen.add(id);
    const timeAdded = timestamp(r, r.child(t, 'timeAdded'), [...ip, 'timeAdded']);
    if (ok) out.push(defined({ key, value: r.has(t, 'value') ? value : undefined, effect: effect as TaintEffect, timeAdded }));
  });
  return out;
}

// ---- topology spread ----

const spreadFields = new Set(['maxSkew', 'topologyKey', 'whenUnsatisfiable', 'labelSelector', 'minDomains', 'nodeAffinityPolicy', 'nodeTaintsPolicy', 'matchLabelKeys']);

/**
 * upstream: validateMatchLabelKeysAndMismatchLabelKeys, as the API server runs it since v1.34
 * (MatchLabelKeysInPodTopologySpreadSelectorMerge, beta and on): the server first merges each
 * matchLabelKeys key into labelSelector as `key In [value]`, then refuses a key that the
 * selector then names twice. So a stored pod (a dump) carries the merged expression once and is
 * valid; a key also in matchLabels, or in two expressions, is the user's own duplicate. A file
 * cannot tell a stored pod from one about to be created, so a single `key In [one value]`
 * expression is read as the server's merge (docs/fidelity.md).
 */
function matchLabelKeysListedTwice(selector: LabelSelector | undefined): (key: string) => boolean {
  const inMatchLabels = new Set(Object.keys(selector?.matchLabels ?? {}));
  const expressions = new Map<string, LabelSelectorRequirement[]>();
  for (const e of selector?.matchExpressions ?? []) expressions.set(e.key, [...(expressions.get(e.key) ?? []), e]);
  return (key) => {
    // in matchLabels: the server's merge adds the expression beside it (a created pod), or has
    // added it already (a stored one); either way the selector names the key twice
    if (inMatchLabels.has(key)) return true;
    const es = expressions.get(key) ?? [];
    if (es.length === 0) return false;
    if (es.length > 1) return true;
    const e = es[0]!;
    return !(e.operator === 'In' && (e.values ?? []).length === 1);
  };
}

/** upstream: validateTopologySpreadConstraints */
export function decodeTopologySpreadConstraints(r: Reader, m: SrcMap | undefined, path: Path): TopologySpreadConstraint[] | undefined {
  const lp = [...path, 'topologySpreadConstraints'];
  const items = r.list(r.child(m, 'topologySpreadConstraints'), lp);
  if (!items) return undefined;
  const out: TopologySpreadConstraint[] = [];
  const seen = new Set<string>();
  items.forEach((item, i) => {
    const ip = [...lp, i];
    const c = r.map(item, ip);
    if (!c) return;
    r.knownFields(c, ip, spreadFields);
    let ok = true;
    const maxSkew = r.int(c, ip, 'maxSkew') ?? 0;
    if (maxSkew <= 0) {
      r.error(posOf(r, c, 'maxSkew'), [...ip, 'maxSkew'], invalid(maxSkew, 'must be greater than zero'));
      ok = false;
    }
    const topologyKey = r.str(c, ip, 'topologyKey') ?? '';
    if (!topologyKey) {
      r.error(posOf(r, c, 'topologyKey'), [...ip, 'topologyKey'], required('can not be empty'));
      ok = false;
    } else {
      ok = r.labelName(topologyKey, posOf(r, c, 'topologyKey'), [...ip, 'topologyKey']) && ok;
    }
    const when = r.str(c, ip, 'whenUnsatisfiable') ?? '';
    if (when !== 'DoNotSchedule' && when !== 'ScheduleAnyway') {
      r.error(posOf(r, c, 'whenUnsatisfiable'), [...ip, 'whenUnsatisfiable'], notSupported(when, ['DoNotSchedule', 'ScheduleAnyway']));
      ok = false;
    }
    const id = `${topologyKey}\u0000${when}`;
    if (seen.has(id)) {
      r.error(c.pos, [...ip, '{topologyKey, whenUnsatisfiable}'], duplicate(`{${topologyKey}, ${when}}`));
      ok = false;
    }
    seen.add(id);
    const minDomains = r.int(c, ip, 'minDomains');
    if (minDomains !== undefined) {
      if (minDomains <= 0) {
        r.error(posOf(r, c, 'minDomains'), [...ip, 'minDomains'], invalid(minDomains, 'must be greater than 0'));
        ok = false;
      } else if (when !== 'DoNotSchedule') {
        r.error(posOf(r, c, 'minDomains'), [...ip, 'minDomains'], invalid(minDomains, `can only use minDomains if whenUnsatisfiable=DoNotSchedule, not ${when}`));
        ok = false;
      }
    }
    const nodeAffinityPolicy = r.enumValue(c, ip, 'nodeAffinityPolicy', ['Honor', 'Ignore'] as const);
    const nodeTaintsPolicy = r.enumValue(c, ip, 'nodeTaintsPolicy', ['Honor', 'Ignore'] as const);
    const labelSelector = decodeLabelSelector(r, r.child(c, 'labelSelector'), [...ip, 'labelSelector']);
    const matchLabelKeys = r.stringList(c, ip, 'matchLabelKeys');
    if (matchLabelKeys?.length) {
      const list = r.child(c, 'matchLabelKeys');
      if (!labelSelector) {
        r.error(posOf(r, c, 'matchLabelKeys'), [...ip, 'matchLabelKeys'], forbidden('must not be specified when labelSelector is not set'));
        ok = false;
      }
      const listedTwice = matchLabelKeysListedTwice(labelSelector);
      matchLabelKeys.forEach((k, j) => {
        const pos = list?.kind === 'seq' ? (list.items[j]?.pos ?? list.pos) : c.pos;
        ok = r.labelName(k, pos, [...ip, 'matchLabelKeys', j]) && ok;
        if (listedTwice(k)) {
          r.error(pos, [...ip, 'matchLabelKeys', j], invalid(k, 'exists in both matchLabelKeys and labelSelector'));
          ok = false;
        }
      });
    }
    if (ok) {
      out.push(defined({
        maxSkew, topologyKey, whenUnsatisfiable: when as TopologySpreadConstraint['whenUnsatisfiable'],
        labelSelector, minDomains, nodeAffinityPolicy, nodeTaintsPolicy, matchLabelKeys,
      }));
    }
  });
  return out;
}
