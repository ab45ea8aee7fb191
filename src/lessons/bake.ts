// The build's run of every lesson (vite.config.ts `shipLessonRuns`, in Node): each lesson's text as a
// link to it carries it (pinned to its version, ./pin.ts), simulated by the engine the way the
// page's engine worker runs a load (src/worker/engine.worker.ts: startSimulation, then cycle by
// cycle) with the options the page sends for a lesson (src/store/session.ts). The page answers that
// load from it without waiting for the worker (src/worker/shipped.ts); bake.test.ts checks each
// one against a fresh run.

import { simulateCycles, startSimulation } from '../engine';
import type { SimulationResult } from '../engine/api';
import { lessonFileName } from '../store/session';
import type { ShippedRun } from '../worker/shipped';
import { lessons } from './index';
import type { Lesson } from './types';

/** The lesson's run as the build ships it; undefined when its text does not simulate (lessons.test.ts fails on that). */
export function bakeLesson(lesson: Lesson): ShippedRun | undefined {
  const fileName = lessonFileName(lesson);
  const started = startSimulation(lesson.scenario, lesson.seed === undefined ? { fileName } : { fileName, seed: lesson.seed });
  if (!started.ok) return undefined;
  const cycles = simulateCycles(started.simulation);
  let next = cycles.next();
  while (next.done !== true) next = cycles.next();
  const result: SimulationResult = next.value;
  return { text: lesson.scenario, fileName, ...(lesson.seed === undefined ? {} : { seed: lesson.seed }), result: JSON.stringify(result) };
}

/** Every lesson's shipped run, by lesson id. */
export function bakeLessons(): Map<string, ShippedRun> {
  const runs = new Map<string, ShippedRun>();
  for (const lesson of lessons) {
    const run = bakeLesson(lesson);
    if (run !== undefined) runs.set(lesson.id, run);
  }
  return runs;
}

/** The chunk of one lesson's shipped run (vite.config.ts `shipLessonRuns`). */
export function shippedRunModule(run: ShippedRun): string {
  return `export default ${JSON.stringify(run)};\n`;
}

/**
 * The module boot imports (`virtual:podplay/lesson-runs`): which lessons have a shipped run, and a
 * fetch of each, one chunk per lesson (`runModule(id)` names its module).
 */
export function shippedRunsModule(ids: readonly string[], runModule: (id: string) => string): string {
  const entries = ids.map((id) => `  ${JSON.stringify(id)}: () => import(${JSON.stringify(runModule(id))}),`);
  return [
    'const runs = {',
    ...entries,
    '};',
    'export const hasShippedRun = (id) => Object.hasOwn(runs, id);',
    'export const shippedRun = (id) => (Object.hasOwn(runs, id) ? runs[id]().then((m) => m.default) : undefined);',
    '',
  ].join('\n');
}
