// The numbers a story point's text may quote without the stage drawing them, each with why (issue
// 19: "every number the text quotes is on the stage at that point, or is exempted explicitly with a
// reason"). e2e/clicker.spec.ts reads the stage at every point of every lesson and fails on a number
// of the text that is neither drawn nor listed here, and on one listed here that is drawn (the
// exemption is stale); src/lessons/catalog.test.ts checks that each listed number is the point's.
// Operands of a computation the text spells out need no entry (./numbers.ts).

/** lesson id → story point (1-based, as "Point n of N" counts) → number as written → why it is not drawn */
export type OffStageNumbers = Record<string, Record<number, Record<string, string>>>;

const SPEC = 'a value the scenario writes (a weight, a priority, a request, a limit, a label): the stage draws what it does, not the YAML';
const LATER = 'a moment still to come: the header\'s clock shows it when the story gets there';
const EARLIER = 'a moment already past: the header\'s clock shows the time on screen now';
const DURATION = 'a duration (a grace period, tolerationSeconds, a timeout), not a moment';
const COUNTED = 'a count of what the stage draws one by one (nodes, zones, pods)';
const RAW = 'a raw score before NodeAffinity/InterPodAffinity normalize it: the stage draws the normalized one';
const NON_ZERO = 'the non-zero default a pod without requests counts for scoring (100m, 200Mi): a rule of the scheduler';
const NO_BARS = 'a node\'s requested or free resources: this lesson\'s cards draw no resource bars (Lesson.resourceBars)';
const PLUGIN = 'one plugin\'s score: the cards draw each node\'s total and its score bar';
const WORKED = 'a step of a computation the text works out from numbers the stage draws';
const CONFIG = 'a configuration value (a profile\'s or a controller\'s), not drawn';

export const OFF_STAGE: OffStageNumbers = {
  'node-affinity-required': {
    2: { '5': SPEC },
  },
  'node-affinity-preferred': { 1: { '50': SPEC } },
  'web-store': { 2: { '2': NO_BARS } },
  'pod-affinity-preferred': {
    1: { '80': SPEC, '100': SPEC },
    2: { '80': RAW, '20': RAW, '0': RAW },
    5: { '100': SPEC },
  },
  'taints-noschedule': { 6: { '100': NON_ZERO, '200': NON_ZERO } },
  'taints-noexecute': {
    2: { '30': LATER },
    3: { '60': DURATION },
    6: { '120': LATER },
  },
  'spread-zone': { 4: { '100': NON_ZERO } },
  'spread-schedule-anyway': {
    1: { '2': 'a ScheduleAnyway constraint\'s counts: the lanes draw them from Score on, as PreScore counts them (point 3)' },
  },
  'preemption': {
    1: { '1000000': SPEC },
    6: { '500': NO_BARS, '1500': NO_BARS },
  },
  'preemption-pdb': { 1: { '1500': SPEC } },
  'preemption-never': {
    1: { '1500': SPEC, '1000000': SPEC },
    3: { '1500': SPEC },
    4: { '30': DURATION },
    6: { '2': NO_BARS },
  },
  'workload-aware-preemption': {
    1: { '1500': SPEC },
    4: { '30': DURATION },
  },
  'priority-class-quota': { 1: { '1000000': SPEC } },
  'scheduling-gates': { 3: { '10': EARLIER }, 4: { '15': EARLIER } },
  'topology-placement-racks': { 2: { '3': SPEC } },
  'requests-limits-qos': {
    1: { '500': SPEC, '512': SPEC, '16': SPEC },
    5: { '3.5': WORKED },
    6: { '100': NON_ZERO, '200': NON_ZERO },
  },
  'pod-overhead': { 1: { '2000': SPEC, '200': SPEC, '250': SPEC, '120': SPEC } },
  'limitrange-defaults': { 1: { '3': 'the limit of a pod the API server refused: it is not on the stage, having never been created' } },
  'bin-packing-most-allocated': {
    3: { '75': WORKED, '62': WORKED, '50': WORKED, '37': WORKED, '25': WORKED, '12': WORKED },
    4: { '6': WORKED },
  },
  'bin-packing-rtcr': { 2: { '10': CONFIG, '62.5': WORKED } },
  'upgrade-balanced-allocation': {
    2: { '95': 'v1.35\'s scores: drawn beside v1.37\'s at the next point, once the question is answered', '75': 'v1.35\'s scores: drawn beside v1.37\'s at the next point, once the question is answered' },
    3: { '44': PLUGIN },
  },
  'legacy-policy': { 4: { '3': WORKED } },
  'percentage-of-nodes': {
    1: { '300': COUNTED },
    2: { '48': WORKED },
    3: { '156': WORKED },
    4: { '10': CONFIG, '30': WORKED },
    5: { '100': WORKED, '200': WORKED },
  },
  'node-pressure-eviction': {
    2: { '30': LATER },
    5: { '31': LATER },
  },
  'eviction-pdb': {
    2: { '10': LATER },
    5: { '3': 'the healthy pods before the eviction at this second: the stage draws web-pdb after it (2 healthy, 0 allowed)' },
    7: { '60': LATER },
    3: { '429': 'the API server\'s HTTP status: the stage draws the EvictionRefused event it answered with' },
  },
  'descheduler': { 3: { '20': EARLIER } },
  'descheduler-balance': {
    1: { '2': COUNTED },
    5: { '0': SPEC, '75': WORKED, '50': CONFIG },
  },
  'autoscaler-scale-up': { 3: { '60': DURATION } },
  'autoscaler-scale-down-pdb': {
    1: { '500': NO_BARS, '4': NO_BARS, '50': CONFIG },
    2: { '2': DURATION },
  },
  'dra-gpus': { 9: { '60': EARLIER, '30': DURATION } },
  'dra-device-taints': {
    1: { '60': DURATION },
    2: { '20': LATER },
  },
};

/** The reasons a test reads: a moment past or to come is checked against the stage's clock (store/lessonProgress.test.ts). */
export const OFF_STAGE_WHY = { earlier: EARLIER, later: LATER } as const;

/** The numbers point `point` (0-based) of lesson `id` may quote without drawing them. */
export function offStageNumbers(id: string, point: number): string[] {
  return Object.keys(OFF_STAGE[id]?.[point + 1] ?? {});
}
