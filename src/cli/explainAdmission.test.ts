// `--explain` for what admission refused or defaulted, and the quota table, as a user runs the CLI.
import { describe, expect, it } from 'vitest';
import { simulate } from './testing/cliProcess';

const scenario = (name: string) => new URL(`../../scenarios/${name}`, import.meta.url).pathname;

describe('quota-deployment.yaml', () => {
  it('the quota table, like kubectl get resourcequota -A', () => {
    const r = simulate(scenario('quota-deployment.yaml'));
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/\nNAMESPACE +NAME +AGE +REQUEST +LIMIT\nshop +compute +2m43s +pods: 4\/4, requests\.cpu: 2\/2 *\n/);
  });

  it('--explain web: over quota, the ReplicaSet cannot create the pod, with the numbers and the fix', () => {
    const r = simulate(scenario('quota-deployment.yaml'), '--explain', 'web');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^ReplicaSet shop\/web-[a-z0-9]+: cannot create pod web-[a-z0-9]+-[a-z0-9]{5} .*the pod does not exist, so it is not Pending\.\n/);
    expect(r.stdout).toContain('  over quota: ResourceQuota compute would be exceeded:\n    pods: used 4 + requested 1 > limited 4\n    requests.cpu: used 2 + requested 500m > limited 2\n');
    // the fix, verified by simulating the changed file, with its YAML change
    expect(r.stdout).toContain('What would fix it (1 of 1 change(s) tried; each simulated, best first):\n1. Raise ResourceQuota shop/compute: spec.hard.pods 5 (from 4), spec.hard.requests.cpu 2500m (from 2)\n   → the API server admits its pods: Deployment shop/web has 5 pods, 5 scheduled, no other pod affected\n');
    expect(r.stdout).toMatch(/ {5}- {5}pods: "4"\n {5}\+ {5}requests\.cpu: "2500m"\n {5}\+ {5}pods: "5"/);
  });
});

describe('limitrange-defaults.yaml', () => {
  it('--explain notebook: the LimitRange defaults made the pod too big, and the default a node could take', () => {
    const r = simulate(scenario('limitrange-defaults.yaml'), '--explain', 'notebook');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('LimitRange defaults made the pod request cpu 2 (set for container notebook): it stated none, and no node has that much free.');
    expect(r.stdout).toContain('fix: lower the LimitRange\'s default request (spec.limits[type=Container].defaultRequest) to what a node can take: cpu ≤ 1500m');
  });
});
