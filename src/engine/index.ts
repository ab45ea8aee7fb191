// The engine's entry point (contract section 6): scenario text in, SimulationResult out.
// Pure TypeScript: the CLI, the Web Worker and the tests all call this.

import type { CycleTrace, ScenarioError, SimulateOptions, SimulateOutcome, SimulationResult } from './api';
import { formatFieldPath, resolveSchedulerConfig } from './framework/config';
import type { FeatureGates } from './features';
import { resolveKubernetesVersion, versionFeatureGates, versionSwitches, type InferredKubernetesVersion, type KubernetesVersion } from './versions';
import { policyToProfile } from './framework/config/legacyPolicy';
import type { SchedulerConfiguration } from './framework/config/types';
import type { ConfigError } from './framework/config/types';
import { loadScenario, type LoadResult, type ScenarioContents } from './model/load';
import { expandScenario, type ExpandedScenario, type ExpandResult } from './controllers/expand';
import { capProblems } from './model/decoder';
import { clipMessage } from './model/quote';
import { newInTreeRegistry } from './plugins/registry';
import { Simulation } from './simulation/simulation';
import { ControllerManager } from './simulation/controllerManager';
import { EvictionManager } from './simulation/evictionManager';
import { QuotaManager } from './simulation/quotaManager';
import { DeviceTaintEvictionManager } from './simulation/deviceTaintEviction';
import { runDeschedulerStep } from './simulation/descheduler';
import { applyTimelineStep, type TimelineDeps } from './timeline/apply';
import { ClusterAutoscaler } from './simulation/autoscaler';
import { seededRng } from './framework/rng';

export type * from './api';
export { formatScenarioError } from './model/load';
export { boundedResult } from './simulation/traceSummary';
export type { ExpandedScenario } from './controllers/expand';
// reading YAML with positions, for the importers (src/interop), which run in the workers and the CLI
export { MAX_DEPTH, parseYaml, parseYamlWithPackage, toPlain, type ParsedSource } from './model/source';
// the page's engine worker fetches the CEL evaluator and the descheduler only for a scenario that needs them (lazyFeature.ts)
export { prepareEngineFeatures } from './lazyFeatures';

export type StartOutcome = { ok: true; simulation: Simulation; scenario: ExpandedScenario } | { ok: false; errors: ScenarioError[]; warnings: ScenarioError[] };

type Located = ScenarioContents['schedulerConfig'];

function configErrors(scenario: ScenarioContents, errors: ConfigError[], source: Located = scenario.schedulerConfig, kind = 'KubeSchedulerConfiguration'): ScenarioError[] {
  const name = (source?.object.metadata as { name?: string } | undefined)?.name;
  return errors.map((e) => {
    const at = source ? source.locate(e.path) : { line: 1, column: 1 };
    const path = formatFieldPath(e.path);
    return {
      file: scenario.fileName, line: at.line, column: at.column, ...(path ? { path } : {}),
      message: clipMessage(`${kind}${name ? ` ${name}` : ''}: ${path ? `${path}: ` : ''}${e.message}`),
    };
  });
}

/**
 * The scheduler configuration: the KubeSchedulerConfiguration document, or a legacy Policy
 * translated into the one profile kube-scheduler v1.22 built from it.
 */
function schedulerConfiguration(scenario: ScenarioContents, registry: ReturnType<typeof newInTreeRegistry>, gates: FeatureGates):
  { ok: true; config: SchedulerConfiguration; warnings: ScenarioError[] } | { ok: false; errors: ScenarioError[] } {
  const policy = scenario.legacyPolicy;
  if (policy && scenario.schedulerConfig) {
    return { ok: false, errors: configErrors(scenario, [{ path: [], message: 'a scenario takes a KubeSchedulerConfiguration or a legacy Policy, not both' }], policy, 'Policy') };
  }
  const resolved = resolveSchedulerConfig(scenario.schedulerConfig?.object, registry, gates);
  if (resolved.errors.length) return { ok: false, errors: configErrors(scenario, resolved.errors) };
  const warnings = configErrors(scenario, resolved.warnings);
  if (!policy) return { ok: true, config: resolved.config, warnings };
  const translated = policyToProfile(policy.object, registry);
  if (!translated.profile) return { ok: false, errors: configErrors(scenario, translated.errors, policy, 'Policy') };
  warnings.push(...configErrors(scenario, translated.warnings.map((message) => ({ path: [], message })), policy, 'Policy'));
  return { ok: true, config: { ...resolved.config, profiles: [translated.profile] }, warnings };
}


/**
 * Loads and validates a scenario and builds the scheduler, ready to run. Never throws on user input.
 * `loaded` sees the loaded scenario before the simulation takes it over (and changes it): the
 * page's engine worker keeps a copy for the fix worker (src/worker/host.ts, lendBaseline).
 */
export function startSimulation(scenarioText: string, options: SimulateOptions = {}, loaded?: (scenario: ExpandedScenario) => void): StartOutcome {
  const fileName = options.fileName ?? 'scenario.yaml';
  const started = start(scenarioText, fileName, options, loaded);
  if (started.ok) return started;
  return { ok: false, errors: capProblems(started.errors, 'error', fileName), warnings: capProblems(started.warnings, 'warning', fileName) };
}

function start(scenarioText: string, fileName: string, options: SimulateOptions, onLoaded?: (scenario: ExpandedScenario) => void): StartOutcome {
  try {
    const loaded = loadExpandedScenario(scenarioText, fileName, options.kubernetesVersion, options.inferredKubernetesVersion);
    if (!loaded.ok) return loaded;
    onLoaded?.(loaded.scenario);
    return startLoadedSimulation(loaded.scenario, options);
  } catch (e) {
    return { ok: false, errors: [internalError(fileName, e)], warnings: [] };
  }
}

/**
 * The whole loading pipeline: parse, decode and validate, admit (model/load.ts), then the
 * workload controllers' first run (controllers/expand.ts). Never throws on user input.
 */
export function loadExpandedScenario(scenarioText: string, fileName = 'scenario.yaml', kubernetesVersion?: KubernetesVersion, fromDump?: InferredKubernetesVersion): ExpandResult {
  const loaded: LoadResult = loadScenario(scenarioText, fileName, kubernetesVersion, fromDump);
  return loaded.ok ? { ok: true, scenario: expandScenario(loaded.scenario, kubernetesVersion) } : loaded;
}

/**
 * Builds the scheduler for a scenario already loaded (the simulation takes ownership of its
 * objects: pass a copy, see ./whatIf, to run one loaded scenario more than once).
 */
export function startLoadedSimulation(scenario: ExpandedScenario, options: SimulateOptions = {}): StartOutcome {
  const fileName = scenario.fileName;
  try {
    const registry = newInTreeRegistry();
    // the version: the option's, else the scenario's spec.kubernetesVersion, else the newest
    const kubernetesVersion = resolveKubernetesVersion(scenario.meta.kubernetesVersion, options.kubernetesVersion, scenario.meta.inferredKubernetesVersion);
    const switches = versionSwitches(kubernetesVersion.version, options.versionChanges);
    const gates = versionFeatureGates(switches, scenario.meta.featureGates);
    const resolved = schedulerConfiguration(scenario, registry, gates);
    if (!resolved.ok) return { ok: false, errors: resolved.errors, warnings: scenario.warnings };
    const seed = options.seed ?? scenario.meta.seed ?? 0;
    const built = Simulation.create(scenario, resolved.config, registry, { seed, gates, kubernetesVersion, versionSwitches: switches, ...(options.until !== undefined ? { until: options.until } : {}) });
    if (!built.ok) return { ok: false, errors: configErrors(scenario, built.errors), warnings: scenario.warnings };
    const simulation = built.sim;
    simulation.warnings.push(...resolved.warnings, ...configErrors(scenario, built.warnings));
    const evictions = new EvictionManager(simulation);
    // kube-controller-manager starts the device taint eviction controller with DRADeviceTaints
    if (gates.DRADeviceTaints) simulation.parts.push(new DeviceTaintEvictionManager(simulation, gates.DRADeviceTaintRules));
    // registered before the workload controllers: a pod's deletion releases quota first
    const quotas = new QuotaManager(simulation);
    const deps: TimelineDeps = {
      quotas,
      controllers: new ControllerManager(simulation),
      nodeChanged: (_sim, node) => evictions.nodeChanged(node),
      evict: (_sim, key) => { evictions.evict(key); },
      deschedule: (_sim, policy) => runDeschedulerStep(simulation, evictions, policy),
    };
    simulation.applyTimelineStep = (step) => applyTimelineStep(simulation, step, deps);
    simulation.parts.push(evictions, quotas, deps);
    if (scenario.clusterAutoscaler) {
      // its own generator: the expander's random choice does not shift the scheduler's tie-breaks
      simulation.parts.push(new ClusterAutoscaler(simulation, scenario.clusterAutoscaler, seededRng((seed ^ 0x5ca1ab1e) >>> 0), {
        nodeChanged: (node) => { evictions.nodeChanged(node); deps.controllers.nodesChanged(); },
        evict: (key) => evictions.evict(key, 'cluster-autoscaler'),
      }));
    }
    return { ok: true, simulation, scenario };
  } catch (e) {
    return { ok: false, errors: [internalError(fileName, e)], warnings: [] };
  }
}

function internalError(file: string, e: unknown): ScenarioError {
  return { file, line: 1, column: 1, message: `internal error in the simulator (please report it): ${e instanceof Error ? e.message : String(e)}` };
}

/** Runs a whole scenario. Same text + same seed ⇒ identical result. */
export function simulate(scenarioText: string, options: SimulateOptions = {}): SimulateOutcome {
  const started = startSimulation(scenarioText, options);
  if (!started.ok) return { ok: false, errors: started.errors };
  try {
    for (const _cycle of started.simulation.run()) { /* run to the end */ }
    return { ok: true, result: started.simulation.result() };
  } catch (e) {
    return { ok: false, errors: [internalError(options.fileName ?? 'scenario.yaml', e)] };
  }
}

/** The streaming form: yields cycles one by one, then returns the whole result. */
export function* simulateCycles(simulation: Simulation): Generator<CycleTrace, SimulationResult, void> {
  yield* simulation.run();
  return simulation.result();
}
