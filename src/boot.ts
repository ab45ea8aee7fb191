// The page's first script, a few hundred bytes: it starts the engine worker, so that on a slow
// connection the worker's code downloads alongside the app's chunk rather than after it has run
// (a lesson link on Fast 3G: bench/browser/lessonFirstLoad.spec.ts), then loads the app.
import { startEngineWorker } from './worker/earlyWorker';

if (typeof Worker !== 'undefined') startEngineWorker();
void import('./main');
