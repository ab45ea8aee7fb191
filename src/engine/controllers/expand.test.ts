// The loading pipeline's last stage: the loader admits the declared objects and leaves the
// workloads to their controllers; expandScenario runs them once, reporting at the workload.
import { describe, expect, it } from 'vitest';
import { loadScenario, type LoadedScenario } from '../model/load';
import { expandScenario } from './expand';

function load(text: string): LoadedScenario {
  const r = loadScenario(text, 'w.yaml');
  if (!r.ok) throw new Error(r.errors.map((e) => e.message).join('\n'));
  return r.scenario;
}

const deployment = (extra = '') => `apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  replicas: 2
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:${extra}
      containers: [{name: c, image: x}]
`;

const pod = 'apiVersion: v1\nkind: Pod\nmetadata: {name: solo}\nspec: {containers: [{name: c, image: x}]}\n';
const node = 'apiVersion: v1\nkind: Node\nmetadata: {name: n1}\n';

describe('expandScenario', () => {
  it('the loader admits the declared objects only; the controllers make the ReplicaSet and its pods after it', () => {
    const loaded = load([node, pod, deployment()].join('---\n'));
    expect(loaded.pods.map((p) => p.metadata.name)).toEqual(['solo']);
    expect(loaded.workloads.map((w) => w.kind)).toEqual(['Deployment']);
    // the API server's part happened at admission: uid and creationTimestamp
    expect(loaded.workloads[0]!.metadata.uid).toBeDefined();
    const expanded = expandScenario(loaded);
    expect(expanded.workloads.map((w) => w.kind)).toEqual(['Deployment', 'ReplicaSet']);
    expect(expanded.pods.map((p) => p.metadata.name?.startsWith('web-') ? 'web-*' : p.metadata.name)).toEqual(['solo', 'web-*', 'web-*']);
    expect(expanded.admissionEvents.map((e) => e.reason)).toEqual(['ScalingReplicaSet', 'SuccessfulCreate', 'SuccessfulCreate']);
  });

  it("a warning of a pod a controller created is reported at its workload's document, named as the loader names it", () => {
    const loaded = load([node, deployment('\n      nodeName: n1\n      priorityClassName: gold\n      priority: 7')].join('---\n'));
    expect(loaded.warnings).toEqual([]);
    const expanded = expandScenario(loaded);
    expect(expanded.warnings).toHaveLength(2);
    expect(expanded.warnings[0]).toEqual({
      file: 'w.yaml', line: 5, column: 1,
      message: 'Deployment default/web: PriorityClass "gold" is not in the scenario; the bound pod keeps spec.priority 7',
    });
    // the loaded scenario's own list is not changed
    expect(loaded.warnings).toEqual([]);
  });

  it('a DaemonSet on 2,000 nodes: names generated in linear attempts', () => {
    const nodes = Array.from({ length: 2000 }, (_, i) => `---\n{apiVersion: v1, kind: Node, metadata: {name: n${i}}}\n`).join('');
    const ds = 'apiVersion: apps/v1\nkind: DaemonSet\nmetadata: {name: agent}\nspec:\n  selector: {matchLabels: {app: a}}\n  template: {metadata: {labels: {app: a}}, spec: {containers: [{name: c, image: x}]}}\n';
    const expanded = expandScenario(load(ds + nodes));
    expect(expanded.pods).toHaveLength(2000);
    expect(expanded.names.attempts).toBeLessThan(2020);
  });
});
