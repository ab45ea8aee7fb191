// How the engine worker starts a run (./engine.worker.ts), kept apart from the Worker itself so that
// tests run the same thing: the engine's streaming form, one cycle per `advance`, with a copy of
// the scenario as loaded, which the worker lends the fix worker (./host.ts, lendBaseline).

import { simulateCycles, startSimulation, type ExpandedScenario } from '../engine';
import type { SimulationResult } from '../engine/api';
import { copyScenario } from '../engine/experiments';
import type { StartFn } from './host';
import type { RunPosition } from './protocol';

export const startEngineRun: StartFn = (text, options) => {
  // the simulation changes the objects it runs on: the copy is taken before (0.13 s of CPU on the
  // 17 MB, 5,000-pod dump, against 3 s of load and 1.7 s of run), so the fix worker need not pay both again
  let loaded: ExpandedScenario | undefined;
  const started = startSimulation(text, options, (scenario) => { loaded = copyScenario(scenario); });
  if (!started.ok) return { ok: false, errors: started.errors };
  const cycles = simulateCycles(started.simulation);
  let result: SimulationResult | undefined;
  const position: RunPosition = { cycles: 0, time: 0 };
  return {
    ok: true,
    run: {
      advance() {
        const next = cycles.next();
        if (next.done) {
          result = next.value;
        } else {
          position.cycles++;
          position.time = next.value.time;
          position.pod = next.value.pod;
        }
        return next.done === true;
      },
      result: () => result!,
      position: () => ({ ...position }),
      scenario: () => loaded,
    },
  };
};
