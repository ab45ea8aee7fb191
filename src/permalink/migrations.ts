// Every permalink format we ever published, and how each becomes the current one. Never edit a
// published version's reader: add a new version and a migration step instead.

/** extension points a playback position can stop at */
export type PlaybackPhase = 'queue' | 'preFilter' | 'filter' | 'postFilter' | 'preScore' | 'score' | 'normalizeScore' | 'select' | 'reserve' | 'permit' | 'bind' | 'done';

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
}

export const CURRENT_VERSION = 1;

/** every PlaybackPhase, in playback order */
export const PLAYBACK_PHASES: readonly PlaybackPhase[] = ['queue', 'preFilter', 'filter', 'postFilter', 'preScore', 'score', 'normalizeScore', 'select', 'reserve', 'permit', 'bind', 'done'];

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Format 1: { v: 1, scenario, seed?, cycle?, phase?, pod?, view?, lesson? }. Unknown fields are dropped. */
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

const readers: Record<number, (raw: unknown) => PermalinkState | string> = { 1: readV1 };

/** Reads a decoded payload of `version` and brings it to the current shape. */
export function migrate(version: number, raw: unknown): PermalinkState | string {
  const read = readers[version];
  if (!read) return `format ${version} is unknown`;
  return read(raw);
}
