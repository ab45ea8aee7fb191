// Runs the Compare view's simulations off the main thread: two scheduler configurations, or the
// upgrade preview's two Kubernetes versions, or the upgrade lesson's scores at two versions. One comparison per worker: the page cancels one by
// terminating the worker.
/// <reference lib="webworker" />

import { runCompare, type CompareRequest } from './runCompare';
import { runVersionCompare, runVersionScores, type VersionCompareRequest, type VersionScoresRequest } from './runVersions';

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = (event: MessageEvent<CompareRequest | VersionCompareRequest | VersionScoresRequest>) => {
  const request = event.data;
  const post = (reply: unknown) => scope.postMessage(reply);
  try {
    if ('kind' in request && request.kind === 'versionScores') runVersionScores(request, post);
    else if ('kind' in request) runVersionCompare(request, post);
    else runCompare(request, post);
  } catch (e) {
    scope.postMessage({ type: 'error', id: request.id, which: 'a', errors: [{ file: '', line: 1, column: 1, message: `internal error in the simulator (please report it): ${e instanceof Error ? e.message : String(e)}` }], more: 0 });
  }
};
