// Cases from upstream imagelocality/image_locality_test.go (TestImageLocalityPriority, TestNormalizedImageName).
import { describe, expect, it } from 'vitest';
import { CycleState } from '../../framework/cycleState';
import { newPodInfo } from '../../framework/podInfo';
import type { ContainerImage, Node } from '../../model/types';
import { makeNode, makePod, type PodWrapper } from '../../testing/builders';
import { newTestEnv } from '../../testing/framework';
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

describe('ImageLocality Score (TestImageLocalityPriority)', () => {
  it.each(rows)('$name', ({ pod, nodes, expected }) => {
    const env = newTestEnv({ nodes });
    const plugin = ImageLocality.factory(undefined, env.handle);
    const podInfo = newPodInfo(pod.obj());
    const state = new CycleState();
    expect(nodes.map((n) => plugin.score!(state, podInfo, env.snapshot.get(n.metadata.name)!))).toEqual(expected);
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
