import { useDispatch, useSelector } from 'react-redux';
import { CheckIcon, CloseIcon } from '../../../components/icons';
import { noticeDismissed, selectCartNotice } from '../cart-slice';
import styles from './cart-notice.module.css';

/**
 * The cart's messages (added, offline, synced, errors) wherever the customer
 * is: a login's sync finishes on whatever page they went to. Errors are
 * alerts; the rest is read out politely. Each clears itself (cart-flows.ts).
 */
export function CartNotice() {
  const notice = useSelector(selectCartNotice);
  const dispatch = useDispatch();
  const close = notice ? (
    <button
      type="button"
      className={styles.close}
      aria-label="Fechar mensagem"
      onClick={() => dispatch(noticeDismissed(notice.id))}
    >
      <CloseIcon width={18} height={18} />
    </button>
  ) : null;
  return (
    <div className={styles.region}>
      <div aria-live="polite">
        {notice && notice.tone !== 'error' ? (
          <p key={notice.id} className={`${styles.toast} ${styles[notice.tone]}`}>
            {notice.tone === 'success' ? <CheckIcon className={styles.icon} /> : null}
            <span className={styles.text}>{notice.text}</span>
            {close}
          </p>
        ) : null}
      </div>
      {notice?.tone === 'error' ? (
        <p key={notice.id} className={`${styles.toast} ${styles.error}`} role="alert">
          <span className={styles.text}>{notice.text}</span>
          {close}
        </p>
      ) : null}
    </div>
  );
}
