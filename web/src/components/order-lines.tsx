import { formatBRL } from '@quitute/contracts';
import styles from './order-lines.module.css';

export interface OrderLine {
  key: string;
  quantity: number;
  name: string;
  /** The line's total, in reais. */
  amount: number;
}

/**
 * An order's lines ('20x Coxinha de Frango … R$ 12,00'), its delivery fee
 * when there is one (a line of its own, issue 37) and its Total, as the
 * checkout, the success page and the orders list show them: `summary` large
 * in a card of its own, `compact` inside a list entry. The total is one of the
 * primary actions the floating buttons never cover.
 */
export function OrderLines({
  lines,
  deliveryFee = 0,
  total,
  size,
}: {
  lines: readonly OrderLine[];
  /** Reais; no line when 0 (a pickup, a free zone). */
  deliveryFee?: number;
  total: number;
  size: 'summary' | 'compact';
}) {
  return (
    <div className={styles[size]}>
      {lines.length > 0 || deliveryFee > 0 ? (
        <ul className={styles.lines}>
          {lines.map((line) => (
            <li key={line.key}>
              <span>
                {line.quantity}x {line.name}
              </span>
              <span className={styles.money}>{formatBRL(line.amount)}</span>
            </li>
          ))}
          {deliveryFee > 0 ? (
            <li>
              <span>Taxa de entrega</span>
              <span className={styles.money}>{formatBRL(deliveryFee)}</span>
            </li>
          ) : null}
        </ul>
      ) : null}
      <p className={styles.total} data-primary-action="">
        <span>Total</span>
        <span className={styles.money}>{formatBRL(total)}</span>
      </p>
    </div>
  );
}
