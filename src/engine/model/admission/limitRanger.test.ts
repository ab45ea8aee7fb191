// LimitRanger: rows from upstream plugin/pkg/admission/limitranger/admission_test.go
// (TestDefaultContainerResourceRequirements, TestMergePodResourceRequirements, TestPodLimitFunc,
// TestPersistentVolumeClaimLimitFunc), named after the pod (or claim) of the upstream row.
import { describe, expect, it } from 'vitest';
import type { Pod, ResourceList, ResourceRequirements } from '../types';
import type { LimitRange, LimitRangeItem, LimitType } from '../policy';
import type { PersistentVolumeClaim } from '../storage';
import { defaultLimitRangeItem } from '../decode/policy';
import { ANNOTATION_LIMIT_RANGER, claimLimitViolations, defaultPodResources, limitRanger, podLimitViolations } from './limitRanger';

const rl = (cpu = '', memory = ''): ResourceList => ({ ...(cpu ? { cpu } : {}), ...(memory ? { memory } : {}) });
const req = (requests: ResourceList, limits: ResourceList): ResourceRequirements => ({ requests, limits });

function limitRange(...limits: LimitRangeItem[]): LimitRange {
  return { apiVersion: 'v1', kind: 'LimitRange', metadata: { name: 'abc', namespace: 'test' }, spec: { limits } };
}
/** upstream: createLimitRange(type, min, max, default, defaultRequest, maxLimitRequestRatio) */
const createLimitRange = (type: LimitType, min: ResourceList, max: ResourceList, dflt: ResourceList = {}, defaultRequest: ResourceList = {}, ratio: ResourceList = {}): LimitRange =>
  limitRange({ type, min, max, default: dflt, defaultRequest, maxLimitRequestRatio: ratio });

/** upstream: validLimitRange */
const validLimitRange = (): LimitRange => limitRange(
  { type: 'Pod', max: rl('200m', '4Gi'), min: rl('50m', '2Mi') },
  { type: 'Container', max: rl('100m', '2Gi'), min: rl('25m', '1Mi'), default: rl('75m', '10Mi'), defaultRequest: rl('50m', '5Mi') },
);

/** upstream: validPod(name, numContainers, resources) */
function validPod(name: string, n: number, resources: ResourceRequirements): Pod {
  return {
    apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'test' },
    spec: { containers: Array.from({ length: n }, (_, i) => ({ name: `foo-${i}`, image: `foo:V${i}`, resources: structuredClone(resources) })) },
    status: {},
  };
}

describe('LimitRanger defaults (upstream TestMergePodResourceRequirements)', () => {
  it.each([
    { name: 'empty-resources', input: req({}, {}), want: req(rl('50m', '5Mi'), rl('75m', '10Mi')),
      annotation: 'LimitRanger plugin set: cpu, memory request for container foo-0; cpu, memory limit for container foo-0' },
    { name: 'limit-memory (some resources set: only the empty ones merge)', input: req(rl('', '512Mi'), {}), want: req(rl('50m', '512Mi'), rl('75m', '10Mi')),
      annotation: 'LimitRanger plugin set: cpu request for container foo-0; cpu, memory limit for container foo-0' },
    { name: 'limit-memory (all resources set: nothing merges)', input: req(rl('100m', '512Mi'), rl('200m', '1G')), want: req(rl('100m', '512Mi'), rl('200m', '1G')), annotation: undefined },
  ])('$name', ({ input, want, annotation }) => {
    const pod = defaultPodResources(validPod('p', 1, input), [validLimitRange()]);
    expect(pod.spec.containers[0]!.resources).toEqual(want);
    expect(pod.metadata.annotations?.[ANNOTATION_LIMIT_RANGER]).toBe(annotation);
  });

  it('a limit without a request: the request follows the limit (API defaulting), not defaultRequest', () => {
    const pod = defaultPodResources(validPod('p', 1, req({}, rl('90m', ''))), [validLimitRange()]);
    expect(pod.spec.containers[0]!.resources).toEqual(req(rl('90m', '5Mi'), rl('90m', '10Mi')));
  });

  it('init containers are defaulted too, named "init container"', () => {
    const pod = validPod('p', 1, req(rl('10m', '1Mi'), rl('10m', '1Mi')));
    pod.spec.initContainers = [{ name: 'setup', image: 'x' }];
    const out = defaultPodResources(pod, [validLimitRange()]);
    expect(out.spec.initContainers![0]!.resources).toEqual(req(rl('50m', '5Mi'), rl('75m', '10Mi')));
    expect(out.metadata.annotations?.[ANNOTATION_LIMIT_RANGER]).toBe('LimitRanger plugin set: cpu, memory request for init container setup; cpu, memory limit for init container setup');
  });
});

describe('LimitRangeItem defaulting (upstream SetDefaults_LimitRangeItem)', () => {
  it.each([
    { name: 'default from max, defaultRequest from default', item: { type: 'Container', max: rl('2') } as LimitRangeItem, dflt: rl('2'), dreq: rl('2') },
    { name: 'defaultRequest from default before min', item: { type: 'Container', min: rl('100m'), default: rl('500m') } as LimitRangeItem, dflt: rl('500m'), dreq: rl('500m') },
    { name: 'defaultRequest from min when nothing else', item: { type: 'Container', min: rl('100m') } as LimitRangeItem, dflt: undefined, dreq: rl('100m') },
    { name: 'Pod items are not defaulted', item: { type: 'Pod', max: rl('2') } as LimitRangeItem, dflt: undefined, dreq: undefined },
  ])('$name', ({ item, dflt, dreq }) => {
    const out = defaultLimitRangeItem(item);
    expect(out.default).toEqual(dflt);
    expect(out.defaultRequest).toEqual(dreq);
  });
});

describe('LimitRanger constraints (upstream TestPodLimitFunc)', () => {
  const C = 'Container';
  const P = 'Pod';
  it.each([
    { name: 'ctr-min-cpu-request', n: 1, r: req(rl('100m'), {}), lr: createLimitRange(C, rl('50m'), {}) },
    { name: 'ctr-min-cpu-request-limit', n: 1, r: req(rl('100m'), rl('200m')), lr: createLimitRange(C, rl('50m'), {}) },
    { name: 'ctr-min-memory-request', n: 1, r: req(rl('', '60Mi'), {}), lr: createLimitRange(C, rl('', '50Mi'), {}) },
    { name: 'ctr-min-memory-request-limit', n: 1, r: req(rl('', '60Mi'), rl('', '100Mi')), lr: createLimitRange(C, rl('', '50Mi'), {}) },
    { name: 'ctr-max-cpu-request-limit', n: 1, r: req(rl('500m'), rl('1')), lr: createLimitRange(C, {}, rl('2')) },
    { name: 'ctr-max-cpu-limit', n: 1, r: req({}, rl('1')), lr: createLimitRange(C, {}, rl('2')) },
    { name: 'ctr-max-mem-request-limit', n: 1, r: req(rl('', '250Mi'), rl('', '500Mi')), lr: createLimitRange(C, {}, rl('', '1Gi')) },
    { name: 'ctr-max-cpu-ratio', n: 1, r: req(rl('500m'), rl('750m')), lr: createLimitRange(C, {}, {}, {}, {}, rl('1.5')) },
    { name: 'ctr-max-mem-limit', n: 1, r: req({}, rl('', '500Mi')), lr: createLimitRange(C, {}, rl('', '1Gi')) },
    { name: 'pod-min-cpu-request', n: 2, r: req(rl('75m'), {}), lr: createLimitRange(P, rl('100m'), {}) },
    { name: 'pod-min-cpu-request-limit', n: 2, r: req(rl('75m'), rl('200m')), lr: createLimitRange(P, rl('100m'), {}) },
    { name: 'pod-min-memory-request', n: 2, r: req(rl('', '60Mi'), {}), lr: createLimitRange(P, rl('', '100Mi'), {}) },
    { name: 'pod-min-memory-request-limit', n: 2, r: req(rl('', '60Mi'), rl('', '100Mi')), lr: createLimitRange(P, rl('', '100Mi'), {}) },
    { name: 'pod-max-cpu-request-limit', n: 2, r: req(rl('500m'), rl('1')), lr: createLimitRange(P, {}, rl('2')) },
    { name: 'pod-max-cpu-limit', n: 2, r: req({}, rl('1')), lr: createLimitRange(P, {}, rl('2')) },
    { name: 'pod-max-mem-request-limit', n: 2, r: req(rl('', '250Mi'), rl('', '500Mi')), lr: createLimitRange(P, {}, rl('', '1Gi')) },
    { name: 'pod-max-mem-limit', n: 2, r: req({}, rl('', '500Mi')), lr: createLimitRange(P, {}, rl('', '1Gi')) },
    { name: 'pod-max-mem-ratio', n: 3, r: req(rl('', '300Mi'), rl('', '450Mi')), lr: createLimitRange(P, {}, rl('', '2Gi'), {}, {}, rl('', '1.5')) },
  ])('success: $name', ({ name, n, r, lr }) => {
    expect(podLimitViolations(validPod(name, n, r), lr)).toEqual([]);
  });

  it.each([
    { name: 'ctr-min-cpu-request', n: 1, r: req(rl('40m'), {}), lr: createLimitRange(C, rl('50m'), {}), want: ['minimum cpu usage per Container is 50m, but request is 40m.'] },
    { name: 'ctr-min-cpu-request-limit', n: 1, r: req(rl('40m'), rl('200m')), lr: createLimitRange(C, rl('50m'), {}), want: ['minimum cpu usage per Container is 50m, but request is 40m.'] },
    { name: 'ctr-min-cpu-no-request-limit', n: 1, r: req({}, {}), lr: createLimitRange(C, rl('50m'), {}), want: ['minimum cpu usage per Container is 50m.  No request is specified.'] },
    { name: 'ctr-min-memory-request', n: 1, r: req(rl('', '40Mi'), {}), lr: createLimitRange(C, rl('', '50Mi'), {}), want: ['minimum memory usage per Container is 50Mi, but request is 40Mi.'] },
    { name: 'ctr-min-memory-no-request-limit', n: 1, r: req({}, {}), lr: createLimitRange(C, rl('', '50Mi'), {}), want: ['minimum memory usage per Container is 50Mi.  No request is specified.'] },
    { name: 'ctr-max-cpu-request-limit', n: 1, r: req(rl('500m'), rl('2500m')), lr: createLimitRange(C, {}, rl('2')), want: ['maximum cpu usage per Container is 2, but limit is 2500m.'] },
    { name: 'ctr-max-cpu-limit', n: 1, r: req({}, rl('2500m')), lr: createLimitRange(C, {}, rl('2')), want: ['maximum cpu usage per Container is 2, but limit is 2500m.'] },
    { name: 'ctr-max-cpu-no-request-limit', n: 1, r: req({}, {}), lr: createLimitRange(C, {}, rl('2')), want: ['maximum cpu usage per Container is 2.  No limit is specified.'] },
    { name: 'ctr-max-cpu-ratio', n: 1, r: req(rl('1250m'), rl('2500m')), lr: createLimitRange(C, {}, {}, {}, {}, rl('1')), want: ['cpu max limit to request ratio per Container is 1, but provided ratio is 2.000000.'] },
    { name: 'ctr-max-mem-request-limit', n: 1, r: req(rl('', '250Mi'), rl('', '2Gi')), lr: createLimitRange(C, {}, rl('', '1Gi')), want: ['maximum memory usage per Container is 1Gi, but limit is 2Gi.'] },
    { name: 'pod-min-cpu-request', n: 1, r: req(rl('75m'), {}), lr: createLimitRange(P, rl('100m'), {}), want: ['minimum cpu usage per Pod is 100m, but request is 75m.'] },
    { name: 'pod-max-cpu-request-limit (summed over 3 containers, printed as DecimalSI)', n: 3, r: req(rl('500m'), rl('1')), lr: createLimitRange(P, {}, rl('2')), want: ['maximum cpu usage per Pod is 2, but limit is 3.'] },
    { name: 'pod-max-mem-request-limit (bytes summed)', n: 3, r: req(rl('', '250Mi'), rl('', '500Mi')), lr: createLimitRange(P, {}, rl('', '1Gi')), want: ['maximum memory usage per Pod is 1Gi, but limit is 1572864k.'] },
    { name: 'pod-max-mem-ratio', n: 3, r: req(rl('', '250Mi'), rl('', '500Mi')), lr: createLimitRange(P, {}, rl('', '2Gi'), {}, {}, rl('', '1.5')), want: ['memory max limit to request ratio per Pod is 1500m, but provided ratio is 2.000000.'] },
  ])('error: $name', ({ name, n, r, lr, want }) => {
    expect(podLimitViolations(validPod(name, n, r), lr)).toEqual(want);
  });

  it('an init container larger than the containers sets the pod value (take max(sum, init))', () => {
    const pod = validPod('init', 2, req(rl('50m'), rl('50m')));
    pod.spec.initContainers = [{ name: 'big', resources: req(rl('300m'), rl('300m')) }];
    expect(podLimitViolations(pod, createLimitRange(P, {}, rl('200m')))).toEqual(['maximum cpu usage per Pod is 200m, but limit is 300m.']);
  });

  it('several violations: one message in brackets, as utilerrors.NewAggregate prints them', () => {
    const r = limitRanger(validPod('two', 1, req(rl('10m', '1Mi'), rl('10m', '1Mi'))), [createLimitRange(C, rl('50m', '50Mi'), {})]);
    expect(r).toEqual({ violations: '[minimum cpu usage per Container is 50m, but request is 10m., minimum memory usage per Container is 50Mi, but request is 1Mi.]' });
  });
});

describe('LimitRanger on claims (upstream TestPersistentVolumeClaimLimitFunc)', () => {
  const claim = (storage?: string): PersistentVolumeClaim => ({
    apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'c', namespace: 'test' },
    spec: { accessModes: ['ReadWriteOnce'], resources: storage ? { requests: { storage } } : {} }, status: {},
  } as PersistentVolumeClaim);
  const pvcRange = createLimitRange('PersistentVolumeClaim', { storage: '1Gi' }, { storage: '10Gi' });
  it.each([
    { name: 'pvc-min-storage-request (success)', storage: '5Gi', want: [] },
    { name: 'pvc-min-storage-request', storage: '500Mi', want: ['minimum storage usage per PersistentVolumeClaim is 1Gi, but request is 500Mi.'] },
    { name: 'pvc-max-storage-request', storage: '20Gi', want: ['maximum storage usage per PersistentVolumeClaim is 10Gi, but request is 20Gi.'] },
  ])('$name', ({ storage, want }) => {
    expect(claimLimitViolations(claim(storage), pvcRange)).toEqual(want);
  });
});
