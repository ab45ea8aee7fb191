// The legacy scheduler Policy's predicates and priorities as data: what each turned into in
// upstream's legacy registry (v1.22, the last release with `kind: Policy`), written in today's
// plugins. Where a v1.22 plugin no longer exists the entry says what replaced it, or that nothing
// did (then the translation warns and leaves it out).
// upstream: pkg/scheduler/framework/plugins/legacy_registry.go (rev 054d429d, v1.21/v1.22: NewLegacyRegistry,
// predicateOrdering, DefaultPredicates, DefaultPriorities, mandatoryPredicates).

import type { ExtensionPoint } from './types';

// ---- names (upstream's constants) ----------------------------------------------------------------

export const GENERAL_PRED = 'GeneralPredicates';
export const CHECK_NODE_UNSCHEDULABLE_PRED = 'CheckNodeUnschedulable';
export const POD_TOLERATES_NODE_TAINTS_PRED = 'PodToleratesNodeTaints';
export const CHECK_NODE_LABEL_PRESENCE_PRED = 'CheckNodeLabelPresence';
export const CHECK_SERVICE_AFFINITY_PRED = 'CheckServiceAffinity';
export const POD_FITS_HOST_PORTS_PRED = 'PodFitsHostPorts';
export const SELECTOR_SPREAD_PRIORITY = 'SelectorSpreadPriority';
export const EQUAL_PRIORITY = 'EqualPriority';
export const NODE_LABEL_PRIORITY = 'NodeLabel';
export const SERVICE_AFFINITY_PRIORITY = 'ServiceAffinity';
export const REQUESTED_TO_CAPACITY_RATIO_PRIORITY = 'RequestedToCapacityRatio';

/** upstream: predicateOrdering — the order the plugins of the predicates are appended in */
export const PREDICATE_ORDERING: readonly string[] = [
  CHECK_NODE_UNSCHEDULABLE_PRED, GENERAL_PRED, 'HostName', POD_FITS_HOST_PORTS_PRED, 'MatchNodeSelector', 'PodFitsResources',
  'NoDiskConflict', POD_TOLERATES_NODE_TAINTS_PRED, CHECK_NODE_LABEL_PRESENCE_PRED, CHECK_SERVICE_AFFINITY_PRED,
  'MaxEBSVolumeCount', 'MaxGCEPDVolumeCount', 'MaxCSIVolumeCountPred', 'MaxAzureDiskVolumeCount', 'MaxCinderVolumeCount',
  'CheckVolumeBinding', 'NoVolumeZoneConflict', 'EvenPodsSpread', 'MatchInterPodAffinity',
];

/** upstream: mandatoryPredicates — always configured */
export const MANDATORY_PREDICATES: readonly string[] = [POD_TOLERATES_NODE_TAINTS_PRED, CHECK_NODE_UNSCHEDULABLE_PRED];

/** upstream: DefaultPredicates — used when the Policy has no `predicates` at all */
export const DEFAULT_PREDICATES: readonly string[] = [
  'NoVolumeZoneConflict', 'MaxEBSVolumeCount', 'MaxGCEPDVolumeCount', 'MaxAzureDiskVolumeCount', 'MaxCSIVolumeCountPred',
  'MatchInterPodAffinity', 'NoDiskConflict', GENERAL_PRED, POD_TOLERATES_NODE_TAINTS_PRED, 'CheckVolumeBinding',
  CHECK_NODE_UNSCHEDULABLE_PRED, 'EvenPodsSpread',
];

/** upstream: DefaultPriorities — used when the Policy has no `priorities` at all */
export const DEFAULT_PRIORITIES: Readonly<Record<string, number>> = {
  SelectorSpreadPriority: 1, InterPodAffinityPriority: 1, LeastRequestedPriority: 1, BalancedResourceAllocation: 1,
  NodePreferAvoidPodsPriority: 10000, NodeAffinityPriority: 1, TaintTolerationPriority: 1, ImageLocalityPriority: 1,
  EvenPodsSpreadPriority: 2,
};

// ---- today's plugins and their extension points ----------------------------------------------------

/**
 * The points each plugin runs at when it stands in for a predicate (filter side) or a priority
 * (score side). v1.22 listed PreFilter/PreScore next to most of them; today's plugins need their
 * PreFilter (VolumeRestrictions, VolumeZone, NodeVolumeLimits) and PreScore (NodeResourcesFit,
 * NodeResourcesBalancedAllocation) state too, so those are listed as well.
 */
export const FILTER_POINTS: Readonly<Record<string, readonly ExtensionPoint[]>> = {
  NodeUnschedulable: ['filter'],
  NodeResourcesFit: ['preFilter', 'filter'],
  NodeName: ['filter'],
  NodePorts: ['preFilter', 'filter'],
  NodeAffinity: ['preFilter', 'filter'],
  TaintToleration: ['filter'],
  VolumeBinding: ['preFilter', 'filter', 'reserve', 'preBind'],
  VolumeRestrictions: ['preFilter', 'filter'],
  VolumeZone: ['preFilter', 'filter'],
  NodeVolumeLimits: ['preFilter', 'filter'],
  InterPodAffinity: ['preFilter', 'filter'],
  PodTopologySpread: ['preFilter', 'filter'],
};

export const SCORE_POINTS: Readonly<Record<string, readonly ExtensionPoint[]>> = {
  NodeResourcesFit: ['preScore', 'score'],
  NodeResourcesBalancedAllocation: ['preScore', 'score'],
  TaintToleration: ['preScore', 'score'],
  NodeAffinity: ['preScore', 'score'],
  ImageLocality: ['score'],
  InterPodAffinity: ['preScore', 'score'],
  PodTopologySpread: ['preScore', 'score'],
};

/** What a predicate turns into: today's filter plugins, or why it no longer has one. */
export interface PredicateTranslation {
  plugins: readonly string[];
  /** said when the predicate is used (its v1.22 plugin is gone or changed) */
  warning?: string;
}

const gone = (v122Plugin: string, why: string): PredicateTranslation => ({ plugins: [], warning: `${v122Plugin} ${why}` });

/** upstream: the predicate config producers of NewLegacyRegistry */
export const PREDICATES: Readonly<Record<string, PredicateTranslation>> = {
  [GENERAL_PRED]: { plugins: ['NodeResourcesFit', 'NodeName', 'NodePorts', 'NodeAffinity'] },
  [POD_TOLERATES_NODE_TAINTS_PRED]: { plugins: ['TaintToleration'] },
  PodFitsResources: { plugins: ['NodeResourcesFit'] },
  HostName: { plugins: ['NodeName'] },
  [POD_FITS_HOST_PORTS_PRED]: { plugins: ['NodePorts'] },
  MatchNodeSelector: { plugins: ['NodeAffinity'] },
  [CHECK_NODE_UNSCHEDULABLE_PRED]: { plugins: ['NodeUnschedulable'] },
  CheckVolumeBinding: { plugins: ['VolumeBinding'] },
  NoDiskConflict: { plugins: ['VolumeRestrictions'] },
  NoVolumeZoneConflict: { plugins: ['VolumeZone'] },
  MaxCSIVolumeCountPred: { plugins: ['NodeVolumeLimits'] },
  MaxEBSVolumeCount: { plugins: ['NodeVolumeLimits'], warning: 'the EBSLimits plugin no longer exists: CSI migration counts EBS volumes in NodeVolumeLimits' },
  MaxGCEPDVolumeCount: { plugins: ['NodeVolumeLimits'], warning: 'the GCEPDLimits plugin no longer exists: CSI migration counts GCE PD volumes in NodeVolumeLimits' },
  MaxAzureDiskVolumeCount: { plugins: ['NodeVolumeLimits'], warning: 'the AzureDiskLimits plugin no longer exists: CSI migration counts Azure Disk volumes in NodeVolumeLimits' },
  MaxCinderVolumeCount: { plugins: ['NodeVolumeLimits'], warning: 'the CinderLimits plugin no longer exists: CSI migration counts Cinder volumes in NodeVolumeLimits' },
  MatchInterPodAffinity: { plugins: ['InterPodAffinity'] },
  EvenPodsSpread: { plugins: ['PodTopologySpread'] },
  [CHECK_NODE_LABEL_PRESENCE_PRED]: gone('the NodeLabel plugin (labelsPresence)', 'no longer exists; require node labels with nodeAffinity instead; left out'),
  [CHECK_SERVICE_AFFINITY_PRED]: gone('the ServiceAffinity plugin (serviceAffinity)', 'no longer exists; use pod affinity instead; left out'),
};

/**
 * OpenShift 3.x predicate names (OpenShift Container Platform 3.11 "Scheduler Policy", the
 * project's seed document) that upstream v1.22 no longer knew, and what they mean today.
 */
export const OPENSHIFT_PREDICATES: Readonly<Record<string, PredicateTranslation & { as?: string }>> = {
  checkServiceAffinity: { ...PREDICATES[CHECK_SERVICE_AFFINITY_PRED]!, as: CHECK_SERVICE_AFFINITY_PRED },
  CheckNodeCondition: gone('CheckNodeCondition', 'was removed before v1.22: node conditions become taints (TaintNodesByCondition) that TaintToleration filters; left out'),
  PodToleratesNodeNoExecuteTaints: { plugins: ['TaintToleration'], warning: 'PodToleratesNodeNoExecuteTaints was removed before v1.22: TaintToleration checks NoExecute taints too' },
  CheckNodeMemoryPressure: gone('CheckNodeMemoryPressure', 'was removed before v1.22: the memory-pressure condition becomes a taint that TaintToleration filters; left out'),
  CheckNodeDiskPressure: gone('CheckNodeDiskPressure', 'was removed before v1.22: the disk-pressure condition becomes a taint that TaintToleration filters; left out'),
  CheckNodePIDPressure: gone('CheckNodePIDPressure', 'was removed before v1.22: the PID-pressure condition becomes a taint that TaintToleration filters; left out'),
};

/** What a priority turns into: a score plugin (with the NodeResourcesFit strategy it needs), or nothing. */
export interface PriorityTranslation {
  plugin?: string;
  /** NodeResourcesFit's scoringStrategy.type */
  fitStrategy?: 'LeastAllocated' | 'MostAllocated' | 'RequestedToCapacityRatio';
  warning?: string;
}

/** upstream: the priority config producers of NewLegacyRegistry */
export const PRIORITIES: Readonly<Record<string, PriorityTranslation>> = {
  [SELECTOR_SPREAD_PRIORITY]: {
    plugin: 'PodTopologySpread',
    warning: 'SelectorSpreadPriority: the SelectorSpread plugin no longer exists; PodTopologySpread with its system default constraints (defaultingType: System) spreads the same way, as v1.22 already did with DefaultPodTopologySpread on',
  },
  TaintTolerationPriority: { plugin: 'TaintToleration' },
  NodeAffinityPriority: { plugin: 'NodeAffinity' },
  ImageLocalityPriority: { plugin: 'ImageLocality' },
  InterPodAffinityPriority: { plugin: 'InterPodAffinity' },
  NodePreferAvoidPodsPriority: { warning: 'NodePreferAvoidPodsPriority: the NodePreferAvoidPods plugin (the scheduler.alpha.kubernetes.io/preferAvoidPods annotation) no longer exists; left out' },
  MostRequestedPriority: { plugin: 'NodeResourcesFit', fitStrategy: 'MostAllocated' },
  BalancedResourceAllocation: { plugin: 'NodeResourcesBalancedAllocation' },
  LeastRequestedPriority: { plugin: 'NodeResourcesFit', fitStrategy: 'LeastAllocated' },
  [REQUESTED_TO_CAPACITY_RATIO_PRIORITY]: { plugin: 'NodeResourcesFit', fitStrategy: 'RequestedToCapacityRatio' },
  [NODE_LABEL_PRIORITY]: { warning: 'labelPreference: the NodeLabel plugin no longer exists; prefer node labels with preferred nodeAffinity instead; left out' },
  [SERVICE_AFFINITY_PRIORITY]: { warning: 'serviceAntiAffinity: the ServiceAffinity plugin no longer exists; spread with topologySpreadConstraints instead; left out' },
  EvenPodsSpreadPriority: { plugin: 'PodTopologySpread' },
};
