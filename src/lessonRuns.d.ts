// The build's shipped lesson runs (vite.config.ts `shipLessonRuns`; src/worker/shipped.ts). Outside
// a build the module lists none.
declare module 'virtual:podplay/lesson-runs' {
  /** whether this build ships the lesson's run */
  export function hasShippedRun(id: string): boolean;
  /** the lesson's run (its chunk fetched), or undefined when none is shipped; the shape of ShippedRun */
  export function shippedRun(id: string): Promise<{ text: string; fileName: string; seed?: number; result: string }> | undefined;
}
