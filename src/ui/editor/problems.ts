// How many of a scenario's problems the page shows. A hostile link can carry a scenario with
// hundreds of thousands of errors; a list item and a Monaco marker for each would hold the page
// for seconds. The first SHOWN_PROBLEMS are shown (errors before warnings), with a count of the rest.

import type { ScenarioError } from '../../engine/api';

export const SHOWN_PROBLEMS = 500;

export interface ShownProblems {
  errors: readonly ScenarioError[];
  warnings: readonly ScenarioError[];
  /** problems not shown */
  hidden: number;
}

/**
 * How many problems a list stands for. The engine reports the first LIMITS.reportedProblems and
 * ends the list with one entry "... and N more errors" (src/engine/model/decoder.ts, withCount).
 */
export function problemCount(list: readonly ScenarioError[]): number {
  const more = /^\.\.\. and ([\d,]+) more (?:error|warning)s? /.exec(list.at(-1)?.message ?? '');
  return more === null ? list.length : list.length - 1 + Number(more[1]!.replace(/,/g, ''));
}

/** The errors and warnings to show: at most `limit` together, errors first. */
export function shownProblems(errors: readonly ScenarioError[], warnings: readonly ScenarioError[], limit = SHOWN_PROBLEMS): ShownProblems {
  const shownErrors = errors.length > limit ? errors.slice(0, limit) : errors;
  const room = limit - shownErrors.length;
  const shownWarnings = warnings.length > room ? warnings.slice(0, room) : warnings;
  const hiddenOf = (all: readonly ScenarioError[], shown: readonly ScenarioError[]) => (shown.length === all.length ? 0 : problemCount(all) - shown.length);
  return { errors: shownErrors, warnings: shownWarnings, hidden: hiddenOf(errors, shownErrors) + hiddenOf(warnings, shownWarnings) };
}
