// The offline copy: registers the service worker vite-plugin-pwa builds (vite.config.ts) and
// tells the page when a newer build has been downloaded. The new build only takes over when the
// user reloads through reloadToUpdate(), so the page and its workers always come from one build.
/// <reference types="vite-plugin-pwa/vanillajs" />
import { registerSW } from 'virtual:pwa-register';

export interface OfflineState {
  /** a newer build is downloaded and waits for a reload */
  updateReady: boolean;
}

let state: OfflineState = { updateReady: false };
const listeners = new Set<() => void>();
let update: ((reload?: boolean) => Promise<void>) | undefined;

function set(next: OfflineState): void {
  state = next;
  for (const listener of listeners) listener();
}

export function subscribeOffline(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function offlineState(): OfflineState {
  return state;
}

/** Only a production build has a service worker; the dev server never registers one. */
export function startServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  update = registerSW({
    onNeedRefresh: () => set({ updateReady: true }),
    // without a service worker (a LAN address over http is not a secure context) the page still
    // works; it just is not kept for offline use
    onRegisterError: (error: unknown) => console.warn('Podplay: no offline copy:', error),
  });
}

/** Activates the waiting build and reloads the page with it. */
export function reloadToUpdate(): void {
  void update?.(true);
}
