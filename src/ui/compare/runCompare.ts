// The Compare view's work, as its worker runs it: load the scenario once, make configuration B
// (from a preset, or the YAML the user wrote), run both and compare. Kept apart from the worker's
// message plumbing so it runs in tests.

import type { ScenarioError } from '../../engine/api';
import type { CompareMode, ConfigurationComparison } from '../../engine/readers';
import { compareConfigurations, loadSchedulerConfig } from '../../engine/experiments';
import { loadExpandedScenario } from '../../engine/index';
import { strategyVariant, type Strategy } from './presets';

/** the name configuration B's problems are reported under */
export const CONFIG_B_FILE = 'configuration B';
/** problems listed in the view; the rest are counted */
const MAX_ERRORS = 20;

export interface CompareRequest {
  id: number;
  text: string;
  fileName: string;
  seed?: number;
  /** configuration B as YAML, or a preset to make it from the scenario's own configuration */
  config: { yaml: string } | { preset: Strategy };
  /** what happens to the pods bound in the file (a dump's running pods); keep-bound when absent */
  mode?: CompareMode;
}

export type CompareReply =
  /** the YAML of a preset, made from configuration A (the view puts it in its editor) */
  | { type: 'config'; id: number; yaml: string }
  | { type: 'done'; id: number; comparison: ConfigurationComparison }
  | { type: 'error'; id: number; which: 'a' | 'b'; errors: ScenarioError[]; more: number };

export function runCompare(request: CompareRequest, post: (reply: CompareReply) => void): void {
  const { id, text, fileName, seed } = request;
  const fail = (which: 'a' | 'b', errors: ScenarioError[]) => post({ type: 'error', id, which, errors: errors.slice(0, MAX_ERRORS), more: Math.max(0, errors.length - MAX_ERRORS) });
  const loaded = loadExpandedScenario(text, fileName);
  if (!loaded.ok) return fail('a', loaded.errors);
  let yaml: string;
  if ('preset' in request.config) {
    yaml = strategyVariant(loaded.scenario.schedulerConfig?.object, request.config.preset);
    post({ type: 'config', id, yaml });
  } else {
    yaml = request.config.yaml;
  }
  const b = loadSchedulerConfig(yaml, CONFIG_B_FILE);
  if (!b.ok) return fail('b', b.errors);
  const out = compareConfigurations(loaded.scenario, b.config, CONFIG_B_FILE, seed === undefined ? {} : { seed }, request.mode ?? 'keep-bound');
  if (!out.ok) return fail(out.which, out.errors);
  post({ type: 'done', id, comparison: out.comparison });
}
