import { COOKIE_CONSENT_BANNER_DELAY_MS } from '@quitute/contracts';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useDialogOpen } from '../../components/dialog';
import { browserStorage } from '../../lib/storage';
import { storedConsent } from './consent-storage';

const loadBanner = () => import('./cookie-banner').then((m) => ({ default: m.CookieBanner }));
/** Most visits have answered already: the banner's code loads only for those that have not. */
const CookieBanner = lazy(loadBanner);

export interface CookieConsentProps {
  /** Where the choice is kept; the browser's localStorage by default. */
  storage?: Storage | undefined;
  delayMs?: number;
}

/**
 * The cookie consent banner (spec §2, §4, §9): 1 s after load, when no choice is stored.
 * It never shows under a popup (the menu's 'Prazos para Pedidos' opens 200 ms after load):
 * it waits until the popup is closed, one after the other.
 */
export function CookieConsent({
  storage = browserStorage(),
  delayMs = COOKIE_CONSENT_BANNER_DELAY_MS,
}: CookieConsentProps) {
  const [visible, setVisible] = useState(false);
  const dialogOpen = useDialogOpen();

  useEffect(() => {
    if (storedConsent(storage, document.cookie)) return;
    void loadBanner();
    const timer = setTimeout(() => setVisible(true), delayMs);
    return () => clearTimeout(timer);
  }, [storage, delayMs]);

  if (!visible || dialogOpen) return null;
  return (
    <Suspense fallback={null}>
      <CookieBanner storage={storage} onChosen={() => setVisible(false)} />
    </Suspense>
  );
}
