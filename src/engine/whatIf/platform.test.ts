// The reviewer's rule for a pod's platform (./candidates.ts platformRefusal): its arch or os
// requirement is never dropped or changed to another platform; a value that is no platform (a
// typo) may still be corrected to the nearest one nodes have.
import { describe, expect, it } from 'vitest';
import { platformRefusal } from './candidates';

describe('platformRefusal', () => {
  it('refuses dropping or changing an arch or os a pod asks for', () => {
    expect(platformRefusal('kubernetes.io/arch', ['arm64'])).toMatch(/^the pod asks for kubernetes\.io\/arch arm64: its images are built for that platform/);
    expect(platformRefusal('beta.kubernetes.io/os', ['windows'])).toMatch(/exec format error/);
    // an expression without values (Exists) on the arch key: still the platform
    expect(platformRefusal('kubernetes.io/arch', undefined)).toBeDefined();
  });
  it('lets a typo be corrected, and says nothing of other labels', () => {
    expect(platformRefusal('kubernetes.io/arch', ['arm46'])).toBeUndefined();
    expect(platformRefusal('topology.kubernetes.io/zone', ['us-east-1x'])).toBeUndefined();
  });
});
