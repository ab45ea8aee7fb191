// A workshop given today teaches the newest version: a lesson that does not name its version runs
// as 1.37 (its card says so). Every lesson was checked at 1.37 (src/lessons/lessons.test.ts: the
// same outcome, and every number its text states); one whose concept belongs to one version names
// it in its scenario and says so in its text (gang-scheduling: the v1.35 v1alpha1 Workload API).
// The version is written into its scenario text, so links carry it.

import { NEWEST_KUBERNETES_VERSION, scenarioKubernetesVersion, withKubernetesVersion } from '../interop/scenarioVersion';
import type { Lesson } from './types';

// one pinned object per lesson, whether the page loaded its file alone (./lazy.ts) or the whole
// catalog (./index.ts): a lesson on screen stays the same object when the gallery arrives
const pinnedOf = new WeakMap<Lesson, Lesson>();

export function pinned(lesson: Lesson): Lesson {
  let pin = pinnedOf.get(lesson);
  if (pin === undefined) {
    pin = scenarioKubernetesVersion(lesson.scenario) !== undefined ? lesson : { ...lesson, scenario: withKubernetesVersion(lesson.scenario, NEWEST_KUBERNETES_VERSION) };
    pinnedOf.set(lesson, pin);
  }
  return pin;
}
