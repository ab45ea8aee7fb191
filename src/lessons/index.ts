// The lesson gallery, in teaching order.

import { whyPendingLesson } from './catalog/debugging';
import { nodeAffinityPreferredLesson, nodeAffinityRequiredLesson, nodeSelectorLesson } from './catalog/nodeSelection';
import { percentageOfNodesToScoreLesson } from './catalog/performance';
import { webStoreLesson } from './catalog/podAffinity';
import { preemptionLesson, preemptionPdbLesson } from './catalog/preemption';
import { gangSchedulingLesson, schedulingGatesLesson } from './catalog/queue';
import { mostAllocatedLesson, podOverheadLesson, requestedToCapacityRatioLesson } from './catalog/resources';
import { taintsNoExecuteLesson, taintsNoScheduleLesson, taintsPreferNoScheduleLesson } from './catalog/taints';
import { spreadConflictLesson, spreadMinDomainsLesson, spreadTwoConstraintsLesson, spreadZoneLesson } from './catalog/topologySpread';
import { volumeTopologyLesson } from './catalog/volumes';
import { requiredDuringExecutionLesson } from './catalog/requiredDuringExecution';
import type { Lesson } from './types';

export type * from './types';
export { LESSON_PHASES } from './types';
export { comparePositions, phaseExists, readFact, revealPosition, type PlaybackPosition } from './facts';

export const lessons: readonly Lesson[] = [
  nodeSelectorLesson,
  nodeAffinityRequiredLesson,
  nodeAffinityPreferredLesson,
  requiredDuringExecutionLesson,
  webStoreLesson,
  taintsNoScheduleLesson,
  taintsPreferNoScheduleLesson,
  taintsNoExecuteLesson,
  spreadZoneLesson,
  spreadTwoConstraintsLesson,
  spreadConflictLesson,
  spreadMinDomainsLesson,
  preemptionLesson,
  preemptionPdbLesson,
  schedulingGatesLesson,
  gangSchedulingLesson,
  podOverheadLesson,
  mostAllocatedLesson,
  requestedToCapacityRatioLesson,
  percentageOfNodesToScoreLesson,
  volumeTopologyLesson,
  whyPendingLesson,
];

const byId = new Map(lessons.map((l) => [l.id, l]));

export function lessonById(id: string): Lesson | undefined {
  return byId.get(id);
}
