import { isRecord } from './is-record';
import { readStorage, removeStorage, writeStorage } from './storage';

/**
 * The session flag an approved payment leaves for the success page (spec §4):
 * set by the checkout, consumed by /success. Kept in sessionStorage (this tab
 * only) with the order it is about.
 */
export const PAYMENT_SUCCESS_KEY = 'paymentSuccess';

export interface PaymentSuccess {
  orderId: string;
  orderNumber: number;
}

export function browserSessionStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function rememberPaymentSuccess(
  success: PaymentSuccess,
  storage: Storage | undefined = browserSessionStorage(),
): void {
  writeStorage(storage, PAYMENT_SUCCESS_KEY, JSON.stringify(success));
}

/** The flag, if set: its order when it names one, else an empty object (an older flag's 'true'). */
export function readPaymentSuccess(
  storage: Storage | undefined = browserSessionStorage(),
): Partial<PaymentSuccess> | null {
  const raw = readStorage(storage, PAYMENT_SUCCESS_KEY);
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (!isRecord(value)) return {};
    const { orderId, orderNumber } = value;
    return {
      ...(typeof orderId === 'string' ? { orderId } : {}),
      ...(typeof orderNumber === 'number' ? { orderNumber } : {}),
    };
  } catch {
    return {};
  }
}

export function forgetPaymentSuccess(storage: Storage | undefined = browserSessionStorage()): void {
  removeStorage(storage, PAYMENT_SUCCESS_KEY);
}
