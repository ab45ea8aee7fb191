// A minimal zip writer for the KWOK bundle: a handful of small text files, stored (not deflated),
// so no library is needed. Format: PKWARE APPNOTE.TXT 6.3.x, sections 4.3.7 (local file header),
// 4.3.12 (central directory header) and 4.3.16 (end of central directory record). Entries carry a
// fixed timestamp so the same bundle always zips to the same bytes.

export interface ZipEntry {
  path: string;
  content: string;
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const b of bytes) crc = CRC_TABLE[(crc ^ b) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** 1 January 2025, 00:00, in MS-DOS date and time fields. */
const DOS_TIME = 0;
const DOS_DATE = ((2025 - 1980) << 9) | (1 << 5) | 1;
/** general purpose flag bit 11: names are UTF-8 */
const UTF8_NAMES = 0x0800;

export function zip(entries: readonly ZipEntry[]): Uint8Array {
  const encoder = new TextEncoder();
  const files = entries.map((e) => ({ name: encoder.encode(e.path), data: encoder.encode(e.content) }));
  const localSize = files.reduce((n, f) => n + 30 + f.name.length + f.data.length, 0);
  const centralSize = files.reduce((n, f) => n + 46 + f.name.length, 0);
  const out = new Uint8Array(localSize + centralSize + 22);
  const view = new DataView(out.buffer);
  let at = 0;
  const u16 = (v: number) => { view.setUint16(at, v, true); at += 2; };
  const u32 = (v: number) => { view.setUint32(at, v >>> 0, true); at += 4; };
  const bytes = (b: Uint8Array) => { out.set(b, at); at += b.length; };

  const offsets: number[] = [];
  const crcs = files.map((f) => crc32(f.data));
  files.forEach((f, i) => {
    offsets.push(at);
    u32(0x04034b50); u16(10); u16(UTF8_NAMES); u16(0); u16(DOS_TIME); u16(DOS_DATE);
    u32(crcs[i]!); u32(f.data.length); u32(f.data.length); u16(f.name.length); u16(0);
    bytes(f.name);
    bytes(f.data);
  });
  const centralStart = at;
  files.forEach((f, i) => {
    u32(0x02014b50); u16(20); u16(10); u16(UTF8_NAMES); u16(0); u16(DOS_TIME); u16(DOS_DATE);
    u32(crcs[i]!); u32(f.data.length); u32(f.data.length); u16(f.name.length); u16(0); u16(0);
    u16(0); u16(0); u32(0); u32(offsets[i]!);
    bytes(f.name);
  });
  const centralLength = at - centralStart;
  u32(0x06054b50); u16(0); u16(0); u16(files.length); u16(files.length);
  u32(centralLength); u32(centralStart); u16(0);
  return out;
}
