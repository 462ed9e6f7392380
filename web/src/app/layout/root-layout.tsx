import { useMemo, useState } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { ChatOpenContext } from '../../components/chat-open-context';
import { CartNotice } from '../../features/cart/components/cart-notice';
import { ChatWidget } from '../../features/chatbot/chat-widget';
import { useConnectivityMonitor } from '../../features/connectivity/use-connectivity-monitor';
import { CookieConsent } from '../../features/cookie-consent/cookie-consent';
import { ChatControlsContext } from './chat-controls';
import { useFloatingButtonsCover } from './floating-clearance';
import { Footer } from './footer';
import { Header } from './header';
import styles from './root-layout.module.css';
import { ScrollToTop } from './scroll-to-top';
import { SocialBar } from './social-bar';

/**
 * The main layout (spec §2 "Global layout"): header, page, social bar, footer,
 * scroll-to-top, the chatbot's button and window, and the cookie banner.
 */
export function RootLayout() {
  useConnectivityMonitor();
  const [chatOpen, setChatOpen] = useState(false);
  const chatControls = useMemo(() => ({ openChat: () => setChatOpen(true) }), []);
  const tuckFloatingButtons = useFloatingButtonsCover();
  return (
    <ChatOpenContext value={chatOpen}>
      <ChatControlsContext value={chatControls}>
        <div className={styles.shell} data-floating-tucked={tuckFloatingButtons || undefined}>
          <a className={styles.skip} href="#conteudo">
            Pular para o conteúdo
          </a>
          <Header />
          <main id="conteudo" className={styles.main} tabIndex={-1}>
            <Outlet />
          </main>
          <SocialBar />
          <Footer />
          <CartNotice />
          <ScrollToTop />
          <ChatWidget open={chatOpen} onOpenChange={setChatOpen} />
          <CookieConsent />
          {/* A page opened by its address (a reload, a link from outside) has no history key
              of its own ('default'): it keeps its own place, not the last such page's. */}
          <ScrollRestoration
            getKey={(location) => (location.key === 'default' ? location.pathname : location.key)}
          />
        </div>
      </ChatControlsContext>
    </ChatOpenContext>
  );
}
