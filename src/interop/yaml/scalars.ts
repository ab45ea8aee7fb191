// How a plain (unquoted) YAML scalar resolves, exactly as the scenario loader reads it: the
// `yaml` package's YAML 1.1 schema without timestamps, sexagesimal numbers and !!binary
// (src/engine/model/source.ts). The fast parser and the emitter share this table so that what
// one writes the other, and the loader, read back unchanged.

import { CONTROL_BEYOND_C0 } from '../controlChars';

export type Scalar = string | number | boolean | null;

// yaml/dist/schema/yaml-1.1: the default tags with a `test`, in the order the schema tries them.
const NULL = /^(?:~|[Nn]ull|NULL)?$/;
const TRUE = /^(?:Y|y|[Yy]es|YES|[Tt]rue|TRUE|[Oo]n|ON)$/;
const FALSE = /^(?:N|n|[Nn]o|NO|[Ff]alse|FALSE|[Oo]ff|OFF)$/;
const INT_BIN = /^[-+]?0b[0-1_]+$/;
const INT_OCT = /^[-+]?0[0-7_]+$/;
const INT_DEC = /^[-+]?[0-9][0-9_]*$/;
const INT_HEX = /^[-+]?0x[0-9a-fA-F_]+$/;
const FLOAT_NAN = /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/;
const FLOAT_EXP = /^[-+]?(?:[0-9][0-9_]*)?(?:\.[0-9_]*)?[eE][-+]?[0-9]+$/;
const FLOAT = /^[-+]?(?:[0-9][0-9_]*)?\.[0-9_]*$/;

/** A quick test that rules out every non-string resolution (the common case: names, labels). */
const MAYBE_TYPED = /^[-+.~0-9YyNnTtFfOoEe]/;

function int(s: string, offset: number, radix: number): number {
  const sign = s[0];
  if (sign === '-' || sign === '+') offset += 1;
  const n = parseInt(s.substring(offset).replace(/_/g, ''), radix);
  return sign === '-' ? -1 * n : n;
}

/** The value of a plain scalar. */
export function resolvePlain(s: string): Scalar {
  if (s === '') return null;
  if (!MAYBE_TYPED.test(s)) return s;
  if (NULL.test(s)) return null;
  if (TRUE.test(s)) return true;
  if (FALSE.test(s)) return false;
  if (INT_BIN.test(s)) return int(s, 2, 2);
  if (INT_OCT.test(s)) return int(s, 1, 8);
  if (INT_DEC.test(s)) return int(s, 0, 10);
  if (INT_HEX.test(s)) return int(s, 2, 16);
  if (FLOAT_NAN.test(s)) return s.slice(-3).toLowerCase() === 'nan' ? NaN : s[0] === '-' ? -Infinity : Infinity;
  if (FLOAT_EXP.test(s) || FLOAT.test(s)) return parseFloat(s.replace(/_/g, ''));
  return s;
}

// Characters a plain scalar may hold anywhere (block and flow context): no indicators, no ':'
// or '#', no quotes, no ',[]{}'. The first character is narrower still.
const PLAIN_SAFE = /^[A-Za-z0-9_./][A-Za-z0-9_./\-+=@()^$ ]*$/;
// A date: kubectl's YAML reader (go-yaml) would turn it into a timestamp.
const DATE_LIKE = /^\d{4}-\d{1,2}-\d{1,2}/;

/** Whether `s` can be written without quotes and read back as the same string by every reader. */
export function isPlainSafe(s: string): boolean {
  return PLAIN_SAFE.test(s) && !s.endsWith(' ') && !s.includes('  ') && resolvePlain(s) === s && !DATE_LIKE.test(s);
}

// c-printable (YAML 1.2 §5.1) minus what JSON.stringify already escapes, the line breaks of
// YAML 1.1 (NEL, U+2028, U+2029), which kubectl's reader (go-yaml) would fold into a space, and
// the bidirectional formatting characters, which would reorder the text an editor shows.
const NON_PRINTABLE = new RegExp(`[${CONTROL_BEYOND_C0}\\ufffe\\uffff]`);
const NON_PRINTABLE_ALL = new RegExp(NON_PRINTABLE.source, 'g');

/** A double-quoted scalar: JSON's escapes are a subset of YAML's. */
export function quote(s: string): string {
  const json = JSON.stringify(s);
  return NON_PRINTABLE.test(json) ? json.replace(NON_PRINTABLE_ALL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`) : json;
}

export function emitString(s: string): string {
  return isPlainSafe(s) ? s : quote(s);
}

export function emitNumber(n: number): string {
  if (Number.isNaN(n)) return '.nan';
  if (n === Infinity) return '.inf';
  if (n === -Infinity) return '-.inf';
  return String(n);
}

export function emitScalar(v: Scalar): string {
  if (v === null) return 'null';
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v === 'number') return emitNumber(v);
  return emitString(v);
}
