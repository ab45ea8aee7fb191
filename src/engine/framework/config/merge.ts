// upstream: pkg/scheduler/apis/config/v1/default_plugins.go (mergePlugins, mergePluginSet).

import { EXTENSION_POINTS } from './defaults';
import type { PluginRef, PluginSet, Plugins } from './types';

/** Merges the user's plugin sets into the defaults, point by point (multiPoint included). */
export function mergePlugins(defaults: Plugins, custom: Plugins | undefined): Plugins {
  if (custom === undefined) return defaults;
  const merged = { multiPoint: mergePluginSet(defaults.multiPoint, custom.multiPoint) } as Plugins;
  for (const point of EXTENSION_POINTS) merged[point] = mergePluginSet(defaults[point], custom[point]);
  return merged;
}

/**
 * Disabled names (and "*") drop defaults; a user-enabled plugin that is also a default replaces
 * it in place (keeping the default's position, taking the user's weight); the rest of the user's
 * plugins are appended in their order. Duplicates survive here; the framework rejects them.
 * The disabled lists are kept: the multiPoint expansion reads them.
 */
export function mergePluginSet(defaults: PluginSet, custom: PluginSet): PluginSet {
  const disabled: PluginRef[] = [];
  const disabledNames = new Set<string>();
  for (const p of [...custom.disabled, ...defaults.disabled]) {
    disabled.push({ name: p.name });
    disabledNames.add(p.name);
  }
  // the last occurrence of a name wins, as in upstream's map
  const customIndex = new Map<string, number>();
  custom.enabled.forEach((p, i) => customIndex.set(p.name, i));

  const enabled: PluginRef[] = [];
  const replaced = new Set<number>();
  if (!disabledNames.has('*')) {
    for (const p of defaults.enabled) {
      if (disabledNames.has(p.name)) continue;
      const i = customIndex.get(p.name);
      if (i === undefined) {
        enabled.push({ ...p });
      } else {
        enabled.push({ ...custom.enabled[i]! });
        replaced.add(i);
      }
    }
  }
  custom.enabled.forEach((p, i) => {
    if (!replaced.has(i)) enabled.push({ ...p });
  });
  return { enabled, disabled };
}
