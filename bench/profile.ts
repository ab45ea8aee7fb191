// A CPU profile of one phase of one bench case, written where Chrome DevTools or speedscope can
// open it, with the hottest functions printed. Profiles are not committed.
//
//   npx tsx bench/profile.ts "<case name part>" load|schedule [out.cpuprofile]

import { writeFileSync } from 'node:fs';
import { Session, type Profiler } from 'node:inspector';
import { startSimulation } from '../src/engine/index';
import { benchCases } from './scenarios';

const [namePart = '1,000 nodes', phase = 'schedule', out = `/tmp/podplay-${phase}.cpuprofile`] = process.argv.slice(2);
const c = benchCases.find((b) => b.name.includes(namePart));
if (!c) throw new Error(`no bench case matches ${JSON.stringify(namePart)}`);

const session = new Session();
session.connect();
const post = <T>(method: string, params?: object) => new Promise<T>((resolve, reject) => {
  session.post(method, params ?? {}, (err, res) => (err ? reject(err) : resolve(res as T)));
});

// warm up the JIT on a small case first
const warm = startSimulation(benchCases[0]!.scenario());
if (warm.ok) { const run = warm.simulation.run(); while (!run.next().done) { /* run */ } }

const text = c.scenario();
await post('Profiler.enable');
await post('Profiler.setSamplingInterval', { interval: 200 });
if (phase === 'load') await post('Profiler.start');
let t = performance.now();
const started = startSimulation(text, { fileName: 'bench.yaml' });
console.log(`load ${(performance.now() - t).toFixed(0)} ms`);
if (!started.ok) throw new Error(JSON.stringify(started.errors.slice(0, 3)));
if (phase === 'schedule') await post('Profiler.start');
if (phase !== 'load') {
  t = performance.now();
  let cycles = 0;
  const run = started.simulation.run();
  while (!run.next().done) cycles++;
  console.log(`schedule ${(performance.now() - t).toFixed(0)} ms, ${cycles} cycles`);
}
const { profile } = await post<{ profile: Profiler.Profile }>('Profiler.stop');
writeFileSync(out, JSON.stringify(profile));

// self time by function, the top 25
const self = new Map<string, number>();
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const deltas = profile.timeDeltas ?? [];
(profile.samples ?? []).forEach((id, i) => {
  const f = byId.get(id)!.callFrame;
  const key = `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*\/(src|node_modules)\//, '$1/')}:${f.lineNumber + 1}`;
  self.set(key, (self.get(key) ?? 0) + (deltas[i] ?? 0) / 1000);
});
const total = [...self.values()].reduce((a, b) => a + b, 0);
console.log(`profile: ${out} (${total.toFixed(0)} ms sampled)`);
for (const [key, msSelf] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
  console.log(`${msSelf.toFixed(0).padStart(7)} ms ${(100 * msSelf / total).toFixed(1).padStart(5)}%  ${key}`);
}
