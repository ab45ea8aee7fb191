// The upgrade preview's work, as the Compare worker runs it: the scenario on screen under two
// Kubernetes versions (the engine's compareVersions, which also finds each difference's upstream
// cause). Kept apart from the worker's message plumbing so it runs in tests.

import type { ScenarioError } from '../../engine/api';
import type { KubernetesVersion, VersionComparison } from '../../engine/readers';
import { compareVersions, scoresByVersion, type VersionScores } from '../../engine/experiments';

/** problems listed in the view; the rest are counted */
const MAX_ERRORS = 20;

export interface VersionCompareRequest {
  id: number;
  kind: 'versions';
  text: string;
  fileName: string;
  seed?: number;
  from: KubernetesVersion;
  to: KubernetesVersion;
}

export type VersionCompareReply =
  | { type: 'versions'; id: number; comparison: VersionComparison }
  | { type: 'error'; id: number; which: 'a'; errors: ScenarioError[]; more: number };

export function runVersionCompare(request: VersionCompareRequest, post: (reply: VersionCompareReply) => void): void {
  const { id, text, fileName, seed, from, to } = request;
  const out = compareVersions(text, from, to, { fileName, ...(seed !== undefined ? { seed } : {}) });
  if (!out.ok) {
    post({ type: 'error', id, which: 'a', errors: out.errors.slice(0, MAX_ERRORS), more: Math.max(0, out.errors.length - MAX_ERRORS) });
    return;
  }
  post({ type: 'versions', id, comparison: out.comparison });
}

/** The upgrade lesson's stage: one pod's scores on some nodes, the scenario run at each version. */
export interface VersionScoresRequest {
  id: number;
  kind: 'versionScores';
  text: string;
  fileName: string;
  seed?: number;
  versions: KubernetesVersion[];
  pod: string;
  nodes: string[];
}

export type VersionScoresReply =
  | { type: 'versionScores'; id: number; scores: VersionScores }
  | { type: 'error'; id: number; which: 'a'; errors: ScenarioError[]; more: number };

export function runVersionScores(request: VersionScoresRequest, post: (reply: VersionScoresReply) => void): void {
  const { id, text, fileName, seed, versions, pod, nodes } = request;
  const out = scoresByVersion(text, versions, pod, nodes, { fileName, ...(seed !== undefined ? { seed } : {}) });
  if (!out.ok) {
    post({ type: 'error', id, which: 'a', errors: out.errors.slice(0, MAX_ERRORS), more: Math.max(0, out.errors.length - MAX_ERRORS) });
    return;
  }
  post({ type: 'versionScores', id, scores: out.scores });
}
