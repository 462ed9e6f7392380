import { formatBRL } from '@quitute/contracts';
import { useSelector } from 'react-redux';
import { Link } from 'react-router';
import buttons from '../../../components/button.module.css';
import { selectCartLines } from '../cart-slice';
import { cartMessages } from '../model/cart-messages';
import { cartTotal } from '../model/cart-rules';
import styles from './cart-summary.module.css';

export function CartSummary() {
  const lines = useSelector(selectCartLines);
  return (
    <div className={styles.summary}>
      <h2 className={styles.title}>Seu Pedido</h2>
      {lines.length === 0 ? (
        <p className={styles.empty}>{cartMessages.empty}</p>
      ) : (
        <>
          <ul className={styles.lines}>
            {lines.map((line) => (
              <li key={line.item.id || line.item.nome} className={styles.line}>
                <span className={styles.lineName}>
                  <span className={styles.quantity}>{line.quantidade}×</span> {line.item.nome}
                </span>
                <span className={styles.money}>{formatBRL(line.item.preco * line.quantidade)}</span>
              </li>
            ))}
          </ul>
          <p className={styles.total} data-primary-action="">
            <span>Total</span>
            <span className={styles.money}>{formatBRL(cartTotal(lines))}</span>
          </p>
          <Link
            className={`${buttons.button} ${buttons.block}`}
            to="/carrinho"
            data-primary-action=""
          >
            {cartMessages.checkout}
          </Link>
        </>
      )}
    </div>
  );
}
