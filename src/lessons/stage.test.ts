// The stage of every lesson against the engine, cycle by cycle (PodDisruptionBudgets too: the pods
// each is drawn covering are on the stage, its healthy count is its pods drawn running): the pods the stage draws (the
// worker's replay of the recorded result, which every story point reads) must be the pods the
// engine has at that simulated time. A pod deleted before a cycle is not drawn at it; a pod is
// drawn only on the node the engine bound it to. The DRA devices drawn held on each node card are
// the ones the scheduler allocated (DynamicResources' Filter on the chosen node, in each cycle's
// trace; upstream pkg/scheduler/framework/plugins/dynamicresources) to claims of pods still there;
// the matching pods each lane and node card counts for a spread constraint are the pods drawn in
// that domain that the constraint's selector matches (upstream podtopologyspread/common.go
// countPodsMatchSelector: same namespace, not terminating). Issue 19: dra-gpus drew trainer-1,
// deleted at 90 s, still holding gpu-0 and gpu-1 next to trainer-2, which the scheduler gave them
// at 90 s; spread-zone ended on "2 and 2" with zoneB still drawn at 1.

import { describe, expect, it } from 'vitest';
import { simulate } from '../engine/index';
import type { KubeletEvictionOutcome, NodeOutcome, PodOutcome, SimulationResult } from '../engine/api';
import type { LabelSelector } from '../engine/model/types';
import { compileLabelSelector, type Selector } from '../engine/model/selectors';
import { nodeStates, podsAt, podsAtMoment, type CurrentStep, type NodeState, type PodView } from '../store/selectors';
import type { PodplayState } from '../store/types';
import { phasesOf, RunSession } from '../worker/session';
import type { Phase } from '../worker/protocol';
import { stepFor } from '../store/permalinkState';
import { deviceMarks, requestOutcomes } from '../ui/viz/devices';
import { spreadOnStage, stageSpreadConstraints, type SpreadConstraintView } from '../ui/viz/spread';
import { claimMarks, laneVolumes, stageVolumes } from '../ui/viz/volumes';
import { countdownsAt, evictionsAt } from '../ui/viz/evictions';
import { stagePdbs, type StagePdbs } from '../ui/viz/pdbs';
import type { VolumesAt } from '../engine/readers';
import { isCyclePosition, lessonStory } from './story';
import { queueAtEndOf } from './facts';
import { lessons } from './index';

function run(id: string): SimulationResult {
  const lesson = lessons.find((l) => l.id === id)!;
  const outcome = simulate(lesson.scenario, { fileName: `${id}.yaml`, ...(lesson.seed !== undefined ? { seed: lesson.seed } : {}) });
  if (!outcome.ok) throw new Error(`${id}: scenario errors`);
  return outcome.result;
}

const ON_NODE = new Set(['bound', 'waitingOnPermit', 'waitingOnBinding']);

type Drawn = (state: Pick<PodplayState, 'run'>, step: Required<CurrentStep>) => PodView[];

/**
 * The devices each pod's claims hold in the engine when cycle `cycle` is on screen: what the
 * scheduler allocated in the earlier cycles that bound pods (and in this one once it reached
 * Bind), the allocations of pods bound without a cycle (a scenario's own), minus pods the engine
 * deleted by then. A device a later cycle allocates has left its earlier holder.
 */
function engineDeviceHolders(result: SimulationResult, cycle: number, bindReached: boolean): Map<string, string> {
  const trace = result.cycles[cycle - 1]!;
  const victims = new Set(trace.postFilter?.chosen?.victims ?? []);
  const pods = new Map(result.pods.map((p) => [p.pod, p]));
  const holders = new Map<string, string>();
  const scheduledPods = new Set(result.cycles.filter((t) => t.result === 'Scheduled').map((t) => t.pod));
  for (const p of result.pods) {
    if (scheduledPods.has(p.pod) || p.node === undefined) continue;
    for (const c of p.resourceClaims ?? []) for (const d of c.devices ?? []) holders.set(d.id, p.pod);
  }
  const upTo = bindReached ? cycle : cycle - 1;
  for (const t of result.cycles.slice(0, upTo)) {
    if (t.result !== 'Scheduled' || t.selected === undefined) continue;
    for (const r of requestOutcomes(t, t.selected) ?? []) for (const id of r.devices) holders.set(id, t.pod);
  }
  // a pod deleted at this second is gone before this cycle, unless this cycle's preemption deletes it
  const gone = (pod: PodOutcome | undefined) => pod?.deletedAt !== undefined && (pod.deletedAt < trace.time || (pod.deletedAt === trace.time && !victims.has(pod.pod)));
  for (const [id, pod] of holders) if (gone(pods.get(pod))) holders.delete(id);
  return holders;
}

/**
 * The selector of each spread constraint drawn, as the pod writes it (matched by topology key and
 * whenUnsatisfiable), with matchLabelKeys ANDed on (upstream podtopologyspread/common.go
 * mergeLabelSetWithSelector); undefined when the engine used constraints the pod does not write
 * (the cluster's defaults).
 */
function spreadSelectors(pod: PodOutcome | undefined, drawn: readonly SpreadConstraintView[]): Selector[] | undefined {
  const written = pod?.scheduling?.topologySpreadConstraints ?? [];
  const selectors: Selector[] = [];
  for (const view of drawn) {
    const c = written.find((w) => w['topologyKey'] === view.topologyKey && (w['whenUnsatisfiable'] ?? 'DoNotSchedule') === view.whenUnsatisfiable);
    if (c === undefined) return undefined;
    const selector = compileLabelSelector(c['labelSelector'] as LabelSelector | undefined ?? null);
    const keys = (c['matchLabelKeys'] as string[] | undefined ?? []).filter((k) => pod!.labels?.[k] !== undefined);
    selectors.push({ ...selector, matches: (labels) => selector.matches(labels) && keys.every((k) => labels?.[k] === pod!.labels![k]) });
  }
  return selectors;
}

/** Matching pods per counted domain of one spread constraint, over the pods drawn on nodes. */
function drawnDomainCounts(namespace: string, c: SpreadConstraintView, selector: Selector, nodes: readonly NodeOutcome[], pods: readonly PodView[]): Map<string, number> {
  const domainOf = new Map(nodes.map((n) => [n.name, n.labels[c.topologyKey]]));
  const skipped = new Set(c.skippedNodes.map((s) => s.node));
  const counts = new Map(c.domains.map((d) => [d.domain, 0]));
  for (const p of pods) {
    if (!ON_NODE.has(p.location) || p.terminating || p.node === undefined || skipped.has(p.node)) continue;
    if (p.pod.split('/')[0] !== namespace || !selector.matches(p.outcome.labels ?? {})) continue;
    const domain = domainOf.get(p.node);
    if (domain !== undefined && counts.has(domain)) counts.set(domain, counts.get(domain)! + 1);
  }
  return counts;
}

type DrawnVolumes = (result: SimulationResult, trace: SimulationResult['cycles'][number], bindReached: boolean) => VolumesAt | undefined;
const drawnVolumes: DrawnVolumes = (result, trace, bindReached) => stageVolumes(result.volumeHistory, trace, bindReached);

/**
 * Claims and volumes: a pod drawn bound has its claims drawn bound (VolumeBinding's PreBind binds
 * them before Bind; upstream volumebinding/binder.go BindPodVolumes), to a volume drawn reachable
 * from its node (checkBoundClaims: the PV's node affinity); a WaitForFirstConsumer claim is drawn
 * bound or with a selected node only once a pod using it is drawn on that node; and at the end of
 * the run each claim is drawn bound as the engine's final objects have it.
 */
function volumeContradictions(where: string, volumes: VolumesAt, pods: readonly PodView[], nodes: readonly NodeOutcome[]): string[] {
  const problems: string[] = [];
  const nodeByName = new Map(nodes.map((n) => [n.name, n]));
  const users = new Map<string, PodView[]>();
  for (const view of pods) {
    for (const claim of claimMarks(view.outcome, volumes) ?? []) {
      users.set(claim.claim, [...(users.get(claim.claim) ?? []), view]);
      if (view.location !== 'bound' || view.node === undefined || view.terminating) continue;
      if (claim.state !== 'bound') { problems.push(`${where}: ${view.pod} drawn bound to ${view.node} with its claim ${claim.claim} drawn ${claim.state}`); continue; }
      const reachable = laneVolumes(volumes, [nodeByName.get(view.node)!]).find((v) => v.name === claim.boundTo);
      if (reachable?.claim !== claim.claim) problems.push(`${where}: ${view.pod} drawn on ${view.node}, its claim ${claim.claim} drawn bound to ${claim.boundTo}, not drawn reachable from ${view.node} for that claim`);
    }
  }
  for (const [name, claim] of volumes.claims) {
    if (!claim.waitForFirstConsumer || (claim.boundTo === undefined && claim.selectedNode === undefined)) continue;
    const onNode = (users.get(name) ?? []).some((p) => ON_NODE.has(p.location) && p.node === claim.selectedNode);
    if (!onNode) problems.push(`${where}: ${name} (WaitForFirstConsumer) drawn ${claim.boundTo !== undefined ? `bound to ${claim.boundTo}` : 'with a selected node'} before a pod using it is drawn on ${claim.selectedNode ?? '(no node)'}`);
  }
  return problems;
}

/** Each claim's spec.volumeName in the engine's final objects against the last step's drawing. */
function finalBindingContradictions(result: SimulationResult, volumes: VolumesAt): string[] {
  const problems: string[] = [];
  for (const pvc of result.objects?.persistentVolumeClaims ?? []) {
    const metadata = pvc.metadata as { name: string; namespace?: string };
    const name = `${metadata.namespace ?? 'default'}/${metadata.name}`;
    const engine = (pvc['spec'] as { volumeName?: string } | undefined)?.volumeName;
    const drawn = volumes.claims.get(name)?.boundTo;
    if (drawn !== engine) problems.push(`end of run: ${name} drawn bound to ${drawn ?? '(nothing)'}, the engine bound it to ${engine ?? '(nothing)'}`);
  }
  return problems;
}

/**
 * At a cycle's last step, the pods drawn in the pending lane, other than the cycle's own (drawn
 * "being scheduled" with its FailedScheduling), are in the queue part where the engine has them when
 * the cycle ends (issue 19: gang-scheduling-podgroup drew the three workers the group sent back to
 * the queue "being scheduled").
 */
function queueContradictions(where: string, result: SimulationResult, cycle: number, own: string, pods: readonly PodView[]): string[] {
  const engine = queueAtEndOf(result, cycle);
  return pods.flatMap((view) => {
    const queued = engine.get(view.pod);
    if (view.pod === own || ON_NODE.has(view.location) || queued === undefined || queued === view.location) return [];
    return [`${where}: ${view.pod} drawn ${view.location}, the engine has it in ${queued}`];
  });
}

type DrawnStates = (trace: SimulationResult['cycles'][number], phase: Phase, nodes: readonly string[]) => Map<string, NodeState>;
type DrawnEvictions = (records: SimulationResult['kubeletEvictions'], time: number) => Map<string, KubeletEvictionOutcome>;
type DrawnCountdowns = (records: SimulationResult['taintEvictionCountdowns'], time: number) => ReadonlyMap<string, number>;

/**
 * A tolerationSeconds countdown drawn on a chip: the pod drawn on a node, the engine's wait for it
 * started by then, not cancelled, ending when the countdown does (upstream tainteviction: the
 * deletion at taint time + tolerationSeconds).
 */
function countdownContradictions(where: string, result: SimulationResult, drawn: ReadonlyMap<string, number>, pods: readonly PodView[], time: number): string[] {
  const problems: string[] = [];
  for (const [pod, left] of drawn) {
    const wait = result.taintEvictionCountdowns?.find((c) => c.pod === pod && c.from <= time && time < c.fireAt && (c.cancelledAt === undefined || time < c.cancelledAt));
    if (wait === undefined || wait.fireAt !== time + left) problems.push(`${where}: ${pod} drawn with ${left} s left, the engine ${wait === undefined ? 'has no wait for it then' : `deletes it at ${wait.fireAt}s`}`);
    if (!pods.some((p) => p.pod === pod && ON_NODE.has(p.location))) problems.push(`${where}: ${pod} counting down, not drawn on a node`);
  }
  return problems;
}

/**
 * The kubelet's eviction drawn on a node card: evicted by then (at or before the step's time), on
 * that node, and the pod the engine evicted (reason Evicted, deleted at or after it), first among
 * the pods the card ranks that the kubelet could evict.
 */
function evictionContradictions(where: string, result: SimulationResult, drawn: Map<string, KubeletEvictionOutcome>, time: number): string[] {
  const problems: string[] = [];
  for (const [node, e] of drawn) {
    const pod = result.pods.find((p) => p.pod === e.pod);
    if (e.time > time) problems.push(`${where}: ${node} drawn with the kubelet's eviction of ${e.pod} at ${e.time}s, before it happened`);
    if (pod?.reason !== 'Evicted' || pod.deletedAt === undefined || pod.deletedAt < e.time) problems.push(`${where}: ${node} drawn evicting ${e.pod}, the engine did not evict it then`);
    if (e.ranked.find((r) => !r.critical)?.pod !== e.pod) problems.push(`${where}: ${node} drawn evicting ${e.pod}, not the first pod it ranks`);
  }
  return problems;
}

type DrawnPdbs = (records: SimulationResult['pdbHistory'], cycle: number, time: number, cycleEnded: boolean) => StagePdbs;

/**
 * A PodDisruptionBudget drawn in the legend row: every pod it is drawn covering is drawn at that
 * step (bound or waiting), and the healthy pods it is drawn with are the covered pods drawn on a
 * node, neither terminating nor this cycle's preemption victims (upstream disruption.go
 * countHealthyPods: ready, not being deleted).
 */
function pdbContradictions(where: string, drawn: StagePdbs, pods: readonly PodView[], victims: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  const byKey = new Map(pods.map((p) => [p.pod, p]));
  for (const b of drawn.budgets) {
    const missing = b.pods.filter((p) => !byKey.has(p));
    if (missing.length > 0) problems.push(`${where}: ${b.pdb} drawn covering ${missing.join(', ')}, not drawn on the stage`);
    const healthy = b.pods.filter((p) => { const v = byKey.get(p); return v !== undefined && v.location === 'bound' && !v.terminating && !victims.has(p); }).length;
    if (healthy !== b.currentHealthy) problems.push(`${where}: ${b.pdb} drawn with ${b.currentHealthy} healthy, ${healthy} of its pods drawn running`);
  }
  return problems;
}

/** What the stage draws at each phase of each cycle that the engine contradicts. */
function contradictions(result: SimulationResult, drawn: Drawn = podsAt, volumesDrawn: DrawnVolumes = drawnVolumes, statesDrawn: DrawnStates = nodeStates, evictionsDrawn: DrawnEvictions = evictionsAt, countdownsDrawn: DrawnCountdowns = countdownsAt, pdbsDrawn: DrawnPdbs = stagePdbs): string[] {
  const session = new RunSession(result);
  const { cycles } = session.nextBatch(Infinity, () => 0);
  const state = { run: { summary: session.summary(), cycles, complete: true } } as unknown as Pick<PodplayState, 'run'>;
  const problems: string[] = [];
  for (const summary of cycles) {
    const frame = session.frame(summary.cycle)!;
    // the pods this cycle's preemption deletes (a pod-group cycle's workload-aware preemption too): at this very second, during the cycle
    const cycleVictims = new Set([...frame.trace.postFilter?.chosen?.victims ?? [], ...(frame.trace.podGroup?.preemption?.victims ?? []).flatMap((v) => v.pods.map((p) => p.pod))]);
    for (const phase of summary.phases) {
      const where = `cycle ${summary.cycle} ${phase} (t=${summary.time}s)`;
      const pods = drawn(state, { summary, phase, frame });
      for (const view of pods) {
        const pod = view.outcome;
        // a pod deleted before this time is gone, and one deleted at this second unless this cycle's
        // preemption deletes it (a grace period ending comes before the cycle: workload-aware-preemption's
        // batch pods, gone at 60 s when the trainers bind); one deleted after the last cycle is drawn leaving
        const gone = pod.deletedAt !== undefined && (pod.deletedAt < summary.time || (pod.deletedAt === summary.time && !cycleVictims.has(pod.pod)));
        if (gone) problems.push(`${where}: ${pod.pod} drawn ${view.location}, deleted at ${pod.deletedAt}s`);
        if (!ON_NODE.has(view.location)) continue;
        // a member a failed pod-group cycle assumed on a node: drawn there, where the engine assumed it (it binds elsewhere later)
        const assumed = frame.trace.podGroup?.result !== 'Scheduled' && view.location === 'waitingOnPermit' ? frame.trace.podGroup?.attempts?.find((a) => a.pod === pod.pod)?.node : undefined;
        if (assumed !== undefined) {
          if (view.node !== assumed) problems.push(`${where}: ${pod.pod} drawn on ${view.node ?? '(no node)'}, the group cycle assumed it on ${assumed}`);
          continue;
        }
        if (pod.node !== undefined && view.node !== pod.node) problems.push(`${where}: ${pod.pod} drawn on ${view.node ?? '(no node)'}, the engine bound it to ${pod.node}`);
      }
      if (phase === summary.phases.at(-1)) problems.push(...queueContradictions(where, result, summary.cycle, summary.pod, pods));
      // devices: the node cards' squares drawn held, against the engine's allocations
      const bindReached = phase === 'Bind';
      const engine = engineDeviceHolders(result, summary.cycle, bindReached);
      for (const node of result.nodes) {
        const onNode = pods.filter((p) => p.node === node.name);
        for (const mark of deviceMarks(node, onNode, frame.trace, summary.pod, summary.time) ?? []) {
          const holder = engine.get(mark.id);
          const drawnHolders = mark.heldBy;
          const expected = holder === undefined ? [] : [holder];
          if (drawnHolders.join() !== expected.join()) problems.push(`${where}: ${mark.id} drawn held by [${drawnHolders.join(', ')}], the engine allocated it to [${expected.join(', ')}]`);
        }
      }
      // nodes a PreFilterResult left out (a DaemonSet pod's node affinity on metadata.name) are never drawn waiting
      const states = statesDrawn(frame.trace, phase, result.nodes.map((n) => n.name));
      if (frame.trace.preFilterNodes !== undefined) {
        for (const n of result.nodes) {
          if (!frame.trace.preFilterNodes.includes(n.name) && states.get(n.name) !== 'filtered') problems.push(`${where}: ${n.name} drawn ${states.get(n.name) ?? 'idle'}, the engine's PreFilter left it out`);
        }
      }
      const volumes = volumesDrawn(result, frame.trace, bindReached && frame.trace.result === 'Scheduled');
      if (volumes !== undefined) {
        problems.push(...volumeContradictions(where, volumes, pods, result.nodes));
        if (summary === cycles.at(-1) && phase === summary.phases.at(-1)) problems.push(...finalBindingContradictions(result, volumes));
      }
      problems.push(...evictionContradictions(where, result, evictionsDrawn(result.kubeletEvictions, summary.time), summary.time));
      problems.push(...countdownContradictions(where, result, countdownsDrawn(result.taintEvictionCountdowns, summary.time), pods, summary.time));
      const lastStep = phase === summary.phases.at(-1);
      const victims = new Set(lastStep ? frame.trace.postFilter?.chosen?.victims ?? [] : []);
      problems.push(...pdbContradictions(where, pdbsDrawn(result.pdbHistory, summary.cycle, summary.time, lastStep), pods, victims));
      // zone counts: every domain's matching pods, as the lanes draw them (a ScheduleAnyway
      // constraint's from Score on, as PreScore counted them)
      const constraints = stageSpreadConstraints(frame.trace, phase);
      const selectors = spreadSelectors(result.pods.find((p) => p.pod === summary.pod), constraints);
      const bound = bindReached && frame.trace.result === 'Scheduled' ? frame.trace.selected : undefined;
      constraints.forEach((c, i) => {
        if (selectors === undefined) return;
        const onStage = spreadOnStage([c], c.topologyKey, result.nodes, bound);
        for (const [domain, count] of drawnDomainCounts(summary.pod.split('/')[0]!, c, selectors[i]!, result.nodes, pods)) {
          const shown = onStage.lanes.get(domain)?.count;
          if (shown !== count) problems.push(`${where}: ${c.topologyKey}=${domain} drawn with ${shown} matching, ${count} matching pods drawn there`);
        }
      });
    }
  }
  return problems;
}

describe('the stage draws the engine\'s pods, devices and zone counts at every cycle of every lesson', () => {
  it.each(lessons.map((l) => [l.id]))('%s', (id) => {
    expect(contradictions(run(id))).toEqual([]);
  });
});

// The checks must catch what issue 19 saw. Each row draws a stage the way a bug would and names
// what the test reports.
describe('the stage check fails on a stage that contradicts the engine', () => {
  const keep = (pod: string): Drawn => (state, step) => {
    const pods = podsAt(state, step);
    if (pods.some((p) => p.pod === pod)) return pods;
    // the bug: the replay forgets the deletion, the pod stays bound with its claims
    const outcome = state.run!.summary.pods.find((p) => p.pod === pod)!;
    return [...pods, { pod, outcome, location: 'bound', node: outcome.node!, terminating: false, leaving: false }];
  };
  const rows: [string, string, Drawn, RegExp][] = [
    ['dra-gpus: trainer-1 drawn after its deletion at 90 s', 'dra-gpus', keep('default/trainer-1'), /gpu-node-2\/gpu-0 drawn held by \[default\/trainer-1(, default\/trainer-2)?\], the engine allocated it to \[(default\/trainer-2)?\]/],
    ['spread-zone: the bound pod not drawn in its zone at Bind', 'spread-zone', (state, step) => podsAt(state, step).filter((p) => !(step.phase === 'Bind' && p.pod === step.summary.pod)),
      /zone=\S+ drawn with \d+ matching, \d+ matching pods drawn there/],
    ['spread-schedule-anyway: web-1 not drawn in zone-c at Bind (its ScheduleAnyway constraint counts it)', 'spread-schedule-anyway',
      (state, step) => podsAt(state, step).filter((p) => !(step.phase === 'Bind' && p.pod === 'default/web-1')),
      /cycle 1 Bind \(t=0s\): topology.kubernetes.io\/zone=zone-c drawn with 1 matching, 0 matching pods drawn there/],
    // the bug: the pending lane drawn as the cycle started, not where the group's verdict sends the workers
    ['gang-scheduling-podgroup: the workers the group sent back drawn being scheduled', 'gang-scheduling-podgroup',
      (state, step) => { const { queueAtEnd: _end, ...frame } = step.frame; return podsAt(state, { ...step, frame }); },
      /cycle 4 PodGroupPostFilter \(t=0s\): default\/worker-0 drawn scheduling, the engine has it in unschedulablePods/],
  ];
  it.each(rows)('%s', (_, id, drawn, report) => {
    expect(contradictions(run(id), drawn).join('\n')).toMatch(report);
  });
  // the bugs: the stage draws the volumes as at the end of the run, or a claim bound to another claim's volume
  const endOfRun: DrawnVolumes = (result) => stageVolumes(result.volumeHistory, { ...result.cycles.at(-1)!, cycle: Infinity, time: Infinity }, true);
  const swapped = (claim: string, withClaim: string): DrawnVolumes => (result, trace, bindReached) => {
    const at = drawnVolumes(result, trace, bindReached)!;
    const other = at.claims.get(withClaim);
    if (at.claims.has(claim) && other?.boundTo !== undefined) at.claims.set(claim, { ...at.claims.get(claim)!, phase: 'Bound', boundTo: other.boundTo });
    return at;
  };
  const volumeRows: [string, string, DrawnVolumes, RegExp][] = [
    ['volume-topology: late-data drawn bound before report-late reaches node-b', 'volume-topology', endOfRun,
      /cycle 1 \S+ \(t=0s\): default\/late-data \(WaitForFirstConsumer\) drawn bound to pvc-\S+ before a pod using it is drawn on node-b/],
    ['volume-topology: late-data drawn bound to early-data\'s volume (zone-a)', 'volume-topology', swapped('default/late-data', 'default/early-data'),
      /cycle 2 Bind \(t=0s\): default\/report-late drawn on node-b, its claim default\/late-data drawn bound to pvc-\S+, not drawn reachable from node-b/],
  ];
  it.each(volumeRows)('%s', (_, id, volumes, report) => {
    expect(contradictions(run(id), podsAt, volumes).join('\n')).toMatch(report);
  });
  it('node-pressure-eviction: the kubelet\'s eviction drawn from the start of the run', () => {
    const always: DrawnEvictions = (records) => new Map((records ?? []).map((r) => [r.node, r]));
    expect(contradictions(run('node-pressure-eviction'), podsAt, drawnVolumes, nodeStates, always).join('\n')).toMatch(/cycle 1 \S+ \(t=0s\): node-1 drawn with the kubelet's eviction of default\/web-\S+ at 30s, before it happened/);
  });
  it('node-pressure-eviction: cache drawn as the victim', () => {
    const wrong: DrawnEvictions = (records, time) => new Map([...evictionsAt(records, time)].map(([n, r]) => [n, { ...r, pod: 'default/cache' }]));
    expect(contradictions(run('node-pressure-eviction'), podsAt, drawnVolumes, nodeStates, wrong).join('\n')).toMatch(/node-1 drawn evicting default\/cache, the engine did not evict it then/);
  });
  it('taints-noexecute: cache\'s countdown drawn before the taint lands', () => {
    const fromStart: DrawnCountdowns = (records, time) => new Map((records ?? []).filter((c) => time < c.fireAt).map((c) => [c.pod, c.fireAt - time]));
    expect(contradictions(run('taints-noexecute'), podsAt, drawnVolumes, nodeStates, evictionsAt, fromStart).join('\n')).toMatch(/cycle 1 \S+ \(t=0s\): default\/cache drawn with 90 s left, the engine has no wait for it then/);
  });
  it('eviction-pdb: web-pdb drawn as at the end of the run (three healthy from the start)', () => {
    const endOfRun: DrawnPdbs = (records) => stagePdbs(records, Infinity, Infinity, true);
    expect(contradictions(run('eviction-pdb'), podsAt, drawnVolumes, nodeStates, evictionsAt, countdownsAt, endOfRun).join('\n'))
      .toMatch(/cycle 1 \S+ \(t=0s\): default\/web-pdb drawn covering default\/web-ksnxs, default\/web-f5ksj, not drawn on the stage/);
  });
  it('eviction-pdb: web-pdb drawn a step early (web-ksnxs counted healthy before its Bind)', () => {
    const early: DrawnPdbs = (records, cycle, time) => stagePdbs(records, cycle, time, true);
    expect(contradictions(run('eviction-pdb'), podsAt, drawnVolumes, nodeStates, evictionsAt, countdownsAt, early).join('\n'))
      .toMatch(/cycle 3 Filter \(t=20s\): default\/web-pdb drawn with 3 healthy, 2 of its pods drawn running/);
  });
  it('daemonset: the nodes PreFilter left out drawn waiting at Bind', () => {
    const waiting: DrawnStates = (trace, phase) => nodeStates(trace, phase);
    expect(contradictions(run('daemonset'), podsAt, drawnVolumes, waiting).join('\n')).toMatch(/Bind \(t=\d+s\): \S+ drawn idle, the engine's PreFilter left it out/);
  });
});

// A lesson ends on its outcome drawn: a last point at Select leaves the pod off its node and the
// lanes' counts as they were before it (issue 19: spread-zone ended on "the zones are now 2 and 2"
// with zoneB still drawn at 1). Bind draws the pod on its node and the lanes updated.
describe('the last point of every lesson draws the end of its cycle', () => {
  it.each(lessons.map((l) => [l.id]))('%s', (id) => {
    const lesson = lessons.find((l) => l.id === id)!;
    const { at } = lessonStory(lesson).points.at(-1)!;
    if (!isCyclePosition(at)) return; // an event's point shows from the cycle after it, or at the run's last step
    const phases = phasesOf(run(id).cycles[at.cycle - 1]!);
    expect(phases[stepFor(phases, at.phase)], `ends at ${at.phase} of cycle ${at.cycle}`).toBe(phases.at(-1));
  });
});

// A point at a timeline event after the run's last cycle (taints-noexecute: cache's eviction at
// 90 s, the last cycle at 30 s) draws the cluster at the event's second (LessonProgress.moment):
// pods deleted by then gone, those evicted by then terminating (cache: marked at 90 s, deleted at
// 120 s after its grace period), the others on the nodes the engine bound them to, none leaving, and
// the countdowns of that second; the point before it, on the same last step, draws the last
// cycle's second: nothing the cluster deletes later is drawn leaving.
describe('the stage at a moment after the last cycle', () => {
  const moments = lessons.flatMap((lesson) => {
    const result = run(lesson.id);
    const last = result.cycles.at(-1)!;
    return lessonStory(lesson).points.flatMap(({ at }) => {
      if (isCyclePosition(at)) return [];
      const event = result.events.find((e) => e.reason === at.event.reason && e.object === at.event.object);
      return event !== undefined && event.time > last.time && !result.cycles.some((c) => c.time >= event.time) ? [[lesson.id, event.time] as const] : [];
    });
  });

  it('taints-noexecute has one, at 90 s', () => {
    expect(moments.filter(([id]) => id === 'taints-noexecute').map(([, t]) => t)).toEqual([90]);
  });

  it.each(moments)('%s at %s s', (id, time) => {
    const result = run(id);
    const session = new RunSession(result);
    const { cycles } = session.nextBatch(Infinity, () => 0);
    const state = { run: { summary: session.summary(), cycles, complete: true } } as unknown as Pick<PodplayState, 'run'>;
    const summary = cycles.at(-1)!;
    const step = { summary, phase: summary.phases.at(-1)!, frame: session.frame(summary.cycle)! };
    const problems: string[] = [];
    for (const [at, where] of [[time, `t=${time}s`], [summary.time, `t=${summary.time}s (the point before)`]] as const) {
      const pods = podsAtMoment(podsAt(state, step), at, summary.time, result.events);
      for (const view of pods) {
        const deletedAt = view.outcome.deletedAt;
        if (deletedAt !== undefined && deletedAt <= at && at > summary.time) problems.push(`${where}: ${view.pod} drawn, deleted at ${deletedAt}s`);
        if (view.leaving && !(deletedAt === summary.time && at === summary.time)) problems.push(`${where}: ${view.pod} drawn leaving, the engine deletes it at ${deletedAt ?? 'never'}`);
        // evicted by then (the pod's eviction event), deleted only when its grace period ends
        const evictedBy = result.events.find((e) => e.object === `Pod/${view.pod}` && e.reason === view.outcome.reason && deletedAt !== undefined && e.time < deletedAt);
        const terminating = evictedBy !== undefined && evictedBy.time <= at;
        if (terminating && !view.terminating) problems.push(`${where}: ${view.pod} drawn running, evicted at ${evictedBy.time}s (deleted at ${deletedAt}s)`);
        if (ON_NODE.has(view.location) && view.outcome.node !== undefined && view.node !== view.outcome.node) problems.push(`${where}: ${view.pod} drawn on ${view.node ?? '(no node)'}, bound to ${view.outcome.node}`);
      }
      for (const pod of result.pods) {
        const there = pod.node !== undefined && (pod.deletedAt === undefined || pod.deletedAt > at);
        if (there && !pods.some((p) => p.pod === pod.pod)) problems.push(`${where}: ${pod.pod} on ${pod.node} not drawn`);
      }
      problems.push(...countdownContradictions(where, result, countdownsAt(result.taintEvictionCountdowns, at), pods, at));
    }
    expect(problems).toEqual([]);
  });
});

// What the gang lessons' texts say at their points, drawn: a worker whose Permit answers Wait is
// assumed on its node ("It is assumed on the node", "Two pods hold a node"), and the workers an
// unschedulable group sends back are in the queue ("all four go back to the queue"), not being
// scheduled (issue 19).
describe('gang lessons: assumed on the node at Permit, back to the queue after the verdict', () => {
  const drawnAt = (id: string, cycle: number, phase: Phase) => {
    const session = new RunSession(run(id));
    const { cycles } = session.nextBatch(Infinity, () => 0);
    const state = { run: { summary: session.summary(), cycles, complete: true } } as unknown as Pick<PodplayState, 'run'>;
    const pods = podsAt(state, { summary: cycles[cycle - 1]!, phase, frame: session.frame(cycle)! });
    return Object.fromEntries(pods.map((p) => [p.pod.split('/')[1], p.node === undefined ? p.location : `${p.location} on ${p.node}`]));
  };
  it.each([
    ['gang-scheduling-podgroup', 1, 'Select', { 'worker-0': 'scheduling', 'worker-1': 'scheduling', 'worker-2': 'scheduling', 'worker-3': 'scheduling' }],
    ['gang-scheduling-podgroup', 1, 'Permit', { 'worker-0': 'waitingOnPermit on node-2', 'worker-1': 'scheduling', 'worker-2': 'scheduling', 'worker-3': 'scheduling' }],
    ['gang-scheduling-podgroup', 4, 'Filter', { 'worker-0': 'waitingOnPermit on node-2', 'worker-1': 'waitingOnPermit on node-1', 'worker-2': 'waitingOnPermit on node-3', 'worker-3': 'scheduling' }],
    ['gang-scheduling-podgroup', 4, 'PodGroupPostFilter', { 'worker-0': 'unschedulablePods', 'worker-1': 'unschedulablePods', 'worker-2': 'unschedulablePods', 'worker-3': 'scheduling' }],
    ['gang-scheduling', 2, 'Permit', { 'worker-0': 'waitingOnPermit on node-2', 'worker-1': 'waitingOnPermit on node-1', 'worker-2': 'activeQ' }],
  ] as const)('%s cycle %s %s', (id, cycle, phase, want) => {
    expect(drawnAt(id, cycle, phase)).toEqual(want);
  });
});
