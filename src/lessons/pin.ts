// The lessons were written and checked against kube-scheduler v1.35: one that does not name its
// version runs as 1.35 (its card says so), not as the newest, until its teaching is brought up to
// date for 1.36+ (issue 17). The version is written into its scenario text, so links carry it.

import { scenarioKubernetesVersion, withKubernetesVersion } from '../interop/scenarioVersion';
import type { Lesson } from './types';

// one pinned object per lesson, whether the page loaded its file alone (./lazy.ts) or the whole
// catalog (./index.ts): a lesson on screen stays the same object when the gallery arrives
const pinnedOf = new WeakMap<Lesson, Lesson>();

export function pinned(lesson: Lesson): Lesson {
  let pin = pinnedOf.get(lesson);
  if (pin === undefined) {
    pin = scenarioKubernetesVersion(lesson.scenario) !== undefined ? lesson : { ...lesson, scenario: withKubernetesVersion(lesson.scenario, '1.35') };
    pinnedOf.set(lesson, pin);
  }
  return pin;
}
