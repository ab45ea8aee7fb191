// Pieces of a POSIX shell script built from names and values that came from a scenario: every
// value is one word that the shell reads back unchanged, and runs nothing.

import { escapeControlChars } from './controlChars';

/** Characters that mean nothing to a POSIX shell in a word (no quoting, globbing, expansion). */
const PLAIN_WORD = /^[A-Za-z0-9_./:=@%+,-]+$/;

/**
 * One shell word for `s`: as it is when every character is plain, else in single quotes, inside
 * which nothing is special but the quote itself (written '\'' : close, escaped quote, reopen).
 */
export function shQuote(s: string): string {
  return PLAIN_WORD.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/** A `#` comment line; control characters are escaped, so a line feed cannot end the comment. */
export function shComment(text: string): string {
  return `# ${escapeControlChars(text)}`;
}

/**
 * `command <<'DELIM'`, the lines, `DELIM`: a quoted delimiter, so the shell expands nothing in
 * the lines, chosen so that no line equals it (such a line would end the document early).
 */
export function hereDocument(command: string, lines: readonly string[]): string[] {
  const taken = new Set(lines);
  let delimiter = 'EOF';
  for (let i = 1; taken.has(delimiter); i++) delimiter = `EOF_${i}`;
  return [`${command} <<'${delimiter}'`, ...lines, delimiter];
}
