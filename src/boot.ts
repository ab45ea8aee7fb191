// The page's first script, a few KB: it loads the app and, for a lesson link, starts that lesson's
// catalog file (src/lessons/files.ts) and its run as the build simulated it (src/worker/shipped.ts)
// downloading alongside the app's chunk. The page draws such a lesson from its shipped run, so the
// engine worker (about 190 KB on the wire) is not fetched before the lesson is interactive (a
// lesson link on Fast 3G: bench/browser/lessonFirstLoad.spec.ts); for anything else boot starts
// the engine worker at once, so that its code downloads alongside the app's.
import { hasShippedRun, shippedRun } from 'virtual:podplay/lesson-runs';
import { lessonFile } from './lessons/files';
import { peekLessonId } from './permalink/peek';
import { startEngineWorker } from './worker/earlyWorker';
import { expectShippedRun, type ShippedRun } from './worker/shippedRun';

const startWorker = (): void => { if (typeof Worker !== 'undefined') startEngineWorker(); };

if (typeof DecompressionStream === 'undefined' || !/^#p\d/.test(location.hash)) {
  startWorker();
} else {
  // (the app waits for this promise before it sends its first load; the lesson's text pinned to
  // its version comes with the run, src/lessons/lazy.ts)
  const lessonId = peekLessonId(location.hash);
  expectShippedRun(lessonId.then((id): Promise<ShippedRun | undefined> | undefined => {
    if (id !== undefined) void lessonFile(id)?.catch(() => undefined);
    const run = id !== undefined && hasShippedRun(id) ? shippedRun(id) : undefined;
    if (run === undefined) {
      startWorker();
      return undefined;
    }
    return run.catch(() => {
      startWorker();
      return undefined;
    });
  }), lessonId);
}
void import('./main');
