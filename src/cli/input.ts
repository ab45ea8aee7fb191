// Reading the scenario file the command line names, bounded: only a regular file, at most
// MAX_INPUT_BYTES, checked before reading and again while reading (the file may grow, and some
// files, such as those under /proc, say they are empty).

import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs';

/** The largest scenario file the CLI reads: well above any cluster the simulator can hold. */
export const MAX_INPUT_BYTES = 64 * 1024 * 1024;

const CHUNK = 1 << 20;

export type ReadResult = { ok: true; text: string } | { ok: false; message: string };

function whatItIs(st: Stats): string {
  if (st.isDirectory()) return 'a directory';
  if (st.isFIFO()) return 'a named pipe (FIFO)';
  if (st.isCharacterDevice()) return 'a character device';
  if (st.isBlockDevice()) return 'a block device';
  if (st.isSocket()) return 'a socket';
  return 'not a regular file';
}

const MB = 1024 * 1024;
const sizeText = (bytes: number): string => (bytes % MB === 0 ? `${bytes / MB} MB` : `${bytes} bytes`);

/** The file's text (UTF-8), or why it is refused. */
export function readScenarioFile(path: string, limit = MAX_INPUT_BYTES): ReadResult {
  let fd: number;
  try {
    // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer, before fstat can refuse it
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (e) {
    return { ok: false, message: `cannot read the file: ${(e as Error).message}` };
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) return { ok: false, message: `not a scenario file: it is ${whatItIs(st)}; give a YAML or JSON file` };
    const most = `the ${sizeText(limit)} a scenario may have`;
    if (st.size > limit) return { ok: false, message: `the file is ${st.size} bytes, over ${most}` };
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(CHUNK, limit + 1 - total));
      const n = readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      chunks.push(n === chunk.length ? chunk : chunk.subarray(0, n));
      total += n;
      if (total > limit) return { ok: false, message: `the file holds more than ${most} (more than its size said when it was opened)` };
    }
    return { ok: true, text: Buffer.concat(chunks, total).toString('utf8') };
  } catch (e) {
    return { ok: false, message: `cannot read the file: ${(e as Error).message}` };
  } finally {
    closeSync(fd);
  }
}
