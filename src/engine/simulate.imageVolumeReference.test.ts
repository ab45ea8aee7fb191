// An image volume without image.reference (upstream: pkg/apis/core/validation validateImageVolumeSource;
// kubernetes PR #135989, v1.37): a Pod is refused at every version; a workload's pod template is
// refused from 1.37, and before it the template is accepted while every pod its controller makes
// is refused ("Error creating: Pod … is invalid: spec.volumes[0].image.reference: Required value").
import { describe, expect, it } from 'vitest';
import { formatScenarioError, simulate } from './index';
import type { KubernetesVersion } from './versions';

const scenario = (version: KubernetesVersion, ...objects: string[]) => [
  ['apiVersion: podplay/v1alpha1', 'kind: Scenario', 'metadata: {name: s}', `spec: {kubernetesVersion: "${version}"}`].join('\n'),
  ['apiVersion: v1', 'kind: Node', 'metadata: {name: n1}', 'status: {allocatable: {cpu: "4", memory: 4Gi, pods: "110"}}'].join('\n'),
  ...objects,
].join('\n---\n');
const pod = ['apiVersion: v1', 'kind: Pod', 'metadata: {name: p}', 'spec:', '  containers: [{name: c, image: nginx}]', '  volumes: [{name: models, image: {pullPolicy: IfNotPresent}}]'].join('\n');
const deployment = [
  'apiVersion: apps/v1', 'kind: Deployment', 'metadata: {name: web}', 'spec:', '  replicas: 2', '  selector: {matchLabels: {app: web}}', '  template:',
  '    metadata: {labels: {app: web}}', '    spec:', '      containers: [{name: c, image: nginx}]', '      volumes: [{name: models, image: {pullPolicy: IfNotPresent}}]',
].join('\n');

function errors(text: string): string[] {
  const out = simulate(text, { fileName: 's.yaml' });
  return out.ok ? [] : out.errors.map(formatScenarioError);
}

describe('an image volume without image.reference', () => {
  it.each(['1.35', '1.36', '1.37'] as const)('a Pod is refused at its line at %s', (version) => {
    expect(errors(scenario(version, pod))).toEqual(['s.yaml:16:35: Pod default/p: spec.volumes[0].image.reference: Required value']);
  });

  it('a Deployment\'s template is refused at its line at 1.37', () => {
    expect(errors(scenario('1.37', deployment))).toEqual(['s.yaml:21:39: Deployment default/web: spec.template.spec.volumes[0].image.reference: Required value']);
  });

  it.each(['1.35', '1.36'] as const)('at %s the Deployment is accepted and its ReplicaSet cannot create a pod', (version) => {
    const out = simulate(scenario(version, deployment), { fileName: 's.yaml' });
    if (!out.ok) throw new Error(out.errors.map(formatScenarioError).join('\n'));
    expect(out.result.pods).toEqual([]);
    const failed = out.result.events.filter((e) => e.reason === 'FailedCreate');
    expect(failed.length).toBeGreaterThan(0);
    for (const e of failed) {
      expect(e.object).toMatch(/^ReplicaSet\/default\/web-/);
      expect(e.message).toMatch(/^Error creating: Pod "web-[a-z0-9]+-[a-z0-9]{5}" is invalid: spec\.volumes\[0\]\.image\.reference: Required value$/);
    }
  });
});
