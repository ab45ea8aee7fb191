import { describe, expect, it } from 'vitest';
import { lessons } from './index';
import { LESSON_FILES, lessonFile } from './files';
import { allLessons, lessonAfter, lessonById, loadAllLessons, loadLesson } from './lazy';
import { pinned } from './pin';
import type { Lesson } from './types';

const isLesson = (value: unknown): value is Lesson => typeof value === 'object' && value !== null && typeof (value as Lesson).id === 'string' && typeof (value as Lesson).scenario === 'string';

describe('a lesson link loads only its own catalog file (src/lessons/files.ts)', () => {
  it.each(lessons.map((l) => [l.id, l] as const))('%s: its file holds it, and the page gets the catalog\'s own object', async (id, lesson) => {
    const file = lessonFile(id);
    expect(file, `${id} is in no entry of LESSON_FILES`).toBeDefined();
    const found = Object.values(await file!).filter(isLesson).find((l) => l.id === id);
    expect(found, `LESSON_FILES names the wrong file for ${id}`).toBeDefined();
    expect(pinned(found!)).toBe(lesson);
    expect(await loadLesson(id)).toBe(lesson);
  });

  it('names no lesson twice and none the catalog lacks', () => {
    const named = LESSON_FILES.flatMap(([, ids]) => ids);
    expect(new Set(named).size).toBe(named.length);
    expect([...named].sort()).toEqual(lessons.map((l) => l.id).sort());
  });

  it('an id no file lists (an old link of a removed lesson) loads nothing', async () => {
    expect(lessonFile('no-such-lesson')).toBeUndefined();
    expect(await loadLesson('no-such-lesson')).toBeUndefined();
  });

  it('the whole catalog, once loaded, is what the gallery and the lesson after read', async () => {
    expect(await loadAllLessons()).toBe(lessons);
    expect(allLessons()).toBe(lessons);
    expect(lessonById(lessons[0]!.id)).toBe(lessons[0]);
    expect(lessonAfter(lessons[0]!.id)?.id).toBeDefined();
  });
});
