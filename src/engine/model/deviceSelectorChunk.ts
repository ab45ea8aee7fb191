// What model/deviceSelectorLazy.ts fetches: ./deviceSelector, through a module nothing imports
// statically, so that the bundler makes it a chunk of its own in the page's engine worker and
// sees nothing to warn about in the builds that have ./deviceSelector built in.
export { compileDeviceSelector, deviceMatches } from './deviceSelector';
