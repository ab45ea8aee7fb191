// The v1.36 InterPodAffinity queueing-hint fixes end to end: when a pending pod kept out by
// inter-pod anti-affinity is retried, per version (kubernetes PRs #135325 and #135394,
// versions.ts interPodAffinityHint*). At v1.35 the event is skipped and the pod waits for the
// 5-minute flush; from v1.36 it is retried at once.
import { describe, expect, it } from 'vitest';
import type { SimulationResult } from './api';
import { simulate } from './index';
import type { KubernetesVersion } from './versions';

function run(yaml: string, kubernetesVersion: KubernetesVersion): SimulationResult {
  const outcome = simulate(yaml, { fileName: 'test.yaml', kubernetesVersion, until: 60 });
  if (!outcome.ok) throw new Error(outcome.errors.map((e) => `${e.line}:${e.column}: ${e.message}`).join('\n'));
  return outcome.result;
}

// "guard" runs on n1 and repels every pod labelled app=web from its node; "web" waits.
const cluster = (step: string) => `apiVersion: podplay/v1alpha1
kind: Scenario
metadata: {name: hints}
spec:
  timeline:
  - ${step}
---
apiVersion: v1
kind: Node
metadata: {name: n1, labels: {kubernetes.io/hostname: n1}}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
---
apiVersion: v1
kind: Pod
metadata: {name: guard, namespace: default}
spec:
  nodeName: n1
  affinity: {podAntiAffinity: {requiredDuringSchedulingIgnoredDuringExecution: [{labelSelector: {matchLabels: {app: web}}, topologyKey: kubernetes.io/hostname}]}}
  containers: [{name: c, image: x}]
---
apiVersion: v1
kind: Pod
metadata: {name: web, namespace: default, labels: {app: web}}
spec: {containers: [{name: c, image: x}]}`;

const deleteGuard = cluster('{at: 10, action: delete, kind: Pod, name: guard}');
const relabelWeb = cluster('{at: 10, action: apply, object: {apiVersion: v1, kind: Pod, metadata: {name: web, namespace: default, labels: {app: api}}, spec: {containers: [{name: c, image: x}]}}}');

describe('a pod kept out by an existing pod\'s anti-affinity', () => {
  const rows: { name: string; yaml: string; version: KubernetesVersion; scheduledAt?: number }[] = [
    { name: 'v1.35: the repelling pod deleted, the pending pod waits (the hint skips the event)', yaml: deleteGuard, version: '1.35' },
    // deleted at 10s, gone after its 30s grace period
    { name: 'v1.36: the repelling pod deleted, the pending pod is retried at once (#135325)', yaml: deleteGuard, version: '1.36', scheduledAt: 40 },
    { name: 'v1.35: its own labels changed, it waits', yaml: relabelWeb, version: '1.35' },
    { name: 'v1.37: its own labels changed, it is retried at once (#135394)', yaml: relabelWeb, version: '1.37', scheduledAt: 10 },
  ];
  it.each(rows)('$name', ({ yaml, version, scheduledAt }) => {
    const r = run(yaml, version);
    const web = r.pods.find((p) => p.pod === 'default/web')!;
    expect(r.events.find((e) => e.object === 'Pod/default/web' && e.reason === 'FailedScheduling')).toMatchObject({ time: 0 });
    if (scheduledAt === undefined) {
      expect(web.phase).toBe('Pending');
      expect(r.cycles.filter((c) => c.pod === 'default/web')).toHaveLength(1);
    } else {
      expect(web).toMatchObject({ phase: 'Running', node: 'n1' });
      expect(r.events.find((e) => e.object === 'Pod/default/web' && e.reason === 'Scheduled')).toMatchObject({ time: scheduledAt });
    }
  });
});
