// A PodGroup's priority: what the kube-apiserver's Priority admission plugin sets on create, and
// what the scheduler reads.
// upstream: plugin/pkg/admission/priority (TestAdmitPodGroup, read at its v1.36 line: on create,
// with WorkloadAwarePreemption — part of GenericWorkload from v1.37, kubernetes PR #139520 — an
// empty priorityClassName takes the global default class, a named class must exist, and a
// priority given must be the computed one; updates are left alone; without the gate nothing is
// checked) and pkg/scheduler/util PodGroupPriority (spec.priority, else 0).

import type { PodGroup, PriorityClass } from '../types';
import { quote } from '../quote';
import { defaultPriorityClass } from './plugins';

/** upstream: util.PodGroupPriority — spec.priority, else 0 ("created when there was no global default class") */
export function podGroupPriority(pg: PodGroup): number {
  return pg.spec.priority ?? 0;
}

/** upstream: apierrors.NewForbidden for the podgroups resource */
function forbidden(pg: PodGroup, reason: string): string {
  return `podgroups.scheduling.k8s.io ${quote(pg.metadata.name)} is forbidden: ${reason}`;
}

/**
 * upstream: the Priority admission plugin on a PodGroup's create. Sets spec.priorityClassName (the
 * global default's name when empty and a default exists) and spec.priority; returns the refusal
 * instead when the named class does not exist or a given priority is not the computed one. A
 * PodGroup read from a dump that names a class the scenario lacks keeps the priority it was stored
 * with (the same rule as a bound pod's). The refusal wording for a given priority is Podplay's
 * (the pod's sentence with "pod group"): upstream's PodGroup branch was not in the sources read.
 */
export function admitPodGroupPriority(pg: PodGroup, classes: ReadonlyMap<string, PriorityClass>): { refused: string } | { warning?: string } {
  let className = pg.spec.priorityClassName ?? '';
  let value: number;
  if (className === '') {
    const dpc = defaultPriorityClass(classes);
    className = dpc?.metadata.name ?? '';
    value = dpc?.value ?? 0;
  } else {
    const pc = classes.get(className);
    if (!pc) {
      if (pg.spec.priority !== undefined) return { warning: `PriorityClass ${quote(className)} is not in the scenario; the PodGroup keeps spec.priority ${pg.spec.priority}` };
      return { refused: forbidden(pg, `no PriorityClass with name ${className} was found`) };
    }
    value = pc.value;
  }
  if (pg.spec.priority !== undefined && pg.spec.priority !== value) {
    return { refused: forbidden(pg, `the integer value of priority (${pg.spec.priority}) must not be provided in pod group spec; priority admission controller computed ${value} from the given PriorityClass name`) };
  }
  if (className) pg.spec.priorityClassName = className;
  pg.spec.priority = value;
  return {};
}
