// RemovePodsViolatingNodeTaints (Deschedule): pods that do not tolerate a NoSchedule taint of
// their node (PreferNoSchedule too with includePreferNoSchedule), after the include/exclude lists.
// NoExecute taints are the taint manager's business, not this plugin's.
// upstream: sigs.k8s.io/descheduler pkg/framework/plugins/removepodsviolatingnodetaints/
// {types,validation,node_taint}.go.

import { findMatchingUntoleratedTaint, taintToString } from '../../model/taints';
import type { Taint } from '../../model/types';
import { argsObject, decodeNamespaces, defined, namespacesError, strategyLabelSelectorError } from '../args';
import type { Reader } from '../decode';
import type { DeschedulePlugin, Handle, PluginDescriptor } from '../framework';
import { labelSelectorAsSelector } from '../labels';
import { buildPodFilter, wrapFilters } from '../podutil';
import type { LabelSelector, Namespaces } from '../types';

export const Name = 'RemovePodsViolatingNodeTaints';

export interface RemovePodsViolatingNodeTaintsArgs {
  namespaces?: Namespaces;
  labelSelector?: LabelSelector;
  includePreferNoSchedule: boolean;
  excludedTaints?: string[];
  includedTaints?: string[];
}

function decodeArgs(r: Reader, raw: unknown): RemovePodsViolatingNodeTaintsArgs {
  const obj = argsObject(r, raw, 'RemovePodsViolatingNodeTaintsArgs', ['namespaces', 'labelSelector', 'includePreferNoSchedule', 'excludedTaints', 'includedTaints']);
  const args: RemovePodsViolatingNodeTaintsArgs = { includePreferNoSchedule: r.bool(obj['includePreferNoSchedule'], ['includePreferNoSchedule']) ?? false };
  const namespaces = decodeNamespaces(r, obj['namespaces'], ['namespaces']);
  if (namespaces) args.namespaces = namespaces;
  const selector = r.labelSelector(obj['labelSelector'], ['labelSelector']);
  if (selector) args.labelSelector = selector;
  const excluded = r.strList(obj['excludedTaints'], ['excludedTaints']);
  if (excluded) args.excludedTaints = excluded;
  const included = r.strList(obj['includedTaints'], ['includedTaints']);
  if (included) args.includedTaints = included;
  return args;
}

function validate(args: RemovePodsViolatingNodeTaintsArgs): string[] {
  return defined([
    namespacesError(args.namespaces),
    strategyLabelSelectorError(args.labelSelector),
    (args.excludedTaints?.length ?? 0) > 0 && (args.includedTaints?.length ?? 0) > 0
      ? 'either includedTaints or excludedTaints can be set, but not both' : undefined,
  ]);
}

/** The taints the plugin checks: by effect, then excluded/included by key or key=value. */
export function taintFilter(args: RemovePodsViolatingNodeTaintsArgs): (t: Taint) => boolean {
  const byKeyOrKeyValue = (set: Set<string>, t: Taint): boolean => set.has(t.key) || (!!t.value && set.has(`${t.key}=${t.value}`));
  const excluded = new Set(args.excludedTaints ?? []);
  const included = new Set(args.includedTaints ?? []);
  // An unset includedTaints includes every taint (an empty list includes none).
  const include = (t: Taint): boolean => args.includedTaints === undefined || byKeyOrKeyValue(included, t);
  const effectOk = (t: Taint): boolean => t.effect === 'NoSchedule' || (args.includePreferNoSchedule && t.effect === 'PreferNoSchedule');
  return (t) => effectOk(t) && !byKeyOrKeyValue(excluded, t) && include(t);
}

function build(args: RemovePodsViolatingNodeTaintsArgs, handle: Handle): DeschedulePlugin {
  const { cluster, evictor } = handle;
  const podFilter = buildPodFilter({
    filter: wrapFilters(evictor.filter, evictor.preEvictionFilter),
    namespaces: args.namespaces,
    labelSelector: args.labelSelector ? labelSelectorAsSelector(args.labelSelector) : undefined,
  });
  const filter = taintFilter(args);
  return {
    name: Name,
    deschedule(nodes) {
      for (const node of nodes) {
        for (const pod of cluster.listPodsOnANode(node.metadata.name, podFilter)) {
          const taint = findMatchingUntoleratedTaint(node.spec.taints, pod.spec.tolerations, filter, true);
          if (!taint) continue;
          const err = evictor.evict(pod, `it does not tolerate taint ${taintToString(taint)} of node ${node.metadata.name}`);
          if (err?.kind === 'nodeLimit') break;
          if (err?.kind === 'totalLimit') return undefined;
        }
      }
      return undefined;
    },
  };
}

export const RemovePodsViolatingNodeTaints: PluginDescriptor<RemovePodsViolatingNodeTaintsArgs, 'deschedule'> = {
  name: Name,
  kind: 'deschedule',
  decodeArgs,
  validate,
  build,
};
