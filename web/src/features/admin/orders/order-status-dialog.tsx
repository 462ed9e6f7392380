import type { AdminOrderDto, OrderStatus } from '@quitute/contracts';
import { useState } from 'react';
import forms from '../../../components/form.module.css';
import { Fact, Facts } from '../components/page-parts';
import { Field, FormDialog } from '../components/form-dialog';
import { isOrderStatus, ORDER_STATUS_OPTIONS } from '../model/admin-labels';
import { orderTexts } from '../model/admin-texts';

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
  return (
    <FormDialog
      title={orderTexts.statusTitle}
      plain
      saving={saving}
      onSubmit={() => onSave(status)}
      onClose={onClose}
    >
      <Facts>
        <Fact term="Pedido">#{order.orderNumber}</Fact>
        <Fact term="Cliente">{order.customerName}</Fact>
      </Facts>
      <Field label="Status do pedido">
        {(id) => (
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
        )}
      </Field>
    </FormDialog>
  );
}
