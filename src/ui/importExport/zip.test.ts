// The bundle's zip (fflate) checked by another reader: Python's zipfile (python3 is on every machine
// `npm test` runs on; Info-ZIP's unzip is not on a bare Debian).

import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { zip } from './zip';

const entries = [
  { path: 'README.md', content: '# Replay on KWOK\n\nkwokctl create cluster\n' },
  { path: 'kube-scheduler-config.yaml', content: 'apiVersion: kubescheduler.config.k8s.io/v1\nkind: KubeSchedulerConfiguration\n' },
  { path: 'notes/ünïcode ✓.txt', content: 'zone: europe-west1-ä\n' },
  { path: 'empty.sh', content: '' },
];

function written(): string {
  const dir = mkdtempSync(join(tmpdir(), 'podplay-zip-'));
  const file = join(dir, 'bundle.zip');
  writeFileSync(file, zip(entries));
  return file;
}

describe('zip', () => {
  it('writes an archive whose every entry passes its CRC check', () => {
    // ZipFile.testzip() reads every entry and returns the first whose CRC or header is bad
    const script = 'import sys,zipfile\nz=zipfile.ZipFile(sys.argv[1])\nprint(len(z.infolist()), z.testzip())';
    const out = execFileSync('python3', ['-c', script, written()], { encoding: 'utf8' });
    expect(out.trim()).toBe(`${entries.length} None`);
  });

  it('keeps every file\'s name and content (read back by Python\'s zipfile)', () => {
    const script = 'import json,sys,zipfile\nz=zipfile.ZipFile(sys.argv[1])\nprint(json.dumps([[i.filename, z.read(i).decode("utf-8")] for i in z.infolist()]))';
    const out = execFileSync('python3', ['-c', script, written()], { encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual(entries.map((e) => [e.path, e.content]));
  });

  it('gives the same bytes for the same files', () => {
    expect(zip(entries)).toEqual(zip(entries));
  });
});
