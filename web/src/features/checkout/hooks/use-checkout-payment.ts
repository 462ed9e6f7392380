import {
  PAYMENT_SUCCESS_REDIRECT_MS,
  paymentMessages,
  type CheckoutBody,
  type PaymentResult,
} from '@quitute/contracts';
import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { isTransientError } from '../../../api/base-query';
import { httpStatus, type ApiError } from '../../../api/errors';
import { FEEDBACK_MS, MESSAGE_MS } from '../../../config/ui';
import { rememberPaymentSuccess } from '../../../lib/payment-success';
import { paymentsCommandApi, paymentsQueryApi } from '../api/payments-api';
import { checkoutAttempts } from '../model/idempotency';
import { startPolling } from '../model/payment-polling';
import {
  cancelFailureText,
  checkoutFailureText,
  isWaiting,
  paymentErrorText,
  pollStartDelayMs,
  waitingLine,
} from '../model/payment-status';

export type PopupTone = 'info' | 'success' | 'error';

/** A message shown as a popup: errors for 5 s, the rest for 3 s (spec §8, §9). */
export interface Popup {
  id: number;
  tone: PopupTone;
  text: string;
}

export interface CheckoutPaymentOptions {
  userId: string;
  /** The payment was approved: the cart is emptied here (the server checks it out by itself). */
  onApproved: () => void;
  /**
   * The server priced the order otherwise (409, its total in the answer): the
   * page reads again what it priced it from (the delivery fee), so the summary
   * she checks before paying again is the server's.
   */
  onTotalChanged?: () => void;
}

function isRetryable(error: ApiError): boolean {
  return 'status' in error && isTransientError(error);
}

/**
 * The payment side of /pagamento (spec §4 "Checkout flow"): the checkout call
 * with its Idempotency-Key, the result shown, the watch for approval — polling
 * and the socket, whichever sees it first; a second sighting is ignored —
 * cancelling, and the way to /success.
 */
export function useCheckoutPayment({ userId, onApproved, onTotalChanged }: CheckoutPaymentOptions) {
  const navigate = useNavigate();
  const [checkout, { isLoading: submitting }] = paymentsCommandApi.useCheckoutMutation();
  const [cancelPayment, { isLoading: cancelling }] = paymentsCommandApi.useCancelPaymentMutation();
  const [pollStatus] = paymentsQueryApi.useLazyGetPaymentStatusQuery();

  const [attempts] = useState(() => checkoutAttempts());
  const [result, setResult] = useState<PaymentResult | null>(null);
  // The socket opens with the first payment (pressing pay), not with the page: before it there
  // is nothing to be approved, and its code stays off the page's load (issue 14's budget).
  const { data: pushes } = paymentsQueryApi.usePaymentApprovalsQuery(
    { userId },
    { skip: !submitting && result === null },
  );
  const [line, setLine] = useState<string | null>(null);
  const [watching, setWatching] = useState(false);
  const [approved, setApproved] = useState(false);
  const [popup, setPopup] = useState<Popup | null>(null);
  const approvedRef = useRef(false);
  const popupSeq = useRef(0);
  const redirectTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const showPopup = useCallback((tone: PopupTone, text: string) => {
    popupSeq.current += 1;
    setPopup({ id: popupSeq.current, tone, text });
  }, []);
  const closePopup = useCallback(() => setPopup(null), []);

  useEffect(() => {
    if (!popup) return;
    const timer = setTimeout(
      () => setPopup((current) => (current?.id === popup.id ? null : current)),
      popup.tone === 'error' ? MESSAGE_MS : FEEDBACK_MS,
    );
    return () => clearTimeout(timer);
  }, [popup]);

  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  const toLogin = useCallback(() => navigate('/login', { replace: true }), [navigate]);

  const onApprovedRef = useRef(onApproved);
  useEffect(() => {
    onApprovedRef.current = onApproved;
  }, [onApproved]);

  const approve = useCallback(
    (orderId: string, orderNumber: number) => {
      if (approvedRef.current) return;
      approvedRef.current = true;
      setWatching(false);
      setApproved(true);
      setLine(paymentMessages.approvedRedirecting);
      onApprovedRef.current();
      rememberPaymentSuccess({ orderId, orderNumber });
      redirectTimer.current = setTimeout(() => {
        void navigate('/success', { state: { orderId, orderNumber, fromPayment: true } });
      }, PAYMENT_SUCCESS_REDIRECT_MS);
    },
    [navigate],
  );
  const approveSeen = useEffectEvent(approve);

  const ended = useEffectEvent((message: string) => {
    setWatching(false);
    setLine(message);
  });

  const timedOut = useEffectEvent(() => {
    setWatching(false);
    setLine(paymentMessages.pollTimeout);
  });

  const unauthorised = useEffectEvent(() => {
    void toLogin();
  });

  // Polling: from 10 s after a Pix or boleto, at once for a card.
  useEffect(() => {
    if (!watching || !result?.paymentId) return;
    const paymentId = result.paymentId;
    const minPosition = result.position ?? null;
    return startPolling({
      startDelayMs: pollStartDelayMs(result.paymentMethod),
      check: async () => {
        const answer = await pollStatus({ paymentId, minPosition });
        if (answer.data) {
          const status = answer.data;
          if (status.paymentStatus === 'approved') {
            approveSeen(status.orderId, status.orderNumber);
            return 'stop';
          }
          if (isWaiting(status.paymentStatus)) return 'continue';
          ended(status.message);
          return 'stop';
        }
        if (httpStatus(answer.error) === 401) {
          unauthorised();
          return 'stop';
        }
        // Not in the orders view yet, or a network hiccup: look again next time.
        return 'continue';
      },
      onTimeout: timedOut,
    });
  }, [watching, result, pollStatus]);

  // The socket: an approval pushed for this order (pushes for other orders are not ours to act on).
  useEffect(() => {
    if (!result || !pushes) return;
    const push = pushes.find((candidate) => candidate.orderId === result.orderId);
    if (push) approveSeen(push.orderId, push.orderNumber);
  }, [pushes, result]);

  const receive = useCallback(
    (answer: PaymentResult) => {
      setResult(answer);
      if (answer.paymentStatus === 'approved') {
        approve(answer.orderId, answer.orderNumber);
      } else if (isWaiting(answer.paymentStatus)) {
        setLine(waitingLine(answer.paymentMethod));
        setWatching(true);
      } else {
        setLine(answer.message);
        if (answer.paymentStatus === 'rejected') {
          showPopup('error', paymentErrorText(answer.details ?? answer.message));
        }
      }
    },
    [approve, showPopup],
  );

  /** Sends the checkout; true when a payment result came back. */
  const pay = useCallback(
    async (body: CheckoutBody): Promise<boolean> => {
      const answer = await checkout({ body, idempotencyKey: attempts.keyFor(body) });
      if (answer.error) {
        if (!isRetryable(answer.error)) attempts.answered();
        if (httpStatus(answer.error) === 401) {
          void toLogin();
          return false;
        }
        if (httpStatus(answer.error) === 409) onTotalChanged?.();
        showPopup('error', checkoutFailureText(answer.error));
        return false;
      }
      // A declined card leaves its order open: another card or method pays it (same key).
      const declined =
        answer.data.paymentStatus === 'rejected' && answer.data.paymentMethod.endsWith('_card');
      if (declined) attempts.declined();
      else attempts.answered();
      receive(answer.data);
      return true;
    },
    [attempts, checkout, onTotalChanged, receive, showPopup, toLogin],
  );

  /** Another method was chosen: the result goes and nothing is watched any more (spec §4). */
  const reset = useCallback(() => {
    if (approvedRef.current) return;
    setResult(null);
    setLine(null);
    setWatching(false);
  }, []);

  const cancel = useCallback(async () => {
    const paymentId = result?.paymentId;
    if (!paymentId) {
      reset();
      showPopup('info', paymentMessages.cancelNothing);
      return;
    }
    const answer = await cancelPayment({ paymentId });
    if (answer.error) {
      if (httpStatus(answer.error) === 401) {
        void toLogin();
        return;
      }
      showPopup('error', cancelFailureText(answer.error));
      return;
    }
    reset();
    showPopup('success', paymentMessages.cancelSucceeded);
  }, [cancelPayment, reset, result, showPopup, toLogin]);

  return {
    result,
    line,
    watching,
    approved,
    submitting,
    cancelling,
    popup,
    showPopup,
    closePopup,
    pay,
    cancel,
    reset,
  };
}
