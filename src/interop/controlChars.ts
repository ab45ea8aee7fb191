// Text from a scenario, a link or a dump, made safe to put where a reader of text takes some
// characters as instructions: a terminal (ESC and OSC sequences set the title, clear the screen,
// write the clipboard), a YAML or shell comment (a line break, and for YAML 1.1 readers such as
// kubectl's go-yaml also NEL and the Unicode line separators, end the comment), and a human
// reading either (bidirectional overrides reorder what is shown, "Trojan Source").

/**
 * Controls that JSON.stringify leaves raw: DEL, C1 controls (NEL among them), the Unicode line
 * and paragraph separators, and the bidirectional formatting characters (ALM, LRM, RLM,
 * LRE..RLO, LRI..PDI). A regular expression character class's contents.
 */
export const CONTROL_BEYOND_C0 = '\\u007f-\\u009f\\u061c\\u200e\\u200f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069';
/** C0 controls (tab and line feed included) and the rest. */
const CONTROL = new RegExp(`[\\u0000-\\u001f${CONTROL_BEYOND_C0}]`, 'g');
const BEYOND_C0 = new RegExp(`[${CONTROL_BEYOND_C0}]`, 'g');

const unicodeEscape = (c: string): string => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** `s` with every control character written as an escape (`\n`, `\u001b`), the rest unchanged. */
export function escapeControlChars(s: string): string {
  return s.replace(CONTROL, (c) => NAMED[c] ?? unicodeEscape(c));
}

/**
 * JSON text (from JSON.stringify) with the control characters it leaves raw written as `\u`
 * escapes: the same value for every JSON reader, nothing for a terminal to act on. They can
 * only occur inside strings, so any piece of the text can be escaped on its own.
 */
export function escapeJsonText(json: string): string {
  return json.replace(BEYOND_C0, unicodeEscape);
}
