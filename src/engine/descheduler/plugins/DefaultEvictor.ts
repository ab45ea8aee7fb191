// DefaultEvictor: which pods may be evicted at all (Filter) and, right before an eviction,
// whether it makes sense (PreEvictionFilter: nodeFit, namespaceLabelSelector).
// upstream: sigs.k8s.io/descheduler pkg/framework/plugins/defaultevictor/{types,defaultevictor,
// constraints,validation}.go, pkg/descheduler/policyconfig.go (setDefaultEvictor).

import { compileLabelSelector } from '../../model/selectors';
import type { Node } from '../../model/types';
import { argsObject, defined } from '../args';
import type { Cluster } from '../cluster';
import type { Reader } from '../decode';
import type { EvictorPlugin, Handle, PluginDescriptor } from '../framework';
import { labelSelectorError, parseSelector } from '../labels';
import { isReady, podFitsAnyOtherNode } from '../nodeutil';
import {
  haveNoEvictionAnnotation, isCriticalPriorityPod, isDaemonSetPod, isMirrorPod, isPodTerminating, isPodWithLocalStorage,
  isPodWithPVC, isPodWithResourceClaims, isStaticPod, ownerRefKeys, ownerRefs, podNamespace, SYSTEM_CRITICAL_PRIORITY,
} from '../podutil';
import type { DeschedulerPod, LabelSelector, PriorityThreshold } from '../types';
import { quote } from '../../model/quote';
import { parseGoDuration } from '../../model/duration';

export { parseGoDuration };

export const Name = 'DefaultEvictor';
/** upstream: evictPodAnnotationKey — a pod carrying it is always evictable */
export const EVICT_POD_ANNOTATION = 'descheduler.alpha.kubernetes.io/evict';

export type PodProtection =
  | 'PodsWithLocalStorage' | 'DaemonSetPods' | 'SystemCriticalPods' | 'FailedBarePods'
  | 'PodsWithPVC' | 'PodsWithoutPDB' | 'PodsWithResourceClaims';

/** upstream: defaultPodProtections (in upstream's order) */
export const DEFAULT_POD_PROTECTIONS: readonly PodProtection[] = ['PodsWithLocalStorage', 'SystemCriticalPods', 'FailedBarePods', 'DaemonSetPods'];
/** upstream: extraPodProtections */
export const EXTRA_POD_PROTECTIONS: readonly PodProtection[] = ['PodsWithPVC', 'PodsWithoutPDB', 'PodsWithResourceClaims'];

export interface DefaultEvictorArgs {
  nodeSelector: string;
  labelSelector?: LabelSelector;
  namespaceLabelSelector?: LabelSelector;
  priorityThreshold?: PriorityThreshold;
  nodeFit: boolean;
  minReplicas: number;
  /** seconds */
  minPodAge?: number;
  noEvictionPolicy: string;
  podProtections: {
    extraEnabled: string[];
    defaultDisabled: string[];
    protectedStorageClasses?: string[];
  };
  evictLocalStoragePods: boolean;
  evictDaemonSetPods: boolean;
  evictSystemCriticalPods: boolean;
  ignorePvcPods: boolean;
  ignorePodsWithoutPDB: boolean;
  evictFailedBarePods: boolean;
}

export function defaultEvictorArgs(): DefaultEvictorArgs {
  return {
    nodeSelector: '', nodeFit: false, minReplicas: 0, noEvictionPolicy: '',
    podProtections: { extraEnabled: [], defaultDisabled: [] },
    evictLocalStoragePods: false, evictDaemonSetPods: false, evictSystemCriticalPods: false,
    ignorePvcPods: false, ignorePodsWithoutPDB: false, evictFailedBarePods: false,
  };
}

function decodeArgs(r: Reader, raw: unknown): DefaultEvictorArgs {
  const obj = argsObject(r, raw, 'DefaultEvictorArgs', [
    'nodeSelector', 'labelSelector', 'namespaceLabelSelector', 'priorityThreshold', 'nodeFit', 'minReplicas', 'minPodAge',
    'noEvictionPolicy', 'podProtections', 'evictLocalStoragePods', 'evictDaemonSetPods', 'evictSystemCriticalPods',
    'ignorePvcPods', 'ignorePodsWithoutPDB', 'evictFailedBarePods',
  ]);
  const args = defaultEvictorArgs();
  args.nodeSelector = r.str(obj['nodeSelector'], ['nodeSelector']) ?? '';
  const labelSelector = r.labelSelector(obj['labelSelector'], ['labelSelector']);
  if (labelSelector) args.labelSelector = labelSelector;
  const namespaceLabelSelector = r.labelSelector(obj['namespaceLabelSelector'], ['namespaceLabelSelector']);
  if (namespaceLabelSelector) args.namespaceLabelSelector = namespaceLabelSelector;
  const threshold = r.object(obj['priorityThreshold'], ['priorityThreshold'], 'api.PriorityThreshold');
  if (threshold) {
    r.strict(threshold, ['value', 'name'], ['priorityThreshold']);
    args.priorityThreshold = {};
    const value = r.int(threshold['value'], ['priorityThreshold', 'value'], 'int32');
    const name = r.str(threshold['name'], ['priorityThreshold', 'name']);
    if (value !== undefined) args.priorityThreshold.value = value;
    if (name !== undefined && name !== '') args.priorityThreshold.name = name;
  }
  args.nodeFit = r.bool(obj['nodeFit'], ['nodeFit']) ?? false;
  args.minReplicas = r.int(obj['minReplicas'], ['minReplicas'], 'uint') ?? 0;
  const minPodAge = r.str(obj['minPodAge'], ['minPodAge']);
  if (minPodAge !== undefined) {
    const seconds = parseGoDuration(minPodAge);
    if (seconds === undefined) r.error(['minPodAge'], `time: invalid duration ${quote(minPodAge)}`);
    else args.minPodAge = seconds;
  }
  args.noEvictionPolicy = r.str(obj['noEvictionPolicy'], ['noEvictionPolicy']) ?? '';
  const protections = r.object(obj['podProtections'], ['podProtections'], 'defaultevictor.PodProtections');
  if (protections) {
    const p = ['podProtections'];
    r.strict(protections, ['extraEnabled', 'defaultDisabled', 'config'], p);
    args.podProtections.extraEnabled = r.strList(protections['extraEnabled'], [...p, 'extraEnabled']) ?? [];
    args.podProtections.defaultDisabled = r.strList(protections['defaultDisabled'], [...p, 'defaultDisabled']) ?? [];
    const config = r.object(protections['config'], [...p, 'config'], 'defaultevictor.PodProtectionsConfig');
    if (config) {
      r.strict(config, ['PodsWithPVC'], [...p, 'config']);
      const pvc = r.object(config['PodsWithPVC'], [...p, 'config', 'PodsWithPVC'], 'defaultevictor.PodsWithPVCConfig');
      if (pvc) {
        const pp = [...p, 'config', 'PodsWithPVC'];
        r.strict(pvc, ['protectedStorageClasses'], pp);
        const classes = r.list(pvc['protectedStorageClasses'], [...pp, 'protectedStorageClasses'], '[]defaultevictor.ProtectedStorageClass') ?? [];
        args.podProtections.protectedStorageClasses = classes.map((c, i) => {
          const cp = [...pp, 'protectedStorageClasses', i];
          const o = r.object(c, cp, 'defaultevictor.ProtectedStorageClass') ?? {};
          r.strict(o, ['name'], cp);
          return r.str(o['name'], [...cp, 'name']) ?? '';
        });
      }
    }
  }
  for (const key of ['evictLocalStoragePods', 'evictDaemonSetPods', 'evictSystemCriticalPods', 'ignorePvcPods', 'ignorePodsWithoutPDB', 'evictFailedBarePods'] as const) {
    args[key] = r.bool(obj[key], [key]) ?? false;
  }
  return args;
}

const hasDuplicates = (list: readonly string[]): boolean => new Set(list).size !== list.length;

/** upstream: ValidateDefaultEvictorArgs, plus the threshold check of GetPriorityValueFromPriorityThreshold (load time) */
export function validateDefaultEvictorArgs(args: DefaultEvictorArgs): string[] {
  const errs: (string | undefined)[] = [];
  const t = args.priorityThreshold;
  if (t?.value !== undefined && (t.name ?? '') !== '') errs.push('priority threshold misconfigured, only one of priorityThreshold fields can be set');
  if (args.noEvictionPolicy !== '' && args.noEvictionPolicy !== 'Preferred' && args.noEvictionPolicy !== 'Mandatory') {
    errs.push('noEvictionPolicy accepts only ["Preferred" "Mandatory"] values');
  }
  const deprecated = args.evictLocalStoragePods || args.evictDaemonSetPods || args.evictSystemCriticalPods
    || args.ignorePvcPods || args.evictFailedBarePods || args.ignorePodsWithoutPDB;
  const { extraEnabled, defaultDisabled } = args.podProtections;
  if (deprecated && (extraEnabled.length > 0 || defaultDisabled.length > 0)) {
    errs.push('cannot use Deprecated fields alongside PodProtections.ExtraEnabled or PodProtections.DefaultDisabled');
  }
  if (extraEnabled.length > 0 || defaultDisabled.length > 0) {
    for (const p of extraEnabled) {
      if (!(EXTRA_POD_PROTECTIONS as readonly string[]).includes(p)) {
        errs.push(`invalid pod protection policy in ExtraEnabled: ${quote(p)}. Valid options are: [${EXTRA_POD_PROTECTIONS.join(' ')}]`);
      }
    }
    for (const p of defaultDisabled) {
      if (!(DEFAULT_POD_PROTECTIONS as readonly string[]).includes(p)) {
        errs.push(`invalid pod protection policy in DefaultDisabled: ${quote(p)}. Valid options are: [${DEFAULT_POD_PROTECTIONS.join(' ')}]`);
      }
    }
    if (hasDuplicates(defaultDisabled)) errs.push('PodProtections.DefaultDisabled contains duplicate entries');
    if (hasDuplicates(extraEnabled)) errs.push('PodProtections.ExtraEnabled contains duplicate entries');
    if (extraEnabled.includes('PodsWithPVC')) {
      (args.podProtections.protectedStorageClasses ?? []).forEach((name, i) => {
        if (name === '') errs.push(`PodProtections.Config.PodsWithPVC.ProtectedStorageClasses[${i}] name cannot be empty`);
      });
    }
  }
  return defined(errs);
}

/** upstream: getEffectivePodProtections (and legacyGetPodProtections for the deprecated booleans) */
export function effectivePodProtections(args: DefaultEvictorArgs): PodProtection[] {
  const { extraEnabled, defaultDisabled } = args.podProtections;
  if (extraEnabled.length === 0 && defaultDisabled.length === 0) {
    const p: PodProtection[] = [];
    if (!args.evictLocalStoragePods) p.push('PodsWithLocalStorage');
    if (!args.evictDaemonSetPods) p.push('DaemonSetPods');
    if (!args.evictSystemCriticalPods) p.push('SystemCriticalPods');
    if (!args.evictFailedBarePods) p.push('FailedBarePods');
    if (args.ignorePvcPods) p.push('PodsWithPVC');
    if (args.ignorePodsWithoutPDB) p.push('PodsWithoutPDB');
    return p;
  }
  return [
    ...DEFAULT_POD_PROTECTIONS.filter((p) => !defaultDisabled.includes(p)),
    ...(extraEnabled as PodProtection[]),
  ];
}

/** upstream: GetPriorityValueFromPriorityThreshold — nil: system-critical; a class name is looked up. */
export function priorityThresholdValue(threshold: PriorityThreshold | undefined, cluster?: Cluster): number | string {
  let value: number;
  if (threshold?.value !== undefined) {
    value = threshold.value;
  } else if (threshold?.name !== undefined) {
    const found = cluster?.priorityClassValue(threshold.name);
    if (found === undefined) {
      return `unable to get priority value from the priority class: priorityclasses.scheduling.k8s.io ${quote(threshold.name)} not found`;
    }
    value = found;
  } else {
    return SYSTEM_CRITICAL_PRIORITY;
  }
  if (value > SYSTEM_CRITICAL_PRIORITY) return `priority threshold can't be greater than ${SYSTEM_CRITICAL_PRIORITY}`;
  return value;
}

type Constraint = (pod: DeschedulerPod) => string | undefined;

/** The protections and constraints, in upstream's order (applyEffectivePodProtections, then the rest). */
function constraints(args: DefaultEvictorArgs, threshold: number, handle: Handle): Constraint[] {
  const enabled = new Set(effectivePodProtections(args));
  const { cluster } = handle;
  const out: Constraint[] = [];
  if (enabled.has('SystemCriticalPods')) {
    out.push((pod) => (isCriticalPriorityPod(pod) ? 'pod has system critical priority and is protected against eviction' : undefined));
    out.push((pod) => (pod.spec.priority === undefined || pod.spec.priority < threshold
      ? undefined : 'pod has higher priority than specified priority class threshold'));
  }
  if (enabled.has('FailedBarePods')) {
    out.push((pod) => (ownerRefs(pod).length === 0 ? 'pod does not have any ownerRefs' : undefined));
  } else {
    out.push((pod) => (ownerRefs(pod).length === 0 && pod.status.phase !== 'Failed'
      ? 'pod does not have any ownerRefs and is not in failed phase' : undefined));
  }
  if (enabled.has('PodsWithLocalStorage')) {
    out.push((pod) => (isPodWithLocalStorage(pod) ? 'pod has local storage and is protected against eviction' : undefined));
  }
  if (enabled.has('DaemonSetPods')) {
    out.push((pod) => (isDaemonSetPod(ownerRefs(pod)) ? 'daemonset pods are protected against eviction' : undefined));
  }
  if (enabled.has('PodsWithPVC')) {
    const protectedClasses = new Set(args.podProtections.protectedStorageClasses ?? []);
    if (protectedClasses.size === 0) {
      out.push((pod) => (isPodWithPVC(pod) ? 'pod with PVC is protected against eviction' : undefined));
    } else {
      out.push((pod) => {
        for (const v of pod.spec.volumes ?? []) {
          if (!v.persistentVolumeClaim) continue;
          const claim = cluster.persistentVolumeClaim(podNamespace(pod), v.persistentVolumeClaim.claimName);
          if (!claim) return `failed to get persistent volume claim ${quote(podNamespace(pod))}/${quote(v.persistentVolumeClaim.claimName)}`;
          if (!claim.storageClassName) return `failed to resolve storage class for pod ${quote(podNamespace(pod))}/${quote(claim.name)}`;
          if (protectedClasses.has(claim.storageClassName)) return `pod using protected storage class ${quote(claim.storageClassName)}`;
        }
        return undefined;
      });
    }
  }
  if (enabled.has('PodsWithoutPDB')) {
    out.push((pod) => {
      const covered = cluster.pdbsFor(pod).some((pdb) => compileLabelSelector(pdb.spec.selector).matches(pod.metadata.labels ?? {}));
      return covered ? undefined : 'pod does not have a PodDisruptionBudget and is protected against eviction';
    });
  }
  if (enabled.has('PodsWithResourceClaims')) {
    out.push((pod) => (isPodWithResourceClaims(pod) ? 'pod has ResourceClaims and descheduler is configured to protect ResourceClaims pods' : undefined));
  }
  if (args.labelSelector && (Object.keys(args.labelSelector.matchLabels ?? {}).length > 0 || (args.labelSelector.matchExpressions ?? []).length > 0)) {
    const selector = compileLabelSelector(args.labelSelector);
    out.push((pod) => (selector.matches(pod.metadata.labels ?? {}) ? undefined : 'pod labels do not match the labelSelector filter in the policy parameter'));
  }
  if (args.minReplicas > 1) {
    out.push((pod) => {
      const refs = ownerRefKeys(pod);
      if (refs.length !== 1) return undefined;
      const replicas = cluster.pods.filter((p) => ownerRefKeys(p).includes(refs[0]!)).length;
      return replicas < args.minReplicas ? `owner has ${replicas} replicas which is less than minReplicas of ${args.minReplicas}` : undefined;
    });
  }
  if (args.minPodAge !== undefined) {
    const minPodAge = args.minPodAge;
    out.push((pod) => (pod.status.startTime === undefined || cluster.now - pod.status.startTime < minPodAge
      ? `pod age is not older than MinPodAge: ${formatGoDuration(minPodAge)} seconds` : undefined));
  }
  return out;
}

/** time.Duration.String() for whole seconds and above (what minPodAge is written in) */
function formatGoDuration(seconds: number): string {
  if (seconds === 0) return '0s';
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `${h > 0 ? `${h}h` : ''}${h > 0 || m > 0 ? `${m}m` : ''}${s}s`;
}

export interface DefaultEvictorInstance extends EvictorPlugin {
  /** the failed Filter checks (empty: evictable) */
  check(pod: DeschedulerPod): string[];
}

function build(args: DefaultEvictorArgs, handle: Handle): DefaultEvictorInstance | string {
  const threshold = priorityThresholdValue(args.priorityThreshold, handle.cluster);
  if (typeof threshold === 'string') return `failed to apply effective protected policies: ${threshold}`;
  const checks = constraints(args, threshold, handle);
  const { cluster } = handle;
  const namespaceSelectorSet = args.namespaceLabelSelector !== undefined
    && (Object.keys(args.namespaceLabelSelector.matchLabels ?? {}).length > 0 || (args.namespaceLabelSelector.matchExpressions ?? []).length > 0);
  const namespaceSelector = namespaceSelectorSet ? compileLabelSelector(args.namespaceLabelSelector) : undefined;

  const check = (pod: DeschedulerPod): string[] => {
    if (Object.prototype.hasOwnProperty.call(pod.metadata.annotations ?? {}, EVICT_POD_ANNOTATION)) return [];
    if (args.noEvictionPolicy === 'Mandatory' && haveNoEvictionAnnotation(pod)) return ['pod has the prefer-no-eviction annotation and noEvictionPolicy is Mandatory'];
    const failed: string[] = [];
    if (isMirrorPod(pod)) failed.push('pod is a mirror pod');
    if (isStaticPod(pod)) failed.push('pod is a static pod');
    if (isPodTerminating(pod)) failed.push('pod is terminating');
    for (const c of checks) {
      const err = c(pod);
      if (err) failed.push(err);
    }
    return failed;
  };

  const readyNodes = (): Node[] | string => {
    const selector = parseSelector(args.nodeSelector);
    if ('error' in selector) return selector.error;
    return cluster.nodes.filter((n) => selector.matches(n.metadata.labels) && isReady(n));
  };

  return {
    name: Name,
    check,
    filter: (pod) => check(pod).length === 0,
    preEvictionFilter: (pod) => {
      if (args.nodeFit) {
        const nodes = readyNodes();
        if (typeof nodes === 'string') {
          handle.log(`unable to list ready nodes: ${nodes}`);
          return false;
        }
        if (!podFitsAnyOtherNode(cluster, pod, nodes)) {
          handle.log(`pod ${podNamespace(pod)}/${pod.metadata.name} does not fit on any other node because of nodeSelector(s), Taint(s), or nodes marked as unschedulable`);
          return false;
        }
      }
      if (!namespaceSelector) return true;
      const ns = podNamespace(pod);
      if (!cluster.hasNamespace(ns) || !namespaceSelector.matches(cluster.namespaceLabelsOf(ns) ?? {})) {
        handle.log(`pod ${ns}/${pod.metadata.name} namespace do not match the namespaceLabelSelector filter in the policy parameter`);
        return false;
      }
      return true;
    },
  };
}

/** upstream: New's errors that do not depend on the cluster (label selectors that do not convert) */
function initError(args: DefaultEvictorArgs): string | undefined {
  const labelErr = labelSelectorError(args.labelSelector);
  if (labelErr) return labelErr;
  const nsErr = labelSelectorError(args.namespaceLabelSelector);
  if (nsErr) return `unable to convert namespaceLabelSelector to label selector: ${nsErr}`;
  return undefined;
}

export const DefaultEvictor: PluginDescriptor<DefaultEvictorArgs, 'evictor'> = {
  name: Name,
  kind: 'evictor',
  decodeArgs,
  validate: validateDefaultEvictorArgs,
  initError,
  build: (args, handle) => initError(args) ?? build(args, handle),
};
