// npm run bench — speed and memory of the engine on generated clusters, loading and
// scheduling measured apart. Targets: scheduling a pod on 1,000 nodes in a few ms (the UI
// streams cycles from a worker), 5,000 nodes usable, loading a 5,000-pod dump in seconds.

import { startSimulation } from '../src/engine/index';
import { largeScenario } from './scenarios';

interface Case { name: string; nodes: number; boundPods: number; pendingReplicas: number }

const cases: Case[] = [
  { name: 'warm-up', nodes: 50, boundPods: 50, pendingReplicas: 10 },
  { name: '100 nodes, 50 pending', nodes: 100, boundPods: 200, pendingReplicas: 50 },
  { name: '1,000 nodes, 100 pending', nodes: 1000, boundPods: 3000, pendingReplicas: 100 },
  { name: '5,000 nodes, 100 pending', nodes: 5000, boundPods: 5000, pendingReplicas: 100 },
];

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const ms = (from: bigint) => Number(process.hrtime.bigint() - from) / 1e6;

for (const c of cases) {
  const text = largeScenario(c);
  const heapBefore = process.memoryUsage().heapUsed;
  let t = process.hrtime.bigint();
  const started = startSimulation(text, { fileName: `${c.name}.yaml` });
  const loadMs = ms(t);
  if (!started.ok) {
    console.error(`${c.name}: errors`, started.errors.slice(0, 3));
    process.exitCode = 1;
    continue;
  }
  t = process.hrtime.bigint();
  let cycles = 0;
  for (const _cycle of started.simulation.run()) cycles++;
  const runMs = ms(t);
  const r = started.simulation.result();
  if (c.name === 'warm-up') continue;
  const running = r.pods.filter((p) => p.phase === 'Running').length;
  console.log(`${c.name.padEnd(26)} load ${loadMs.toFixed(0).padStart(6)} ms | schedule ${runMs.toFixed(0).padStart(6)} ms, ${(runMs / Math.max(1, cycles)).toFixed(1).padStart(6)} ms/cycle (${cycles} cycles, ${running} running) | heap +${mb(process.memoryUsage().heapUsed - heapBefore)}, result JSON ${mb(JSON.stringify(r).length)}`);
}
