import { describe, expect, it } from 'vitest';
import { objectKinds } from '../engine/model/decode/kinds';
import { DEVICE_TAINT_RULE_SERVED_SINCE } from '../engine/model/resource';
import { KUBECTL_LEFT_OUT, KUBECTL_RESOURCES, kubectlDumpCommand } from './kubectlCommand';
import { SIMULATED_KINDS } from './objects';

describe('the kubectl command the import dialog suggests', () => {
  it('asks for every kind the importer keeps, or says why it leaves one out', () => {
    const missing = Object.keys(SIMULATED_KINDS).filter((kind) => !(kind in KUBECTL_RESOURCES) && !(kind in KUBECTL_LEFT_OUT));
    expect(missing).toEqual([]);
  });

  it('asks only for kinds the importer keeps and the loader reads', () => {
    const unread = Object.keys(KUBECTL_RESOURCES).filter((kind) => !(kind in SIMULATED_KINDS) || !(kind in objectKinds));
    expect(unread).toEqual([]);
  });

  it('names the storage, DRA and policy kinds a Pending pod can hinge on', () => {
    const command = kubectlDumpCommand();
    for (const resource of ['pv', 'pvc', 'storageclasses', 'csinodes', 'csidrivers', 'csistoragecapacities', 'deviceclasses', 'resourceslices', 'resourceclaims', 'priorityclasses', 'pdb', 'namespaces']) {
      expect(command.split(' ')[2]!.split(',')).toContain(resource);
    }
    expect(command).toMatch(/ -A -o yaml$/);
  });

  it('leaves the DRA kinds out for a cluster that does not serve resource.k8s.io/v1', () => {
    expect(kubectlDumpCommand({ dra: false })).not.toContain('resourceslices');
    expect(kubectlDumpCommand({ dra: false })).toContain('pvc');
  });

  it('says DeviceTaintRule is served by default only from 1.37 (resource.k8s.io/v1), so the command leaves it out', () => {
    expect(kubectlDumpCommand().split(' ')[2]!.split(',')).not.toContain('devicetaintrules');
    // the API version the newest release serves (GA, on by default) is the one the text says to add
    const [ga] = Object.entries(DEVICE_TAINT_RULE_SERVED_SINCE).find(([, since]) => since === '1.37')!;
    expect(KUBECTL_LEFT_OUT.DeviceTaintRule).toContain(`${ga} is served by default from 1.37`);
  });
});
