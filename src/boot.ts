// The page's first script, a few hundred bytes: it starts the engine worker, so that on a slow
// connection the worker's code downloads alongside the app's chunk rather than after it has run
// (a lesson link on Fast 3G: bench/browser/lessonFirstLoad.spec.ts), then loads the app, and for a
// lesson link starts that lesson's catalog file downloading too (src/lessons/files.ts).
import { lessonFile } from './lessons/files';
import { peekLessonId } from './permalink/peek';
import { startEngineWorker } from './worker/earlyWorker';

if (typeof Worker !== 'undefined') startEngineWorker();
void import('./main');
if (typeof DecompressionStream !== 'undefined') void peekLessonId(location.hash).then((id) => (id === undefined ? undefined : lessonFile(id)?.catch(() => undefined)));
