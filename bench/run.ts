// npm run bench — speed and memory of the engine on generated clusters. Targets: a
// 1,000-node cycle well under what a 60 fps UI notices when streamed, and 5,000 nodes usable.

import { simulate } from '../src/engine/index';
import { largeScenario } from './scenarios';

interface Case { name: string; nodes: number; boundPods: number; pendingReplicas: number }

const cases: Case[] = [
  { name: '100 nodes, 50 pending', nodes: 100, boundPods: 200, pendingReplicas: 50 },
  { name: '1,000 nodes, 100 pending', nodes: 1000, boundPods: 3000, pendingReplicas: 100 },
  { name: '5,000 nodes, 100 pending', nodes: 5000, boundPods: 5000, pendingReplicas: 100 },
];

function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(0)} MB`;
}

for (const c of cases) {
  const text = largeScenario(c);
  const heapBefore = process.memoryUsage().heapUsed;
  const start = process.hrtime.bigint();
  const outcome = simulate(text, { fileName: `${c.name}.yaml` });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (!outcome.ok) {
    console.error(`${c.name}: errors`, outcome.errors.slice(0, 3));
    process.exitCode = 1;
    continue;
  }
  const r = outcome.result;
  const bound = r.pods.filter((p) => p.phase === 'Running').length;
  const heapAfter = process.memoryUsage().heapUsed;
  console.log(`${c.name.padEnd(28)} ${ms.toFixed(0).padStart(7)} ms total, ${(ms / Math.max(1, r.cycles.length)).toFixed(1).padStart(6)} ms/cycle, ${r.cycles.length} cycles, ${bound} running, heap +${mb(heapAfter - heapBefore)}, JSON ${mb(JSON.stringify(r).length)}`);
}
