// Thin React bindings over the vanilla store: components select narrow slices.

import { createContext, useContext, useMemo } from 'react';
import { useStore } from 'zustand';
import { currentLessonProgress } from './lessonProgress';
import type { PodplayStore } from './store';
import type { PodplayState } from './types';

export const StoreContext = createContext<PodplayStore | undefined>(undefined);

export function usePodplayStore(): PodplayStore {
  const store = useContext(StoreContext);
  if (store === undefined) throw new Error('usePodplay needs a <StoreContext.Provider>');
  return store;
}

export function usePodplay<T>(selector: (state: PodplayState) => T): T {
  return useStore(usePodplayStore(), selector);
}

/** The lesson on screen and how far its story has got, recomputed only when one of its inputs changes. */
export function useLessonProgress(): ReturnType<typeof currentLessonProgress> {
  const lessonId = usePodplay((s) => s.lessonId);
  const run = usePodplay((s) => s.run);
  const position = usePodplay((s) => s.position);
  const lessonIntro = usePodplay((s) => s.lessonIntro);
  const predictions = usePodplay((s) => s.predictions);
  const storyPoint = usePodplay((s) => s.storyPoint);
  return useMemo(
    () => currentLessonProgress({ lessonId, run, position, lessonIntro, predictions, storyPoint }),
    [lessonId, run, position, lessonIntro, predictions, storyPoint],
  );
}
