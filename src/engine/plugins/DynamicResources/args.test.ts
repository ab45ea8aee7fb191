// DynamicResourcesArgs per version: upstream's defaults (types_pluginargs.go
// DynamicResourcesFilterTimeoutDefault / DynamicResourcesBindingTimeoutDefault, PR #134905) and
// ValidateDynamicResourcesArgs (validation_pluginargs.go). Upstream's own validation test rows
// were not found in the stored index: the rows are hand-worked from the validation function.
import { describe, expect, it } from 'vitest';
import { resolveSchedulerConfig } from '../../framework/config';
import { newInTreeRegistry } from '../registry';
import { featureGateDefaults, versionSwitches, type KubernetesVersion } from '../../versions';

const config = (args: Record<string, unknown> | undefined) => (args === undefined ? undefined : {
  apiVersion: 'kubescheduler.config.k8s.io/v1', kind: 'KubeSchedulerConfiguration',
  profiles: [{ pluginConfig: [{ name: 'DynamicResources', args: { apiVersion: 'kubescheduler.config.k8s.io/v1', kind: 'DynamicResourcesArgs', ...args } }] }],
});
function resolve(version: KubernetesVersion, args?: Record<string, unknown>) {
  const out = resolveSchedulerConfig(config(args), newInTreeRegistry(), featureGateDefaults(versionSwitches(version)));
  const pluginArgs = out.config.profiles[0]?.pluginConfig.find((c) => c.name === 'DynamicResources')?.args as Record<string, unknown> | undefined;
  const { apiVersion: _a, kind: _k, ...rest } = pluginArgs ?? {};
  return { errors: out.errors.map((e) => `${String(e.path.at(-1))}: ${e.message}`), args: rest };
}

describe('DynamicResourcesArgs defaults per version (SetDefaults_DynamicResourcesArgs)', () => {
  // bindingTimeout is defaulted only with DRADeviceBindingConditions and DRAResourceClaimDeviceStatus:
  // the first is alpha and off at 1.35, beta and on from 1.36 (versions.ts draDeviceBindingConditionsBeta)
  it.each([
    { version: '1.35' as const, want: { filterTimeout: '10s' } },
    { version: '1.36' as const, want: { filterTimeout: '10s', bindingTimeout: '10m0s' } },
    { version: '1.37' as const, want: { filterTimeout: '10s', bindingTimeout: '10m0s' } },
  ])('v$version', ({ version, want }) => {
    expect(resolve(version)).toEqual({ errors: [], args: want });
  });

  it('a field the user sets is kept and the other defaulted', () => {
    expect(resolve('1.36', { bindingTimeout: '1m' })).toEqual({ errors: [], args: { filterTimeout: '10s', bindingTimeout: '1m' } });
    expect(resolve('1.35', { filterTimeout: '0' })).toEqual({ errors: [], args: { filterTimeout: '0' } });
  });
});

describe('ValidateDynamicResourcesArgs', () => {
  const rows: { name: string; version: KubernetesVersion; args: Record<string, unknown>; error?: string }[] = [
    { name: 'filterTimeout 0 turns the timeout off: valid', version: '1.35', args: { filterTimeout: '0s' } },
    { name: 'a negative filterTimeout', version: '1.36', args: { filterTimeout: '-1s' }, error: 'filterTimeout: Invalid value: -1s: must be zero or positive' },
    { name: 'bindingTimeout at 1.35: its gates are off', version: '1.35', args: { bindingTimeout: '60s' }, error: 'bindingTimeout: Forbidden: DRADeviceBindingConditions or DRAResourceClaimDeviceStatus feature gate is disabled' },
    { name: 'bindingTimeout of 60s at 1.36', version: '1.36', args: { bindingTimeout: '60s' } },
    { name: 'bindingTimeout of exactly 1s', version: '1.37', args: { bindingTimeout: '1s' } },
    { name: 'bindingTimeout under 1s', version: '1.37', args: { bindingTimeout: '500ms' }, error: 'bindingTimeout: Invalid value: 500ms: must be at least 1 second' },
    { name: 'bindingTimeout 0 is not "off"', version: '1.36', args: { bindingTimeout: '0' }, error: 'bindingTimeout: Invalid value: 0: must be at least 1 second' },
    { name: 'not a duration', version: '1.36', args: { filterTimeout: 'ten seconds' }, error: 'filterTimeout: Invalid value: "ten seconds": time: invalid duration "ten seconds"' },
  ];
  for (const row of rows) {
    it(`${row.name} (v${row.version})`, () => {
      const { errors } = resolve(row.version, row.args);
      if (row.error === undefined) expect(errors).toEqual([]);
      else expect(errors.join('\n')).toContain(row.error);
    });
  }
});
