import { describe, expect, it } from 'vitest';
import { scenarioKubernetesVersion, scenarioRunsAs, withKubernetesVersion } from './scenarioVersion';

const NODE = 'apiVersion: v1\nkind: Node\nmetadata: {name: n1} # the only node\n';

describe('the scenario version in the text', () => {
  it.each([
    ['no Scenario document: one is put first', NODE, `apiVersion: podplay/v1alpha1\nkind: Scenario\nspec:\n  kubernetesVersion: "1.35"\n---\n${NODE}`],
    ['an empty text', '', 'apiVersion: podplay/v1alpha1\nkind: Scenario\nspec:\n  kubernetesVersion: "1.35"\n'],
    [
      'a Scenario document without spec: its comment stays',
      `# my scenario\napiVersion: podplay/v1alpha1\nkind: Scenario # here\nmetadata: {name: s}\n---\n${NODE}`,
      `# my scenario\napiVersion: podplay/v1alpha1\nkind: Scenario # here\nmetadata: { name: s }\nspec:\n  kubernetesVersion: "1.35"\n---\n${NODE}`,
    ],
    [
      'the second document, with a comment under its marker',
      `${NODE}---
# the scenario
kind: Scenario
spec: {seed: 3}
`,
      `${NODE}---
# the scenario
kind: Scenario
spec: { seed: 3, kubernetesVersion: "1.35" }
`,
    ],
    [
      'a version already there is replaced, the timeline kept',
      `${NODE}---\nkind: Scenario\napiVersion: podplay/v1alpha1\nspec:\n  kubernetesVersion: "1.37"\n  timeline:\n  - at: 5s # later\n    scale: {name: web, replicas: 2}\n`,
      `${NODE}---\nkind: Scenario\napiVersion: podplay/v1alpha1\nspec:\n  kubernetesVersion: "1.35"\n  timeline:\n    - at: 5s # later\n      scale: { name: web, replicas: 2 }\n`,
    ],
  ])('%s', (_name, text, expected) => {
    const out = withKubernetesVersion(text, '1.35');
    expect(out).toBe(expected);
    expect(scenarioKubernetesVersion(out)).toBe('1.35');
  });

  it.each([
    ['quoted', 'kind: Scenario\nspec: {kubernetesVersion: "1.36"}\n', '1.36'],
    ['a number, as the user may write it', 'kind: Scenario\nspec: {kubernetesVersion: 1.36}\n', '1.36'],
    ['none', NODE, undefined],
    ['a Scenario document without the field (not parsed)', 'kind: Scenario\nspec: {seed: 3}\n', undefined],
    ['the word only in a comment', 'kind: Scenario # no kubernetesVersion here\nspec: {seed: 3}\n', undefined],
  ])('reads the version: %s', (_name, text, version) => {
    expect(scenarioKubernetesVersion(text)).toBe(version);
  });

  it.each([
    ['pinned', 'kind: Scenario\nspec: {kubernetesVersion: "1.35"}\n', '1.35'],
    ['not pinned: the newest', NODE, '1.37'],
  ])('runs as: %s', (_name, text, version) => {
    expect(scenarioRunsAs(text)).toBe(version);
  });

  it.each([
    ['a Scenario document put first', NODE, '1.36'],
    ['a version replaced', 'kind: Scenario\nspec: {kubernetesVersion: "1.37"}\n', '1.35'],
  ] as const)('a text just given its version runs as it: %s', (_name, text, version) => {
    const out = withKubernetesVersion(text, version);
    expect(scenarioRunsAs(out)).toBe(version);
    expect(scenarioKubernetesVersion(out)).toBe(version);
  });
});
