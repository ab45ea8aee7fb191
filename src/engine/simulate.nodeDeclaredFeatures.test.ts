// NodeDeclaredFeatures end to end: the example scenario (scenarios/node-declared-features.yaml),
// and what the gates change: without NodeDeclaredFeatures the API server drops the nodes'
// declared features and the plugin is not in the profile; without RestartAllContainersOnContainerExits
// the RestartAllContainers action is refused at its line.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { simulate } from './index';

const text = readFileSync(join(__dirname, '../../scenarios/node-declared-features.yaml'), 'utf8');
// the scenario runs as the newest version (1.37): upstream's v1.37 reason (errReasonUnsatisfiedRequirements)
const REASON = "node(s) didn't match Pod's required features";
/** v1.35 and v1.36: the reason names the missing features */
const REASON_135 = 'node declared features check failed - unsatisfied requirements: RestartAllContainersOnContainerExits';
const withGates = (gates: string) => text.replace('featureGates: {NodeDeclaredFeatures: true, RestartAllContainersOnContainerExits: true}', `featureGates: {${gates}}`);

describe('node-declared-features.yaml', () => {
  const outcome = simulate(text, { fileName: 'node-declared-features.yaml' });
  if (!outcome.ok) throw new Error(outcome.errors.map((e) => e.message).join('\n'));
  const r = outcome.result;

  it('keeps the trainers off the node whose kubelet does not declare the feature until it does', () => {
    const [trainer, web, pending, retried] = r.cycles;
    expect(trainer).toMatchObject({ pod: 'default/trainer', result: 'Scheduled', selected: 'node-new' });
    expect(trainer!.filter['node-old']!.find((p) => p.plugin === 'NodeDeclaredFeatures')).toMatchObject({ code: 'UnschedulableAndUnresolvable', reasons: [REASON] });
    expect(web).toMatchObject({ pod: 'default/web', result: 'Scheduled' });
    // web needs no declared feature: PreFilter returns Skip, so Filter does not run
    expect(web!.filter['node-old']!.find((p) => p.plugin === 'NodeDeclaredFeatures')).toEqual({ plugin: 'NodeDeclaredFeatures', code: 'Skip' });
    // the scenario runs as 1.37: DynamicResources' no-op PostFilter adds nothing (versions.ts draPostFilterQuietNoOp)
    expect(pending!.message).toBe(`0/2 nodes are available: 1 Insufficient cpu, 1 ${REASON}. preemption: 0/2 nodes are available: 1 No preemption victims found for incoming pod, 1 Preemption is not helpful for scheduling.`);
    expect(retried).toMatchObject({ time: 60, pod: 'default/trainer-2', result: 'Scheduled', selected: 'node-upgraded' });
  });

  it('requeues trainer-2 when a node that declares the feature is added', () => {
    const move = r.queue.find((m) => m.pod === 'default/trainer-2' && m.time === 60);
    expect(move).toMatchObject({ from: 'unschedulablePods', to: 'activeQ', reason: 'NodeAdd' });
  });

  it('requeues a pending pod when a node starts declaring the feature, not on other node changes', () => {
    const upgrade = (at: number, declared: string) => `  - at: ${at}
    action: apply
    object:
      apiVersion: v1
      kind: Node
      metadata:
        name: node-old
        labels: {kubernetes.io/hostname: node-old, upgraded: "${at}"}
      status:
        allocatable: {cpu: "4", memory: 16Gi, pods: "110"}
${declared}`;
    const timeline = `  timeline:\n${upgrade(30, '')}\n${upgrade(60, '        declaredFeatures: [RestartAllContainersOnContainerExits]')}\n`;
    const outcome = simulate(text.slice(0, text.indexOf('  timeline:')) + timeline, { fileName: 'f.yaml' });
    if (!outcome.ok) throw new Error(outcome.errors.map((e) => e.message).join('\n'));
    const moves = outcome.result.queue.filter((m) => m.pod === 'default/trainer-2' && m.from === 'unschedulablePods');
    // a label change (30 s) is no event that NodeDeclaredFeatures or NodeResourcesFit registered for
    expect(moves).toEqual([expect.objectContaining({ time: 60, to: 'activeQ', reason: 'NodeDeclaredFeatureChange' })]);
    expect(outcome.result.cycles.at(-1)).toMatchObject({ time: 60, pod: 'default/trainer-2', selected: 'node-old' });
  });
});

describe('the Filter reason per version (versions.ts nodeDeclaredFeaturesReason137)', () => {
  it.each([
    { version: '1.35', reason: REASON_135, postFilter: 'no new claims to deallocate, ' },
    { version: '1.36', reason: REASON_135, postFilter: 'no new claims to deallocate, ' },
    { version: '1.37', reason: REASON, postFilter: '' },
  ])('$version: "$reason", and the FailedScheduling message counts it', ({ version, reason, postFilter }) => {
    const pinned = simulate(text.replace('featureGates: {NodeDeclaredFeatures: true', `kubernetesVersion: "${version}"\n  featureGates: {NodeDeclaredFeatures: true`), { fileName: 'ndf.yaml' });
    if (!pinned.ok) throw new Error(pinned.errors.map((e) => e.message).join('\n'));
    const [trainer, , pending] = pinned.result.cycles;
    expect(trainer!.filter['node-old']!.find((p) => p.plugin === 'NodeDeclaredFeatures')).toMatchObject({ code: 'UnschedulableAndUnresolvable', reasons: [reason] });
    expect(pending!.message).toBe(`0/2 nodes are available: 1 Insufficient cpu, 1 ${reason}. ${postFilter}preemption: 0/2 nodes are available: 1 No preemption victims found for incoming pod, 1 Preemption is not helpful for scheduling.`);
  });
});

describe('the gates', () => {
  it('without NodeDeclaredFeatures: declared features are dropped (a warning at the field) and the plugin does not filter', () => {
    const outcome = simulate(withGates('NodeDeclaredFeatures: false, RestartAllContainersOnContainerExits: true'), { fileName: 'f.yaml' });
    if (!outcome.ok) throw new Error(outcome.errors.map((e) => e.message).join('\n'));
    expect(outcome.result.warnings.map((w) => [w.line, w.message])).toContainEqual([text.split('\n').findIndex((l) => l.includes('declaredFeatures:')) + 1, 'Node node-new: status.declaredFeatures: dropped: the API server keeps declared features only with the NodeDeclaredFeatures feature gate (Scenario spec.featureGates)']);
    expect(outcome.result.cycles.every((c) => Object.values(c.filter).every((ps) => ps.every((p) => p.plugin !== 'NodeDeclaredFeatures')))).toBe(true);
    expect(outcome.result.cycles[2]).toMatchObject({ pod: 'default/trainer-2', time: 0, result: 'Scheduled', selected: 'node-old' });
  });

  it('without RestartAllContainersOnContainerExits: the action is refused at its line', () => {
    const outcome = simulate(withGates('NodeDeclaredFeatures: true, RestartAllContainersOnContainerExits: false'), { fileName: 'f.yaml' });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    const line = text.split('\n').findIndex((l) => l.includes('- action: RestartAllContainers')) + 1;
    expect(outcome.errors[0]).toMatchObject({
      line, column: 15,
      message: 'Pod default/trainer: spec.containers[0].restartPolicyRules[0].action: Unsupported value: "RestartAllContainers": supported values: "Restart" (needs the feature gate RestartAllContainersOnContainerExits in the Scenario\'s spec.featureGates)',
    });
  });
});
