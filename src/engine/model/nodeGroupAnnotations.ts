// The annotations that size a node group (cluster-autoscaler's kwok cloud provider), in a module
// without imports: the page's own chunk names them (src/engine/readers.ts) without the decoders
// ./autoscaler.ts brings.

/** upstream: cloudprovider/kwok/kwok_constants.go */
export const NG_MIN_SIZE_ANNOTATION = 'cluster-autoscaler.kwok.nodegroup/min-count';
export const NG_MAX_SIZE_ANNOTATION = 'cluster-autoscaler.kwok.nodegroup/max-count';
