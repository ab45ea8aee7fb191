// PodLifeTime (Deschedule): pods older than maxPodLifeTimeSeconds (by creationTimestamp) and/or
// in given states, conditions, exit codes or owner kinds; the oldest go first.
// upstream: sigs.k8s.io/descheduler pkg/framework/plugins/podlifetime/{types,validation,
// pod_lifetime}.go.

import { argsObject, decodeNamespaces, defined, namespacesError, strategyLabelSelectorError } from '../args';
import type { Reader } from '../decode';
import type { DeschedulePlugin, Handle, PluginDescriptor } from '../framework';
import { labelSelectorAsSelector } from '../labels';
import { buildPodFilter, ownerRefs, sortPodsBasedOnAge, wrapFilters, type PodFilter } from '../podutil';
import type { ContainerStatus, DeschedulerPod, LabelSelector, Namespaces } from '../types';

export const Name = 'PodLifeTime';

export interface PodConditionFilter {
  type?: string;
  status?: string;
  reason?: string;
  minTimeSinceLastTransitionSeconds?: number;
}

export interface PodLifeTimeArgs {
  namespaces?: Namespaces;
  labelSelector?: LabelSelector;
  ownerKinds?: { include?: string[]; exclude?: string[] };
  maxPodLifeTimeSeconds?: number;
  states?: string[];
  conditions?: PodConditionFilter[];
  exitCodes?: number[];
  includingInitContainers: boolean;
  includingEphemeralContainers: boolean;
}

/** upstream: podLifeTimeAllowedStates */
export const POD_LIFE_TIME_ALLOWED_STATES = [
  'Running', 'Pending', 'Succeeded', 'Failed', 'Unknown',
  'NodeAffinity', 'NodeLost', 'Shutdown', 'UnexpectedAdmissionError',
  'PodInitializing', 'ContainerCreating', 'ImagePullBackOff', 'CrashLoopBackOff', 'CreateContainerConfigError', 'ErrImagePull',
  'CreateContainerError', 'InvalidImageName',
  'OOMKilled', 'Error', 'Completed', 'DeadlineExceeded', 'Evicted', 'ContainerCannotRun', 'StartError',
];

function decodeArgs(r: Reader, raw: unknown): PodLifeTimeArgs {
  const obj = argsObject(r, raw, 'PodLifeTimeArgs', [
    'namespaces', 'labelSelector', 'ownerKinds', 'maxPodLifeTimeSeconds', 'states', 'conditions', 'exitCodes',
    'includingInitContainers', 'includingEphemeralContainers',
  ]);
  const args: PodLifeTimeArgs = {
    includingInitContainers: r.bool(obj['includingInitContainers'], ['includingInitContainers']) ?? false,
    includingEphemeralContainers: r.bool(obj['includingEphemeralContainers'], ['includingEphemeralContainers']) ?? false,
  };
  const namespaces = decodeNamespaces(r, obj['namespaces'], ['namespaces']);
  if (namespaces) args.namespaces = namespaces;
  const selector = r.labelSelector(obj['labelSelector'], ['labelSelector']);
  if (selector) args.labelSelector = selector;
  const ownerKinds = r.object(obj['ownerKinds'], ['ownerKinds'], 'podlifetime.OwnerKinds');
  if (ownerKinds) {
    r.strict(ownerKinds, ['include', 'exclude'], ['ownerKinds']);
    args.ownerKinds = {};
    const include = r.strList(ownerKinds['include'], ['ownerKinds', 'include']);
    const exclude = r.strList(ownerKinds['exclude'], ['ownerKinds', 'exclude']);
    if (include) args.ownerKinds.include = include;
    if (exclude) args.ownerKinds.exclude = exclude;
  }
  const maxAge = r.int(obj['maxPodLifeTimeSeconds'], ['maxPodLifeTimeSeconds'], 'uint');
  if (maxAge !== undefined) args.maxPodLifeTimeSeconds = maxAge;
  const states = r.strList(obj['states'], ['states']);
  if (states) args.states = states;
  const conditions = r.list(obj['conditions'], ['conditions'], '[]podlifetime.PodConditionFilter');
  if (conditions) {
    args.conditions = conditions.map((raw, i) => {
      const p = ['conditions', i];
      const c = r.object(raw, p, 'podlifetime.PodConditionFilter') ?? {};
      r.strict(c, ['type', 'status', 'reason', 'minTimeSinceLastTransitionSeconds'], p);
      const f: PodConditionFilter = {};
      const type = r.str(c['type'], [...p, 'type']);
      const status = r.str(c['status'], [...p, 'status']);
      const reason = r.str(c['reason'], [...p, 'reason']);
      const min = r.int(c['minTimeSinceLastTransitionSeconds'], [...p, 'minTimeSinceLastTransitionSeconds'], 'uint');
      if (type) f.type = type;
      if (status) f.status = status;
      if (reason) f.reason = reason;
      if (min !== undefined) f.minTimeSinceLastTransitionSeconds = min;
      return f;
    });
  }
  const exitCodes = r.intList(obj['exitCodes'], ['exitCodes'], 'int32');
  if (exitCodes) args.exitCodes = exitCodes;
  return args;
}

function validate(args: PodLifeTimeArgs): string[] {
  const errs: (string | undefined)[] = [
    namespacesError(args.namespaces),
    (args.ownerKinds?.include?.length ?? 0) > 0 && (args.ownerKinds?.exclude?.length ?? 0) > 0
      ? 'only one of Include/Exclude ownerKinds can be set' : undefined,
    strategyLabelSelectorError(args.labelSelector),
  ];
  if ((args.states ?? []).some((s) => !POD_LIFE_TIME_ALLOWED_STATES.includes(s))) {
    errs.push(`states must be one of [${[...POD_LIFE_TIME_ALLOWED_STATES].sort().join(' ')}]`);
  }
  (args.conditions ?? []).forEach((c, i) => {
    if (!c.type && !c.status && !c.reason && c.minTimeSinceLastTransitionSeconds === undefined) {
      errs.push(`conditions[${i}]: at least one of type, status, reason, or minTimeSinceLastTransitionSeconds must be set`);
    }
  });
  const hasFilter = args.maxPodLifeTimeSeconds !== undefined || (args.states?.length ?? 0) > 0
    || (args.conditions?.length ?? 0) > 0 || (args.exitCodes?.length ?? 0) > 0;
  if (!hasFilter) errs.push('at least one filtering criterion must be specified (maxPodLifeTimeSeconds, states, conditions, or exitCodes)');
  return defined(errs);
}

const waitingReasons = (statuses: ContainerStatus[] | undefined): string[] =>
  (statuses ?? []).flatMap((s) => (s.state?.waiting ? [s.state.waiting.reason ?? ''] : []));
const terminatedReasons = (statuses: ContainerStatus[] | undefined): string[] =>
  (statuses ?? []).flatMap((s) => (s.state?.terminated ? [s.state.terminated.reason ?? ''] : []));
const exitCodesOf = (statuses: ContainerStatus[] | undefined): number[] =>
  (statuses ?? []).flatMap((s) => (s.state?.terminated ? [s.state.terminated.exitCode] : []));

function build(args: PodLifeTimeArgs, handle: Handle): DeschedulePlugin {
  const { cluster, evictor } = handle;
  const filters: PodFilter[] = [buildPodFilter({
    filter: wrapFilters(evictor.filter, evictor.preEvictionFilter),
    namespaces: args.namespaces,
    labelSelector: args.labelSelector ? labelSelectorAsSelector(args.labelSelector) : undefined,
  })];
  const age = (pod: DeschedulerPod): number => cluster.now - (pod.metadata.creationTimestamp ?? 0);
  if (args.maxPodLifeTimeSeconds !== undefined) {
    const max = args.maxPodLifeTimeSeconds;
    filters.push((pod) => age(pod) >= 0 && Math.floor(age(pod)) > max);
  }
  if ((args.states ?? []).length > 0) {
    const states = new Set(args.states);
    const any = (reasons: string[]): boolean => reasons.some((r) => states.has(r));
    filters.push((pod) => {
      const s = pod.status;
      if (states.has(s.phase ?? '') || states.has(s.reason ?? '')) return true;
      if (any(waitingReasons(s.containerStatuses)) || any(terminatedReasons(s.containerStatuses))) return true;
      if (args.includingInitContainers && (any(waitingReasons(s.initContainerStatuses)) || any(terminatedReasons(s.initContainerStatuses)))) return true;
      return args.includingEphemeralContainers
        && (any(waitingReasons(s.ephemeralContainerStatuses)) || any(terminatedReasons(s.ephemeralContainerStatuses)));
    });
  }
  if (args.ownerKinds && (args.ownerKinds.include?.length ?? 0) > 0) {
    const include = new Set(args.ownerKinds.include);
    filters.push((pod) => ownerRefs(pod).some((o) => include.has(o.kind)));
  } else if (args.ownerKinds && (args.ownerKinds.exclude?.length ?? 0) > 0) {
    const exclude = new Set(args.ownerKinds.exclude);
    filters.push((pod) => !ownerRefs(pod).some((o) => exclude.has(o.kind)));
  }
  if ((args.conditions ?? []).length > 0) {
    // Scenario pod conditions carry no lastTransitionTime, so a minimum transition age never matches.
    filters.push((pod) => args.conditions!.some((f) => (pod.status.conditions ?? []).some((c) =>
      (!f.type || c.type === f.type) && (!f.status || c.status === f.status) && (!f.reason || c.reason === f.reason)
      && f.minTimeSinceLastTransitionSeconds === undefined)));
  }
  if ((args.exitCodes ?? []).length > 0) {
    const codes = new Set(args.exitCodes);
    filters.push((pod) => exitCodesOf(pod.status.containerStatuses).some((c) => codes.has(c))
      || (args.includingInitContainers && exitCodesOf(pod.status.initContainerStatuses).some((c) => codes.has(c))));
  }
  const podFilter = wrapFilters(...filters);

  const reason = (pod: DeschedulerPod): string => {
    const parts: string[] = [];
    if (args.maxPodLifeTimeSeconds !== undefined) parts.push(`age ${Math.floor(age(pod))}s > maxPodLifeTimeSeconds ${args.maxPodLifeTimeSeconds}`);
    if ((args.states ?? []).length > 0) parts.push(`in one of the states [${args.states!.join(' ')}]`);
    return parts.join(', ') || 'matches the PodLifeTime filters';
  };

  return {
    name: Name,
    deschedule(nodes) {
      const podsToEvict = nodes.flatMap((n) => cluster.podsAssignedToNode(n.metadata.name, podFilter));
      // the oldest first, in case PDBs or limits stop the run
      sortPodsBasedOnAge(podsToEvict);
      for (const pod of podsToEvict) {
        const err = evictor.evict(pod, reason(pod));
        if (err?.kind === 'totalLimit') return undefined;
      }
      return undefined;
    },
  };
}

export const PodLifeTime: PluginDescriptor<PodLifeTimeArgs, 'deschedule'> = {
  name: Name,
  kind: 'deschedule',
  decodeArgs,
  validate,
  build,
};
