// "A new version is ready": shown when the service worker has downloaded a newer build. Nothing
// changes until the user reloads, so a half-old, half-new page never runs.
import { useSyncExternalStore } from 'react';
import { offlineState, reloadToUpdate, subscribeOffline } from './serviceWorker';

export function UpdateNotice() {
  const { updateReady } = useSyncExternalStore(subscribeOffline, offlineState);
  if (!updateReady) return null;
  return (
    <div className="update-notice" role="status" data-testid="update-ready">
      A new version of Podplay is ready.
      <button type="button" className="button primary" data-testid="update-reload" onClick={reloadToUpdate}>Reload</button>
    </div>
  );
}
