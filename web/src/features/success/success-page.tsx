import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import buttons from '../../components/button.module.css';
import { CheckIcon, CloseIcon } from '../../components/icons';
import { forgetPaymentSuccess, readPaymentSuccess } from '../../lib/payment-success';
import { decideSuccessAccess } from './success-access';
import styles from './success-page.module.css';

/** spec §9: the denied page returns home after 3 s. */
export const DENIED_REDIRECT_MS = 3_000;

/**
 * /success (spec §2, §4): the order just paid, or 'Acesso Restrito' for anyone else.
 * `summary` draws the order in short (its items, total, day and place), from the orders feature.
 */
export function SuccessPage({ summary }: { summary?: (orderId: string) => ReactNode } = {}) {
  const location = useLocation();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const [access] = useState(() =>
    decideSuccessAccess({
      state: location.state,
      search,
      referrer: document.referrer,
      flag: readPaymentSuccess(),
    }),
  );
  const [bannerOpen, setBannerOpen] = useState(true);

  // The flag opens this page once.
  useEffect(() => forgetPaymentSuccess(), []);

  useEffect(() => {
    if (access.granted) return;
    const timer = setTimeout(() => void navigate('/', { replace: true }), DENIED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [access.granted, navigate]);

  if (!access.granted) {
    return (
      <div className={styles.page}>
        <h1 className={styles.title}>Acesso Restrito</h1>
        <p className={styles.text}>
          Esta página só aparece depois de um pagamento. Levando você para a página inicial...
        </p>
      </div>
    );
  }

  const orderLink = access.orderId ? `/my-orders/${encodeURIComponent(access.orderId)}` : '/orders';
  return (
    <div className={styles.page}>
      {bannerOpen ? (
        <div className={styles.banner} role="status">
          <span>Volte sempre!</span>
          <button
            type="button"
            className={styles.dismiss}
            aria-label="Fechar aviso"
            onClick={() => setBannerOpen(false)}
          >
            <CloseIcon width={18} height={18} />
          </button>
        </div>
      ) : null}
      <CheckIcon className={styles.icon} width={64} height={64} aria-hidden="true" />
      <h1 className={styles.title}>Compra Concluída!</h1>
      {access.orderNumber !== null ? (
        <p className={styles.number}>Pedido #{access.orderNumber}</p>
      ) : null}
      <p className={styles.text}>
        Obrigado pela sua compra! Você receberá as novidades do seu pedido por e-mail.
      </p>
      {access.orderId && summary ? summary(access.orderId) : null}
      <div className={styles.actions}>
        <Link className={buttons.secondary} to="/">
          Página Inicial
        </Link>
        <Link className={buttons.button} to={orderLink}>
          Ver Pedido
        </Link>
      </div>
    </div>
  );
}
