import { describe, expect, it } from 'vitest';
import scenarioText from './fixtures/scenario-kwok.yaml?raw';
import { fileNameFor, scenarioFile } from './download';
import { loadOk } from './testing/load';

describe('scenarioFile', () => {
  it('puts a header with the title and seed above the text as written', () => {
    const f = scenarioFile(scenarioText);
    expect(f.fileName).toBe('shop-rollout.yaml');
    expect(f.mimeType).toBe('application/yaml');
    expect(f.content).toBe(`# Podplay scenario: Shop rollout\n# seed 42. Run it with: npm run simulate -- shop-rollout.yaml\n${scenarioText}`);
    expect(loadOk(f.content).meta).toMatchObject({ title: 'Shop rollout', seed: 42 });
  });

  it('is the same file every time, and saving a saved file changes nothing', () => {
    const once = scenarioFile(scenarioText).content;
    expect(scenarioFile(scenarioText).content).toBe(once);
    expect(scenarioFile(once).content).toBe(once);
    expect(scenarioFile(scenarioFile(scenarioText, { seed: 7 }).content).content).toBe(once);
  });

  it('says which seed the result was computed with when it is not the file\'s', () => {
    expect(scenarioFile(scenarioText, { seed: 7 }).content.split('\n')[2]).toBe('# The result this file was saved with used --seed 7.');
    expect(scenarioFile(scenarioText, { seed: 42 }).content).not.toContain('--seed');
  });

  it('names a scenario without a Scenario document', () => {
    const f = scenarioFile('apiVersion: v1\nkind: Node\nmetadata: {name: n1}', { title: 'Two Zones, one GPU!' });
    expect(f.fileName).toBe('two-zones-one-gpu.yaml');
    expect(f.content).toBe('# Podplay scenario: Two Zones, one GPU!\n# seed 0 (none set). Run it with: npm run simulate -- two-zones-one-gpu.yaml\napiVersion: v1\nkind: Node\nmetadata: {name: n1}\n');
    expect(fileNameFor('')).toBe('scenario.yaml');
  });

  it('keeps the title on the header\'s comment line', () => {
    const f = scenarioFile('apiVersion: v1\nkind: Node\nmetadata: {name: n1}\n', { title: 'a\r\nkind: Secret\u0085b\u001b]0;x\u0007' });
    expect(f.content.split('\n')[0]).toBe('# Podplay scenario: a kind: Secret\\u0085b\\u001b]0;x\\u0007');
    expect(loadOk(f.content).nodes.map((n) => n.metadata.name)).toEqual(['n1']);
  });
});
