import {
  paymentMessages,
  paymentStatusMessage,
  type PaymentResult,
  type PaymentStatusDto,
} from '@quitute/contracts';
import { pixQrPngBase64, type ProviderPayment } from '@quitute/infra/payment-gateway';
import type { PlacedOrder } from '../ordering/decider';
import { providerStatusOf, shopPaymentStatus, type RequestedPayment } from '../payments/decider';

/**
 * The checkout's answer (spec §3 payment result) from the payment as recorded;
 * `report` is the provider's own answer when this request got one (its precise
 * status and QR image), else they are rebuilt from the events.
 */
export async function paymentResult(
  order: PlacedOrder,
  payment: RequestedPayment,
  report: ProviderPayment | null,
  position: number,
): Promise<PaymentResult> {
  const stage = payment.stage === 'requested' ? 'pending' : payment.stage;
  const status =
    report && shopPaymentStatus(report.status) === stage ? report.status : providerStatusOf(stage);
  const { pix, boleto } = payment;
  return {
    status,
    statusDetail: payment.statusDetail,
    paymentId: payment.providerPaymentId,
    orderId: order.orderId,
    orderNumber: order.orderNumber,
    paymentStatus: stage,
    // The attempt's method: another method may pay the order after a declined card.
    paymentMethod: payment.request.method,
    message: paymentStatusMessage(stage, payment.request.method, payment.statusDetail),
    ...(pix
      ? {
          pixQrCode: pix.qrCode,
          pixQrCodeBase64: report?.pix?.qrCodeBase64 ?? pixQrPngBase64(pix.qrCode),
          ...(payment.expiresAt ? { pixExpirationDate: payment.expiresAt } : {}),
        }
      : {}),
    ...(pix?.ticketUrl ? { ticketUrl: pix.ticketUrl } : boleto ? { ticketUrl: boleto.url } : {}),
    ...(boleto
      ? {
          boletoUrl: boleto.url,
          boletoDigitableLine: boleto.digitableLine,
          ...(payment.expiresAt ? { boletoExpirationDate: payment.expiresAt } : {}),
        }
      : {}),
    position,
  };
}

/**
 * The cancel's answer: the payment's status as recorded once the provider's
 * answer was (its own status while the shop has none yet).
 */
export function cancelResult(
  order: PlacedOrder,
  providerPaymentId: string,
  payment: RequestedPayment | null,
  report: ProviderPayment,
): PaymentStatusDto {
  return {
    paymentId: providerPaymentId,
    orderId: order.orderId,
    orderNumber: order.orderNumber,
    paymentStatus:
      payment && payment.stage !== 'requested' ? payment.stage : shopPaymentStatus(report.status),
    status: report.status,
    statusDetail: report.statusDetail,
    paymentMethod: payment?.request.method ?? order.paymentMethod,
    message: paymentMessages.cancelSucceeded,
  };
}
