// upstream: pkg/scheduler/framework/preemption/preemption.go (Candidate) and
// k8s.io/kube-scheduler/extender/v1 (Victims).

import type { PodInfo } from '../framework/podInfo';

/** The pods to evict from one node, most important first, and how many of them break a PDB. */
export interface Victims {
  pods: PodInfo[];
  numPDBViolations: number;
}

/** A node the preemptor would fit on once its victims are gone. */
export interface Candidate {
  name: string;
  victims: Victims;
}
