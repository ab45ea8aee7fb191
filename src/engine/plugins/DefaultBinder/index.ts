// upstream: pkg/scheduler/framework/plugins/defaultbinder/default_binder.go

import type { Plugin, PluginDescriptor } from '../../framework/interfaces';
import { Status } from '../../framework/status';

export const Name = 'DefaultBinder';

/**
 * Upstream's Bind posts a v1.Binding (pods/binding) to the API server. In the playground the
 * simulation performs the binding after a successful Bind, so the plugin only says yes.
 */
export const DefaultBinder: PluginDescriptor = {
  name: Name,
  factory: (): Plugin => ({
    name: Name,
    bind: () => Status.success(),
  }),
};
