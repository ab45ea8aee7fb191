// Every lesson's run as the build ships it (./bake.ts, vite.config.ts `shipLessonRuns`) is the
// engine's: the page shows it for a lesson link instead of a run of the engine worker, so it must
// equal a fresh run of that text, field for field (and by the determinism bench's hash).

import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { hashJson } from '../../bench/hashJson';
import { simulate } from '../engine';
import { lessonFileName } from '../store/session';
import { answersLoad, type ShippedRun } from '../worker/shipped';
import { bakeLesson, shippedRunModule, shippedRunsModule } from './bake';
import { lessons } from './index';

/** What the browser reads from the lesson's chunk: the module's default export. */
function readModule(code: string): ShippedRun {
  const match = /^export default (.*);\n$/s.exec(code);
  if (match === null) throw new Error(`not a shipped run's module: ${code.slice(0, 80)}`);
  return JSON.parse(match[1]!) as ShippedRun;
}

describe('shipped lesson runs', () => {
  it.each(lessons.map((l) => [l.id, l] as const))('%s: the shipped result is a fresh run of the text a link to it carries', (id, lesson) => {
    const run = bakeLesson(lesson);
    expect(run, `${id} did not simulate`).toBeDefined();
    const shipped = readModule(shippedRunModule(run!));
    // the load the page sends when it opens the lesson (src/store/session.ts)
    const options = lesson.seed === undefined ? { fileName: lessonFileName(lesson) } : { fileName: lessonFileName(lesson), seed: lesson.seed };
    expect(answersLoad(shipped, { type: 'load', runId: 1, text: lesson.scenario, options })).toBe(true);
    const fresh = simulate(lesson.scenario, options);
    if (!fresh.ok) throw new Error(`${id}: ${fresh.errors[0]?.message}`);
    const result: unknown = JSON.parse(shipped.result);
    expect(hashJson(result).hash).toBe(hashJson(fresh.result).hash);
    // nothing JSON loses (undefined fields, NaN, Infinity, -0) is in a result
    expect(isDeepStrictEqual(result, structuredClone(fresh.result))).toBe(true);
  });

  it('answers only the load of its own text, file name and seed, run to the end', () => {
    const run: ShippedRun = { text: 'kind: Node', fileName: 'a.yaml', seed: 7, result: '{}' };
    const load = (text: string, options: { fileName?: string; seed?: number; until?: number }) => answersLoad(run, { type: 'load', runId: 1, text, options });
    expect(load('kind: Node', { fileName: 'a.yaml', seed: 7 })).toBe(true);
    expect(load('kind: Node ', { fileName: 'a.yaml', seed: 7 })).toBe(false);
    expect(load('kind: Node', { fileName: 'b.yaml', seed: 7 })).toBe(false);
    expect(load('kind: Node', { fileName: 'a.yaml' })).toBe(false);
    expect(load('kind: Node', { fileName: 'a.yaml', seed: 7, until: 10 })).toBe(false);
  });

  it('names one module per lesson', () => {
    const index = shippedRunsModule(['node-selector', 'dra-gpus'], (id) => `virtual:run/${id}`);
    expect(index.match(/import\(/g)).toHaveLength(2);
    for (const id of ['node-selector', 'dra-gpus']) expect(index).toContain(`${JSON.stringify(id)}: () => import("virtual:run/${id}")`);
  });
});
