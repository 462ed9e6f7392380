import { useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { CloseIcon, MenuIcon } from '../../components/icons';
import { Pending } from '../../components/pending';
import { UserMenu } from '../../features/auth/components/user-menu';
import { CartLink } from '../../features/cart/components/cart-link';
import { useShopSettings } from '../../hooks/use-shop-settings';
import styles from './header.module.css';
import { NAV_LINKS } from './nav-links';
import { SearchForm } from './search-form';

export function Header() {
  const location = useLocation();
  const shop = useShopSettings();
  // The mobile menu belongs to the page it was opened on: any navigation closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === location.key;

  return (
    <header
      className={styles.header}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && menuOpen) setOpenOn(null);
      }}
    >
      <div className={styles.bar}>
        <button
          type="button"
          className={styles.toggle}
          aria-label="Menu"
          aria-expanded={menuOpen}
          aria-controls="menu-principal"
          onClick={() => setOpenOn(menuOpen ? null : location.key)}
        >
          {menuOpen ? <CloseIcon /> : <MenuIcon />}
        </button>
        <Link to="/" className={styles.logo} aria-label={shop ? undefined : 'Página inicial'}>
          <img src="/images/logo.svg" alt="" width="40" height="40" />
          <span>{shop ? shop.name : <Pending width="short" />}</span>
        </Link>
        <div id="menu-principal" className={`${styles.panel} ${menuOpen ? styles.panelOpen : ''}`}>
          <nav className={styles.nav} aria-label="Principal">
            <ul className={styles.links}>
              {NAV_LINKS.map((link) => (
                <li key={link.to}>
                  <NavLink
                    to={link.to}
                    end={link.to === '/'}
                    className={({ isActive }) => `${styles.link} ${isActive ? styles.active : ''}`}
                  >
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <UserMenu onLogout={() => setOpenOn(null)} />
        </div>
        <SearchForm className={styles.search} />
        <div className={styles.cart}>
          <CartLink />
        </div>
      </div>
    </header>
  );
}
