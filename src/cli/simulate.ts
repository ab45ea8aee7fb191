// npm run simulate -- <scenario.yaml> [--json] [--seed N] [--until SECONDS] [--explain POD [--verbose]]
//   [--kubernetes-version V] [--compare-versions FROM,TO]
// Exit 0 when the simulation ran (unschedulable pods are a result), 2 on scenario errors and on
// a file that is refused (not a regular file, or over MAX_INPUT_BYTES). `--explain POD --json`
// exits 0, 3 or 4 by the pod's state (./explainJson.ts).

import { once } from 'node:events';
import { boundedResult, formatScenarioError, simulate, type SimulationResult } from '../engine/index';
import { escapeControlChars, escapeJsonText } from '../interop/controlChars';
import { readScenarioFile } from './input';
import { fileDumpVersion } from './dumpVersion';
import { jsonPieces } from './json';
import { formatClaims, formatDeviceTaintRules, formatResourceQuotas, formatEvents, formatPods, formatResourceClaims } from './kubectl';
import { fixSearchBaseline, runFixSearch, type FixSearchBaseline, type FixSearchRequest, type FixView } from '../interop/fixSearch';
import { findPod, formatDifferences, formatExplanation, formatFailedCandidates, formatFixes, formatSearchProgress } from './explain';
import { explainJson, refusedJson, type FixSearchOutcome } from './explainJson';
import type { FailedCandidate } from '../engine/readers';
import { formatRefusals } from './explainAdmission';
import { admissionRefusals, refusalsFor } from '../engine/readers';
import { KUBERNETES_VERSIONS, isKubernetesVersion, type KubernetesVersion } from '../engine/readers';
import type { InferredKubernetesVersion } from '../engine/readers';
import { compareVersions, formatVersionComparison } from '../engine/experiments';

const usage = 'usage: npm run simulate -- <scenario.yaml> [--json] [--seed N] [--until SECONDS] [--explain POD [--verbose]] [--kubernetes-version 1.35|1.36|1.37] [--compare-versions FROM,TO]';

interface Args {
  file: string; json: boolean; verbose: boolean; seed?: number; until?: number; explain?: string;
  kubernetesVersion?: KubernetesVersion; compareVersions?: [KubernetesVersion, KubernetesVersion];
}

const versionList = KUBERNETES_VERSIONS.join(', ');

function parseArgs(argv: string[]): Args | string {
  let file: string | undefined;
  let kubernetesVersion: KubernetesVersion | undefined;
  let compare: [KubernetesVersion, KubernetesVersion] | undefined;
  let json = false;
  let verbose = false;
  let explain: string | undefined;
  let seed: number | undefined;
  let until: number | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--json') json = true;
    else if (a === '--verbose') verbose = true;
    else if (a === '--explain') {
      explain = argv[++i];
      if (explain === undefined || explain === '') return '--explain needs a pod (namespace/name, or a name)';
    }
    else if (a === '--kubernetes-version') {
      const v = argv[++i];
      if (!isKubernetesVersion(v)) return `--kubernetes-version needs one of ${versionList}`;
      kubernetesVersion = v;
    } else if (a === '--compare-versions') {
      const parts = (argv[++i] ?? '').split(',');
      const [x, y] = parts;
      if (parts.length !== 2 || !isKubernetesVersion(x) || !isKubernetesVersion(y) || x === y) return `--compare-versions needs two different versions FROM,TO of ${versionList} (e.g. 1.35,1.37)`;
      compare = [x, y];
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
  if (verbose && explain === undefined) return '--verbose goes with --explain';
  if (compare && (explain !== undefined || kubernetesVersion)) return '--compare-versions runs both versions: it takes neither --explain nor --kubernetes-version';
  return { file, json, verbose, ...(kubernetesVersion ? { kubernetesVersion } : {}), ...(compare ? { compareVersions: compare } : {}), ...(seed !== undefined ? { seed } : {}), ...(until !== undefined ? { until } : {}), ...(explain !== undefined ? { explain } : {}) };
}

/** Which version the run simulated, and why. */
function versionLine(result: SimulationResult): string {
  return `Simulated as kube-scheduler v${result.kubernetesVersion.version} (${result.kubernetesVersion.detail})`;
}

/** A line for people on stderr: the text is the user's file, names from it, messages quoting it. */
function report(line: string): void {
  process.stderr.write(`${escapeControlChars(line)}\n`);
}

/** Lines for a terminal: names and values quoted from the file cannot carry controls of their own. */
function escapeLines(text: string): string {
  return text.split('\n').map(escapeControlChars).join('\n');
}

/**
 * The result as JSON on stdout, in pieces of about 1 MB and waiting for the pipe to drain: the
 * JSON of a big cluster's trace is too long for one string, and too big to queue in memory.
 */
async function writeResult(full: SimulationResult): Promise<void> {
  // past LIMITS.traceNodeOutcomesInJson node outcomes the later cycles are summarised (2.1 GB of JSON otherwise)
  const result = boundedResult(full);
  if (result.traceSummary) report(`Note: ${result.traceSummary.message}`);
  let chunk = '';
  for (const piece of jsonPieces(result)) {
    chunk += piece;
    if (chunk.length < 1 << 20) continue;
    if (!process.stdout.write(escapeJsonText(chunk))) await once(process.stdout, 'drain');
    chunk = '';
  }
  process.stdout.write(`${escapeJsonText(chunk)}\n`);
}

/**
 * A reader that goes away (`| head -1`) has seen what it wanted: stop at once and quietly,
 * with the status the run had, instead of Node's EPIPE stack trace.
 */
function exitQuietlyOnClosedPipe(): void {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code !== 'EPIPE') throw e;
      process.exit(process.exitCode ?? 0);
    });
  }
}

/** The verified fixes for a Pending pod, as the page's Fixes panel finds them (one implementation). */
/** The fix search's request for `pod` in the file the CLI read, with the run's seed and version. */
function fixRequest(args: Args, text: string, pod: string, fromDump: InferredKubernetesVersion | undefined): FixSearchRequest {
  return { id: 0, text, fileName: args.file, pod, ...(fromDump ? { inferredKubernetesVersion: fromDump } : {}), ...(args.seed !== undefined ? { seed: args.seed } : {}), ...(args.kubernetesVersion ? { kubernetesVersion: args.kubernetesVersion } : {}) };
}

function searchFixesFor(args: Args, text: string, pod: string, fromDump: InferredKubernetesVersion | undefined, prepared: FixSearchBaseline | undefined, progress?: (line: string) => void): FixSearchOutcome {
  const found: FixView[] = [];
  const failed: FailedCandidate[] = [];
  let tried = 0;
  let leftOut = 0;
  let refused: FailedCandidate[] = [];
  runFixSearch(fixRequest(args, text, pod, fromDump), (reply) => {
    if (reply.type === 'fix' || reply.type === 'started') progress?.(formatSearchProgress(reply));
    if (reply.type === 'fix') found.push(reply.fix);
    else if (reply.type === 'failed') failed.push(reply.failed);
    else if (reply.type === 'started') ({ leftOut, refused } = reply);
    else if (reply.type === 'done') tried = reply.tried;
  }, undefined, prepared);
  return { found, failed, tried, leftOut, refused };
}

function writeJson(value: unknown): void {
  process.stdout.write(`${escapeJsonText(JSON.stringify(value, null, 2))}\n`);
}

function explain(args: Args, text: string, result: SimulationResult, fromDump: InferredKubernetesVersion | undefined, prepared?: FixSearchBaseline): number {
  const name = args.explain!;
  if (!args.json) for (const w of result.warnings) report(`warning: ${formatScenarioError(w)}`);
  const pod = findPod(result, name);
  // a workload whose pods admission refused: they do not exist, the refusal is the answer
  const refused = typeof pod === 'string' ? refusalsFor(admissionRefusals(result), name) : [];
  if (refused.length > 0) {
    // the quota and template fixes for the first refused creator, verified as the page verifies them
    const search = searchFixesFor(args, text, refused[0]!.object, fromDump, prepared);
    if (!args.json) {
      process.stdout.write(`${escapeLines(formatRefusals(refused))}\n\n${escapeLines(formatFixes(search.found, search.tried))}\n`);
      if (args.verbose) process.stdout.write(`\n${escapeLines(formatFailedCandidates(search))}\n`);
      return 0;
    }
    const doc = refusedJson(name, refused, result.kubernetesVersion, search);
    writeJson(doc);
    return doc.exitCode;
  }
  if (typeof pod === 'string') {
    process.stderr.write(`simulate: ${pod}\n`);
    return 2;
  }
  const waiting = pod.node === undefined && pod.deletedAt === undefined && pod.reason !== 'SchedulingGated';
  if (args.json) {
    const doc = explainJson(result, pod, waiting ? searchFixesFor(args, text, pod.pod, fromDump, prepared) : undefined);
    writeJson(doc);
    return doc.exitCode;
  }
  // the explanation first, then the search's progress on stderr as it goes (each verified fix as
  // found), then the ranked fixes: a search over many changes of a big dump takes seconds
  process.stdout.write(`${escapeLines(formatExplanation(result, pod))}\n\n${escapeLines(versionLine(result))}\n`);
  const search = waiting ? searchFixesFor(args, text, pod.pod, fromDump, prepared, (line) => report(line)) : undefined;
  if (search) {
    process.stdout.write(`\n${escapeLines(formatFixes(search.found, search.tried, search.refused.length))}\n`);
    if (args.verbose) process.stdout.write(`\n${escapeLines(formatFailedCandidates(search))}\n`);
  }
  return 0;
}

function main(): number | Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  if (typeof args === 'string') {
    if (args !== usage) report(`simulate: ${args}`);
    process.stderr.write(`${usage}\n`);
    return args === usage ? 0 : 2;
  }
  const input = readScenarioFile(args.file);
  if (!input.ok) {
    report(`${args.file}:1:1: ${input.message}`);
    return 2;
  }
  const fromDump = fileDumpVersion(input.text);
  const runOptions = { fileName: args.file, ...(fromDump ? { inferredKubernetesVersion: fromDump } : {}), ...(args.seed !== undefined ? { seed: args.seed } : {}), ...(args.until !== undefined ? { until: args.until } : {}) };
  if (args.compareVersions) {
    const compared = compareVersions(input.text, args.compareVersions[0], args.compareVersions[1], runOptions);
    if (!compared.ok) {
      for (const e of compared.errors) report(formatScenarioError(e));
      return 2;
    }
    // a dump says which version it shows and why, beside the two versions compared
    const shown = fromDump ? `\nThe dump shows kube-scheduler v${fromDump.version} (${fromDump.detail})` : '';
    process.stdout.write(args.json ? `${escapeJsonText(JSON.stringify(compared.comparison, null, 2))}
` : `${escapeLines(formatVersionComparison(compared.comparison) + shown)}
`);
    return 0;
  }
  if (args.explain !== undefined && args.until === undefined) {
    // one load and one run for the explanation and the fix search's baseline (the same options:
    // the search runs without --until); a scenario with errors takes the path below, which reports them
    const prepared = fixSearchBaseline(fixRequest(args, input.text, args.explain, fromDump));
    if (prepared) return explain(args, input.text, prepared.baseline, fromDump, prepared);
  }
  const outcome = simulate(input.text, { ...runOptions, ...(args.kubernetesVersion ? { kubernetesVersion: args.kubernetesVersion } : {}) });
  if (!outcome.ok) {
    for (const e of outcome.errors) report(formatScenarioError(e));
    return 2;
  }
  const result = outcome.result;
  if (args.explain !== undefined) return explain(args, input.text, result, fromDump);
  if (args.json) return writeResult(result).then(() => 0);
  for (const w of result.warnings) report(`warning: ${formatScenarioError(w)}`);
  const claims = [formatClaims(result), formatResourceClaims(result), formatDeviceTaintRules(result), formatResourceQuotas(result)].filter((t) => t !== undefined).map((t) => `${t}\n\n`).join('');
  process.stdout.write(`${formatPods(result)}\n\n${claims}${formatEvents(result)}\n`);
  const differing = formatDifferences(result);
  if (differing) process.stdout.write(`\n${differing}\n`);
  process.stdout.write(`\n${versionLine(result)}\n`);
  return 0;
}

exitQuietlyOnClosedPipe();
void Promise.resolve(main()).then((code) => { process.exitCode = code; });
