// Which runs on screen get a fix worker prepared: a large text's, of the text on screen, with a Pending pod.
import { describe, expect, it } from 'vitest';
import type { PodOutcome } from '../../engine/api';
import type { PodplayState, RunView } from '../../store/types';
import { scenarioToPrepare } from './prepareOnRun';
import { PREPARE_FIX_CHARS } from './useFixSearch';

const large = `# ${'x'.repeat(PREPARE_FIX_CHARS)}\n`;
const pod = (over: Partial<PodOutcome>): PodOutcome => ({ pod: 'default/p', phase: 'Running', node: 'n1', ...over } as PodOutcome);
const run = (text: string, pods: PodOutcome[]): RunView => ({ runId: 1, text, summary: { pods } as RunView['summary'], cycles: [], events: [], complete: true });
type State = Pick<PodplayState, 'run' | 'text' | 'fileName' | 'seed' | 'pendingRunId'>;
const state = (over: Partial<State>): State => ({ text: large, fileName: 'dump.yaml', run: run(large, [pod({}), pod({ pod: 'default/q', phase: 'Pending', node: undefined })]), ...over });

describe('scenarioToPrepare', () => {
  it.each<[string, Partial<State>, boolean]>([
    ['a large run with a Pending pod', {}, true],
    ['a small scenario: loading it again costs little', { text: 'kind: List', run: run('kind: List', [pod({ phase: 'Pending', node: undefined })]) }, false],
    ['no pod Pending', { run: run(large, [pod({})]) }, false],
    ['a Pending pod that was deleted', { run: run(large, [pod({ phase: 'Pending', node: undefined, deletedAt: 30 })]) }, false],
    ['a newer text being simulated', { pendingRunId: 2 }, false],
    ['the run is of an older text (the newer one had errors)', { text: `${large}x` }, false],
    ['no run yet', { run: undefined }, false],
  ])('%s', (_name, over, prepared) => {
    expect(scenarioToPrepare(state(over)) !== undefined).toBe(prepared);
  });

  it('says the text, file name and seed the run was made with', () => {
    expect(scenarioToPrepare(state({ seed: 4 }))).toEqual({ text: large, fileName: 'dump.yaml', seed: 4 });
  });
});
