// npm run simulate -- <scenario.yaml> [--json] [--seed N] [--until SECONDS] [--explain POD]
// Exit 0 when the simulation ran (unschedulable pods are a result), 2 on scenario errors.

import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { formatScenarioError, simulate, type SimulationResult } from '../engine/index';
import { jsonPieces } from './json';
import { findPod, formatDifferences, formatExplanation } from './explain';
import { formatEvents, formatPods } from './kubectl';

const usage = 'usage: npm run simulate -- <scenario.yaml> [--json] [--seed N] [--until SECONDS] [--explain POD]';

function parseArgs(argv: string[]): { file: string; json: boolean; seed?: number; until?: number; explain?: string } | string {
  let file: string | undefined;
  let json = false;
  let explain: string | undefined;
  let seed: number | undefined;
  let until: number | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--json') json = true;
    else if (a === '--explain') {
      explain = argv[++i];
      if (explain === undefined || explain === '') return '--explain needs a pod (namespace/name, or a name)';
    }
    else if (a === '--seed' || a === '--until') {
      const v = argv[++i];
      const n = Number(v);
      if (v === undefined || !Number.isFinite(n) || (a === '--seed' && !Number.isSafeInteger(n)) || n < 0) return `${a} needs a non-negative number${a === '--seed' ? ' (an integer)' : ''}`;
      if (a === '--seed') seed = n; else until = n;
    } else if (a === '-h' || a === '--help') return usage;
    else if (a.startsWith('-')) return `unknown option ${a}`;
    else if (file === undefined) file = a;
    else return `only one scenario file, got ${file} and ${a}`;
  }
  if (file === undefined) return 'no scenario file given';
  if (json && explain !== undefined) return '--json and --explain cannot be combined';
  return { file, json, ...(seed !== undefined ? { seed } : {}), ...(until !== undefined ? { until } : {}), ...(explain !== undefined ? { explain } : {}) };
}

/**
 * The result as JSON on stdout, in pieces of about 1 MB and waiting for the pipe to drain: the
 * JSON of a big cluster's trace is too long for one string, and too big to queue in memory.
 */
async function writeResult(result: SimulationResult): Promise<void> {
  let chunk = '';
  for (const piece of jsonPieces(result)) {
    chunk += piece;
    if (chunk.length < 1 << 20) continue;
    if (!process.stdout.write(chunk)) await once(process.stdout, 'drain');
    chunk = '';
  }
  process.stdout.write(`${chunk}\n`);
}

function main(): number | Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  if (typeof args === 'string') {
    process.stderr.write(`${args === usage ? '' : `simulate: ${args}\n`}${usage}\n`);
    return args === usage ? 0 : 2;
  }
  let text: string;
  try {
    text = readFileSync(args.file, 'utf8');
  } catch (e) {
    process.stderr.write(`${args.file}:1:1: cannot read the file: ${(e as Error).message}\n`);
    return 2;
  }
  const outcome = simulate(text, { fileName: args.file, ...(args.seed !== undefined ? { seed: args.seed } : {}), ...(args.until !== undefined ? { until: args.until } : {}) });
  if (!outcome.ok) {
    for (const e of outcome.errors) process.stderr.write(`${formatScenarioError(e)}\n`);
    return 2;
  }
  const result = outcome.result;
  if (args.json) return writeResult(result).then(() => 0);
  for (const w of result.warnings) process.stderr.write(`warning: ${formatScenarioError(w)}\n`);
  if (args.explain !== undefined) {
    const pod = findPod(result, args.explain);
    if (typeof pod === 'string') {
      process.stderr.write(`simulate: ${pod}\n`);
      return 2;
    }
    process.stdout.write(`${formatExplanation(result, pod)}\n`);
    return 0;
  }
  process.stdout.write(`${formatPods(result)}\n\n${formatEvents(result)}\n`);
  const differing = formatDifferences(result);
  if (differing) process.stdout.write(`\n${differing}\n`);
  return 0;
}

void Promise.resolve(main()).then((code) => { process.exitCode = code; });
