// What ./autoscalerLazy.ts fetches: ./autoscaler, through a module nothing imports statically, so
// that the bundler makes it a chunk of its own in the page's engine worker.
export { ClusterAutoscaler } from './autoscaler';
