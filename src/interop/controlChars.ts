// Text from a scenario, a link or a dump, made safe to put where a reader of text takes some
// characters as instructions: a terminal (ESC and OSC sequences set the title, clear the screen,
// write the clipboard), a YAML or shell comment (a line break, and for YAML 1.1 readers such as
// kubectl's go-yaml also NEL and the Unicode line separators, end the comment), and a human
// reading either (bidirectional overrides reorder what is shown, "Trojan Source").

/**
 * C0 controls (tab and line feed included), DEL, C1 controls (NEL among them), the Unicode line
 * and paragraph separators, and the bidirectional formatting characters (ALM, LRM, RLM,
 * LRE..RLO, LRI..PDI).
 */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** `s` with every control character written as an escape (`\n`, `\u001b`), the rest unchanged. */
export function escapeControlChars(s: string): string {
  return s.replace(CONTROL, (c) => NAMED[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
