// What ./lazy.ts fetches: ./index, through a module nothing imports statically, so that the
// bundler makes it a chunk of its own in the page's engine worker.
export { deschedule } from './index';
