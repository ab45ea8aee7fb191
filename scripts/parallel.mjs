#!/usr/bin/env node
// Runs npm scripts side by side and fails if any fails: `node scripts/parallel.mjs typecheck lint`.
// The type checker and the linter each keep one core busy, so on CI's two cores running them
// together saves the shorter one's time. Each script's output is printed whole when it ends, so
// the two never interleave.
import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
if (names.length === 0) {
  console.error('usage: node scripts/parallel.mjs SCRIPT [SCRIPT ...]');
  process.exit(2);
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const runs = names.map((name) => new Promise((resolve) => {
  const started = Date.now();
  const child = spawn(npm, ['run', name], { stdio: ['ignore', 'pipe', 'pipe'] });
  const out = [];
  child.stdout.on('data', (chunk) => out.push(chunk));
  child.stderr.on('data', (chunk) => out.push(chunk));
  child.on('close', (code, signal) => {
    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    const status = code === 0 ? 'passed' : `failed (${signal ?? `exit ${code}`})`;
    process.stdout.write(Buffer.concat(out));
    console.log(`> ${name} ${status} in ${seconds} s`);
    resolve(code === 0);
  });
}));

const passed = await Promise.all(runs);
process.exit(passed.every(Boolean) ? 0 : 1);
