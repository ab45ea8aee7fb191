// The DRA placement checks catch a wrong answer: a claim's device on another node, or one device
// held by two pods at once (the workloads at a hundredth of their size, then their outcomes altered).
import { describe, expect, it } from 'vitest';
import { startSimulation, type PodOutcome } from '../../src/engine/index';
import { checkPlacements } from './checks';
import { nodeName, scaled, scenarioText, workloads, type Workload } from './workloads';

const runs = new Map<string, { w: Workload; pods: PodOutcome[] }>();

/** each workload simulated once for the file */
function outcomes(name: string): { w: Workload; pods: PodOutcome[] } {
  const known = runs.get(name);
  if (known) return known;
  const w = scaled(workloads.find((x) => x.name === name)!, 100);
  const started = startSimulation(scenarioText(w), { fileName: `${name}.yaml` });
  if (!started.ok) throw new Error(started.errors.map((e) => e.message).join('\n'));
  for (const trace of started.simulation.run()) void trace;
  const run = { w, pods: started.simulation.result().pods };
  runs.set(name, run);
  return run;
}

/** the pod's outcome with its claim's devices replaced */
const withDevices = (p: PodOutcome, ids: string[]): PodOutcome => ({
  ...p, resourceClaims: p.resourceClaims!.map((c) => ({ ...c, devices: ids.map((id, i) => ({ request: `req-${i}`, id })) })),
});

describe('scheduler_perf DRA placement checks', () => {
  it('pass on the simulated run: every claim on its node, no device twice', () => {
    for (const name of ['SchedulingWithResourceClaimTemplate', 'SteadyStateResourceClaimTemplateFull', 'SteadyStateResourceClaimTemplateMatch']) {
      const { w, pods } = outcomes(name);
      expect(checkPlacements(w, pods), name).toEqual([]);
    }
  });

  it('find a device on another node than its pod', () => {
    const { w, pods } = outcomes('SchedulingWithResourceClaimTemplate');
    const i = pods.findIndex((p) => p.pod.startsWith('test/') && p.node);
    const other = pods.find((p) => p.node && p.node !== pods[i]!.node)!;
    const moved = pods.map((p, k) => (k === i ? withDevices(p, [other.resourceClaims![0]!.devices![0]!.id.replace(/instance-\d+$/, 'instance-99')]) : p));
    expect(checkPlacements(w, moved)).toEqual(['1 pod(s) without their 1 device(s) on their own node']);
  });

  it('find a device held by two pods at once, or by a pod and a pre-allocated claim', () => {
    const { w, pods } = outcomes('SchedulingWithResourceClaimTemplate');
    const [a, b] = pods.filter((p) => p.node).slice(0, 2);
    // b moves onto a's node and takes a's device
    const doubled = pods.map((p) => (p === b ? withDevices({ ...p, node: a!.node }, a!.resourceClaims![0]!.devices!.map((d) => d.id)) : p));
    expect(checkPlacements(w, doubled)).toEqual(['1 device(s) held twice at once']);

    const full = outcomes('SteadyStateResourceClaimTemplateFull');
    // test-claim-0 holds instance-0 of the first node
    const first = full.pods.find((p) => p.pod === 'test/test-dra-0')!;
    const node = full.pods.find((p) => p.node)!.node!.replace(/\d+$/, '0');
    const taken = full.pods.map((p) => (p === first ? withDevices({ ...p, node }, [`test-driver.cdi.k8s.io/${node}/instance-0`]) : p));
    expect(checkPlacements(full.w, taken)).toEqual(['1 device(s) held twice at once']);
  });
});

describe('scheduler_perf affinity and spreading checks', () => {
  it('pass on the simulated runs', () => {
    for (const name of ['SchedulingPodMatchingAntiAffinity', 'SchedulingRequiredPodAntiAffinityWithNSSelector', 'MixedSchedulingBasePod', 'SchedulingWithNodeInclusionPolicy']) {
      const { w, pods } = outcomes(name);
      expect(checkPlacements(w, pods), name).toEqual([]);
    }
  });

  it('find a pod its anti-affinity term selects on the node of a required anti-affinity pod', () => {
    const { w, pods } = outcomes('SchedulingPodMatchingAntiAffinity');
    const holder = pods.find((p) => p.pod.startsWith('sched-0/anti-affinity-pod') && p.node)!;
    const matching = pods.find((p) => p.pod.startsWith('sched-1/') && p.node !== holder.node)!;
    const moved = pods.map((p) => (p === matching ? { ...p, node: holder.node } : p));
    expect(checkPlacements(w, moved)).toEqual(['1 node(s) hold a required anti-affinity pod and another pod its term selects']);
  });

  it('find a pod on a tainted node, and a skew over the untainted ones', () => {
    const { w, pods } = outcomes('SchedulingWithNodeInclusionPolicy');
    const tainted = nodeName(w.nodes - 1);
    const [first, second] = pods.filter((p) => p.pod.startsWith('namespace-2/') && p.node);
    expect(checkPlacements(w, pods.map((p) => (p === first ? { ...p, node: tainted } : p)))).toEqual(['1 pod(s) on a tainted node']);
    // two moved onto a third's node: that node holds 3, theirs none
    const third = pods.find((p) => p.pod.startsWith('namespace-2/') && p.node && p !== first && p !== second)!;
    expect(checkPlacements(w, pods.map((p) => (p === first || p === second ? { ...p, node: third.node } : p)))).toEqual(['skew 3 over the untainted nodes > maxSkew 1']);
  });
});

describe('scheduler_perf volume checks', () => {
  it('pass on the simulated run, and find a node over its CSI attach limit', () => {
    const { w, pods } = outcomes('SchedulingCSIPVs');
    expect(checkPlacements(w, pods)).toEqual([]);
    // 40 pods with a volume each on one node: one over the 39 its CSINode allows
    const node = pods.find((p) => p.node)!.node!;
    const crowded = pods.map((p, i) => (i < 40 ? { ...p, node, phase: 'Running' as const } : p));
    expect(checkPlacements(w, crowded)).toContain('1 node(s) attach more than 39 CSI volumes');
  });
});

describe('scheduler_perf churn checks', () => {
  it('pass on the simulated run, and find an unschedulable churn pod placed', () => {
    const { w, pods } = outcomes('Unschedulable');
    expect(checkPlacements(w, pods)).toEqual([]);
    const churn = pods.find((p) => p.pod.startsWith('default/pod-h-'))!;
    expect(churn.node).toBeUndefined();
    const placed = pods.map((p) => (p === churn ? { ...p, node: nodeName(0) } : p));
    expect(checkPlacements(w, placed)).toEqual(['1 unschedulable churn pod(s) placed']);
  });
});

describe('scheduler_perf round-4 checks (daemonset, mixed churn, deleted pods with finalizers, extended-resource scoring)', () => {
  it('pass on the simulated runs', () => {
    for (const name of ['SchedulingDaemonset', 'SchedulingWithMixedChurn', 'SchedulingDeletedPodsWithFinalizers', 'ExtendedResourceScoring2000Pods', 'ExtendedResourceScoring5000Pods']) {
      const { w, pods } = outcomes(name);
      expect(checkPlacements(w, pods), name).toEqual([]);
    }
  });

  it('find a daemon pod on another node than the one its affinity names', () => {
    const { w, pods } = outcomes('SchedulingDaemonset');
    const daemon = pods.find((p) => p.pod === 'namespace-2/daemonset-7')!;
    expect(daemon.node).toBe('scheduler-perf-node');
    expect(checkPlacements(w, pods.map((p) => (p === daemon ? { ...p, node: nodeName(3) } : p)))).toEqual(['1 daemon pod(s) not on scheduler-perf-node']);
  });

  it('find a 9-CPU churn pod placed, and a pod on a churned node of 0 pods', () => {
    const { w, pods } = outcomes('SchedulingWithMixedChurn');
    const churn = pods.find((p) => p.pod === 'default/pod-h-0')!;
    expect(churn.node).toBeUndefined();
    expect(checkPlacements(w, pods.map((p) => (p === churn ? { ...p, node: nodeName(0) } : p)))).toEqual(['1 unschedulable churn pod(s) placed']);
    const measured = pods.find((p) => p.pod.startsWith('namespace-2/') && p.node)!;
    expect(checkPlacements(w, pods.map((p) => (p === measured ? { ...p, node: 'node-churn-0' } : p)))).toEqual(['1 pod(s) on a churned node (capacity 0 pods)']);
  });

  it('find a pod due for deletion still running, and one deleted too early', () => {
    const { w, pods } = outcomes('SchedulingDeletedPodsWithFinalizers');
    // upstream deletes 100 a second while 830 measured pods a second arrive: one deletion per 8
    // measured pods, so the 50 measured pods of the hundredth see the first 7 deleted
    const init = (i: number) => pods.find((p) => p.pod === `namespace-1/pod-init-${i}`)!;
    expect(init(6).deletedAt).toBeDefined();
    expect(init(7)).toMatchObject({ phase: 'Running' });
    expect(init(7).deletedAt).toBeUndefined();
    const kept = pods.map((p) => (p === init(6) ? { ...p, deletedAt: undefined, phase: 'Running' as const } : p));
    expect(checkPlacements(w, kept)).toEqual([expect.stringMatching(/^1 of 50 init pods not deleted/)]);
    const early = pods.map((p) => (p === init(7) ? { ...p, deletedAt: 1.5, phase: 'Failed' as const } : p));
    expect(checkPlacements(w, early)).toEqual([expect.stringMatching(/^1 of 50 init pods not deleted/)]);
  });

  it('find a scoring pod without its claim, with a device on another node, or sharing one', () => {
    const { w, pods } = outcomes('ExtendedResourceScoring5000Pods');
    const a = pods.find((p) => p.pod.startsWith('test/') && p.node);
    const b = pods.find((p) => p.pod.startsWith('test/') && p.node && p.node !== a!.node);
    expect(a!.node).not.toBe(b!.node);
    expect(a!.resourceClaims![0]!.extendedResources).toEqual(['example.com/gpu']);
    expect(checkPlacements(w, pods.map((p) => (p === a ? { ...p, resourceClaims: undefined } : p)))).toEqual(['1 measured pod(s) bound without a claim for their extended resource']);
    // a's claim names b's device: on another node than a, and held twice
    const bDevice = b!.resourceClaims![0]!.devices!.map((d) => d.id);
    expect(checkPlacements(w, pods.map((p) => (p === a ? withDevices(p, bDevice) : p)))).toEqual(['1 pod(s) without their 1 device(s) on their own node', '1 device(s) held twice at once']);
  });
});
