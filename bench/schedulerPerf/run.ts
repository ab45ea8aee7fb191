// npm run bench -- --scheduler-perf: upstream's scheduler_perf [performance] workloads (see
// ./workloads.ts), each in a process of its own so its peak RSS is its own. Prints the measured
// pods' throughput (pods/s of CPU time and of wall time), upstream's threshold, the ratio (CPU)
// and peak RSS, and checks the placements.
//
//   npm run bench -- --scheduler-perf                        all of them at full size
//   npm run bench -- --scheduler-perf --only SchedulingBasic the workload of that exact name
//   npm run bench -- --scheduler-perf --only '*Affinity*'    workloads whose name matches the glob (* any text, ? one character)
//   npm run bench -- --scheduler-perf --only A,B             several names or globs
//   npm run bench -- --scheduler-perf --divide 10            nodes and pods divided by 10 (quick iterations)
//   npx tsx bench/schedulerPerf/run.ts --workload TopologySpreading --measured 500 --profile /tmp/p.cpuprofile
//                                                            one workload, 500 measured pods, a CPU profile of them
//   npx tsx bench/schedulerPerf/run.ts --workload SchedulingBasic50000Pods --divide 10 --heap /tmp/b.heapsnapshot
//                                                            a heap snapshot at the end of the measured phase (what the run keeps)
//   npx tsx bench/schedulerPerf/run.ts --yardstick           the machine's yardstick alone (./yardstick.ts; printed before every table)
//
// Not like-for-like: upstream's figure is end to end (API server, informers, 16 goroutines);
// Podplay's is the engine alone in one thread, keeping the full explanation trace.

import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { Session, type Profiler } from 'node:inspector';
import { loadavg } from 'node:os';
import { writeHeapSnapshot } from 'node:v8';
import { fileURLToPath } from 'node:url';
import { startSimulation } from '../../src/engine/index';
import { checkPlacements } from './checks';
import { onlyMatcher } from './only';
import { initCount, MEASURED_AT, scaled, scenarioText, workloads, type Workload } from './workloads';
import { yardstickCpuMs } from './yardstick';

interface Outcome { name: string; measured: number; cpuS: number; wallS: number; rssMB: number; problems: string[]; cycles: number }

/** A CPU profile of the measured phase, when --profile FILE asks (the Profiler's calls are synchronous). */
function profiler(file: string | undefined): { start(): void; stop(): void } {
  if (!file) return { start() {}, stop() {} };
  const session = new Session();
  session.connect();
  const post = (method: string, params: object = {}) => {
    let out: unknown;
    session.post(method, params, (err, res) => { if (err) throw err; out = res; });
    return out;
  };
  post('Profiler.enable');
  post('Profiler.setSamplingInterval', { interval: 500 });
  return {
    start: () => post('Profiler.start'),
    stop: () => writeFileSync(file, JSON.stringify((post('Profiler.stop') as { profile: Profiler.Profile }).profile)),
  };
}

function measure(w: Workload, profile = profiler(undefined), heapFile?: string): Outcome {
  const started = startSimulation(scenarioText(w), { fileName: `${w.name}.yaml` });
  if (!started.ok) throw new Error(`${w.name}: ${started.errors.slice(0, 3).map((e) => `${e.line}:${e.column} ${e.message}`).join('; ')}`);
  // the measured phase starts where the last init pod's cycle ended (each init pod fits at its
  // first attempt; checked below)
  const init = initCount(w);
  let start = init === 0 ? { cpu: process.cpuUsage(), wall: process.hrtime.bigint() } : undefined;
  if (start) profile.start();
  let cycles = 0;
  let initCyclesMeasured = false;
  for (const trace of started.simulation.run()) {
    if (cycles === init) initCyclesMeasured = trace.time < MEASURED_AT;
    if (++cycles === init) {
      profile.start();
      start = { cpu: process.cpuUsage(), wall: process.hrtime.bigint() };
    }
  }
  profile.stop();
  const cpu = start ? process.cpuUsage(start.cpu) : { user: 0, system: 0 };
  const wallS = start ? Number(process.hrtime.bigint() - start.wall) / 1e9 : 0;
  if (heapFile) writeHeapSnapshot(heapFile);
  const problems = checkPlacements(w, started.simulation.result().pods);
  if (initCyclesMeasured) problems.push('an init pod took more than one cycle: the timing includes it');
  // a budget of LIMITS that ended the run early (the trace's bytes, say) explains unbound pods
  if (started.simulation.stopped !== undefined) problems.push(started.simulation.stopped);
  const rssMB = process.resourceUsage().maxRSS / 1024;
  return { name: w.name, measured: w.measured.count, cpuS: (cpu.user + cpu.system) / 1e6, wallS, rssMB, problems, cycles };
}

const args = process.argv.slice(2);
const flag = (name: string) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : undefined; };
const divisor = Math.max(1, Number(flag('--divide') ?? 1) || 1);
const child = flag('--workload');

if (args.includes('--yardstick')) {
  process.stdout.write(`${JSON.stringify(yardstickCpuMs())}\n`);
} else if (child) {
  const w = scaled(workloads.find((x) => x.name === child)!, divisor);
  // --measured N: fewer measured pods (a CPU profile of the full-size cluster's first cycles)
  const measuredPods = Number(flag('--measured') ?? 0);
  const outcome = measure(measuredPods > 0 ? { ...w, measured: { ...w.measured, count: measuredPods } } : w, profiler(flag('--profile')), flag('--heap'));
  process.stdout.write(`${JSON.stringify(outcome)}\n`);
} else {
  const only = onlyMatcher(flag('--only'));
  const pad = (s: string | number, n: number) => String(s).padStart(n);
  console.log(`scheduler_perf workloads${divisor > 1 ? ` (divided by ${divisor})` : ''}: measured pods/s (CPU, wall), upstream's threshold, ratio (CPU), peak RSS, placement checks`);
  // the machine's speed in this sitting (./yardstick.ts), in a process of its own like the workloads
  const y = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--yardstick'], { encoding: 'utf8' });
  const yardstick = /"cpuMs":(\d+)/.exec(y.stdout)?.[1] ?? '?';
  console.log(`machine yardstick: ${yardstick} ms CPU (bench/schedulerPerf/yardstick.ts), load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  console.log(`${'workload'.padEnd(30)} ${pad('pods', 6)} ${pad('pods/s cpu', 10)} ${pad('wall', 7)} ${pad('threshold', 9)} ${pad('ratio', 6)} ${pad('RSS MB', 7)}  checks`);
  let failed = 0;
  for (const w of workloads) {
    if (!only(w.name)) continue;
    const r = spawnSync(process.execPath, [...process.execArgv, '--max-old-space-size=4096', fileURLToPath(import.meta.url), '--workload', w.name, '--divide', String(divisor)], { encoding: 'utf8', maxBuffer: 1 << 24 });
    const line = r.stdout.trim().split('\n').pop() ?? '';
    if (r.status !== 0 || !line.startsWith('{')) {
      failed++;
      console.log(`${w.name.padEnd(30)} failed: ${(r.stderr || r.stdout).trim().split('\n').slice(-3).join(' | ')}`);
      continue;
    }
    const o = JSON.parse(line) as Outcome;
    const cpuRate = o.measured / o.cpuS;
    // a workload upstream sets no threshold for prints "-" for both
    const ratio = w.threshold ? (cpuRate / w.threshold).toFixed(2) : '-';
    if (o.problems.length) failed++;
    console.log(`${o.name.padEnd(30)} ${pad(o.measured, 6)} ${pad(cpuRate.toFixed(0), 10)} ${pad((o.measured / o.wallS).toFixed(0), 7)} ${pad(w.threshold ?? '-', 9)} ${pad(ratio, 6)} ${pad(o.rssMB.toFixed(0), 7)}  ${o.problems.length ? o.problems.join('; ') : 'ok'}`);
  }
  if (failed) process.exitCode = 1;
}
