// upstream: pkg/scheduler/profile/profile.go (NewMap, cfgValidator) — one framework per profile,
// indexed by scheduler name; every profile must sort the queue with the same plugin and args.

import type { Handle, PluginDescriptor } from '../interfaces';
import { instantiateProfile } from './framework';
import type { ConfigError, Profile, ProfilePlugins, SchedulerConfiguration } from './types';
import { semanticDeepEqual } from './validation';
import { quote } from '../../model/quote';

export interface ProfileMap {
  /** by scheduler name; unset when there are errors */
  profiles?: Map<string, ProfilePlugins>;
  errors: ConfigError[];
  warnings: ConfigError[];
}

export function instantiateProfiles(
  config: SchedulerConfiguration,
  registry: Map<string, PluginDescriptor<unknown>>,
  handleFor: (profile: Profile) => Handle,
): ProfileMap {
  const profiles = new Map<string, ProfilePlugins>();
  const errors: ConfigError[] = [];
  const warnings: ConfigError[] = [];
  let first: { queueSort: string; args: unknown } | undefined;

  config.profiles.forEach((profile, i) => {
    const built = instantiateProfile(profile, registry, handleFor(profile), { path: ['profiles', i] });
    errors.push(...built.errors);
    warnings.push(...built.warnings);
    if (!built.plugins) return;
    const name = profile.schedulerName;
    if (name === '') {
      errors.push({ path: ['profiles', i, 'schedulerName'], message: 'scheduler name is needed' });
      return;
    }
    if (profiles.has(name)) {
      errors.push({ path: ['profiles', i, 'schedulerName'], message: `duplicate profile with scheduler name ${quote(name)}` });
      return;
    }
    const queueSort = built.plugins.points.queueSort[0]?.name ?? '';
    let args: unknown;
    for (const c of profile.pluginConfig) if (c.name === queueSort) args = c.args;
    if (first === undefined) {
      first = { queueSort, args };
    } else if (first.queueSort !== queueSort) {
      errors.push({ path: ['profiles', i, 'plugins'], message: `different queue sort plugins for profile ${quote(name)}: ${quote(queueSort)}, first: ${quote(first.queueSort)}` });
    } else if (!semanticDeepEqual(first.args, args)) {
      errors.push({ path: ['profiles', i, 'pluginConfig'], message: `different queue sort plugin args for profile ${quote(name)}` });
    }
    profiles.set(name, built.plugins);
  });
  return errors.length > 0 ? { errors, warnings } : { profiles, errors, warnings };
}
