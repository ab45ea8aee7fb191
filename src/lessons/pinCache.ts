// One pinned object per lesson (./pin.ts), whether the page loaded its file alone (./lazy.ts) or the
// whole catalog (./index.ts): a lesson on screen stays the same object when the gallery arrives.
// A module of its own, without the `yaml` package ./pin.ts writes the version with: a lesson link
// pins its lesson from the build's run of it (./lazy.ts), before the page has that package.

import type { Lesson } from './types';

const pinnedOf = new WeakMap<Lesson, Lesson>();

/** The lesson as pinned so far, or undefined. */
export function pinnedAlready(lesson: Lesson): Lesson | undefined {
  return pinnedOf.get(lesson);
}

/** Records `scenario` (the lesson's text with its version written in) as the lesson's pinned text. */
export function rememberPinned(lesson: Lesson, scenario: string): Lesson {
  const known = pinnedOf.get(lesson);
  if (known !== undefined) return known;
  const pin = scenario === lesson.scenario ? lesson : { ...lesson, scenario };
  pinnedOf.set(lesson, pin);
  return pin;
}
