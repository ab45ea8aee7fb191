// The narration line: what happened at this extension point, in plain words with the numbers.

import { groupDecidesAt, type ClusterEvent, type CycleTrace, type NodeScore, type PluginResult } from '../../engine/api';
import { filterVerdict, preFilterRejection } from '../../store/selectors';
import type { Phase } from '../../worker/protocol';
import { formatPriority, listNames, plural, shortPodName } from '../format';
import { explainVerdict } from './explain';
import { narratePlacementGenerate, narratePlacementScore, narratePodGroupPostFilter } from './podGroup';

/** Nodes by total score, best first; equal totals keep the scheduler's node order. */
export function rankNodes(score: Record<string, NodeScore>): [string, NodeScore][] {
  return Object.entries(score).sort(([, a], [, b]) => b.total - a.total);
}

function filteredSentence(trace: CycleTrace): string {
  const feasible = new Set(trace.feasible);
  const filtered = trace.nodesEvaluated.filter((n) => !feasible.has(n));
  if (filtered.length === 0) return '';
  const first = filtered[0]!;
  const verdict = filterVerdict(trace, first);
  const firstText = verdict ? `${first} filtered out by ${verdict.plugin}: ${explainVerdict(verdict)}` : `${first} filtered out`;
  if (filtered.length === 1) return firstText;
  const byPlugin = new Map<string, number>();
  for (const node of filtered) {
    const plugin = filterVerdict(trace, node)?.plugin ?? 'unknown';
    byPlugin.set(plugin, (byPlugin.get(plugin) ?? 0) + 1);
  }
  const counts = [...byPlugin].map(([plugin, n]) => `${n} by ${plugin}`).join(', ');
  return `${plural(filtered.length, 'node')} filtered out (${counts}); ${firstText}`;
}

function scoreSentence(trace: CycleTrace): string {
  const ranking = rankNodes(trace.score ?? {});
  const [best, bestScore] = ranking[0] ?? [];
  if (best === undefined || bestScore === undefined) return 'Score: no node was scored.';
  const tied = ranking.filter(([, s]) => s.total === bestScore.total).map(([n]) => n);
  const parts = Object.entries(bestScore.plugins)
    .filter(([, p]) => p.weighted !== 0)
    .map(([plugin, p]) => `${plugin} ${p.normalized}×${p.weight}`);
  const sum = parts.length > 0 ? ` = ${parts.join(' + ')}` : '';
  const lead = tied.length > 1 ? `${listNames(tied)} tie at ${bestScore.total}` : `${best} leads with ${bestScore.total}`;
  return `Score: ${plural(ranking.length, 'node')} scored; ${lead}${sum}.`;
}

function verdictList(results: readonly PluginResult[] | undefined): string {
  const failed = results?.find((r) => r.code !== 'Success' && r.code !== 'Skip');
  if (failed) return `${failed.plugin} says ${failed.code}: ${explainVerdict(failed)}`;
  const ran = results?.filter((r) => r.code === 'Success').map((r) => r.plugin) ?? [];
  return ran.length > 0 ? `${listNames(ran)} agreed` : 'no plugin objected';
}

/** The pods waiting at Permit that this cycle's Permit allowed: released at Permit, bound with this pod. */
function releasedSentence(trace: CycleTrace, phase: 'Permit' | 'Bind'): string {
  const released = (trace.permitReleased ?? []).map(shortPodName);
  if (released.length === 0) return '';
  const one = released.length === 1;
  return phase === 'Permit'
    ? ` ${listNames(released)} ${one ? 'was' : 'were'} waiting at Permit and ${one ? 'is' : 'are'} allowed now.`
    : ` ${listNames(released)}, released at Permit, ${one ? 'binds' : 'bind'} too.`;
}

/**
 * The FailedScheduling message ends the last step of a cycle that did not place its pod. A
 * pod-group member tried before the group's last attempt has no outcome yet: its event is written
 * when the group is decided (issue 19: "pod group is unschedulable" at worker-0's Permit answered
 * the lesson's question), so its last step says when that is instead.
 */
function cycleEnd(trace: CycleTrace, isLastStep: boolean): { suffix: string; failure: boolean } {
  if (!isLastStep) return { suffix: '', failure: false };
  const decidesAt = groupDecidesAt(trace);
  if (decidesAt !== undefined) return { suffix: ` The group is decided at cycle ${decidesAt}, after its last member's attempt.`, failure: false };
  if (trace.result === 'Scheduled' || trace.message === undefined) return { suffix: '', failure: false };
  return { suffix: ` FailedScheduling: ${trace.message}`, failure: true };
}

/**
 * A moment after the run's last cycle that a lesson's point shows: the time, and what the cluster
 * did then, as its events say (`events`: hidden while a question asks about them).
 */
export function narrateMoment(time: number, lastCycle: number, events: readonly ClusterEvent[] | 'hidden'): string {
  const head = `t = ${time} s, after the last scheduling cycle (${lastCycle}).`;
  if (events === 'hidden') return `${head} Predict, then press → to see what the cluster does.`;
  if (events.length === 0) return `${head} Nothing happens in the cluster at this second.`;
  return `${head} ${events.map((e) => `${e.reason}: ${e.message}${/[.!?]$/.test(e.message) ? '' : '.'}`).join(' ')}`;
}

export function narrate(trace: CycleTrace, phase: Phase, isLastStep: boolean, priority: number): string {
  const pod = trace.pod;
  const { suffix, failure } = cycleEnd(trace, isLastStep);
  switch (phase) {
    case 'PreFilter': {
      const rejection = preFilterRejection(trace);
      const head = `Cycle ${trace.cycle} (t=${trace.time}s): ${pod}, priority ${formatPriority(priority)}, leaves the queue.`;
      if (rejection) return `${head} PreFilter: ${rejection.plugin} rejects it for every node: ${explainVerdict(rejection)}.${suffix}`;
      const skipped = trace.preFilter.filter((r) => r.code === 'Skip').map((r) => r.plugin);
      const skips = skipped.length > 0 ? ` ${listNames(skipped, 4)} ${skipped.length === 1 ? 'has' : 'have'} nothing to check and skip${skipped.length === 1 ? 's' : ''} Filter.` : '';
      return `${head} PreFilter: ${plural(trace.preFilter.length, 'plugin')} prepared the cycle.${skips}${suffix}`;
    }
    case 'Filter': {
      const total = trace.numAllNodes ?? Object.keys(trace.filter).length;
      const checked = `Filter checked ${trace.nodesEvaluated.length} of ${plural(total, 'node')}`;
      const feasible = trace.feasible.length === 0 ? 'none is feasible'
        : `${trace.feasible.length} feasible (${listNames(trace.feasible)})`;
      const filtered = filteredSentence(trace);
      return `${checked}: ${feasible}${filtered ? `. ${filtered}` : ''}.${suffix}`;
    }
    case 'PostFilter': {
      const post = trace.postFilter;
      const chosen = post?.chosen;
      if (chosen === undefined) {
        // the FailedScheduling message that ends the cycle repeats PostFilter's own message
        const detail = post?.message && !failure ? ` (${post.message})` : '';
        return `PostFilter: no node fits, and preemption finds no node where evicting lower-priority pods would help${detail}.${suffix}`;
      }
      const victims = chosen.victims.map(shortPodName);
      return `PostFilter: ${plural(post?.candidates.length ?? 0, 'candidate node')} for preemption; ${chosen.node} is nominated, `
        + `evicting ${listNames(victims)} (${plural(victims.length, 'victim')}). ${shortPodName(pod)} waits for ${victims.length === 1 ? 'it' : 'them'} to leave.${suffix}`;
    }
    case 'Score':
      return scoreSentence(trace);
    case 'Select': {
      const selected = trace.selected ?? '';
      if (trace.score === undefined) return `${selected} is the only feasible node, so it is chosen without scoring.`;
      const tied = trace.tiedNodes ?? [];
      if (tied.length > 1) return `Select: ${listNames(tied)} share the top score; the seeded random choice picks ${selected}.`;
      return `Select: ${selected} has the highest score (${trace.score[selected]?.total ?? '?'}).`;
    }
    case 'Reserve':
      return `Reserve on ${trace.selected}: ${verdictList(trace.reserve)}.${suffix}`;
    case 'Permit': {
      const waiting = trace.permit?.find((r) => r.code === 'Wait');
      // upstream: the binding cycle blocks in WaitOnPermit; the pod is assumed on the node, not bound
      if (waiting) return `Permit: ${waiting.plugin} holds ${pod} on ${trace.selected}: ${explainVerdict(waiting)}. It keeps the node reserved but is not bound: binding waits until it is allowed.${suffix}`;
      return `Permit on ${trace.selected}: ${verdictList(trace.permit)}.${releasedSentence(trace, 'Permit')}${suffix}`;
    }
    case 'PlacementGenerate':
      return trace.podGroup ? narratePlacementGenerate(trace, trace.podGroup) : '';
    case 'PlacementScore':
      return trace.podGroup ? narratePlacementScore(trace.podGroup) : '';
    case 'PodGroupPostFilter':
      return trace.podGroup ? `${narratePodGroupPostFilter(trace.podGroup)}${suffix}` : suffix;
    case 'Bind': {
      // PreBind plugins come first in the list; the binder is the last plugin that succeeded
      const binder = [...(trace.bind ?? [])].reverse().find((r) => r.code === 'Success')?.plugin ?? 'DefaultBinder';
      return `Bind: ${binder} binds ${pod} to ${trace.selected}. Event: Scheduled — Successfully assigned ${pod} to ${trace.selected}.${releasedSentence(trace, 'Bind')}`;
    }
  }
}
