// A container's requests as the API server stores them. It sits in model/ because admission
// (LimitRanger, ResourceQuota), the framework's resource arithmetic and the descheduler all read it.
// upstream: pkg/apis/core/v1/defaults.go (SetDefaults_Pod: a limit with no request sets the request).

import type { Container, ResourceList } from './types';

/** Container requests after API defaulting: a limit with no request sets the request. */
export function containerRequests(c: Container): ResourceList {
  const requests: ResourceList = { ...(c.resources?.requests ?? {}) };
  for (const [k, v] of Object.entries(c.resources?.limits ?? {})) {
    if (!Object.prototype.hasOwnProperty.call(requests, k)) requests[k] = v;
  }
  return requests;
}
