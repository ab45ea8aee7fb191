// The lesson gallery as data: a scenario, a narration pinned to points of its playback,
// "predict before you step" questions, and machine-checkable expectations. Pure TypeScript;
// the UI renders lessons, and src/lessons/lessons.test.ts checks every one against the engine.

import type { CycleTrace, PodPhase, StatusCode } from '../engine/api';
import type { KubernetesVersion } from '../engine/readers';

/** Points of one scheduling cycle, in playback order. */
export const LESSON_PHASES = [
  'queue', 'placementGenerate', 'placementScore', 'preFilter', 'filter', 'postFilter', 'preScore', 'score', 'select', 'reserve', 'permit', 'podGroupPostFilter', 'bind', 'done',
] as const;

export type LessonPhase = (typeof LESSON_PHASES)[number];

export type LessonTopic =
  | 'Node selection'
  | 'Pod affinity'
  | 'Taints and tolerations'
  | 'Topology spread'
  | 'Priority and preemption'
  | 'Scheduling queue'
  | 'Resources and scoring'
  | 'Performance'
  | 'Volumes'
  | 'Debugging'
  | 'Eviction'
  | 'Scheduler configuration'
  | 'Node autoscaling';

export interface Lesson {
  id: string;
  title: string;
  /** one or two sentences for the gallery card */
  summary: string;
  topic: LessonTopic;
  /** the Kubernetes documentation page the lesson teaches */
  docs?: string;
  /** a multi-document scenario (../shared/contracts/scenario-and-trace.md) */
  scenario: string;
  seed?: number;
  /** warnings the scenario is meant to produce (each a substring of one); any other fails the lesson */
  warnings?: string[];
  /**
   * The lesson as its author paces it: one story point per press of the clicker (→, PageDown,
   * Space). A lesson without one gets it derived from `steps` and `questions` (src/lessons/story.ts).
   */
  story?: StoryPoint[];
  /** narration pinned to points of the playback (the older form; `story` replaces it) */
  steps?: LessonStep[];
  /** questions of the older form, each asked at the last step before its (atCycle, atPhase) */
  questions?: PredictQuestion[];
  outcome: LessonOutcome;
  /**
   * Presenter mode draws each node's requested and allocatable cpu and memory: the lesson is about
   * requests and capacity. Without it a projector's node cards leave the bars out (the room reads
   * the concept, not the numbers); the normal view always draws them.
   */
  resourceBars?: boolean;
}

/**
 * One press of the clicker: where playback stops, what the lesson says there and, optionally, a
 * question the room answers before the next press. The question is asked at this point and its
 * answer shows where its fact does (revealPosition); a later story point must get there.
 */
export interface StoryPoint {
  at: StoryPosition;
  text: string;
  /** what the text states about the run, checked like a step's facts */
  facts?: StepFact[];
  question?: StoryQuestion;
  /** the stage draws these scores of two versions side by side here (the upgrade lesson) */
  versions?: VersionScoresOnStage;
}

/**
 * A pod's scores on some nodes at the lesson's Kubernetes version and at `other`, each read from
 * the engine's run of the scenario at that version (src/engine/compare/versionScores.ts).
 */
export interface VersionScoresOnStage {
  other: KubernetesVersion;
  pod: string;
  /** the plugin whose scores differ (drawn per node), as upstream names it */
  plugin: string;
  /** the nodes that matter, in the order drawn */
  nodes: string[];
}

/**
 * A phase of a scheduling cycle (1-based), or the moment a timeline event happens: the first event
 * with this reason about this object ("Pod/namespace/name", "Node/name"), shown from the first
 * step of the cycle after it (the last step of the run when no cycle follows).
 */
export type StoryPosition =
  | { cycle: number; phase: LessonPhase }
  | { event: { reason: string; object: string } };

/**
 * What would give an answer away while its question is open; none of it is drawn then.
 * placement: where (or whether) the cycle's pod goes — the header's outcome, the selected or
 * nominated node, Select/Bind details; scores: node scores and the score table; feasibility: node
 * states, Filter reasons and the Filter matrix; laterPhases: the phase track's steps after the
 * current one (whether Score or PostFilter runs); events: the event log and the pod's events.
 */
export type Spoiler = 'placement' | 'scores' | 'feasibility' | 'laterPhases' | 'events';

export const SPOILERS: readonly Spoiler[] = ['placement', 'scores', 'feasibility', 'laterPhases', 'events'];

/** A "predict before you step" question of a story point. */
export interface StoryQuestion {
  prompt: string;
  choices: string[];
  /** index into choices */
  answer: number;
  explanation: string;
  /**
   * What stepping shows: the fact read from the trace, and for each choice the value the fact
   * has when that choice is right (defaults to the choice texts). The answer's value must be
   * the one the trace shows.
   */
  reveal: { fact: TraceFact; values?: string[] };
  /** what would give the answer away while the question is open; defaults by the fact (story.ts) */
  hides?: Spoiler[];
}

/** Narration shown when playback reaches `phase` of scheduling cycle `cycle` (1-based). */
export interface LessonStep {
  cycle: number;
  phase: LessonPhase;
  text: string;
  /**
   * What the text states about the run, each checked against the engine where the text shows
   * (src/lessons/check.ts: checkStepFacts): the value, that it is on screen by then, that it does
   * not answer a question still open, and that it is not stale while the text stays up.
   */
  facts?: StepFact[];
}

/** One statement of a step's text, backed by a fact of the run. */
export interface StepFact {
  /** the words of the text that state it, verbatim */
  says: string;
  fact: TraceFact;
  /** readFact's value, which the words state */
  is: string;
}

/** A "predict before you step" question of the older form, asked before (atCycle, atPhase) is shown. */
export interface PredictQuestion extends StoryQuestion {
  atCycle: number;
  atPhase: LessonPhase;
}

/**
 * One fact of a simulation result, read as a string by readFact (src/lessons/facts.ts).
 * Node lists are sorted and joined with ", "; a missing value reads "none".
 */
export type TraceFact =
  /** the pod a cycle schedules ("namespace/name") */
  | { kind: 'pod'; cycle: number }
  /** the scheduler profile (schedulerName) that ran the cycle */
  | { kind: 'profile'; cycle: number }
  /** simulated seconds when the cycle ran */
  | { kind: 'time'; cycle: number }
  | { kind: 'feasible'; cycle: number }
  | { kind: 'feasibleCount'; cycle: number }
  | { kind: 'nodesEvaluated'; cycle: number }
  | { kind: 'firstNodeEvaluated'; cycle: number }
  /** the first Filter plugin that did not return Success on the node */
  | { kind: 'rejectedBy'; cycle: number; node: string }
  /** that plugin's first reason */
  | { kind: 'filterReason'; cycle: number; node: string }
  /** the taint TaintToleration rejected the node for, "key=value:Effect" (from the verdict's details) */
  | { kind: 'untoleratedTaint'; cycle: number; node: string }
  /** victims of the preemption PostFilter chose */
  | { kind: 'victims'; cycle: number }
  | { kind: 'nominatedNode'; cycle: number }
  /** "yes" when Score ran (two or more feasible nodes) */
  | { kind: 'scored'; cycle: number }
  /** a plugin's normalized score (0–100, before its weight) */
  | { kind: 'score'; cycle: number; node: string; plugin: string }
  | { kind: 'selected'; cycle: number }
  /** a Permit plugin's first verdict in the cycle */
  | { kind: 'permit'; cycle: number; plugin: string }
  | { kind: 'result'; cycle: number }
  /** simulated seconds of the pod's TaintManagerEviction event ("never" when none) */
  | { kind: 'evictedAt'; pod: string }
  /** a node's total score (the sum of every plugin's normalized × weight) */
  | { kind: 'total'; cycle: number; node: string }
  /** how many nodes the cluster has when the cycle runs */
  | { kind: 'nodeCount'; cycle: number }
  /**
   * PodTopologySpread's numbers behind its Filter verdict on the node, for one constraint (0 unless
   * given): "counts" reads "domainA 2, domainB 1" (domains sorted); the others a number
   */
  /** scoreCounts: a ScheduleAnyway constraint's matching pods per domain, as PreScore counted them (node unused) */
  | { kind: 'spread'; cycle: number; node: string; field: 'counts' | 'matchNum' | 'skew' | 'minMatch' | 'eligibleDomains' | 'scoreCounts'; constraint?: number }
  /** where the pod is in the scheduling queue when the cycle ends (a QueueName; "absent" before it exists) */
  | { kind: 'queue'; cycle: number; pod: string }
  /** simulated seconds of the object's first event with this reason ("never" when none) */
  | { kind: 'event'; object: string; reason: string }
  /** a node's label as the scenario declares it ("none" when absent) */
  | { kind: 'nodeLabel'; node: string; key: string }
  /** a node's allocatable: cpu in cores or "500m", memory as "8Gi" / "512Mi", others as counts */
  | { kind: 'allocatable'; node: string; resource: string }
  /** a preemption candidate's victims (sorted, ", "-joined) or its PDB violations ("none": no such candidate) */
  | { kind: 'candidate'; cycle: number; node: string; field: 'victims' | 'pdbViolations' }
  /**
   * the pickOneNodeForPreemption criterion that left a single node ("minNumPDBViolations",
   * "minHighestPriority", "minSumPriorities", "minNumPods", ...; "none" with one candidate)
   */
  | { kind: 'preemptionDecidedBy'; cycle: number }
  /** simulated seconds when the pod was deleted (preempted, evicted: the end of its grace period), "never" */
  | { kind: 'deletedAt'; pod: string }
  /** the node a pod ends the run on ("none" when unbound) */
  | { kind: 'podNode'; pod: string }
  /** the node group cluster-autoscaler grew for the pod (its first TriggeredScaleUp; "none" when never) */
  | { kind: 'scaleUpGroup'; pod: string }
  /**
   * the pod-group cycle of the cycle's pod (v1.36+): the placement chosen and the feasible ones
   * (sorted) — give the group's first cycle; workload-aware preemption's victim pods (sorted), or
   * the members placed and the group's result — give its last cycle
   */
  | { kind: 'podGroup'; cycle: number; field: 'chosenPlacement' | 'feasiblePlacements' | 'victims' | 'placed' | 'result' };

/** Expectations that come from Kubernetes semantics; each is checked against the engine. */
export interface LessonOutcome {
  /** how many scheduling cycles the whole run has */
  cycleCount?: number;
  cycles: CycleExpectation[];
  pods: PodExpectation[];
  events?: EventExpectation[];
  /** groups of pods ("namespace/name") that end bound to pairwise different nodes */
  distinctNodes?: string[][];
}

export interface CycleExpectation {
  cycle: number;
  /** the pod the cycle schedules; a list means "one of these" (queue order among equals) */
  pod: string | string[];
  /** the scheduler profile (schedulerName) that ran the cycle */
  profile?: string;
  time?: number;
  result?: CycleTrace['result'];
  /** a list means "one of these" (a tie broken by the seeded generator); null: none selected */
  selected?: string | string[] | null;
  /** exact set of feasible nodes */
  feasible?: string[];
  feasibleCount?: number;
  nodesEvaluated?: number;
  firstNodeEvaluated?: string;
  /** node -> the first Filter plugin that rejected it, and one of its reasons */
  filtered?: Record<string, FilterVerdict>;
  /** whether Score ran */
  scored?: boolean;
  /** node -> plugin -> normalized score (0–100, before the weight) */
  scores?: Record<string, Record<string, number>>;
  /** the node and victims preemption chose; null: PostFilter chose none */
  preemption?: { node: string; victims: string[] } | null;
  /** every preemption candidate, in any order */
  candidates?: { node: string; victims: string[]; pdbViolations: number }[];
  /** plugin -> its first Permit verdict */
  permit?: Record<string, StatusCode>;
  /** substrings of the FailedScheduling message */
  messageIncludes?: string[];
}

export interface FilterVerdict {
  plugin: string;
  /** one of the plugin's reasons, verbatim */
  reason: string;
  code?: StatusCode;
  /** for TaintToleration: the untolerated taint, "key=value:Effect" */
  taint?: string;
}

/** A pod's state at the end of the run. */
export interface PodExpectation {
  pod: string;
  /** a list means "one of these"; null: never bound */
  node?: string | string[] | null;
  phase?: PodPhase;
  reason?: string;
  /** null: no nominated node */
  nominatedNode?: string | null;
  /** deleted during the run (preempted, evicted) */
  deleted?: boolean;
  messageIncludes?: string[];
}

export interface EventExpectation {
  /** "Pod/namespace/name" or "Node/name" */
  object: string;
  reason: string;
  type?: 'Normal' | 'Warning';
  time?: number;
  messageIncludes?: string;
}
