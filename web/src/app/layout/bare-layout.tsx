import { Link, Outlet } from 'react-router';
import { SHOP_NAME } from '../../config/shop';
import styles from './bare-layout.module.css';

/** Pages the spec keeps outside the main layout (the reset link request): the logo and the page. */
export function BareLayout() {
  return (
    <div className={styles.shell}>
      <header className={styles.header}>
        <Link to="/" className={styles.logo}>
          <img src="/images/logo.svg" alt="" width="40" height="40" />
          <span>{SHOP_NAME}</span>
        </Link>
      </header>
      <main id="conteudo" className={styles.main}>
        <Outlet />
      </main>
    </div>
  );
}
