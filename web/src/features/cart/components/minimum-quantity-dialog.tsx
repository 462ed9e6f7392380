import { Dialog } from '../../../components/dialog';
import { cartMessages } from '../model/cart-messages';

/** The 'Limite Mínimo' popup (spec §5); the other add-to-cart messages are cart notices. */
export function MinimumQuantityDialog({
  open,
  onDismiss,
}: {
  open: boolean;
  onDismiss: () => void;
}) {
  if (!open) return null;
  return (
    <Dialog title={cartMessages.minimumTitle} tone="warning" closeLabel="OK" onClose={onDismiss}>
      <p>{cartMessages.minimum}</p>
    </Dialog>
  );
}
