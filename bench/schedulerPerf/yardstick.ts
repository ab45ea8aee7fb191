// The machine's yardstick: a fixed piece of CPU-bound JavaScript of the kind the engine does
// (objects made and read through a Map by string key, an array sorted), none of Podplay's code,
// so its CPU time moves with the machine and its load and never with a commit. The scheduler_perf
// table's figures are comparable only beside the yardstick of the same sitting: the shared
// machine's speed has varied ~3x between sessions (README, issue 24).
//
// npm run bench -- --scheduler-perf prints it, in a process of its own, before the workloads,
// with the load average; `npx tsx bench/schedulerPerf/run.ts --yardstick` prints it alone.

/** The fixed work; returns a checksum so that nothing of it can be left out. */
export function yardstickWork(rounds = 5): number {
  let acc = 0;
  for (let round = 0; round < rounds; round++) {
    const nodes = new Map<string, { cpu: number; memory: number; labels: Record<string, string> }>();
    for (let i = 0; i < 50_000; i++) nodes.set(`node-${i}`, { cpu: i % 7, memory: i * 3, labels: { zone: `zone-${i % 3}` } });
    for (let i = 0; i < 200_000; i++) {
      const n = nodes.get(`node-${(i * 7919) % 50_000}`)!;
      acc += n.cpu + (n.labels.zone === 'zone-1' ? 1 : 0);
    }
    const values = Array.from({ length: 100_000 }, (_, i) => (i * 2654435761) % 1_000_003);
    values.sort((a, b) => a - b);
    acc += values[500]!;
  }
  return acc;
}

/** CPU milliseconds of the fixed work in this process. */
export function yardstickCpuMs(): { cpuMs: number; checksum: number } {
  const from = process.cpuUsage();
  const checksum = yardstickWork();
  const used = process.cpuUsage(from);
  return { cpuMs: Math.round((used.user + used.system) / 1000), checksum };
}
