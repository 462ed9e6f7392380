import { ALL_CATEGORIES, CATEGORIES } from '@quitute/contracts';
import { Link } from 'react-router';
import { menuHref } from '../model/menu-params';
import styles from './category-nav.module.css';

/** Category filter chips; each keeps the current search. */
export function CategoryNav({ busca, categoria }: { busca: string; categoria: string }) {
  const options = [ALL_CATEGORIES, ...CATEGORIES];
  return (
    <nav className={styles.nav} aria-label="Categorias">
      <ul className={styles.list}>
        {options.map((option) => {
          const value = option === ALL_CATEGORIES ? '' : option;
          const active = value === categoria;
          return (
            <li key={option}>
              <Link
                className={`${styles.chip} ${active ? styles.active : ''}`}
                to={menuHref({ busca, categoria: value })}
                aria-current={active ? 'page' : undefined}
              >
                {option}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
