// Rows after upstream pkg/controller/volume/ephemeral/controller_test.go (TestSyncHandler).
import { describe, expect, it } from 'vitest';
import { NameGenerator } from '../model/names';
import { makePod } from '../testing/builders';
import { makeStorageClass } from '../testing/storage';
import { ephemeralVolumeClaims, type EphemeralVolumeContext } from './ephemeral';

const template = { metadata: { labels: { tier: 'cache' } }, spec: { accessModes: ['ReadWriteOnce' as const], resources: { requests: { storage: '1Gi' } } } };
const pod = () => makePod().name('web').namespace('ns').uid('pod-uid')
  .volume({ name: 'scratch', ephemeral: { volumeClaimTemplate: template } })
  .volume({ name: 'data', persistentVolumeClaim: { claimName: 'data' } }).obj();
const ctx = (existing: string[] = [], classes = [makeStorageClass().name('fast').obj()]): EphemeralVolumeContext => ({
  names: new NameGenerator(), now: 7, storageClasses: classes,
  claimExists: (ns, name) => existing.includes(`${ns}/${name}`),
});

describe('ephemeralVolumeClaims', () => {
  it('no-volumes: nothing to create', () => {
    expect(ephemeralVolumeClaims(makePod().name('p').obj(), ctx())).toEqual([]);
  });

  it('create-with-volume: one claim named <pod>-<volume>, owned by the pod, from the template', () => {
    const [claim, ...rest] = ephemeralVolumeClaims(pod(), ctx());
    expect(rest).toEqual([]);
    expect(claim!.metadata).toMatchObject({
      name: 'web-scratch', namespace: 'ns', creationTimestamp: 7, labels: { tier: 'cache' },
      ownerReferences: [{ apiVersion: 'v1', kind: 'Pod', name: 'web', uid: 'pod-uid', controller: true, blockOwnerDeletion: true }],
    });
    expect(claim!.spec).toEqual(template.spec);
    expect(claim!.status.phase).toBe('Pending');
  });

  it('create-with-volume: the claim goes through DefaultStorageClass admission', () => {
    const def = makeStorageClass().name('standard').obj();
    def.metadata.annotations = { 'storageclass.kubernetes.io/is-default-class': 'true' };
    expect(ephemeralVolumeClaims(pod(), ctx([], [def]))[0]!.spec.storageClassName).toBe('standard');
    expect(ephemeralVolumeClaims(pod(), ctx())[0]!.spec.storageClassName).toBeUndefined();
  });

  it('found-other-pvc: a claim of that name exists, none is created', () => {
    expect(ephemeralVolumeClaims(pod(), ctx(['ns/web-scratch']))).toEqual([]);
  });
});
