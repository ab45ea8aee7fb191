// Small scheduler_perf shapes whose result JSON (trace included) bench/schedulerPerf/trace.test.ts
// compares with hashes recorded before the throughput work.
import { startSimulation } from '../../src/engine/index';
import { hashResult } from '../hashJson';
import { scaled, scenarioText, workloads } from './workloads';

/** the workloads at a hundredth of their size, plus shapes whose Filter verdicts fail with details */
export const traceCases = [
  ...workloads.map((w) => ({ name: w.name, text: scenarioText(scaled(w, 100)) })),
  // the first affinity pod picks a zone: every node of the two others fails with its terms' counts
  { name: 'SchedulingPodAffinity over 3 zones', text: scenarioText({ ...scaled(workloads.find((w) => w.name === 'SchedulingPodAffinity')!, 100), zones: ['zone1', 'zone2', 'zone3'] }) },
  // more anti-affinity pods than nodes: the later ones fail on every node, naming the pods there
  { name: 'SchedulingPodAntiAffinity, more pods than nodes', text: scenarioText({ ...scaled(workloads.find((w) => w.name === 'SchedulingPodAntiAffinity')!, 100), nodes: 25 }) },
  // spreading over zones with a zone that has 10 times fewer nodes: DoNotSchedule fails there
  { name: 'TopologySpreading, uneven zones', text: scenarioText({ ...scaled(workloads.find((w) => w.name === 'TopologySpreading')!, 100), zones: ['moon-1', 'moon-2', 'moon-2', 'moon-3', 'moon-3', 'moon-1', 'moon-2', 'moon-3', 'moon-1', 'moon-4'] }) },
];

export function traceHash(text: string): string {
  const started = startSimulation(text, { fileName: 'trace.yaml' });
  if (!started.ok) throw new Error(started.errors.map((e) => e.message).join('\n'));
  for (const trace of started.simulation.run()) void trace;
  return hashResult(started.simulation.result()).hash;
}
