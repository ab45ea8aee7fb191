// A view fetched when it is first drawn, as a chunk of its own. For the views a lesson link's first
// frame does not show and that would otherwise bring large code onto its critical path (issue 22,
// bench/browser/lessonFirstLoad.spec.ts): the `yaml` package (fix texts, Compare's presets) and the
// engine's admission and policy-fix code. Nothing is drawn while the chunk downloads.

import { lazy, Suspense, type ComponentType } from 'react';

export function lazyView<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const View = lazy(async () => ({ default: await load() }));
  function LazyView(props: P) {
    return <Suspense fallback={null}><View {...props} /></Suspense>;
  }
  return LazyView;
}
