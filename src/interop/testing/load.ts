// Test helper: a scenario text must load through the engine's loader without errors.

import { expect } from 'vitest';
import { formatScenarioError, loadScenario, type LoadedScenario } from '../../engine/model/load';

export function loadOk(text: string, fileName = 'imported.yaml'): LoadedScenario {
  const r = loadScenario(text, fileName);
  if (!r.ok) expect(r.errors.map(formatScenarioError)).toEqual([]);
  return (r as { ok: true; scenario: LoadedScenario }).scenario;
}

export const podNames = (s: LoadedScenario): string[] => s.pods.map((p) => `${p.metadata.namespace ?? 'default'}/${p.metadata.name}`);
