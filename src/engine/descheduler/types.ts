// The descheduler's internal policy (after decoding descheduler/v1alpha2 and defaulting), the
// cluster it looks at, and what one run decides.
// upstream: sigs.k8s.io/descheduler pkg/api/types.go, pkg/api/v1alpha2/types.go.

import type {
  LabelSelector, Namespace, Node, Pod, PodDisruptionBudget, PodSpec, PodStatus, PriorityClass,
} from '../model/types';

/** upstream: api.Namespaces — which namespaces a strategy applies to (at most one list set) */
export interface Namespaces {
  include?: string[];
  exclude?: string[];
}

/** upstream: api.PriorityThreshold — `value` or the `name` of a PriorityClass */
export interface PriorityThreshold {
  value?: number;
  name?: string;
}

/** upstream: api.ResourceThresholds — resource name → percentage */
export type ResourceThresholds = Record<string, number>;

/** upstream: api.PluginSet */
export interface PluginSet {
  enabled: string[];
  disabled: string[];
}

/** upstream: api.Plugins — the extension points of a profile */
export interface Plugins {
  presort: PluginSet;
  sort: PluginSet;
  deschedule: PluginSet;
  balance: PluginSet;
  filter: PluginSet;
  preEvictionFilter: PluginSet;
}

export interface PluginConfig {
  name: string;
  /** the plugin's decoded and defaulted args (see each plugin's Args type) */
  args: unknown;
}

/** upstream: api.DeschedulerProfile */
export interface DeschedulerProfile {
  name: string;
  pluginConfigs: PluginConfig[];
  plugins: Plugins;
}

export type MetricsSource = 'KubernetesMetrics' | 'Prometheus' | string;

export interface MetricsProvider {
  source?: MetricsSource;
  prometheus?: { url?: string; authToken?: { secretReference?: { namespace?: string; name?: string } } };
}

/** upstream: api.DeschedulerPolicy */
export interface DeschedulerPolicy {
  profiles: DeschedulerProfile[];
  /** labels.Parse syntax; limits the nodes a run looks at */
  nodeSelector?: string;
  maxNoOfPodsToEvictPerNode?: number;
  maxNoOfPodsToEvictPerNamespace?: number;
  maxNoOfPodsToEvictTotal?: number;
  evictionFailureEventNotification?: boolean;
  metricsCollector?: { enabled?: boolean };
  metricsProviders?: MetricsProvider[];
  gracePeriodSeconds?: number;
}

// ---- the cluster a run sees ---------------------------------------------------------------------

/** core/v1 ContainerStatus, the parts the descheduler reads (the simulator does not restart containers). */
export interface ContainerStatus {
  name: string;
  restartCount?: number;
  state?: {
    waiting?: { reason?: string };
    terminated?: { reason?: string; exitCode: number };
  };
}

/** core/v1 Volume as the model decodes it (hostPath and emptyDir are `other` sources). */
import type { PodVolume } from '../model/storage';
export type { PodVolume };

/** A pod with the optional status/spec fields the simulator does not carry but the descheduler reads. */
export type DeschedulerPod = Pod & {
  spec: PodSpec & { volumes?: PodVolume[]; resourceClaims?: unknown[] };
  status: PodStatus & {
    containerStatuses?: ContainerStatus[];
    initContainerStatuses?: ContainerStatus[];
    ephemeralContainerStatuses?: ContainerStatus[];
    qosClass?: 'BestEffort' | 'Burstable' | 'Guaranteed';
  };
};

/** A PersistentVolumeClaim's name and storage class (PodsWithPVC protection with protected classes). */
export interface PersistentVolumeClaimRef {
  namespace: string;
  name: string;
  storageClassName?: string;
}

/** What the eviction API answered. */
export type EvictionResponse = { ok: true } | { ok: false; message: string };

export interface DeschedulerView {
  nodes: Node[];
  /** every pod the API server has; those with spec.nodeName are the ones a run looks at */
  pods: DeschedulerPod[];
  podDisruptionBudgets?: PodDisruptionBudget[];
  /** for DefaultEvictor namespaceLabelSelector */
  namespaces?: Namespace[];
  /** for DefaultEvictor priorityThreshold.name */
  priorityClasses?: PriorityClass[];
  persistentVolumeClaims?: PersistentVolumeClaimRef[];
  /** simulated seconds */
  now: number;
  /**
   * The eviction API (pods/eviction), called synchronously for every eviction the descheduler
   * makes, as the real one does. Absent: every eviction is taken to succeed and the caller checks
   * PodDisruptionBudgets afterwards (a refused eviction then still counts against the limits).
   */
  evict?: (pod: DeschedulerPod) => EvictionResponse;
}

// ---- what a run decides -------------------------------------------------------------------------

export interface DeschedulerEviction {
  /** namespace/name */
  pod: string;
  node: string;
  /** the strategy plugin that asked for it */
  plugin: string;
  profile: string;
  /** why, in the plugin's terms */
  reason: string;
}

export interface DeschedulerLogEntry {
  /** the plugin (empty: the descheduler itself) */
  plugin: string;
  message: string;
}

export interface DeschedulerResult {
  evictions: DeschedulerEviction[];
  log: DeschedulerLogEntry[];
}

export type { LabelSelector };
