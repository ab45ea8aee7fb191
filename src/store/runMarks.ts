// A run that takes the tab down (out of memory) must not run again by itself when the page is
// opened again. Each text is marked before it is simulated and unmarked when the worker answers;
// a mark still set when the page starts means the last run of that text did not finish. Marks are
// fingerprints in localStorage, shared by tabs, so a fresh tab on the plain address is covered too.

import { fingerprint } from './fingerprint';
import type { KeyValueStorage } from './persistence';

export const RUN_MARKS_KEY = 'podplay.running';
/** the suffix of a hung run's mark (a page id is never this) */
const HUNG = '#hung';
/** several tabs may be simulating at once; older marks beyond this are forgotten */
const MAX_MARKS = 20;

export interface RunMarks {
  mark(text: string): void;
  clear(text: string): void;
  /**
   * The run of this text hung (a step never returned) and was stopped: unlike this page's own
   * marks, this one stays when the page goes away, so no reload runs the text by itself. It goes
   * when a run of the text finishes.
   */
  hung(text: string): void;
  isMarked(text: string): boolean;
  /**
   * Why the last run of this text did not finish: it 'hung' (a step never returned and the worker
   * was replaced), or it was 'unfinished' when its page went away without a goodbye (a crash, out
   * of memory, the tab killed). undefined: it did not fail to finish.
   */
  unfinished(text: string): 'hung' | 'unfinished' | undefined;
  /**
   * The page is going away normally (pagehide: a reload, a link, closing the tab): its runs did not
   * take it down, so their marks go. A tab that crashes never gets here, and its marks stay.
   */
  leave(): void;
}

/**
 * `page` tells this page's marks from those an earlier page (before a reload or a crash) left: a
 * text this page is simulating right now is not one that did not finish.
 */
export function createRunMarks(storage: KeyValueStorage | undefined, page: string): RunMarks {
  const read = (): string[] => {
    try {
      const list: unknown = JSON.parse(storage?.getItem(RUN_MARKS_KEY) ?? '[]');
      return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : [];
    } catch {
      return [];
    }
  };
  const write = (list: string[]) => {
    try {
      if (list.length === 0) storage?.removeItem(RUN_MARKS_KEY);
      else storage?.setItem(RUN_MARKS_KEY, JSON.stringify(list.slice(-MAX_MARKS)));
    } catch {
      // storage full or disabled: a crash is then not remembered, which is how it was before
    }
  };
  const ours = (text: string) => `${fingerprint(text)}@${page}`;
  const hung = (text: string) => `${fingerprint(text)}${HUNG}`;
  const unfinished = (text: string): 'hung' | 'unfinished' | undefined => {
    const list = read();
    if (list.includes(hung(text))) return 'hung';
    const print = `${fingerprint(text)}@`;
    return list.some((m) => m.startsWith(print) && m !== ours(text)) ? 'unfinished' : undefined;
  };
  return {
    mark(text) {
      const mark = ours(text);
      write([...read().filter((m) => m !== mark), mark]);
    },
    clear(text) {
      const marks = [ours(text), hung(text)];
      const list = read();
      if (list.some((m) => marks.includes(m))) write(list.filter((m) => !marks.includes(m)));
    },
    hung(text) {
      const mark = hung(text);
      write([...read().filter((m) => m !== mark), mark]);
    },
    leave() {
      const list = read();
      const left = list.filter((m) => !m.endsWith(`@${page}`));
      if (left.length !== list.length) write(left);
    },
    isMarked: (text) => unfinished(text) !== undefined,
    unfinished,
  };
}
