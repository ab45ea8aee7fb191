// A loaded scenario's locators (a KubeSchedulerConfiguration's, a timeline apply step's, a
// deschedule step's) cross a thread boundary as data and answer on the other side as they did:
// postMessage's structured clone (structuredClone here) refuses the functions themselves.

import { describe, expect, it } from 'vitest';
import { loadExpandedScenario, type ExpandedScenario } from '../index';
import { indexLocator, postableScenario, revivedLocators } from './locator';
import { locate, parseYamlFast, parseYamlWithPackage, type SrcNode } from './source';

const TEXT = `apiVersion: v1
kind: Node
metadata: {name: n1}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
---
apiVersion: kubescheduler.config.k8s.io/v1
kind: KubeSchedulerConfiguration
profiles:
- schedulerName: default-scheduler
  plugins:
    score:
      enabled:
      - name: NodeResourcesBalancedAllocation
        weight: 3
---
apiVersion: podplay/v1alpha1
kind: Scenario
metadata: {name: located}
spec:
  timeline:
  - at: 5
    action: apply
    objects:
    - apiVersion: v1
      kind: Node
      metadata:
        name: n2
        labels: {zone: b, empty: }
      status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
    - apiVersion: v1
      kind: Pod
      metadata: {name: late}
      spec:
        containers:
        - {name: c, image: nginx}
  - at: 10
    action: deschedule
    policy:
      apiVersion: descheduler/v1alpha2
      kind: DeschedulerPolicy
      profiles:
      - name: dedupe
        pluginConfig: [{name: RemoveDuplicates}]
        plugins: {balance: {enabled: [RemoveDuplicates]}}
`;

function load(): ExpandedScenario {
  const loaded = loadExpandedScenario(TEXT, 'located.yaml');
  if (!loaded.ok) throw new Error(loaded.errors.map((e) => e.message).join('; '));
  return loaded.scenario;
}

const PATHS: (string | number)[][] = [
  [], ['profiles'], ['profiles', 0, 'plugins', 'score', 'enabled', 0, 'weight'], ['profiles', 0, 'nowhere', 'deeper'], ['profiles', 7],
  ['metadata', 'labels', 'zone'], ['metadata', 'labels', 'empty'], ['spec', 'containers', 0, 'image'], ['status', 'allocatable', 'cpu'],
  ['profiles', 0, 'pluginConfig', 0, 'name'], ['profiles', 0, 'plugins', 'balance', 'enabled', 0],
];

/** every answer of the scenario's locators, for each path (and each apply step's object, one past the last too) */
function answers(s: ExpandedScenario): unknown[] {
  const out: unknown[] = PATHS.map((p) => s.schedulerConfig!.locate(p));
  for (const step of s.timeline) {
    if (step.action === 'apply') for (let i = 0; i <= step.objects.length; i++) out.push(PATHS.map((p) => step.locate(i, p)));
    if (step.action === 'deschedule') out.push(PATHS.map((p) => step.locate(p)));
  }
  return out;
}

describe('a scenario\'s locators as data', () => {
  it('cross postMessage\'s copy and answer on the other side as the originals do', () => {
    const s = load();
    expect(() => structuredClone(s.timeline)).toThrow();
    const crossed = revivedLocators(structuredClone(postableScenario({ ...s, names: undefined as never })));
    const before = answers(s);
    expect(answers(crossed)).toEqual(before);
    // the answers are real places: the weight's, the empty label's key, the image's, the descheduler plugin's
    const at = (i: number, path: number) => (before[PATHS.length + i] as unknown[])[path];
    expect(before[2]).toEqual({ line: 14, column: 17 });
    expect(at(0, 6)).toEqual({ line: 28, column: 27 });
    expect(at(1, 7)).toEqual({ line: 35, column: 28 });
    expect(at(3, 10)).toEqual({ line: 44, column: 39 });
  });

  it('leave a scenario without locators as it is', () => {
    const s = { ...load(), schedulerConfig: undefined, timeline: [] };
    expect(revivedLocators(postableScenario(s))).toEqual(s);
  });

  it('answer for an apply step\'s objects from packed positions as locate() does over the source nodes', () => {
    // every path into each document of TEXT, each with a step too far (a key, an index, the wrong
    // kind of step, a negative or fractional index), read by both YAML readers
    const paths = (node: SrcNode, path: (string | number)[], out: (string | number)[][]) => {
      out.push(path, [...path, 'missing'], [...path, 0], [...path, -1], [...path, 0.5], [...path, 99]);
      if (node.kind === 'map') for (const [key, e] of node.entries) paths(e.value, [...path, key], out);
      if (node.kind === 'seq') node.items.forEach((item, i) => paths(item, [...path, i], out));
      return out;
    };
    // the fast reader leaves a flow mapping's empty value to the yaml package: a block one here
    const fastText = TEXT.replace('labels: {zone: b, empty: }', 'labels:\n          zone: b\n          empty:');
    const fast = parseYamlFast(fastText);
    expect(fast).toBeDefined();
    for (const [parsed, emptyAt] of [[fast!, { line: 30, column: 11 }], [parseYamlWithPackage(TEXT), { line: 28, column: 27 }]] as const) {
      const roots = parsed.documents.map((d) => d.root);
      const at = indexLocator([...roots, undefined], { line: 99, column: 3 });
      let checked = 0;
      roots.forEach((root, i) => {
        for (const path of paths(root!, [], [])) {
          expect(at(i, path), `${i} ${path.join('.')}`).toEqual(locate(root, path, root!.pos));
          checked++;
        }
      });
      expect(checked).toBeGreaterThan(300);
      for (const index of [roots.length, roots.length + 1, -1, 0.5]) expect(at(index, ['metadata'])).toEqual({ line: 99, column: 3 });
      // a key whose value is null is placed at the key, as locate() places it
      expect(at(2, ['spec', 'timeline', 0, 'objects', 0, 'metadata', 'labels', 'empty'])).toEqual(emptyAt);
    }
  });
});
