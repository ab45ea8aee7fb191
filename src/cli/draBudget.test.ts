// The DRA allocator's step budget (issue 23, critical 3) as a user meets it on the command line:
// the probe's 20×8 claim (8 of a node's 20 GPUs and a device nothing matches: every ordered choice
// of 8 is tried, over 60 s before the budget) ends at once with upstream's message for the pod. The
// engine's own tests (src/engine/dra/allocator.budget.test.ts, simulate.dra.test.ts) check the budget.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALLOCATOR_BOMB } from '../engine/testing/allocatorBomb';
import { simulate } from './testing/cliProcess';

function scenarioFile(): string {
  const file = join(mkdtempSync(join(tmpdir(), 'podplay-dra-')), 'greedy.yaml');
  writeFileSync(file, ALLOCATOR_BOMB);
  return file;
}

// upstream (v1.36+, kubernetes PR #137607): dynamicresources.go Filter returns
// statusError(fmt.Errorf("node %s: timed out trying to allocate devices", node.Name)), which
// runtime/framework.go RunFilterPlugins wraps as `running %q filter plugin: %w`; the pod's
// condition reason is SchedulerError (schedule_one.go handleSchedulingFailure). Podplay says
// after it which budget ran out.
const upstream = 'running "DynamicResources" filter plugin: node n1: timed out trying to allocate devices';
const budget = /\(Podplay: the search for devices exceeded [\d,]+ steps on this node\)/;

describe('the allocator budget on the command line (issue 23)', () => {
  it('--explain of the pod whose claim is the 20×8 bomb: ends with upstream\'s timeout as the pod\'s error, and says why the run stopped', () => {
    const file = scenarioFile();
    const r = simulate(file, '--explain', 'trainer');
    expect(r.status).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toBe('Pod default/trainer: SchedulerError');
    // the latest attempt and its message: an Error has no diagnosis, its message is the why
    const latest = lines[1]!.match(/^Latest cycle \d+ \(t=\d+s\): Error: (.*)$/);
    expect(latest?.[1]?.startsWith(`${upstream} `)).toBe(true);
    expect(latest?.[1]).toMatch(budget);
    // its retries as kubectl describe lists them: one FailedScheduling series, its count and first and last time
    expect(r.stdout).toMatch(/^Events:\n {2}Warning FailedScheduling t=\d+s \(x\d+ since t=\d+s\): running "DynamicResources" filter plugin: /m);
    // retried after backoff for as long as the run lasts (upstream retries for ever): the run's
    // retry limit stops it, with a warning quoting the same message
    expect(r.stderr).toMatch(/: the run stopped at [\d,]+ s of simulated time: pod "default\/trainer" was retried [\d,]+ times in a row with the same result, /);
    expect(r.stderr).toContain(JSON.stringify(upstream).slice(1, -1));
  });

  it('--explain --json of the same pod: reason SchedulerError and the error as its message, no diagnosis, exit 4', () => {
    const r = simulate(scenarioFile(), '--explain', 'trainer', '--json');
    expect(r.status).toBe(4);
    const doc = JSON.parse(r.stdout) as { state: string; reason?: string; message?: string; diagnosis?: unknown };
    expect(doc).toMatchObject({ state: 'pending', reason: 'SchedulerError' });
    expect(doc.message?.startsWith(`${upstream} `)).toBe(true);
    expect(doc.message).toMatch(budget);
    expect(doc.diagnosis).toBeUndefined();
    // retried for as long as the run lasts: its FailedScheduling events are one series (client-go tools/events), the count and both times kept
    const events = (doc as { events?: { reason: string; count: number; firstTime: number; lastTime: number }[] }).events ?? [];
    const failed = events.filter((e) => e.reason === 'FailedScheduling');
    expect(failed.length).toBeGreaterThan(0);
    expect(failed[0]!.count).toBeGreaterThan(1);
    expect(failed[0]!.lastTime).toBeGreaterThan(failed[0]!.firstTime);
  });
});
