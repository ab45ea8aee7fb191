// What the CLI refuses to read, checked on real files: a device, a FIFO (opened without waiting
// for a writer), a directory, a file over the limit by its size, and one that holds more than
// its size says.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_INPUT_BYTES, readScenarioFile } from './input';

const dir = mkdtempSync(join(tmpdir(), 'podplay-input-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('readScenarioFile', () => {
  it('reads a regular file as UTF-8', () => {
    const path = join(dir, 'ok.yaml');
    writeFileSync(path, 'kind: Node # é\n');
    expect(readScenarioFile(path)).toEqual({ ok: true, text: 'kind: Node # é\n' });
  });

  it.each([
    ['/dev/zero', 'it is a character device'],
    [dir, 'it is a directory'],
  ])('refuses %s: %s', (path, what) => {
    expect(readScenarioFile(path)).toEqual({ ok: false, message: `not a scenario file: ${what}; give a YAML or JSON file` });
  });

  it('refuses a FIFO without waiting for a writer', () => {
    const fifo = join(dir, 'fifo');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    expect(readScenarioFile(fifo)).toEqual({ ok: false, message: 'not a scenario file: it is a named pipe (FIFO); give a YAML or JSON file' });
  });

  it('refuses a file over the limit before reading it', () => {
    const big = join(dir, 'big.yaml');
    writeFileSync(big, '');
    truncateSync(big, MAX_INPUT_BYTES + 1); // sparse: nothing is written
    expect(readScenarioFile(big)).toEqual({ ok: false, message: 'the file is 67108865 bytes, over the 64 MB a scenario may have' });
    const edge = join(dir, 'edge.yaml');
    writeFileSync(edge, 'x'.repeat(100));
    expect(readScenarioFile(edge, 100)).toEqual({ ok: true, text: 'x'.repeat(100) });
    expect(readScenarioFile(edge, 99)).toEqual({ ok: false, message: 'the file is 100 bytes, over the 99 bytes a scenario may have' });
  });

  it('stops reading at the limit when the file holds more than its size said (/proc files say 0)', () => {
    const r = readScenarioFile('/proc/self/status', 100);
    expect(r).toEqual({ ok: false, message: 'the file holds more than the 100 bytes a scenario may have (more than its size said when it was opened)' });
    expect(readScenarioFile('/proc/self/status').ok).toBe(true);
  });

  it('says why a file cannot be read', () => {
    expect(readScenarioFile(join(dir, 'missing.yaml'))).toEqual({ ok: false, message: expect.stringMatching(/^cannot read the file: ENOENT: no such file or directory/) });
  });
});
