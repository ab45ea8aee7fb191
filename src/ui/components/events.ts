// Which events have happened at the step on screen, and how kubectl writes their objects.

import type { RunView } from '../../store/types';
import type { TimedEvent } from '../../worker/protocol';
import { eventPosition } from '../../lessons/facts';

/**
 * The events on screen at a step of `cycle`: each where the stage draws it (lessons/facts.ts
 * eventPosition: with its cycle's last step, or the next cycle's first when it happened after its
 * cycle's second; issue 19: the log told descheduler-balance's 90 s eviction while 30 s was drawn).
 * Until the run is complete its last cycle is not known, so a late event waits for the next cycle.
 */
export function eventsSoFar(run: Pick<RunView, 'events' | 'cycles' | 'complete'>, cycle: number, isLastStep: boolean): TimedEvent[] {
  const cycleTime = (c: number) => run.cycles[c - 1]?.time;
  const cycleCount = run.complete ? run.cycles.length : Number.POSITIVE_INFINITY;
  const shown: TimedEvent[] = [];
  for (const e of run.events) {
    if (e.cycle > cycle) break; // in cycle order, and none shows before its own cycle
    const at = eventPosition(e, cycleTime, cycleCount);
    if (at.cycle < cycle || (at.cycle === cycle && (isLastStep || at.phase !== 'done'))) shown.push(e);
  }
  return shown;
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
