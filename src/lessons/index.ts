// The lesson gallery, in teaching order.

import { whyPendingLesson } from './catalog/debugging';
import { legacyPolicyLesson, schedulerProfilesLesson } from './catalog/configuration';
import { deschedulerLesson, evictionPdbLesson, nodePressureEvictionLesson } from './catalog/eviction';
import { nodeAffinityPreferredLesson, nodeAffinityRequiredLesson, nodeSelectorLesson, projectNodeSelectorLesson } from './catalog/nodeSelection';
import { percentageOfNodesToScoreLesson } from './catalog/performance';
import { antiAffinityZonesLesson, webStoreLesson } from './catalog/podAffinity';
import { preemptionLesson, preemptionPdbLesson } from './catalog/preemption';
import { gangSchedulingLesson, schedulingGatesLesson } from './catalog/queue';
import { mostAllocatedLesson, podOverheadLesson, requestedToCapacityRatioLesson } from './catalog/resources';
import { taintsNoExecuteLesson, taintsNoScheduleLesson, taintsPreferNoScheduleLesson } from './catalog/taints';
import { spreadConflictLesson, spreadMinDomainsLesson, spreadTwoConstraintsLesson, spreadZoneLesson } from './catalog/topologySpread';
import { volumeTopologyLesson } from './catalog/volumes';
import { requiredDuringExecutionLesson } from './catalog/requiredDuringExecution';
import { draDeviceTaintsLesson, draGpusLesson } from './catalog/dra';
import { limitRangeDefaultsLesson, priorityClassQuotaLesson } from './catalog/admission';
import type { Lesson } from './types';

export type * from './types';
export { LESSON_PHASES, SPOILERS } from './types';
export { defaultHides, isCyclePosition, lessonStory, storyPresses, type LessonQuestion, type LessonStory, type StoryBeat } from './story';
export { comparePositions, phaseExists, readFact, revealPosition, type PlaybackPosition, type ShownEvent } from './facts';

export const lessons: readonly Lesson[] = [
  nodeSelectorLesson,
  nodeAffinityRequiredLesson,
  nodeAffinityPreferredLesson,
  projectNodeSelectorLesson,
  requiredDuringExecutionLesson,
  webStoreLesson,
  antiAffinityZonesLesson,
  taintsNoScheduleLesson,
  taintsPreferNoScheduleLesson,
  taintsNoExecuteLesson,
  spreadZoneLesson,
  spreadTwoConstraintsLesson,
  spreadConflictLesson,
  spreadMinDomainsLesson,
  preemptionLesson,
  preemptionPdbLesson,
  priorityClassQuotaLesson,
  schedulingGatesLesson,
  gangSchedulingLesson,
  podOverheadLesson,
  limitRangeDefaultsLesson,
  mostAllocatedLesson,
  requestedToCapacityRatioLesson,
  schedulerProfilesLesson,
  legacyPolicyLesson,
  percentageOfNodesToScoreLesson,
  nodePressureEvictionLesson,
  evictionPdbLesson,
  deschedulerLesson,
  volumeTopologyLesson,
  draGpusLesson,
  draDeviceTaintsLesson,
  whyPendingLesson,
];

const byId = new Map(lessons.map((l) => [l.id, l]));

export function lessonById(id: string): Lesson | undefined {
  return byId.get(id);
}
