// The engine's third front door (README: layout): runs that try changes on a loaded scenario —
// the fix search (whatIf/) and the Compare view's two configurations (compare/). They sit above
// index.ts (they start simulations), so they have an entry of their own; the workers and the CLI
// use it.

export { copyScenario, reviveScenario } from './whatIf/edits';
export { searchFixes } from './whatIf/verify';
export { compareConfigurations, loadSchedulerConfig } from './compare/compare';
export { compareVersions, formatVersionComparison, type VersionComparison, type VersionDifference } from './compare/versions';
export { scoresByVersion, type VersionScores, type VersionScoreRun } from './compare/versionScores';
export { limitRangeCandidates, livePodsOf, nodeGroupCandidates, refusalCandidates, refusedPodCandidates, refusedPodOf, refusedWorkload, type RefusedWorkload } from './whatIf/policyFixes';
export { sideEffectsOf, VARIANT_MARGIN_SECONDS } from './whatIf/verify';
export { VARIANT_SNAPSHOTS, VariantSnapshots, variantStart } from './whatIf/variantSnapshot';
export { simulateWithEdits } from './whatIf/verify';
