// A lesson link pins its lesson from the run boot fetched (src/worker/shippedRun.ts), not by writing
// the version with the `yaml` package (./pin.ts), and the catalog later pins it to the same object.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Lesson } from './types';

const ID = 'node-selector';

async function freshModules() {
  vi.resetModules();
  const shippedRun = await import('../worker/shippedRun');
  const lazy = await import('./lazy');
  const files = await import('./files');
  const found = Object.values(await files.lessonFile(ID)!).find((v): v is Lesson => (v as Lesson | undefined)?.id === ID);
  return { shippedRun, lazy, found: found! };
}

describe('loadLesson on a lesson link', () => {
  beforeEach(() => vi.resetModules());

  it("takes the lesson's pinned text from the shipped run of that lesson, and the catalog keeps that object", async () => {
    const { shippedRun, lazy, found } = await freshModules();
    // a marker, so the test sees which text was used (bake.test.ts checks the real one equals ./pin.ts's)
    const text = `# shipped\n${found.scenario}`;
    shippedRun.expectShippedRun(Promise.resolve({ text, fileName: `${ID}.yaml`, result: '{}' }), Promise.resolve(ID));
    const lesson = await lazy.loadLesson(ID);
    expect(lesson?.scenario).toBe(text);
    const { pinned } = await import('./pin');
    expect(pinned(found)).toBe(lesson);
  });

  it("pins it itself when boot fetched another lesson's run, or none", async () => {
    for (const other of [Promise.resolve('taints-noschedule'), undefined]) {
      const { shippedRun, lazy, found } = await freshModules();
      shippedRun.expectShippedRun(Promise.resolve({ text: 'kind: Node', fileName: 'x.yaml', result: '{}' }), other);
      const { pinned } = await import('./pin');
      const lesson = await lazy.loadLesson(ID);
      expect(lesson).toBe(pinned(found));
      expect(lesson?.scenario).toContain('kubernetesVersion');
    }
  });

  it('pins it itself when the shipped run failed to arrive', async () => {
    const { shippedRun, lazy, found } = await freshModules();
    shippedRun.expectShippedRun(Promise.resolve(undefined), Promise.resolve(ID));
    const { pinned } = await import('./pin');
    expect(await lazy.loadLesson(ID)).toBe(pinned(found));
  });
});
