// upstream: pkg/scheduler/framework/plugins/helper/spread_test.go (TestGetPodServices), and
// DefaultSelector cases as exercised by podtopologyspread's tests (named after those rows) or read
// off spread.go (owner kinds, controller flag, namespaces).

import { describe, expect, it } from 'vitest';
import { compileLabelSelector } from '../../model/selectors';
import type { LabelSelector, Labels, Pod, Service, Workload } from '../../model/types';
import { makePod } from '../../testing/builders';
import { testLister } from '../../testing/framework';
import { defaultSelector, getPodServices, isEmptySelector } from './spread';

const service = (name: string, namespace: string, selector: Labels | undefined): Service =>
  ({ apiVersion: 'v1', kind: 'Service', metadata: { name, namespace }, spec: selector === undefined ? {} : { selector } });
const workload = (kind: string, name: string, selector: unknown, apiVersion = 'apps/v1'): Workload =>
  ({ apiVersion, kind, metadata: { name, namespace: 'default' }, spec: { selector: selector as LabelSelector, template: { spec: { containers: [] } } } });

describe('GetPodServices (TestGetPodServices)', () => {
  const services = [0, 1, 2].map((i) => service(`service-${i}`, 'test', { app: `test-${i}` }));
  const pods = [0, 1, 2, 3, 4].map((i) => makePod().name(`test-pod-${i}`).namespace('test').label('app', `test-${i}`).label('label', `label-${i}`).obj());
  const cluster = testLister({ nodes: [], services });
  it.each([
    { name: 'GetPodServices for pod-0', pod: pods[0]!, want: ['service-0'] },
    { name: 'GetPodServices for pod-1', pod: pods[1]!, want: ['service-1'] },
    { name: 'GetPodServices for pod-2', pod: pods[2]!, want: ['service-2'] },
    { name: 'GetPodServices for pod-3', pod: pods[3]!, want: [] },
    { name: 'GetPodServices for pod-4', pod: pods[4]!, want: [] },
  ])('$name', ({ pod, want }) => {
    expect(getPodServices(cluster, pod).map((s) => s.metadata.name)).toEqual(want);
  });

  it('skips Services without a selector (they match nothing) and Services in other namespaces', () => {
    const pod = makePod().name('p').namespace('test').label('app', 'x').obj();
    const c = testLister({ nodes: [], services: [service('no-selector', 'test', undefined), service('other-ns', 'other', { app: 'x' }), service('match', 'test', { app: 'x' })] });
    expect(getPodServices(c, pod).map((s) => s.metadata.name)).toEqual(['match']);
  });
});

interface SelectorRow {
  name: string;
  pod: Pod;
  services?: Service[];
  workloads?: Workload[];
  /** labels the derived selector must match, and must not match; empty means no default spreading */
  matches?: Labels[];
  rejects?: Labels[];
  empty?: true;
}

const rows: SelectorRow[] = [
  {
    name: 'default constraints and a service (podtopologyspread TestPreFilterState)',
    pod: makePod().name('p').labels({ foo: 'bar', baz: 'kar' }).obj(),
    services: [service('s', 'default', { foo: 'bar' })],
    matches: [{ foo: 'bar' }, { foo: 'bar', baz: 'other' }], rejects: [{ baz: 'kar' }, { foo: 'baz' }],
  },
  {
    name: "default constraints and a service that doesn't match (podtopologyspread TestPreFilterState)",
    pod: makePod().name('p').label('foo', 'bar').obj(),
    services: [service('s', 'default', { baz: 'kep' })],
    empty: true,
  },
  {
    name: 'system default constraints and a replicaset (podtopologyspread TestPreScoreStateEmptyNodes)',
    pod: makePod().name('p').labels({ foo: 'tar', baz: 'sup' }).ownerReference('ReplicaSet', 'rs1').obj(),
    workloads: [workload('ReplicaSet', 'rs1', { matchExpressions: [{ key: 'foo', operator: 'Exists' }] })],
    matches: [{ foo: '' }, { foo: 'x' }], rejects: [{ baz: 'sup' }],
  },
  {
    name: "default constraints and a replicaset that doesn't match (podtopologyspread TestPreScoreSkip)",
    pod: makePod().name('p').labels({ foo: 'bar', baz: 'sup' }).ownerReference('ReplicaSet', 'rs2').obj(),
    workloads: [workload('ReplicaSet', 'rs1', { matchExpressions: [{ key: 'tar', operator: 'Exists' }] })],
    empty: true,
  },
  {
    name: 'Services and the ReplicaSet are ANDed',
    pod: makePod().name('p').labels({ app: 'web', tier: 'front', 'pod-template-hash': 'abc' }).ownerReference('ReplicaSet', 'web-abc').obj(),
    services: [service('web', 'default', { app: 'web' }), service('front', 'default', { tier: 'front' })],
    workloads: [workload('ReplicaSet', 'web-abc', { matchLabels: { app: 'web', 'pod-template-hash': 'abc' } })],
    matches: [{ app: 'web', tier: 'front', 'pod-template-hash': 'abc' }],
    rejects: [{ app: 'web', tier: 'front' }, { app: 'web', 'pod-template-hash': 'abc' }],
  },
  {
    name: 'StatefulSet owner',
    pod: makePod().name('db-0').label('app', 'db').ownerReference('StatefulSet', 'db').obj(),
    workloads: [workload('StatefulSet', 'db', { matchLabels: { app: 'db' } })],
    matches: [{ app: 'db' }], rejects: [{ app: 'web' }],
  },
  {
    name: 'ReplicationController owner (selector is a label map, core/v1)',
    pod: makePod().name('rc-x').label('app', 'legacy').ownerReference('ReplicationController', 'rc', 'v1').obj(),
    workloads: [workload('ReplicationController', 'rc', { app: 'legacy' }, 'v1')],
    matches: [{ app: 'legacy' }], rejects: [{}],
  },
  {
    name: 'ReplicationController owner (selector held as {matchLabels})',
    pod: makePod().name('rc-x').label('app', 'legacy').ownerReference('ReplicationController', 'rc', 'v1').obj(),
    workloads: [workload('ReplicationController', 'rc', { matchLabels: { app: 'legacy' } }, 'v1')],
    matches: [{ app: 'legacy' }], rejects: [{}],
  },
  {
    name: 'Job owner is not a supported controller',
    pod: makePod().name('j').label('job-name', 'j').ownerReference('Job', 'j', 'batch/v1').obj(),
    workloads: [workload('Job', 'j', { matchLabels: { 'job-name': 'j' } }, 'batch/v1')],
    empty: true,
  },
  {
    name: 'a ReplicaSet in another API group version is not the apps/v1 ReplicaSet',
    pod: makePod().name('p').label('app', 'x').ownerReference('ReplicaSet', 'rs', 'extensions/v1beta1').obj(),
    workloads: [workload('ReplicaSet', 'rs', { matchLabels: { app: 'x' } })],
    empty: true,
  },
  {
    name: 'an owner reference that is not the controller is ignored',
    pod: (() => {
      const p = makePod().name('p').label('app', 'x').obj();
      p.metadata.ownerReferences = [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'rs', controller: false }];
      return p;
    })(),
    workloads: [workload('ReplicaSet', 'rs', { matchLabels: { app: 'x' } })],
    empty: true,
  },
];

describe('DefaultSelector', () => {
  it.each(rows)('$name', (row) => {
    const selector = defaultSelector(row.pod, testLister({ nodes: [], services: row.services, workloads: row.workloads }));
    expect(isEmptySelector(selector)).toBe(row.empty === true);
    const compiled = compileLabelSelector(selector);
    for (const labels of row.matches ?? []) expect({ labels, matches: compiled.matches(labels) }).toEqual({ labels, matches: true });
    for (const labels of row.rejects ?? []) expect({ labels, matches: compiled.matches(labels) }).toEqual({ labels, matches: false });
  });
});
