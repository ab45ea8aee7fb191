// fixText's line-by-line index of a dump's objects (indexListsByLines) against the yaml library's
// reading of the whole text: the same objects at the same text ranges, or no index at all (the
// whole text is then parsed), never a different one.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { kubectlDump } from '../../bench/scenarios';
import { indexAllDocuments, indexListsByLines } from './fixText';
import { importAny } from './index';
import { pendingClusterDump } from './testing/pendingClusterDump';
import { productionDump } from './testing/productionDump';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const sameAsYaml = (text: string) => {
  const fast = indexListsByLines(text);
  expect(fast).toBeDefined();
  expect(fast).toEqual(indexAllDocuments(text));
};

describe('indexListsByLines', () => {
  it('reads kubectl dumps (items at column 0 and 2, Lists and single documents after ---) as the yaml library does', () => {
    sameAsYaml(fixture('kubectl-production-pending.yaml'));
    sameAsYaml(productionDump());
    const stuck = '\n---\napiVersion: v1\nkind: Pod\nmetadata: {name: wants-ssd, namespace: default}\nspec: {nodeSelector: {disktype: ssd}, containers: [{name: c, image: nginx}]}\n';
    sameAsYaml(kubectlDump({ nodes: 12, pods: 60, pending: 5 }) + stuck + stuck.replace('wants-ssd', 'other'));
  });

  it('reads imported scenarios (a commented header, then one document per object) as the yaml library does', () => {
    // the text the page holds after an import: each object a document of its own, read by its lines
    const stuck = '\n---\napiVersion: v1\nkind: Pod\nmetadata: {name: wants-ssd, namespace: default}\nspec: {nodeSelector: {disktype: ssd}, containers: [{name: c, image: nginx}]}\n';
    for (const text of [kubectlDump({ nodes: 12, pods: 60, pending: 5 }) + stuck, fixture('kubectl-production-pending.yaml'), fixture('kubectl-node-groups-pending.yaml')]) {
      const imported = importAny(text, { source: 'fixture' }).yaml;
      expect(imported).toMatch(/^# Imported/);
      sameAsYaml(imported);
    }
  });

  it('reads a document by its lines only where they are plain, else as the yaml library does', () => {
    const doc = (metadata: string, kind = 'Pod') => `# a header, it's quoted once\napiVersion: v1\nkind: ${kind}\nmetadata:${metadata}\nspec:\n  containers:\n  - name: c\n`;
    for (const text of [
      doc('\n    name: four-spaces\n    namespace: x\n'),
      doc('\n  labels:\n    a: b\n  name: "quoted"\n  ownerReferences:\n  - kind: ReplicaSet\n    name: not-this\n  namespace: \'single\'\n'),
      doc(' {name: flow, namespace: x}'),
      doc('\n  name: 123'),
      doc('\n  name: &a anchored'),
      doc('\n  # a comment\n  name: commented'),
      doc('\n  - name: a-sequence'),
      doc('\n  annotations:\n    note: |\n      name: inside\n  name: after-a-block-scalar'),
      doc('\n  name: n', 'Scenario'),
      doc('', 'Scenario'),
      doc('\n  namespace: x', 'Scenario'),
      `${doc('\n  name: first')}# a comment after its keys\n---\n${doc('\n  name: second')}`,
      `${doc('\n  name: same')}---\n${doc('\n  name: same\n  labels: {again: "yes"}')}`,
    ]) {
      const fast = indexListsByLines(text);
      expect(fast, text).toBeDefined();
      expect(fast, text).toEqual(indexAllDocuments(text));
    }
  });

  it('gives the same index or none on the other fixtures (aliases across items, comments, quoted text folded over lines)', () => {
    for (const text of [fixture('kubectl-20-nodes-pending.yaml'), fixture('kubectl-get-nodes-pods.yaml'), fixture('kubectl-node-groups-pending.yaml'), pendingClusterDump()]) {
      const fast = indexListsByLines(text);
      if (fast) expect(fast).toEqual(indexAllDocuments(text));
    }
  });

  it('reads names quoted or not, the first of a repeated object, an item whose alias resolves within it', () => {
    sameAsYaml('apiVersion: v1\nitems:\n- kind: Pod\n  metadata:\n    annotations:\n      note: |\n        # not a comment\n        - kind: Node\n\n    name: a\n  spec:\n    containers:\n    - args:\n      - >-\n        x\n\n- kind: Pod\n  metadata:\n    name: b\n  data:\n    x:\n      y: |\n        z\n\n\nkind: List\n');
    sameAsYaml('apiVersion: v1\nkind: List\nitems:\n- kind: Node\n  metadata:\n    name: "n-1"\n    labels: {a: b}\n- kind: Node\n  metadata:\n    name: n-1\n- kind: Pod\n  metadata:\n    name: \'p\'\n    namespace: team-a\n  spec:\n    containers:\n    - &c {name: c, image: x}\n    initContainers:\n    - *c\n\n\nmetadata:\n  resourceVersion: ""\n');
  });

  it('leaves to the yaml library what it does not cover', () => {
    const list = (item: string) => `apiVersion: v1\nkind: List\nitems:\n- kind: Pod\n  metadata:\n    name: a\n${item}`;
    for (const text of [
      list('  # a comment\n'),
      list('  data: |\n    - kind: Pod\n'),
      list('- kind: Pod\n  metadata: {name: b}\n'),
      list('- kind: Pod\n  metadata:\n    name: "b\n- kind: Node"\n'),
      list('- kind: Pod\n  metadata:\n    name: 123\n'),
      list('- kind: Pod\n  kind: Node\n  metadata:\n    name: b\n'),
      list('- "kind": Pod\n  metadata:\n    name: b\n'),
      list('- kind: Pod\n  metadata:\n    name: *n\n'),
      list('- kind: Pod\n  spec:\n    containers: [*c]\n  metadata:\n    name: b\n'),
      `%YAML 1.2\n---\n${list('')}`,
      list('').replace(/\n/g, '\r\n'),
    ]) {
      expect(indexListsByLines(text), text).toBeUndefined();
    }
  });
});
