// upstream: pkg/scheduler/framework/plugins/nodedeclaredfeatures/nodedeclaredfeatures.go (v1.35).
// Without the NodeDeclaredFeatures gate the plugin is built but does nothing (upstream: New
// returns a disabled plugin when !fts.EnableNodeDeclaredFeatures).

import type { Plugin, PluginDescriptor } from '../../framework/interfaces';
import { Status } from '../../framework/status';
import type { Node, Pod } from '../../model/types';
import {
  filterNodeDeclaredFeatures, isSchedulableAfterNodeChange, isSchedulableAfterPodUpdate, Name, preFilterNodeDeclaredFeatures,
} from './filtering';

export { Name };

export const NodeDeclaredFeatures: PluginDescriptor = {
  name: Name,
  factory: (_args, handle): Plugin => {
    const enabled = handle.features.NodeDeclaredFeatures;
    // upstream v1.37: the reason without the list of features (versions.ts nodeDeclaredFeaturesReason137)
    const reason137 = handle.versionSwitches.nodeDeclaredFeaturesReason137;
    return {
      name: Name,
      preFilter: (state, pod) => ({ status: enabled ? preFilterNodeDeclaredFeatures(state, pod.pod) : Status.skip() }),
      preFilterExtensions: () => undefined,
      filter: (state, _pod, nodeInfo) => (enabled ? filterNodeDeclaredFeatures(state, nodeInfo.node, reason137) : Status.success()),
      eventsToRegister: () => (enabled ? [
        { event: { resource: 'Node', actionType: ['Add', 'UpdateNodeDeclaredFeature'] }, hint: (_pod, oldObj, newObj) => isSchedulableAfterNodeChange(oldObj as Node | undefined, newObj as Node) },
        { event: { resource: 'Pod', actionType: ['Update'] }, hint: (pod, oldObj, newObj) => isSchedulableAfterPodUpdate(pod, oldObj as Pod | undefined, newObj as Pod) },
      ] : []),
    };
  },
};
