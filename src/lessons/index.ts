// The lesson gallery, in teaching order: every lesson of the catalog. The page loads this module
// only when it needs them all (./lazy.ts); a lesson link fetches just its own catalog file first.

import { whyPendingLesson } from './catalog/debugging';
import { daemonSetLesson } from './catalog/daemonSet';
import { legacyPolicyLesson, schedulerProfilesLesson } from './catalog/configuration';
import { deschedulerLesson, evictionPdbLesson, nodePressureEvictionLesson } from './catalog/eviction';
import { deschedulerBalanceLesson } from './catalog/deschedulerBalance';
import { nodeAffinityPreferredLesson, nodeAffinityRequiredLesson, nodeSelectorLesson, projectNodeSelectorLesson } from './catalog/nodeSelection';
import { percentageOfNodesToScoreLesson } from './catalog/performance';
import { antiAffinityZonesLesson, webStoreLesson } from './catalog/podAffinity';
import { podAffinityPreferredLesson } from './catalog/podAffinityPreferred';
import { preemptionLesson, preemptionPdbLesson } from './catalog/preemption';
import { preemptionNeverLesson } from './catalog/preemptionNever';
import { gangSchedulingLesson, schedulingGatesLesson } from './catalog/queue';
import { mostAllocatedLesson, podOverheadLesson, requestedToCapacityRatioLesson } from './catalog/resources';
import { requestsLimitsLesson } from './catalog/requestsLimits';
import { taintsNoExecuteLesson, taintsNoScheduleLesson, taintsPreferNoScheduleLesson } from './catalog/taints';
import { spreadConflictLesson, spreadMinDomainsLesson, spreadTwoConstraintsLesson, spreadZoneLesson } from './catalog/topologySpread';
import { volumeTopologyLesson } from './catalog/volumes';
import { volumeLimitsLesson } from './catalog/volumeLimits';
import { spreadScheduleAnywayLesson } from './catalog/spreadScheduleAnyway';
import { spreadDefaultsLesson } from './catalog/spreadDefaults';
import { requiredDuringExecutionLesson } from './catalog/requiredDuringExecution';
import { draDeviceTaintsLesson, draGpusLesson } from './catalog/dra';
import { limitRangeDefaultsLesson, priorityClassQuotaLesson } from './catalog/admission';
import { gangPodGroupLesson, topologyPlacementLesson, workloadPreemptionLesson } from './catalog/workloads';
import { upgradeBalancedAllocationLesson } from './catalog/upgrade';
import { autoscalerScaleDownPdbLesson, autoscalerScaleFromZeroLesson, autoscalerScaleUpLesson } from './catalog/autoscaling';
import type { Lesson } from './types';
import { lessonAfter, lessonById, lessonsByTopic, registerLessons } from './lazy';
import { pinned } from './pin';

export type * from './types';
export { LESSON_PHASES, SPOILERS } from './types';
export { defaultHides, hiddenAtCycle, hidesGrace, isCyclePosition, lessonStory, storyPresses, textPointAt, type LessonQuestion, type LessonStory, type StoryBeat } from './story';
export { comparePositions, phaseExists, readFact, revealPosition, type PlaybackPosition, type ShownEvent } from './facts';
// the page reads lessons through ./lazy.ts; loading this module makes them all known there
export { lessonAfter, lessonById, lessonsByTopic };

export const lessons: readonly Lesson[] = [
  nodeSelectorLesson,
  nodeAffinityRequiredLesson,
  nodeAffinityPreferredLesson,
  projectNodeSelectorLesson,
  daemonSetLesson,
  requiredDuringExecutionLesson,
  webStoreLesson,
  antiAffinityZonesLesson,
  podAffinityPreferredLesson,
  taintsNoScheduleLesson,
  taintsPreferNoScheduleLesson,
  taintsNoExecuteLesson,
  spreadZoneLesson,
  spreadScheduleAnywayLesson,
  spreadTwoConstraintsLesson,
  spreadConflictLesson,
  spreadMinDomainsLesson,
  spreadDefaultsLesson,
  preemptionLesson,
  preemptionPdbLesson,
  preemptionNeverLesson,
  workloadPreemptionLesson,
  priorityClassQuotaLesson,
  schedulingGatesLesson,
  gangSchedulingLesson,
  gangPodGroupLesson,
  topologyPlacementLesson,
  requestsLimitsLesson,
  podOverheadLesson,
  limitRangeDefaultsLesson,
  mostAllocatedLesson,
  requestedToCapacityRatioLesson,
  upgradeBalancedAllocationLesson,
  schedulerProfilesLesson,
  legacyPolicyLesson,
  percentageOfNodesToScoreLesson,
  nodePressureEvictionLesson,
  evictionPdbLesson,
  deschedulerLesson,
  deschedulerBalanceLesson,
  volumeTopologyLesson,
  volumeLimitsLesson,
  autoscalerScaleUpLesson,
  autoscalerScaleDownPdbLesson,
  autoscalerScaleFromZeroLesson,
  draGpusLesson,
  draDeviceTaintsLesson,
  whyPendingLesson,
].map(pinned);

registerLessons(lessons, true);
