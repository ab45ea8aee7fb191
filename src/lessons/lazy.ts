// The lessons as the page loads them. A lesson link needs one lesson before it is interactive, so
// the page's chunk carries none: `loadLesson` fetches the one catalog file that holds the linked
// lesson (a chunk of a few KB), and `loadAllLessons` the whole catalog (./index.ts: the gallery's
// cards, the lesson after the last point) once the lesson is on screen or the gallery opens
// (bench/browser/lessonFirstLoad.spec.ts). Reading is synchronous: `lessonById` knows the lessons
// loaded so far; importing ./index.ts (the tests, the CLI, the browser tests' Node side) loads
// them all. Links name lessons by id, so an old link finds its lesson here as before.

import { lessonFile } from './files';

export { isListedLesson } from './files';
import { shippedLessonText } from '../worker/shippedRun';
import { pinnedAlready, rememberPinned } from './pinCache';
import type { Lesson } from './types';

export type * from './types';
export { LESSON_PHASES, SPOILERS } from './types';
export { defaultHides, hiddenAtCycle, isCyclePosition, lessonStory, storyPresses, type LessonQuestion, type LessonStory, type StoryBeat } from './story';
export { comparePositions, phaseExists, readFact, revealPosition, type PlaybackPosition, type ShownEvent } from './facts';

const byId = new Map<string, Lesson>();
/** every lesson in teaching order, once the whole catalog is loaded */
let catalog: readonly Lesson[] | undefined;
const listeners = new Set<() => void>();

/** Makes lessons known to `lessonById`; `complete`: the whole catalog in teaching order. */
export function registerLessons(list: readonly Lesson[], complete: boolean): void {
  for (const lesson of list) byId.set(lesson.id, lesson);
  if (complete) catalog = list;
  for (const listener of listeners) listener();
}

export function lessonById(id: string): Lesson | undefined {
  return byId.get(id);
}

/** Every lesson in teaching order, or undefined while the catalog is not loaded yet. */
export function allLessons(): readonly Lesson[] | undefined {
  return catalog;
}

/** Called whenever more lessons are known (a view waiting for the gallery's cards). */
export function onLessonsLoaded(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

const isLesson = (value: unknown, id: string): value is Lesson =>
  typeof value === 'object' && value !== null && (value as { id?: unknown }).id === id && typeof (value as { scenario?: unknown }).scenario === 'string';

/** The lesson, fetching only the catalog file that holds it; undefined for an id no file lists. */
export async function loadLesson(id: string): Promise<Lesson | undefined> {
  const known = byId.get(id);
  if (known !== undefined) return known;
  const file = lessonFile(id);
  if (file === undefined) return undefined;
  const found = Object.values(await file).find((value) => isLesson(value, id));
  if (found === undefined) return undefined;
  const lesson = byId.get(id) ?? (await pinnedLesson(id, found));
  registerLessons([lesson], false);
  return lesson;
}

/**
 * The lesson pinned to its version (./pin.ts). A lesson link's pinned text comes with the build's
 * run of that lesson, which boot fetched (src/worker/shippedRun.ts; src/lessons/bake.test.ts checks
 * it is the text ./pin.ts writes), so the page does not download the `yaml` package ./pin.ts needs
 * before the lesson is on screen (bench/browser/lessonFirstLoad.spec.ts).
 */
async function pinnedLesson(id: string, lesson: Lesson): Promise<Lesson> {
  const known = pinnedAlready(lesson);
  if (known !== undefined) return known;
  const shipped = await shippedLessonText(id);
  if (shipped !== undefined) return rememberPinned(lesson, shipped);
  return (await import('./pin')).pinned(lesson);
}

/** The whole catalog in teaching order (fetched once). */
export async function loadAllLessons(): Promise<readonly Lesson[]> {
  return catalog ?? (await import('./index')).lessons;
}

/** The gallery's topics, each with its lessons, in teaching order (a topic where it first appears). */
export function lessonsByTopic(all: readonly Lesson[]): [string, Lesson[]][] {
  const topics = new Map<string, Lesson[]>();
  for (const lesson of all) topics.set(lesson.topic, [...(topics.get(lesson.topic) ?? []), lesson]);
  return [...topics];
}

/** The lesson the gallery lists after this one (none after the last, nor before the catalog is loaded). */
export function lessonAfter(id: string): Lesson | undefined {
  if (catalog === undefined) return undefined;
  const order = lessonsByTopic(catalog).flatMap(([, list]) => list);
  const i = order.findIndex((l) => l.id === id);
  return i < 0 ? undefined : order[i + 1];
}
