import { Link } from 'react-router';
import buttons from '../../../components/button.module.css';
import styles from './custom-order-cta.module.css';

export function CustomOrderCta() {
  return (
    <div className={styles.cta}>
      <h2 className={styles.title}>Precisa de algo especial?</h2>
      <p className={styles.text}>
        Bolos, sabores e quantidades sob medida para aniversários, casamentos e eventos.
      </p>
      <Link className={`${buttons.secondary} ${buttons.block}`} to="/encomendas">
        Fazer uma Encomenda
      </Link>
    </div>
  );
}
