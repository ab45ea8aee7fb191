// The pod's DRA claims (spec.resourceClaims), the way `kubectl describe pod` lists them, with
// the ResourceClaim each one is (named, or generated from a template) and, while the pod is
// bound at this step, the devices its allocation holds. A claim the scheduler made for extended
// resources backed by DRA (status.extendedResourceClaimStatus) comes last. An entry that names its
// PodGroup's claim (podGroupResourceClaim) says so: the claim is the group's, shared by its pods.

import type { PodClaimOutcome, PodOutcome } from '../../engine/api';

/** where the claim comes from: the pod's template, or its PodGroup's claim (DRAWorkloadResourceClaims) */
export function claimSource(c: PodClaimOutcome): string {
  const template = c.template !== undefined ? `from ResourceClaimTemplate ${c.template}` : '';
  if (c.podGroupClaim !== undefined) return ` (the PodGroup's claim ${c.podGroupClaim}${template ? `, ${template}` : ''})`;
  return template ? ` (${template})` : '';
}

export function PodClaims({ pod, bound }: { pod: PodOutcome; bound: boolean }) {
  if (!pod.resourceClaims?.length) return null;
  return (
    <>
      <h4>Resource Claims:</h4>
      <dl className="describe pod-claim-list" data-testid="pod-claims">
        {pod.resourceClaims.map((c) => (
          <div key={c.name} className="pod-claim" data-claim={c.name}>
            <dt>{c.name}:</dt>
            <dd>
              <div>
                ResourceClaim: {c.claimName ?? '<not created yet>'}
                {claimSource(c)}
                {c.extendedResources ? ` (made by the scheduler for ${c.extendedResources.join(', ')})` : ''}
              </div>
              <div data-testid="claim-devices">
                {bound && c.devices?.length
                  ? <>Allocated: {c.devices.map((d) => `${d.id.split('/').slice(1).join('/')} (request ${d.request})`).join(', ')}</>
                  : 'Allocated: <none> at this step'}
              </div>
            </dd>
          </div>
        ))}
      </dl>
    </>
  );
}
