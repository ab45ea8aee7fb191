// ImageLocality Score: prefer nodes that already hold the pod's images, scaled by how widely
// each image has spread (to avoid piling pods onto the few nodes that have it).
// upstream: pkg/scheduler/framework/plugins/imagelocality/image_locality.go

import { MAX_NODE_SCORE } from '../../framework/interfaces';
import type { ImageStateSummary, NodeInfo } from '../../framework/nodeInfo';
import type { Pod } from '../../model/types';

const mb = 1024 * 1024;
/** upstream: minThreshold — 23 MiB */
export const minThreshold = 23 * mb;
/** upstream: maxContainerThreshold — 1000 MiB per container */
export const maxContainerThreshold = 1000 * mb;

/** upstream: normalizedImageName — append ":latest" when the reference has no tag (a digest counts as one). */
export function normalizedImageName(name: string): string {
  return name.lastIndexOf(':') <= name.lastIndexOf('/') ? `${name}:latest` : name;
}

/** upstream: scaledImageScore — the image size times the share of nodes that have it (float, then truncated). */
function scaledImageScore(state: ImageStateSummary, totalNumNodes: number): number {
  const spread = state.numNodes / totalNumNodes;
  return Math.trunc(state.size * spread);
}

/** Which image sources a version scores: image volumes from v1.36, and counted in the threshold from v1.37. */
export interface ImageLocalityVersion {
  /** v1.36+ (PR #130231): the images of the pod's image volumes count in the sum */
  imageVolumes: boolean;
  /** v1.37+ (PR #138951): and in the number of images that sets the maximum threshold */
  imageVolumesInThreshold: boolean;
}

/** v1.35: containers and init containers only */
export const IMAGE_LOCALITY_V1_35: ImageLocalityVersion = { imageVolumes: false, imageVolumesInThreshold: false };

/**
 * upstream: sumImageScores — init containers, containers and (v1.36+) image volumes whose image
 * the node has; with the number of image sources the threshold scales by (v1.37+ it counts the
 * image volumes too: before, only the containers).
 */
export function sumImageScores(nodeInfo: NodeInfo, pod: Pod, totalNumNodes: number, version: ImageLocalityVersion = IMAGE_LOCALITY_V1_35): { sum: number; imageCount: number } {
  const images = podImages(pod);
  const volumeImages = version.imageVolumes ? podVolumeImages(pod) : [];
  const imageCount = images.length + (version.imageVolumesInThreshold ? volumeImages.length : 0);
  if (nodeInfo.imageStates.size === 0) return { sum: 0, imageCount };
  let sum = 0;
  for (const image of [...images, ...volumeImages]) {
    const state = nodeInfo.imageStates.get(image);
    if (state) sum += scaledImageScore(state, totalNumNodes);
  }
  return { sum, imageCount };
}

/** the normalized image names of the pod's init containers and containers, computed once per pod (Score runs per node) */
const imagesOfPod = new WeakMap<Pod, string[]>();
function podImages(pod: Pod): string[] {
  let images = imagesOfPod.get(pod);
  if (!images) {
    images = [...(pod.spec.initContainers ?? []), ...(pod.spec.containers ?? [])].map((c) => normalizedImageName(c.image ?? ''));
    imagesOfPod.set(pod, images);
  }
  return images;
}

/** the normalized references of the pod's image volumes (upstream: volume.Image != nil) */
const volumeImagesOfPod = new WeakMap<Pod, string[]>();
function podVolumeImages(pod: Pod): string[] {
  let images = volumeImagesOfPod.get(pod);
  if (!images) {
    images = (pod.spec.volumes ?? []).flatMap((v) => (v.image ? [normalizedImageName(v.image.reference ?? '')] : []));
    volumeImagesOfPod.set(pod, images);
  }
  return images;
}

/** upstream: calculatePriority — sum clamped to [23 MiB, 1000 MiB x containers], mapped onto 0..100. */
export function calculatePriority(sumScores: number, numContainers: number): number {
  const maxThreshold = maxContainerThreshold * numContainers;
  let sum = sumScores;
  if (sum < minThreshold) sum = minThreshold;
  else if (sum > maxThreshold) sum = maxThreshold;
  // `+ 0` turns the -0 of a pod without containers (0 / -minThreshold) into Go's 0.
  return Math.trunc((MAX_NODE_SCORE * (sum - minThreshold)) / (maxThreshold - minThreshold)) + 0;
}

export function score(pod: Pod, nodeInfo: NodeInfo, totalNumNodes: number, version: ImageLocalityVersion = IMAGE_LOCALITY_V1_35): number {
  const { sum, imageCount } = sumImageScores(nodeInfo, pod, totalNumNodes, version);
  return calculatePriority(sum, imageCount);
}
