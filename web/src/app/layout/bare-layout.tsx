import { Link, Outlet } from 'react-router';
import { Pending } from '../../components/pending';
import { useShopSettings } from '../../hooks/use-shop-settings';
import styles from './bare-layout.module.css';

/** Pages the spec keeps outside the main layout (the reset link request): the logo and the page. */
export function BareLayout() {
  const shop = useShopSettings();
  return (
    <div className={styles.shell}>
      <header className={styles.header}>
        <Link to="/" className={styles.logo} aria-label={shop ? undefined : 'Página inicial'}>
          <img src="/images/logo.svg" alt="" width="40" height="40" />
          <span>{shop ? shop.name : <Pending width="short" />}</span>
        </Link>
      </header>
      <main id="conteudo" className={styles.main}>
        <Outlet />
      </main>
    </div>
  );
}
