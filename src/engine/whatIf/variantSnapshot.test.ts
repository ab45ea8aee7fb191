// A variant re-run from the snapshot before the target pod's first cycle must end exactly as the
// same variant run from time 0: every pod's end state, every event and message, every cycle. And
// the decision of where a variant may start is conservative: each row names what a change touches.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import preemption from '../../../scenarios/priority-preemption.yaml?raw';
import draPool from '../../../scenarios/dra-gpu-pool.yaml?raw';
import waitForConsumer from '../../../scenarios/volume-wait-for-first-consumer.yaml?raw';
import limitRange from '../../../scenarios/limitrange-defaults.yaml?raw';
import taints from '../../../scenarios/taints.yaml?raw';
import zoneSpread from '../../../scenarios/zone-spread.yaml?raw';
import autoscaleDown from '../../../scenarios/autoscaler-scale-down.yaml?raw';
import type { SimulationResult } from '../api';
import { loadExpandedScenario, startLoadedSimulation, type ExpandedScenario } from '../index';
import { transplant } from '../simulation/fork';
import type { Simulation } from '../simulation/simulation';
import type { ScenarioEdit } from './edits';
import { copyScenario } from './edits';
import { simulateWithEdits, VARIANT_MARGIN_SECONDS } from './verify';
import { VARIANT_SNAPSHOTS, VariantSnapshots, variantStart } from './variantSnapshot';

// on for every pod, however few of its changes may start from a snapshot; as it was afterwards
const byDefault = { ...VARIANT_SNAPSHOTS };
beforeAll(() => { Object.assign(VARIANT_SNAPSHOTS, { enabled: true, fromChanges: 1 }); });
afterAll(() => { Object.assign(VARIANT_SNAPSHOTS, { enabled: byDefault.enabled, fromChanges: byDefault.fromChanges }); });

function load(text: string): ExpandedScenario {
  const loaded = loadExpandedScenario(text, 'scenario.yaml');
  if (!loaded.ok) throw new Error(loaded.errors.map((e) => e.message).join('; '));
  return loaded.scenario;
}

function run(s: ExpandedScenario): SimulationResult {
  const started = startLoadedSimulation(copyScenario(s));
  if (!started.ok) throw new Error('does not start');
  for (const _cycle of started.simulation.run()) { /* to the end */ }
  return started.simulation.result();
}

/** the whole result as JSON reads it (pod end states, events, messages, cycles, queue moves, nodes, objects), to compare two runs */
const ending = (r: SimulationResult) => JSON.parse(JSON.stringify(r)) as unknown;

/** the unchanged run, paused before cycle `cycle` and resumed in a fresh simulation its state is copied into */
function resumedFromCopy(s: ExpandedScenario, cycle: number): SimulationResult | string {
  const paused = startLoadedSimulation(copyScenario(s));
  const fresh = startLoadedSimulation(copyScenario({ ...s, pods: [] }));
  if (!paused.ok || !fresh.ok) throw new Error('does not start');
  expect(paused.simulation.runUntilCycle(cycle - 1)).toBe(true);
  const copied = transplant(paused.simulation, fresh.simulation);
  if (!copied.ok) return copied.reason;
  for (const _cycle of fresh.simulation.resume()) { /* to the end */ }
  return fresh.simulation.result();
}

describe('a paused run copied into a fresh simulation and resumed ends as the run itself', () => {
  it.each([
    ['a preemption', preemption],
    ['DRA devices, with timeline steps', draPool],
    ['volumes bound at the first consumer', waitForConsumer],
    ['LimitRange defaults, with timeline steps', limitRange],
    ['taints', taints],
    ['a zone spread', zoneSpread],
  ])('%s: from before each pod\'s first cycle', (_name, text) => {
    const s = load(text);
    const whole = run(s);
    const firsts = new Map<string, number>();
    for (const c of whole.cycles) if (!firsts.has(c.pod)) firsts.set(c.pod, c.cycle);
    expect(firsts.size).toBeGreaterThan(0);
    for (const cycle of firsts.values()) {
      const resumed = resumedFromCopy(s, cycle);
      expect(typeof resumed === 'string' ? resumed : ending(resumed)).toEqual(ending(whole));
    }
  });

  it('refuses to copy a timer whose work is a closure, saying where it is, and leaves the paused run as it was', () => {
    const s = load(autoscaleDown);
    const whole = run(s);
    const refused = whole.cycles.map((c) => resumedFromCopy(s, c.cycle)).filter((r): r is string => typeof r === 'string');
    expect(refused[0]).toMatch(/a closure cannot be carried over at simulation\.timers\[\d+\]\.run/);
  });

  it('copies the same paused run twice: the copy changes nothing of what it copies', () => {
    const s = load(preemption);
    const whole = run(s);
    const paused = startLoadedSimulation(copyScenario(s));
    if (!paused.ok) throw new Error('does not start');
    expect(paused.simulation.runUntilCycle(1)).toBe(true);
    const ends: unknown[] = [];
    for (let i = 0; i < 2; i++) {
      const fresh = startLoadedSimulation(copyScenario({ ...s, pods: [] }));
      if (!fresh.ok) throw new Error('does not start');
      expect(transplant(paused.simulation, fresh.simulation)).toEqual({ ok: true });
      for (const _cycle of fresh.simulation.resume()) { /* to the end */ }
      ends.push(ending(fresh.simulation.result()));
    }
    expect(ends).toEqual([ending(whole), ending(whole)]);
    // and the paused run itself still ends as the run did
    for (const _cycle of paused.simulation.resume()) { /* to the end */ }
    expect(ending(paused.simulation.result())).toEqual(ending(whole));
  });
});

const STUCK = `apiVersion: v1
kind: Node
metadata: {name: n1, labels: {zone: a}}
spec: {taints: [{key: gpu, value: "true", effect: NoSchedule}]}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
---
apiVersion: v1
kind: Node
metadata: {name: n2, labels: {zone: b}}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
---
apiVersion: v1
kind: Pod
metadata: {name: first, labels: {app: web}}
spec: {containers: [{name: c, image: nginx, resources: {requests: {cpu: "3"}}}]}
---
apiVersion: v1
kind: Pod
metadata: {name: second, labels: {app: web}}
spec:
  tolerations: [{key: other, operator: Exists}]
  nodeSelector: {zone: c}
  containers: [{name: c, image: nginx, resources: {requests: {cpu: "1"}}}]
`;

describe('a variant run from the snapshot ends exactly as the same variant run from time 0', () => {
  const edits: [string, ScenarioEdit[]][] = [
    ['the nodeSelector key dropped', [{ kind: 'selector', pod: 'default/second', nodeSelectorKey: 'zone' }]],
    ['a typo in the selector fixed', [{ kind: 'affinity-value', pod: 'default/second', key: 'zone', from: 'c', value: 'a', nodeSelectorKey: 'zone' }]],
    ['the selector fixed and the taint tolerated', [
      { kind: 'affinity-value', pod: 'default/second', key: 'zone', from: 'c', value: 'a', nodeSelectorKey: 'zone' },
      { kind: 'toleration', pod: 'default/second', toleration: { key: 'gpu', operator: 'Equal', value: 'true', effect: 'NoSchedule' } },
    ]],
  ];
  it.each(edits)('%s', (_name, change) => {
    const s = load(STUCK);
    const baseline = run(s);
    const options = { until: baseline.endTime + VARIANT_MARGIN_SECONDS };
    expect(variantStart(s, baseline, 'default/second', change)).toEqual({ from: 'snapshot', cycle: 2 });
    const snapshots = new VariantSnapshots(s, baseline, options);
    const fromZero = ending(simulateWithEdits(s, change, options)!);
    const resumedBefore = VARIANT_SNAPSHOTS.resumed;
    // the first: the run paused to take the snapshot, going on with the change; the second: a copy of the snapshot, checked
    for (const _time of ['paused to take the snapshot', 'from its copy']) {
      const fromSnapshot = snapshots.run('default/second', change, (sim: Simulation) => sim.result());
      expect(fromSnapshot).toBeDefined();
      expect(ending(fromSnapshot!)).toEqual(fromZero);
    }
    expect(VARIANT_SNAPSHOTS.resumed - resumedBefore).toBe(2);
    expect(snapshots.refusal(2)).toBeUndefined();
  });

  it('a variant that would change a pod placed before the snapshot (a preemption victim) runs from time 0 instead', () => {
    const s = load(`${STUCK}---
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: high}
value: 1000
---
apiVersion: v1
kind: Pod
metadata: {name: placed}
spec: {nodeName: n2, containers: [{name: c, image: nginx, resources: {requests: {cpu: "3"}}}]}
---
apiVersion: v1
kind: Pod
metadata: {name: urgent}
spec:
  priorityClassName: high
  nodeSelector: {zone: c}
  containers: [{name: c, image: nginx, resources: {requests: {cpu: "2"}}}]
`);
    const baseline = run(s);
    const options = { until: baseline.endTime + VARIANT_MARGIN_SECONDS };
    const change: ScenarioEdit[] = [{ kind: 'affinity-value', pod: 'default/urgent', key: 'zone', from: 'c', value: 'b', nodeSelectorKey: 'zone' }];
    const fromZero = simulateWithEdits(s, change, options)!;
    // from time 0 the pod preempts the placed pod on n2 (n1's taint keeps it off, and second's 1 CPU is not enough)
    expect(fromZero.pods.find((p) => p.pod === 'default/placed')).toMatchObject({ reason: 'Preempted' });
    const snapshots = new VariantSnapshots(s, baseline, options);
    const read = (sim: Simulation) => sim.result();
    expect(variantStart(s, baseline, 'default/urgent', change).from).toBe('snapshot');
    // the paused run's placed pod is frozen (shared with the snapshot's copy): both attempts throw and are given up
    expect(snapshots.run('default/urgent', change, read)).toBeUndefined();
    expect(snapshots.run('default/urgent', change, read)).toBeUndefined();
    // and the search's answer is the run from time 0
    expect(ending(simulateWithEdits(s, change, options)!)).toEqual(ending(fromZero));
  });
});

describe('a variant of a ReplicaSet\'s pod (its template changed too) run from the snapshot ends as from time 0', () => {
  it.each([1, 2])('with %i replicas', (replicas) => {
    const s = load(`${STUCK}---
apiVersion: apps/v1
kind: ReplicaSet
metadata: {name: web, uid: rs-1}
spec:
  replicas: ${replicas}
  selector: {matchLabels: {app: api}}
  template:
    metadata: {labels: {app: api}}
    spec: {nodeSelector: {zone: c}, containers: [{name: c, image: nginx, resources: {requests: {cpu: 500m}}}]}
---
apiVersion: v1
kind: Pod
metadata: {name: web-abcde, labels: {app: api}, ownerReferences: [{apiVersion: apps/v1, kind: ReplicaSet, name: web, uid: rs-1, controller: true}]}
spec: {nodeSelector: {zone: c}, containers: [{name: c, image: nginx, resources: {requests: {cpu: 500m}}}]}
`);
    const baseline = run(s);
    const options = { until: baseline.endTime + VARIANT_MARGIN_SECONDS };
    const change: ScenarioEdit[] = [{ kind: 'affinity-value', pod: 'default/web-abcde', key: 'zone', from: 'c', value: 'b', nodeSelectorKey: 'zone' }];
    const start = variantStart(s, baseline, 'default/web-abcde', change);
    const fromSnapshot = new VariantSnapshots(s, baseline, options).run('default/web-abcde', change, (sim: Simulation) => sim.result());
    // the second replica is made when the scenario loads (controllers/expand.ts), as the target is: the same in both runs
    expect(start.from).toBe('snapshot');
    expect(fromSnapshot ?? new VariantSnapshots(s, baseline, options).refusal((start as { cycle: number }).cycle)).toBeTypeOf('object');
    expect(ending(fromSnapshot!)).toEqual(ending(simulateWithEdits(s, change, options)!));
  });
});

describe('where a variant may start', () => {
  const s = load(`${STUCK}---
apiVersion: apps/v1
kind: ReplicaSet
metadata: {name: web, uid: rs-1}
spec:
  replicas: 1
  selector: {matchLabels: {app: api}}
  template:
    metadata: {labels: {app: api}}
    spec: {nodeSelector: {zone: c}, containers: [{name: c, image: nginx}]}
---
apiVersion: v1
kind: Pod
metadata: {name: web-abcde, labels: {app: api}, ownerReferences: [{apiVersion: apps/v1, kind: ReplicaSet, name: web, uid: rs-1, controller: true}]}
spec: {nodeSelector: {zone: c}, containers: [{name: c, image: nginx}]}
---
apiVersion: apps/v1
kind: ReplicaSet
metadata: {name: more, uid: rs-2}
spec:
  replicas: 2
  selector: {matchLabels: {app: more}}
  template:
    metadata: {labels: {app: more}}
    spec: {nodeSelector: {zone: c}, containers: [{name: c, image: nginx}]}
---
apiVersion: v1
kind: Pod
metadata: {name: more-abcde, labels: {app: more}, ownerReferences: [{apiVersion: apps/v1, kind: ReplicaSet, name: more, uid: rs-2, controller: true}]}
spec: {nodeSelector: {zone: c}, containers: [{name: c, image: nginx}]}
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: dep, uid: dep-1}
spec:
  replicas: 1
  selector: {matchLabels: {app: dep}}
  template:
    metadata: {labels: {app: dep}}
    spec: {nodeSelector: {zone: c}, containers: [{name: c, image: nginx}]}
---
apiVersion: apps/v1
kind: ReplicaSet
metadata: {name: dep-5d4f, uid: rs-3, labels: {app: dep, pod-template-hash: 5d4f}, ownerReferences: [{apiVersion: apps/v1, kind: Deployment, name: dep, uid: dep-1, controller: true}]}
spec:
  replicas: 1
  selector: {matchLabels: {app: dep, pod-template-hash: 5d4f}}
  template:
    metadata: {labels: {app: dep, pod-template-hash: 5d4f}}
    spec: {nodeSelector: {zone: c}, containers: [{name: c, image: nginx}]}
---
apiVersion: v1
kind: Pod
metadata: {name: dep-5d4f-abcde, labels: {app: dep, pod-template-hash: 5d4f}, ownerReferences: [{apiVersion: apps/v1, kind: ReplicaSet, name: dep-5d4f, uid: rs-3, controller: true}]}
spec: {nodeSelector: {zone: c}, containers: [{name: c, image: nginx}]}
---
apiVersion: apps/v1
kind: ReplicaSet
metadata: {name: dep-0ld, uid: rs-4, labels: {app: dep, pod-template-hash: 0ld}, ownerReferences: [{apiVersion: apps/v1, kind: Deployment, name: dep, uid: dep-1, controller: true}]}
spec:
  replicas: 1
  selector: {matchLabels: {app: dep, pod-template-hash: 0ld}}
  template:
    metadata: {labels: {app: dep, pod-template-hash: 0ld}}
    spec: {nodeSelector: {zone: c}, containers: [{name: c, image: "nginx:1.0"}]}
---
apiVersion: v1
kind: Pod
metadata: {name: dep-0ld-abcde, labels: {app: dep, pod-template-hash: 0ld}, ownerReferences: [{apiVersion: apps/v1, kind: ReplicaSet, name: dep-0ld, uid: rs-4, controller: true}]}
spec: {nodeSelector: {zone: c}, containers: [{name: c, image: "nginx:1.0"}]}
---
apiVersion: v1
kind: Pod
metadata: {name: nominated}
spec: {nodeSelector: {zone: c}, containers: [{name: c, image: nginx}]}
status: {nominatedNodeName: n2}
`);
  const baseline = run(s);
  const drop = (pod: string): ScenarioEdit => ({ kind: 'selector', pod, nodeSelectorKey: 'zone' });
  it.each<[string, ScenarioEdit[], string | undefined]>([
    ['the pod\'s own selector', [drop('default/second')], undefined],
    ['its priority (the queue\'s order reads it)', [{ kind: 'priority', pod: 'default/second', priorityClass: { apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name: 'high' }, value: 1000 } }], 'touches more than'],
    ['its requests (admission and quota read them)', [{ kind: 'request', pod: 'default/second', container: 0, resource: 'cpu', quantity: '100m' }], 'touches more than'],
    ['a node\'s labels (every cycle reads them)', [{ kind: 'node-label', node: 'n1', key: 'zone', value: 'c' }], 'touches more than'],
    ['another pod\'s selector', [drop('default/second'), drop('default/first')], 'touches more than'],
    ['a pod of a ReplicaSet (its template changes too, read when it makes a pod)', [drop('default/web-abcde')], undefined],
    ['a pod of a Deployment\'s current ReplicaSet (both templates change alike: no rollout)', [drop('default/dep-5d4f-abcde')], undefined],
    ['a pod of a Deployment\'s old ReplicaSet (its first sync compares the templates)', [drop('default/dep-0ld-abcde')], 'template of a Deployment'],
    ['a pod that comes nominated', [drop('default/nominated')], 'nominated'],
  ])('%s', (_name, change, refused) => {
    const start = variantStart(s, baseline, change[0]!.kind === 'node-label' ? 'default/second' : (change[0] as { pod: string }).pod, change);
    if (refused === undefined) expect(start.from).toBe('snapshot');
    else expect(start.from === 'start' ? start.reason : start).toContain(refused);
  });

  it('a pod of a ReplicaSet that made another pod in the run starts at time 0 (that pod has the template unchanged)', () => {
    const made = { cycles: baseline.cycles, pods: [...baseline.pods, { ...baseline.pods[0]!, pod: 'default/more-fghij', owner: 'ReplicaSet/more' }] };
    const start = variantStart(s, made, 'default/more-abcde', [drop('default/more-abcde')]);
    expect(start.from === 'start' && start.reason).toBe('ReplicaSet more made default/more-fghij from its template in the run');
    expect(variantStart(s, baseline, 'default/more-abcde', [drop('default/more-abcde')]).from).toBe('snapshot');
  });

  it('a pod a timeline step names starts at time 0', () => {
    const timed = load(`${STUCK}---
apiVersion: podplay/v1alpha1
kind: Scenario
metadata: {name: timed}
spec:
  timeline:
    - {at: 5, action: delete, kind: Pod, namespace: default, name: second}
`);
    const start = variantStart(timed, run(timed), 'default/second', [drop('default/second')]);
    expect(start.from === 'start' && start.reason).toBe('a timeline step names the pod');
  });
});
