// topologySpreadConstraints.matchLabelKeys as a v1.34+ API server stores it: the server merges
// each key into labelSelector as `key In [value]` (MatchLabelKeysInPodTopologySpreadSelectorMerge)
// and then refuses only a key the selector names twice (upstream:
// pkg/apis/core/validation/validation.go validateMatchLabelKeysAndMismatchLabelKeys;
// pkg/api/pod/util.go GetValidationOptionsFromPodSpecAndMeta).
import { describe, expect, it } from 'vitest';
import { loadScenario } from '../load';

function pod(selector: string[]): string {
  return [
    'apiVersion: v1', 'kind: Pod',
    'metadata: {name: web-7d9f-abcde, labels: {app: web, pod-template-hash: 7d9f}}',
    'spec:',
    '  containers: [{name: c, image: nginx}]',
    '  topologySpreadConstraints:',
    '  - maxSkew: 1',
    '    topologyKey: topology.kubernetes.io/zone',
    '    whenUnsatisfiable: DoNotSchedule',
    '    matchLabelKeys: [pod-template-hash]',
    '    labelSelector:',
    ...selector.map((l) => `      ${l}`),
  ].join('\n');
}

const rows: Array<{ name: string; selector: string[]; error?: string }> = [
  { name: 'as written by the user (not merged yet)', selector: ['matchLabels: {app: web}'] },
  {
    name: 'as stored by the API server: the merged key In [value] beside the user selector',
    selector: ['matchLabels: {app: web}', 'matchExpressions: [{key: pod-template-hash, operator: In, values: ["7d9f"]}]'],
  },
  {
    name: 'the key in matchLabels too: the selector names it twice after the merge',
    selector: ['matchLabels: {app: web, pod-template-hash: 7d9f}'],
    error: 'Invalid value: "pod-template-hash": exists in both matchLabelKeys and labelSelector',
  },
  {
    name: 'the key in two expressions',
    selector: ['matchExpressions: [{key: pod-template-hash, operator: In, values: ["7d9f"]}, {key: pod-template-hash, operator: Exists}]'],
    error: 'exists in both matchLabelKeys and labelSelector',
  },
  {
    name: 'the key in an expression the merge cannot have written (NotIn)',
    selector: ['matchExpressions: [{key: pod-template-hash, operator: NotIn, values: ["1"]}]'],
    error: 'exists in both matchLabelKeys and labelSelector',
  },
];

describe('topology spread matchLabelKeys against labelSelector', () => {
  it.each(rows)('$name', ({ selector, error }) => {
    const r = loadScenario(pod(selector), 'dump.yaml');
    if (!error) {
      expect(r.ok ? [] : r.errors.map((e) => e.message)).toEqual([]);
      return;
    }
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.map((e) => e.message).join('\n')).toContain(error);
    expect(r.errors[0]!.path).toBe('spec.topologySpreadConstraints[0].matchLabelKeys[0]');
  });
});
