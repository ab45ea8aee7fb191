import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lessons } from '../lessons';
import { pinned } from '../lessons/pin';
import { scanKubernetesVersion, scenarioKubernetesVersion, scenarioRunsAs } from './scenarioVersion';
import { parsedKubernetesVersion, withKubernetesVersion } from './scenarioVersionEdit';

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

// The page reads the version without the `yaml` package (./scenarioVersion.ts's line scan): where
// the scan answers, it must answer as the parser does.
describe('the line scan reads what the YAML parser reads', () => {
  const parser = (text: string) => parsedKubernetesVersion(text);

  it('on every lesson (as written and pinned) and every example scenario, surely', () => {
    const texts: [string, string][] = [];
    for (const lesson of lessons) texts.push([lesson.id, lesson.scenario], [`${lesson.id} pinned`, pinned(lesson).scenario]);
    const dir = join(__dirname, '../../scenarios');
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.yaml'))) texts.push([file, readFileSync(join(dir, file), 'utf8')]);
    expect(texts.length).toBeGreaterThan(100);
    for (const [name, text] of texts) expect(scanKubernetesVersion(text), name).toEqual({ version: parser(text) });
  });

  const VALUES = ['"1.36"', "'1.36'", '1.36', '1.30', 'v1.37', '"1.35" # pinned', "'it''s'", '~', 'null', '"a#b"', 'true', '1e3', '0x10', '&v "1.36"', '|\n    1.36', '"1.3\\u0036"'];
  const LAYOUTS: [string, (v: string) => string, boolean][] = [
    ['block spec', (v) => `apiVersion: podplay/v1alpha1\nkind: Scenario\nspec:\n  seed: 1\n  kubernetesVersion: ${v}\n  timeline:\n  - at: 1s\n    note: {kubernetesVersion: "9.9"}\n`, true],
    ['block spec, indented 4, after the timeline', (v) => `kind: Scenario\nspec:\n    timeline:\n        - {at: 1s}\n    kubernetesVersion: ${v}\n`, true],
    ['quoted keys', (v) => `"kind": "Scenario"\n"spec":\n  "kubernetesVersion": ${v}\n`, true],
    ['one-line flow spec', (v) => `kind: Scenario\nspec: {seed: 2, kubernetesVersion: ${v.replace(/ #.*/, '')}}\n`, true],
    ['second document, comments and CRLF', (v) => `kind: Node\nmetadata: {name: n}\n---\n# the scenario\r\nkind: Scenario # here\r\nspec:\r\n  # kubernetesVersion: "1.0"\r\n  kubernetesVersion: ${v}\r\n`, true],
    ['a deeper key only', () => 'kind: Scenario\nspec:\n  timeline:\n    kubernetesVersion: "1.36"\n', true],
    ['two Scenario documents: the first counts', (v) => `kind: Scenario\nspec: {seed: 1}\n---\nkind: Scenario\nspec:\n  kubernetesVersion: ${v}\n`, true],
    ['a flow document first', (v) => `{kind: Scenario, spec: {kubernetesVersion: "1.35"}}\n---\nkind: Scenario\nspec:\n  kubernetesVersion: ${v}\n`, false],
    ['multi-line flow spec', (v) => `kind: Scenario\nspec: {seed: 2,\n  kubernetesVersion: ${v}}\n`, false],
    ['an anchor on spec', (v) => `kind: Scenario\nspec: &s\n  kubernetesVersion: ${v}\n`, false],
    ['a BOM', (v) => `\uFEFFkind: Scenario\nspec:\n  kubernetesVersion: ${v}\n`, true],
  ];
  const simple = (v: string) => /^(?:"1\.36"|'1\.36'|1\.36|1\.30|v1\.37|"1\.35" # pinned|~|null)$/.test(v);

  it.each(LAYOUTS)('%s: every value the scan reads, the parser reads alike', (_name, layout, readable) => {
    for (const value of VALUES) {
      const text = layout(value);
      const scan = scanKubernetesVersion(text);
      if (scan !== 'unsure') expect(scan.version, `${value} in\n${text}`).toBe(parser(text));
      // the forms Podplay writes and people write are read, not left to the parser
      if (readable && simple(value)) expect(scan, `${value} in\n${text}`).not.toBe('unsure');
      // whatever the scan made of it, the page reads it right once the parser has loaded
      expect(scenarioKubernetesVersion(text)).toBe(parser(text));
    }
  });
});
