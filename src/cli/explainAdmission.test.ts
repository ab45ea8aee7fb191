// `--explain` for what admission refused or defaulted, and the quota table, as a user runs the CLI.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

describe('a bare Pod outside its namespace\'s LimitRange', () => {
  it('--explain dev/notebook: the API server refused the Pod itself (nothing retries it), and the fix names the container', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'podplay-bare-')), 'bare.yaml');
    writeFileSync(file, `apiVersion: v1
kind: Node
metadata: {name: node-1}
status: {allocatable: {cpu: "8", memory: 16Gi, pods: "110"}}
---
apiVersion: v1
kind: Namespace
metadata: {name: dev}
---
apiVersion: v1
kind: LimitRange
metadata: {name: defaults, namespace: dev}
spec:
  limits: [{type: Container, max: {cpu: "2"}}]
---
apiVersion: v1
kind: Pod
metadata: {name: notebook, namespace: dev}
spec:
  containers: [{name: lab, image: jupyter, resources: {requests: {cpu: "1"}, limits: {cpu: "4"}}}]
`);
    const r = simulate(file, '--explain', 'dev/notebook');
    expect(r.stdout).toMatch(/^Pod dev\/notebook: the API server refused to create it \(t=0s\); the pod does not exist, so it is not Pending, and nothing retries it: the file, fixed, creates it\.\n/);
    expect(r.stdout).not.toContain('cannot create');
    expect(r.stdout).toContain('1. Limit 2 cpu for container lab\n');
  });
});
