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

/**
 * Mercado Pago's card rejection details (its status_detail codes) as a customer reads
 * them; any other detail is shown as the provider gave it.
 */
export const CARD_REJECTION_DETAILS: Readonly<Record<string, string>> = {
  cc_rejected_bad_filled_card_number: 'número do cartão incorreto',
  cc_rejected_bad_filled_date: 'data de validade incorreta',
  cc_rejected_bad_filled_other: 'algum dado do cartão está incorreto',
  cc_rejected_bad_filled_security_code: 'código de segurança incorreto',
  cc_rejected_blacklist: 'o cartão não pode ser usado nesta compra',
  cc_rejected_call_for_authorize: 'autorize o pagamento junto ao emissor do cartão',
  cc_rejected_card_disabled: 'cartão desativado; ligue para o emissor para ativá-lo',
  cc_rejected_card_error: 'o cartão não conseguiu processar o pagamento',
  cc_rejected_duplicated_payment: 'pagamento do mesmo valor já feito com este cartão',
  cc_rejected_high_risk: 'pagamento recusado pela análise de segurança',
  cc_rejected_insufficient_amount: 'saldo ou limite insuficiente',
  cc_rejected_invalid_installments: 'o cartão não aceita esse número de parcelas',
  cc_rejected_max_attempts: 'limite de tentativas atingido; use outro cartão',
  cc_rejected_other_reason: 'o emissor do cartão recusou o pagamento',
};

/** 'Pagamento rejeitado. Detalhes: {detail or N/A}. Tente novamente.' (spec §4). */
export function paymentRejectedMessage(detail: string | undefined): string {
  const code = detail?.trim() ?? '';
  const known = Object.hasOwn(CARD_REJECTION_DETAILS, code)
    ? CARD_REJECTION_DETAILS[code]
    : undefined;
  // A detail written as a sentence ("Cartão já usado.") keeps one full stop, not two.
  const text = (known ?? detail)?.trim().replace(/[.\s]+$/u, '');
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

// The refunds' texts live in their own module: the checkout, which loads these, never
// shows them (its JavaScript budget); they are re-exported here.
export {
  REFUND_REASON_LABELS,
  REFUND_STATUS_LABELS,
  REFUND_STATUSES,
  refundMessages,
  type RefundStatus,
} from './refund-messages';
