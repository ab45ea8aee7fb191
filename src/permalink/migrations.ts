// Every permalink format we ever published, and how each becomes the current one. Never edit a
// published version's reader: add a new version and a migration step instead.

import { isKubernetesVersion, type KubernetesVersion } from '../engine/readers';
import { PRE_VERSION_AXIS_KUBERNETES_VERSION } from '../interop/scenarioVersion';

/** extension points a playback position can stop at */
export type PlaybackPhase = 'queue' | 'placementGenerate' | 'placementScore' | 'preFilter' | 'filter' | 'postFilter' | 'preScore' | 'score' | 'normalizeScore' | 'select' | 'reserve' | 'permit' | 'podGroupPostFilter' | 'bind' | 'done';

export interface PermalinkState {
  /** the scenario YAML, exactly as the user wrote it */
  scenario: string;
  seed?: number;
  /** playback position: 1-based cycle and the extension point inside it */
  cycle?: number;
  phase?: PlaybackPhase;
  /** the selected pod, "namespace/name" */
  pod?: string;
  /** view options */
  view?: { topologyKey?: string; showLabels?: boolean; showTaints?: boolean; presenter?: boolean };
  /** the lesson the link came from, if any */
  lesson?: string;
  /** format 2: the Compare view, with configuration B (a KubeSchedulerConfiguration document) */
  compare?: { config: string };
  /** format 4: the Compare view in its "Kubernetes versions" mode (the upgrade preview), from → to */
  compareVersions?: { from: KubernetesVersion; to: KubernetesVersion };
}

export const CURRENT_VERSION = 4;

/** configuration B is YAML of one document: far below the scenario's cap */
export const MAX_COMPARE_CONFIG_CHARS = 64 * 1024;

/**
 * every PlaybackPhase, in playback order. The pod-group points (placementGenerate, placementScore,
 * podGroupPostFilter; v1.36+ pod-group cycles) were added to every format: a link written before
 * them never names them, so each older link still reads as it did.
 */
export const PLAYBACK_PHASES: readonly PlaybackPhase[] = ['queue', 'placementGenerate', 'placementScore', 'preFilter', 'filter', 'postFilter', 'preScore', 'score', 'normalizeScore', 'select', 'reserve', 'permit', 'podGroupPostFilter', 'bind', 'done'];

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Format 1: { v: 1, scenario, seed?, cycle?, phase?, pod?, view?, lesson? }. Unknown fields (a later format's) are dropped. */
function readV1(raw: unknown): PermalinkState | string {
  if (!isRecord(raw)) return 'the state is not an object';
  if (typeof raw.scenario !== 'string') return 'the scenario text is missing';
  const state: PermalinkState = { scenario: raw.scenario };
  if (Number.isSafeInteger(raw.seed) && (raw.seed as number) >= 0) state.seed = raw.seed as number;
  if (Number.isSafeInteger(raw.cycle) && (raw.cycle as number) >= 0) state.cycle = raw.cycle as number;
  if (typeof raw.phase === 'string' && (PLAYBACK_PHASES as readonly string[]).includes(raw.phase)) state.phase = raw.phase as PlaybackPhase;
  if (typeof raw.pod === 'string' && raw.pod.length <= 600) state.pod = raw.pod;
  if (typeof raw.lesson === 'string' && raw.lesson.length <= 200) state.lesson = raw.lesson;
  if (isRecord(raw.view)) {
    const v = raw.view;
    const view: NonNullable<PermalinkState['view']> = {};
    if (typeof v.topologyKey === 'string' && v.topologyKey.length <= 317) view.topologyKey = v.topologyKey;
    for (const k of ['showLabels', 'showTaints', 'presenter'] as const) if (typeof v[k] === 'boolean') view[k] = v[k];
    state.view = view;
  }
  return state;
}

/** Format 2: format 1 and `compare?: { config }`. */
function readV2(raw: unknown): PermalinkState | string {
  const state = readV1(raw);
  if (typeof state === 'string' || !isRecord(raw)) return state;
  const compare = raw.compare;
  if (isRecord(compare) && typeof compare.config === 'string' && compare.config.length <= MAX_COMPARE_CONFIG_CHARS) state.compare = { config: compare.config };
  return state;
}

/**
 * Formats 1 and 2 were made when Podplay simulated kube-scheduler v1.35 only; a scenario without
 * `spec.kubernetesVersion` now runs as the newest version (issue 17). So that such a link replays
 * exactly as it did, its scenario is pinned to 1.35 in the text (the Scenario document gains the
 * field; a text without one gains one). The text on screen says so, and a link made from it carries it.
 * The writer (and the `yaml` package it needs) is fetched only for such a link.
 */
function pinnedToV135(read: (raw: unknown) => PermalinkState | string): (raw: unknown) => Promise<PermalinkState | string> {
  return async (raw) => {
    const state = read(raw);
    if (typeof state === 'string') return state;
    const { withKubernetesVersion } = await import('../interop/scenarioVersionEdit');
    return { ...state, scenario: withKubernetesVersion(state.scenario, PRE_VERSION_AXIS_KUBERNETES_VERSION) };
  };
}

/** Format 3: the fields of format 2; the scenario text says its Kubernetes version (none: the newest). */
const readV3 = readV2;

/** Format 4: format 3 and `compareVersions?: { from, to }`, two versions Podplay simulates (else dropped). */
function readV4(raw: unknown): PermalinkState | string {
  const state = readV3(raw);
  if (typeof state === 'string' || !isRecord(raw)) return state;
  const pair = raw.compareVersions;
  if (isRecord(pair) && isKubernetesVersion(pair.from) && isKubernetesVersion(pair.to)) state.compareVersions = { from: pair.from, to: pair.to };
  return state;
}

const readers: Record<number, (raw: unknown) => PermalinkState | string | Promise<PermalinkState | string>> = { 1: pinnedToV135(readV1), 2: pinnedToV135(readV2), 3: readV3, 4: readV4 };

/** Reads a decoded payload of `version` and brings it to the current shape. */
export async function migrate(version: number, raw: unknown): Promise<PermalinkState | string> {
  const read = readers[version];
  if (!read) return `format ${version} is unknown`;
  return read(raw);
}
