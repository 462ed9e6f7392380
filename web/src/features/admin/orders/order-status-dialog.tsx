import {
  formatBRL,
  refundMessages,
  type AdminOrderDto,
  type OrderStatus,
} from '@quitute/contracts';
import { useState } from 'react';
import forms from '../../../components/form.module.css';
import { ConfirmDialog } from '../components/confirm-dialog';
import { Fact, Facts } from '../components/page-parts';
import { Field, FormDialog } from '../components/form-dialog';
import { isOrderStatus, ORDER_STATUS_OPTIONS } from '../model/admin-labels';
import { orderTexts } from '../model/admin-texts';

/** Payment statuses of an order whose money reached the shop (some of it may have gone back since). */
const PAID_STATUSES: readonly string[] = ['approved', 'refunded', 'charged_back'];

/**
 * What the admin must confirm before `status` is sent (issue 38): cancelling
 * a paid order refunds what is left of it; delivering an unpaid one gives
 * the goods away. Null when nothing needs confirming.
 */
export function statusChangeWarning(order: AdminOrderDto, status: OrderStatus): string | null {
  if (status === order.orderStatus) return null;
  if (status === 'cancelled' && order.refundable > 0) {
    return refundMessages.cancelPaidConfirm(formatBRL(order.refundable));
  }
  if (status === 'delivered' && !PAID_STATUSES.includes(order.paymentStatus)) {
    return refundMessages.deliverUnpaidConfirm;
  }
  return null;
}

/**
 * admin-spec §2: the order's number, its customer and a select of every
 * status (no restriction, §4); a change that moves money or goods is
 * confirmed first (statusChangeWarning).
 */
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
  const [warning, setWarning] = useState<string | null>(null);
  if (warning) {
    return (
      <ConfirmDialog
        message={warning}
        busy={saving}
        onCancel={() => setWarning(null)}
        onConfirm={() => onSave(status)}
      />
    );
  }
  return (
    <FormDialog
      title={orderTexts.statusTitle}
      plain
      saving={saving}
      onSubmit={() => {
        const asked = statusChangeWarning(order, status);
        if (asked) setWarning(asked);
        else onSave(status);
      }}
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
