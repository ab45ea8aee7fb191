// Test helper: a scenario text must load through the engine's loader without errors.

import { expect } from 'vitest';
import { formatScenarioError, loadExpandedScenario, type ExpandedScenario } from '../../engine/index';

export function loadOk(text: string, fileName = 'imported.yaml'): ExpandedScenario {
  const r = loadExpandedScenario(text, fileName);
  if (!r.ok) expect(r.errors.map(formatScenarioError)).toEqual([]);
  return (r as { ok: true; scenario: ExpandedScenario }).scenario;
}

export const podNames = (s: ExpandedScenario): string[] => s.pods.map((p) => `${p.metadata.namespace ?? 'default'}/${p.metadata.name}`);
