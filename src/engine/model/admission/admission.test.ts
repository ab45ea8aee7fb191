// Admission: defaulting and the admission plugins, rows from upstream's tests where they exist
// (plugin/pkg/admission/*/admission_test.go, pkg/util/tolerations/tolerations_test.go).
import { describe, expect, it } from 'vitest';
import { makeNode, makePod } from '../../testing/builders';
import type { Namespace, Pod, PriorityClass, RuntimeClass, Toleration } from '../types';
import { builtinPriorityClasses } from '../load';
import { NameGenerator } from '../names';
import { admitPod, mergeTolerations, type AdmissionContext } from './index';

function pc(name: string, value: number, extra: Partial<PriorityClass> = {}): PriorityClass {
  return { apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name }, value, preemptionPolicy: 'PreemptLowerPriority', ...extra };
}
function ns(name: string, annotations?: Record<string, string>): Namespace {
  return { apiVersion: 'v1', kind: 'Namespace', metadata: { name, ...(annotations ? { annotations } : {}) } };
}
function ctx(opts: { classes?: PriorityClass[]; runtimeClasses?: RuntimeClass[]; namespaces?: Namespace[] } = {}): AdmissionContext {
  const namespaces = opts.namespaces ?? [ns('default'), ns('namespace'), ns('kube-system'), ns('non-system-namespace')];
  return {
    nodes: new Map([['node-a', makeNode().name('node-a').label('region', 'west').obj()]]),
    namespaces: new Map(namespaces.map((n) => [n.metadata.name, n])),
    priorityClasses: new Map([...builtinPriorityClasses(), ...(opts.classes ?? [])].map((c) => [c.metadata.name, c])),
    runtimeClasses: new Map((opts.runtimeClasses ?? []).map((r) => [r.metadata.name, r])),
    names: new NameGenerator(),
    now: 0,
  };
}
const admitted = (pod: Pod, c: AdmissionContext): Pod => {
  const r = admitPod(pod, c);
  if (!r.ok) throw new Error(r.message);
  return r.pod;
};
const rejected = (pod: Pod, c: AdmissionContext): string => {
  const r = admitPod(pod, c);
  if (r.ok) throw new Error('admitted');
  return r.message;
};

// upstream priority/admission_test.go fixtures
const defaultClass1 = pc('default1', 1000, { globalDefault: true });
const defaultClass2 = pc('default2', 2000, { globalDefault: true });
const nondefaultClass1 = pc('nondefault1', 2000);
const preemptionPolicyClass = pc('nopreemptionpolicy', 2000, { preemptionPolicy: 'PreemptLowerPriority' });
const neverPreemptionPolicyClass = pc('neverpreemptionpolicy', 2000, { preemptionPolicy: 'Never' });

describe('Priority (upstream TestPodAdmission)', () => {
  const pod = (name: string, namespace = 'namespace') => makePod().name(name).namespace(namespace).container({ name: 'container' });
  const rows: { name: string; classes: PriorityClass[]; pod: Pod; priority?: number; policy?: string; error?: string }[] = [
    { name: 'Pod with priority class', classes: [defaultClass1, nondefaultClass1], pod: (() => { const p = pod('pod-w-priorityclass').obj(); p.spec.priorityClassName = 'default1'; return p; })(), priority: 1000 },
    { name: 'Pod without priority class', classes: [defaultClass1], pod: pod('pod-wo-priorityclass').obj(), priority: 1000 },
    { name: 'pod without priority class and no existing priority class', classes: [], pod: pod('pod-wo-priorityclass').obj(), priority: 0, policy: 'PreemptLowerPriority' },
    { name: 'pod without priority class and no default class', classes: [nondefaultClass1], pod: pod('pod-wo-priorityclass').obj(), priority: 0 },
    { name: 'pod with a system priority class', classes: [], pod: (() => { const p = pod('pod-w-system-priority', 'kube-system').obj(); p.spec.priorityClassName = 'system-cluster-critical'; return p; })(), priority: 2000000000 },
    {
      name: 'Pod with non-existing priority class', classes: [defaultClass1, nondefaultClass1],
      pod: (() => { const p = pod('pod-w-non-existing-priorityclass').obj(); p.spec.priorityClassName = 'non-existing'; return p; })(),
      error: 'pods "pod-w-non-existing-priorityclass" is forbidden: no PriorityClass with name non-existing was found',
    },
    {
      name: 'pod with integer priority', classes: [defaultClass1],
      pod: (() => { const p = pod('pod-w-integer-priority').priority(1234).obj(); p.spec.priorityClassName = 'default1'; return p; })(),
      error: 'pods "pod-w-integer-priority" is forbidden: the integer value of priority (1234) must not be provided in pod spec; priority admission controller computed 1000 from the given PriorityClass name',
    },
    { name: 'pod with system critical priority in non-system namespace', classes: [], pod: (() => { const p = pod('p', 'non-system-namespace').obj(); p.spec.priorityClassName = 'system-cluster-critical'; return p; })(), priority: 2000000000 },
    { name: 'pod with priority that matches computed priority', classes: [nondefaultClass1], pod: pod('pod-w-zero-priority-in-nonsystem-namespace', 'non-system-namespace').priority(0).obj(), priority: 0 },
    { name: 'pod with priority that matches default priority', classes: [defaultClass2], pod: pod('p', 'non-system-namespace').priority(2000).obj(), priority: 2000 },
    { name: 'pod with nil preemtpion policy', classes: [neverPreemptionPolicyClass], pod: (() => { const p = pod('p', 'kube-system').priority(2000).obj(); p.spec.priorityClassName = 'neverpreemptionpolicy'; return p; })(), priority: 2000, policy: 'Never' },
    { name: 'pod with preemtpion policy that matches resolved preemtpion policy', classes: [preemptionPolicyClass], pod: (() => { const p = pod('p', 'kube-system').priority(2000).preemptionPolicy('PreemptLowerPriority').obj(); p.spec.priorityClassName = 'nopreemptionpolicy'; return p; })(), priority: 2000, policy: 'PreemptLowerPriority' },
    {
      name: "pod with preemtpion policy that does't matches resolved preemtpion policy", classes: [preemptionPolicyClass],
      pod: (() => { const p = pod('pod-preemption-policy-not-matching-resolved-preemption-policy', 'kube-system').priority(2000).preemptionPolicy('Never').obj(); p.spec.priorityClassName = 'nopreemptionpolicy'; return p; })(),
      error: 'pods "pod-preemption-policy-not-matching-resolved-preemption-policy" is forbidden: the string value of PreemptionPolicy (Never) must not be provided in pod spec; priority admission controller computed PreemptLowerPriority from the given PriorityClass name',
    },
  ];
  it.each(rows)('$name', (row) => {
    if (row.error) {
      expect(rejected(row.pod, ctx({ classes: row.classes }))).toBe(row.error);
      return;
    }
    const out = admitted(row.pod, ctx({ classes: row.classes }));
    expect(out.spec.priority).toBe(row.priority);
    if (row.policy) expect(out.spec.preemptionPolicy).toBe(row.policy);
  });

  it('the default class name is written into the pod (getDefaultPriority)', () => {
    expect(admitted(makePod().name('p').obj(), ctx({ classes: [defaultClass1] })).spec.priorityClassName).toBe('default1');
  });
  it('with two defaults the lower value wins (getDefaultPriorityClass)', () => {
    expect(admitted(makePod().name('p').obj(), ctx({ classes: [defaultClass2, defaultClass1] })).spec.priority).toBe(1000);
  });
  it('a generated pod is named by its generateName in the error (admission.NewForbidden)', () => {
    const p = makePod().obj();
    p.metadata.name = '';
    p.metadata.generateName = 'web-5d9c8b7f6-';
    p.spec.priorityClassName = 'missing';
    expect(rejected(p, ctx())).toBe('pods "web-5d9c8b7f6-" is forbidden: no PriorityClass with name missing was found');
  });
});

const NOT_READY = 'node.kubernetes.io/not-ready';
const UNREACHABLE = 'node.kubernetes.io/unreachable';
const d300 = (key: string): Toleration => ({ key, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 });

describe('DefaultTolerationSeconds (upstream TestForgivenessAdmission)', () => {
  const rows: { name: string; tolerations: Toleration[]; want: Toleration[] }[] = [
    { name: 'pod has no tolerations, expect add tolerations for `notread:NoExecute` and `unreachable:NoExecute`', tolerations: [], want: [d300(NOT_READY), d300(UNREACHABLE)] },
    {
      name: 'pod has tolerations, but none is for taint `notread:NoExecute` or `unreachable:NoExecute`, expect add tolerations for `notread:NoExecute` and `unreachable:NoExecute`',
      tolerations: [{ key: 'foo', operator: 'Equal', value: 'bar', effect: 'NoSchedule', tolerationSeconds: 700 }],
      want: [{ key: 'foo', operator: 'Equal', value: 'bar', effect: 'NoSchedule', tolerationSeconds: 700 }, d300(NOT_READY), d300(UNREACHABLE)],
    },
    {
      name: 'pod specified a toleration for taint `notReady:NoExecute`, expect add toleration for `unreachable:NoExecute`',
      tolerations: [{ key: NOT_READY, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 700 }],
      want: [{ key: NOT_READY, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 700 }, d300(UNREACHABLE)],
    },
    {
      name: 'pod specified a toleration for taint `unreachable:NoExecute`, expect add toleration for `notReady:NoExecute`',
      tolerations: [{ key: UNREACHABLE, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 700 }],
      want: [{ key: UNREACHABLE, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 700 }, d300(NOT_READY)],
    },
    {
      name: 'pod specified tolerations for both `notread:NoExecute` and `unreachable:NoExecute`, expect no change',
      tolerations: [{ key: NOT_READY, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 700 }, { key: UNREACHABLE, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 700 }],
      want: [{ key: NOT_READY, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 700 }, { key: UNREACHABLE, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 700 }],
    },
    {
      name: 'pod specified toleration for taint `unreachable`, expect add toleration for `notReady:NoExecute`',
      tolerations: [{ key: UNREACHABLE, operator: 'Exists', tolerationSeconds: 700 }],
      want: [{ key: UNREACHABLE, operator: 'Exists', tolerationSeconds: 700 }, d300(NOT_READY)],
    },
    {
      name: 'pod has wildcard toleration for all kind of taints, expect no change',
      tolerations: [{ operator: 'Exists', tolerationSeconds: 700 }],
      want: [{ operator: 'Exists', tolerationSeconds: 700 }],
    },
  ];
  it.each(rows)('$name', ({ tolerations, want }) => {
    const p = makePod().name('p').obj();
    p.spec.tolerations = tolerations;
    expect(admitted(p, ctx()).spec.tolerations).toEqual(want);
  });
});

// upstream tolerations_test.go fixtures
const T: Record<string, Toleration> = {
  all: { operator: 'Exists' },
  'foo-bar-nosched': { key: 'foo', operator: 'Equal', value: 'bar', effect: 'NoSchedule' },
  'foo-baz-nosched': { key: 'foo', operator: 'Equal', value: 'baz', effect: 'NoSchedule' },
  'foo-nosched': { key: 'foo', operator: 'Exists', effect: 'NoSchedule' },
  'faz-baz-nosched': { key: 'faz', operator: 'Equal', value: 'baz', effect: 'NoSchedule' },
  'foo-prefnosched': { key: 'foo', operator: 'Exists', effect: 'PreferNoSchedule' },
  'foo-noexec-10': { key: 'foo', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 10 },
};
const tl = (names: string[]) => names.map((n) => T[n]!);

describe('MergeTolerations (upstream TestMergeTolerations)', () => {
  it.each([
    { name: 'disjoint', a: ['foo-bar-nosched', 'faz-baz-nosched', 'foo-noexec-10'], b: ['foo-prefnosched', 'foo-baz-nosched'], want: ['foo-bar-nosched', 'faz-baz-nosched', 'foo-noexec-10', 'foo-prefnosched', 'foo-baz-nosched'] },
    { name: 'duplicate', a: ['foo-bar-nosched', 'faz-baz-nosched', 'foo-noexec-10'], b: ['foo-bar-nosched', 'faz-baz-nosched', 'foo-noexec-10'], want: ['foo-bar-nosched', 'faz-baz-nosched', 'foo-noexec-10'] },
    { name: 'merge redundant', a: ['foo-bar-nosched', 'foo-baz-nosched'], b: ['foo-nosched', 'faz-baz-nosched'], want: ['foo-nosched', 'faz-baz-nosched'] },
    { name: 'merge all', a: ['foo-bar-nosched', 'foo-baz-nosched', 'foo-noexec-10'], b: ['all'], want: ['all'] },
    { name: 'merge into all', a: ['all'], b: ['foo-bar-nosched', 'foo-baz-nosched', 'foo-noexec-10'], want: ['all'] },
  ])('$name', ({ a, b, want }) => {
    expect(mergeTolerations(tl(a), tl(b))).toEqual(tl(want));
  });
});

describe('RuntimeClass (upstream runtimeclass admission: setOverhead, setScheduling, validateOverhead)', () => {
  const kata: RuntimeClass = {
    apiVersion: 'node.k8s.io/v1', kind: 'RuntimeClass', metadata: { name: 'kata' }, handler: 'kata',
    overhead: { podFixed: { cpu: '250m', memory: '120Mi' } },
    scheduling: { nodeSelector: { sandbox: 'kata' }, tolerations: [{ key: 'sandbox', operator: 'Exists', effect: 'NoSchedule' }] },
  };
  const withClass = (name: string, f: (p: Pod) => void = () => {}) => { const p = makePod().name('p').obj(); p.spec.runtimeClassName = name; f(p); return p; };
  it('copies overhead.podFixed into spec.overhead', () => {
    expect(admitted(withClass('kata'), ctx({ runtimeClasses: [kata] })).spec.overhead).toEqual({ cpu: '250m', memory: '120Mi' });
  });
  it('accepts an overhead equal to the class one, written differently (Semantic.DeepEqual on quantities)', () => {
    expect(admitted(withClass('kata', (p) => { p.spec.overhead = { cpu: '0.25', memory: '125829120' }; }), ctx({ runtimeClasses: [kata] })).spec.overhead).toEqual({ cpu: '250m', memory: '120Mi' });
  });
  it("rejects a pod whose overhead differs from the class's", () => {
    expect(rejected(withClass('kata', (p) => { p.spec.overhead = { cpu: '1' }; }), ctx({ runtimeClasses: [kata] })))
      .toBe('pods "p" is forbidden: pod rejected: Pod\'s Overhead doesn\'t match RuntimeClass\'s defined Overhead');
  });
  it('rejects an overhead without a RuntimeClass that defines one', () => {
    const p = makePod().name('p').overhead({ cpu: '1' }).obj();
    expect(rejected(p, ctx())).toBe('pods "p" is forbidden: pod rejected: Pod Overhead set without corresponding RuntimeClass defined Overhead');
  });
  it('rejects an unknown RuntimeClass', () => {
    expect(rejected(withClass('gvisor'), ctx())).toBe('pods "p" is forbidden: pod rejected: RuntimeClass "gvisor" not found');
  });
  it('merges scheduling.nodeSelector and tolerations', () => {
    const out = admitted(withClass('kata', (p) => { p.spec.nodeSelector = { disk: 'ssd' }; }), ctx({ runtimeClasses: [kata] }));
    expect(out.spec.nodeSelector).toEqual({ disk: 'ssd', sandbox: 'kata' });
    expect(out.spec.tolerations).toEqual([d300(NOT_READY), d300(UNREACHABLE), { key: 'sandbox', operator: 'Exists', effect: 'NoSchedule' }]);
  });
  it('rejects a node selector that conflicts with the class', () => {
    expect(rejected(withClass('kata', (p) => { p.spec.nodeSelector = { sandbox: 'gvisor' }; }), ctx({ runtimeClasses: [kata] })))
      .toBe('pods "p" is forbidden: conflict: runtimeClass.scheduling.nodeSelector[sandbox] = kata; pod.spec.nodeSelector[sandbox] = gvisor');
  });
});

describe('PodNodeSelector and OriginPodNodeEnvironment (namespace node selectors)', () => {
  const namespaces = [
    ns('default'),
    ns('west', { 'scheduler.alpha.kubernetes.io/node-selector': 'region=west, tier = web' }),
    ns('project', { 'openshift.io/node-selector': 'region=west' }),
    ns('both', { 'scheduler.alpha.kubernetes.io/node-selector': 'region=east', 'openshift.io/node-selector': 'region=west' }),
  ];
  it('merges the namespace selector into the pod (labels.Merge)', () => {
    expect(admitted(makePod().name('p').namespace('west').nodeSelector({ disk: 'ssd' }).obj(), ctx({ namespaces })).spec.nodeSelector).toEqual({ region: 'west', tier: 'web', disk: 'ssd' });
  });
  it('rejects a conflicting pod selector', () => {
    expect(rejected(makePod().name('p').namespace('west').nodeSelector({ region: 'east' }).obj(), ctx({ namespaces })))
      .toBe('pods "p" is forbidden: pod node label selector conflicts with its namespace node label selector');
  });
  it('OpenShift project node selector', () => {
    expect(admitted(makePod().name('p').namespace('project').obj(), ctx({ namespaces })).spec.nodeSelector).toEqual({ region: 'west' });
    expect(rejected(makePod().name('q').namespace('project').nodeSelector({ region: 'east' }).obj(), ctx({ namespaces })))
      .toBe('pods "q" is forbidden: pod node label selector conflicts with its project node label selector');
  });
  it('OpenShift: a bound pod on a node outside the project selector', () => {
    const c = ctx({ namespaces: [ns('default'), ns('project', { 'openshift.io/node-selector': 'region=east' })] });
    expect(rejected(makePod().name('p').namespace('project').node('node-a').obj(), c)).toBe('pods "p" is forbidden: pod node name conflicts with project node label selector');
  });
  it('the OpenShift plugin steps aside when the Kubernetes annotation is present', () => {
    expect(admitted(makePod().name('p').namespace('both').obj(), ctx({ namespaces })).spec.nodeSelector).toEqual({ region: 'east' });
  });
});

describe('PodTolerationRestriction (namespace default tolerations)', () => {
  it('merges the namespace defaults after the pod tolerations (MergeTolerations(pod, defaults))', () => {
    const c = ctx({ namespaces: [ns('default'), ns('gpu', { 'scheduler.alpha.kubernetes.io/defaultTolerations': '[{"key":"gpu","operator":"Exists","effect":"NoSchedule"}]' })] });
    expect(admitted(makePod().name('p').namespace('gpu').obj(), c).spec.tolerations).toEqual([d300(NOT_READY), d300(UNREACHABLE), { key: 'gpu', operator: 'Exists', effect: 'NoSchedule' }]);
  });
});

describe('defaulting and the pod strategy', () => {
  it('requests default from limits; schedulerName, terminationGracePeriodSeconds, restartPolicy, namespace', () => {
    const p = makePod().name('p').container({ name: 'c', resources: { limits: { cpu: '1', memory: '1Gi' }, requests: { cpu: '500m' } } }).obj();
    delete p.metadata.namespace;
    const out = admitted(p, ctx());
    expect(out.spec.containers[0]!.resources).toEqual({ limits: { cpu: '1', memory: '1Gi' }, requests: { cpu: '500m', memory: '1Gi' } });
    expect(out.spec).toMatchObject({ schedulerName: 'default-scheduler', terminationGracePeriodSeconds: 30, restartPolicy: 'Always' });
    expect(out.metadata.namespace).toBe('default');
  });
  it('hostNetwork: container ports default their hostPort (defaultHostNetworkPorts), protocol TCP', () => {
    const p = makePod().name('p').container({ name: 'c', ports: [{ containerPort: 8080 }] }).obj();
    p.spec.hostNetwork = true;
    expect(admitted(p, ctx()).spec.containers[0]!.ports).toEqual([{ containerPort: 8080, hostPort: 8080, protocol: 'TCP' }]);
  });
  it('folds matchLabelKeys of pod affinity into the selector (applyMatchLabelKeys) and keeps topology spread matchLabelKeys', () => {
    const p = makePod().name('p').label('app', 'web').label('pod-template-hash', 'abc')
      .podAntiAffinity({ labelSelector: { matchLabels: { app: 'web' } }, topologyKey: 'zone', matchLabelKeys: ['pod-template-hash'] })
      .spreadConstraint(1, 'zone', 'DoNotSchedule', { matchLabels: { app: 'web' } }, { matchLabelKeys: ['pod-template-hash'] })
      .obj();
    const out = admitted(p, ctx());
    expect(out.spec.affinity?.podAntiAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.[0]?.labelSelector).toEqual({
      matchLabels: { app: 'web' }, matchExpressions: [{ key: 'pod-template-hash', operator: 'In', values: ['abc'] }],
    });
    expect(out.spec.topologySpreadConstraints?.[0]).toEqual({ maxSkew: 1, topologyKey: 'zone', whenUnsatisfiable: 'DoNotSchedule', labelSelector: { matchLabels: { app: 'web' } }, matchLabelKeys: ['pod-template-hash'] });
  });
  it('rejects a pod in a namespace that does not exist (NamespaceLifecycle)', () => {
    expect(rejected(makePod().name('p').namespace('ghost').obj(), ctx())).toBe('namespaces "ghost" not found');
  });
  it('rejects a second pod with the same name', () => {
    const c = ctx();
    admitted(makePod().name('p').obj(), c);
    expect(rejected(makePod().name('p').obj(), c)).toBe('pods "p" already exists');
  });
  it('generateName and uids are deterministic', () => {
    const gen = () => { const p = makePod().obj(); p.metadata.name = ''; p.metadata.generateName = 'web-'; return p; };
    const run = () => { const c = ctx(); return [admitted(gen(), c), admitted(gen(), c)].map((p) => [p.metadata.name, p.metadata.uid]); };
    const first = run();
    expect(run()).toEqual(first);
    expect(first[0]![0]).toMatch(/^web-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
    expect(first[0]![0]).not.toBe(first[1]![0]);
    expect(first[0]![1]).not.toBe(first[1]![1]);
  });
  it('does not change the pod it was given', () => {
    const p = makePod().name('p').obj();
    const before = JSON.stringify(p);
    admitted(p, ctx());
    expect(JSON.stringify(p)).toBe(before);
  });
});
