// upstream: pkg/scheduler/framework/runtime/framework.go (updatePluginList and
// expandMultiPointPlugins: `FilterPlugin "X" does not exist`), checked up front for the names the
// user wrote so the error points at the YAML line. Default plugins the registry lacks are not
// errors here: instantiateProfile skips them with a warning.

import type { PluginDescriptor } from '../interfaces';
import type { V1Configuration } from './decode';
import { FRAMEWORK_EXTENSION_POINTS, PLUGIN_INTERFACE } from './defaults';
import { pluginsNames } from './setDefaults';
import type { ConfigError, SchedulerConfiguration } from './types';
import { quote } from '../../model/quote';

export function checkUserPluginsRegistered(v1: V1Configuration, registry: Map<string, PluginDescriptor<unknown>>): ConfigError[] {
  const errors: ConfigError[] = [];
  v1.profiles.forEach((profile, i) => {
    if (!profile.plugins) return;
    for (const point of FRAMEWORK_EXTENSION_POINTS) {
      profile.plugins[point].enabled.forEach((p, j) => {
        if (!registry.has(p.name)) {
          errors.push({ path: ['profiles', i, 'plugins', point, 'enabled', j], message: `${PLUGIN_INTERFACE[point]} ${quote(p.name)} does not exist` });
        }
      });
    }
    // upstream finds a missing multiPoint plugin while expanding the first point, PreFilter
    profile.plugins.multiPoint.enabled.forEach((p, j) => {
      if (!registry.has(p.name)) {
        errors.push({ path: ['profiles', i, 'plugins', 'multiPoint', 'enabled', j], message: `${PLUGIN_INTERFACE.preFilter} ${quote(p.name)} does not exist` });
      }
    });
  });
  return errors;
}

/** Things kube-scheduler accepts silently (or that the simulation leaves out), worth a word. */
export function configWarnings(v1: V1Configuration, config: SchedulerConfiguration): ConfigError[] {
  const warnings: ConfigError[] = [];
  if (v1.extenders.length > 0) warnings.push({ path: ['extenders'], message: 'extenders are not simulated' });
  v1.profiles.forEach((profile, i) => {
    const enabled = new Set(pluginsNames(config.profiles[i]!.plugins));
    profile.pluginConfig.forEach((c, j) => {
      if (!enabled.has(c.name)) {
        warnings.push({ path: ['profiles', i, 'pluginConfig', j], message: `pluginConfig for plugin ${quote(c.name)} is ignored: the plugin is not enabled in this profile` });
      }
    });
  });
  return warnings;
}
