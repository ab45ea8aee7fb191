// What the editor's YAML language service (monaco-yaml, in its own worker) may be given. It resolves
// every alias by walking the whole document (yaml's Alias.resolve without a cache, called from
// yaml-language-server's AST converter), so its cost is aliases × document size: 20,000 aliases in
// 80 KB keep that worker busy for over 30 s on every edit. Past the budget the editor keeps YAML
// colouring but drops schema hints (hover, completion, schema validation); the simulator's own
// parser, which resolves aliases in linear time under the scenario-wide alias budget, still checks
// the text and marks its errors.

/** More alias references than this and the hints go off, whatever the size. */
export const MAX_HINTED_ALIASES = 1_000;
/** aliases × characters the language service may walk per validation (about a second of its worker). */
export const MAX_HINTED_ALIAS_WORK = 30_000_000;

/**
 * Alias references (`*name` where a YAML node may start), counted up to `stopAt`. A lexical count:
 * a `*` inside a quoted string or a comment counts too, which only turns the hints off earlier.
 */
export function countAliases(text: string, stopAt: number): number {
  let count = 0;
  for (let at = text.indexOf('*'); at !== -1 && count < stopAt; at = text.indexOf('*', at + 1)) {
    const before = at === 0 ? '\n' : text[at - 1]!;
    const after = text[at + 1];
    if (after === undefined || ' \t\r\n,[]{}'.includes(after)) continue;
    if (' \t\r\n,[{:-?'.includes(before)) count++;
  }
  return count;
}

/** The hints are off: the text has more than `limit` aliases, the most its size allows. */
export type HintsOff = { limit: number; characters: number } | undefined;

/** Why the schema hints are off for this text, or undefined when they may stay on. */
export function hintsOff(text: string): HintsOff {
  const limit = Math.min(MAX_HINTED_ALIASES, Math.floor(MAX_HINTED_ALIAS_WORK / Math.max(1, text.length)));
  return countAliases(text, limit + 1) > limit ? { limit, characters: text.length } : undefined;
}
