// "Copy link": the permalink of exactly what is on screen, to the clipboard, with its length and
// what that length means (chat tools cut long links; very long ones travel better as a file).

import { useEffect, useRef, useState } from 'react';
import { linkSizeAdvice, WARN_LINK_LENGTH } from '../../permalink/codec';
import { usePodplayStore } from '../../store/hooks';
import { toPermalinkState } from '../../store/permalinkState';
import { downloadScenario } from '../importExport/exports';
import { useDismiss } from '../useDismiss';
import { permalinkEncoder } from './permalinkEncoder';
import './share.css';

interface Shared {
  url: string;
  copied: boolean;
  advice: ReturnType<typeof linkSizeAdvice>;
}

const number = new Intl.NumberFormat('en');

async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false; // no permission, or an insecure page: the link is shown to copy by hand
  }
}

export function ShareButton() {
  const store = usePodplayStore();
  const [shared, setShared] = useState<Shared | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const popover = useRef<HTMLDivElement>(null);
  const field = useRef<HTMLInputElement>(null);

  useDismiss(shared !== undefined, () => popover.current?.parentElement, () => setShared(undefined));

  useEffect(() => {
    if (shared !== undefined && !shared.copied) field.current?.select();
  }, [shared]);

  async function share() {
    setBusy(true);
    try {
      const fragment = await permalinkEncoder()(toPermalinkState(store.getState()));
      const url = `${window.location.origin}${window.location.pathname}${window.location.search}#${fragment}`;
      setShared({ url, copied: await copy(url), advice: linkSizeAdvice(url.length) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="share">
      <button
        type="button"
        className="button"
        data-testid="share-link"
        title="Copy a link to this exact state (s)"
        aria-expanded={shared !== undefined}
        disabled={busy}
        onClick={share}
      >
        Share
      </button>
      {shared !== undefined && (
        <div ref={popover} className={`share-popover advice-${shared.advice}`} role="status" data-testid="share-status" data-length={shared.url.length}>
          <p className="share-head">
            {shared.copied ? <><span aria-hidden="true">✓</span> Link copied</> : 'Copy this link'}
            {' '}<span className="share-length">({number.format(shared.url.length)} characters)</span>
          </p>
          <input
            ref={field}
            className="share-url"
            data-testid="share-url"
            readOnly
            value={shared.url}
            aria-label="The link"
            onFocus={(e) => e.currentTarget.select()}
          />
          {shared.advice === 'warn' && (
            <p className="share-warning">Longer than {number.format(WARN_LINK_LENGTH)} characters: some chat tools and e-mail clients cut links this long.</p>
          )}
          {shared.advice === 'download' && (
            <p className="share-warning">
              This link is very long; it may not survive being pasted around. Send the scenario as a file instead:{' '}
              <button type="button" className="button small" data-testid="share-download" onClick={() => { void downloadScenario(store); }}>
                Download .yaml
              </button>
            </p>
          )}
          <p className="share-note">The link holds the scenario, the step on screen, the selected pod and the view. Nothing is uploaded.</p>
        </div>
      )}
    </div>
  );
}
