import { formatBRL, REFUND_NOTE_MAX_LENGTH, refundMessages } from '@quitute/contracts';
import { useRef, useState } from 'react';
import {
  errorMessage,
  httpStatus,
  isConnectionError,
  serverFieldErrors,
} from '../../../api/errors';
import { useRefundOrderMutation } from '../api/admin-commands';
import { FormDialog, TextAreaField } from '../components/form-dialog';
import { MoneyField } from '../components/money-field';
import { refundTexts } from '../model/admin-texts';
import { checkRefundForm, refundSubmissions, type RefundFormErrors } from '../model/refund-form';

/** How the refund ended, for the page's message: the provider's answer, or why it was not done. */
export type RefundOutcome = { tone: 'success' | 'error'; text: string };

/** A 5xx that is not the recorded failure (502), or no answer at all: the refund may not have been asked. */
function unanswered(status: number | null, connection: boolean): boolean {
  return connection || (status !== null && status >= 500 && status !== 502);
}

/**
 * 'Reembolsar' (issue 38): 'Valor (R$)' (blank = all that is left, shown as a
 * hint; the amount that will be refunded shown as soon as it parses) and
 * 'Motivo' (required, ≤ 200). Sent once per submission with its
 * Idempotency-Key, the same key when the same submission is sent again after
 * no answer. The provider's answer (completed, pending, failed) closes the
 * dialog with its message; a refusal (409, 400) stays in the dialog.
 */
export function RefundDialog({
  orderId,
  orderNumber,
  refundable,
  onDone,
  onClose,
}: {
  orderId: string;
  orderNumber: number;
  /** What is left to refund, reais. */
  refundable: number;
  onDone: (outcome: RefundOutcome) => void;
  onClose: () => void;
}) {
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<RefundFormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [refundOrder, { isLoading: saving }] = useRefundOrderMutation();
  const submissions = useRef(refundSubmissions());

  const submit = async () => {
    const checked = checkRefundForm(amount, reason, refundable);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setFormError(null);
    const idempotencyKey = submissions.current.keyFor(checked.request);
    const result = await refundOrder({ orderId, ...checked.request, idempotencyKey });
    if (!result.error) {
      submissions.current.answered();
      onDone({ tone: 'success', text: result.data.message });
      return;
    }
    const error = result.error;
    const status = httpStatus(error);
    if (unanswered(status, isConnectionError(error))) {
      setFormError(errorMessage(error, refundTexts.failed));
      return;
    }
    submissions.current.answered();
    if (status === 502) {
      // Recorded as failed: the page lists it with 'Tentar novamente'.
      onDone({ tone: 'error', text: errorMessage(error, refundMessages.providerFailed) });
      return;
    }
    const fields = serverFieldErrors(error);
    setErrors({
      ...(fields['amount'] ? { amount: fields['amount'] } : {}),
      ...(fields['reason'] ? { reason: fields['reason'] } : {}),
    });
    setFormError(errorMessage(error, refundTexts.failed));
  };

  return (
    <FormDialog
      title={refundTexts.dialogTitle(orderNumber)}
      saving={saving}
      error={formError}
      submitLabel={refundTexts.refund}
      busyLabel={refundTexts.refunding}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <MoneyField
        label={refundTexts.amountLabel}
        full
        name="amount"
        placeholder={formatBRL(refundable).replace(/^R\$\s?/u, '')}
        value={amount}
        onChange={(text) => {
          setAmount(text);
          setErrors((current) => ({ ...current, amount: undefined }));
        }}
        error={errors.amount}
        blankHint={refundTexts.amountBlank(formatBRL(refundable))}
      />
      <TextAreaField
        label={refundTexts.reasonLabel}
        full
        name="reason"
        rows={2}
        aria-required="true"
        maxLength={REFUND_NOTE_MAX_LENGTH}
        value={reason}
        onChange={(event) => {
          setReason(event.target.value);
          setErrors((current) => ({ ...current, reason: undefined }));
        }}
        error={errors.reason}
      />
    </FormDialog>
  );
}
