// The legacy `kind: Policy` translation. Rows come from upstream v1.22:
// pkg/scheduler/framework/plugins/legacy_registry_test.go (TestRegisterConfigProducers,
// TestAppendPriorityConfigs), pkg/scheduler/factory_test.go (TestCreateFromConfig,
// TestCreateFromConfigWithHardPodAffinitySymmetricWeight, TestCreateFromEmptyConfig,
// TestCreateFromConfigWithUnspecifiedPredicatesOrPriorities) and
// pkg/scheduler/apis/config/validation/validation_test.go (TestValidatePolicy), written in today's
// plugins (v1.22's NodeResourcesLeastAllocated is NodeResourcesFit's LeastAllocated strategy today,
// its SelectorSpread is PodTopologySpread's system defaults, NodeLabel/ServiceAffinity/
// NodePreferAvoidPods are gone). The OpenShift 3.11 policies are the project's seed document's.
import { describe, expect, it } from 'vitest';
import { newTestEnv } from '../../testing/framework';
import { newInTreeRegistry } from '../../plugins/registry';
import { instantiateProfile } from './framework';
import { policyToProfile, type LegacyPolicyResult } from './legacyPolicy';
import type { ExtensionPoint, PluginRef, Profile } from './types';

const names = (profile: Profile | undefined, point: ExtensionPoint): string[] => (profile?.plugins[point].enabled ?? []).map((p) => p.name);
const weights = (profile: Profile | undefined): Record<string, number | undefined> =>
  Object.fromEntries((profile?.plugins.score.enabled ?? []).map((p: PluginRef) => [p.name, p.weight]));
const args = (profile: Profile | undefined, name: string): unknown => profile?.pluginConfig.find((c) => c.name === name)?.args;
const messages = (r: LegacyPolicyResult): string[] => r.errors.map((e) => e.message);
const ok = (r: LegacyPolicyResult): Profile => {
  expect(r.errors).toEqual([]);
  expect(r.profile).toBeDefined();
  return r.profile!;
};
const policy = (rest: Record<string, unknown>): Record<string, unknown> => ({ kind: 'Policy', apiVersion: 'v1', ...rest });
const leastAllocated = { scoringStrategy: { type: 'LeastAllocated', resources: [{ name: 'cpu', weight: 1 }, { name: 'memory', weight: 1 }] } };

describe('predicates → filter plugins (legacy_registry.go NewLegacyRegistry)', () => {
  // Each predicate alone; the mandatory CheckNodeUnschedulable and PodToleratesNodeTaints always come along.
  const rows: { predicate: string; filter: string[]; warns?: RegExp }[] = [
    { predicate: 'GeneralPredicates', filter: ['NodeUnschedulable', 'NodeResourcesFit', 'NodeName', 'NodePorts', 'NodeAffinity', 'TaintToleration'] },
    { predicate: 'PodFitsResources', filter: ['NodeUnschedulable', 'NodeResourcesFit', 'TaintToleration'] },
    { predicate: 'HostName', filter: ['NodeUnschedulable', 'NodeName', 'TaintToleration'] },
    { predicate: 'PodFitsHostPorts', filter: ['NodeUnschedulable', 'NodePorts', 'TaintToleration'] },
    { predicate: 'PodFitsPorts', filter: ['NodeUnschedulable', 'NodePorts', 'TaintToleration'] },
    { predicate: 'MatchNodeSelector', filter: ['NodeUnschedulable', 'NodeAffinity', 'TaintToleration'] },
    { predicate: 'CheckNodeUnschedulable', filter: ['NodeUnschedulable', 'TaintToleration'] },
    { predicate: 'PodToleratesNodeTaints', filter: ['NodeUnschedulable', 'TaintToleration'] },
    { predicate: 'NoDiskConflict', filter: ['NodeUnschedulable', 'VolumeRestrictions', 'TaintToleration'] },
    { predicate: 'NoVolumeZoneConflict', filter: ['NodeUnschedulable', 'TaintToleration', 'VolumeZone'] },
    { predicate: 'CheckVolumeBinding', filter: ['NodeUnschedulable', 'TaintToleration', 'VolumeBinding'] },
    { predicate: 'MaxCSIVolumeCountPred', filter: ['NodeUnschedulable', 'TaintToleration', 'NodeVolumeLimits'] },
    { predicate: 'MaxEBSVolumeCount', filter: ['NodeUnschedulable', 'TaintToleration', 'NodeVolumeLimits'], warns: /EBSLimits plugin no longer exists/ },
    { predicate: 'MaxGCEPDVolumeCount', filter: ['NodeUnschedulable', 'TaintToleration', 'NodeVolumeLimits'], warns: /GCEPDLimits plugin no longer exists/ },
    { predicate: 'MaxAzureDiskVolumeCount', filter: ['NodeUnschedulable', 'TaintToleration', 'NodeVolumeLimits'], warns: /AzureDiskLimits plugin no longer exists/ },
    { predicate: 'MaxCinderVolumeCount', filter: ['NodeUnschedulable', 'TaintToleration', 'NodeVolumeLimits'], warns: /CinderLimits plugin no longer exists/ },
    { predicate: 'MatchInterPodAffinity', filter: ['NodeUnschedulable', 'TaintToleration', 'InterPodAffinity'] },
    { predicate: 'EvenPodsSpread', filter: ['NodeUnschedulable', 'TaintToleration', 'PodTopologySpread'] },
    { predicate: 'CheckNodeLabelPresence', filter: ['NodeUnschedulable', 'TaintToleration'], warns: /NodeLabel plugin \(labelsPresence\) no longer exists/ },
    { predicate: 'CheckServiceAffinity', filter: ['NodeUnschedulable', 'TaintToleration'], warns: /ServiceAffinity plugin \(serviceAffinity\) no longer exists/ },
    // OpenShift 3.11 names (seed: "Available Predicates")
    { predicate: 'checkServiceAffinity', filter: ['NodeUnschedulable', 'TaintToleration'], warns: /OpenShift 3.x spelling of CheckServiceAffinity/ },
    { predicate: 'CheckNodeCondition', filter: ['NodeUnschedulable', 'TaintToleration'], warns: /CheckNodeCondition was removed before v1.22/ },
    { predicate: 'PodToleratesNodeNoExecuteTaints', filter: ['NodeUnschedulable', 'TaintToleration'], warns: /TaintToleration checks NoExecute taints too/ },
  ];
  it.each(rows)('$predicate', ({ predicate, filter, warns }) => {
    const r = policyToProfile(policy({ predicates: [{ name: predicate }], priorities: [] }));
    const profile = ok(r);
    expect(names(profile, 'filter')).toEqual(filter);
    expect(names(profile, 'score')).toEqual([]);
    if (warns) expect(r.warnings.some((w) => warns.test(w))).toBe(true);
  });

  it('TestRegisterConfigProducers: the mandatory predicates come first, and nothing else with empty lists', () => {
    const profile = ok(policyToProfile(policy({ predicates: [], priorities: [] })));
    expect(names(profile, 'filter')).toEqual(['NodeUnschedulable', 'TaintToleration']);
    expect(names(profile, 'score')).toEqual([]);
    expect(names(profile, 'queueSort')).toEqual(['PrioritySort']);
    expect(names(profile, 'postFilter')).toEqual(['DefaultPreemption']);
    expect(names(profile, 'bind')).toEqual(['DefaultBinder']);
    expect(profile.plugins.multiPoint.disabled).toEqual([{ name: '*' }]);
    expect(profile.schedulerName).toBe('default-scheduler');
  });

  it('plugins come in predicateOrdering order, whatever the order of the Policy', () => {
    const profile = ok(policyToProfile(policy({
      predicates: [{ name: 'MatchInterPodAffinity' }, { name: 'NoVolumeZoneConflict' }, { name: 'PodFitsResources' }, { name: 'HostName' }],
      priorities: [],
    })));
    expect(names(profile, 'filter')).toEqual(['NodeUnschedulable', 'NodeName', 'NodeResourcesFit', 'TaintToleration', 'VolumeZone', 'InterPodAffinity']);
    expect(names(profile, 'preFilter')).toEqual(['NodeResourcesFit', 'VolumeZone', 'InterPodAffinity']);
  });

  it('a plugin shared by several predicates is listed once (appendToPluginSet)', () => {
    const profile = ok(policyToProfile(policy({
      predicates: [{ name: 'GeneralPredicates' }, { name: 'PodFitsResources' }, { name: 'MaxEBSVolumeCount' }, { name: 'MaxCSIVolumeCountPred' }],
      priorities: [],
    })));
    expect(names(profile, 'filter')).toEqual(['NodeUnschedulable', 'NodeResourcesFit', 'NodeName', 'NodePorts', 'NodeAffinity', 'TaintToleration', 'NodeVolumeLimits']);
  });

  it('TestCreateFromConfigWithUnspecifiedPredicatesOrPriorities: no predicates → DefaultPredicates', () => {
    const profile = ok(policyToProfile(policy({})));
    expect(names(profile, 'filter')).toEqual([
      'NodeUnschedulable', 'NodeResourcesFit', 'NodeName', 'NodePorts', 'NodeAffinity', 'VolumeRestrictions', 'TaintToleration',
      'NodeVolumeLimits', 'VolumeBinding', 'VolumeZone', 'PodTopologySpread', 'InterPodAffinity',
    ]);
    expect(names(profile, 'reserve')).toEqual(['VolumeBinding']);
    expect(names(profile, 'preBind')).toEqual(['VolumeBinding']);
  });

  it('an unknown predicate is an error naming it', () => {
    const r = policyToProfile(policy({ predicates: [{ name: 'PodFitsResources' }, { name: 'NoSuchPredicate' }] }));
    expect(r.profile).toBeUndefined();
    expect(r.errors).toEqual([{ path: ['predicates', 1, 'name'], message: 'predicate type not found for "NoSuchPredicate"' }]);
  });

  it('a predicate with both arguments is an error (ProcessPredicatePolicy)', () => {
    const r = policyToProfile(policy({
      predicates: [{ name: 'Both', argument: { serviceAffinity: { labels: ['a'] }, labelsPresence: { labels: ['b'], presence: true } } }],
    }));
    expect(messages(r)).toEqual([expect.stringMatching(/^exactly 1 predicate argument is required, numArgs: 2, predicate \{Both /)]);
  });
});

describe('priorities → score plugins (TestAppendPriorityConfigs)', () => {
  it('default priorities', () => {
    const r = policyToProfile(policy({ predicates: [] }));
    const profile = ok(r);
    // upstream: BalancedAllocation 1, PodTopologySpread 2, ImageLocality 1, InterPodAffinity 1,
    // NodeResourcesLeastAllocated 1, NodeAffinity 1, NodePreferAvoidPods 10000, TaintToleration 1
    expect(profile.plugins.score.enabled).toEqual([
      { name: 'NodeResourcesBalancedAllocation', weight: 1 },
      { name: 'PodTopologySpread', weight: 2 },
      { name: 'ImageLocality', weight: 1 },
      { name: 'InterPodAffinity', weight: 1 },
      { name: 'NodeResourcesFit', weight: 1 },
      { name: 'NodeAffinity', weight: 1 },
      { name: 'TaintToleration', weight: 1 },
    ]);
    // upstream's PreScore [PodTopologySpread, InterPodAffinity, TaintToleration], plus the PreScore
    // today's NodeResourcesFit, NodeResourcesBalancedAllocation and NodeAffinity need
    expect(names(profile, 'preScore')).toEqual(['NodeResourcesBalancedAllocation', 'PodTopologySpread', 'InterPodAffinity', 'NodeResourcesFit', 'NodeAffinity', 'TaintToleration']);
    expect(profile.pluginConfig).toEqual([
      { name: 'PodTopologySpread', args: { defaultingType: 'System' } },
      { name: 'NodeResourcesFit', args: leastAllocated },
    ]);
    expect(r.warnings.some((w) => /NodePreferAvoidPods plugin .* no longer exists/.test(w))).toBe(true);
    expect(r.warnings.some((w) => /SelectorSpread plugin no longer exists/.test(w))).toBe(true);
  });

  it('DefaultPodTopologySpread enabled, SelectorSpreadPriority only', () => {
    const profile = ok(policyToProfile(policy({ predicates: [], priorities: [{ name: 'SelectorSpreadPriority', weight: 3 }] })));
    expect(profile.plugins.score.enabled).toEqual([{ name: 'PodTopologySpread', weight: 3 }]);
    expect(names(profile, 'preScore')).toEqual(['PodTopologySpread']);
    expect(profile.pluginConfig).toEqual([{ name: 'PodTopologySpread', args: { defaultingType: 'System' } }]);
  });

  it('DefaultPodTopologySpread enabled, EvenPodsSpreadPriority only', () => {
    const profile = ok(policyToProfile(policy({ predicates: [], priorities: [{ name: 'EvenPodsSpreadPriority', weight: 4 }] })));
    expect(profile.plugins.score.enabled).toEqual([{ name: 'PodTopologySpread', weight: 4 }]);
    expect(profile.pluginConfig).toEqual([{ name: 'PodTopologySpread', args: { defaultingType: 'List' } }]);
  });

  const rows: { priority: string; weight: number; score: PluginRef[]; config?: unknown; warns?: RegExp }[] = [
    { priority: 'LeastRequestedPriority', weight: 1, score: [{ name: 'NodeResourcesFit', weight: 1 }], config: leastAllocated },
    {
      priority: 'MostRequestedPriority', weight: 2, score: [{ name: 'NodeResourcesFit', weight: 2 }],
      config: { scoringStrategy: { type: 'MostAllocated', resources: [{ name: 'cpu', weight: 1 }, { name: 'memory', weight: 1 }] } },
    },
    { priority: 'BalancedResourceAllocation', weight: 1, score: [{ name: 'NodeResourcesBalancedAllocation', weight: 1 }] },
    { priority: 'TaintTolerationPriority', weight: 3, score: [{ name: 'TaintToleration', weight: 3 }] },
    { priority: 'NodeAffinityPriority', weight: 2, score: [{ name: 'NodeAffinity', weight: 2 }] },
    { priority: 'ImageLocalityPriority', weight: 1, score: [{ name: 'ImageLocality', weight: 1 }] },
    { priority: 'InterPodAffinityPriority', weight: 5, score: [{ name: 'InterPodAffinity', weight: 5 }] },
    { priority: 'ServiceSpreadingPriority', weight: 1, score: [{ name: 'PodTopologySpread', weight: 1 }], config: { defaultingType: 'System' } },
    { priority: 'NodePreferAvoidPodsPriority', weight: 10000, score: [], warns: /NodePreferAvoidPods plugin/ },
    { priority: 'EqualPriority', weight: 1, score: [], warns: /EqualPriority .* skipped/ },
  ];
  it.each(rows)('$priority (weight $weight)', ({ priority, weight, score, config, warns }) => {
    const r = policyToProfile(policy({ predicates: [], priorities: [{ name: priority, weight }] }));
    const profile = ok(r);
    expect(profile.plugins.score.enabled).toEqual(score);
    if (config !== undefined) expect(args(profile, score[0]!.name)).toEqual(config);
    else expect(profile.pluginConfig).toEqual([]);
    if (warns) expect(r.warnings.some((w) => warns.test(w))).toBe(true);
  });

  it('RequestedToCapacityRatioPriority: shape and resources become the RequestedToCapacityRatio strategy', () => {
    const profile = ok(policyToProfile(policy({
      predicates: [],
      priorities: [{
        name: 'BinPack', weight: 2,
        argument: {
          requestedToCapacityRatioArguments: {
            shape: [{ utilization: 0, score: 0 }, { utilization: 100, score: 10 }],
            resources: [{ name: 'cpu', weight: 3 }, { name: 'memory' }],
          },
        },
      }],
    })));
    expect(profile.plugins.score.enabled).toEqual([{ name: 'NodeResourcesFit', weight: 2 }]);
    expect(args(profile, 'NodeResourcesFit')).toEqual({
      scoringStrategy: {
        type: 'RequestedToCapacityRatio',
        resources: [{ name: 'cpu', weight: 3 }, { name: 'memory', weight: 1 }],
        requestedToCapacityRatio: { shape: [{ utilization: 0, score: 0 }, { utilization: 100, score: 10 }] },
      },
    });
  });

  it('LeastRequestedPriority with MostRequestedPriority: one NodeResourcesFit strategy only', () => {
    const r = policyToProfile(policy({ predicates: [], priorities: [{ name: 'LeastRequestedPriority', weight: 1 }, { name: 'MostRequestedPriority', weight: 1 }] }));
    expect(r.profile).toBeUndefined();
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]!.path).toEqual(['priorities', 1]);
    expect(r.errors[0]!.message).toMatch(/LeastRequestedPriority and MostRequestedPriority .* keep one of them/);
  });

  it('the last weight given for a priority wins (priorityKeys map)', () => {
    const profile = ok(policyToProfile(policy({ predicates: [], priorities: [{ name: 'ImageLocalityPriority', weight: 1 }, { name: 'ImageLocalityPriority', weight: 7 }] })));
    expect(profile.plugins.score.enabled).toEqual([{ name: 'ImageLocality', weight: 7 }]);
  });

  it('an unknown priority is an error naming it', () => {
    const r = policyToProfile(policy({ priorities: [{ name: 'NoSuchPriority', weight: 1 }] }));
    expect(r.profile).toBeUndefined();
    expect(r.errors).toEqual([{ path: ['priorities', 0, 'name'], message: 'priority type not found for "NoSuchPriority"' }]);
  });
});

describe('factory_test.go', () => {
  // TestCreateFromConfig's policy. v1.22 turned the custom predicates and priorities into the NodeLabel
  // (weight 6) and ServiceAffinity (weight 6) plugins; both are gone, so they are left out with warnings.
  const createFromConfig = policy({
    predicates: [
      { name: 'TestZoneAffinity', argument: { serviceAffinity: { labels: ['zone'] } } },
      { name: 'TestZoneAffinity', argument: { serviceAffinity: { labels: ['foo'] } } },
      { name: 'TestRequireZone', argument: { labelsPresence: { labels: ['zone'], presence: true } } },
      { name: 'TestNoFooLabel', argument: { labelsPresence: { labels: ['foo'], presence: false } } },
      { name: 'PodFitsResources' },
      { name: 'PodFitsHostPorts' },
    ],
    priorities: [
      { name: 'RackSpread', weight: 3, argument: { serviceAntiAffinity: { label: 'rack' } } },
      { name: 'ZoneSpread', weight: 3, argument: { serviceAntiAffinity: { label: 'zone' } } },
      { name: 'LabelPreference1', weight: 3, argument: { labelPreference: { label: 'l1', presence: true } } },
      { name: 'LabelPreference2', weight: 3, argument: { labelPreference: { label: 'l2', presence: false } } },
      { name: 'NodeAffinityPriority', weight: 2 },
      { name: 'ImageLocalityPriority', weight: 1 },
    ],
  });

  it('TestCreateFromConfig: just policy', () => {
    const r = policyToProfile(createFromConfig);
    const profile = ok(r);
    expect(names(profile, 'queueSort')).toEqual(['PrioritySort']);
    expect(names(profile, 'bind')).toEqual(['DefaultBinder']);
    expect(names(profile, 'filter')).toEqual(['NodeUnschedulable', 'NodePorts', 'NodeResourcesFit', 'TaintToleration']);
    expect(profile.plugins.score.enabled).toEqual([{ name: 'ImageLocality', weight: 1 }, { name: 'NodeAffinity', weight: 2 }]);
    expect(r.warnings).toEqual(expect.arrayContaining([
      expect.stringMatching(/NodeLabel plugin \(labelsPresence\) no longer exists/),
      expect.stringMatching(/ServiceAffinity plugin \(serviceAffinity\) no longer exists/),
      expect.stringMatching(/labelPreference: the NodeLabel plugin no longer exists/),
      expect.stringMatching(/serviceAntiAffinity: the ServiceAffinity plugin no longer exists/),
    ]));
  });

  it('TestCreateFromConfigWithHardPodAffinitySymmetricWeight', () => {
    const profile = ok(policyToProfile(policy({
      predicates: [
        { name: 'TestZoneAffinity', argument: { serviceAffinity: { labels: ['zone'] } } },
        { name: 'TestRequireZone', argument: { labelsPresence: { labels: ['zone'], presence: true } } },
        { name: 'PodFitsResources' },
        { name: 'PodFitsHostPorts' },
      ],
      priorities: [
        { name: 'RackSpread', weight: 3, argument: { serviceAntiAffinity: { label: 'rack' } } },
        { name: 'NodeAffinityPriority', weight: 2 },
        { name: 'ImageLocalityPriority', weight: 1 },
        { name: 'InterPodAffinityPriority', weight: 1 },
      ],
      hardPodAffinitySymmetricWeight: 10,
    })));
    expect(args(profile, 'InterPodAffinity')).toEqual({ hardPodAffinityWeight: 10 });
  });

  it('hardPodAffinitySymmetricWeight without InterPodAffinityPriority has no effect', () => {
    const r = policyToProfile(policy({ priorities: [{ name: 'ImageLocalityPriority', weight: 1 }], hardPodAffinitySymmetricWeight: 10 }));
    expect(args(ok(r), 'InterPodAffinity')).toBeUndefined();
    expect(r.warnings).toContain('hardPodAffinitySymmetricWeight has no effect without InterPodAffinityPriority');
  });

  it('TestCreateFromEmptyConfig: {} is a Policy with the default predicates and priorities', () => {
    const profile = ok(policyToProfile({}));
    expect(names(profile, 'filter')).toContain('NodeResourcesFit');
    expect(weights(profile)).toEqual({
      NodeResourcesBalancedAllocation: 1, PodTopologySpread: 2, ImageLocality: 1, InterPodAffinity: 1, NodeResourcesFit: 1, NodeAffinity: 1, TaintToleration: 1,
    });
  });
});

describe('ValidatePolicy (validation_test.go TestValidatePolicy)', () => {
  const rows: { name: string; policy: Record<string, unknown>; expected: string[] }[] = [
    { name: 'no weight defined in policy', policy: { priorities: [{ name: 'NoWeightPriority' }] }, expected: ['priority NoWeightPriority should have a positive weight applied to it or it has overflown'] },
    { name: 'policy weight is not positive', policy: { priorities: [{ name: 'NoWeightPriority', weight: 0 }] }, expected: ['priority NoWeightPriority should have a positive weight applied to it or it has overflown'] },
    { name: 'valid weight priority', policy: { priorities: [{ name: 'ImageLocalityPriority', weight: 2 }] }, expected: [] },
    { name: 'invalid negative weight policy', policy: { priorities: [{ name: 'WeightPriority', weight: -2 }] }, expected: ['priority WeightPriority should have a positive weight applied to it or it has overflown'] },
    {
      name: 'policy weight exceeds maximum',
      policy: { priorities: [{ name: 'WeightPriority', weight: Number.MAX_SAFE_INTEGER }] },
      expected: ['priority WeightPriority should have a positive weight applied to it or it has overflown'],
    },
    {
      name: 'invalid redeclared RequestedToCapacityRatio custom priority',
      policy: {
        priorities: [
          { name: 'customPriority1', weight: 1, argument: { requestedToCapacityRatioArguments: {} } },
          { name: 'customPriority2', weight: 1, argument: { requestedToCapacityRatioArguments: {} } },
        ],
      },
      expected: ['priority "customPriority2" redeclares custom priority "RequestedToCapacityRatio", from: "customPriority1"'],
    },
    {
      name: 'different weights for LabelPreference custom priority',
      policy: { priorities: [{ name: 'customPriority1', weight: 1, argument: { labelPreference: {} } }, { name: 'customPriority2', weight: 2, argument: { labelPreference: {} } }] },
      expected: ['LabelPreference  priority "customPriority2" has a different weight with "customPriority1"'],
    },
    {
      name: 'different weights for ServiceAntiAffinity custom priority',
      policy: { priorities: [{ name: 'customPriority1', weight: 1, argument: { serviceAntiAffinity: {} } }, { name: 'customPriority2', weight: 2, argument: { serviceAntiAffinity: {} } }] },
      expected: ['ServiceAntiAffinity  priority "customPriority2" has a different weight with "customPriority1"'],
    },
    { name: 'invalid hardPodAffinitySymmetricWeight, above the range', policy: { hardPodAffinitySymmetricWeight: 101 }, expected: ['Invalid value: 101: not in valid range [0-100]'] },
    { name: 'invalid hardPodAffinitySymmetricWeight, below the range', policy: { hardPodAffinitySymmetricWeight: -1 }, expected: ['Invalid value: -1: not in valid range [0-100]'] },
  ];
  it.each(rows)('$name', ({ policy: p, expected }) => {
    const r = policyToProfile(policy(p));
    expect(messages(r)).toEqual(expected);
    if (expected.length > 0) expect(r.profile).toBeUndefined();
  });

  it('the hardPodAffinitySymmetricWeight error is at its field', () => {
    expect(policyToProfile(policy({ hardPodAffinitySymmetricWeight: 101 })).errors[0]!.path).toEqual(['hardPodAffinitySymmetricWeight']);
  });
});

describe('decoding', () => {
  it('kind and apiVersion', () => {
    expect(messages(policyToProfile({ kind: 'KubeSchedulerConfiguration', apiVersion: 'v1' }))).toEqual(['no kind "KubeSchedulerConfiguration" is registered for version "v1"']);
    expect(messages(policyToProfile({ kind: 'Policy', apiVersion: 'v2' }))).toEqual(['no kind "Policy" is registered for version "v2"']);
    expect(policyToProfile({ kind: 'Policy', apiVersion: 'kubescheduler.config.k8s.io/v1' }).errors).toEqual([]);
  });

  it('type errors are reported like encoding/json', () => {
    const r = policyToProfile(policy({ priorities: [{ name: 'ImageLocalityPriority', weight: '1' }] }));
    expect(r.errors).toEqual([{ path: ['priorities', 0, 'weight'], message: 'json: cannot unmarshal string into Go struct field PriorityPolicy.weight of type int64' }]);
    expect(messages(policyToProfile(policy({ predicates: 'GeneralPredicates' })))).toEqual(['json: cannot unmarshal string into Go struct field Policy.predicates of type []v1.PredicatePolicy']);
  });

  it('unknown fields are ignored, with a warning (OpenShift\'s `version: "v1"`)', () => {
    const r = policyToProfile({ kind: 'Policy', version: 'v1', predicates: [], priorities: [] });
    ok(r);
    expect(r.warnings).toContain('unknown field "version" is ignored');
  });

  it('every result says that kind: Policy is history', () => {
    expect(policyToProfile(policy({})).warnings[0]).toMatch(/removed in kube-scheduler v1.23/);
  });

  it('alwaysCheckAllPredicates and extenders are not simulated: warnings', () => {
    const r = policyToProfile(policy({ alwaysCheckAllPredicates: true, extenders: [{ urlPrefix: 'http://127.0.0.1:8081/extender', filterVerb: 'filter' }] }));
    ok(r);
    expect(r.warnings).toEqual(expect.arrayContaining([expect.stringMatching(/^alwaysCheckAllPredicates is not supported/), 'extenders are not simulated: ignored']));
  });
});

describe('OpenShift Container Platform 3.11 (seed: "Default scheduler configuration file")', () => {
  const openshiftDefault = {
    apiVersion: 'v1',
    kind: 'Policy',
    predicates: [
      { name: 'NoVolumeZoneConflict' },
      { name: 'MaxEBSVolumeCount' },
      { name: 'MaxGCEPDVolumeCount' },
      { name: 'MaxAzureDiskVolumeCount' },
      { name: 'MatchInterPodAffinity' },
      { name: 'NoDiskConflict' },
      { name: 'GeneralPredicates' },
      { name: 'PodToleratesNodeTaints' },
      { argument: { serviceAffinity: { labels: ['region'] } }, name: 'Region' },
    ],
    priorities: [
      { name: 'SelectorSpreadPriority', weight: 1 },
      { name: 'InterPodAffinityPriority', weight: 1 },
      { name: 'LeastRequestedPriority', weight: 1 },
      { name: 'BalancedResourceAllocation', weight: 1 },
      { name: 'NodePreferAvoidPodsPriority', weight: 10000 },
      { name: 'NodeAffinityPriority', weight: 1 },
      { name: 'TaintTolerationPriority', weight: 1 },
      { argument: { serviceAntiAffinity: { label: 'zone' } }, name: 'Zone', weight: 2 },
    ],
  };

  it('the default policy', () => {
    const r = policyToProfile(openshiftDefault);
    const profile = ok(r);
    expect(names(profile, 'filter')).toEqual([
      'NodeUnschedulable', 'NodeResourcesFit', 'NodeName', 'NodePorts', 'NodeAffinity', 'VolumeRestrictions', 'TaintToleration', 'NodeVolumeLimits', 'VolumeZone', 'InterPodAffinity',
    ]);
    expect(profile.plugins.score.enabled).toEqual([
      { name: 'NodeResourcesBalancedAllocation', weight: 1 },
      { name: 'InterPodAffinity', weight: 1 },
      { name: 'NodeResourcesFit', weight: 1 },
      { name: 'NodeAffinity', weight: 1 },
      { name: 'PodTopologySpread', weight: 1 },
      { name: 'TaintToleration', weight: 1 },
    ]);
    expect(profile.pluginConfig).toEqual([
      { name: 'NodeResourcesFit', args: leastAllocated },
      { name: 'PodTopologySpread', args: { defaultingType: 'System' } },
    ]);
    // Region (serviceAffinity), Zone (serviceAntiAffinity), NodePreferAvoidPods, SelectorSpread, and the three volume limits
    expect(r.warnings).toEqual(expect.arrayContaining([
      expect.stringMatching(/ServiceAffinity plugin \(serviceAffinity\)/),
      expect.stringMatching(/serviceAntiAffinity: the ServiceAffinity plugin/),
      expect.stringMatching(/NodePreferAvoidPods/),
      expect.stringMatching(/SelectorSpread plugin no longer exists/),
      expect.stringMatching(/EBSLimits/),
      expect.stringMatching(/GCEPDLimits/),
      expect.stringMatching(/AzureDiskLimits/),
    ]));
  });

  it('the modified sample (kind/version, ServiceSpreadingPriority)', () => {
    const r = policyToProfile({
      kind: 'Policy',
      version: 'v1',
      predicates: [
        { name: 'PodFitsResources' }, { name: 'NoDiskConflict' }, { name: 'MatchNodeSelector' }, { name: 'HostName' },
        { argument: { serviceAffinity: { labels: ['region'] } }, name: 'Region' },
      ],
      priorities: [
        { name: 'LeastRequestedPriority', weight: 1 },
        { name: 'BalancedResourceAllocation', weight: 1 },
        { name: 'ServiceSpreadingPriority', weight: 1 },
        { argument: { serviceAntiAffinity: { label: 'zone' } }, name: 'Zone', weight: 2 },
      ],
    });
    const profile = ok(r);
    expect(names(profile, 'filter')).toEqual(['NodeUnschedulable', 'NodeName', 'NodeAffinity', 'NodeResourcesFit', 'VolumeRestrictions', 'TaintToleration']);
    expect(profile.plugins.score.enabled).toEqual([
      { name: 'NodeResourcesBalancedAllocation', weight: 1 },
      { name: 'NodeResourcesFit', weight: 1 },
      { name: 'PodTopologySpread', weight: 1 },
    ]);
    expect(r.warnings).toContain('unknown field "version" is ignored');
  });

  it('the combined sample (PodFitsPorts, labelsPresence, labelPreference)', () => {
    const profile = ok(policyToProfile({
      kind: 'Policy',
      version: 'v1',
      predicates: [
        { name: 'RegionAffinity', argument: { serviceAffinity: { labels: ['region'] } } },
        { name: 'RequireRegion', argument: { labelsPresence: { labels: ['region'], presence: true } } },
        { name: 'BuildingNodesAvoid', argument: { labelsPresence: { labels: ['building'], presence: false } } },
        { name: 'PodFitsPorts' },
        { name: 'MatchNodeSelector' },
      ],
      priorities: [
        { name: 'ZoneSpread', weight: 2, argument: { serviceAntiAffinity: { label: 'zone' } } },
        { name: 'ZonePreferred', weight: 1, argument: { labelPreference: { label: 'zone', presence: true } } },
        { name: 'ServiceSpreadingPriority', weight: 1 },
      ],
    }));
    expect(names(profile, 'filter')).toEqual(['NodeUnschedulable', 'NodePorts', 'NodeAffinity', 'TaintToleration']);
    expect(profile.plugins.score.enabled).toEqual([{ name: 'PodTopologySpread', weight: 1 }]);
  });

  it('the other static priorities of the seed', () => {
    const profile = ok(policyToProfile(policy({
      predicates: [{ name: 'CheckVolumeBinding' }, { name: 'CheckNodeCondition' }, { name: 'PodToleratesNodeNoExecuteTaints' }, { name: 'checkServiceAffinity' }],
      priorities: [{ name: 'EqualPriority', weight: 1 }, { name: 'MostRequestedPriority', weight: 1 }, { name: 'ImageLocalityPriority', weight: 1 }],
    })));
    expect(names(profile, 'filter')).toEqual(['NodeUnschedulable', 'TaintToleration', 'VolumeBinding']);
    expect(profile.plugins.score.enabled).toEqual([{ name: 'ImageLocality', weight: 1 }, { name: 'NodeResourcesFit', weight: 1 }]);
    expect(args(profile, 'NodeResourcesFit')).toMatchObject({ scoringStrategy: { type: 'MostAllocated' } });
  });
});

describe('with the in-tree registry', () => {
  const registry = newInTreeRegistry();
  const handle = newTestEnv({ nodes: [] }).handle;

  it('every plugin with args gets its defaults (defaultPluginConfigArgs), the Policy\'s fields kept', () => {
    const profile = ok(policyToProfile(policy({ priorities: [{ name: 'InterPodAffinityPriority', weight: 1 }], hardPodAffinitySymmetricWeight: 10 }), registry));
    expect(args(profile, 'InterPodAffinity')).toMatchObject({ hardPodAffinityWeight: 10 });
    expect(args(profile, 'NodeResourcesFit')).toMatchObject({ scoringStrategy: { type: 'LeastAllocated' } });
    expect(args(profile, 'PodTopologySpread')).toMatchObject({ defaultingType: 'System' });
  });

  it('the OpenShift default policy gets a framework', () => {
    const profile = ok(policyToProfile({
      kind: 'Policy', apiVersion: 'v1',
      predicates: [{ name: 'GeneralPredicates' }, { name: 'NoDiskConflict' }, { name: 'MatchInterPodAffinity' }, { name: 'NoVolumeZoneConflict' }, { name: 'MaxEBSVolumeCount' }],
      priorities: [{ name: 'SelectorSpreadPriority', weight: 1 }, { name: 'LeastRequestedPriority', weight: 1 }, { name: 'BalancedResourceAllocation', weight: 1 }],
    }, registry));
    const got = instantiateProfile(profile, registry, handle);
    expect(got.errors).toEqual([]);
    expect(got.plugins?.scoreWeights.get('PodTopologySpread')).toBe(1);
  });

  it.each([
    ['default predicates and priorities', {}],
    ['RequestedToCapacityRatio', { priorities: [{ name: 'r', weight: 1, argument: { requestedToCapacityRatioArguments: { shape: [{ utilization: 0, score: 10 }, { utilization: 100, score: 0 }] } } }] }],
    ['MostRequestedPriority', { priorities: [{ name: 'MostRequestedPriority', weight: 1 }, { name: 'EvenPodsSpreadPriority', weight: 1 }] }],
  ])('%s: the profile instantiates', (_name, rest) => {
    const profile = ok(policyToProfile(policy(rest), registry));
    expect(instantiateProfile(profile, registry, handle).errors).toEqual([]);
  });
});
