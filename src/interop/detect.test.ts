import { describe, expect, it } from 'vitest';
import dump from './fixtures/kubectl-get-nodes-pods.yaml?raw';
import exported from './fixtures/simulator-export.json?raw';
import scenarioText from './fixtures/scenario-kwok.yaml?raw';
import { detectFormat, importAny } from './detect';
import { normalizeKubectlDump } from './kubectl';
import { importSimulatorSnapshot } from './simulatorSnapshot';

describe('detectFormat and importAny', () => {
  it.each([
    ['kubectl output', dump, 'kubectl'],
    ['a simulator export', exported, 'simulator-snapshot'],
    ['a Podplay scenario', scenarioText, 'scenario'],
    ['plain text', 'hello world', 'unknown'],
    ['broken YAML', 'a: [1,\n', 'unknown'],
  ])('recognises %s', (_name, text, format) => {
    expect(detectFormat(text)).toBe(format);
    expect(importAny(text).format).toBe(format);
  });

  it('imports each format as its own importer does, and leaves a scenario as written', () => {
    expect(importAny(dump).yaml).toBe(normalizeKubectlDump(dump).yaml);
    expect(importAny(exported).yaml).toBe(importSimulatorSnapshot(exported).yaml);
    expect(importAny(scenarioText).yaml).toBe(scenarioText);
    expect(importAny('hello world').errors).toHaveLength(1);
  });
});
