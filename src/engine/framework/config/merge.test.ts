// Cases from upstream pkg/scheduler/apis/config/v1/default_plugins_test.go (TestApplyFeatureGates,
// TestMergePlugins), v1.35 era.
import { describe, expect, it } from 'vitest';
import { emptyPlugins, getDefaultPlugins } from './defaults';
import { mergePlugins } from './merge';
import { wantDefaultMultiPoint } from './testFixtures';
import type { ExtensionPoint, PluginRef, PluginSet, Plugins } from './types';

type Sets = Partial<Record<ExtensionPoint | 'multiPoint', Partial<PluginSet>>>;

function plugins(sets: Sets): Plugins {
  const p = emptyPlugins();
  for (const [point, set] of Object.entries(sets) as [keyof Plugins, Partial<PluginSet>][]) {
    p[point] = { enabled: set.enabled ?? [], disabled: set.disabled ?? [] };
  }
  return p;
}

const n = (name: string, weight?: number): PluginRef => (weight === undefined ? { name } : { name, weight });

describe('TestApplyFeatureGates (v1.35 default gates)', () => {
  it('DynamicResourceAllocation on (GA), NodeDeclaredFeatures and GangScheduling off (alpha)', () => {
    expect(getDefaultPlugins()).toEqual(plugins({ multiPoint: { enabled: wantDefaultMultiPoint() } }));
  });
});

const mergeCases: { name: string; custom?: Sets; defaults: Sets; want: Sets }[] = [
  {
    name: 'AppendCustomPlugin',
    custom: { filter: { enabled: [n('CustomPlugin')] } },
    defaults: { filter: { enabled: [n('DefaultPlugin1'), n('DefaultPlugin2')] } },
    want: { filter: { enabled: [n('DefaultPlugin1'), n('DefaultPlugin2'), n('CustomPlugin')] } },
  },
  {
    name: 'InsertAfterDefaultPlugins2',
    custom: { filter: { enabled: [n('CustomPlugin'), n('DefaultPlugin2')], disabled: [n('DefaultPlugin2')] } },
    defaults: { filter: { enabled: [n('DefaultPlugin1'), n('DefaultPlugin2')] } },
    want: { filter: { enabled: [n('DefaultPlugin1'), n('CustomPlugin'), n('DefaultPlugin2')], disabled: [n('DefaultPlugin2')] } },
  },
  {
    name: 'InsertBeforeAllPlugins',
    custom: { filter: { enabled: [n('CustomPlugin'), n('DefaultPlugin1'), n('DefaultPlugin2')], disabled: [n('*')] } },
    defaults: { filter: { enabled: [n('DefaultPlugin1'), n('DefaultPlugin2')] } },
    want: { filter: { enabled: [n('CustomPlugin'), n('DefaultPlugin1'), n('DefaultPlugin2')], disabled: [n('*')] } },
  },
  {
    name: 'ReorderDefaultPlugins',
    custom: { filter: { enabled: [n('DefaultPlugin2'), n('DefaultPlugin1')], disabled: [n('*')] } },
    defaults: { filter: { enabled: [n('DefaultPlugin1'), n('DefaultPlugin2')] } },
    want: { filter: { enabled: [n('DefaultPlugin2'), n('DefaultPlugin1')], disabled: [n('*')] } },
  },
  {
    name: 'ApplyNilCustomPlugin',
    defaults: { filter: { enabled: [n('DefaultPlugin1'), n('DefaultPlugin2')] } },
    want: { filter: { enabled: [n('DefaultPlugin1'), n('DefaultPlugin2')] } },
  },
  {
    name: 'CustomPluginOverrideDefaultPlugin',
    custom: { filter: { enabled: [n('Plugin1', 2), n('Plugin3', 3)] } },
    defaults: { filter: { enabled: [n('Plugin1'), n('Plugin2'), n('Plugin3')] } },
    want: { filter: { enabled: [n('Plugin1', 2), n('Plugin2'), n('Plugin3', 3)] } },
  },
  {
    name: 'OrderPreserveAfterOverride',
    custom: { filter: { enabled: [n('Plugin2', 2), n('Plugin1', 1)] } },
    defaults: { filter: { enabled: [n('Plugin1'), n('Plugin2'), n('Plugin3')] } },
    want: { filter: { enabled: [n('Plugin1', 1), n('Plugin2', 2), n('Plugin3')] } },
  },
  {
    name: 'RepeatedCustomPlugin',
    custom: { filter: { enabled: [n('Plugin1'), n('Plugin2', 2), n('Plugin3'), n('Plugin2', 4)] } },
    defaults: { filter: { enabled: [n('Plugin1'), n('Plugin2'), n('Plugin3')] } },
    want: { filter: { enabled: [n('Plugin1'), n('Plugin2', 4), n('Plugin3'), n('Plugin2', 2)] } },
  },
  {
    name: 'Append custom MultiPoint plugin',
    custom: { multiPoint: { enabled: [n('CustomPlugin')] } },
    defaults: { multiPoint: { enabled: [n('DefaultPlugin1'), n('DefaultPlugin2')] } },
    want: { multiPoint: { enabled: [n('DefaultPlugin1'), n('DefaultPlugin2'), n('CustomPlugin')] } },
  },
  {
    name: 'Append disabled Multipoint plugins',
    custom: {
      multiPoint: { enabled: [n('CustomPlugin'), n('CustomPlugin2')], disabled: [n('DefaultPlugin2')] },
      score: { disabled: [n('CustomPlugin2')] },
    },
    defaults: { multiPoint: { enabled: [n('DefaultPlugin1'), n('DefaultPlugin2')] } },
    want: {
      multiPoint: { enabled: [n('DefaultPlugin1'), n('CustomPlugin'), n('CustomPlugin2')], disabled: [n('DefaultPlugin2')] },
      score: { disabled: [n('CustomPlugin2')] },
    },
  },
  {
    name: 'override default MultiPoint plugins with custom value',
    custom: { multiPoint: { enabled: [n('DefaultPlugin', 5)] } },
    defaults: { multiPoint: { enabled: [n('DefaultPlugin')] } },
    want: { multiPoint: { enabled: [n('DefaultPlugin', 5)] } },
  },
  {
    name: 'disabled MultiPoint plugin in default set',
    custom: { multiPoint: { enabled: [n('CustomPlugin')] } },
    defaults: { multiPoint: { enabled: [n('DefaultPlugin')], disabled: [n('DefaultPlugin2')] } },
    want: { multiPoint: { enabled: [n('DefaultPlugin'), n('CustomPlugin')], disabled: [n('DefaultPlugin2')] } },
  },
  {
    name: 'disabled MultiPoint plugin in default set for specific extension point',
    custom: { multiPoint: { enabled: [n('CustomPlugin')] } },
    defaults: { multiPoint: { enabled: [n('DefaultPlugin')] }, score: { disabled: [n('DefaultPlugin2')] } },
    want: { multiPoint: { enabled: [n('DefaultPlugin'), n('CustomPlugin')] }, score: { disabled: [n('DefaultPlugin2')] } },
  },
  {
    name: 'multipoint with only disabled gets merged',
    custom: { multiPoint: { disabled: [n('DefaultPlugin')] } },
    defaults: { multiPoint: { enabled: [n('DefaultPlugin')] } },
    want: { multiPoint: { disabled: [n('DefaultPlugin')] } },
  },
];

describe('TestMergePlugins', () => {
  it.each(mergeCases)('$name', ({ custom, defaults, want }) => {
    expect(mergePlugins(plugins(defaults), custom && plugins(custom))).toEqual(plugins(want));
  });
});
