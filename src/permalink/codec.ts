// Permalinks: the state that matters, in the URL fragment (never the query: static hosts
// answer 414 to long query strings and fragments never reach a server), deflated with the
// platform's CompressionStream (zlib, with a checksum: a truncated link fails loudly) and
// base64url-encoded, behind a format version prefix. Every published version keeps decoding:
// see migrations.ts and the frozen fixtures in fixtures.ts.
//
// Links are hostile input: the decompressed size is capped, nothing is evaluated, and the
// decoded object is validated field by field before anything uses it.

import { CURRENT_VERSION, migrate, type PermalinkState } from './migrations';

/** the prefix of every link we publish: "#" + VERSION_TAG + version + "." + payload */
const VERSION_TAG = 'p';
/** a scenario text larger than this is refused (a small link must not inflate to gigabytes) */
export const MAX_DECOMPRESSED_BYTES = 4 * 1024 * 1024;
/** above this many characters a link may be cut by chat tools: warn */
export const WARN_LINK_LENGTH = 2000;
/** above this, offer a .yaml download alongside the link */
export const DOWNLOAD_LINK_LENGTH = 8000;

export type DecodeResult = { ok: true; state: PermalinkState; version: number } | { ok: false; error: string };

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return undefined;
  const padded = text.replace(/-/g, '+').replace(/_/g, '/') + '==='.slice((text.length + 3) % 4);
  try {
    const binary = atob(padded);
    const out = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
    return out;
  } catch {
    return undefined;
  }
}

async function deflate(text: string): Promise<Uint8Array> {
  const stream = new Blob([new TextEncoder().encode(text)]).stream().pipeThrough(new CompressionStream('deflate'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** Inflates, refusing to produce more than `limit` bytes. */
async function inflate(bytes: Uint8Array, limit: number): Promise<Uint8Array> {
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(new DecompressionStream('deflate'));
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > limit) {
      await reader.cancel();
      throw new RangeError('too large');
    }
    chunks.push(value);
  }
  const all = new Uint8Array(total);
  let offset = 0;
  for (const c of chunks) { all.set(c, offset); offset += c.length; }
  return all;
}

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
  const migrated = migrate(version, raw);
  if (typeof migrated === 'string') return { ok: false, error: `This link is damaged: ${migrated}` };
  return { ok: true, state: migrated, version };
}

/** How a link of this length should be offered. */
export function linkSizeAdvice(length: number): 'ok' | 'warn' | 'download' {
  return length > DOWNLOAD_LINK_LENGTH ? 'download' : length > WARN_LINK_LENGTH ? 'warn' : 'ok';
}
