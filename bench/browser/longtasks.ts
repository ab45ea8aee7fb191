// Main-thread long tasks, as the page's PerformanceObserver('longtask') reports them, each with the
// main thread's own CPU time during it (from a Chromium trace of the same run).
//
// Why both: a long task's duration is wall-clock time. On a shared two-core machine running other
// jobs, a task that does 15 ms of work can take 120 ms because the thread waited for a core. What
// this project promises is that *its work* never blocks the main thread for more than 50 ms; the
// CPU time of the task is that work, the wall-clock duration is reported beside it.
import type { Browser, Page } from '@playwright/test';

export interface LongTask {
  start: number;
  /** wall-clock, as the Long Tasks API reports it */
  duration: number;
  /** main-thread CPU time of the matching trace task; undefined when no trace task matched */
  cpu?: number;
  /** what the task spent its CPU time on: the largest events inside it, `name:ms` */
  inside?: string;
}

declare global {
  interface Window {
    podplayLongTasks: { start: number; duration: number }[];
  }
}

interface TraceEvent {
  name: string;
  cat?: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: {
    name?: string;
    elementCount?: number;
    data?: { functionName?: string; type?: string; url?: string; lineNumber?: number };
    beginData?: { dirtyObjects?: number; totalObjects?: number };
  };
}

const SYNC_MARK = 'podplay-longtask-sync';
/** the top-level events of a main-thread task, by Chromium version */
const TASK_EVENTS = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);

export async function startLongTaskWatch(page: Page, browser: Browser): Promise<() => Promise<LongTask[]>> {
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'blink.user_timing'] });
  const markTime = await page.evaluate((mark) => {
    window.podplayLongTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.podplayLongTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask' });
    return performance.mark(mark).startTime;
  }, SYNC_MARK);

  return async () => {
    const observed = await page.evaluate(() => window.podplayLongTasks);
    const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }).traceEvents;
    const mark = events.find((e) => e.name === SYNC_MARK);
    const mainThreads = new Set(events
      .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`));
    const tasks = events.filter((e) => TASK_EVENTS.has(e.name) && e.ph === 'X' && mainThreads.has(`${e.pid}:${e.tid}`) && (e.dur ?? 0) > 25_000);
    // trace clock (µs) = (performance.now() + offset) * 1000
    const offset = mark === undefined ? undefined : mark.ts / 1000 - markTime;
    return observed.map((t) => {
      if (offset === undefined) return t;
      // the trace task that covers most of the long task (at least half of it)
      const from = (t.start + offset) * 1000;
      const to = from + t.duration * 1000;
      let match: TraceEvent | undefined;
      let best = (t.duration * 1000) / 2;
      for (const e of tasks) {
        const overlap = Math.min(to, e.ts + (e.dur ?? 0)) - Math.max(from, e.ts);
        if (overlap > best) { best = overlap; match = e; }
      }
      if (match?.tdur === undefined) return t;
      return { ...t, cpu: Math.round(match.tdur / 1000), inside: insideOf(match, events) };
    });
  };
}

/** The largest events nested in a task on its thread (by CPU time), to tell what a long task did. */
function insideOf(task: TraceEvent, events: TraceEvent[]): string {
  const end = task.ts + (task.dur ?? 0);
  return events
    .filter((e) => e !== task && e.ph === 'X' && e.pid === task.pid && e.tid === task.tid && e.ts >= task.ts && e.ts < end && (e.tdur ?? 0) >= 2_000)
    .sort((a, b) => (b.tdur ?? 0) - (a.tdur ?? 0))
    .slice(0, 6)
    .map((e) => `${e.name}${describe(e)}:${Math.round((e.tdur ?? 0) / 1000)}`)
    .join(',');
}

/** Which function, how many elements restyled or objects laid out. */
function describe(e: TraceEvent): string {
  const data = e.args?.data;
  if (data?.url) return `(${data.functionName || 'anonymous'} ${data.url.split('/').pop()}:${data.lineNumber})`;
  if (e.args?.elementCount !== undefined) return `(${e.args.elementCount} elements)`;
  if (e.args?.beginData?.totalObjects !== undefined) return `(${e.args.beginData.dirtyObjects}/${e.args.beginData.totalObjects} objects)`;
  return data?.type ? `(${data.type})` : '';
}
