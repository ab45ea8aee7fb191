// Pod updates: rows after upstream's TestValidatePodUpdate (pkg/apis/core/validation/validation_test.go),
// the gated-pod cases of "Mutable Pod scheduling directives", and the apply semantics on top.
import { describe, expect, it } from 'vitest';
import { makePod } from '../../testing/builders';
import { NameGenerator } from '../names';
import type { Affinity, Namespace, NodeSelectorRequirement, Pod } from '../types';
import type { AdmissionContext } from './index';
import { admitPodUpdate, formatFieldError, validatePodUpdate } from './podUpdate';

const base = () => makePod().name('foo').namespace('default').container({ name: 'c', image: 'foo:V1' });
const gated = () => base().schedulingGates(['baz']);
const errorsOf = (next: Pod, old: Pod) => validatePodUpdate(next, old).map(formatFieldError);

const expr = (key: string, operator: NodeSelectorRequirement['operator'], values?: string[]): NodeSelectorRequirement =>
  ({ key, operator, ...(values ? { values } : {}) });
const required = (...terms: { matchExpressions?: NodeSelectorRequirement[]; matchFields?: NodeSelectorRequirement[] }[]): Affinity =>
  ({ nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: terms } } });
const preferred = (weight: number, ...matchExpressions: NodeSelectorRequirement[]): Affinity =>
  ({ nodeAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight, preference: { matchExpressions } }] } });

describe('validatePodUpdate (upstream TestValidatePodUpdate)', () => {
  const ok = (name: string, next: Pod, old: Pod) => it(name, () => expect(errorsOf(next, old)).toEqual([]));
  const bad = (name: string, next: Pod, old: Pod, ...expected: string[]) =>
    it(name, () => expect(errorsOf(next, old)).toEqual(expected.map((e) => expect.stringContaining(e))));
  const forbiddenChange = 'spec: Forbidden: pod updates may not change fields other than `spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)';

  ok('nothing changed', base().obj(), base().obj());
  ok('image change', base().obj(), (() => { const p = base().obj(); p.spec.containers[0]!.image = 'foo:V2'; return p; })());
  ok('labels change', base().label('foo', 'bar').obj(), base().label('bar', 'foo').obj());
  bad('more containers', base().container({ name: 'd' }).obj(), base().obj(), 'spec.containers: Forbidden: pod updates may not add or remove containers');
  bad('cpu change', base().req({ cpu: '200m' }).obj(), base().req({ cpu: '100m' }).obj(), forbiddenChange);
  ok('quantities compare by value', base().req({ cpu: '1' }).obj(), base().req({ cpu: '1000m' }).obj());

  // tolerations
  ok('toleration added', base().toleration({ key: 'k', operator: 'Equal', value: 'v', effect: 'NoSchedule' }).toleration({ key: 'k2', operator: 'Exists' }).obj(),
    base().toleration({ key: 'k', operator: 'Equal', value: 'v', effect: 'NoSchedule' }).obj());
  ok('tolerationSeconds changed', base().toleration({ key: 'k', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 10 }).obj(),
    base().toleration({ key: 'k', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 20 }).obj());
  bad('toleration removed', base().obj(), base().toleration({ key: 'k', operator: 'Exists' }).obj(),
    'spec.tolerations: Forbidden: existing toleration can not be modified except its tolerationSeconds');
  bad('toleration value changed', base().toleration({ key: 'k', operator: 'Equal', value: 'w' }).obj(), base().toleration({ key: 'k', operator: 'Equal', value: 'v' }).obj(),
    'spec.tolerations: Forbidden: existing toleration can not be modified except its tolerationSeconds');

  // scheduling gates
  ok('removed scheduling gates', base().obj(), base().schedulingGates(['foo']).obj());
  ok('one of two gates removed', base().schedulingGates(['bar']).obj(), base().schedulingGates(['foo', 'bar']).obj());
  bad('added scheduling gates', base().schedulingGates(['foo', 'baz']).obj(), base().schedulingGates(['foo']).obj(),
    "spec.schedulingGates[1].name: Forbidden: only deletion is allowed, but found new scheduling gate 'baz'");
  bad('gates added to a pod without any', base().schedulingGates(['foo']).obj(), base().obj(),
    "spec.schedulingGates[0].name: Forbidden: only deletion is allowed, but found new scheduling gate 'foo'");

  // nodeSelector
  ok('addition to nodeSelector is allowed for gated pods', gated().nodeSelector({ foo: 'bar', baz: 'qux' }).obj(), gated().nodeSelector({ foo: 'bar' }).obj());
  ok('setting new field to nodeSelector is allowed for gated pods', gated().nodeSelector({ foo: 'bar' }).obj(), gated().obj());
  bad('deletion to nodeSelector is not allowed for gated pods', gated().obj(), gated().nodeSelector({ foo: 'bar' }).obj(),
    'spec.nodeSelector: Invalid value: null: only additions to spec.nodeSelector are allowed (no mutations or deletions)');
  bad('modification to nodeSelector is not allowed for gated pods', gated().nodeSelector({ foo: 'qux', a: 'b' }).obj(), gated().nodeSelector({ foo: 'bar' }).obj(),
    'spec.nodeSelector: Invalid value: {"a":"b","foo":"qux"}: only additions to spec.nodeSelector are allowed (no mutations or deletions)');
  bad('addition to nodeSelector is not allowed for non-gated pods', base().nodeSelector({ foo: 'bar', baz: 'qux' }).obj(), base().nodeSelector({ foo: 'bar' }).obj(), forbiddenChange);
  bad('a gated pod whose gates go in the same update is still checked as gated', base().nodeSelector({ foo: 'qux' }).obj(), gated().nodeSelector({ foo: 'bar' }).obj(),
    'spec.nodeSelector: Invalid value: {"foo":"qux"}: only additions');

  // node affinity
  const a = expr('expr', 'In', ['foo']);
  const b = expr('expr2', 'In', ['bar']);
  const f = expr('metadata.name', 'In', ['node-1']);
  ok('addition to nodeAffinity is allowed for gated pods', gated().affinity(required({ matchExpressions: [a, b] })).obj(), gated().affinity(required({ matchExpressions: [a] })).obj());
  ok('addition to matchFields is allowed for gated pods', gated().affinity(required({ matchExpressions: [a], matchFields: [f] })).obj(), gated().affinity(required({ matchExpressions: [a] })).obj());
  ok('new node affinity is allowed for gated pods with nil affinity', gated().affinity(required({ matchExpressions: [a] })).obj(), gated().obj());
  ok('preferred terms can change freely on gated pods', gated().affinity(preferred(50, b)).obj(), gated().affinity(preferred(10, a)).obj());
  ok('preferred terms can be removed on gated pods', gated().obj(), gated().affinity(preferred(10, a)).obj());
  bad('new node affinity is not allowed for non-gated pods', base().affinity(required({ matchExpressions: [a] })).obj(), base().obj(), forbiddenChange);
  bad('nodeAffinity deletion from MatchExpressions not allowed', gated().affinity(required({ matchExpressions: [b] })).obj(), gated().affinity(required({ matchExpressions: [a, b] })).obj(),
    'spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0]: Invalid value: {"MatchExpressions":[{"Key":"expr2","Operator":"In","Values":["bar"]}],"MatchFields":null}: only additions are allowed (no mutations or deletions)');
  bad('nodeAffinity modification of item in MatchExpressions not allowed', gated().affinity(required({ matchExpressions: [expr('expr', 'NotIn', ['foo'])] })).obj(), gated().affinity(required({ matchExpressions: [a] })).obj(),
    'nodeSelectorTerms[0]: Invalid value: {"MatchExpressions":[{"Key":"expr","Operator":"NotIn","Values":["foo"]}],"MatchFields":null}: only additions are allowed (no mutations or deletions)');
  bad('nodeAffinity deletion from MatchFields not allowed', gated().affinity(required({ matchExpressions: [a] })).obj(), gated().affinity(required({ matchExpressions: [a], matchFields: [f] })).obj(),
    'nodeSelectorTerms[0]: Invalid value: {"MatchExpressions":[{"Key":"expr","Operator":"In","Values":["foo"]}],"MatchFields":null}: only additions are allowed');
  bad('nodeSelectorTerm addition on gated pod should fail', gated().affinity(required({ matchExpressions: [a] }, { matchExpressions: [b] })).obj(), gated().affinity(required({ matchExpressions: [a] })).obj(),
    'spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms: Invalid value: [{"MatchExpressions":[{"Key":"expr","Operator":"In","Values":["foo"]}],"MatchFields":null},{"MatchExpressions":[{"Key":"expr2","Operator":"In","Values":["bar"]}],"MatchFields":null}]: no additions/deletions to non-empty NodeSelectorTerms list are allowed');
  bad('removing required node affinity from a gated pod', gated().obj(), gated().affinity(required({ matchExpressions: [a] })).obj(),
    'nodeSelectorTerms: Invalid value: null: no additions/deletions to non-empty NodeSelectorTerms list are allowed');
  bad('empty NodeSelectorTerm (selects nothing) cannot become populated (selects something)', gated().affinity(required({ matchExpressions: [a] })).obj(), gated().affinity(required({})).obj(),
    'nodeSelectorTerms[0]: Invalid value: {"MatchExpressions":[{"Key":"expr","Operator":"In","Values":["foo"]}],"MatchFields":null}: only additions are allowed');
  bad('pod affinity stays immutable on gated pods', gated().podAffinityExists('app', 'zone').obj(), gated().obj(), forbiddenChange);
});

describe('admitPodUpdate (kubectl apply on a live pod)', () => {
  // the live pod as admission stored it: defaults, priority, default tolerations
  const live = (): Pod => {
    const p = gated().nodeSelector({ zone: 'a' }).priority(1000).obj();
    p.spec.priorityClassName = 'high';
    p.spec.schedulerName = 'default-scheduler';
    p.spec.restartPolicy = 'Always';
    p.spec.terminationGracePeriodSeconds = 30;
    p.spec.tolerations = [
      { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
      { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
    ];
    return p;
  };
  const manifest = () => gated().nodeSelector({ zone: 'a' });
  const defaultNs: Namespace = { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default' } };
  const ns: AdmissionContext = {
    nodes: new Map(), namespaces: new Map([['default', defaultNs]]), priorityClasses: new Map(), runtimeClasses: new Map(),
    names: new NameGenerator(), now: 0,
  };

  it('an unchanged manifest is accepted: what the API server set is kept', () => {
    const r = admitPodUpdate(manifest().obj(), live(), ns);
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.pod.spec).toEqual(live().spec);
  });

  it('a tightened nodeSelector is accepted and only the scheduling directive changes', () => {
    const r = admitPodUpdate(manifest().nodeSelector({ zone: 'a', disk: 'ssd' }).obj(), live(), ns);
    expect(r.ok && r.pod.spec.nodeSelector).toEqual({ zone: 'a', disk: 'ssd' });
    expect(r.ok && r.pod.spec.priority).toBe(1000);
  });

  it('a loosened nodeSelector is refused with the message kubectl prints', () => {
    const r = admitPodUpdate(manifest().nodeSelector({ zone: 'b' }).obj(), live(), ns);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toBe('The Pod "foo" is invalid: spec.nodeSelector: Invalid value: {"zone":"b"}: only additions to spec.nodeSelector are allowed (no mutations or deletions)');
  });

  it('several errors are listed in brackets', () => {
    const r = admitPodUpdate(manifest().nodeSelector({}).schedulingGates(['baz', 'new']).obj(), live(), ns);
    expect(!r.ok && r.message).toBe("The Pod \"foo\" is invalid: [spec.schedulingGates[1].name: Forbidden: only deletion is allowed, but found new scheduling gate 'new', spec.nodeSelector: Invalid value: {}: only additions to spec.nodeSelector are allowed (no mutations or deletions)]");
  });

  it('changing the priority class is refused', () => {
    const next = manifest().obj();
    next.spec.priorityClassName = 'low';
    const r = admitPodUpdate(next, live(), ns);
    expect(!r.ok && r.message).toContain('may not change fields other than');
    expect(!r.ok && r.message).toContain('(changed: spec.priorityClassName)');
  });

  it('the manifest may leave the gates out only once they are gone: removing them is allowed', () => {
    const next = manifest().obj();
    next.spec.schedulingGates = [];
    const r = admitPodUpdate(next, live(), ns);
    expect(r.ok && r.pod.spec.schedulingGates).toEqual([]);
  });
});
