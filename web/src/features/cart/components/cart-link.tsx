import { useSelector } from 'react-redux';
import { NavLink } from 'react-router';
import { CartIcon } from '../../../components/icons';
import { selectCartLineCount } from '../cart-slice';
import styles from './cart-link.module.css';

/** The header's cart icon; the badge counts the lines in the cart. */
export function CartLink() {
  const count = useSelector(selectCartLineCount);
  const label = count === 0 ? 'Carrinho' : `Carrinho, ${count} ${count === 1 ? 'item' : 'itens'}`;
  return (
    <NavLink to="/carrinho" className={styles.link} aria-label={label}>
      <CartIcon />
      {count > 0 ? (
        <span className={styles.badge} data-testid="cart-count" aria-hidden="true">
          {count}
        </span>
      ) : null}
    </NavLink>
  );
}
