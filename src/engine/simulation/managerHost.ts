// What the volume and ResourceClaim managers read and call on the simulation that owns them: the
// clock, the gates, the cluster's objects, the queue they wake and the event log. Naming this
// part alone lets simulation.ts build the managers without the managers importing it back.

import type { ExpandedScenario } from '../controllers/expand';
import type { FeatureGates } from '../features';
import type { ResourceObject } from '../model/resource';
import type { SchedulingQueue } from '../queue/schedulingQueue';
import type { ClusterState } from './cluster';

export interface ManagerHost {
  readonly now: number;
  readonly gates: FeatureGates;
  readonly cluster: ClusterState;
  readonly queue: SchedulingQueue;
  readonly scenario: ExpandedScenario;
  /** told of every change to a resource.k8s.io object */
  readonly resourceListeners: readonly ((kind: ResourceObject['kind'], old: ResourceObject | undefined, obj: ResourceObject | undefined) => void)[];
  recordEvent(type: 'Normal' | 'Warning', reason: string, object: string, message: string): void;
}
