// `npm run simulate -- file --explain POD`: why a pod is Pending, as text — the diagnosis of its
// latest scheduling cycle (src/engine/diagnosis, shared with the browser), where the simulation
// differs from the cluster the file was dumped from, and the verified fixes (the page's Fixes panel).

import type { PodOutcome, SimulationResult } from '../engine/api';
import { clusterDifference, type ClusterDifference, decisiveDetail, staleMessage, staleMessageText, type DecisiveDetail, diagnoseCycle, latestCycleOf, namedPods, type ClosestNode, type Diagnosis, type PodGroupDiagnosis, rankFixes, autoscalerNote, autoscalerNoteLines, capacityText, capacityVerdicts, humanResource, foldEvents } from '../engine/readers';
import type { FixView } from '../interop/fixSearch';
import { admittedLead, fixTitle, shownDiffLines, sideEffectTitle } from '../interop/fixText';
import { limitRangeLines } from './explainAdmission';

/** A pod named as namespace/name, or by name alone when only one pod has that name. */
export function findPod(result: SimulationResult, name: string): PodOutcome | string {
  const exact = result.pods.find((p) => p.pod === name);
  if (exact) return exact;
  const byName = result.pods.filter((p) => p.pod.slice(p.pod.indexOf('/') + 1) === name);
  if (byName.length === 1) return byName[0]!;
  if (byName.length > 1) return `pod "${name}" is ambiguous: ${byName.map((p) => p.pod).join(', ')} (use namespace/name)`;
  return `no pod "${name}" in the scenario`;
}

const indent = (lines: string[], by = '  '): string[] => lines.map((l) => by + l);

/** A few names in a line: all of up to four, else the first three and how many more (a pool has dozens; --json lists them all). */
function fewNames(nodes: readonly string[], shown = 3): string {
  return nodes.length <= shown + 1 ? nodes.join(', ') : `${nodes.slice(0, shown).join(', ')} and ${nodes.length - shown} more`;
}

/** A domain's nodes in a line: all of a few, else the count, the first three and how many more (a zone has dozens). */
function someNodes(nodes: readonly string[], shown = 3): string {
  if (nodes.length <= shown + 1) return `node(s): ${nodes.join(', ')}`;
  return `${nodes.length} nodes: ${fewNames(nodes, shown)}`;
}

interface Insufficient { resourceName: string; requested: number; used: number; capacity: number }

function closestDetail(c: ClosestNode): string {
  const d = c.details ?? {};
  const taint = d.taint as { key: string; value: string; effect: string } | undefined;
  if (taint) return ` (${taint.key}${taint.value ? `=${taint.value}` : ''}:${taint.effect})`;
  const insufficient = d.insufficientResources as Insufficient[] | undefined;
  const amount = (r: Insufficient, n: number) => humanResource(r.resourceName, n);
  if (insufficient) return ` (${insufficient.map((r) => `${r.resourceName}: requested ${amount(r, r.requested)}, free ${amount(r, Math.max(0, r.capacity - r.used))} of ${amount(r, r.capacity)}`).join('; ')})`;
  return '';
}

/** the pod's group: its quorum, the member that found no node and why, placements, preemption */
function podGroupLines(g: PodGroupDiagnosis): string[] {
  const lines = [`${g.placed} of ${g.members} member(s) placed${g.bound > 0 ? `, ${g.bound} bound before` : ''}; the gang needs ${g.minCount}: all or nothing`];
  if (g.unplaced) lines.push(`${g.unplaced.pod} found no node: ${g.unplaced.message}`);
  if (g.placements) lines.push(`${g.placements.feasible} of ${g.placements.total} candidate placement(s) hold the group`);
  if (g.preemption && g.preemption.result !== 'Success') lines.push(`workload-aware preemption: ${g.preemption.message ?? g.preemption.result}`);
  if (g.preemption?.result === 'Success') lines.push('workload-aware preemption chose victims: the members wait for them to leave');
  return [`PodGroup ${g.name}:`, ...indent(lines)];
}

function diagnosisLines(d: Diagnosis): string[] {
  const out: string[] = [`Unschedulable at cycle ${d.cycle} (t=${d.time}s):`, ...indent([d.message ?? '(no message)'])];
  if (d.preFilter) {
    out.push(`PreFilter: ${d.preFilter.plugin} rejected the pod before any node was checked: ${(d.preFilter.reasons ?? []).join('; ')}`);
  }
  if (d.podGroup) out.push(...podGroupLines(d.podGroup));
  if (d.groups.length > 0) {
    out.push('Nodes by the first plugin that rejected them:');
    for (const g of d.groups) {
      out.push(...indent([`${g.nodes.length} ${g.plugin}: ${g.reason}`]));
      out.push(...indent([fewNames(g.nodes)], '      '));
    }
  }
  if (d.blocking.length > 0) {
    out.push('Pods that cause the failure, per topology domain:');
    for (const b of d.blocking) {
      const what = b.plugin === 'PodTopologySpread'
        ? `${b.count} matching pod(s)${namedPods(b)}, skew ${b.skew} > maxSkew ${b.maxSkew}`
        : b.pods.length > 0 ? b.pods.join(', ') : `${b.count} pod(s)`;
      out.push(...indent([`${b.rule} ${b.topologyKey}=${b.topologyValue}: ${what} (${someNodes(b.nodes)})`]));
    }
  }
  if (d.closest.length > 0) {
    out.push('Closest nodes (fail one plugin only):');
    for (const c of d.closest.slice(0, 10)) out.push(...indent([`${c.node}: ${c.plugin}: ${c.reasons.join(', ')}${closestDetail(c)}`]));
    if (d.closest.length > 10) out.push(...indent([`… and ${d.closest.length - 10} more`]));
  } else if (d.groups.length > 0) {
    out.push('Closest nodes: none (every node fails more than one plugin)');
  }
  if (d.preemption) {
    const p = d.preemption;
    out.push('Preemption:');
    if (p.nominated) {
      out.push(...indent([`nominated ${p.nominated.node}, evicting ${p.nominated.victims.length > 0 ? p.nominated.victims.join(', ') : 'no pods'}`]));
    } else {
      out.push(...indent([`found ${p.candidates} candidate node(s); it did not help:`]));
      for (const g of p.notHelpful) out.push(...indent([`${g.nodes.length} ${g.reason}`], '    '));
      if (p.message) out.push(...indent([p.message], '    '));
    }
  }
  return out;
}

/** The decisive detail (src/engine/diagnosis/detail.ts), as the Pod tab shows it. */
function detailLines(d: DecisiveDetail): string[] {
  const lines: string[] = [];
  for (const l of d.labelValues) {
    const missing = l.wanted.filter((w) => !l.have.some((h) => h.value === w));
    lines.push(`${l.key}: the pod wants ${l.wanted.join(', ')}${missing.length > 0 ? ` — no node has ${missing.join(', ')}` : ''}; nodes have ${l.have.length === 0 ? 'no such label' : l.have.slice(0, 8).map((h) => `${h.value} (${h.nodes}${h.schedulable < h.nodes ? `, ${h.nodes - h.schedulable} cordoned` : ''})`).join(', ')}`);
  }
  for (const c of d.claimConstraints) lines.push(`claim ${c.claim}: constraint ${c.matchAttribute ? `matchAttribute ${c.matchAttribute}` : `distinctAttribute ${c.distinctAttribute ?? ''}`}${c.requests ? ` over ${c.requests.join(', ')}` : ''}`);
  for (const r of d.devices.slice(0, 8)) lines.push(`${r.node}: ${r.free} of ${r.matching} matching devices free, ${r.needed} needed (${r.request})${r.free >= r.needed ? ' — enough devices: a constraint or selector fails' : ''}`);
  for (const h of d.hostPorts) lines.push(`${h.node}: port ${h.port} held by ${h.pods.length === 0 ? 'a pod' : h.pods.map((p) => `${p.pod}${p.owner ? ` (${p.owner})` : ''}`).join(', ')}`);
  for (const s of d.spreadDomains) lines.push(`${s.topologyKey}=${s.domain}: ${s.count} matching pod(s)${s.why ? ` — ${s.why}` : ''}`);
  return lines.length === 0 ? [] : ['What decides it:', ...indent(lines)];
}

export function differenceLines(diff: ClusterDifference): string[] {
  const state = (s: { phase?: string; node?: string; nominatedNode?: string; reason?: string; message?: string }) =>
    [s.phase ?? 'Pending', s.node ? `on ${s.node}` : '', s.nominatedNode ? `nominated ${s.nominatedNode}` : '', s.reason ?? '', s.message ? `"${s.message}"` : ''].filter(Boolean).join(' ');
  return ['Differs from your cluster:', ...indent([`cluster:    ${state(diff.cluster)}`, `simulation: ${state(diff.simulated)}`])];
}

export function formatExplanation(result: SimulationResult, pod: PodOutcome): string {
  const out: string[] = [`Pod ${pod.pod}: ${pod.deletedAt !== undefined ? `deleted (${pod.reason ?? 'Deleted'})` : pod.node ? `${pod.phase} on ${pod.node}` : pod.reason ?? pod.phase}`];
  const cycle = latestCycleOf(result.cycles, pod.pod);
  const diagnosis = cycle ? diagnoseCycle(cycle, result.nodes.map((n) => n.name)) : undefined;
  if (diagnosis) out.push(...diagnosisLines(diagnosis), ...capacityVerdicts(cycle!, result.autoscaler).map((v) => capacityText(v)), ...detailLines(decisiveDetail(diagnosis, cycle!, pod, result.nodes, result.pods, result.objects?.resourceClaims ?? [])), ...limitRangeLines(result, pod, diagnosis));
  else if (!cycle) out.push(pod.reason === 'SchedulingGated' ? 'Never scheduled: it has scheduling gates.' : pod.node ? 'Bound in the scenario file: no scheduling cycle.' : 'No scheduling cycle.');
  // an Error (a DRA allocation timed out from v1.36, a failed binding) has no diagnosis: its message is the why
  else out.push(`Latest cycle ${cycle.cycle} (t=${cycle.time}s): ${cycle.result}${cycle.selected ? ` on ${cycle.selected}` : ''}${cycle.result === 'Error' && cycle.message ? `: ${cycle.message}` : '.'}`);
  // the node autoscaler's word on the pod (a ClusterAutoscaler document)
  const scaling = pod.deletedAt === undefined ? autoscalerNote(result.autoscaler, pod.pod, result.endTime) : undefined;
  if (scaling && (pod.node === undefined || scaling.kind === 'triggeredScaleUp')) out.push(...autoscalerNoteLines(scaling));
  const diff = clusterDifference(pod);
  if (diff) out.push(...differenceLines(diff));
  const stale = staleMessage(pod, result.nodes);
  if (stale) out.push(staleMessageText(stale));
  out.push(...podEventLines(result, pod));
  return out.join('\n');
}

/** the most event rows --explain prints (the latest); each row folds a pod's repeats */
const EVENT_ROWS = 10;

/**
 * The pod's events as `kubectl describe pod` lists them, repeats folded with their count, first and
 * last time (../engine/eventSeries.ts): a pod retried for an hour is a row or two, not hundreds.
 */
function podEventLines(result: SimulationResult, pod: PodOutcome): string[] {
  const rows = foldEvents(result.events.filter((e) => e.object === `Pod/${pod.pod}`));
  if (rows.length === 0) return [];
  const shown = rows.slice(-EVENT_ROWS);
  const when = (r: (typeof rows)[number]) => (r.count > 1 ? `t=${r.lastTime}s (x${r.count} since t=${r.firstTime}s)` : `t=${r.firstTime}s`);
  return [
    `Events${rows.length > shown.length ? ` (the latest ${shown.length} of ${rows.length})` : ''}:`,
    ...indent(shown.map((r) => `${r.event.type} ${r.event.reason} ${when(r)}: ${r.event.message}`)),
  ];
}

/** Every pod whose simulated outcome differs from the one the file recorded, or '' when none does. */
export function formatDifferences(result: SimulationResult): string {
  const out: string[] = [];
  for (const pod of result.pods) {
    const diff = clusterDifference(pod);
    if (diff) out.push(`${pod.pod}: ${differenceLines(diff).slice(1).map((l) => l.trim()).join('; ')}`);
  }
  if (out.length === 0) return '';
  return [`${out.length} pod(s) differ from your cluster (the simulation replays scheduling from the dump; see README, "Compare with the cluster"):`, ...indent(out)].join('\n');
}

const sameName = (node: string) => node;

/** The verified fixes, best first (fewest side effects, then the smallest change), each with its YAML change. */
export function formatFixes(found: readonly FixView[], tried: number, refused = 0): string {
  const notTried = refused > 0 ? `; ${refused} more a reviewer refuses not tried, --verbose lists them` : '';
  if (tried === 0) return `What would fix it: nothing to try (no change of the kinds Podplay tries applies to this pod${notTried}).`;
  if (found.length === 0) return `What would fix it: none of the ${tried} change(s) tried makes the pod schedulable${notTried}.`;
  const out = [`What would fix it (${found.length} of ${tried} change(s) tried; each simulated, best first${notTried}):`];
  rankFixes(found).forEach((fix, i) => {
    const effects = fix.sideEffects.length === 0 ? 'no other pod affected' : `${fix.sideEffects.length} side effect(s): ${fix.sideEffects.map((s) => sideEffectTitle(s, sameName)).join('; ')}`;
    out.push(`${i + 1}. ${fixTitle(fix.candidate.edits, sameName, fix.candidate.template)}`);
    const outcome = fix.admitted ? `${admittedLead(fix)}: ${fix.admitted.workload} has ${fix.admitted.pods} pods, ${fix.admitted.scheduled} scheduled` : `schedules on ${fix.node}`;
    out.push(...indent([`→ ${outcome}, ${effects}${fix.alsoPlaced.length > 0 ? ` (also places ${fix.alsoPlaced.join(', ')})` : ''}`], '   '));
    for (const w of fix.warnings ?? []) out.push(`   ⚠ ${w}`);
    if (fix.text === undefined) out.push('     (its YAML change is not shown: an object it changes is neither a document nor a List item of this file)');
    fix.text?.diff.forEach((doc, d) => {
      // the changed lines with one line of context, under the object they are in
      const keep = shownDiffLines(doc, 1);
      const object = fix.text?.headers[d];
      out.push(...indent([...(object ? [`# ${object}`] : []), ...doc.filter((_l, j) => keep[j]).map((l) => `${l.op} ${l.text}`)], '     '));
    });
  });
  return out.join('\n');
}

/**
 * The fix search's progress as `--explain` streams it (stderr, while the search runs): how many
 * changes it verifies and how many it left out, then each verified fix as soon as it is found;
 * the ranked list follows on stdout at the end (issue 23: the search printed nothing for minutes).
 */
export function formatSearchProgress(reply: { type: 'started'; candidates: number; leftOut: number; refused: readonly unknown[] } | { type: 'fix'; fix: FixView }): string {
  if (reply.type === 'started') {
    const left = [
      ...(reply.leftOut > 0 ? [`${reply.leftOut} more left out: the likeliest are verified first, up to the search's cap`] : []),
      ...(reply.refused.length > 0 ? [`${reply.refused.length} a reviewer refuses left out unsimulated`] : []),
    ];
    return `simulate: verifying ${reply.candidates} change(s), each a whole simulation${left.length > 0 ? ` (${left.join('; ')})` : ''}…`;
  }
  const { fix } = reply;
  return `simulate: verified: ${fixTitle(fix.candidate.edits, sameName)} → ${fix.admitted ? `${admittedLead(fix)} (${fix.admitted.scheduled} of ${fix.admitted.pods} scheduled)` : `schedules on ${fix.node}`}`;
}

/** `--verbose`: the changes tried that did not schedule the pod, each with why (the page lists them too). */
type Untried = { candidate: Pick<FixView['candidate'], 'edits' | 'template'>; reason: string };

export function formatFailedCandidates(search: { failed: readonly Untried[]; leftOut: number; refused?: readonly Untried[] }): string {
  const out = [search.failed.length === 0 ? 'Changes tried that did not help: none.' : `Changes tried that did not help (${search.failed.length}):`];
  for (const f of search.failed) out.push(...indent([`${fixTitle(f.candidate.edits, sameName, f.candidate.template)}: ${f.reason}`]));
  const refused = search.refused ?? [];
  if (refused.length > 0) out.push(`Changes not tried: a reviewer refuses them whatever they do (${refused.length}):`);
  for (const f of refused) out.push(...indent([`${fixTitle(f.candidate.edits, sameName, f.candidate.template)}: ${f.reason}`]));
  if (search.leftOut > 0) out.push(`${search.leftOut} more change(s) were not tried: the search verifies the likeliest first, up to its cap.`);
  return out.join('\n');
}
