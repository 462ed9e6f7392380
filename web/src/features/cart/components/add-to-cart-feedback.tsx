import { CheckIcon } from '../../../components/icons';
import { Dialog } from '../../../components/dialog';
import type { AddFeedback } from '../hooks/use-add-to-cart';
import { cartMessages } from '../model/cart-messages';
import styles from './add-to-cart-feedback.module.css';

export function AddToCartFeedback({
  feedback,
  onDismiss,
}: {
  feedback: AddFeedback | null;
  onDismiss: () => void;
}) {
  return (
    <>
      <div className={styles.region} role="status" aria-live="polite">
        {feedback?.kind === 'success' ? (
          <p key={feedback.id} className={`${styles.toast} ${styles.success}`}>
            <CheckIcon className={styles.icon} />
            {feedback.message}
          </p>
        ) : null}
      </div>
      <div className={styles.region} role="alert">
        {feedback?.kind === 'error' ? (
          <p key={feedback.id} className={`${styles.toast} ${styles.error}`}>
            {feedback.message}
          </p>
        ) : null}
      </div>
      {feedback?.kind === 'below-minimum' ? (
        <Dialog
          title={cartMessages.minimumTitle}
          tone="warning"
          closeLabel="OK"
          onClose={onDismiss}
        >
          <p>{cartMessages.minimum}</p>
        </Dialog>
      ) : null}
    </>
  );
}
