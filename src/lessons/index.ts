// The lesson gallery, in teaching order.

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
import { scenarioKubernetesVersion, withKubernetesVersion } from '../interop/scenarioVersion';

export type * from './types';
export { LESSON_PHASES, SPOILERS } from './types';
export { defaultHides, hiddenAtCycle, isCyclePosition, lessonStory, storyPresses, type LessonQuestion, type LessonStory, type StoryBeat } from './story';
export { comparePositions, phaseExists, readFact, revealPosition, type PlaybackPosition, type ShownEvent } from './facts';

/**
 * The lessons were written and checked against kube-scheduler v1.35: one that does not name its
 * version runs as 1.35 (its card says so), not as the newest, until its teaching is brought up to
 * date for 1.36+ (issue 17). The version is written into its scenario text, so links carry it.
 */
function pinned(lesson: Lesson): Lesson {
  return scenarioKubernetesVersion(lesson.scenario) !== undefined ? lesson : { ...lesson, scenario: withKubernetesVersion(lesson.scenario, '1.35') };
}

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

/** The gallery's topics, each with its lessons, in teaching order (a topic where it first appears). */
export function lessonsByTopic(all: readonly Lesson[] = lessons): [string, Lesson[]][] {
  const topics = new Map<string, Lesson[]>();
  for (const lesson of all) topics.set(lesson.topic, [...(topics.get(lesson.topic) ?? []), lesson]);
  return [...topics];
}

const galleryOrder = lessonsByTopic().flatMap(([, list]) => list);

/** The lesson the gallery lists after this one (none after the last). */
export function lessonAfter(id: string): Lesson | undefined {
  const i = galleryOrder.findIndex((l) => l.id === id);
  return i < 0 ? undefined : galleryOrder[i + 1];
}

const byId = new Map(lessons.map((l) => [l.id, l]));

export function lessonById(id: string): Lesson | undefined {
  return byId.get(id);
}
