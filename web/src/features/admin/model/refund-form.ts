import { formatBRL, REFUND_NOTE_MAX_LENGTH, refundMessages } from '@quitute/contracts';
import { readMoneyInput } from './money-input';

/** What the refund dialog sends: no amount refunds all that is left. */
export interface RefundRequest {
  amount?: number;
  reason: string;
}

export type RefundFormErrors = Partial<Record<keyof RefundRequest, string>>;

/**
 * The refund dialog's fields checked as the server checks them (contracts'
 * adminRefundBodySchema and the refund's rules), so a mistake is told beside
 * its field before anything is sent: 'Motivo' required and at most 200
 * characters; 'Valor (R$)' blank (the whole remainder) or an amount typed the
 * Brazilian way, above zero and not above what is left (`refundable`, reais).
 */
export function checkRefundForm(
  amountText: string,
  reasonText: string,
  refundable: number,
): { ok: true; request: RefundRequest } | { ok: false; errors: RefundFormErrors } {
  const errors: RefundFormErrors = {};
  const reason = reasonText.trim().replace(/\s+/gu, ' ');
  if (reason === '') errors.reason = refundMessages.reasonRequired;
  else if (reason.length > REFUND_NOTE_MAX_LENGTH) errors.reason = refundMessages.reasonTooLong;
  const amount = readMoneyInput(amountText);
  if (amount.kind === 'refused') errors.amount = amount.message;
  else if (amount.kind === 'amount' && amount.reais <= 0) errors.amount = refundMessages.amountZero;
  else if (amount.kind === 'amount' && amount.reais > refundable) {
    errors.amount = refundMessages.exceedsRemaining(formatBRL(refundable));
  }
  if (errors.amount || errors.reason) return { ok: false, errors };
  return {
    ok: true,
    request: amount.kind === 'amount' ? { amount: amount.reais, reason } : { reason },
  };
}

/**
 * 32 hex digits from the browser's CSPRNG, as the checkout makes its keys
 * (randomUUID needs https). Not shared with the checkout: a module both use
 * would become a chunk of its own on the checkout's JavaScript budget.
 */
export function newRefundKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * One Idempotency-Key per submission of the refund dialog. A submission that
 * got no answer (network, timeout, a 5xx other than the recorded failure)
 * stays open: sending the same amount and reason again reuses its key, so
 * the server refunds once. An answer closes it; other data starts a new one.
 */
export function refundSubmissions(newKey: () => string = newRefundKey) {
  let open: { fingerprint: string; key: string } | null = null;
  return {
    keyFor(request: RefundRequest): string {
      const fingerprint = JSON.stringify([request.amount ?? null, request.reason]);
      if (open?.fingerprint !== fingerprint) open = { fingerprint, key: newKey() };
      return open.key;
    },
    answered(): void {
      open = null;
    },
  };
}
