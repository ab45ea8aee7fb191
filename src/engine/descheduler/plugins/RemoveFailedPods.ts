// RemoveFailedPods (Deschedule): pods in the Failed phase, older than minPodLifetimeSeconds
// (default 3600), optionally only for given reasons or exit codes and not of excluded owner kinds.
// upstream: sigs.k8s.io/descheduler pkg/framework/plugins/removefailedpods/{types,defaults,
// validation,failedpods}.go.

import { argsObject, decodeNamespaces, defined, namespacesError, strategyLabelSelectorError } from '../args';
import type { Reader } from '../decode';
import type { DeschedulePlugin, Handle, PluginDescriptor } from '../framework';
import { labelSelectorAsSelector } from '../labels';
import { buildPodFilter, ownerRefs, wrapFilters } from '../podutil';
import type { ContainerStatus, DeschedulerPod, LabelSelector, Namespaces } from '../types';

export const Name = 'RemoveFailedPods';

export interface RemoveFailedPodsArgs {
  namespaces?: Namespaces;
  labelSelector?: LabelSelector;
  excludeOwnerKinds?: string[];
  /** defaults to 3600 */
  minPodLifetimeSeconds: number;
  reasons?: string[];
  exitCodes?: number[];
  includingInitContainers: boolean;
}

function decodeArgs(r: Reader, raw: unknown): RemoveFailedPodsArgs {
  const obj = argsObject(r, raw, 'RemoveFailedPodsArgs', [
    'namespaces', 'labelSelector', 'excludeOwnerKinds', 'minPodLifetimeSeconds', 'reasons', 'exitCodes', 'includingInitContainers',
  ]);
  const args: RemoveFailedPodsArgs = {
    // upstream: SetDefaults_RemoveFailedPodsArgs
    minPodLifetimeSeconds: r.int(obj['minPodLifetimeSeconds'], ['minPodLifetimeSeconds'], 'uint') ?? 3600,
    includingInitContainers: r.bool(obj['includingInitContainers'], ['includingInitContainers']) ?? false,
  };
  const namespaces = decodeNamespaces(r, obj['namespaces'], ['namespaces']);
  if (namespaces) args.namespaces = namespaces;
  const selector = r.labelSelector(obj['labelSelector'], ['labelSelector']);
  if (selector) args.labelSelector = selector;
  const kinds = r.strList(obj['excludeOwnerKinds'], ['excludeOwnerKinds']);
  if (kinds) args.excludeOwnerKinds = kinds;
  const reasons = r.strList(obj['reasons'], ['reasons']);
  if (reasons) args.reasons = reasons;
  const exitCodes = r.intList(obj['exitCodes'], ['exitCodes'], 'int32');
  if (exitCodes) args.exitCodes = exitCodes;
  return args;
}

const failedReasons = (statuses: ContainerStatus[] | undefined): string[] => (statuses ?? []).flatMap((s) => [
  ...(s.state?.waiting?.reason ? [s.state.waiting.reason] : []),
  ...(s.state?.terminated?.reason ? [s.state.terminated.reason] : []),
]);
const failedExitCodes = (statuses: ContainerStatus[] | undefined): number[] =>
  (statuses ?? []).flatMap((s) => (s.state?.terminated ? [s.state.terminated.exitCode] : []));

/** upstream: validateCanEvict — why the pod is left alone (empty: it goes) */
export function cannotEvictReasons(pod: DeschedulerPod, args: RemoveFailedPodsArgs, now: number): string[] {
  const errs: string[] = [];
  if (Math.floor(now - (pod.metadata.creationTimestamp ?? 0)) < args.minPodLifetimeSeconds) {
    errs.push(`pod does not exceed the min age seconds of ${args.minPodLifetimeSeconds}`);
  }
  for (const owner of ownerRefs(pod)) {
    if ((args.excludeOwnerKinds ?? []).includes(owner.kind)) errs.push(`pod's owner kind of ${owner.kind} is excluded`);
  }
  if ((args.reasons ?? []).length > 0) {
    const reasons = failedReasons(pod.status.containerStatuses);
    if (pod.status.phase === 'Failed' && pod.status.reason) reasons.push(pod.status.reason);
    if (args.includingInitContainers) reasons.push(...failedReasons(pod.status.initContainerStatuses));
    if (!reasons.some((r) => args.reasons!.includes(r))) errs.push('pod does not match any of the reasons');
  }
  if ((args.exitCodes ?? []).length > 0) {
    const codes = failedExitCodes(pod.status.containerStatuses);
    if (args.includingInitContainers) codes.push(...failedExitCodes(pod.status.initContainerStatuses));
    if (!codes.some((c) => args.exitCodes!.includes(c))) errs.push('pod does not match any of the exitCodes');
  }
  return errs;
}

function build(args: RemoveFailedPodsArgs, handle: Handle): DeschedulePlugin {
  const { cluster, evictor } = handle;
  const podFilter = wrapFilters(
    (pod) => pod.status.phase === 'Failed',
    buildPodFilter({
      filter: wrapFilters(evictor.filter, evictor.preEvictionFilter),
      namespaces: args.namespaces,
      labelSelector: args.labelSelector ? labelSelectorAsSelector(args.labelSelector) : undefined,
    }),
    (pod) => cannotEvictReasons(pod, args, cluster.now).length === 0,
  );
  return {
    name: Name,
    deschedule(nodes) {
      for (const node of nodes) {
        for (const pod of cluster.podsAssignedToNode(node.metadata.name, podFilter)) {
          const why = pod.status.reason ? `it failed (${pod.status.reason})` : 'it failed';
          const err = evictor.evict(pod, `${why} and is older than ${args.minPodLifetimeSeconds}s`);
          if (err?.kind === 'nodeLimit') break;
          if (err?.kind === 'totalLimit') return undefined;
        }
      }
      return undefined;
    },
  };
}

export const RemoveFailedPods: PluginDescriptor<RemoveFailedPodsArgs, 'deschedule'> = {
  name: Name,
  kind: 'deschedule',
  decodeArgs,
  validate: (args) => defined([namespacesError(args.namespaces), strategyLabelSelectorError(args.labelSelector)]),
  build,
};
