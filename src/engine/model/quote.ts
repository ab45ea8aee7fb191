// Quoting what the user wrote in messages, bounded: a 1 MB label value used through a thousand
// aliases must not become a gigabyte of errors. Every message that repeats a user's value goes
// through quote() (or formatValue in validation.ts, which uses it); Diagnostics caps whole
// messages as a last resort.

import { formatCount, LIMITS } from '../limits';

/** The first `max` characters of `s`, with "…" and the full length when cut; never splits a surrogate pair. */
export function clip(s: string, max: number = LIMITS.quotedChars): string {
  if (s.length <= max) return s;
  let end = max;
  const c = s.charCodeAt(end - 1);
  if (c >= 0xd800 && c <= 0xdbff) end--;
  return `${s.slice(0, end)}… (${formatCount(s.length)} characters)`;
}

/** A user's string in double quotes (JSON escapes), at most LIMITS.quotedChars characters of it. */
export function quote(s: string): string {
  if (s.length <= LIMITS.quotedChars) return JSON.stringify(s);
  let end = LIMITS.quotedChars;
  const c = s.charCodeAt(end - 1);
  if (c >= 0xd800 && c <= 0xdbff) end--;
  return `${JSON.stringify(s.slice(0, end))}… (${formatCount(s.length)} characters)`;
}

/** Messages longer than this are cut (a message quoting several values stays well below it). */
export const MAX_MESSAGE_LENGTH = 2_000;

/** The last resort for a message built from user values: at most MAX_MESSAGE_LENGTH characters. */
export function clipMessage(message: string): string {
  return clip(message, MAX_MESSAGE_LENGTH);
}

/**
 * JSON of a value, as JSON.stringify writes it, cut after about `max` characters: long strings
 * inside are quoted with quote(), and the walk stops once the text is long enough.
 */
export function boundedJson(value: unknown, max: number = LIMITS.quotedChars): string {
  let out = '';
  const write = (v: unknown, depth: number): void => {
    if (out.length > max) return;
    if (typeof v === 'string') { out += quote(v); return; }
    if (typeof v === 'number') { out += Number.isFinite(v) ? String(v) : 'null'; return; }
    if (typeof v === 'boolean') { out += String(v); return; }
    if (v === null || typeof v !== 'object' || depth > LIMITS.nestingDepth) { out += 'null'; return; }
    const isArray = Array.isArray(v);
    out += isArray ? '[' : '{';
    let first = true;
    const entries = isArray ? (v as unknown[]).map((x, i) => [i, x] as const) : Object.entries(v as Record<string, unknown>);
    for (const [k, x] of entries) {
      if (!isArray && x === undefined) continue;
      if (out.length > max) { out += first ? '…' : ',…'; break; }
      if (!first) out += ',';
      first = false;
      if (!isArray) out += `${quote(String(k))}:`;
      write(x === undefined ? null : x, depth + 1);
    }
    out += isArray ? ']' : '}';
  };
  write(value, 0);
  return out;
}
