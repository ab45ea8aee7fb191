// RemovePodsViolatingTopologySpreadConstraint (Balance): for every distinct topology spread
// constraint of the evictable pods of a namespace, count the matching pods per domain and, where
// two domains differ by more than maxSkew, evict from the large domains toward the ideal average.
// upstream: sigs.k8s.io/descheduler pkg/framework/plugins/removepodsviolatingtopologyspreadconstraint/
// {types,defaults,validation,topologyspreadconstraint}.go.

import { getRequiredNodeAffinity, type Selector } from '../../model/selectors';
import { doNotScheduleTaintsFilter, findMatchingUntoleratedTaint } from '../../model/taints';
import type { LabelSelector as K8sLabelSelector, Node, Toleration, TopologySpreadConstraint } from '../../model/types';
import { argsObject, decodeNamespaces, defined, namespacesError, strategyLabelSelectorError } from '../args';
import type { Reader } from '../decode';
import type { BalancePlugin, Handle, PluginDescriptor } from '../framework';
import { labelSelectorAsSelector, labelSelectorError } from '../labels';
import { podFitsAnyOtherNode } from '../nodeutil';
import { buildPodFilter, groupBy, isPodTerminating, podNamespace } from '../podutil';
import type { DeschedulerPod, LabelSelector, Namespaces } from '../types';

export const Name = 'RemovePodsViolatingTopologySpreadConstraint';

export interface RemovePodsViolatingTopologySpreadConstraintArgs {
  namespaces?: Namespaces;
  labelSelector?: LabelSelector;
  /** whenUnsatisfiable values to consider; defaults to [DoNotSchedule] */
  constraints: string[];
  /** defaults to true */
  topologyBalanceNodeFit: boolean;
}

function decodeArgs(r: Reader, raw: unknown): RemovePodsViolatingTopologySpreadConstraintArgs {
  const obj = argsObject(r, raw, 'RemovePodsViolatingTopologySpreadConstraintArgs', ['namespaces', 'labelSelector', 'constraints', 'topologyBalanceNodeFit']);
  const constraints = r.strList(obj['constraints'], ['constraints'], '[]v1.UnsatisfiableConstraintAction') ?? [];
  const args: RemovePodsViolatingTopologySpreadConstraintArgs = {
    // upstream: SetDefaults_RemovePodsViolatingTopologySpreadConstraintArgs
    constraints: constraints.length > 0 ? constraints : ['DoNotSchedule'],
    topologyBalanceNodeFit: r.bool(obj['topologyBalanceNodeFit'], ['topologyBalanceNodeFit']) ?? true,
  };
  const namespaces = decodeNamespaces(r, obj['namespaces'], ['namespaces']);
  if (namespaces) args.namespaces = namespaces;
  const selector = r.labelSelector(obj['labelSelector'], ['labelSelector']);
  if (selector) args.labelSelector = selector;
  return args;
}

function validate(args: RemovePodsViolatingTopologySpreadConstraintArgs): string[] {
  const bad = args.constraints.filter((c) => c !== 'DoNotSchedule' && c !== 'ScheduleAnyway');
  return defined([
    namespacesError(args.namespaces),
    strategyLabelSelectorError(args.labelSelector),
    ...bad.map((c) => `constraint ${c} is not one of map[DoNotSchedule:{} ScheduleAnyway:{}]`),
  ]);
}

/** upstream: topologySpreadConstraint — the constraint with its selector parsed */
interface SpreadConstraint {
  maxSkew: number;
  topologyKey: string;
  selector: Selector;
  nodeAffinityPolicy: 'Honor' | 'Ignore';
  nodeTaintsPolicy: 'Honor' | 'Ignore';
  owner: DeschedulerPod;
  podTolerations?: Toleration[];
  /** what reflect.DeepEqual compares, as a canonical string */
  identity: string;
}

/** A label selector as its sorted requirements (labels.Selector's internal form). */
function canonicalSelector(s: K8sLabelSelector | undefined): string {
  if (!s) return 'nothing';
  const reqs = [
    ...Object.entries(s.matchLabels ?? {}).map(([k, v]) => [k, '=', [v]] as const),
    ...(s.matchExpressions ?? []).map((e) => [e.key, e.operator, [...(e.values ?? [])].sort()] as const),
  ].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return JSON.stringify(reqs);
}

/** upstream: newTopologySpreadConstraint — matchLabelKeys merged in as matchLabels */
function newSpreadConstraint(c: TopologySpreadConstraint, pod: DeschedulerPod): SpreadConstraint | string {
  const err = labelSelectorError(c.labelSelector);
  if (err) return err;
  let selector: K8sLabelSelector | undefined = c.labelSelector;
  const labels = pod.metadata.labels;
  if ((c.matchLabelKeys ?? []).length > 0 && labels && selector) {
    const matchLabels: Record<string, string> = {};
    for (const key of c.matchLabelKeys!) if (Object.prototype.hasOwnProperty.call(labels, key)) matchLabels[key] = labels[key]!;
    if (Object.keys(matchLabels).length > 0) {
      // upstream: mergeLabelSetWithSelector — the pod's values ANDed with the selector's requirements
      const extra = Object.entries(matchLabels).map(([key, value]) => ({ key, operator: 'In' as const, values: [value] }));
      selector = { ...selector, matchExpressions: [...(selector.matchExpressions ?? []), ...extra] };
    }
  }
  const nodeAffinityPolicy = c.nodeAffinityPolicy ?? 'Honor';
  const nodeTaintsPolicy = c.nodeTaintsPolicy ?? 'Ignore';
  const identity = JSON.stringify([
    c.maxSkew, c.topologyKey, canonicalSelector(selector), nodeAffinityPolicy, nodeTaintsPolicy,
    nodeAffinityPolicy === 'Honor' ? [pod.spec.nodeSelector ?? null, pod.spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution ?? null] : null,
    nodeTaintsPolicy === 'Honor' ? pod.spec.tolerations ?? null : null,
  ]);
  return {
    maxSkew: c.maxSkew, topologyKey: c.topologyKey, selector: labelSelectorAsSelector(selector), nodeAffinityPolicy, nodeTaintsPolicy,
    owner: pod, podTolerations: nodeTaintsPolicy === 'Honor' ? pod.spec.tolerations : undefined, identity,
  };
}

/** upstream: matchNodeInclusionPolicies */
function matchNodeInclusionPolicies(tsc: SpreadConstraint, node: Node): boolean {
  if (tsc.nodeAffinityPolicy === 'Honor' && !getRequiredNodeAffinity(tsc.owner).match(node).matches) return false;
  if (tsc.nodeTaintsPolicy === 'Honor' && findMatchingUntoleratedTaint(node.spec.taints, tsc.podTolerations, doNotScheduleTaintsFilter, true)) return false;
  return true;
}

interface Domain {
  value: string;
  pods: DeschedulerPod[];
}

/** upstream: topologyIsBalanced — no two domains differ by more than maxSkew */
function topologyIsBalanced(domains: Domain[], maxSkew: number): boolean {
  const sizes = domains.map((d) => d.pods.length);
  return sizes.length === 0 || Math.max(...sizes) - Math.min(...sizes) <= maxSkew;
}

const hasSelectorOrAffinity = (pod: DeschedulerPod): boolean =>
  pod.spec.nodeSelector !== undefined || pod.spec.affinity?.nodeAffinity !== undefined;

/**
 * upstream: sortDomains — domains ascending by size; inside a domain, non-evictable pods first,
 * then pods with a node selector/affinity, then the rest, each by descending priority (pods are
 * taken from the end). Stable where upstream's sort.Slice is not.
 */
function sortDomains(domains: Domain[], isEvictable: (pod: DeschedulerPod) => boolean): Domain[] {
  for (const d of domains) {
    const keyed = d.pods.map((p, i) => ({ p, i, evictable: isEvictable(p), affinity: hasSelectorOrAffinity(p) }));
    keyed.sort((a, b) => {
      if (a.evictable !== b.evictable) return a.evictable ? 1 : -1;
      if (!a.evictable) return a.i - b.i;
      if (a.affinity !== b.affinity) return a.affinity ? -1 : 1;
      // descending priority; a pod without priority after one with
      const pa = a.p.spec.priority;
      const pb = b.p.spec.priority;
      if (pa !== undefined && pb !== undefined && pa !== pb) return pb - pa;
      if (pa !== undefined && pb === undefined) return -1;
      if (pa === undefined && pb !== undefined) return 1;
      return a.i - b.i;
    });
    d.pods = keyed.map((k) => k.p);
  }
  return domains.map((d, i) => ({ d, i })).sort((a, b) => a.d.pods.length - b.d.pods.length || a.i - b.i).map((x) => x.d);
}

function build(args: RemovePodsViolatingTopologySpreadConstraintArgs, handle: Handle): BalancePlugin {
  const { cluster, evictor } = handle;
  const podFilter = buildPodFilter({
    filter: evictor.filter,
    labelSelector: args.labelSelector ? labelSelectorAsSelector(args.labelSelector) : undefined,
    namespaces: args.namespaces,
  });
  const allowed = new Set(args.constraints);

  /** upstream: balanceDomains */
  const balanceDomains = (podsForEviction: Map<DeschedulerPod, string>, tsc: SpreadConstraint, domains: Domain[], sumPods: number, nodes: Node[]): void => {
    const idealAvg = sumPods / domains.length;
    const sorted = sortDomains(domains, evictor.filter);
    const eligibleNodes = nodes.filter((n) => matchNodeInclusionPolicies(tsc, n));
    // nodes in domains below the ideal average: the ones that need more pods
    const belowAvgValues = new Set(sorted.filter((d) => d.pods.length < idealAvg).map((d) => d.value));
    const nodesBelowIdealAvg = sorted.filter((d) => belowAvgValues.has(d.value))
      .flatMap((d) => eligibleNodes.filter((n) => n.metadata.labels?.[tsc.topologyKey] === d.value));
    const fitsElsewhere = (pod: DeschedulerPod): boolean => podFitsAnyOtherNode(cluster, pod, nodesBelowIdealAvg);

    let i = 0;
    let j = sorted.length - 1;
    while (i < j) {
      if (sorted[j]!.pods.length <= idealAvg) j--;
      const skew = sorted[j]!.pods.length - sorted[i]!.pods.length;
      if (skew <= tsc.maxSkew) {
        i++;
        continue;
      }
      // At most: half the excess skew, what the big domain has above the average, what the small
      // one lacks below it (all rounded up).
      const aboveAvg = Math.ceil(sorted[j]!.pods.length - idealAvg);
      const belowAvg = Math.ceil(idealAvg - sorted[i]!.pods.length);
      const halfSkew = Math.ceil((skew - tsc.maxSkew) / 2);
      const movePods = Math.min(aboveAvg, belowAvg, halfSkew);
      if (movePods <= 0) {
        i++;
        continue;
      }
      // Prefer pods that fit on a node below the ideal average (they go last, i.e. first out).
      const big = sorted[j]!;
      const fit = new Map(big.pods.map((p) => [p, fitsElsewhere(p)]));
      big.pods = big.pods.map((p, k) => ({ p, k })).sort((a, b) => (fit.get(a.p) === fit.get(b.p) ? a.k - b.k : fit.get(a.p) ? 1 : -1)).map((x) => x.p);
      const aboveToEvict = big.pods.slice(big.pods.length - movePods);
      for (const pod of aboveToEvict) {
        // A pod that fits nowhere else would come straight back; it still counts as moved.
        if (args.topologyBalanceNodeFit && !fit.get(pod)) {
          handle.log(`ignoring pod ${podNamespace(pod)}/${pod.metadata.name} for eviction as it does not fit on any other node`);
          continue;
        }
        podsForEviction.set(pod, `topology spread constraint (maxSkew ${tsc.maxSkew}, topologyKey ${tsc.topologyKey}): domain ${big.value} has ${big.pods.length} matching pods, ${sorted[i]!.value} has ${sorted[i]!.pods.length}`);
      }
      big.pods = big.pods.slice(0, big.pods.length - movePods);
      sorted[i]!.pods.push(...aboveToEvict);
    }
  };

  return {
    name: Name,
    balance(nodes) {
      const nodeMap = new Map(nodes.map((n) => [n.metadata.name, n]));
      const podsForEviction = new Map<DeschedulerPod, string>();
      const pods = cluster.listPodsOnNodes(nodes, podFilter);
      for (const [namespace, nsPods] of groupBy(pods, podNamespace)) {
        const constraints: SpreadConstraint[] = [];
        for (const pod of nsPods) {
          for (const c of pod.spec.topologySpreadConstraints ?? []) {
            if (!allowed.has(c.whenUnsatisfiable)) continue;
            const tsc = newSpreadConstraint(c, pod);
            if (typeof tsc === 'string') {
              handle.log(`cannot process topology spread constraint: ${tsc}`);
              continue;
            }
            if (!constraints.some((x) => x.identity === tsc.identity)) constraints.push(tsc);
          }
        }
        for (const tsc of constraints) {
          // every domain the nodes offer, even empty ones
          const domains = new Map<string, Domain>();
          for (const node of nodes) {
            const value = node.metadata.labels?.[tsc.topologyKey];
            if (value !== undefined && matchNodeInclusionPolicies(tsc, node) && !domains.has(value)) domains.set(value, { value, pods: [] });
          }
          let sumPods = 0;
          for (const pod of nsPods) {
            if (isPodTerminating(pod) || !tsc.selector.matches(pod.metadata.labels ?? {})) continue;
            const node = nodeMap.get(pod.spec.nodeName ?? '');
            const value = node?.metadata.labels?.[tsc.topologyKey];
            if (value === undefined) continue;
            let domain = domains.get(value);
            if (!domain) domains.set(value, (domain = { value, pods: [] }));
            domain.pods.push(pod);
            sumPods++;
          }
          if (topologyIsBalanced([...domains.values()], tsc.maxSkew)) {
            handle.log(`Skipping topology constraint (namespace ${namespace}, topologyKey ${tsc.topologyKey}) because it is already balanced`);
            continue;
          }
          balanceDomains(podsForEviction, tsc, [...domains.values()], sumPods, nodes);
        }
      }

      const nodeLimitExceeded = new Set<string>();
      for (const [pod, reason] of podsForEviction) {
        if (nodeLimitExceeded.has(pod.spec.nodeName ?? '') || !podFilter(pod) || !evictor.preEvictionFilter(pod)) continue;
        const err = evictor.evict(pod, reason);
        if (err?.kind === 'nodeLimit') nodeLimitExceeded.add(pod.spec.nodeName ?? '');
        if (err?.kind === 'totalLimit') return undefined;
      }
      return undefined;
    },
  };
}

export const RemovePodsViolatingTopologySpreadConstraint: PluginDescriptor<RemovePodsViolatingTopologySpreadConstraintArgs, 'balance'> = {
  name: Name,
  kind: 'balance',
  decodeArgs,
  validate,
  build,
};
