// upstream: pkg/scheduler/framework/plugins/interpodaffinity/plugin.go (v1.35), args from
// pkg/scheduler/apis/config/v1/defaults.go (SetDefaults_InterPodAffinityArgs) and
// validation/validation_pluginargs.go (ValidateInterPodAffinityArgs).

import type { ArgsError, ClusterEventWithHint, Plugin, PluginDescriptor } from '../../framework/interfaces';
import { newAffinityTerm, podLabels, type AffinityTerm } from '../../framework/podInfo';
import type { Node, Pod, PodAffinityTerm } from '../../model/types';
import { Name, podMatchesAllAffinityTerms, podMatchesAnyAffinityTerms, topologyValue } from './common';
import { filter, preFilter, updateStateWithPod } from './filtering';
import { TermCounter } from './termCounts';
import { normalizeScore, preScore, ScoreKeeper, score, type InterPodAffinityConfig } from './scoring';
import { V1_35_SWITCHES, type VersionSwitches } from '../../versions';
import { sameLabels } from '../../model/selectors';
import { isSamePod } from '../helper/samePod';

export { Name } from './common';

/** kubescheduler.config.k8s.io/v1 InterPodAffinityArgs (as written in pluginConfig) */
export interface InterPodAffinityArgs {
  hardPodAffinityWeight?: number;
  ignorePreferredTermsOfExistingPods?: boolean;
}

/** upstream: v1.DefaultHardPodAffinitySymmetricWeight */
export const DefaultHardPodAffinityWeight = 1;
const minHardPodAffinityWeight = 0;
const maxHardPodAffinityWeight = 100;

/** upstream: SetDefaults_InterPodAffinityArgs */
function withDefaults(args: InterPodAffinityArgs | undefined): InterPodAffinityConfig {
  return {
    hardPodAffinityWeight: args?.hardPodAffinityWeight ?? DefaultHardPodAffinityWeight,
    ignorePreferredTermsOfExistingPods: args?.ignorePreferredTermsOfExistingPods ?? false,
  };
}

/** upstream: ValidateInterPodAffinityArgs / validateHardPodAffinityWeight (field.Invalid) */
export function validateInterPodAffinityArgs(args: InterPodAffinityArgs): ArgsError[] {
  const w = withDefaults(args).hardPodAffinityWeight;
  if (w < minHardPodAffinityWeight || w > maxHardPodAffinityWeight) {
    return [{ path: 'hardPodAffinityWeight', message: `Invalid value: ${w}: not in valid range [${minHardPodAffinityWeight}, ${maxHardPodAffinityWeight}]` }];
  }
  return [];
}

function requiredTerms(pod: Pod, kind: 'podAffinity' | 'podAntiAffinity'): AffinityTerm[] {
  const terms: PodAffinityTerm[] = pod.spec.affinity?.[kind]?.requiredDuringSchedulingIgnoredDuringExecution ?? [];
  return terms.map((t) => newAffinityTerm(pod, t));
}

/**
 * upstream: isSchedulableAfterPodChange — an assigned pod added that matches all of the pod's
 * affinity terms, updated to start matching its affinity or to stop matching its anti-affinity,
 * or deleted while matching its anti-affinity.
 */
export function isSchedulableAfterPodChange(pod: Pod, oldObj: unknown, newObj: unknown, fixes: QueueingHintFixes = V1_35_SWITCHES): 'Queue' | 'QueueSkip' {
  let original = oldObj as Pod | undefined;
  let modified = newObj as Pod | undefined;
  // v1.36+ (PR #135394): the pending pod's own labels changed
  if (fixes.interPodAffinityHintTargetPodLabels && original && modified && isSamePod(pod, modified) && !sameLabels(original.metadata.labels, modified.metadata.labels)) return 'Queue';
  if (fixes.queueingHintNominatedPods) {
    // v1.36+ (PR #135392): a pod nominated to a node counts as placed; each side that is neither
    // bound nor nominated is left out (an update from unscheduled to nominated reads as an add)
    const placed = (p: Pod) => !!p.spec.nodeName || !!p.status.nominatedNodeName;
    if (original && !placed(original)) original = undefined;
    if (modified && !placed(modified)) modified = undefined;
    if (!original && !modified) return 'QueueSkip';
  } else if ((modified && !modified.spec.nodeName) || (original && !original.spec.nodeName)) return 'QueueSkip';
  const terms = requiredTerms(pod, 'podAffinity');
  const antiTerms = requiredTerms(pod, 'podAntiAffinity');
  const before = original && podLabels(original);
  const now = modified && podLabels(modified);
  // v1.37+ (PR #139161): a pod matching one anti-affinity term is repelled; before, the hints
  // asked for all of them (for an updated pod as for a deleted one)
  const antiMatches = fixes.interPodAffinityHintAnyAntiAffinityTerm ? podMatchesAnyAffinityTerms : podMatchesAllAffinityTerms;
  if (now && before) {
    if (!podMatchesAllAffinityTerms(terms, before) && podMatchesAllAffinityTerms(terms, now)) return 'Queue';
    if (antiMatches(antiTerms, before) && !antiMatches(antiTerms, now)) return 'Queue';
    return 'QueueSkip';
  }
  if (now) return podMatchesAllAffinityTerms(terms, now) ? 'Queue' : 'QueueSkip';
  if (!before) return 'Queue';
  if (antiMatches(antiTerms, before)) return 'Queue';
  // v1.36+ (PR #135325): the deleted pod's own anti-affinity repelled the pending pod
  if (fixes.interPodAffinityHintExistingAntiAffinity && antiMatches(requiredTerms(original!, 'podAntiAffinity'), podLabels(pod))) return 'Queue';
  return 'QueueSkip';
}

/** the version switches the hints read (versions.ts) */
type QueueingHintFixes = Pick<VersionSwitches, 'interPodAffinityHintExistingAntiAffinity' | 'interPodAffinityHintTargetPodLabels' | 'interPodAffinityHintAnyAntiAffinityTerm' | 'queueingHintNominatedPods'>;

/**
 * upstream: isSchedulableAfterNodeChange — a node added with (or updated into) a topology key of
 * the pod's affinity or moved to another domain; for anti-affinity any added node, or a node that
 * lost the key or changed domain.
 */
export function isSchedulableAfterNodeChange(pod: Pod, oldObj: unknown, newObj: unknown): 'Queue' | 'QueueSkip' {
  const original = oldObj as Node | undefined;
  const modified = newObj as Node | undefined;
  if (!modified) return 'Queue';
  for (const term of requiredTerms(pod, 'podAffinity')) {
    const now = topologyValue(modified, term.topologyKey);
    if (!original) {
      if (now !== undefined) return 'Queue';
      continue;
    }
    const before = topologyValue(original, term.topologyKey);
    if (before === undefined && now !== undefined) return 'Queue';
    if (before !== undefined && now !== undefined && before !== now) return 'Queue';
  }
  for (const term of requiredTerms(pod, 'podAntiAffinity')) {
    if (!original) return 'Queue';
    const before = topologyValue(original, term.topologyKey);
    const now = topologyValue(modified, term.topologyKey);
    if (before !== undefined && now === undefined) return 'Queue';
    if (before !== undefined && now !== undefined && before !== now) return 'Queue';
  }
  return 'QueueSkip';
}

/**
 * upstream: EventsToRegister. Queueing hints are GA in v1.34+, so Node events are Add and
 * UpdateNodeLabel only (UpdateNodeTaint was registered only for the pre-hint preCheck).
 */
function eventsToRegister(fixes: QueueingHintFixes): ClusterEventWithHint[] {
  return [
    { event: { resource: 'Pod', actionType: ['Add', 'UpdatePodLabel', 'Delete'] }, hint: (pod, oldObj, newObj) => isSchedulableAfterPodChange(pod, oldObj, newObj, fixes) },
    { event: { resource: 'Node', actionType: ['Add', 'UpdateNodeLabel'] }, hint: isSchedulableAfterNodeChange },
  ];
}

export const InterPodAffinity: PluginDescriptor<InterPodAffinityArgs> = {
  name: Name,
  defaultArgs: () => withDefaults(undefined),
  applyDefaults: (args) => withDefaults(args),
  validateArgs: validateInterPodAffinityArgs,
  factory: (rawArgs, handle): Plugin => {
    const errors = validateInterPodAffinityArgs(rawArgs ?? {});
    if (errors.length > 0) throw new Error(errors.map((e) => `${e.path}: ${e.message}`).join(', '));
    const args = withDefaults(rawArgs);
    // PreFilter's counts, kept from one cycle to the next (termCounts.ts)
    const counter = new TermCounter();
    const keeper = new ScoreKeeper();
    return {
      name: Name,
      preFilter: (state, pod, nodes) => preFilter(state, pod, nodes, handle.snapshot().havePodsWithRequiredAntiAffinityList, handle.cluster, counter),
      preFilterExtensions: () => ({
        addPod: (state, _podToSchedule, podInfoToAdd, nodeInfo) => updateStateWithPod(state, podInfoToAdd, nodeInfo, 1),
        removePod: (state, _podToSchedule, podInfoToRemove, nodeInfo) => updateStateWithPod(state, podInfoToRemove, nodeInfo, -1),
      }),
      filter: (state, _pod, nodeInfo) => filter(state, nodeInfo),
      preScore: (state, pod) => preScore(state, pod, handle.snapshot(), handle.cluster, args, keeper),
      score: (state, _pod, nodeInfo) => score(state, nodeInfo),
      normalizeScore: (state, _pod, scores) => normalizeScore(state, scores),
      eventsToRegister: () => eventsToRegister(handle.versionSwitches),
    };
  },
};

export { ErrReasonAffinityRulesNotMatch, ErrReasonAntiAffinityRulesNotMatch, ErrReasonExistingAntiAffinityRulesNotMatch } from './filtering';
export type { MatchedPods } from './filtering';
