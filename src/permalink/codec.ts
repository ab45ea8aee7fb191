// Permalinks: the state that matters, in the URL fragment (never the query: static hosts
// answer 414 to long query strings and fragments never reach a server), deflated with the
// platform's CompressionStream (zlib, with a checksum: a truncated link fails loudly) and
// base64url-encoded, behind a format version prefix. Every published version keeps decoding:
// see migrations.ts and the frozen fixtures in fixtures.ts.
//
// Links are hostile input: the decompressed size is capped, nothing is evaluated, and the
// decoded object is validated field by field before anything uses it.

import { deflate, fromBase64Url, inflate, MAX_DECOMPRESSED_BYTES, toBase64Url } from './bytes';
import { CURRENT_VERSION, migrate, type PermalinkState } from './migrations';

/** the prefix of every link we publish: "#" + VERSION_TAG + version + "." + payload */
const VERSION_TAG = 'p';
export { MAX_DECOMPRESSED_BYTES } from './bytes';
/** above this many characters a link may be cut by chat tools: warn */
export const WARN_LINK_LENGTH = 2000;
/** above this, offer a .yaml download alongside the link */
export const DOWNLOAD_LINK_LENGTH = 8000;

export type DecodeResult = { ok: true; state: PermalinkState; version: number } | { ok: false; error: string };

/** The fragment (without "#") for a state, in the current format. */
export async function encodePermalink(state: PermalinkState): Promise<string> {
  const json = JSON.stringify({ ...state, v: CURRENT_VERSION });
  return `${VERSION_TAG}${CURRENT_VERSION}.${toBase64Url(await deflate(json))}`;
}

/** Decodes a fragment (with or without "#") of any published version into the current state shape. */
export async function decodePermalink(fragment: string): Promise<DecodeResult> {
  const text = fragment.startsWith('#') ? fragment.slice(1) : fragment;
  const match = /^p(\d{1,4})\.(.*)$/s.exec(text);
  if (!match) return { ok: false, error: 'This link is not a Podplay scenario link (it has no version prefix).' };
  const version = Number(match[1]);
  if (version < 1 || match[1]!.startsWith('0')) {
    return { ok: false, error: `This link is damaged: "p${match[1]}" is not a Podplay link format (formats are numbered from 1).` };
  }
  if (version > CURRENT_VERSION) {
    return { ok: false, error: `This link was made by a newer Podplay (format ${version}); this one reads formats 1 to ${CURRENT_VERSION}.` };
  }
  const bytes = fromBase64Url(match[2]!);
  if (!bytes || bytes.length === 0) return { ok: false, error: 'This link is damaged or truncated: its data is not valid base64url.' };
  let inflated: Uint8Array;
  try {
    inflated = await inflate(bytes, MAX_DECOMPRESSED_BYTES);
  } catch (e) {
    if (e instanceof RangeError) return { ok: false, error: `This link expands to more than ${MAX_DECOMPRESSED_BYTES / 1024 / 1024} MB, which Podplay refuses to open.` };
    return { ok: false, error: 'This link is damaged or truncated: its data does not decompress (was the end of the link cut off?).' };
  }
  let json: string;
  try {
    json = new TextDecoder('utf-8', { fatal: true }).decode(inflated);
  } catch {
    // it decompressed whole (the checksum held): the link was made that way, not cut off
    return { ok: false, error: 'This link is damaged: its content is not valid UTF-8 text (it was not made by Podplay, or was altered).' };
  }
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return { ok: false, error: 'This link is damaged: its content is not valid JSON.' };
  }
  const migrated = await migrate(version, raw);
  if (typeof migrated === 'string') return { ok: false, error: `This link is damaged: ${migrated}` };
  return { ok: true, state: migrated, version };
}

/** How a link of this length should be offered. */
export function linkSizeAdvice(length: number): 'ok' | 'warn' | 'download' {
  return length > DOWNLOAD_LINK_LENGTH ? 'download' : length > WARN_LINK_LENGTH ? 'warn' : 'ok';
}
