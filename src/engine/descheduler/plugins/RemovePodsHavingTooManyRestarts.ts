// RemovePodsHavingTooManyRestarts (Deschedule): pods whose containers restarted at least
// podRestartThreshold times, most restarts first. The simulator does not restart containers, so
// restart counts are 0 unless a pod's status carries containerStatuses: the plugin is valid and
// evicts nothing in a plain simulation.
// upstream: sigs.k8s.io/descheduler pkg/framework/plugins/removepodshavingtoomanyrestarts/{types,
// validation,toomanyrestarts}.go.

import { argsObject, decodeNamespaces, defined, namespacesError, strategyLabelSelectorError } from '../args';
import type { Reader } from '../decode';
import type { DeschedulePlugin, Handle, PluginDescriptor } from '../framework';
import { labelSelectorAsSelector } from '../labels';
import { buildPodFilter, wrapFilters } from '../podutil';
import type { ContainerStatus, DeschedulerPod, LabelSelector, Namespaces } from '../types';

export const Name = 'RemovePodsHavingTooManyRestarts';

export interface RemovePodsHavingTooManyRestartsArgs {
  namespaces?: Namespaces;
  labelSelector?: LabelSelector;
  podRestartThreshold: number;
  includingInitContainers: boolean;
  states?: string[];
}

function decodeArgs(r: Reader, raw: unknown): RemovePodsHavingTooManyRestartsArgs {
  const obj = argsObject(r, raw, 'RemovePodsHavingTooManyRestartsArgs', ['namespaces', 'labelSelector', 'podRestartThreshold', 'includingInitContainers', 'states']);
  const args: RemovePodsHavingTooManyRestartsArgs = {
    podRestartThreshold: r.int(obj['podRestartThreshold'], ['podRestartThreshold'], 'int32') ?? 0,
    includingInitContainers: r.bool(obj['includingInitContainers'], ['includingInitContainers']) ?? false,
  };
  const namespaces = decodeNamespaces(r, obj['namespaces'], ['namespaces']);
  if (namespaces) args.namespaces = namespaces;
  const selector = r.labelSelector(obj['labelSelector'], ['labelSelector']);
  if (selector) args.labelSelector = selector;
  const states = r.strList(obj['states'], ['states']);
  if (states) args.states = states;
  return args;
}

function validate(args: RemovePodsHavingTooManyRestartsArgs): string[] {
  return defined([
    namespacesError(args.namespaces),
    strategyLabelSelectorError(args.labelSelector),
    args.podRestartThreshold < 1 ? 'invalid PodsHavingTooManyRestarts threshold' : undefined,
    (args.states ?? []).some((s) => s !== 'Running' && s !== 'CrashLoopBackOff') ? 'states must be one of [CrashLoopBackOff Running]' : undefined,
  ]);
}

const restarts = (statuses: ContainerStatus[] | undefined): number => (statuses ?? []).reduce((n, s) => n + (s.restartCount ?? 0), 0);

/** upstream: getPodTotalRestarts */
export function podTotalRestarts(pod: DeschedulerPod, includeInit: boolean): number {
  return restarts(pod.status.containerStatuses) + (includeInit ? restarts(pod.status.initContainerStatuses) : 0);
}

function build(args: RemovePodsHavingTooManyRestartsArgs, handle: Handle): DeschedulePlugin {
  const { cluster, evictor } = handle;
  const states = new Set(args.states ?? []);
  const waiting = (statuses: ContainerStatus[] | undefined): boolean => (statuses ?? []).some((s) => s.state?.waiting && states.has(s.state.waiting.reason ?? ''));
  const podFilter = wrapFilters(
    buildPodFilter({
      filter: wrapFilters(evictor.filter, evictor.preEvictionFilter),
      namespaces: args.namespaces,
      labelSelector: args.labelSelector ? labelSelectorAsSelector(args.labelSelector) : undefined,
    }),
    (pod) => podTotalRestarts(pod, args.includingInitContainers) >= args.podRestartThreshold,
    states.size === 0 ? undefined : (pod) => states.has(pod.status.phase ?? '') || waiting(pod.status.containerStatuses)
      || (args.includingInitContainers && waiting(pod.status.initContainerStatuses)),
  );
  return {
    name: Name,
    deschedule(nodes) {
      for (const node of nodes) {
        const pods = cluster.podsAssignedToNode(node.metadata.name, podFilter)
          .map((p, i) => ({ p, i, n: podTotalRestarts(p, args.includingInitContainers) }))
          .sort((a, b) => b.n - a.n || a.i - b.i);
        for (const { p, n } of pods) {
          const err = evictor.evict(p, `its containers restarted ${n} times (threshold ${args.podRestartThreshold})`);
          if (err?.kind === 'nodeLimit') break;
          if (err?.kind === 'totalLimit') return undefined;
        }
      }
      return undefined;
    },
  };
}

export const RemovePodsHavingTooManyRestarts: PluginDescriptor<RemovePodsHavingTooManyRestartsArgs, 'deschedule'> = {
  name: Name,
  kind: 'deschedule',
  decodeArgs,
  validate,
  build,
};
