// Dynamic Resource Allocation end to end: template claims made by the resourceclaim controller,
// DynamicResources' Filter with the structured allocator, the allocation written in PreBind,
// deallocation when the pod goes, and the example scenario (scenarios/dra-gpu-pool.yaml).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SimulationResult } from './api';
import { simulate } from './index';
import { allocationTimedOut } from './dra/allocator';
import { bindingConditionsCluster } from './testing/bindingConditions';

const scenarioDir = join(__dirname, '../../scenarios');

function run(yaml: string): SimulationResult {
  const outcome = simulate(yaml, { fileName: 'test.yaml' });
  if (!outcome.ok) throw new Error(outcome.errors.map((e) => `${e.line}:${e.column}: ${e.message}`).join('\n'));
  return outcome.result;
}
const pod = (r: SimulationResult, name: string) => r.pods.find((p) => p.pod === `default/${name}`)!;
type Claim = { metadata: Record<string, unknown>; status: { allocation?: { devices: { results: { device: string; pool: string; request: string }[] } }; reservedFor?: { name: string }[] } };
const claims = (r: SimulationResult) => (r.objects?.resourceClaims ?? []) as unknown as Claim[];

describe('dra-gpu-pool.yaml', () => {
  const r = run(readFileSync(join(scenarioDir, 'dra-gpu-pool.yaml'), 'utf8'));

  it('trainer-1 gets the two GPUs on one PCIe root; the other nodes cannot allocate the claim', () => {
    const first = r.cycles.find((c) => c.pod === 'default/trainer-1')!;
    const dra = (node: string) => first.filter[node]!.find((p) => p.plugin === 'DynamicResources')!;
    expect(dra('cpu-node')).toMatchObject({ code: 'UnschedulableAndUnresolvable', reasons: ['cannot allocate all claims'] });
    expect(dra('gpu-node-1')).toMatchObject({ code: 'UnschedulableAndUnresolvable', reasons: ['cannot allocate all claims'] });
    expect(dra('gpu-node-2').code).toBe('Success');
    expect(r.events[0]).toMatchObject({ reason: 'Scheduled', message: 'Successfully assigned default/trainer-1 to gpu-node-2' });
  });

  it('trainer-2 waits while the devices are taken, then binds once trainer-1 and its claim are gone', () => {
    expect(r.events[1]).toMatchObject({ reason: 'FailedScheduling', time: 0 });
    expect(r.events[1]!.message).toMatch(/^0\/3 nodes are available: 3 cannot allocate all claims\./);
    expect(pod(r, 'trainer-2')).toMatchObject({ phase: 'Running', node: 'gpu-node-2' });
    expect(r.events.at(-1)).toMatchObject({ time: 90, reason: 'Scheduled', message: 'Successfully assigned default/trainer-2 to gpu-node-2' });
  });

  it('the result holds trainer-2\'s generated claim, allocated and reserved, and no claim of trainer-1', () => {
    const all = claims(r);
    expect(all.map((c) => c.metadata['name'])).toEqual([expect.stringMatching(/^trainer-2-gpus-[bcdfghjklmnpqrstvwxz2456789]{5}$/)]);
    const c = all[0]!;
    expect(c.metadata['annotations']).toEqual({ 'resource.kubernetes.io/pod-claim-name': 'gpus' });
    expect(c.metadata['finalizers']).toEqual(['resource.kubernetes.io/delete-protection']);
    expect(c.status.allocation!.devices.results).toEqual([
      { request: 'gpus', driver: 'gpu.example.com', pool: 'gpu-node-2', device: 'gpu-0' },
      { request: 'gpus', driver: 'gpu.example.com', pool: 'gpu-node-2', device: 'gpu-1' },
    ]);
    expect(c.status.allocation).toMatchObject({ nodeSelector: { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['gpu-node-2'] }] }] } });
    expect(c.status.reservedFor).toEqual([{ resource: 'pods', name: 'trainer-2', uid: expect.any(String) }]);
  });
});

describe('dra-prioritized-list.yaml', () => {
  const r = run(readFileSync(join(scenarioDir, 'dra-prioritized-list.yaml'), 'utf8'));
  const resultsOf = (pod: string) => claims(r).find((c) => (c.metadata['name'] as string).startsWith(`${pod}-gpu-`))!.status.allocation?.devices.results;

  it('infer-1 gets the large GPU, infer-2 falls back to the small one, infer-3 waits', () => {
    expect(pod(r, 'infer-1')).toMatchObject({ phase: 'Running', node: 'gpu-node' });
    expect(pod(r, 'infer-2')).toMatchObject({ phase: 'Running', node: 'gpu-node' });
    expect(pod(r, 'infer-3')).toMatchObject({ phase: 'Pending' });
    expect(resultsOf('infer-1')).toEqual([{ request: 'gpu/large', driver: 'gpu.example.com', pool: 'gpu-node', device: 'gpu-0' }]);
    expect(resultsOf('infer-2')).toEqual([{ request: 'gpu/small', driver: 'gpu.example.com', pool: 'gpu-node', device: 'gpu-1' }]);
    expect(resultsOf('infer-3')).toBeUndefined();
    expect(r.events.find((e) => e.object === 'Pod/default/infer-3' || e.message.includes('infer-3'))!.message).toMatch(/^0\/2 nodes are available: 2 cannot allocate all claims\./);
  });
});

describe('dra-extended-resource.yaml (DRAExtendedResource)', () => {
  const text = readFileSync(join(scenarioDir, 'dra-extended-resource.yaml'), 'utf8');
  const r = run(text);
  type Ext = Claim & { metadata: { name: string; annotations?: Record<string, string>; ownerReferences?: { name: string }[] }; spec: { devices: { requests: unknown[] } } };
  const extClaims = () => claims(r) as unknown as Ext[];

  it('train-1 takes the device plugin GPU; on cpu-node Fit leaves example.com/gpu to DynamicResources', () => {
    expect(pod(r, 'train-1')).toMatchObject({ phase: 'Running', node: 'gpu-node-dp' });
    const first = r.cycles.find((c) => c.pod === 'default/train-1')!;
    expect(first.filter['cpu-node']!.find((p) => p.plugin === 'NodeResourcesFit')!.code).toBe('Success');
    expect(first.filter['cpu-node']!.find((p) => p.plugin === 'DynamicResources')).toMatchObject({ code: 'UnschedulableAndUnresolvable', reasons: ['cannot allocate all claims'] });
    expect(pod(r, 'train-1').resourceClaims).toBeUndefined();
  });

  it('train-3 and train-4 hold scheduler-made claims on gpu-node-dra; train-2\'s went with it', () => {
    expect(pod(r, 'train-3')).toMatchObject({ phase: 'Running', node: 'gpu-node-dra' });
    const all = extClaims();
    expect(all.map((c) => c.metadata.name)).toEqual([expect.stringMatching(/^train-3-extended-resources-[a-z0-9]{5}$/), expect.stringMatching(/^train-4-extended-resources-[a-z0-9]{5}$/)]);
    expect(all[0]!.metadata.annotations).toEqual({ 'resource.kubernetes.io/extended-resource-claim': 'true' });
    expect(all[0]!.metadata.ownerReferences).toMatchObject([{ kind: 'Pod', name: 'train-3', controller: true }]);
    expect(all[0]!.spec.devices.requests).toEqual([{ name: 'container-0-request-1', exactly: { deviceClassName: 'gpu.example.com', allocationMode: 'ExactCount', count: 1 } }]);
    expect(all[0]!.status.allocation!.devices.results).toEqual([{ request: 'container-0-request-1', driver: 'gpu.example.com', pool: 'gpu-node-dra', device: 'gpu-1' }]);
    expect(all[1]!.status.allocation!.devices.results[0]!.device).toBe('gpu-0');
    expect(pod(r, 'train-3').resourceClaims).toEqual([{
      name: 'extended-resources', claimName: all[0]!.metadata.name, extendedResources: ['example.com/gpu'],
      devices: [{ request: 'container-0-request-1', id: 'gpu.example.com/gpu-node-dra/gpu-1' }],
    }]);
  });

  it('train-4 waits with both reasons, then binds once train-2 is gone (after its 30s grace period)', () => {
    const failed = r.events.find((e) => e.reason === 'FailedScheduling')!;
    expect(failed.message).toMatch(/^0\/3 nodes are available: 1 Insufficient example\.com\/gpu, 2 cannot allocate all claims\./);
    expect(r.events.at(-1)).toMatchObject({ time: 90, reason: 'Scheduled', message: 'Successfully assigned default/train-4 to gpu-node-dra' });
  });

  it('without the gate the classic check applies: only train-1 binds', () => {
    const off = run(text.replace('featureGates: {DRAExtendedResource: true}', 'featureGates: {DRAExtendedResource: false}'));
    expect(off.pods.filter((p) => p.phase === 'Running').map((p) => p.pod)).toEqual(['default/train-1']);
    expect(off.objects?.resourceClaims).toBeUndefined();
  });
});

const cluster = `
apiVersion: v1
kind: Node
metadata: {name: n1}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
---
apiVersion: resource.k8s.io/v1
kind: DeviceClass
metadata: {name: gpu}
spec:
  selectors: [{cel: {expression: 'device.driver == "gpu.example.com"'}}]
---
apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata: {name: n1-gpus}
spec:
  driver: gpu.example.com
  nodeName: n1
  pool: {name: n1, generation: 1, resourceSliceCount: 1}
  devices:
    - {name: gpu-0, attributes: {memory: {int: 40}}}
`;

/** claim c, requesting one gpu device, and pod a, using it */
const claimedPod = `apiVersion: resource.k8s.io/v1
kind: ResourceClaim
metadata: {name: c}
spec: {devices: {requests: [{name: gpu, exactly: {deviceClassName: gpu}}]}}
---
apiVersion: v1
kind: Pod
metadata: {name: a}
spec: {resourceClaims: [{name: gpu, resourceClaimName: c}], containers: [{name: c, image: i}]}
`;

describe('a shared ResourceClaim', () => {
  it('is allocated once and reserved for both pods; deleting one pod keeps the allocation', () => {
    const r = run(`${cluster}---
apiVersion: resource.k8s.io/v1
kind: ResourceClaim
metadata: {name: shared}
spec: {devices: {requests: [{name: gpu, exactly: {deviceClassName: gpu}}]}}
---
apiVersion: v1
kind: Pod
metadata: {name: a}
spec: {resourceClaims: [{name: gpu, resourceClaimName: shared}], containers: [{name: c, image: i}]}
---
apiVersion: v1
kind: Pod
metadata: {name: b}
spec: {resourceClaims: [{name: gpu, resourceClaimName: shared}], containers: [{name: c, image: i}]}
`);
    expect(pod(r, 'a').node).toBe('n1');
    expect(pod(r, 'b').node).toBe('n1');
    const c = claims(r)[0]!;
    expect(c.status.allocation!.devices.results.map((d) => d.device)).toEqual(['gpu-0']);
    expect(c.status.reservedFor!.map((p) => p.name)).toEqual(['a', 'b']);
  });

  it('a pod whose claim does not exist waits at PreEnqueue: it never gets a scheduling cycle', () => {
    const r = run(`${cluster}---
apiVersion: v1
kind: Pod
metadata: {name: a}
spec: {resourceClaims: [{name: gpu, resourceClaimName: missing}], containers: [{name: c, image: i}]}
`);
    expect(pod(r, 'a')).toMatchObject({ phase: 'Pending' });
    expect(r.cycles.filter((c) => c.pod === 'default/a')).toEqual([]);
  });
});

describe('device taints (DRADeviceTaints, alpha in v1.35)', () => {
  const tainted = (gate: string) => `apiVersion: podplay/v1alpha1
kind: Scenario
metadata: {name: taints}
spec:
  featureGates: {${gate}}
---
${cluster.replace('- {name: gpu-0, attributes: {memory: {int: 40}}}', '- {name: gpu-0, taints: [{key: broken, effect: NoSchedule}]}')}---
${claimedPod}`;
  it('off by default: the taint is ignored and the device allocated', () => {
    expect(pod(run(tainted('DRADeviceTaints: false')), 'a').node).toBe('n1');
  });
  it('on: an untolerated NoSchedule taint keeps the device from the claim', () => {
    const r = run(tainted('DRADeviceTaints: true'));
    expect(pod(r, 'a').phase).toBe('Pending');
    expect(r.cycles[0]!.filter['n1']!.find((p) => p.plugin === 'DynamicResources')!.details).toMatchObject({ requests: [{ request: 'gpu', matching: 1, tainted: 1, devices: [] }] });
  });
});

describe('a claim from a cluster dump, allocated and reserved', () => {
  const dump = `apiVersion: v1
kind: Node
metadata: {name: n0}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
---
${cluster}---
apiVersion: resource.k8s.io/v1
kind: ResourceClaim
metadata: {name: shared, uid: claim-uid}
spec: {devices: {requests: [{name: gpu, exactly: {deviceClassName: gpu}}]}}
status:
  allocation:
    devices:
      results: [{request: gpu, driver: gpu.example.com, pool: n1, device: gpu-0}]
    nodeSelector:
      nodeSelectorTerms: [{matchFields: [{key: metadata.name, operator: In, values: [n1]}]}]
  reservedFor: [{resource: pods, name: running, uid: running-uid}]
---
apiVersion: v1
kind: Pod
metadata: {name: running, uid: running-uid}
spec: {nodeName: n1, resourceClaims: [{name: gpu, resourceClaimName: shared}], containers: [{name: c, image: i}]}
---
apiVersion: v1
kind: Pod
metadata: {name: second}
spec: {resourceClaims: [{name: gpu, resourceClaimName: shared}], containers: [{name: c, image: i}]}
`;
  it('the allocation pins a second pod to its node: "resourceclaim not available on the node" elsewhere', () => {
    const r = run(dump);
    expect(pod(r, 'second').node).toBe('n1');
    expect(r.cycles[0]!.filter['n0']!.find((p) => p.plugin === 'DynamicResources')).toMatchObject({ code: 'UnschedulableAndUnresolvable', reasons: ['resourceclaim not available on the node'] });
    expect(claims(r)[0]!.status.reservedFor!.map((p) => p.name)).toEqual(['running', 'second']);
    expect(pod(r, 'running').resourceClaims).toEqual([{ name: 'gpu', claimName: 'shared', devices: [{ request: 'gpu', id: 'gpu.example.com/n1/gpu-0' }] }]);
  });

  it('a malformed status is an error at its line, not a crash', () => {
    const outcome = simulate(dump.replace('results: [{request: gpu, driver: gpu.example.com, pool: n1, device: gpu-0}]', 'results: 3'), { fileName: 'test.yaml' });
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.errors[0]!.message).toMatch(/status\.allocation\.devices\.results/);
  });
});

describe('DeviceTaintRules (DRADeviceTaintRules, alpha in v1.35)', () => {
  it('a rule keeps the pod Pending; deleting it from the timeline lets the pod bind', () => {
    const r = run(`apiVersion: podplay/v1alpha1
kind: Scenario
metadata: {name: taint-rule}
spec:
  featureGates: {DRADeviceTaints: true, DRADeviceTaintRules: true}
  timeline:
  - {at: 30, action: delete, kind: DeviceTaintRule, name: maintenance}
---
${cluster}---
apiVersion: resource.k8s.io/v1alpha3
kind: DeviceTaintRule
metadata: {name: maintenance}
spec:
  deviceSelector: {driver: gpu.example.com, pool: n1}
  taint: {key: maintenance, effect: NoSchedule}
---
${claimedPod}`);
    const first = r.cycles.find((c) => c.pod === 'default/a')!;
    const dra = first.filter['n1']!.find((p) => p.plugin === 'DynamicResources')!;
    expect(dra).toMatchObject({ code: 'UnschedulableAndUnresolvable', reasons: ['cannot allocate all claims'] });
    expect(dra.details!['requests']).toMatchObject([{ request: 'gpu', matching: 1, tainted: 1 }]);
    expect(r.events.at(-1)).toMatchObject({ time: 30, reason: 'Scheduled', message: 'Successfully assigned default/a to n1' });
  });
});

// upstream: the resource.k8s.io version kube-scheduler's tracker watches DeviceTaintRules in —
// pkg/scheduler/scheduler.go: Resource().V1beta2().DeviceTaintRules() at 1.36 (beta),
// Resource().V1().DeviceTaintRules() at 1.37 (GA); v1alpha3 stays in the tree
describe('DeviceTaintRule apiVersion per Kubernetes version', () => {
  const text = (version: string, apiVersion: string) => `apiVersion: podplay/v1alpha1
kind: Scenario
metadata: {name: taint-rule}
spec:
  kubernetesVersion: "${version}"
  featureGates: {DRADeviceTaints: true, DRADeviceTaintRules: true}
---
${cluster}---
apiVersion: ${apiVersion}
kind: DeviceTaintRule
metadata: {name: maintenance}
spec:
  deviceSelector: {driver: gpu.example.com, pool: n1}
  taint: {key: maintenance, effect: NoSchedule}
---
${claimedPod}`;
  const rows = [
    { version: '1.35', apiVersion: 'resource.k8s.io/v1alpha3', served: true },
    { version: '1.35', apiVersion: 'resource.k8s.io/v1beta2', served: false },
    { version: '1.35', apiVersion: 'resource.k8s.io/v1', served: false },
    { version: '1.36', apiVersion: 'resource.k8s.io/v1alpha3', served: true },
    { version: '1.36', apiVersion: 'resource.k8s.io/v1beta2', served: true },
    { version: '1.36', apiVersion: 'resource.k8s.io/v1', served: false },
    { version: '1.37', apiVersion: 'resource.k8s.io/v1alpha3', served: true },
    { version: '1.37', apiVersion: 'resource.k8s.io/v1beta2', served: true },
    { version: '1.37', apiVersion: 'resource.k8s.io/v1', served: true },
  ];
  it.each(rows)('$version, $apiVersion: served $served', ({ version, apiVersion, served }) => {
    const scenarioText = text(version, apiVersion);
    const out = simulate(scenarioText, { fileName: 'r.yaml' });
    if (served) {
      if (!out.ok) throw new Error(out.errors.map((e) => e.message).join('\n'));
      // the rule taints the only device: the pod stays Pending
      const dra = out.result.cycles[0]!.filter['n1']!.find((p) => p.plugin === 'DynamicResources')!;
      expect(dra.details!['requests']).toMatchObject([{ request: 'gpu', matching: 1, tainted: 1 }]);
      expect(out.result.pods.find((p) => p.pod === 'default/a')).toMatchObject({ phase: 'Pending' });
    } else {
      expect(out.ok).toBe(false);
      // the rule's apiVersion line: the one right above `kind: DeviceTaintRule`
      const line = scenarioText.split('\n').indexOf('kind: DeviceTaintRule');
      expect(out.ok ? [] : out.errors.map((e) => [e.line, e.message])).toEqual([
        [line, expect.stringContaining(`no matches for kind "DeviceTaintRule" in version "${apiVersion}": served from Kubernetes ${apiVersion.endsWith('/v1') ? '1.37' : '1.36'} on`)],
      ]);
    }
  });
});

describe('device binding conditions (DRADeviceBindingConditions, alpha in v1.35)', () => {
  const scenario = (timeline: string, gates = 'DRADeviceBindingConditions: true') => `apiVersion: podplay/v1alpha1
kind: Scenario
metadata: {name: binding}
spec:
  featureGates: {${gates}}
  timeline:
${timeline}
---
${bindingConditionsCluster}---
${claimedPod}`;
  type Full = Claim & { status: { allocation?: { allocationTimestamp?: number; nodeSelector?: unknown; devices: { results: Record<string, unknown>[] } }; devices?: unknown[] } };

  it('PreBind waits until the driver reports the condition, polling every 5s', () => {
    const r = run(scenario('  - {at: 18, action: deviceCondition, claim: c, device: gpu-0, type: FabricDeviceReady, status: "True"}'));
    expect(r.events.map((e) => [e.time, e.reason, e.message])).toEqual([
      [0, 'BindingConditionsPending', 'waiting for binding conditions for device on node n1'],
      [20, 'Scheduled', 'Successfully assigned default/a to n1'],
    ]);
    expect(r.queue.filter((m) => m.pod === 'default/a').map((m) => [m.time, m.to])).toEqual([[0, 'activeQ'], [0, 'scheduling'], [0, 'waitingOnBinding'], [20, 'scheduling'], [20, 'bound']]);
    expect(r.cycles[0]!.bindingWait).toEqual({ time: 0, end: 20, ok: true });
    const c = claims(r)[0] as unknown as Full;
    expect(c.status.allocation).toMatchObject({
      allocationTimestamp: 0,
      nodeSelector: { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['n1'] }] }] },
      devices: { results: [{ request: 'gpu', driver: 'gpu.example.com', pool: 'fabric-a', device: 'gpu-0', bindingConditions: ['FabricDeviceReady'], bindingFailureConditions: ['FabricDeviceFailed'] }] },
    });
    expect(c.status.devices).toEqual([{ driver: 'gpu.example.com', pool: 'fabric-a', device: 'gpu-0', conditions: [{ type: 'FabricDeviceReady', status: 'True', lastTransitionTime: 18 }] }]);
  });

  it('a failure condition fails the binding; the next cycle finds the claim unavailable and PostFilter deallocates it', () => {
    const r = run(scenario('  - {at: 12, action: deviceCondition, pod: default/a, device: gpu-0, type: FabricDeviceFailed, status: "True", reason: AttachFailed, message: no free slot}'));
    const failed = r.events.find((e) => e.reason === 'FailedScheduling')!;
    expect(failed).toMatchObject({ time: 15 });
    expect(failed.message).toBe('binding rejected: running PreBind plugin "DynamicResources": claim c binding failed: reason=AttachFailed, message="no free slot"');
    const retry = r.cycles[1]!;
    expect(retry.filter['n1']!.find((p) => p.plugin === 'DynamicResources')).toMatchObject({ code: 'UnschedulableAndUnresolvable', reasons: ['resourceclaim not available on the node'] });
    expect(retry.postFilter).toBeDefined();
  });

  it('without a condition the wait times out after 600s: "device binding timeout"', () => {
    const r = run(scenario('  []'.replace('  []', '  - {at: 1000, action: cordon, node: n1}')));
    const failed = r.events.find((e) => e.reason === 'FailedScheduling')!;
    expect(failed).toMatchObject({ time: 600, message: 'binding rejected: running PreBind plugin "DynamicResources": device binding timeout' });
  });

  it('DynamicResourcesArgs.bindingTimeout of 60s: the wait times out after 60s (upstream New reads it, PR #134905)', () => {
    const config = `apiVersion: kubescheduler.config.k8s.io/v1
kind: KubeSchedulerConfiguration
profiles:
- pluginConfig:
  - name: DynamicResources
    args: {bindingTimeout: 60s}`;
    const r = run(`${config}\n---\n${scenario('  - {at: 1000, action: cordon, node: n1}')}`);
    const failed = r.events.find((e) => e.reason === 'FailedScheduling')!;
    expect(failed).toMatchObject({ time: 60, message: 'binding rejected: running PreBind plugin "DynamicResources": device binding timeout' });
  });

  it('without the gate the API server drops the binding fields: the pod binds at once', () => {
    const r = run(scenario('  - {at: 1, action: cordon, node: n1}', 'DRADeviceBindingConditions: false'));
    expect(r.events[0]).toMatchObject({ time: 0, reason: 'Scheduled' });
  });
});

describe('dra-binding-conditions.yaml', () => {
  const r = run(readFileSync(join(scenarioDir, 'dra-binding-conditions.yaml'), 'utf8'));

  it('job-a waits in PreBind until FabricDeviceReady, then binds at the next poll', () => {
    expect(r.events.filter((e) => e.object === 'Pod/default/job-a').map((e) => [e.time, e.reason])).toEqual([[0, 'BindingConditionsPending'], [15, 'Scheduled']]);
    expect(pod(r, 'job-a')).toMatchObject({ phase: 'Running', node: 'node-1' });
  });

  it('job-b\'s FabricDeviceFailed fails its binding; the next cycle deallocates the claim', () => {
    const failures = r.events.filter((e) => e.object === 'Pod/default/job-b' && e.reason === 'FailedScheduling');
    expect(failures[0]).toMatchObject({ time: 20 });
    expect(failures[0]!.message).toMatch(/^binding rejected: running PreBind plugin "DynamicResources": claim job-b-gpu-[a-z0-9]{5} binding failed: reason=AttachFailed, message="no free slot on the switch"$/);
    expect(failures[1]).toMatchObject({ time: 21 });
    expect(failures[1]!.message).toMatch(/^0\/2 nodes are available: 2 resourceclaim not available on the node\. deallocation of ResourceClaim completed/);
    expect(failures).toHaveLength(2);
  });

  it('the deallocation happened while job-b was in flight: the queue replays it, job-b is tried again and binds once attached', () => {
    // upstream: determineSchedulingHintForInFlightPod — the claim's update while job-b was being
    // scheduled sends it to the backoffQ, not to wait for another event
    const moved = r.queue.filter((m) => m.pod === 'default/job-b' && m.time === 21 && m.from === 'scheduling');
    expect(moved.map((m) => m.to)).toEqual(['backoffQ', 'waitingOnBinding']);
    expect(r.events.filter((e) => e.object === 'Pod/default/job-b').map((e) => [e.time, e.reason]).slice(-2)).toEqual([[21, 'BindingConditionsPending'], [41, 'Scheduled']]);
    expect(pod(r, 'job-b')).toMatchObject({ phase: 'Running', node: 'node-1' });
  });
});

describe('dra-partitionable-gpu.yaml (DRAPartitionableDevices)', () => {
  const yaml = readFileSync(join(scenarioDir, 'dra-partitionable-gpu.yaml'), 'utf8');
  const r = run(yaml);
  const devicesOf = (name: string) => claims(r).find((c) => (c.metadata['name'] as string).startsWith(`${name}-gpu-`))!.status.allocation?.devices.results.map((d) => d.device);
  const firstCycle = (name: string) => r.cycles.find((c) => c.pod === `default/${name}`)!;
  const draOn = (name: string, node: string) => firstCycle(name).filter[node]!.find((p) => p.plugin === 'DynamicResources')!;

  it('the two 3g.20gb partitions go to infer-1 and infer-2 on gpu-node; cpu-node cannot allocate', () => {
    expect(draOn('infer-1', 'cpu-node')).toMatchObject({ code: 'UnschedulableAndUnresolvable', reasons: ['cannot allocate all claims'] });
    expect(r.events.slice(0, 2).map((e) => e.message)).toEqual([
      'Successfully assigned default/infer-1 to gpu-node', 'Successfully assigned default/infer-2 to gpu-node',
    ]);
    expect(devicesOf('infer-2')).toEqual(['gpu-0-3g-1']);
  });

  it('train waits: the whole GPU matches but its counters are used up by the partitions', () => {
    expect(r.events[2]).toMatchObject({ reason: 'FailedScheduling', time: 0 });
    expect(r.events[2]!.message).toMatch(/^0\/2 nodes are available: 2 cannot allocate all claims\./);
    expect(draOn('train', 'gpu-node').details?.['requests']).toEqual([
      { claim: expect.stringMatching(/^default\/train-gpu-/), request: 'gpu', matching: 1, inUse: 0, tainted: 0, countersExhausted: 1, capacityExhausted: 0, needed: 1, devices: [], exhausted: ['gpu.example.com/gpu-node/gpu-0'] },
    ]);
    expect(pod(r, 'train').phase).toBe('Pending');
  });

  it('small binds once infer-1 is gone and its 20Gi come back; train still waits for all 40Gi', () => {
    expect(r.events.at(-1)).toMatchObject({ time: 90, reason: 'Scheduled', message: 'Successfully assigned default/small to gpu-node' });
    expect(devicesOf('small')).toEqual(['gpu-0-1g-0']);
    expect(r.events.filter((e) => e.time === 90 && e.reason === 'FailedScheduling').map((e) => e.message)).toEqual([expect.stringMatching(/^0\/2 nodes are available: 2 cannot allocate all claims\./)]);
  });

  it('with the gate off (v1.35 default) no device that consumes counters is allocated', () => {
    const off = run(yaml.replace('featureGates: {DRAPartitionableDevices: true}', 'featureGates: {DRAPartitionableDevices: false}'));
    expect(off.events.filter((e) => e.reason === 'Scheduled')).toEqual([]);
    expect(off.pods.filter((p) => p.pod !== 'default/infer-1').map((p) => p.phase)).toEqual(['Pending', 'Pending', 'Pending']);
  });
});

describe('consumable capacity (DRAConsumableCapacity): pods share a device while its capacity lasts', () => {
  const yaml = (gate: boolean) => `apiVersion: podplay/v1alpha1
kind: Scenario
metadata: {name: shared-nic}
spec: {featureGates: {DRAConsumableCapacity: ${gate}}}
---
apiVersion: v1
kind: Node
metadata: {name: n1, labels: {kubernetes.io/hostname: n1}}
status: {allocatable: {cpu: "8", memory: 32Gi, pods: "110"}}
---
apiVersion: resource.k8s.io/v1
kind: DeviceClass
metadata: {name: nic.example.com}
spec: {selectors: [{cel: {expression: device.driver == "nic.example.com"}}]}
---
apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata: {name: n1-nics}
spec:
  driver: nic.example.com
  nodeName: n1
  pool: {name: n1, generation: 1, resourceSliceCount: 1}
  devices:
    - name: nic-0
      allowMultipleAllocations: true
      capacity:
        bandwidth:
          value: 10G
          requestPolicy: {default: 1G, validRange: {min: 1G, step: 1G}}
---
apiVersion: resource.k8s.io/v1
kind: ResourceClaimTemplate
metadata: {name: bandwidth}
spec:
  spec:
    devices:
      requests:
        - name: nic
          exactly: {deviceClassName: nic.example.com, capacity: {requests: {bandwidth: 3500M}}}
${['a', 'b', 'c'].map((p) => `---
apiVersion: v1
kind: Pod
metadata: {name: ${p}}
spec:
  resourceClaims: [{name: nic, resourceClaimTemplateName: bandwidth}]
  containers: [{name: c, image: i, resources: {claims: [{name: nic}]}}]`).join('\n')}
`;

  it('a and b each take 4G of the 10G (3500M rounded up to the 1G step); c does not fit', () => {
    const r = run(yaml(true));
    expect(r.pods.map((p) => [p.pod, p.phase, p.node])).toEqual([['default/a', 'Running', 'n1'], ['default/b', 'Running', 'n1'], ['default/c', 'Pending', undefined]]);
    const results = (name: string) => claims(r).find((c) => (c.metadata['name'] as string).startsWith(`${name}-nic-`))!.status.allocation!.devices.results as unknown as Record<string, unknown>[];
    expect(results('a')).toEqual([{ request: 'nic', driver: 'nic.example.com', pool: 'n1', device: 'nic-0', shareID: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-8[0-9a-f]{3}-[0-9a-f]{12}$/), consumedCapacity: { bandwidth: '4G' } }]);
    expect(results('b')[0]!['shareID']).not.toBe(results('a')[0]!['shareID']);
    const c = r.cycles.find((x) => x.pod === 'default/c')!;
    expect(c.filter['n1']!.find((p) => p.plugin === 'DynamicResources')).toMatchObject({
      code: 'UnschedulableAndUnresolvable', reasons: ['cannot allocate all claims'],
      details: { requests: [expect.objectContaining({ matching: 1, inUse: 0, capacityExhausted: 1, exhausted: ['nic.example.com/n1/nic-0'] })] },
    });
  });

  it('with the gate off (v1.35 default) a capacity request is refused by the allocator', () => {
    const r = run(yaml(false));
    expect(r.pods.map((p) => p.phase)).toEqual(['Pending', 'Pending', 'Pending']);
    const first = r.cycles.find((x) => x.pod === 'default/a')!;
    expect(first.filter['n1']!.find((p) => p.plugin === 'DynamicResources')).toMatchObject({ code: 'Error', reasons: [expect.stringMatching(/request nic: has capacity requests, but the DRAConsumableCapacity feature is disabled$/)] });
  });
});

describe('extended resources backed by DRA: a DeviceClass that arrives later', () => {
  it('the pod fails Fit ("Insufficient example.com/gpu") until the class naming the resource is applied, then binds', () => {
    const r = run(`apiVersion: podplay/v1alpha1
kind: Scenario
metadata: {name: late-class}
spec:
  featureGates: {DRAExtendedResource: true}
  timeline:
  - at: 10
    action: apply
    object:
      apiVersion: resource.k8s.io/v1
      kind: DeviceClass
      metadata: {name: gpu}
      spec:
        extendedResourceName: example.com/gpu
        selectors: [{cel: {expression: 'device.driver == "gpu.example.com"'}}]
---
${cluster.slice(0, cluster.indexOf('---\napiVersion: resource.k8s.io/v1\nkind: DeviceClass'))}---
apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata: {name: n1-gpus}
spec:
  driver: gpu.example.com
  nodeName: n1
  pool: {name: n1, generation: 1, resourceSliceCount: 1}
  devices: [{name: gpu-0}]
---
apiVersion: v1
kind: Pod
metadata: {name: a}
spec: {containers: [{name: c, image: i, resources: {requests: {example.com/gpu: "1"}, limits: {example.com/gpu: "1"}}}]}
`);
    expect(r.events[0]).toMatchObject({ time: 0, reason: 'FailedScheduling' });
    expect(r.events[0]!.message).toMatch(/^0\/1 nodes are available: 1 Insufficient example\.com\/gpu\./);
    expect(r.events.at(-1)).toMatchObject({ time: 10, reason: 'Scheduled', message: 'Successfully assigned default/a to n1' });
    expect((claims(r)[0]!.metadata['name'] as string)).toMatch(/^a-extended-resources-/);
  });
});

describe('dra-device-taint-eviction.yaml: a NoExecute DeviceTaintRule evicts the pods on the devices it taints', () => {
  const text = readFileSync(join(scenarioDir, 'dra-device-taint-eviction.yaml'), 'utf8');
  const deletion = (r: SimulationResult, name: RegExp | string) => r.events.filter((e) => e.reason === 'DeviceTaintManagerEviction' && (typeof name === 'string' ? e.object === `Pod/default/${name}` : name.test(e.object)));
  const inference = (r: SimulationResult) => r.pods.filter((p) => p.pod.startsWith('default/inference-'));

  it('the pod whose claim does not tolerate the taint goes when the rule appears; its replacement gets a GPU on node-2', () => {
    const r = run(text);
    const [first, replacement] = inference(r);
    expect(first).toMatchObject({ node: 'node-1', phase: 'Failed', reason: 'DeviceTaintManagerEviction' });
    expect(deletion(r, first!.pod.slice('default/'.length))).toEqual([expect.objectContaining({ time: 30, type: 'Normal', message: 'Marking for deletion' })]);
    expect(replacement).toMatchObject({ node: 'node-2', phase: 'Running' });
    expect(replacement!.resourceClaims![0]!.devices).toEqual([{ request: 'gpu', id: expect.stringMatching(/node-2\/gpu-\d$/) }]);
  });

  it('the tolerating pod runs on until timeAdded + tolerationSeconds (30 + 60 s); nothing replaces a bare pod', () => {
    const r = run(text);
    expect(deletion(r, 'trainer')).toEqual([expect.objectContaining({ time: 90, message: 'Marking for deletion' })]);
    expect(pod(r, 'trainer')).toMatchObject({ node: 'node-1', phase: 'Failed', reason: 'DeviceTaintManagerEviction' });
    expect(r.pods).toHaveLength(3);
  });

  it('deleting the rule before the toleration runs out cancels the deletion', () => {
    const r = run(text.replace('effect: NoExecute}\n---', 'effect: NoExecute}\n  - {at: 60, action: delete, kind: DeviceTaintRule, name: node-1-maintenance}\n---'));
    expect(deletion(r, 'trainer')).toEqual([expect.objectContaining({ time: 60, message: 'Cancelling deletion' })]);
    expect(pod(r, 'trainer')).toMatchObject({ node: 'node-1', phase: 'Running' });
  });

  it('a taint the driver publishes in its ResourceSlice evicts the same way, counted from its timeAdded', () => {
    const r = run(text.replace('devices: [{name: gpu-0}, {name: gpu-1}]\n---\napiVersion: resource.k8s.io/v1\nkind: ResourceClaimTemplate',
      'devices: [{name: gpu-0, taints: [{key: gpu.example.com/maintenance, effect: NoExecute, timeAdded: 5}]}, {name: gpu-1, taints: [{key: gpu.example.com/maintenance, effect: NoExecute, timeAdded: 5}]}]\n---\napiVersion: resource.k8s.io/v1\nkind: ResourceClaimTemplate'));
    // the untolerated taint keeps the inference pod off node-1 until node-2 publishes GPUs at 20 s;
    // the trainer tolerates it and binds at once, then goes at 5 + 60 s
    expect(inference(r)).toEqual([expect.objectContaining({ node: 'node-2', phase: 'Running' })]);
    expect(deletion(r, 'trainer')).toEqual([expect.objectContaining({ time: 65, message: 'Marking for deletion' })]);
  });

  it('the result tells when each device was published and when a taint applied to it, for the stage', () => {
    const nodes = (r: SimulationResult) => new Map(r.nodes.map((n) => [n.name, n.devices ?? []]));
    const taint = { key: 'gpu.example.com/maintenance', value: 'firmware', effect: 'NoExecute', from: 30 };
    const r = nodes(run(text));
    expect(r.get('node-1')!.map((d) => [d.name, d.since, d.taints])).toEqual([['gpu-0', undefined, [taint]], ['gpu-1', undefined, [taint]]]);
    expect(r.get('node-2')!.map((d) => [d.name, d.since, d.taints])).toEqual([['gpu-0', 20, undefined], ['gpu-1', 20, undefined]]);
    const lifted = nodes(run(text.replace('effect: NoExecute}\n---', 'effect: NoExecute}\n  - {at: 60, action: delete, kind: DeviceTaintRule, name: node-1-maintenance}\n---')));
    expect(lifted.get('node-1')![0]!.taints).toEqual([{ ...taint, until: 60 }]);
  });

  it('the rule\'s status says when its evictions are done; an effect None rule reports what it would evict, once', () => {
    const condition = (r: SimulationResult) => ((r.objects?.deviceTaintRules?.[0]?.['status'] as { conditions?: unknown[] } | undefined)?.conditions ?? [])[0];
    expect(condition(run(text))).toEqual({
      type: 'EvictionInProgress', status: 'False', reason: 'Completed', message: '2 pods evicted since starting the controller.', lastTransitionTime: 90,
    });
    // stopped while trainer's toleration runs: its deletion is still pending
    const stopped = simulate(text, { fileName: 'test.yaml', until: 60 });
    const pending = stopped.ok ? stopped.result : undefined;
    expect(condition(pending!)).toMatchObject({ status: 'True', reason: 'PodsPendingEviction', message: '1 pod needs to be evicted in 1 namespace. 1 pod evicted since starting the controller.' });
    const dryRun = run(text.replace('value: firmware, effect: NoExecute}', 'value: firmware, effect: None}'));
    expect(condition(dryRun)).toEqual({
      type: 'EvictionInProgress', status: 'False', reason: 'NoEffect', lastTransitionTime: 30,
      message: '2 published devices selected. 2 allocated devices selected. 2 pods would be evicted in 1 namespace if the effect was NoExecute. This information will not be updated again. Recreate the DeviceTaintRule to trigger an update.',
    });
    expect(dryRun.events.filter((e) => e.reason === 'DeviceTaintManagerEviction')).toEqual([]);
  });

  it('without the DRADeviceTaints gate (the v1.35 default) no controller evicts', () => {
    // v1.37 turns both gates on (versions.ts draDeviceTaintRulesGA): pinned to v1.35 for its defaults
    const r = run(text.replace('featureGates: {DRADeviceTaints: true, DRADeviceTaintRules: true}', 'kubernetesVersion: "1.35"\n  featureGates: {}'));
    expect(r.events.filter((e) => e.reason === 'DeviceTaintManagerEviction')).toEqual([]);
    expect(r.pods.filter((p) => p.phase === 'Running')).toHaveLength(2);
    expect(r.nodes.flatMap((n) => n.devices ?? []).filter((d) => d.taints)).toEqual([]);
  });
});

describe('an allocation search past its step budget (issue 23)', () => {
  /** `nodes` nodes of 20 GPUs; the claim asks for 8 of them and for a device of a class nothing matches. */
  function hostile(nodes: number): string {
    const docs = [
      'apiVersion: resource.k8s.io/v1\nkind: DeviceClass\nmetadata: {name: gpu}\nspec: {selectors: [{cel: {expression: device.driver == "gpu.example.com"}}]}',
      'apiVersion: resource.k8s.io/v1\nkind: DeviceClass\nmetadata: {name: none}\nspec: {selectors: [{cel: {expression: device.driver == "none.example.com"}}]}',
      'apiVersion: resource.k8s.io/v1\nkind: ResourceClaim\nmetadata: {name: greedy}\nspec:\n  devices:\n    requests:\n      - {name: gpus, exactly: {deviceClassName: gpu, count: 8}}\n      - {name: other, exactly: {deviceClassName: none}}',
      'apiVersion: v1\nkind: Pod\nmetadata: {name: trainer}\nspec:\n  resourceClaims: [{name: c, resourceClaimName: greedy}]\n  containers: [{name: c}]',
    ];
    for (let n = 0; n < nodes; n++) {
      docs.push(`apiVersion: v1\nkind: Node\nmetadata: {name: node-${n}}\nstatus: {allocatable: {cpu: "8", memory: 32Gi, pods: "110"}}`);
      const devices = Array.from({ length: 20 }, (_, i) => `{name: gpu-${i}}`).join(', ');
      docs.push(`apiVersion: resource.k8s.io/v1\nkind: ResourceSlice\nmetadata: {name: node-${n}-gpus}\nspec: {driver: gpu.example.com, nodeName: node-${n}, pool: {name: node-${n}, generation: 1, resourceSliceCount: 1}, devices: [${devices}]}`);
    }
    return docs.join('\n---\n');
  }

  const pinned = (text: string, version: string) => `apiVersion: podplay/v1alpha1\nkind: Scenario\nspec: {kubernetesVersion: "${version}"}\n---\n${text}`;

  it('v1.35: is upstream\'s "timed out trying to allocate devices" for the node, saying which budget ran out', () => {
    const r = run(pinned(hostile(1), '1.35'));
    const dra = r.cycles[0]!.filter['node-0']!.find((p) => p.plugin === 'DynamicResources')!;
    expect(dra).toMatchObject({ code: 'UnschedulableAndUnresolvable', reasons: [allocationTimedOut('node')] });
    expect(r.events.find((e) => e.reason === 'FailedScheduling')!.message).toMatch(/^0\/1 nodes are available: 1 timed out trying to allocate devices \(Podplay: the search for devices exceeded 20,000 steps on this node\)\./);
  });

  // upstream: dynamicresources.go Filter, DeadlineExceeded — statusUnschedulable at v1.35;
  // statusError naming the node from v1.36 (kubernetes PR #137607): the attempt stops at that node
  // and the pod retries after backoff (1, 2, 4, 8 s) instead of waiting for a cluster event
  const err136 = `running "DynamicResources" filter plugin: node node-0: ${allocationTimedOut('node')}`;
  it.each([
    {
      version: '1.35', result: 'Unschedulable', evaluated: ['node-0', 'node-1'], attempts: [0], to: 'unschedulablePods',
      message: `0/2 nodes are available: 2 ${allocationTimedOut('node')}. still not schedulable, preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling.`,
    },
    { version: '1.36', result: 'Error', evaluated: ['node-0'], attempts: [0, 1, 3, 7, 15], to: 'backoffQ', message: err136 },
    { version: '1.37', result: 'Error', evaluated: ['node-0'], attempts: [0, 1, 3, 7, 15], to: 'backoffQ', message: err136 },
  ])('v$version: a timed-out search makes the attempt $result; the pod goes to $to', ({ version, result, evaluated, attempts, to, message }) => {
    const out = simulate(pinned(hostile(2), version), { fileName: 'test.yaml', until: 20 });
    if (!out.ok) throw new Error(out.errors.map((e) => e.message).join('\n'));
    const r = out.result;
    expect(r.cycles.map((c) => c.time)).toEqual(attempts);
    expect(r.cycles[0]).toMatchObject({ result, message });
    expect(Object.keys(r.cycles[0]!.filter)).toEqual(evaluated);
    expect(r.events.find((e) => e.reason === 'FailedScheduling')!.message).toBe(message);
    expect(r.queue!.find((m) => m.from === 'scheduling')).toMatchObject({ to });
  });
});

// DynamicResources shares a fitting node's Success verdict across cycles while the node's devices
// do not change (framework/labelledResults.ts): the pod's claim is the cycle's label, built into
// the verdict when the trace is read
describe('a fitting node\'s DynamicResources verdict names the claim of its own cycle', () => {
  const nodes = ['a', 'b'].map((n) => `apiVersion: v1
kind: Node
metadata: {name: ${n}, labels: {kubernetes.io/hostname: ${n}}}
status: {allocatable: {cpu: "8", memory: 32Gi, pods: "110"}}
---
apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata: {name: ${n}-gpus}
spec: {driver: gpu.example.com, nodeName: ${n}, pool: {name: ${n}, generation: 1, resourceSliceCount: 1}, devices: [{name: gpu-0}, {name: gpu-1}]}`);
  const podAt = (name: string, at: number) => `    - {at: ${at}, action: apply, objects: [{apiVersion: v1, kind: Pod, metadata: {name: ${name}}, spec: {resourceClaims: [{name: gpu, resourceClaimTemplateName: one-gpu}], containers: [{name: c, image: x, resources: {claims: [{name: gpu}]}}]}}]}`;
  const yaml = `apiVersion: podplay/v1alpha1
kind: Scenario
metadata: {name: labelled}
spec:
  timeline:
${['p1', 'p2', 'p3'].map((p, i) => podAt(p, i)).join('\n')}
---
${nodes.join('\n---\n')}
---
apiVersion: resource.k8s.io/v1
kind: DeviceClass
metadata: {name: gpu.example.com}
spec: {selectors: [{cel: {expression: device.driver == "gpu.example.com"}}]}
---
apiVersion: resource.k8s.io/v1
kind: ResourceClaimTemplate
metadata: {name: one-gpu}
spec: {spec: {devices: {requests: [{name: gpu, exactly: {deviceClassName: gpu.example.com}}]}}}
`;
  const r = run(yaml);
  const cycle = (p: string) => r.cycles.find((c) => c.pod === `default/${p}` && c.result === 'Scheduled')!;
  const claimOf = (p: string) => `default/${pod(r, p).resourceClaims!.find((c) => c.name === 'gpu')!.claimName!}`;

  it('each cycle\'s verdicts name its pod\'s claim on every node, the node left alone included', () => {
    const names = ['p1', 'p2', 'p3'].map(claimOf);
    expect(new Set(names).size).toBe(3);
    ['p1', 'p2', 'p3'].forEach((p, i) => {
      const c = cycle(p);
      for (const node of ['a', 'b']) {
        const dra = c.filter[node]!.find((v) => v.plugin === 'DynamicResources')!;
        expect(dra.code).toBe('Success');
        expect((dra.details!.requests as { claim: string }[]).map((o) => o.claim)).toEqual([names[i]]);
      }
    });
  });

  it('a node whose devices did not change says the same as a cycle before, but for the claim', () => {
    const first = cycle('p1');
    const second = cycle('p2');
    const untouched = first.selected === 'a' ? 'b' : 'a';
    const verdict = (c: typeof first) => c.filter[untouched]!.find((v) => v.plugin === 'DynamicResources')!;
    const [a, b] = [verdict(first), verdict(second)];
    expect(JSON.stringify(b)).toBe(JSON.stringify(a).replace(claimOf('p1'), claimOf('p2')));
    expect((b.details!.requests as { devices: string[] }[])[0]!.devices).toEqual([`gpu.example.com/${untouched}/gpu-0`]);
  });

  it('a copy made as postMessage makes it (structured clone) reads as the JSON does', () => {
    const c = cycle('p3');
    expect(JSON.stringify(structuredClone(c))).toBe(JSON.stringify(c));
  });
});
