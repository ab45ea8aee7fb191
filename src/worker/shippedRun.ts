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

/** Boot's hand-over: the shipped run of the lesson the link opens (undefined: none), asked for before the app loads. */
export function expectShippedRun(run: Promise<ShippedRun | undefined>): void {
  expected = run;
}

/** What boot asked for (once); undefined when it asked for nothing. */
export function takeShippedRun(): Promise<ShippedRun | undefined> | undefined {
  const taken = expected;
  expected = undefined;
  return taken;
}

