// Cases from upstream pkg/scheduler/framework/types_test.go (TestFitError_Error), plus the
// ordering rule the histogram inherits from Go's sort.Strings.
import { describe, expect, it } from 'vitest';
import { compareGoStrings, formatFitError } from './fitError';
import { NodeToStatus } from './interfaces';
import { Status } from './status';

function statuses(explicit: Record<string, string[]>, absent: Status = Status.unresolvable()): NodeToStatus {
  const m = new NodeToStatus(absent);
  for (const [node, reasons] of Object.entries(explicit)) m.set(node, Status.unschedulable(...reasons));
  return m;
}

const preFilterFailed = 'Node(s) failed PreFilter plugin FalsePreFilter';
const filter1 = 'Node(s) failed Filter plugin FalseFilter-1';
const filter2 = 'Node(s) failed Filter plugin FalseFilter-2';

const cases: { name: string; numAllNodes: number; m: NodeToStatus; pre?: string; post?: string; want: string }[] = [
  {
    name: 'nodes failed Prefilter plugin',
    numAllNodes: 3,
    m: statuses({ node1: [preFilterFailed], node2: [preFilterFailed], node3: [preFilterFailed] }),
    pre: preFilterFailed,
    want: '0/3 nodes are available: Node(s) failed PreFilter plugin FalsePreFilter.',
  },
  {
    name: 'nodes failed Prefilter plugin and the preemption also failed',
    numAllNodes: 3,
    m: statuses({ node1: [preFilterFailed], node2: [preFilterFailed], node3: [preFilterFailed] }),
    pre: preFilterFailed,
    post: 'Error running PostFilter plugin FailedPostFilter',
    want: '0/3 nodes are available: Node(s) failed PreFilter plugin FalsePreFilter. Error running PostFilter plugin FailedPostFilter',
  },
  {
    name: 'nodes failed one Filter plugin with an empty PostFilterMsg',
    numAllNodes: 3,
    m: statuses({ node1: [filter1], node2: [filter1], node3: [filter1] }),
    want: '0/3 nodes are available: 3 Node(s) failed Filter plugin FalseFilter-1.',
  },
  {
    name: 'nodes failed one Filter plugin with a non-empty PostFilterMsg',
    numAllNodes: 3,
    m: statuses({ node1: [filter1], node2: [filter1], node3: [filter1] }),
    post: 'Error running PostFilter plugin FailedPostFilter',
    want: '0/3 nodes are available: 3 Node(s) failed Filter plugin FalseFilter-1. Error running PostFilter plugin FailedPostFilter',
  },
  {
    name: 'nodes failed two Filter plugins with an empty PostFilterMsg',
    numAllNodes: 3,
    m: statuses({ node1: [filter1], node2: [filter1], node3: [filter2] }),
    want: '0/3 nodes are available: 1 Node(s) failed Filter plugin FalseFilter-2, 2 Node(s) failed Filter plugin FalseFilter-1.',
  },
  {
    name: 'nodes failed two Filter plugins with a non-empty PostFilterMsg',
    numAllNodes: 3,
    m: statuses({ node1: [filter1], node2: [filter1], node3: [filter2] }),
    post: 'Error running PostFilter plugin FailedPostFilter',
    want: '0/3 nodes are available: 1 Node(s) failed Filter plugin FalseFilter-2, 2 Node(s) failed Filter plugin FalseFilter-1. Error running PostFilter plugin FailedPostFilter',
  },
  {
    name: 'failed to Permit on node',
    numAllNodes: 1,
    m: statuses({ node1: ['Node failed Permit plugin Permit-1'] }),
    want: '0/1 nodes are available: 1 Node failed Permit plugin Permit-1.',
  },
  {
    name: 'failed to Reserve on node',
    numAllNodes: 1,
    m: statuses({ node1: ['Node failed Reserve plugin Reserve-1'] }),
    want: '0/1 nodes are available: 1 Node failed Reserve plugin Reserve-1.',
  },
  // Absent nodes count under the absent status (preemption's "no candidates" message).
  {
    name: 'absent nodes take the absent-nodes status (TestPostFilter: mixed reason, 2 UnschedulableAndUnresolvable nodes)',
    numAllNodes: 4,
    m: statuses({ node1: ['Insufficient cpu'], node2: ['Insufficient cpu'] }, Status.unresolvable('Preemption is not helpful for scheduling')),
    want: '0/4 nodes are available: 2 Insufficient cpu, 2 Preemption is not helpful for scheduling.',
  },
  {
    name: 'one node may carry several reasons, each counted',
    numAllNodes: 2,
    m: statuses({ node1: ['Insufficient cpu', 'Insufficient memory'], node2: ['Insufficient cpu'] }),
    want: '0/2 nodes are available: 1 Insufficient memory, 2 Insufficient cpu.',
  },
  {
    name: 'counts sort as strings: 10 before 2',
    numAllNodes: 12,
    m: statuses(Object.fromEntries([
      ...Array.from({ length: 10 }, (_, i) => [`a${i}`, ['Insufficient cpu']]),
      ['b0', ['Insufficient memory']], ['b1', ['Insufficient memory']],
    ])),
    want: '0/12 nodes are available: 10 Insufficient cpu, 2 Insufficient memory.',
  },
  {
    name: 'no reasons at all prints no histogram',
    numAllNodes: 2,
    m: statuses({}, Status.unresolvable()),
    want: '0/2 nodes are available:',
  },
];

describe('formatFitError (upstream FitError.Error)', () => {
  it.each(cases)('$name', ({ numAllNodes, m, pre, post, want }) => {
    expect(formatFitError(numAllNodes, m, pre, post)).toBe(want);
  });
});

describe('compareGoStrings', () => {
  it.each([
    { a: '3 Insufficient cpu', b: '3 node(s) had untolerated taint', want: -1 },
    { a: '10 x', b: '2 x', want: -1 },
    // U+FF5E sorts before U+1F600 in UTF-8 byte order, but after its surrogates in UTF-16.
    { a: '\uff5e', b: '\u{1f600}', want: -1 },
  ])('$a vs $b', ({ a, b, want }) => {
    expect(Math.sign(compareGoStrings(a, b))).toBe(want);
    expect(Math.sign(compareGoStrings(b, a))).toBe(-want);
  });
});
