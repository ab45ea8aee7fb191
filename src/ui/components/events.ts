// Which events have happened at the step on screen, and how kubectl writes their objects.

import type { RunView } from '../../store/types';
import type { TimedEvent } from '../../worker/protocol';

/**
 * Events of earlier cycles, and of this cycle once its last step is on screen: those at the cycle's
 * second (its outcome, a preemption); one later than it, before the next cycle, shows with the next
 * cycle's first step, whose clock has reached it (issue 19: the log told descheduler-balance's 90 s
 * eviction at cycle 8's end, drawn at 30 s; lessons/facts.ts revealPosition), and at the run's
 * last cycle, which no step follows, with its last step.
 */
export function eventsSoFar(run: Pick<RunView, 'events' | 'cycles' | 'complete'>, cycle: number, isLastStep: boolean): TimedEvent[] {
  let end = 0;
  while (end < run.events.length && run.events[end]!.cycle < cycle) end++;
  const before = run.events.slice(0, end);
  if (!isLastStep) return before;
  const time = run.cycles[cycle - 1]?.time;
  const lastCycle = run.complete && cycle >= run.cycles.length;
  const during: TimedEvent[] = [];
  for (; end < run.events.length && run.events[end]!.cycle === cycle; end++) {
    const e = run.events[end]!;
    if (lastCycle || time === undefined || e.time <= time) during.push(e);
  }
  return [...before, ...during];
}

/**
 * The PodScheduled condition's reason a FailedScheduling event goes with: SchedulerError when its
 * cycle ended in an error (a DRA allocation timed out, a failed binding), else Unschedulable
 * (upstream pkg/scheduler/schedule_one.go handleSchedulingFailure; the event's reason is
 * FailedScheduling either way).
 */
export function podScheduledReason(run: Pick<RunView, 'cycles'>, failure: TimedEvent): 'SchedulerError' | 'Unschedulable' {
  const cycle = run.cycles[failure.cycle - 1];
  return cycle !== undefined && `Pod/${cycle.pod}` === failure.object && cycle.result === 'Error' ? 'SchedulerError' : 'Unschedulable';
}

/** "Pod/default/web-1" → { namespace: "default", object: "pod/web-1" }; "Node/n1" → { object: "node/n1" } */
export function kubectlObject(object: string): { namespace?: string; object: string } {
  const [kind = '', ...rest] = object.split('/');
  if (rest.length === 2) return { namespace: rest[0], object: `${kind.toLowerCase()}/${rest[1]}` };
  return { object: `${kind.toLowerCase()}/${rest.join('/')}` };
}

const SOURCES: Record<string, string> = {
  Scheduled: 'default-scheduler', FailedScheduling: 'default-scheduler', Preempted: 'default-scheduler',
  TaintManagerEviction: 'taint-eviction-controller', DeviceTaintManagerEviction: 'device-taint-eviction-controller', Evicted: 'kubelet',
  WaitForFirstConsumer: 'persistentvolume-controller', ExternalProvisioning: 'persistentvolume-controller', FailedBinding: 'persistentvolume-controller',
  VolumeMismatch: 'persistentvolume-controller', ClaimLost: 'persistentvolume-controller',
  Provisioning: 'external-provisioner', ProvisioningSucceeded: 'external-provisioner', ProvisioningFailed: 'external-provisioner',
};

/** The component that writes an event of this reason upstream (kubectl describe's From column). */
export function eventSource(reason: string): string {
  return SOURCES[reason] ?? 'podplay';
}
