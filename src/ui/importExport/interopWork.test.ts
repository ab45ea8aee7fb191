// The import/export worker's work, in this thread: names of downloads, the KWOK zip, imports.

import { describe, expect, it } from 'vitest';
import { lessonById } from '../../lessons';
import { TWO_NODES_TWO_PODS } from '../../store/testing/scenarios';
import { handleInterop, type InteropValue } from './interopWork';

async function value(replying: ReturnType<typeof handleInterop>): Promise<InteropValue> {
  const reply = await replying;
  if (!reply.ok) throw new Error(reply.error);
  return reply.value;
}

const withScenarioDoc = `apiVersion: podplay/v1alpha1\nkind: Scenario\nmetadata: {name: my-cluster}\n---\n${TWO_NODES_TWO_PODS}`;

describe('scenario downloads', () => {
  it.each([
    { name: 'a scenario that names itself keeps its name', text: withScenarioDoc, title: undefined, fileName: 'my-cluster.yaml' },
    { name: 'a scenario without a name is named after the file it was opened as', text: TWO_NODES_TWO_PODS, title: undefined, fileName: 'two-nodes.yaml' },
    { name: 'a lesson is named after its title', text: lessonById('node-selector')!.scenario, title: lessonById('node-selector')!.title, fileName: 'nodeselector-only-nodes-with-every-listed-label.yaml' },
  ])('$name', async ({ text, title, fileName }) => {
    const v = await value(handleInterop({ id: 1, type: 'scenario-file', text, options: title === undefined ? {} : { title }, untitled: 'two-nodes' }));
    expect(v.type === 'scenario-file' && v.file.fileName).toBe(fileName);
    expect(v.type === 'scenario-file' && v.file.content.endsWith(text)).toBe(true);
  });
});

describe('KWOK bundle', () => {
  it('zips every file of the bundle and writes the one-file form beside it', async () => {
    const v = await value(handleInterop({ id: 2, type: 'kwok', text: TWO_NODES_TWO_PODS, fileName: 'two.yaml' }));
    if (v.type !== 'kwok') throw new Error('not a kwok reply');
    expect(v.result.errors).toEqual([]);
    expect(v.result.fileCount).toBeGreaterThanOrEqual(3);
    const names = new TextDecoder().decode(v.result.zip);
    for (const file of ['README.md', 'kube-scheduler-config.yaml', '00-cluster.yaml']) expect(names).toContain(file);
    expect(v.result.singleYaml).toContain('kind: Node');
  });

  it('gives the scenario\'s errors instead of files', async () => {
    const v = await value(handleInterop({ id: 3, type: 'kwok', text: 'kind: Pod\nspec: 3\n', fileName: 'bad.yaml' }));
    expect(v.type === 'kwok' && v.result.errors.length).toBeGreaterThan(0);
    expect(v.type === 'kwok' && v.result.zip).toBeUndefined();
  });
});

describe('imports', () => {
  it('reads a file where it imports it', async () => {
    const list = `apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: Node\n  metadata: {name: n1}\n  status: {allocatable: {cpu: "2", memory: 4Gi, pods: "10"}}\n`;
    const v = await value(handleInterop({ id: 5, type: 'import-file', file: new Blob([list]), options: { source: 'nodes.yaml' } }));
    expect(v.type === 'import' && [v.result.format, v.result.stats.nodes, v.result.yaml.includes('Imported from nodes.yaml')]).toEqual(['kubectl', 1, true]);
  });

  it('says what it read', async () => {
    const list = `apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: Node\n  metadata: {name: n1}\n  status: {allocatable: {cpu: "2", memory: 4Gi, pods: "10"}}\n`;
    const v = await value(handleInterop({ id: 4, type: 'import', text: list, options: { source: 'pasted text' } }));
    expect(v.type === 'import' && [v.result.format, v.result.stats.nodes]).toEqual(['kubectl', 1]);
  });
});
