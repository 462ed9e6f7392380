import {
  formatShopClock,
  formatShopDay,
  messages,
  PAYMENT_POLL_DELAY_OFFLINE_METHODS_MS,
  paymentMessages,
  type PaymentMethod,
  type PaymentStatus,
} from '@quitute/contracts';
import { serverMessage, type ApiError } from '../../../api/errors';
import { isRecord } from '../../../lib/is-record';

/** How to pay a Pix, beside its QR code. */
export const PIX_HOW_TO =
  'Abra o app do seu banco, escolha Pix copia e cola ou leia o QR code. Assim que o pagamento for confirmado, esta página avisa sozinha.';

/**
 * Until when a Pix can be paid, on the shop's clock: 'Pague até 14:32' the same
 * day, with the date when it runs past midnight.
 */
export function payUntilText(expiresAt: string, now: Date): string | null {
  const instant = new Date(expiresAt);
  if (Number.isNaN(instant.getTime())) return null;
  const day = formatShopDay(instant);
  const clock = formatShopClock(instant);
  return day === formatShopDay(now) ? `Pague até ${clock}` : `Pague até ${day} às ${clock}`;
}

/** Still waiting for the customer or the provider: the page keeps watching. */
export function isWaiting(status: PaymentStatus): boolean {
  return status === 'pending' || status === 'in_review';
}

/** The line the result box shows while it waits (spec §4): what was generated, or that a card is being processed. */
export function waitingLine(method: PaymentMethod): string {
  switch (method) {
    case 'pix':
      return paymentMessages.pixGenerated;
    case 'boleto':
      return paymentMessages.boletoGenerated;
    case 'credit_card':
    case 'debit_card':
      return paymentMessages.processing;
    default:
      return method satisfies never;
  }
}

/** Pix and boleto are first checked after 10 s (the customer is paying elsewhere); cards at once (spec §4, §9). */
export function pollStartDelayMs(method: PaymentMethod): number {
  return method === 'pix' || method === 'boleto' ? PAYMENT_POLL_DELAY_OFFLINE_METHODS_MS : 0;
}

/** spec §4: the cancel button is shown for boleto, and for other methods while pending or in review. */
export function showsCancel(method: PaymentMethod, status: PaymentStatus): boolean {
  if (status === 'approved') return false;
  return method === 'boleto' || isWaiting(status);
}

function detailsOf(error: ApiError | undefined): string | null {
  if (!error || !('status' in error) || !isRecord(error.data)) return null;
  const details = error.data['details'];
  return typeof details === 'string' && details.trim() ? details : null;
}

/** 'Erro no pagamento: {details or message}' (spec §8). */
export function paymentErrorText(detailsOrMessage: string): string {
  return `Erro no pagamento: ${detailsOrMessage}`;
}

/** A checkout call that failed, in the spec's words: the server's details, else its message. */
export function checkoutFailureText(error: ApiError | undefined): string {
  return paymentErrorText(detailsOf(error) ?? serverMessage(error) ?? messages.unavailable);
}

/** 'Erro ao cancelar: {message}' (spec §8). */
export function cancelFailureText(error: ApiError | undefined): string {
  return `Erro ao cancelar: ${serverMessage(error) ?? messages.unavailable}`;
}

/** 'Erro no formulário do cartão: {message}' (spec §8). */
export function cardFormErrorText(message: string): string {
  return `Erro no formulário do cartão: ${message}`;
}
