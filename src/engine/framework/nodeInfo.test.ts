// NodeInfo bookkeeping, as upstream's TestNodeInfoClone and TestNodeInfoRemovePod (framework/types_test.go)
// check it; the rows are ours: a clone changes apart from its original, removing a pod gives back what adding it took.
import { describe, expect, it } from 'vitest';
import { makeNode, makePod } from '../testing/builders';
import { NodeInfo } from './nodeInfo';
import { newPodInfo } from './podInfo';

const node = () => makeNode().name('n1').capacity({ cpu: '4', memory: '8Gi', pods: '110' }).obj();
const web = newPodInfo(makePod().name('web').req({ cpu: '500m', memory: '1Gi' }).hostPort(8080).obj());
const db = newPodInfo(makePod().name('db').req({ cpu: '1', memory: '2Gi' }).podAntiAffinityExists('app', 'kubernetes.io/hostname').obj());

describe('NodeInfo', () => {
  it('a clone starts equal and changes apart from its original', () => {
    const original = new NodeInfo(node());
    original.addPod(web);
    original.addPod(db);
    const copy = original.clone();
    expect(copy.isCopy).toBe(true);
    expect(original.isCopy).toBe(false);
    expect(copy.generation).toBe(original.generation);
    expect(copy.requested).toEqual(original.requested);

    expect(copy.removePod(db.key)).toBe(true);
    expect(copy.removePod(web.key)).toBe(true);
    expect(copy.pods).toEqual([]);
    expect(copy.podsWithRequiredAntiAffinity).toEqual([]);
    expect(copy.requested.milliCPU).toBe(0);
    expect(copy.usedPorts.checkConflict({ ip: '', protocol: 'TCP', port: 8080 })).toBe(false);

    expect(original.pods.map((p) => p.key)).toEqual([web.key, db.key]);
    expect(original.podsWithRequiredAntiAffinity.map((p) => p.key)).toEqual([db.key]);
    expect(original.requested.milliCPU).toBe(1500);
    expect(original.usedPorts.checkConflict({ ip: '', protocol: 'TCP', port: 8080 })).toBe(true);
  });

  it('removing a pod gives back its requests and its host ports; an unknown key changes nothing', () => {
    const info = new NodeInfo(node());
    info.addPod(db);
    info.addPod(web);
    const before = info.generation;
    expect(info.removePod('default/absent')).toBe(false);
    expect(info.generation).toBe(before);
    expect(info.removePod(web.key)).toBe(true);
    expect(info.requested.milliCPU).toBe(1000);
    expect(info.requested.memory).toBe(2 * 1024 ** 3);
    expect(info.usedPorts.size).toBe(0);
    expect(info.generation).toBe(before + 1);
    info.addPod(web);
    expect(info.usedPorts.checkConflict({ ip: '10.0.0.1', protocol: 'TCP', port: 8080 })).toBe(true);
  });
});
