// The object budget: a scenario asking for more pods or nodes than Podplay builds is refused
// before anything is built, with an error at the field that asks.
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../limits';
import { loadScenario } from './load';
import { checkObjectBudget, type BudgetObject, type BudgetStep } from './objectBudget';
import type { ScenarioObject, TimelineStep } from './scenario';

const template = `
    metadata: {labels: {app: web}}
    spec: {containers: [{name: c, image: x}]}`;

const workload = (kind: string, apiVersion: string, spec: string, name = 'web'): string => `apiVersion: ${apiVersion}
kind: ${kind}
metadata: {name: ${name}}
spec:
${spec}
  selector: {matchLabels: {app: web}}
  template:${template}
`;

const nodes = (n: number): string => Array.from({ length: n }, (_, i) => `---\n{apiVersion: v1, kind: Node, metadata: {name: n${i}}}\n`).join('');

/** the errors of a scenario that must not load */
function errorsOf(text: string) {
  const r = loadScenario(text, 's.yaml');
  if (r.ok) throw new Error('expected the scenario to be refused');
  return r.errors;
}

describe('object budget: refused at the field that asks', () => {
  it.each([
    {
      name: 'Deployment replicas',
      text: workload('Deployment', 'apps/v1', '  replicas: 1000000000'),
      line: 5, message: "Deployment default/web: spec.replicas: 1000000000 would create 1,000,000,000 pods; Podplay's limit is 60,000 pods per scenario",
    },
    {
      name: 'StatefulSet replicas',
      text: workload('StatefulSet', 'apps/v1', '  serviceName: web\n  replicas: 2147483647'),
      line: 6, message: "StatefulSet default/web: spec.replicas: 2147483647 would create 2,147,483,647 pods; Podplay's limit is 60,000 pods per scenario",
    },
    {
      name: 'Job parallelism (completions unset)',
      text: workload('Job', 'batch/v1', '  parallelism: 70000').replace('spec: {containers', 'spec: {restartPolicy: Never, containers').replace(/\n  selector: .*\n/, '\n'),
      line: 5, message: "Job default/web: spec.parallelism: 70000 would create 70,000 pods; Podplay's limit is 60,000 pods per scenario",
    },
    {
      name: 'two Deployments together',
      text: `${workload('Deployment', 'apps/v1', '  replicas: 35000')}---\n${workload('Deployment', 'apps/v1', '  replicas: 35000', 'api')}`,
      line: 15, message: "Deployment default/api: spec.replicas: 35000 would bring the scenario to 70,000 pods; Podplay's limit is 60,000 pods per scenario",
    },
  ])('$name', ({ text, line, message }) => {
    const errors = errorsOf(text);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ line, message });
  });

  it('a DaemonSet counts one pod per node, with the nodes the timeline applies', () => {
    const text = `${workload('Deployment', 'apps/v1', '  replicas: 59000')}---\n${workload('DaemonSet', 'apps/v1', '', 'agent')}${nodes(600)}---
apiVersion: podplay/v1alpha1
kind: Scenario
metadata: {name: s}
spec:
  timeline:
  - {at: 1, action: apply, objects: [${Array.from({ length: 500 }, (_, i) => `{apiVersion: v1, kind: Node, metadata: {name: m${i}}}`).join(', ')}]}
`;
    const errors = errorsOf(text);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.line).toBe(11); // the DaemonSet's first line
    expect(errors[0]!.message).toBe("DaemonSet default/agent: one pod on each of 1,100 nodes would bring the scenario to 60,100 pods; Podplay's limit is 60,000 pods per scenario");
  });

  it('a timeline scale, at its replicas', () => {
    const text = `${workload('Deployment', 'apps/v1', '  replicas: 3')}---
apiVersion: podplay/v1alpha1
kind: Scenario
metadata: {name: s}
spec:
  timeline:
  - at: 10
    action: scale
    kind: Deployment
    name: web
    replicas: 100000000
`;
    const errors = errorsOf(text);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ line: 20, column: 15 });
    // 3 exist: scaling to 100,000,000 creates the difference
    expect(errors[0]!.message).toBe("Scenario s: spec.timeline[0].replicas: 100000000 would create 99,999,997 pods; Podplay's limit is 60,000 pods per scenario");
  });

  it('a timeline apply, at the applied object\'s field', () => {
    const text = `apiVersion: podplay/v1alpha1
kind: Scenario
metadata: {name: s}
spec:
  timeline:
  - at: 10
    action: apply
    objects:
    - {apiVersion: v1, kind: Node, metadata: {name: n1}}
    - apiVersion: apps/v1
      kind: ReplicaSet
      metadata: {name: web}
      spec:
        replicas: 70000
        selector: {matchLabels: {app: web}}
        template: {metadata: {labels: {app: web}}, spec: {containers: [{name: c, image: x}]}}
`;
    const errors = errorsOf(text);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ line: 14, column: 19, path: 'spec.timeline[0].objects[1].spec.replicas' });
    expect(errors[0]!.message).toContain('70000 would create 70,000 pods');
  });

  it('nodes: the one past the limit is refused', () => {
    const errors = errorsOf(nodes(LIMITS.nodesPerScenario + 1));
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).toBe(`Node n${LIMITS.nodesPerScenario}: this Node would bring the scenario to 16,001 nodes; Podplay's limit is 16,000 nodes per scenario`);
  });
});

describe('checkObjectBudget at the limit', () => {
  const reported: string[] = [];
  const at = () => ({ line: 1, column: 1 });
  const error = (_: unknown, path: readonly (string | number)[], what: string) => { reported.push(`${path.join('.')}: ${what}`); };
  const deployment = (name: string, replicas: number): BudgetObject => ({
    object: { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name }, spec: { replicas, template: { spec: { containers: [] } } } } as ScenarioObject,
    at, error,
  });
  const scale = (replicas: number): BudgetStep => ({
    step: { at: 1, source: at(), action: 'scale', kind: 'Deployment', name: 'a', namespace: 'default', replicas } as TimelineStep,
    objects: [], source: { at, error },
  });

  it.each([
    { name: 'exactly the limit', declared: [deployment('a', LIMITS.podsPerScenario)], timeline: [], ok: true },
    { name: 'one more', declared: [deployment('a', LIMITS.podsPerScenario), deployment('b', 1)], timeline: [], ok: false },
    { name: 'scaling down and up again counts the new pods', declared: [deployment('a', 35_000)], timeline: [scale(0), scale(35_000)], ok: false },
    { name: 'scaling to the same size creates nothing', declared: [deployment('a', 35_000)], timeline: [scale(35_000), scale(35_000)], ok: true },
  ])('$name', ({ declared, timeline, ok }) => {
    reported.length = 0;
    expect(checkObjectBudget(declared, timeline)).toBe(ok);
    expect(reported).toHaveLength(ok ? 0 : 1);
  });
});
