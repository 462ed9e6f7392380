import type { PaymentMethod } from './constants';

/** Texts of payment results (spec §4) and of the payment endpoints (spec §8; the rest where it is silent). */
export const paymentMessages = {
  approved: 'Pagamento aprovado com sucesso!',
  pendingPix: 'Aguardando pagamento via Pix.',
  pendingBoleto: 'Aguardando pagamento via Boleto.',
  pending: 'Pagamento pendente de confirmação.',
  inReview: 'Pagamento em revisão. Aguarde a confirmação.',
  cancelled: 'Pagamento cancelado.',
  refunded: 'Pagamento reembolsado.',
  chargedBack: 'Pagamento estornado (chargeback).',
  unknown: 'Status desconhecido.',
  pixGenerated: 'QR Code PIX gerado!',
  boletoGenerated: 'Boleto gerado!',
  processing: 'Processando pagamento...',
  approvedRedirecting: 'Pagamento aprovado! Redirecionando...',
  pollTimeout: 'Tempo limite excedido. Verifique seu pagamento em "Meus Pedidos".',
  cancelSucceeded: 'Pagamento cancelado com sucesso!',
  cancelNothing: 'Operação cancelada.',
  methodNotDetected: 'Método de pagamento não detectado',
  paymentNotFound: 'Pagamento não encontrado.',
  cannotCancel: 'Este pagamento não pode mais ser cancelado.',
  providerUnavailable:
    'Não foi possível falar com o sistema de pagamento. Tente novamente em instantes.',
  invalidSignature: 'Assinatura da notificação inválida.',
  /** The provider refused the payment's data (a card token it does not know, say). */
  refusedByProvider:
    'O sistema de pagamento recusou os dados informados. Confira os dados do cartão e tente novamente.',
  /** Told to the customer when an approval arrived for an order already cancelled. */
  refundedAfterCancel:
    'Seu pagamento foi aprovado depois que o pedido foi cancelado e será devolvido integralmente.',
} as const;

/** 'Pagamento rejeitado. Detalhes: {detail or N/A}. Tente novamente.' (spec §4). */
export function paymentRejectedMessage(detail: string | undefined): string {
  // A detail written as a sentence ("Cartão já usado.") keeps one full stop, not two.
  const text = detail?.trim().replace(/[.\s]+$/u, '');
  return `Pagamento rejeitado. Detalhes: ${text && text.length > 0 ? text : 'N/A'}. Tente novamente.`;
}

/** The message of a payment status, as the checkout and the polling show it (spec §4). */
export function paymentStatusMessage(
  status: string,
  method: PaymentMethod | undefined,
  detail?: string,
): string {
  switch (status) {
    case 'approved':
      return paymentMessages.approved;
    case 'pending':
      return method === 'pix'
        ? paymentMessages.pendingPix
        : method === 'boleto'
          ? paymentMessages.pendingBoleto
          : paymentMessages.pending;
    case 'rejected':
      return paymentRejectedMessage(detail);
    case 'in_review':
    case 'in_process':
      return paymentMessages.inReview;
    case 'cancelled':
      return paymentMessages.cancelled;
    case 'refunded':
      return paymentMessages.refunded;
    case 'charged_back':
      return paymentMessages.chargedBack;
    default:
      return paymentMessages.unknown;
  }
}
