// The tab's memory for the browser benchmarks: Chromium runs a page and its workers (threads) in
// one renderer process, so that process's resident set is the tab's. Only this test's own
// Chromium counts: on a shared machine other sessions' browsers run beside it.
import { readdirSync, readFileSync } from 'node:fs';

/** the parent of a process (the fourth field of /proc/<pid>/stat, after the name in parentheses) */
function parentOf(pid: number): number | undefined {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  return Number.isInteger(ppid) && ppid > 0 ? ppid : undefined;
}

/** whether this process (the Playwright worker that launched the browser) is an ancestor of pid */
function ours(pid: number): boolean {
  for (let p: number | undefined = pid, hops = 0; p !== undefined && p > 1 && hops < 20; p = parentOf(p), hops++) {
    if (p === process.pid) return true;
  }
  return false;
}

/** The largest resident set of this test's Chromium renderer processes (the tab: page and worker threads), in MB. */
export function rendererRssMb(): number {
  let largest = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type=renderer') || !ours(Number(pid))) continue;
      const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (rss) largest = Math.max(largest, Number(rss[1]) / 1024);
    } catch {
      // the process ended while we looked
    }
  }
  return Math.round(largest);
}
