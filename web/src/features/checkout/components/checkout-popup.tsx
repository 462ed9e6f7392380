import { Dialog } from '../../../components/dialog';
import type { Popup } from '../hooks/use-checkout-payment';

const TITLES = { error: 'Erro', success: 'Sucesso', info: 'Aviso' } as const;

/** The checkout's popups (spec §2): info, success or error, each closing by itself or on 'Fechar'. */
export function CheckoutPopup({ popup, onClose }: { popup: Popup | null; onClose: () => void }) {
  if (!popup) return null;
  return (
    <Dialog key={popup.id} title={TITLES[popup.tone]} tone={popup.tone} onClose={onClose}>
      <p>{popup.text}</p>
    </Dialog>
  );
}
