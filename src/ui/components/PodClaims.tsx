// The pod's DRA claims (spec.resourceClaims), the way `kubectl describe pod` lists them, with
// the ResourceClaim each one is (named, or generated from a template) and, while the pod is
// bound at this step, the devices its allocation holds. A claim the scheduler made for extended
// resources backed by DRA (status.extendedResourceClaimStatus) comes last.

import type { PodOutcome } from '../../engine/api';

export function PodClaims({ pod, bound }: { pod: PodOutcome; bound: boolean }) {
  if (!pod.resourceClaims?.length) return null;
  return (
    <>
      <h4>Resource Claims:</h4>
      <dl className="describe pod-claims" data-testid="pod-claims">
        {pod.resourceClaims.map((c) => (
          <div key={c.name} className="pod-claim" data-claim={c.name}>
            <dt>{c.name}:</dt>
            <dd>
              <div>
                ResourceClaim: {c.claimName ?? '<not created yet>'}
                {c.template !== undefined ? ` (from ResourceClaimTemplate ${c.template})` : ''}
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
