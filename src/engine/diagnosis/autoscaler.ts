// What the node autoscaler said about a Pending pod, in words the page and `--explain` share:
// "a node is being added for this pod" (TriggeredScaleUp), "a node being added will take it"
// (an upcoming node), "no node group can fit it" with each group's reason (NotTriggerScaleUp), or
// "it ignores this pod" (scheduling gates, a schedulerName no scheduler serves: ../autoscaler/listers.ts).
// Read from SimulationResult.autoscaler (src/engine/simulation/autoscaler.ts).

import type { AutoscalerOutcome, AutoscalerPodVerdict } from '../api';

export interface AutoscalerNote {
  kind: AutoscalerPodVerdict['kind'];
  lead: string;
  /** one line per node group for a pod no group can host */
  groups: { group: string; reason: string }[];
  /** upstream's event message, when there was one */
  event?: string;
  /** why, when the lead does not say it all */
  detail?: string;
}

/** The autoscaler's last word on `pod` as of simulated time `now` (undefined: it said nothing yet). */
export function autoscalerNote(outcome: AutoscalerOutcome | undefined, pod: string, now: number): AutoscalerNote | undefined {
  const v = outcome?.pods[pod];
  if (!v || v.time > now) return undefined;
  switch (v.kind) {
    case 'triggeredScaleUp': {
      const nodes = v.nodes.join(', ');
      const joined = now >= v.readyAt;
      return {
        kind: v.kind, groups: [],
        lead: joined
          ? `A node was added for this pod: cluster-autoscaler grew node group ${v.group} at ${v.time} s; ${nodes} joined at ${v.readyAt} s.`
          : `A node is being added for this pod: cluster-autoscaler grew node group ${v.group} at ${v.time} s; ${nodes} is provisioning and joins at ${v.readyAt} s. In a real cluster, wait.`,
        event: `TriggeredScaleUp: pod triggered scale-up (group ${v.group})`,
      };
    }
    case 'waitingForUpcomingNode':
      return { kind: v.kind, groups: [], lead: `A node of group ${v.group} that is being added will take this pod (cluster-autoscaler counts nodes still provisioning, so it adds no other).` };
    case 'notTriggerScaleUp': {
      const groups = outcome!.nodeGroups.map((g) => ({ group: g.name, reason: v.groups.filter((r) => r.group === g.name).map((r) => r.reason).join('; ') || 'fits (another pod took the space)' }));
      return { kind: v.kind, groups, lead: 'No node group can fit it: cluster-autoscaler adds no node for this pod.', event: `NotTriggerScaleUp: ${v.message}` };
    }
    // no event: cluster-autoscaler only counts such pods in its log, "ignored (most likely using custom scheduler)"
    case 'ignored': {
      const why = 'cluster-autoscaler adds nodes only for pods a scheduler found no room for (PodScheduled False, reason Unschedulable), even where a node group would fit this one';
      return v.reason === 'schedulingGates'
        ? {
          kind: v.kind, groups: [],
          lead: `cluster-autoscaler ignores this pod: its scheduling gate${v.gates.length > 1 ? 's' : ''} ${v.gates.join(', ')} hold${v.gates.length > 1 ? '' : 's'} it, and no node is added for it until ${v.gates.length > 1 ? 'they are' : 'it is'} removed.`,
          detail: `No scheduler tries a gated pod: its PodScheduled condition reads SchedulingGated, and ${why}.`,
        }
        : {
          kind: v.kind, groups: [],
          lead: `cluster-autoscaler ignores this pod: no scheduler serves its schedulerName "${v.schedulerName}", so no node is added for it.`,
          detail: `Nothing marks it Unschedulable (it has no PodScheduled condition), and ${why} (unless cluster-autoscaler's --bypassed-scheduler-names lists "${v.schedulerName}").`,
        };
    }
  }
}

/** `--explain`'s lines for the note. */
export function autoscalerNoteLines(note: AutoscalerNote): string[] {
  return [note.lead, ...(note.detail ? [`  ${note.detail}`] : []), ...note.groups.map((g) => `  node group ${g.group}: ${g.reason}`), ...(note.event ? [`  (event ${note.event})`] : [])];
}
