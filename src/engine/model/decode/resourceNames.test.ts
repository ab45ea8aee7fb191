// Resource names: native or extended, as upstream's helpers decide (pkg/apis/core/v1/helper/helpers.go;
// rows from its TestIsNativeResource). NodeResourcesFit asks through its own cache: both agree.
import { describe, expect, it } from 'vitest';
import { isExtendedResourceName, isNativeResource } from './resources';
import { isExtendedResourceName as fitIsExtended } from '../../plugins/NodeResourcesFit/filtering';

describe('isNativeResource (upstream TestIsNativeResource)', () => {
  it.each([
    ['pod.alpha.kubernetes.io/opaque-int-resource-foo', true],
    ['kubernetes.io/resource-foo', true],
    ['foo', true],
    ['a/b', false],
    ['', true],
    // IsPrefixedNativeResource is a substring test, not a domain match
    ['xkubernetes.io/gpu', true],
  ])('%s → %s', (name, native) => {
    expect(isNativeResource(name)).toBe(native);
  });
});

describe('isExtendedResourceName', () => {
  it.each([
    ['example.com/gpu', true],
    ['nvidia.com/gpu', true],
    ['cpu', false],
    ['hugepages-2Mi', false],
    ['kubernetes.io/foo', false],
    ['xkubernetes.io/gpu', false],
    ['requests.example.com/gpu', false],
    // "requests." + name must be a qualified name
    ['example.com/-gpu', false],
  ])('%s → %s, in the model and in NodeResourcesFit', (name, extended) => {
    expect(isExtendedResourceName(name)).toBe(extended);
    expect(fitIsExtended(name)).toBe(extended);
  });
});
