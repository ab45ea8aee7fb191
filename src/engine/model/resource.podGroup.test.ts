// resourceclaim.Name and IsForPod with a PodGroup (DRAWorkloadResourceClaims, v1.36+). Rows named
// after upstream's staging/src/k8s.io/dynamic-resource-allocation/resourceclaim/resourceclaim_test.go
// (TestName, TestResourceClaimIsForPod).
import { describe, expect, it } from 'vitest';
import type { Pod, PodGroup, PodResourceClaim } from './types';
import { claimNotForPod, podClaimName, type ResourceClaim } from './resource';

function pod(group?: string, statuses?: { name: string; resourceClaimName?: string }[], ns = 'default'): Pod {
  return {
    apiVersion: 'v1', kind: 'Pod', metadata: { name: 'test-pod', namespace: ns, uid: 'test-pod-uid' },
    spec: { containers: [], ...(group ? { schedulingGroup: { podGroupName: group } } : {}) },
    status: statuses ? { resourceClaimStatuses: statuses } : {},
  } as unknown as Pod;
}
function group(name: string, claims: NonNullable<PodGroup['spec']['resourceClaims']> = [], ns = 'default'): PodGroup {
  return { apiVersion: 'scheduling.k8s.io/v1alpha2', kind: 'PodGroup', metadata: { name, namespace: ns, uid: `${name}-uid` }, spec: { schedulingPolicy: {}, resourceClaims: claims } };
}

describe('podClaimName with a PodGroup (upstream TestName)', () => {
  const entry: PodResourceClaim = { name: 'pod-claim', podGroupResourceClaim: 'podgroup-claim' };
  const rows: { name: string; pod: Pod; podGroup: PodGroup; want: ReturnType<typeof podClaimName> }[] = [
    {
      name: 'podgroup-claim-name', pod: pod('podgroup'), podGroup: group('podgroup', [{ name: 'podgroup-claim', resourceClaimName: 'resource-claim' }]),
      want: { name: 'resource-claim', mustCheckOwner: false },
    },
    {
      name: 'podgroup-claim-template-name',
      pod: pod('podgroup', [{ name: 'not-this-one' }, { name: 'pod-claim', resourceClaimName: 'generated-claim' }, { name: 'nor-this-one' }]),
      podGroup: group('podgroup', [{ name: 'podgroup-claim', resourceClaimTemplateName: 'resource-claim-template' }]),
      want: { name: 'generated-claim', mustCheckOwner: true },
    },
    {
      name: 'podgroup-claim-template-no-status', pod: pod('podgroup'), podGroup: group('podgroup', [{ name: 'podgroup-claim', resourceClaimTemplateName: 'resource-claim-template' }]),
      want: { error: 'PodGroup default/podgroup: ResourceClaim not created yet' },
    },
    {
      name: 'podgroup-claim-template-unsupported-api', pod: pod('podgroup'), podGroup: group('podgroup', [{ name: 'podgroup-claim' }]),
      want: { error: 'PodGroup default/podgroup, spec.resourceClaim podgroup-claim: none of the supported fields are set' },
    },
    {
      name: 'podgroup-claim-not-found', pod: pod('podgroup'), podGroup: group('podgroup', [{ name: 'not-this-one' }, { name: 'not-this-one-either' }]),
      want: { error: 'PodGroup default/podgroup does not have claim podgroup-claim requested by Pod test-pod' },
    },
  ];
  it.each(rows)('$name', ({ pod: p, podGroup: g, want }) => {
    expect(podClaimName(p, entry, g)).toEqual(want);
  });
});

describe('claimNotForPod (upstream TestResourceClaimIsForPod)', () => {
  const owned = (kind: string, name: string, ns = 'default'): ResourceClaim => ({
    apiVersion: 'resource.k8s.io/v1', kind: 'ResourceClaim',
    metadata: { name: 'claim', namespace: ns, ownerReferences: [{ apiVersion: 'v1', kind, name, uid: `${name}-uid`, controller: true }] },
    spec: { devices: { requests: [] } }, status: {},
  } as unknown as ResourceClaim);
  const rows: { name: string; pod: Pod; podGroup?: PodGroup; claim: ResourceClaim; want?: string }[] = [
    { name: 'owned', pod: pod(), claim: owned('Pod', 'test-pod') },
    { name: 'other-pod', pod: pod(), claim: owned('Pod', 'other'), want: 'ResourceClaim default/claim was not created for pod default/test-pod (pod is not owner)' },
    { name: 'owned-by-podgroup', pod: pod('pg'), podGroup: group('pg'), claim: owned('PodGroup', 'pg') },
    {
      name: 'other-podgroup', pod: pod('other-pg'), podGroup: group('other-pg'), claim: owned('PodGroup', 'pg'),
      want: 'ResourceClaim default/claim was not created for Pod default/test-pod or PodGroup default/other-pg (neither Pod nor PodGroup is the owner)',
    },
    {
      name: 'different-podgroup-namespace', pod: pod('pg'), podGroup: group('pg'), claim: owned('PodGroup', 'pg', 'user-namespace'),
      want: 'ResourceClaim user-namespace/claim was not created for Pod default/test-pod or PodGroup default/pg (neither Pod nor PodGroup is the owner)',
    },
    {
      name: 'a PodGroup the pod is not in does not own its claims (Podplay: the caller passes the pod\'s own group)', pod: pod('other'), podGroup: group('pg'), claim: owned('PodGroup', 'pg'),
      want: 'ResourceClaim default/claim was not created for Pod default/test-pod or PodGroup default/pg (neither Pod nor PodGroup is the owner)',
    },
  ];
  it.each(rows)('$name', ({ pod: p, podGroup: g, claim, want }) => {
    expect(claimNotForPod(p, claim, g)).toEqual(want);
  });
});
