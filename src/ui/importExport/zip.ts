// The KWOK bundle as a zip archive, written by fflate (deflated; names in UTF-8). Entries carry a
// fixed modification time so the same bundle always zips to the same bytes.

import { strToU8, zipSync, type Zippable } from 'fflate';

export interface ZipEntry {
  path: string;
  content: string;
}

/** 1 January 2025, 00:00 (zip stores local MS-DOS time) */
const MTIME = new Date(2025, 0, 1);

export function zip(entries: readonly ZipEntry[]): Uint8Array {
  const files: Zippable = {};
  for (const e of entries) files[e.path] = [strToU8(e.content), { mtime: MTIME }];
  return zipSync(files, { level: 6 });
}
