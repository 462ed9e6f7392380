import type { AdminOrderDto, OrderStatus } from '@quitute/contracts';
import { useId, useState, type FormEvent } from 'react';
import buttons from '../../../components/button.module.css';
import { Dialog } from '../../../components/dialog';
import forms from '../../../components/form.module.css';
import styles from '../components/admin.module.css';
import { isOrderStatus, ORDER_STATUS_OPTIONS } from '../model/admin-labels';
import { adminTexts, orderTexts } from '../model/admin-texts';

/** admin-spec §2: the order's number, its customer and a select of every status (no restriction, §4). */
export function OrderStatusDialog({
  order,
  saving,
  onSave,
  onClose,
}: {
  order: AdminOrderDto;
  saving: boolean;
  onSave: (status: OrderStatus) => void;
  onClose: () => void;
}) {
  const [status, setStatus] = useState<OrderStatus>(order.orderStatus);
  const id = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!saving) onSave(status);
  };
  return (
    <Dialog
      title={orderTexts.statusTitle}
      onClose={onClose}
      busy={saving}
      closeButton={false}
      closeIcon
      closeOnOutsideClick
    >
      <form onSubmit={submit}>
        <dl className={styles.facts}>
          <div>
            <dt>Pedido</dt>
            <dd>#{order.orderNumber}</dd>
          </div>
          <div>
            <dt>Cliente</dt>
            <dd>{order.customerName}</dd>
          </div>
        </dl>
        <div className={forms.field}>
          <label className={forms.label} htmlFor={id}>
            Status do pedido
          </label>
          <select
            id={id}
            className={forms.input}
            value={status}
            disabled={saving}
            onChange={(event) => {
              if (isOrderStatus(event.target.value)) setStatus(event.target.value);
            }}
          >
            {ORDER_STATUS_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.formActions}>
          <button type="button" className={buttons.ghost} disabled={saving} onClick={onClose}>
            {adminTexts.cancel}
          </button>
          <button type="submit" className={buttons.button} disabled={saving}>
            {saving ? adminTexts.saving : adminTexts.save}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
