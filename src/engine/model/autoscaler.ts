// The node autoscaler's configuration: a `ClusterAutoscaler` document (podplay/v1alpha1) whose
// fields are cluster-autoscaler's own flags, with node groups declared the way its kwok cloud
// provider reads them (cluster-autoscaler/cloudprovider/kwok: a List of template Nodes, each
// labelled with the group's name under `nodegroups.fromNodeLabelKey` and sized by the
// `cluster-autoscaler.kwok.nodegroup/min-count` / `max-count` annotations, defaults 0 and 200).
// Docs: docs/autoscaler.md.

import type { Node } from './types';
import { Reader, type Path } from './decoder';
import type { SrcMap, SrcNode } from './source';
import { describe } from './source';
import { decodeNode } from './decode/cluster';
import { parseGoDuration } from './duration';
import { quote } from './quote';

import { NG_MAX_SIZE_ANNOTATION, NG_MIN_SIZE_ANNOTATION } from './nodeGroupAnnotations';

export { NG_MAX_SIZE_ANNOTATION, NG_MIN_SIZE_ANNOTATION };
/** the label key kwok's own examples and tests use for `nodegroups.fromNodeLabelKey` */
export const DEFAULT_NODE_GROUP_LABEL_KEY = 'kwok-nodegroup';
/** upstream: kwok_helpers.go createNodegroupFromAnnotations (min 0, max 200) */
const DEFAULT_MIN_SIZE = 0;
const DEFAULT_MAX_SIZE = 200;
/** Podplay's bound on one group's size (a node group of thousands would only slow the page) */
export const MAX_NODE_GROUP_SIZE = 1000;
/** Podplay's bound on node groups in one scenario */
export const MAX_NODE_GROUPS = 50;

/** upstream: cluster-autoscaler/config/const.go and main.go flag names */
export const EXPANDER_NAMES = ['random', 'most-pods', 'least-waste', 'least-nodes', 'priority'] as const;
export type ExpanderName = (typeof EXPANDER_NAMES)[number];

export interface NodeGroupSpec {
  /** the group's id: the template's value of the node-group label */
  name: string;
  minSize: number;
  maxSize: number;
  /** the template Node (name, labels, taints, allocatable) new nodes are made from */
  template: Node;
}

export interface ClusterAutoscalerConfig {
  /** --expander: a chain, each filtering the options of the one before; random breaks the last tie */
  expander: ExpanderName[];
  /** the cluster-autoscaler-priority-expander ConfigMap's `priorities`: priority → regular expressions on group names */
  priorities: { priority: number; patterns: RegExp[]; sources: string[] }[];
  /** --scan-interval (10s) */
  scanInterval: number;
  /** Podplay: how long the cloud takes from IncreaseSize to a Ready node (a real cloud: minutes) */
  provisioningDelay: number;
  /** --scale-down-enabled (true) */
  scaleDownEnabled: boolean;
  /** --scale-down-unneeded-time (10m) */
  scaleDownUnneededTime: number;
  /** --scale-down-delay-after-add (10m) */
  scaleDownDelayAfterAdd: number;
  /** --scale-down-utilization-threshold (0.5) */
  scaleDownUtilizationThreshold: number;
  /** --max-graceful-termination-sec (600) */
  maxGracefulTerminationSec: number;
  /** --skip-nodes-with-local-storage (true) */
  skipNodesWithLocalStorage: boolean;
  /** --skip-nodes-with-system-pods (true) */
  skipNodesWithSystemPods: boolean;
  /** kwok's nodegroups.fromNodeLabelKey */
  nodeGroupLabelKey: string;
  nodeGroups: NodeGroupSpec[];
}

/** the spec fields the loader reads (the editor's schema lists the same: src/ui/editor/schema.ts) */
export const CLUSTER_AUTOSCALER_SPEC_FIELDS: ReadonlySet<string> = new Set([
  'expander', 'priorities', 'scanInterval', 'provisioningDelay', 'scaleDownEnabled', 'scaleDownUnneededTime', 'scaleDownDelayAfterAdd',
  'scaleDownUtilizationThreshold', 'maxGracefulTerminationSec', 'skipNodesWithLocalStorage', 'skipNodesWithSystemPods', 'nodeGroupLabelKey', 'templates',
]);

/** upstream defaults: cluster-autoscaler/main.go (FAQ "What are the parameters to CA?") */
export function defaultClusterAutoscalerConfig(): ClusterAutoscalerConfig {
  return {
    expander: ['random'], priorities: [], scanInterval: 10, provisioningDelay: 60, scaleDownEnabled: true,
    scaleDownUnneededTime: 600, scaleDownDelayAfterAdd: 600, scaleDownUtilizationThreshold: 0.5, maxGracefulTerminationSec: 600,
    skipNodesWithLocalStorage: true, skipNodesWithSystemPods: true, nodeGroupLabelKey: DEFAULT_NODE_GROUP_LABEL_KEY, nodeGroups: [],
  };
}

/** a duration field: Go's form ("10m") or whole seconds; bounded to a simulated day */
function duration(r: Reader, spec: SrcMap | undefined, path: Path, key: string, min: number): number | undefined {
  const node = r.child(spec, key);
  if (!node) return undefined;
  const p = [...path, key];
  let seconds: number | undefined;
  if (node.kind === 'scalar' && typeof node.value === 'number') seconds = node.value;
  else if (node.kind === 'scalar' && typeof node.value === 'string') seconds = parseGoDuration(node.value);
  if (seconds === undefined || !Number.isFinite(seconds)) {
    r.error(node.pos, p, `${quote(node.kind === 'scalar' ? String(node.value) : describe(node))} is not a duration (write "10m", "30s" or a number of seconds)`);
    return undefined;
  }
  if (seconds < min || seconds > 86400) {
    r.error(node.pos, p, `must be between ${min} and 86400 seconds (a simulated day)`);
    return undefined;
  }
  return Math.round(seconds);
}

/**
 * A regular expression of the priority expander, compiled as JavaScript (upstream: Go's RE2).
 * RE2 has no backtracking; to keep a hostile file from stalling the page, patterns are bounded in
 * length and may not quantify a group that holds a quantifier, nor use backreferences or lookaround.
 */
export function compilePriorityPattern(source: string): RegExp | string {
  if (source.length > 200) return 'longer than 200 characters';
  if (/\\[1-9]|\(\?[=!<]/.test(source)) return 'backreferences and lookaround are not RE2 syntax';
  if (/\([^()]*[*+}][^()]*\)[*+?{]/.test(source)) return 'a repeated group that itself repeats (Podplay refuses it: it can take exponential time in JavaScript)';
  try {
    return new RegExp(source);
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

function decodePriorities(r: Reader, spec: SrcMap | undefined, path: Path): ClusterAutoscalerConfig['priorities'] {
  const p = [...path, 'priorities'];
  const m = r.map(r.child(spec, 'priorities'), p);
  const out: ClusterAutoscalerConfig['priorities'] = [];
  for (const [key, e] of m?.entries ?? []) {
    const priority = Number(key);
    if (!/^-?\d+$/.test(key) || !Number.isSafeInteger(priority)) {
      r.error(e.keyPos, [...p, key], `${quote(key)} is not an integer priority (the priority expander's ConfigMap maps priorities to lists of regular expressions)`);
      continue;
    }
    const list = r.list(e.value, [...p, key]) ?? [];
    const patterns: RegExp[] = [];
    const sources: string[] = [];
    list.forEach((item, i) => {
      const source = r.string(item, [...p, key, i]);
      if (source === undefined) return;
      const re = compilePriorityPattern(source);
      if (typeof re === 'string') r.error(item.pos, [...p, key, i], `Can't compile regexp rule for priority ${priority} and rule ${source}: ${re}`);
      else { patterns.push(re); sources.push(source); }
    });
    out.push({ priority, patterns, sources });
  }
  return out;
}

function annotationCount(r: Reader, template: SrcMap, node: Node, key: string, fallback: number): number {
  const value = node.metadata.annotations?.[key];
  if (value === undefined) return fallback;
  const n = /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n) || n > MAX_NODE_GROUP_SIZE) {
    const at = locateIn(template, ['metadata', 'annotations', key]);
    r.error(at.pos, ['metadata', 'annotations', key], `invalid value for annotation key '${key}' for node '${node.metadata.name}': ${quote(value)} is not a whole number between 0 and ${MAX_NODE_GROUP_SIZE}`);
    return fallback;
  }
  return n;
}

function locateIn(root: SrcMap, path: readonly string[]): SrcNode {
  let node: SrcNode = root;
  for (const key of path) {
    const next: SrcNode | undefined = node.kind === 'map' ? node.entries.get(key)?.value : undefined;
    if (!next) break;
    node = next;
  }
  return node;
}

/** Decodes a ClusterAutoscaler document; errors and warnings go to the reader, at their line. */
export function decodeClusterAutoscaler(r: Reader, root: SrcMap): ClusterAutoscalerConfig {
  r.knownFields(root, [], new Set(['apiVersion', 'kind', 'metadata', 'spec']));
  const sp: Path = ['spec'];
  const spec = r.map(r.child(root, 'spec'), sp);
  if (spec) r.knownFields(spec, sp, CLUSTER_AUTOSCALER_SPEC_FIELDS);
  const config = defaultClusterAutoscalerConfig();

  const expanderNode = r.child(spec, 'expander');
  const expander = r.str(spec, sp, 'expander');
  if (expander !== undefined) {
    const names = expander.split(',').map((s) => s.trim());
    const unknown = names.find((n) => !(EXPANDER_NAMES as readonly string[]).includes(n));
    if (unknown !== undefined || names.length === 0) {
      r.error(expanderNode!.pos, [...sp, 'expander'], `Expander ${quote(unknown ?? '')} not supported (Podplay knows ${EXPANDER_NAMES.join(', ')}; a chain is written "priority,least-waste")`);
    } else config.expander = names as ExpanderName[];
  }
  config.priorities = decodePriorities(r, spec, sp);
  if (config.expander.includes('priority') && config.priorities.length === 0) {
    r.error(expanderNode?.pos ?? root.pos, [...sp, 'priorities'], 'the priority expander needs priorities (the cluster-autoscaler-priority-expander ConfigMap\'s `priorities`: {10: [".*"], 50: ["gpu-.*"]})');
  }
  config.scanInterval = duration(r, spec, sp, 'scanInterval', 1) ?? config.scanInterval;
  config.provisioningDelay = duration(r, spec, sp, 'provisioningDelay', 0) ?? config.provisioningDelay;
  config.scaleDownUnneededTime = duration(r, spec, sp, 'scaleDownUnneededTime', 0) ?? config.scaleDownUnneededTime;
  config.scaleDownDelayAfterAdd = duration(r, spec, sp, 'scaleDownDelayAfterAdd', 0) ?? config.scaleDownDelayAfterAdd;
  config.maxGracefulTerminationSec = r.nonNegInt(spec, sp, 'maxGracefulTerminationSec') ?? config.maxGracefulTerminationSec;
  config.scaleDownEnabled = r.bool(spec, sp, 'scaleDownEnabled') ?? config.scaleDownEnabled;
  config.skipNodesWithLocalStorage = r.bool(spec, sp, 'skipNodesWithLocalStorage') ?? config.skipNodesWithLocalStorage;
  config.skipNodesWithSystemPods = r.bool(spec, sp, 'skipNodesWithSystemPods') ?? config.skipNodesWithSystemPods;
  const thresholdNode = r.child(spec, 'scaleDownUtilizationThreshold');
  const threshold = r.number(thresholdNode, [...sp, 'scaleDownUtilizationThreshold']);
  if (threshold !== undefined) {
    if (threshold < 0 || threshold > 1) r.error(thresholdNode!.pos, [...sp, 'scaleDownUtilizationThreshold'], 'must be between 0 and 1 (a fraction of the node\'s allocatable)');
    else config.scaleDownUtilizationThreshold = threshold;
  }
  const labelKeyNode = r.child(spec, 'nodeGroupLabelKey');
  const labelKey = r.str(spec, sp, 'nodeGroupLabelKey');
  if (labelKey !== undefined && r.labelName(labelKey, labelKeyNode!.pos, [...sp, 'nodeGroupLabelKey'])) config.nodeGroupLabelKey = labelKey;

  const tp: Path = [...sp, 'templates'];
  const templates = r.list(r.child(spec, 'templates'), tp) ?? [];
  if (templates.length === 0) r.error(spec?.pos ?? root.pos, tp, 'at least one template Node is needed: each node group is a template Node labelled with the group\'s name (kwok\'s kwok-provider-templates)');
  if (templates.length > MAX_NODE_GROUPS) r.error(r.child(spec, 'templates')!.pos, tp, `${templates.length} templates: Podplay simulates at most ${MAX_NODE_GROUPS} node groups`);
  const seen = new Set<string>();
  templates.slice(0, MAX_NODE_GROUPS).forEach((item, i) => {
    if (item.kind !== 'map') { r.error(item.pos, [...tp, i], `expected a Node, got ${describe(item)}`); return; }
    const tr = new Reader(r.diag, { kind: `ClusterAutoscaler template (spec.templates[${i}]) Node`, name: nameOf(item), document: r.subject.document });
    const kind = item.entries.get('kind')?.value;
    if (kind && !(kind.kind === 'scalar' && kind.value === 'Node')) tr.error(kind.pos, ['kind'], 'a node group\'s template must be a Node');
    const node = decodeNode(tr, item);
    const group = node.metadata.labels?.[config.nodeGroupLabelKey];
    if (group === undefined) {
      tr.error(locateIn(item, ['metadata', 'labels']).pos, ['metadata', 'labels', config.nodeGroupLabelKey], `the template has no ${quote(config.nodeGroupLabelKey)} label: kwok names the node group after it (nodegroups.fromNodeLabelKey); without it no group is made`);
      return;
    }
    if (seen.has(group)) { tr.error(locateIn(item, ['metadata', 'labels', config.nodeGroupLabelKey]).pos, ['metadata', 'labels', config.nodeGroupLabelKey], `node group ${quote(group)} has a template already`); return; }
    seen.add(group);
    const minSize = annotationCount(tr, item, node, NG_MIN_SIZE_ANNOTATION, DEFAULT_MIN_SIZE);
    const maxSize = annotationCount(tr, item, node, NG_MAX_SIZE_ANNOTATION, DEFAULT_MAX_SIZE);
    if (minSize > maxSize) tr.error(locateIn(item, ['metadata', 'annotations']).pos, ['metadata', 'annotations'], `min-count ${minSize} is above max-count ${maxSize}`);
    config.nodeGroups.push({ name: group, minSize, maxSize: Math.min(maxSize, MAX_NODE_GROUP_SIZE), template: node });
  });
  return config;
}

function nameOf(item: SrcMap): string | undefined {
  const metadata = item.entries.get('metadata')?.value;
  const name = metadata?.kind === 'map' ? metadata.entries.get('name')?.value : undefined;
  return name?.kind === 'scalar' && typeof name.value === 'string' ? name.value : undefined;
}
