// `npm run simulate -- FILE --explain POD --json`: the diagnosis and the ranked, verified fixes as
// one JSON document, and an exit status a CI job can branch on (README, "Command line"):
//   0  the pod is scheduled (or not waiting for the scheduler: deleted, finished)
//   3  the pod is Pending and at least one verified fix schedules it
//   4  the pod is Pending (or its workload cannot create it) and no verified fix was found
//   2  the scenario has errors, or no such pod (as every other mode)

import type { PodOutcome, SimulationResult } from '../engine/api';
import {
  autoscalerNote, capacityVerdicts, clusterDifference, decisiveDetail, diagnoseCycle, foldEvents, latestCycleOf, rankFixes, staleMessage,
  type AdmissionRefusal, type AutoscalerNote, type CapacityVerdict, type ClusterDifference, type DecisiveDetail, type Diagnosis, type FailedCandidate, type StaleMessage, type WorkloadRef,
} from '../engine/readers';
import type { FixView } from '../interop/fixSearch';
import { fixTitle, shownDiffLines, sideEffectTitle, type DiffLine } from '../interop/fixText';

export const EXPLAIN_EXIT = { scheduled: 0, pendingWithFix: 3, pendingWithoutFix: 4 } as const;

export interface ExplainFixJson {
  rank: number;
  tier: FixView['tier'];
  title: string;
  node: string;
  sideEffects: string[];
  alsoPlaced: string[];
  warnings: string[];
  edits: FixView['candidate']['edits'];
  /** the workload whose pod template the change to the pod is written into (a controller's pod), as the title names it */
  template?: WorkloadRef;
  /** the YAML change as a unified-style diff of the objects it touches, when it can be written into the file */
  diff?: string;
  /** the objects the diff changes, in its order ("Deployment shop/web", "new Node n-2"): a controller's pod is fixed in its owners' templates */
  objects?: string[];
  /** a fix for a workload whose pods admission refused: its pods with the change, how many scheduled */
  admitted?: FixView['admitted'];
}

export interface ExplainJson {
  /** the format of this document */
  version: 1;
  pod: string;
  /** the Kubernetes version simulated, and why that one */
  kubernetesVersion: SimulationResult['kubernetesVersion'];
  state: 'scheduled' | 'pending' | 'gated' | 'deleted' | 'not-created';
  phase?: string;
  node?: string;
  /** the pod's PodScheduled reason at the end: Unschedulable, SchedulerError (an error, no diagnosis), SchedulingGated, … */
  reason?: string;
  /** the PodScheduled condition's message with it: for a SchedulerError the error itself (e.g. a DRA allocation timed out) */
  message?: string;
  diagnosis?: Diagnosis;
  detail?: DecisiveDetail;
  /** capacity verdicts of the pod's latest cycle: larger than any node (and any node group's template), fragmented (scheduler units) */
  capacity?: CapacityVerdict[];
  /** cluster-autoscaler's last word on the pod (docs/autoscaler.md): a node being added, no group fits it (per group), or ignored (gated, unserved schedulerName) */
  autoscaler?: AutoscalerNote;
  clusterDifference?: ClusterDifference;
  /** joined: the youngest nodes the message did not count, seconds old when the dump was taken */
  staleMessage?: StaleMessage;
  /** the pod's events, repeats folded as the cluster stores them (src/engine/eventSeries.ts): the first message, the count, first and last time */
  events?: { type: string; reason: string; message: string; count: number; firstTime: number; lastTime: number }[];
  /** the workload's pods the API server refused (quota, LimitRange): they do not exist */
  refusals?: AdmissionRefusal[];
  fixes: ExplainFixJson[];
  /** `refused`: changes a reviewer refuses whatever they do, not simulated, with why */
  search?: { tried: number; leftOut: number; failed: { title: string; reason: string }[]; refused: { title: string; reason: string }[] };
  exitCode: number;
}

const same = (node: string) => node;

/** a changed object's lines that changed, with two lines of context either side */
function changedLines(doc: readonly DiffLine[]): string {
  const keep = shownDiffLines(doc, 2);
  return doc.filter((_l, i) => keep[i]).map((l) => `${l.op} ${l.text}`).join('\n');
}
const titleOf = (c: FixView['candidate']) => fixTitle(c.edits, same, c.template);

function stateOf(pod: PodOutcome): ExplainJson['state'] {
  if (pod.deletedAt !== undefined) return 'deleted';
  if (pod.node !== undefined) return 'scheduled';
  return pod.reason === 'SchedulingGated' ? 'gated' : 'pending';
}

export interface FixSearchOutcome { found: readonly FixView[]; tried: number; leftOut: number; failed: readonly FailedCandidate[]; refused: readonly FailedCandidate[] }

const searchJson = (search: FixSearchOutcome | undefined): Pick<ExplainJson, 'search'> =>
  (search ? { search: { tried: search.tried, leftOut: search.leftOut, failed: search.failed.map((f) => ({ title: titleOf(f.candidate), reason: f.reason })), refused: search.refused.map((f) => ({ title: titleOf(f.candidate), reason: f.reason })) } } : {});

function fixesJson(search: FixSearchOutcome | undefined): ExplainFixJson[] {
  return rankFixes(search?.found ?? []).map((fix, i): ExplainFixJson => ({
    rank: i + 1,
    tier: fix.tier,
    title: titleOf(fix.candidate),
    node: fix.node,
    sideEffects: fix.sideEffects.map((s) => sideEffectTitle(s, same)),
    alsoPlaced: fix.alsoPlaced,
    warnings: fix.warnings ?? [],
    edits: fix.candidate.edits,
    ...(fix.candidate.template ? { template: fix.candidate.template } : {}),
    ...(fix.text ? { diff: fix.text.diff.map(changedLines).join('\n---\n'), objects: fix.text.objects } : {}),
    ...(fix.admitted ? { admitted: fix.admitted } : {}),
  }));
}

export function explainJson(result: SimulationResult, pod: PodOutcome, search: FixSearchOutcome | undefined): ExplainJson {
  const state = stateOf(pod);
  const cycle = latestCycleOf(result.cycles, pod.pod);
  const diagnosis = cycle && state !== 'scheduled' ? diagnoseCycle(cycle, result.nodes.map((n) => n.name)) : undefined;
  const difference = clusterDifference(pod);
  const stale = staleMessage(pod, result.nodes);
  const fixes = fixesJson(search);
  const events = foldEvents(result.events.filter((e) => e.object === `Pod/${pod.pod}`))
    .map((r) => ({ type: r.event.type, reason: r.event.reason, message: r.event.message, count: r.count, firstTime: r.firstTime, lastTime: r.lastTime }));
  const waiting = state === 'pending' || state === 'gated';
  const capacity = diagnosis ? capacityVerdicts(cycle!, result.autoscaler) : [];
  // as the text explanation (./explain.ts): a note for a waiting pod, or the scale-up that placed it
  const scaling = pod.deletedAt === undefined ? autoscalerNote(result.autoscaler, pod.pod, result.endTime) : undefined;
  const autoscaler = scaling && (pod.node === undefined || scaling.kind === 'triggeredScaleUp') ? scaling : undefined;
  return {
    version: 1,
    pod: pod.pod,
    kubernetesVersion: result.kubernetesVersion,
    state,
    phase: pod.phase,
    ...(pod.node !== undefined ? { node: pod.node } : {}),
    ...(pod.reason !== undefined ? { reason: pod.reason } : {}),
    ...(waiting && pod.message !== undefined ? { message: pod.message } : {}),
    ...(diagnosis ? { diagnosis, detail: decisiveDetail(diagnosis, cycle!, pod, result.nodes, result.pods, result.objects?.resourceClaims ?? []) } : {}),
    ...(capacity.length > 0 ? { capacity } : {}),
    ...(autoscaler ? { autoscaler } : {}),
    ...(difference ? { clusterDifference: difference } : {}),
    ...(stale ? { staleMessage: stale } : {}),
    ...(events.length > 0 ? { events } : {}),
    fixes,
    ...searchJson(search),
    exitCode: !waiting ? EXPLAIN_EXIT.scheduled : fixes.length > 0 ? EXPLAIN_EXIT.pendingWithFix : EXPLAIN_EXIT.pendingWithoutFix,
  };
}

/** A workload whose pods admission refused: there is no pod to diagnose, the refusal is the answer. */
export function refusedJson(name: string, refusals: AdmissionRefusal[], kubernetesVersion: SimulationResult['kubernetesVersion'], search?: FixSearchOutcome): ExplainJson {
  const fixes = fixesJson(search);
  return {
    version: 1, pod: name, kubernetesVersion, state: 'not-created', refusals, fixes,
    ...searchJson(search),
    exitCode: fixes.length > 0 ? EXPLAIN_EXIT.pendingWithFix : EXPLAIN_EXIT.pendingWithoutFix,
  };
}
