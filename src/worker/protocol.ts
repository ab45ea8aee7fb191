// The typed messages between the main thread and the engine worker
// (docs/frontend-notes.md, "Web Worker"). The worker keeps the whole SimulationResult; the main
// thread asks for small pieces: a summary, the cycle index in batches, and one cycle's frame at a
// time. Every message carries the run id it belongs to, so replies to an old run are dropped.

import type {
  ClusterEvent, CycleTrace, NodeOutcome, PodOutcome, QueueName, ScenarioError, SimulationResult,
} from '../engine/api';
import type { ExpandedScenario } from '../engine/index';

export type RunId = number;

/** The extension points a cycle is stepped through, in the order the scheduler runs them. */
export const PHASES = ['PlacementGenerate', 'PlacementScore', 'PreFilter', 'Filter', 'PostFilter', 'Score', 'Select', 'Reserve', 'Permit', 'PodGroupPostFilter', 'Bind'] as const;
export type Phase = (typeof PHASES)[number];

export interface LoadOptions {
  seed?: number;
  until?: number;
  fileName?: string;
}

export type WorkerRequest =
  /** simulate a scenario; replies `loaded` or `error` */
  | { type: 'load'; runId: RunId; text: string; options: LoadOptions }
  /** stream the cycle index in `events` batches (about 8 ms of work each), then `done` */
  | { type: 'run'; runId: RunId }
  /** stop streaming after the current batch; `run` resumes */
  | { type: 'pause'; runId: RunId }
  /** stream exactly one more cycle */
  | { type: 'step'; runId: RunId }
  /** forget a run (a newer one replaces it) */
  | { type: 'cancel'; runId: RunId }
  /** the cluster as it was when a cycle started, and that cycle's trace; replies `snapshot` */
  | { type: 'seek'; runId: RunId; cycle: number }
  /**
   * a test hook (as crashWorker): the next run's first step never returns (it spins for `ms`), as
   * a step of the engine caught in a loop would
   */
  | { type: 'hangNextRun'; ms: number }
  /**
   * hand the fix worker, on `port`, the scenario as loaded and the run of the newest finished run
   * when it was loaded from this text, file name and seed (and run to its end): the fix search then
   * does not load and simulate the scenario again. Answers one LentBaseline on the port, then closes it.
   */
  | { type: 'lendBaseline'; port: LendPort; text: string; fileName: string; seed?: number };

/** The engine worker's answer to lendBaseline, on the port the fix worker holds the other end of. */
export type LentBaseline =
  | { type: 'baseline'; scenario: ExpandedScenario; baseline: SimulationResult }
  | { type: 'none'; reason: string };

/** The engine worker's end of a lendBaseline channel (a MessagePort, transferred with the request). */
export interface LendPort {
  postMessage(message: LentBaseline): void;
  close(): void;
}

export type WorkerReply =
  | { type: 'loaded'; runId: RunId; summary: RunSummary }
  | { type: 'events'; runId: RunId; cycles: CycleSummary[]; events: TimedEvent[] }
  | { type: 'snapshot'; runId: RunId; frame: CycleFrame }
  | { type: 'done'; runId: RunId }
  | { type: 'error'; runId: RunId; errors: ScenarioError[] }
  /** the worker has started (its module loaded) */
  | { type: 'ready' }
  /** the scenario is loaded and being simulated: a newer load now stops it between slices */
  | { type: 'started'; runId: RunId }
  /** the worker received a load or a cancel (it is not stuck in a step that never returns) */
  | { type: 'heard'; runId: RunId }
  /** a run still simulating, a few times a second: how far it got (the client's watchdog) */
  | { type: 'progress'; runId: RunId; position: RunPosition }
  /**
   * sent by the client, not the worker: the worker died (or could not start) while `runId` was
   * loading (-1: none was); a new worker was started, and the load is sent again when `retrying`.
   * `stuck`: one step of the run went on past the client's step budget and the worker was stopped
   * (never retried; `position` is where the run was last heard of).
   */
  | { type: 'failed'; runId: RunId; cause: 'start' | 'crash' | 'stuck'; message: string; retrying: boolean; position?: RunPosition }
  /**
   * sent by the client: the worker was replaced to stop a load stuck in its synchronous part; the
   * runs it held are gone. `unanswered`: the run it was busy with did not hear a cancel or a newer
   * load in time (a step that never returns), so that run is one that hung.
   */
  | { type: 'replaced'; unanswered?: RunId };

/** How far a run got: the cycles it finished, the simulated time and the pod of the last one. */
export interface RunPosition {
  cycles: number;
  time: number;
  pod?: string;
}

/** What the whole run looks like, without the per-cycle traces. */
export interface RunSummary {
  seed: number;
  endTime: number;
  /** nodes in the scheduler's order, as at the end of the run */
  nodes: NodeOutcome[];
  /** every pod in creation order; frames refer to pods by index into this list */
  pods: PodOutcome[];
  warnings: ScenarioError[];
  cycleCount: number;
  eventCount: number;
  /** the claims and volumes at the end of the run (SimulationResult.objects) */
  objects?: SimulationResult['objects'];
  /** the Kubernetes version the run simulated and why (SimulationResult.kubernetesVersion, issue 17) */
  kubernetesVersion?: RunKubernetesVersion;
  /** the node autoscaler's groups and decisions (SimulationResult.autoscaler, issue 20) */
  autoscaler?: SimulationResult['autoscaler'];
  /** nodes deleted during the run (SimulationResult.removedNodes); frames index them after `nodes` */
  removedNodes?: SimulationResult['removedNodes'];
  /** the claims and volumes along the run (SimulationResult.volumeHistory, issue 19) */
  volumeHistory?: SimulationResult['volumeHistory'];
  /** the kubelet's node-pressure evictions and their rankings (SimulationResult.kubeletEvictions, issue 19) */
  kubeletEvictions?: SimulationResult['kubeletEvictions'];
  /** the tolerationSeconds waits (SimulationResult.taintEvictionCountdowns, issue 19) */
  taintEvictionCountdowns?: SimulationResult['taintEvictionCountdowns'];
  /** the PodDisruptionBudgets along the run (SimulationResult.pdbHistory, issue 19) */
  pdbHistory?: SimulationResult['pdbHistory'];
}

/** As the version contract's SimulationResult.kubernetesVersion: the version, where it came from, why. */
export interface RunKubernetesVersion {
  version: string;
  source: string;
  detail: string;
}

/** One line of the cycle index: enough to step through a cycle without its trace. */
export interface CycleSummary {
  cycle: number;
  time: number;
  pod: string;
  result: CycleTrace['result'];
  selected?: string;
  /** the extension points this cycle can be stepped through */
  phases: Phase[];
  /** of those, the ones where nothing happens (no plugin objected): collapsed in lessons and presenter mode */
  quiet?: Phase[];
  /**
   * a pod-group member's attempt before the group cycle's last: the cycle where the group's
   * all-or-nothing decision is made. Until then the member is only assumed on its node, so its
   * `result` (the group's) is not yet known at this cycle (issue 19)
   */
  groupDecidesAt?: number;
}

/** A cluster event with the cycle during which it happened (0: before the first cycle). */
export interface TimedEvent extends ClusterEvent {
  cycle: number;
}

/** Where a pod is when a cycle starts: a queue part, or absent (not created yet). */
export type PodLocation = QueueName | 'absent';

export const POD_LOCATIONS: readonly PodLocation[] = [
  'absent', 'activeQ', 'backoffQ', 'unschedulablePods', 'gated', 'scheduling', 'waitingOnPermit', 'waitingOnBinding', 'bound', 'deleted',
];

/**
 * The cluster when a cycle starts, and the cycle's trace. Pod state is columnar (index = position in
 * RunSummary.pods) because typed arrays cross the thread boundary much faster than objects.
 */
export interface CycleFrame {
  cycle: number;
  trace: CycleTrace;
  /** index into POD_LOCATIONS, per pod */
  location: Uint8Array;
  /** index into RunSummary.nodes of the node a pod is bound to, or -1 */
  node: Int32Array;
  /** index into RunSummary.nodes of status.nominatedNodeName, or -1 */
  nominated: Int32Array;
  /** simulated seconds until which a pod in backoffQ waits, or -1 */
  backoffUntil: Float64Array;
  /** 1 for a preemption victim whose graceful deletion has started */
  terminating: Uint8Array;
  /**
   * the pods the engine moved in the scheduling queue by the end of the cycle's second (its own
   * outcome, a pod group's members sent back, pods a binding requeued), where they are then;
   * absent when none moved
   */
  queueAtEnd?: QueueAtEnd[];
}

/** A pod's place in the scheduling queue when a cycle ends, where it differs from the cycle's start. */
export interface QueueAtEnd {
  pod: string;
  location: PodLocation;
  /** in backoffQ: until when */
  backoffUntil?: number;
}

/** The main thread's handle on the engine worker (a Worker, or a test's stand-in). */
export interface WorkerLike {
  onmessage: ((event: MessageEvent<WorkerReply>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  onmessageerror: ((event: MessageEvent) => void) | null;
  postMessage(message: WorkerRequest, transfer?: Transferable[]): void;
  terminate(): void;
}
