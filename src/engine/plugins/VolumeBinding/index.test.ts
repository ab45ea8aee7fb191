// Volumes are not simulated; this pins upstream's behaviour for a pod without claims
// (volume_binding_test.go TestVolumeBinding, case "pod has not pvcs").
import { describe, expect, it } from 'vitest';
import { CycleState } from '../../framework/cycleState';
import { newPodInfo } from '../../framework/podInfo';
import { makeNode, makePod } from '../../testing/builders';
import { newTestEnv } from '../../testing/framework';
import { VolumeBinding } from './index';

describe('VolumeBinding', () => {
  const env = newTestEnv({ nodes: [makeNode().name('node-a').obj()] });
  const pod = newPodInfo(makePod().name('pod-a').obj());

  it('pod has not pvcs: PreFilter Skip, PreScore Skip, Reserve marks all bound, PreBind succeeds', () => {
    const plugin = VolumeBinding.factory(VolumeBinding.defaultArgs!(), env.handle);
    const state = new CycleState();
    expect(plugin.preFilter!(state, pod, env.snapshot.nodeInfoList).status.code).toBe('Skip');
    expect(plugin.preScore!(state, pod, env.snapshot.nodeInfoList).code).toBe('Skip');
    expect(plugin.reserve!(state, pod, 'node-a').code).toBe('Success');
    expect(plugin.preBind!(state, pod, 'node-a').code).toBe('Success');
  });

  it('PreBind before Reserve finds no volumes for the node', () => {
    const plugin = VolumeBinding.factory(VolumeBinding.defaultArgs!(), env.handle);
    const state = new CycleState();
    plugin.preFilter!(state, pod, env.snapshot.nodeInfoList);
    const status = plugin.preBind!(state, pod, 'node-a');
    expect(status.code).toBe('Error');
    expect(status.reasons).toEqual(['no pod volumes found for node "node-a"']);
  });

  it('args: bindTimeoutSeconds defaults to 600 and must not be negative (TestValidateVolumeBindingArgs)', () => {
    expect(VolumeBinding.defaultArgs!()).toEqual({ bindTimeoutSeconds: 600 });
    expect(VolumeBinding.validateArgs!({ bindTimeoutSeconds: 0 })).toEqual([]);
    expect(VolumeBinding.validateArgs!({ bindTimeoutSeconds: -10 })).toEqual([
      { path: 'bindTimeoutSeconds', message: 'Invalid value: -10: invalid BindTimeoutSeconds, should not be a negative value' },
    ]);
  });
});
