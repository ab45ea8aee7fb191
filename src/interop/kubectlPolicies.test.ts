// A dump with a quota-blocked Deployment: `kubectl get nodes,pods,deploy,rs,quota,limits -A -o yaml`
// keeps its LimitRanges and ResourceQuotas (status dropped: the quota controller recounts it), and
// the simulation refuses the pod the cluster refused.
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { normalizeKubectlDump } from './kubectl';
import { simulate } from '../engine';

const dump = stringify({
  apiVersion: 'v1', kind: 'List', items: [
    { apiVersion: 'v1', kind: 'Node', metadata: { name: 'n1', resourceVersion: '1' }, status: { allocatable: { cpu: '8', memory: '16Gi', pods: '110' } } },
    { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'shop' } },
    { apiVersion: 'v1', kind: 'ResourceQuota', metadata: { name: 'compute', namespace: 'shop', resourceVersion: '7' }, spec: { hard: { pods: '2' } }, status: { hard: { pods: '2' }, used: { pods: '2' } } },
    { apiVersion: 'v1', kind: 'LimitRange', metadata: { name: 'defaults', namespace: 'shop' }, spec: { limits: [{ type: 'Container', defaultRequest: { cpu: '100m' }, default: { cpu: '200m' } }] } },
    { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'shop' }, spec: { replicas: 3, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'app', image: 'nginx' }] } } } },
  ],
});

describe('a dump with quotas and limit ranges', () => {
  it('keeps them without their status, and the simulation stops the Deployment at the quota', () => {
    const out = normalizeKubectlDump(dump);
    expect(out.errors).toEqual([]);
    expect(out.yaml).toContain('kind: ResourceQuota');
    expect(out.yaml).toContain('kind: LimitRange');
    expect(out.yaml).not.toContain('used:');
    const run = simulate(out.yaml);
    if (!run.ok) throw new Error(run.errors.map((e) => e.message).join('\n'));
    expect(run.result.pods).toHaveLength(2);
    expect(run.result.events.filter((e) => e.reason === 'FailedCreate').map((e) => e.message.replace(/"web-[a-z0-9]+-[a-z0-9]+"/, '"web-…"')))
      .toEqual(['Error creating: pods "web-…" is forbidden: exceeded quota: compute, requested: pods=1, used: pods=2, limited: pods=2']);
  });
});
