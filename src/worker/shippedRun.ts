// Boot's hand-over of a lesson link's shipped run to the app (./shipped.ts), in a module of its
// own: the page's first script imports it, and nothing else of the client.

/** One lesson's run as the build ships it: the load it answers, and the result as JSON (parsed per load). */
export interface ShippedRun {
  text: string;
  fileName: string;
  seed?: number;
  result: string;
}

let expected: Promise<ShippedRun | undefined> | undefined;
/** the link's lesson and its shipped run, kept after the app took the run (src/lessons/lazy.ts pins the lesson from it) */
let linkedLesson: { id: Promise<string | undefined>; run: Promise<ShippedRun | undefined> } | undefined;

/** Boot's hand-over: the shipped run of the lesson the link opens (undefined: none), asked for before the app loads. */
export function expectShippedRun(run: Promise<ShippedRun | undefined>, lessonId?: Promise<string | undefined>): void {
  expected = run;
  linkedLesson = lessonId === undefined ? undefined : { id: lessonId, run };
}

/** The text the build ran for lesson `id` (the lesson pinned to its version), if boot fetched that lesson's run. */
export async function shippedLessonText(id: string): Promise<string | undefined> {
  if (linkedLesson === undefined || (await linkedLesson.id) !== id) return undefined;
  return (await linkedLesson.run)?.text;
}

/** What boot asked for (once); undefined when it asked for nothing. */
export function takeShippedRun(): Promise<ShippedRun | undefined> | undefined {
  const taken = expected;
  expected = undefined;
  return taken;
}

