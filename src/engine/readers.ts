// The engine's second front door (README: layout): what the app reads without simulating —
// object helpers, a finished trace's diagnosis and the ranking of verified fixes, and the types
// of the plugins' explanations. Light on purpose: the page's own chunk imports it, so nothing
// here may pull in the simulation or the YAML reader (index.ts, in the workers).

export { taintToString, toleratesAny } from './model/taints';
export { isDNS1123Label, isDNS1123Subdomain, isQualifiedName, isValidLabelValue } from './model/validation';
export type { Taint, Toleration } from './model/types';
export type { TimelineStep } from './model/scenario';
// the engine worker posts its loaded scenario to the fix worker with it (no reader: ./model/locator.ts)
export { postableScenario } from './model/locator';

export { clusterDifference, type ClusterDifference } from './diagnosis/clusterDifference';
export { capacityText, capacityVerdicts, type CapacityVerdict } from './diagnosis/capacity';
export { diagnoseCycle, latestCycleOf, namedPods, type ClosestNode, type Diagnosis, type PodGroupDiagnosis } from './diagnosis/diagnose';
export { rankCandidates, rankFixes, type Tier } from './whatIf/rank';
export type { Candidate, WorkloadRef } from './whatIf/candidates';
export type { ScenarioEdit } from './whatIf/edits';
export { isMachineLabel, isNodeStateTaint, NODE_FIELDS_NOT_CLONED } from './whatIf/nodeClone';
export type { FailedCandidate, SideEffect, VerifiedFix } from './whatIf/verify';
export type { CompareMode, ConfigurationComparison, NodeUtilisation, PodPlacement, ReplayFromEmpty } from './compare/compare';

// what the plugins and the DRA allocator record in a trace, for the views to explain
export type { InsufficientResource } from './plugins/NodeResourcesFit';
export type { ConstraintVerdict, SkippedNode, SpreadExplanation, ScoreSpreadExplanation } from './plugins/PodTopologySpread';
export type { TaintVerdict } from './plugins/TaintToleration';
export type { MatchedPods } from './plugins/InterPodAffinity';
export type { RequestOutcome } from './dra/allocator';

// LimitRange and ResourceQuota admission: what refused a pod and the policy changes that fix it
export { admissionRefusals, creatorName, defaultsThatDoNotFit, limitRangeDefaults, refusalsFor, type AdmissionRefusal } from './diagnosis/admission';
export { ageText, decisiveDetail, staleMessage, staleMessageText, type DecisiveDetail, type StaleMessage } from './diagnosis/detail';
export { formatResource, humanResource, resourceAmount } from './model/quantity';

// the node autoscaler's word on a Pending pod (a ClusterAutoscaler document)
export { autoscalerNote, autoscalerNoteLines, type AutoscalerNote } from './diagnosis/autoscaler';
export { NG_MAX_SIZE_ANNOTATION } from './model/nodeGroupAnnotations';
export { nodeGroupMembers, nodeGroupsAt, nodeStageState, nodesOverRun, type NodeGroupAt, type NodeStageState } from './autoscaler/stage';
// the claims and volumes at a step of the run, and which nodes a volume can be reached from (issue 19)
export { volumeReaches, volumesAt, type VolumesAt } from './simulation/volumeStage';
export { pdbsAt } from './simulation/pdbStage';

// Kubernetes versions: which ones Podplay simulates and the upstream changes between them
export { DEFAULT_KUBERNETES_VERSION, KUBERNETES_VERSIONS, VERSION_CHANGES, changesBetween, compareKubernetesVersions, isKubernetesVersion, resolveKubernetesVersion, versionFeatureGates, versionSwitches, type InferredKubernetesVersion, type KubernetesVersion, type VersionChange } from './versions';
export type { PodVersionOutcome, VersionComparison, VersionDifference, VersionDifferenceKind } from './compare/versions';
// repeated events folded with a count, as the cluster stores them (tools/events series, tools/record counts)
export { foldEvents, foldedAge, SERIES_FINISH_SECONDS, type FoldedEvent } from './eventSeries';
