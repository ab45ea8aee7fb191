// The stage of every lesson against the engine, cycle by cycle: the pods the stage draws (the
// worker's replay of the recorded result, which every story point reads) must be the pods the
// engine has at that simulated time. A pod deleted before a cycle is not drawn at it; a pod is
// drawn only on the node the engine bound it to; no DRA device is drawn held by two claims at
// once (the allocator never gives one device to two claims: DynamicResources' Filter, upstream
// pkg/scheduler/framework/plugins/dynamicresources). Issue 19: dra-gpus drew trainer-1, deleted
// at 90 s, still holding gpu-0 and gpu-1 next to trainer-2, which the scheduler gave them at 90 s.

import { describe, expect, it } from 'vitest';
import { simulate } from '../engine/index';
import type { SimulationResult } from '../engine/api';
import { podsAt } from '../store/selectors';
import type { PodplayState } from '../store/types';
import { phasesOf, RunSession } from '../worker/session';
import { stepFor } from '../store/permalinkState';
import { isCyclePosition, lessonStory } from './story';
import { lessons } from './index';

function run(id: string): SimulationResult {
  const lesson = lessons.find((l) => l.id === id)!;
  const outcome = simulate(lesson.scenario, { fileName: `${id}.yaml`, ...(lesson.seed !== undefined ? { seed: lesson.seed } : {}) });
  if (!outcome.ok) throw new Error(`${id}: scenario errors`);
  return outcome.result;
}

const ON_NODE = new Set(['bound', 'waitingOnPermit', 'waitingOnBinding']);

/** What the stage draws at each phase of each cycle that the engine contradicts. */
function contradictions(result: SimulationResult): string[] {
  const session = new RunSession(result);
  const { cycles } = session.nextBatch(Infinity, () => 0);
  const state = { run: { summary: session.summary(), cycles, complete: true } } as unknown as Pick<PodplayState, 'run'>;
  const problems: string[] = [];
  for (const summary of cycles) {
    const frame = session.frame(summary.cycle)!;
    for (const phase of summary.phases) {
      const where = `cycle ${summary.cycle} ${phase} (t=${summary.time}s)`;
      const holders = new Map<string, string>();
      for (const view of podsAt(state, { summary, phase, frame })) {
        const pod = view.outcome;
        // a pod deleted before this time is gone (one deleted after the last cycle is drawn leaving)
        if (pod.deletedAt !== undefined && pod.deletedAt < summary.time) problems.push(`${where}: ${pod.pod} drawn ${view.location}, deleted at ${pod.deletedAt}s`);
        if (!ON_NODE.has(view.location)) continue;
        if (pod.node !== undefined && view.node !== pod.node) problems.push(`${where}: ${pod.pod} drawn on ${view.node ?? '(no node)'}, the engine bound it to ${pod.node}`);
        if (view.location !== 'bound' || view.leaving) continue;
        for (const claim of pod.resourceClaims ?? []) {
          const owner = claim.claimName ?? `${pod.pod}/${claim.name}`;
          for (const d of claim.devices ?? []) {
            const other = holders.get(d.id);
            if (other !== undefined && other !== owner) problems.push(`${where}: ${d.id} drawn held by ${other} and ${owner}`);
            holders.set(d.id, owner);
          }
        }
      }
    }
  }
  return problems;
}

describe('the stage draws the engine\'s pods at every cycle of every lesson', () => {
  it.each(lessons.map((l) => [l.id]))('%s', (id) => {
    expect(contradictions(run(id))).toEqual([]);
  });
});

// A lesson ends on its outcome drawn: a last point at Select leaves the pod off its node and the
// lanes' counts as they were before it (issue 19: spread-zone ended on "the zones are now 2 and 2"
// with zoneB still drawn at 1). Bind draws the pod on its node and the lanes updated.
describe('the last point of every lesson draws the end of its cycle', () => {
  it.each(lessons.map((l) => [l.id]))('%s', (id) => {
    const lesson = lessons.find((l) => l.id === id)!;
    const { at } = lessonStory(lesson).points.at(-1)!;
    if (!isCyclePosition(at)) return; // an event's point shows from the cycle after it, or at the run's last step
    const phases = phasesOf(run(id).cycles[at.cycle - 1]!);
    expect(phases[stepFor(phases, at.phase)], `ends at ${at.phase} of cycle ${at.cycle}`).toBe(phases.at(-1));
  });
});
