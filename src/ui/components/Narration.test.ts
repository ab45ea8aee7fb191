// The narration's sentences: presenter mode shows the whole ones that fit, never one cut in half.
import { describe, expect, it } from 'vitest';
import { sentences } from './Narration';

describe('sentences', () => {
  it.each([
    ['one sentence', 'Bind: DefaultBinder binds default/web to node-1.', ['Bind: DefaultBinder binds default/web to node-1.']],
    ['two sentences', 'Cycle 1 (t=0s): default/web leaves the queue. PreFilter: 10 plugins prepared the cycle.',
      ['Cycle 1 (t=0s): default/web leaves the queue.', 'PreFilter: 10 plugins prepared the cycle.']],
    ['a quoted message starts one', 'No node fits. "0/3 nodes are available." Preemption cannot help.',
      ['No node fits.', '"0/3 nodes are available."', 'Preemption cannot help.']],
    ['a sentence that starts with a number', 'Filter checked 4 of 4 nodes: 2 feasible (node-3 and node-4). 2 nodes filtered out (2 by InterPodAffinity).',
      ['Filter checked 4 of 4 nodes: 2 feasible (node-3 and node-4).', '2 nodes filtered out (2 by InterPodAffinity).']],
    ['no break inside a name or a number', 'node-1 has 2.5 CPUs free, default/web.v2 asks for 3.', ['node-1 has 2.5 CPUs free, default/web.v2 asks for 3.']],
    ['no break before a lower-case word', 'It ends with e.g. a name.', ['It ends with e.g. a name.']],
  ])('%s', (_name, text, expected) => {
    expect(sentences(text)).toEqual(expected);
  });
});
