import buttons from '../../../components/button.module.css';
import { Dialog } from '../../../components/dialog';
import { adminTexts } from '../model/admin-texts';

/**
 * A 'Confirmação' dialog with Cancelar (the safe choice, drawn as the secondary
 * button) and Confirmar, both disabled while the action runs (admin-spec §2).
 */
export function ConfirmDialog({
  message,
  busy = false,
  onCancel,
  onConfirm,
}: {
  message: string;
  busy?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog
      title={adminTexts.confirmTitle}
      tone="warning"
      closeButton={false}
      busy={busy}
      onClose={onCancel}
      footer={
        <>
          <button type="button" className={buttons.ghost} disabled={busy} onClick={onCancel}>
            {adminTexts.cancel}
          </button>
          <button type="button" className={buttons.button} disabled={busy} onClick={onConfirm}>
            {busy ? adminTexts.processing : adminTexts.confirm}
          </button>
        </>
      }
    >
      <p>{message}</p>
    </Dialog>
  );
}
