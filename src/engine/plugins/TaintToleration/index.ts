// upstream: pkg/scheduler/framework/plugins/tainttoleration/taint_toleration.go

import type { Plugin, PluginDescriptor } from '../../framework/interfaces';
import type { Node, Pod } from '../../model/types';
import { isSamePod } from '../helper/samePod';
import { filterTaintToleration, isSchedulableAfterNodeChange } from './filtering';
import { normalizeTaintTolerationScore, preScoreTaintToleration, scoreTaintToleration } from './scoring';

export const Name = 'TaintToleration';

/** upstream: isSchedulableAfterPodTolerationChange — only an update of the pod itself helps. */
function isSchedulableAfterPodTolerationChange(pod: Pod, modifiedPod: Pod): 'Queue' | 'QueueSkip' {
  return isSamePod(pod, modifiedPod) ? 'Queue' : 'QueueSkip';
}

export const TaintToleration: PluginDescriptor = {
  name: Name,
  factory: (): Plugin => ({
    name: Name,
    filter: (_state, pod, nodeInfo) => filterTaintToleration(pod.pod, nodeInfo.node),
    preScore: (state, pod) => preScoreTaintToleration(state, pod.pod),
    score: (state, _pod, nodeInfo) => scoreTaintToleration(state, nodeInfo.node),
    normalizeScore: (_state, _pod, scores) => normalizeTaintTolerationScore(scores),
    // QueueingHints on (the v1.35 default): no UpdateNodeLabel, and the pod's own toleration updates
    eventsToRegister: () => [
      { event: { resource: 'Node', actionType: ['Add', 'UpdateNodeTaint'] }, hint: (pod, oldObj, newObj) => isSchedulableAfterNodeChange(pod, oldObj as Node | undefined, newObj as Node) },
      { event: { resource: 'Pod', actionType: ['UpdatePodToleration'] }, hint: (pod, _oldObj, newObj) => isSchedulableAfterPodTolerationChange(pod, newObj as Pod) },
    ],
  }),
};

export { isSchedulableAfterPodTolerationChange };
export type { TaintVerdict } from './filtering';
