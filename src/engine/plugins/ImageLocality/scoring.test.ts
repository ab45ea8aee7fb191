// Cases from upstream imagelocality/image_locality_test.go (TestImageLocalityPriority, TestNormalizedImageName).
import { describe, expect, it } from 'vitest';
import { CycleState } from '../../framework/cycleState';
import { newPodInfo } from '../../framework/podInfo';
import type { ContainerImage, Node } from '../../model/types';
import { makeNode, makePod, type PodWrapper } from '../../testing/builders';
import { newTestEnv } from '../../testing/framework';
import { KUBERNETES_VERSIONS, versionSwitches, type KubernetesVersion } from '../../versions';
import { ImageLocality } from './index';
import { normalizedImageName } from './scoring';

const mb = 1024 * 1024;
const image = (sizeMb: number, ...names: string[]): ContainerImage => ({ names, sizeBytes: sizeMb * mb });

// upstream's node image lists
const node403002000 = [image(40, 'gcr.io/40:latest', 'gcr.io/40:v1', 'gcr.io/40:v1'), image(300, 'gcr.io/300:latest', 'gcr.io/300:v1'), image(2000, 'gcr.io/2000:latest')];
const node25010 = [image(250, 'gcr.io/250:latest'), image(10, 'gcr.io/10:latest', 'gcr.io/10:v1')];
const node60040900 = [image(600, 'gcr.io/600:latest'), image(40, 'gcr.io/40:latest'), image(900, 'gcr.io/900:latest')];
const node300600900 = [image(300, 'gcr.io/300:latest'), image(600, 'gcr.io/600:latest'), image(900, 'gcr.io/900:latest')];
const node400030 = [image(4000, 'gcr.io/4000:latest'), image(30, 'gcr.io/30:latest')];
const node203040 = [image(20, 'gcr.io/20:latest'), image(30, 'gcr.io/30:latest'), image(40, 'gcr.io/40:latest')];
const nodeWithNoImages: ContainerImage[] = [];

function imageNode(name: string, images: ContainerImage[]): Node {
  const n = makeNode().name(name).obj();
  n.status.images = images;
  return n;
}

const podWith = (...images: string[]) => images.reduce((w, img) => w.containerImage(img), makePod().name('p'));

const rows: { name: string; pod: PodWrapper; nodes: Node[]; expected: number[] }[] = [
  {
    name: 'two images spread on two nodes, prefer the larger image one', pod: podWith('gcr.io/40', 'gcr.io/250'),
    nodes: [imageNode('node1', node403002000), imageNode('node2', node25010)], expected: [0, 5],
  },
  {
    name: 'two images on one node, prefer this node', pod: podWith('gcr.io/40', 'gcr.io/300'),
    nodes: [imageNode('node1', node403002000), imageNode('node2', node25010)], expected: [7, 0],
  },
  {
    name: 'if exceed limit, use limit', pod: podWith('gcr.io/10', 'gcr.io/4000'),
    nodes: [imageNode('node1', node400030), imageNode('node2', node25010)], expected: [100, 0],
  },
  {
    name: 'if exceed limit, use limit (with node which has no images present)', pod: podWith('gcr.io/10', 'gcr.io/4000'),
    nodes: [imageNode('node1', node400030), imageNode('node2', node25010), imageNode('node3', nodeWithNoImages)], expected: [66, 0, 0],
  },
  {
    name: 'pod with multiple large images, node2 is preferred', pod: podWith('gcr.io/300', 'gcr.io/600', 'gcr.io/900'),
    nodes: [imageNode('node1', node60040900), imageNode('node2', node300600900), imageNode('node3', nodeWithNoImages)], expected: [32, 36, 0],
  },
  {
    name: 'pod with multiple small images', pod: podWith('gcr.io/30', 'gcr.io/40'),
    nodes: [imageNode('node1', node203040), imageNode('node2', node400030)], expected: [1, 0],
  },
  {
    name: 'include InitContainers: two images spread on two nodes, prefer the larger image one', pod: podWith('gcr.io/30').initContainerImage('gcr.io/300'),
    nodes: [imageNode('node1', node403002000), imageNode('node2', node203040)], expected: [6, 0],
  },
];

function scores(pod: PodWrapper, nodes: Node[], version: KubernetesVersion): unknown[] {
  const env = newTestEnv({ nodes, versionSwitches: versionSwitches(version) });
  const plugin = ImageLocality.factory(undefined, env.handle);
  const podInfo = newPodInfo(pod.obj());
  const state = new CycleState();
  return nodes.map((n) => plugin.score!(state, podInfo, env.snapshot.get(n.metadata.name)!));
}

// A pod without image volumes scores the same at every version.
describe.each(KUBERNETES_VERSIONS)('ImageLocality Score (TestImageLocalityPriority) at v%s', (version) => {
  it.each(rows)('$name', ({ pod, nodes, expected }) => {
    expect(scores(pod, nodes, version)).toEqual(expected);
  });
});

// Image volumes (spec.volumes[].image): not scored at 1.35; from 1.36 (PR #130231) their images add
// to the sum while the threshold still counts only the containers; from 1.37 (PR #138951) the
// threshold counts them too. Worked by hand: node1 holds gcr.io/40 (40 MiB) and gcr.io/300 (300 MiB),
// each on 1 of 2 nodes, so they count 20 and 150 MiB. 1.35: 20 < 23 MiB -> 0. 1.36: 170 MiB over
// one 1000 MiB threshold -> 100*(170-23)/(1000-23) = 15. 1.37: over two -> 100*147/1977 = 7, the
// score of the same two images as containers (upstream row "two images on one node, prefer this node").
describe('ImageLocality Score with an image volume, per version', () => {
  const nodes = () => [imageNode('node1', node403002000), imageNode('node2', node25010)];
  const withImageVolume = () => podWith('gcr.io/40').volume({ name: 'models', image: { reference: 'gcr.io/300' } });
  it.each([
    { version: '1.35' as const, expected: [0, 0] },
    { version: '1.36' as const, expected: [15, 0] },
    { version: '1.37' as const, expected: [7, 0] },
  ])('v$version: $expected', ({ version, expected }) => {
    expect(scores(withImageVolume(), nodes(), version)).toEqual(expected);
  });
  it('v1.37 scores an image volume as the same image in a container', () => {
    expect(scores(withImageVolume(), nodes(), '1.37')).toEqual(scores(podWith('gcr.io/40', 'gcr.io/300'), nodes(), '1.37'));
  });
});

describe('normalizedImageName (TestNormalizedImageName)', () => {
  const digest = 'sha256:4813494d137e1631bba301d5acab6e7bb7aa74ce1185d456565ef51d737677b2';
  it.each([
    { name: 'add :latest postfix 1', input: 'root', output: 'root:latest' },
    { name: 'add :latest postfix 2', input: 'gcr.io:5000/root', output: 'gcr.io:5000/root:latest' },
    { name: 'keep it as is 1', input: 'root:tag', output: 'root:tag' },
    { name: 'keep it as is 2', input: `root@${digest}`, output: `root@${digest}` },
  ])('$name', ({ input, output }) => expect(normalizedImageName(input)).toBe(output));
});
