import { useId } from 'react';
import { Link } from 'react-router';
import buttons from '../../components/button.module.css';
import { useRecordCookieConsentMutation } from './consent-api';
import { storeConsent, type Consent } from './consent-storage';
import styles from './cookie-banner.module.css';

/**
 * The banner's choice (spec §4): kept locally and in the cookies; accepting is
 * also recorded by the server — a failure there is not the visitor's concern,
 * the choice is kept all the same.
 */
export function CookieBanner({
  storage,
  onChosen,
}: {
  storage: Storage | undefined;
  onChosen: () => void;
}) {
  const [recordConsent] = useRecordCookieConsentMutation();
  const textId = useId();

  const choose = (consent: Consent) => {
    storeConsent(consent, { storage, now: new Date(), document });
    if (consent === 'accepted') void recordConsent(undefined);
    onChosen();
  };

  return (
    <section
      className={styles.banner}
      aria-label="Aviso de cookies"
      aria-describedby={textId}
      // The cart's toast moves under the header rather than cover these buttons.
      data-toast-keeps-clear
    >
      <p id={textId} className={styles.text}>
        Usamos o armazenamento do seu navegador para manter seu carrinho e sua sessão, e um cookie
        para lembrar esta escolha. Não usamos cookies de publicidade. Saiba mais na nossa{' '}
        <Link to="/privacidade">Política de Privacidade</Link>.
      </p>
      <div className={styles.actions}>
        <button type="button" className={buttons.ghost} onClick={() => choose('rejected')}>
          Recusar
        </button>
        <button type="button" className={buttons.button} onClick={() => choose('accepted')}>
          Aceitar
        </button>
      </div>
    </section>
  );
}
