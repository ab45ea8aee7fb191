// The resourceclaim controller's claims for pods and (DRAWorkloadResourceClaims, v1.36+) PodGroups.
// Rows named after upstream's pkg/controller/resourceclaim/controller_test.go TestSyncHandler
// (read at a commit after v1.37); the claim name's random suffix is Podplay's NameGenerator's.
import { describe, expect, it } from 'vitest';
import { NameGenerator } from '../model/names';
import type { ResourceClaim, ResourceClaimTemplate } from '../model/resource';
import type { Pod, PodGroup, PodResourceClaim } from '../model/types';
import { createPodClaims, createPodGroupClaims, POD_CLAIM_NAME_ANNOTATION, releasePodGroupClaims } from './resourceClaim';

const ns = 'my-namespace';
const template: ResourceClaimTemplate = {
  apiVersion: 'resource.k8s.io/v1', kind: 'ResourceClaimTemplate', metadata: { name: 'my-template', namespace: ns },
  spec: { spec: { devices: { requests: [{ name: 'req-0', exactly: { deviceClassName: 'class' } }] } } },
} as ResourceClaimTemplate;

function podGroup(claims: PodGroup['spec']['resourceClaims'], status?: PodGroup['status']): PodGroup {
  return {
    apiVersion: 'scheduling.k8s.io/v1alpha2', kind: 'PodGroup', metadata: { name: 'test-podgroup', namespace: ns, uid: 'uidpodgroup1' },
    spec: { schedulingPolicy: { gang: { minCount: 1 } }, ...(claims ? { resourceClaims: claims } : {}) },
    ...(status ? { status } : {}),
  };
}
function pod(claims: PodResourceClaim[], group?: string, statuses?: Pod['status']['resourceClaimStatuses']): Pod {
  return {
    apiVersion: 'v1', kind: 'Pod', metadata: { name: 'test-pod', namespace: ns, uid: 'uidpod1' },
    spec: { containers: [], resourceClaims: claims, ...(group ? { schedulingGroup: { podGroupName: group } } : {}) },
    status: statuses ? { resourceClaimStatuses: statuses } : {},
  } as unknown as Pod;
}
/** a claim generated earlier for the owner (found by owner and annotation) */
function generated(name: string, ownerKind: 'Pod' | 'PodGroup', ownerName: string, entry = 'acme-resource'): ResourceClaim {
  return {
    apiVersion: 'resource.k8s.io/v1', kind: 'ResourceClaim',
    metadata: { name, namespace: ns, annotations: { [POD_CLAIM_NAME_ANNOTATION]: entry }, ownerReferences: [{ apiVersion: 'x', kind: ownerKind, name: ownerName, controller: true }] },
    spec: { devices: { requests: [] } }, status: {},
  } as unknown as ResourceClaim;
}
const ctx = (opts: { templates?: ResourceClaimTemplate[]; claims?: ResourceClaim[]; podGroup?: PodGroup } = {}) => ({
  template: (n: string, name: string) => (opts.templates ?? []).find((t) => t.metadata.namespace === n && t.metadata.name === name),
  claims: () => opts.claims ?? [],
  names: new NameGenerator(),
  now: 0,
  ...(opts.podGroup ? { podGroup: opts.podGroup } : {}),
});

const groupTemplateClaim = [{ name: 'acme-resource', resourceClaimTemplateName: 'my-template' }];

describe('createPodGroupClaims (upstream TestSyncHandler, PodGroup rows)', () => {
  const rows: { name: string; group: PodGroup; templates?: ResourceClaimTemplate[]; claims?: ResourceClaim[]; created: string[]; statuses?: { name: string; resourceClaimName?: string }[]; event?: string }[] = [
    {
      name: 'create for PodGroup', group: podGroup(groupTemplateClaim), templates: [template],
      created: ['test-podgroup-acme-resource-'], statuses: [{ name: 'acme-resource', resourceClaimName: 'test-podgroup-acme-resource-' }],
    },
    {
      name: 'nop for PodGroup', group: podGroup(groupTemplateClaim, { resourceClaimStatuses: [{ name: 'acme-resource', resourceClaimName: 'test-podgroup-acme-resource-1' }] }),
      templates: [template], claims: [generated('test-podgroup-acme-resource-1', 'PodGroup', 'test-podgroup')], created: [],
    },
    {
      name: 'find-existing-claim-by-label-podgroup', group: podGroup(groupTemplateClaim), claims: [generated('test-podgroup-acme-resource-1', 'PodGroup', 'test-podgroup')],
      created: [], statuses: [{ name: 'acme-resource', resourceClaimName: 'test-podgroup-acme-resource-1' }],
    },
    {
      name: 'missing-template-podgroup', group: podGroup(groupTemplateClaim), created: [],
      event: 'PodGroupResourceClaim acme-resource: resource claim template "my-template": resourceclaimtemplate.resource.k8s.io "my-template" not found',
    },
    {
      // a claim of that name made for someone else is not the group's: a new one is generated
      name: 'wrong-claim-owner-podgroup (Podplay: generateName makes a fresh name)', group: podGroup(groupTemplateClaim), templates: [template],
      claims: [generated('test-podgroup-acme-resource-1', 'Pod', 'other-pod')],
      created: ['test-podgroup-acme-resource-'], statuses: [{ name: 'acme-resource', resourceClaimName: 'test-podgroup-acme-resource-' }],
    },
    { name: 'a claim named directly needs nothing made', group: podGroup([{ name: 'acme-resource', resourceClaimName: 'a-claim' }]), templates: [template], created: [] },
  ];
  it.each(rows)('$name', ({ group, templates, claims, created, statuses, event }) => {
    const r = createPodGroupClaims(group, ctx({ templates, claims }));
    expect(r.created.map((c) => c.metadata.generateName)).toEqual(created);
    for (const c of r.created) {
      expect(c.metadata.name.startsWith(c.metadata.generateName!)).toBe(true);
      expect(c.metadata.ownerReferences).toEqual([{ apiVersion: 'scheduling.k8s.io/v1alpha2', kind: 'PodGroup', name: 'test-podgroup', uid: 'uidpodgroup1', controller: true, blockOwnerDeletion: true }]);
      expect(c.metadata.annotations).toEqual({ [POD_CLAIM_NAME_ANNOTATION]: 'acme-resource' });
      expect(c.spec).toEqual(template.spec.spec);
    }
    const got = r.statuses?.map((s) => ({ ...s, resourceClaimName: s.resourceClaimName?.replace(/[a-z0-9]{5}$/, (m) => (created.length ? '' : m)) }));
    expect(got).toEqual(statuses);
    expect(r.events.map((e) => e.message)).toEqual(event ? [event] : []);
    if (event) expect(r.events[0]).toMatchObject({ type: 'Warning', reason: 'FailedResourceClaimCreation', object: `PodGroup/${ns}/test-podgroup` });
  });
});

describe('createPodClaims for a pod in a PodGroup', () => {
  const withStatus = podGroup(groupTemplateClaim, { resourceClaimStatuses: [{ name: 'acme-resource', resourceClaimName: 'test-podgroup-acme-resource-1' }] });
  const rows: { name: string; pod: Pod; podGroup?: PodGroup; templates?: ResourceClaimTemplate[]; created: string[]; statuses?: { name: string; resourceClaimName?: string }[] }[] = [
    {
      name: 'update Pod status with PodGroup claim: the entry gets the claim generated for the group',
      pod: pod([{ name: 'pod-claim', podGroupResourceClaim: 'acme-resource' }], 'test-podgroup'), podGroup: withStatus, templates: [template],
      created: [], statuses: [{ name: 'pod-claim', resourceClaimName: 'test-podgroup-acme-resource-1' }],
    },
    {
      name: 'skip create for Pod with PodGroup before the group claim exists: nothing made, no status',
      pod: pod([{ name: 'pod-claim', podGroupResourceClaim: 'acme-resource' }], 'test-podgroup'), podGroup: podGroup(groupTemplateClaim), templates: [template], created: [],
    },
    {
      name: 'without the gates (no PodGroup given) the group entry is left alone',
      pod: pod([{ name: 'pod-claim', podGroupResourceClaim: 'acme-resource' }], 'test-podgroup'), templates: [template], created: [],
    },
    {
      name: 'create for Pod in PodGroup: the pod\'s own template entry is still the pod\'s',
      pod: pod([{ name: 'acme-resource', resourceClaimTemplateName: 'my-template' }], 'test-podgroup'), podGroup: podGroup(undefined), templates: [template],
      created: ['test-pod-acme-resource-'], statuses: [{ name: 'acme-resource', resourceClaimName: 'test-pod-acme-resource-' }],
    },
    {
      name: 'a PodGroup the pod does not name is not used',
      pod: pod([{ name: 'pod-claim', podGroupResourceClaim: 'acme-resource' }], 'other-group'), podGroup: withStatus, created: [],
    },
  ];
  it.each(rows)('$name', ({ pod: p, podGroup: g, templates, created, statuses }) => {
    const r = createPodClaims(p, ctx({ templates, ...(g ? { podGroup: g } : {}) }));
    expect(r.created.map((c) => c.metadata.generateName)).toEqual(created);
    for (const c of r.created) expect(c.metadata.ownerReferences?.[0]).toMatchObject({ kind: 'Pod', name: 'test-pod', controller: true });
    expect(r.statuses?.map((s) => ({ ...s, resourceClaimName: created.length ? s.resourceClaimName?.slice(0, -5) : s.resourceClaimName }))).toEqual(statuses);
  });
});

describe('releasePodGroupClaims (the garbage collector and syncClaim after a PodGroup is gone)', () => {
  it.each([
    { name: 'a claim generated for the group is deleted', claim: generated('c', 'PodGroup', 'test-podgroup'), deleted: ['c'], updated: [] as string[] },
    { name: 'a claim generated for another group stays', claim: generated('c', 'PodGroup', 'other'), deleted: [], updated: [] },
    {
      name: 'a named claim reserved for the group loses the reservation and is deallocated',
      claim: { ...generated('c', 'Pod', 'p'), metadata: { name: 'c', namespace: ns }, status: { allocation: { devices: { results: [] } }, reservedFor: [{ apiGroup: 'scheduling.k8s.io', resource: 'podgroups', name: 'test-podgroup', uid: 'uidpodgroup1' }] } } as unknown as ResourceClaim,
      deleted: [], updated: ['c'],
    },
  ])('$name', ({ claim, deleted, updated }) => {
    const r = releasePodGroupClaims(podGroup(groupTemplateClaim), [claim]);
    expect(r.deleted.map((c) => c.metadata.name)).toEqual(deleted);
    expect(r.updated.map((c) => c.metadata.name)).toEqual(updated);
    for (const c of r.updated) expect(c.status).toEqual({});
  });
});
