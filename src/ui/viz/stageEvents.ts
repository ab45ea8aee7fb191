// The cluster events since the previous story point that the stage has no other drawing for
// (issue 19: eviction-pdb's EvictionRefused, a taint manager's eviction, the descheduler's
// Evicted were only in the lesson's text).

import type { TimedEvent } from '../../worker/protocol';
import { cutAtWord } from '../format';

/**
 * Events the stage already draws as a change of its own: a placement (the pod on its node), a failed
 * cycle (FailedScheduling beside its pod), a controller's new pod (in the Pending lane), a
 * volume being provisioned and bound (the lanes' volumes and the chip's claim).
 */
const DRAWN_ELSEWHERE: ReadonlySet<string> = new Set([
  'Scheduled', 'FailedScheduling', 'SuccessfulCreate', 'ScalingReplicaSet',
  'WaitForFirstConsumer', 'ExternalProvisioning', 'Provisioning', 'ProvisioningSucceeded',
]);

/** at most this many lines; more say "and N more" (all of them in its tooltip) */
export const STAGE_EVENTS_SHOWN = 3;
/** an event's message, cut at a word */
const MESSAGE_CHARS = 64;

export interface StageEvent {
  time: number;
  reason: string;
  warning: boolean;
  /** the object: a pod or node by its name (a pod's namespace unless default), anything else as Kind namespace/name */
  object: string;
  /** the object as the event names it ("Pod/default/web-1") */
  kindName: string;
  /** cut at a word; '' when a brief line leaves it out */
  message: string;
  /** the message uncut ('' as message is), for a phone: no tooltip to hover, the page scrolls anyway */
  wholeMessage: string;
  /** the whole event, for its tooltip and accessible name */
  full: string;
}

function objectName(object: string): string {
  const [kind, ...rest] = object.split('/');
  const name = rest.join('/');
  const short = name.startsWith('default/') ? name.slice('default/'.length) : name;
  // pods and nodes are what the stage draws by name; anything else says its kind
  return kind === 'Pod' || kind === 'Node' ? short : `${kind} ${short}`;
}

/**
 * The events to draw, oldest first: those of cluster objects (not the simulator's own log lines
 * on Scenario/…, the descheduler's per-strategy summaries) with no drawing of their own; `brief`
 * (presenter mode): no message (the whole event is in the line's tooltip).
 */
export function stageEvents(since: readonly TimedEvent[] | undefined, brief = false): StageEvent[] {
  return (since ?? [])
    .filter((e) => !DRAWN_ELSEWHERE.has(e.reason) && !e.object.startsWith('Scenario/'))
    .map((e) => ({
      time: e.time, reason: e.reason, warning: e.type === 'Warning', object: objectName(e.object), kindName: e.object,
      // on a projector the line is its time, reason and object, beside the other legends: two
      // messages took two more rows and shrank node-pressure-eviction's stage type to 22.7 px
      message: brief ? '' : cutAtWord(e.message, MESSAGE_CHARS),
      wholeMessage: brief ? '' : e.message,
      full: `t = ${e.time} s ${e.type} ${e.reason} ${e.object}: ${e.message}`,
    }));
}
