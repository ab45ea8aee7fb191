// The worker's side of the protocol, without the Worker itself, so it runs in unit tests and in
// engine.worker.ts alike. Simulation happens here, off the main thread, cycle by cycle in slices of
// about 8 ms: between slices a newer load, a cancel or a seek gets in.

import type { ScenarioError, SimulateOptions, SimulationResult } from '../engine/api';
import type { ExpandedScenario } from '../engine/index';
import type { RunId, RunPosition, WorkerReply, WorkerRequest } from './protocol';
import { RunSession, frameTransfer } from './session';
import { postableScenario } from '../engine/readers';

/** A simulation under way: `advance` runs one cycle and says whether the run has ended. */
export interface EngineRun {
  advance(): boolean;
  result(): SimulationResult;
  /** how far the run got (sent as `progress`, so a run that hangs can be named) */
  position?(): RunPosition;
  /** the scenario as loaded, before the run changed it (a copy), for lendBaseline */
  scenario?(): ExpandedScenario | undefined;
}

export type StartFn = (scenarioText: string, options: SimulateOptions) => { ok: true; run: EngineRun } | { ok: false; errors: ScenarioError[] };

export interface HostDeps {
  start: StartFn;
  /** what must be fetched before `start` can run this text (the CEL evaluator), or undefined */
  prepare?(scenarioText: string): Promise<void> | undefined;
  post(reply: WorkerReply, transfer?: ArrayBuffer[]): void;
  now(): number;
  /** runs fn after messages already queued (setTimeout 0 in the worker) */
  defer(fn: () => void): void;
}

const SLICE_MS = 8;
/** How often a run still simulating says how far it got: the client stops a worker silent for much longer. */
export const PROGRESS_MS = 250;

function internalError(options: SimulateOptions, e: unknown): ScenarioError {
  const message = `the simulator failed on this scenario (a bug in Podplay, please report it): ${e instanceof Error ? e.message : String(e)}`;
  return { file: options.fileName ?? 'scenario.yaml', line: 1, column: 1, message };
}

export function createWorkerHost(deps: HostDeps): { handle(request: WorkerRequest): void } {
  const sessions = new Map<RunId, RunSession>();
  /** the newest load; an older one still computing stops at its next slice */
  let latestLoad: RunId = -1;
  /** hangNextRun: how long the next run's first step spins */
  let hangFor = 0;
  /** the newest finished run's inputs, loaded scenario and result: what lendBaseline hands over */
  let lendable: { runId: RunId; text: string; options: SimulateOptions; scenario: ExpandedScenario; result: SimulationResult } | undefined;

  function fail(runId: RunId, errors: ScenarioError[]): void {
    deps.post({ type: 'error', runId, errors });
  }

  function finish(runId: RunId, result: SimulationResult, source: { text: string; scenario: ExpandedScenario | undefined }, options: SimulateOptions): void {
    const { text, scenario } = source;
    lendable = scenario === undefined ? undefined : { runId, text, options, scenario, result };
    const session = new RunSession(result);
    // keep only the newest good run: the main thread shows the previous one until this arrives
    sessions.clear();
    sessions.set(runId, session);
    deps.post({ type: 'loaded', runId, summary: session.summary() });
  }

  function compute(runId: RunId, text: string, run: EngineRun, options: SimulateOptions, lastProgress = deps.now()): void {
    if (runId !== latestLoad) return;
    const start = deps.now();
    if (start - lastProgress >= PROGRESS_MS) {
      lastProgress = start;
      deps.post({ type: 'progress', runId, position: run.position?.() ?? { cycles: 0, time: 0 } });
    }
    try {
      while (deps.now() - start < SLICE_MS) {
        if (run.advance()) {
          finish(runId, run.result(), { text, scenario: run.scenario?.() }, options);
          return;
        }
      }
    } catch (e) {
      fail(runId, [internalError(options, e)]);
      return;
    }
    deps.defer(() => compute(runId, text, run, options, lastProgress));
  }

  function load(runId: RunId, text: string, options: SimulateOptions): void {
    if (runId !== latestLoad) return;
    let fetching: Promise<void> | undefined;
    try {
      fetching = deps.prepare?.(text);
    } catch (e) {
      fail(runId, [internalError(options, e)]);
      return;
    }
    if (fetching === undefined) begin(runId, text, options);
    else fetching.then(() => begin(runId, text, options), (e: unknown) => {
      if (runId === latestLoad) fail(runId, [{ file: options.fileName ?? 'scenario.yaml', line: 1, column: 1, message: e instanceof Error ? e.message : String(e) }]);
    });
  }

  function begin(runId: RunId, text: string, options: SimulateOptions): void {
    if (runId !== latestLoad) return;
    let started: ReturnType<StartFn>;
    try {
      started = deps.start(text, options);
    } catch (e) {
      started = { ok: false, errors: [internalError(options, e)] };
    }
    if (!started.ok) {
      fail(runId, started.errors);
      return;
    }
    // from here a newer load or a cancel stops it between slices; until here only terminating could
    deps.post({ type: 'started', runId });
    compute(runId, text, hangFor > 0 ? hangingRun(started.run, hangFor, deps.now) : started.run, options);
    hangFor = 0;
  }

  function pump(runId: RunId, maxCycles: number, continueAfter: boolean): void {
    const session = sessions.get(runId);
    if (session === undefined) return;
    if (continueAfter && session.paused) return;
    const batch = session.nextBatch(SLICE_MS, deps.now, maxCycles);
    if (batch.cycles.length > 0 || batch.events.length > 0) deps.post({ type: 'events', runId, ...batch });
    if (session.finished) deps.post({ type: 'done', runId });
    else if (continueAfter) deps.defer(() => pump(runId, Infinity, true));
  }

  /**
   * Hands the fix worker the newest finished run's loaded scenario and result, when that run is of
   * the text, file name and seed the search asks for (the page's runs have no `until`, nor do the
   * search's). The functions that locate a KubeSchedulerConfiguration's or a timeline step's source
   * lines go as their data (engine/model/locator.ts); a scenario postMessage cannot copy all the
   * same is not lent: the fix worker loads it itself.
   */
  function lend({ port, text, fileName, seed }: Extract<WorkerRequest, { type: 'lendBaseline' }>): void {
    const kept = lendable !== undefined && sessions.has(lendable.runId) ? lendable : undefined;
    const same = kept !== undefined && kept.text === text && kept.options.fileName === fileName && kept.options.seed === seed && kept.options.until === undefined;
    try {
      if (same) port.postMessage({ type: 'baseline', scenario: postableScenario(kept.scenario), baseline: kept.result });
      else port.postMessage({ type: 'none', reason: kept === undefined ? 'no finished run' : 'the run on hand is of another scenario' });
    } catch (e) {
      port.postMessage({ type: 'none', reason: `the loaded scenario cannot be copied: ${e instanceof Error ? e.message : String(e)}` });
    }
    port.close();
  }

  return {
    handle(request) {
      // answered at once: a worker that does not answer is stuck in a step, and the client replaces it
      if (request.type === 'load' || request.type === 'cancel') deps.post({ type: 'heard', runId: request.runId });
      switch (request.type) {
        case 'load':
          latestLoad = request.runId;
          deps.defer(() => load(request.runId, request.text, request.options));
          return;
        case 'run': {
          const session = sessions.get(request.runId);
          if (session === undefined) return;
          session.paused = false;
          pump(request.runId, Infinity, true);
          return;
        }
        case 'pause': {
          const session = sessions.get(request.runId);
          if (session !== undefined) session.paused = true;
          return;
        }
        case 'step':
          pump(request.runId, 1, false);
          return;
        case 'cancel':
          sessions.delete(request.runId);
          if (latestLoad === request.runId) latestLoad = -1;
          return;
        case 'hangNextRun':
          hangFor = request.ms;
          return;
        case 'lendBaseline':
          lend(request);
          return;
        case 'seek': {
          const frame = sessions.get(request.runId)?.frame(request.cycle);
          if (frame !== undefined) deps.post({ type: 'snapshot', runId: request.runId, frame }, frameTransfer(frame));
          return;
        }
      }
    },
  };
}

/** `run`, whose first step spins for `ms` before it starts (hangNextRun). */
function hangingRun(run: EngineRun, ms: number, now: () => number): EngineRun {
  let hung = false;
  return {
    ...run,
    advance() {
      if (!hung) {
        hung = true;
        const until = now() + ms;
        while (now() < until) { /* a step that does not return */ }
      }
      return run.advance();
    },
  };
}

/** An engine that returns its whole result at once, as a run of one step (for tests and fallbacks). */
export function runOfResult(result: SimulationResult): EngineRun {
  return { advance: () => true, result: () => result };
}
