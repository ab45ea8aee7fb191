// Thin React bindings over the vanilla store: components select narrow slices.

import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
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
