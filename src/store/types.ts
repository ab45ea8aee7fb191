// The shape of the one Podplay store: four slices, each with its state and the actions on it.

import type { ScenarioError } from '../engine/api';
import type { KubernetesVersion } from '../engine/readers';
import type { CycleFrame, CycleSummary, LendPort, RunSummary, TimedEvent } from '../worker/protocol';
import type { RecentEntry } from './recent';
import type { PermalinkState, PlaybackPhase } from '../permalink/migrations';

export interface ScenarioSlice {
  /** the YAML as the user last left it (autosaved) */
  text: string;
  fileName: string;
  /** the seed to simulate with; undefined: the scenario's own spec.seed (or 0) */
  seed?: number;
  /** engine errors of the latest text that was simulated; empty when it simulated */
  errors: ScenarioError[];
  /**
   * the text is too large to hand to the editor without holding the page (LARGE_EDITOR_CHARS):
   * it is simulated and kept, and goes into the editor when the user asks (openInEditor)
   */
  editorDeferred: boolean;
  openInEditor(): void;
  /** why the last save failed; undefined while the text is saved */
  saveError?: string;
  /** the text on screen is not being simulated: its last run crashed, or the user cancelled it */
  interrupted?: 'crashed' | 'cancelled';
  setText(text: string): void;
  /**
   * replaces the scenario (Open, or a scenario from the gallery), with the seed to run it with; the
   * text it replaces is kept in Recent. Via a link: announced, and not run if its last run crashed.
   */
  openScenario(fileName: string, text: string, seed?: number, via?: 'link' | 'open'): void;
  /** simulate the current text now instead of after the typing pause */
  simulateNow(): void;
  /** simulateNow, unless the last run of this text never finished: then a notice offers to run it */
  simulateUnlessInterrupted(): void;
  /** stops the run being simulated (the Cancel button) */
  cancelSimulation(): void;
  /** keeps the text on screen in Recent if `next` is about to replace it */
  keepPrevious(next: string, via: 'link' | 'open'): void;
}

/** Recent scenarios: what links, files and lessons replaced, to reopen. */
export interface RecentSlice {
  /** newest first */
  recent: readonly RecentEntry[];
  /** reads the list again (another tab may have added to it) */
  refreshRecent(): void;
  /** opens a recent scenario; false when it is no longer stored */
  reopenRecent(id: string): Promise<boolean>;
  /** removes a recent scenario and its text (an edited one stays until this) */
  removeRecent(id: string): void;
}

/** One simulated run, as far as the worker has sent it. */
export interface RunView {
  runId: number;
  /** the text that produced this run */
  text: string;
  summary: RunSummary;
  /** the cycle index, growing while the worker streams it */
  cycles: CycleSummary[];
  events: TimedEvent[];
  /** the worker has sent every cycle */
  complete: boolean;
}

export interface SimulationSlice {
  /** the run on screen: the last text that simulated without errors */
  run?: RunView;
  /** the run being simulated for newer text, if any */
  pendingRunId?: number;
  /** frames of `run` received so far, by cycle number */
  frames: ReadonlyMap<number, CycleFrame>;
  /**
   * asks the engine worker to hand the fix worker, on `port`, its run of this text, file name and
   * seed with the scenario as loaded (src/ui/fixes/useFixSearch.ts): it answers once on the port
   */
  lendBaseline(port: LendPort, inputs: { text: string; fileName: string; seed?: number }): void;
}

export interface PlaybackPosition {
  /** 1-based cycle number; 0 while there are no cycles */
  cycle: number;
  /** index into the cycle's phases */
  step: number;
}

export interface PlaybackSlice {
  position: PlaybackPosition;
  playing: boolean;
  /** extension points per second while playing */
  speed: number;
  stepForward(): void;
  stepBack(): void;
  /** to the end of the current cycle, or of the next one when already there */
  nextCycle(): void;
  /** to the start of the current cycle, or of the previous one when already there */
  previousCycle(): void;
  seekCycle(cycle: number): void;
  /** a position known to exist (e.g. from latestCyclePosition) */
  seekPosition(position: PlaybackPosition): void;
  /** another extension point of the cycle on screen */
  seekStep(step: number): void;
  toFirstCycle(): void;
  toLastCycle(): void;
  play(): void;
  pause(): void;
  togglePlay(): void;
  setSpeed(speed: number): void;
  faster(): void;
  slower(): void;
}

export type DetailTab = 'spread' | 'pod' | 'events';

/**
 * What the cluster view must not draw, because it would answer an open lesson question: scores
 * (totals, score bars, ranks), placement (the selected or nominated node, the pod bound, the
 * header's outcome), feasibility (node states, Filter reasons, skew verdicts).
 */
export interface StageHidden {
  scores: boolean;
  placement: boolean;
  feasibility: boolean;
  /** what happens later in time: a tolerationSeconds countdown tells when its pod is evicted */
  events: boolean;
  /** a failed cycle's end (its FailedScheduling event): a lesson tells it at the next point */
  cycleEnd: boolean;
  /** the leaving pods' grace countdowns (src/lessons/story.ts hidesGrace) */
  grace: boolean;
}

export const NOTHING_HIDDEN: StageHidden = { scores: false, placement: false, feasibility: false, events: false, cycleEnd: false, grace: false };

export interface ViewSlice {
  /** the node label that makes topology lanes; undefined picks a zone label */
  topologyKey?: string;
  showNodeDetails: boolean;
  /** the pod the inspector describes; undefined follows the current cycle's pod */
  inspectedPod?: string;
  detailTab: DetailTab;
  /** the Compare view (two scheduler configurations) is on the stage instead of the cluster */
  compareOpen: boolean;
  /** the Compare view's configuration B (YAML of a KubeSchedulerConfiguration); undefined before it is made */
  compareConfig?: string;
  /** the Compare view's "Kubernetes versions" mode (the upgrade preview) and its two versions; undefined: comparing configurations */
  compareVersions?: { from: KubernetesVersion; to: KubernetesVersion };
  helpOpen: boolean;
  reducedMotion: boolean;
  /** set by the lesson runtime while a question is open */
  stageHidden: StageHidden;
  setTopologyKey(key: string | undefined): void;
  toggleNodeDetails(): void;
  inspectPod(pod: string | undefined): void;
  /** describes a pod and jumps to its latest scheduling cycle (the Filter step when it failed) */
  selectPod(pod: string): void;
  setDetailTab(tab: DetailTab): void;
  setCompareOpen(open: boolean): void;
  setCompareConfig(config: string): void;
  /** a pair: the upgrade preview with these versions; undefined: back to comparing configurations */
  setCompareVersions(pair: { from: KubernetesVersion; to: KubernetesVersion } | undefined): void;
  setHelpOpen(open: boolean): void;
  setReducedMotion(reduced: boolean): void;
  setStageHidden(hidden: StageHidden): void;
}

// ---- the session slice (./session.ts): what links and lessons add ----

/** A playback position as links and lessons name it: a 1-based cycle and a point inside it. */
export interface NamedPosition {
  cycle: number;
  phase: PlaybackPhase;
}

export interface Notice {
  id: number;
  kind: 'error' | 'info';
  title: string;
  /** shown as text, never as markup: it may quote a link or a scenario */
  text: string;
  /** `keep`: the notice stays after the action (a download) */
  action?: { label: string; run(): void; keep?: boolean };
}

/** liveEdit: presenter mode's "what if" editor over the lesson (src/ui/presenter/LiveEdit.tsx) */
export type SessionDialog = 'lessons' | 'import' | 'liveEdit';

export interface SessionSlice {
  lessonId?: string;
  /** the lesson's title card: nothing of cycle 1 is shown before the user starts */
  lessonIntro: boolean;
  /** question index → the choice predicted, in the lesson on screen */
  predictions: Readonly<Record<number, number>>;
  /** the story point the last press moved to (several points may share one step) */
  storyPoint?: number;
  /** lesson id → the furthest story point reached (0-based), for the gallery */
  lessonReached: Readonly<Record<string, number>>;
  presenter: boolean;
  dialog?: SessionDialog;
  notices: readonly Notice[];
  /** where playback goes once the run has that cycle (a link or history entry being restored) */
  pendingPosition?: NamedPosition;
  /** counts loads that deserve their own browser history entry (a lesson, an import, a link) */
  loadCount: number;
  /** opens a lesson on its title card; false when there is no such lesson */
  openLesson(id: string): boolean;
  /** leaves the title card for the first story point */
  startLesson(): void;
  /** the next story point of the lesson (from the title card: the first) */
  nextStoryPoint(): void;
  /** the previous story point, or the title card from the first */
  previousStoryPoint(): void;
  closeLesson(): void;
  predict(question: number, choice: number): void;
  setPresenter(on: boolean): void;
  setDialog(dialog: SessionDialog | undefined): void;
  /**
   * shows the state a link holds; `newEntry` when it should get its own history entry; `reload`
   * when it is this tab's own address (what it replaces is kept in Recent without a notice)
   */
  restore(link: PermalinkState, options: { fileName?: string; newEntry: boolean; reload?: boolean }): void;
  /** an empty scenario that is not saved over the user's own, with a notice saying why */
  openEmpty(title: string, reason: string): void;
  /** a scenario made by an import */
  openImported(fileName: string, text: string): void;
  notify(notice: Omit<Notice, 'id'>): void;
  dismissNotice(id: number): void;
}

export type PodplayState = ScenarioSlice & SimulationSlice & PlaybackSlice & ViewSlice & SessionSlice & RecentSlice;
