import { Outlet, ScrollRestoration } from 'react-router';
import { CartNotice } from '../../features/cart/components/cart-notice';
import { useConnectivityMonitor } from '../../features/connectivity/use-connectivity-monitor';
import { Footer } from './footer';
import { Header } from './header';
import styles from './root-layout.module.css';
import { ScrollToTop } from './scroll-to-top';
import { SocialBar } from './social-bar';

export function RootLayout() {
  useConnectivityMonitor();
  return (
    <div className={styles.shell}>
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
      <ScrollRestoration />
    </div>
  );
}
