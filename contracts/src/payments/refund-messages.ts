/** Issue 38: the texts of refunds, cancellations of paid orders and chargebacks (pt-BR). */
export const refundMessages = {
  reasonRequired: 'Informe o motivo do reembolso.',
  reasonTooLong: 'O motivo do reembolso deve ter no máximo 200 caracteres.',
  amountZero: 'O valor do reembolso deve ser maior que zero.',
  notPaid: 'Este pedido não foi pago: não há valor a reembolsar.',
  nothingLeft: 'Este pedido já foi totalmente reembolsado.',
  exceedsRemaining: (remaining: string) =>
    `O valor é maior que o restante a reembolsar deste pedido (${remaining}).`,
  inProgress:
    'Já há um reembolso em andamento para este pedido. Aguarde a resposta do sistema de pagamento antes de pedir outro.',
  chargedBack: 'O pagamento deste pedido foi contestado (chargeback): não há valor a reembolsar.',
  providerFailed:
    'O sistema de pagamento não confirmou o reembolso. Ele ficou registrado como falho: tente novamente.',
  refundNotFound: 'Reembolso não encontrado.',
  notFailed: 'Este reembolso não falhou: não há o que tentar de novo.',
  completed: (amount: string) => `Reembolso de ${amount} realizado.`,
  pending: (amount: string) =>
    `Reembolso de ${amount} solicitado. Aguardando a confirmação do sistema de pagamento.`,
  /** The admin's confirmation before cancelling a paid order (issue 38, exact text). */
  cancelPaidConfirm: (amount: string) => `O pagamento de ${amount} será estornado ao cliente.`,
  deliverUnpaidConfirm: 'Este pedido ainda não foi pago. Marcar como entregue mesmo assim?',
  refundedLabel: 'Reembolsado',
  partialRefundLabel: (amount: string) => `Reembolso parcial de ${amount}`,
  chargebackLabel: 'Contestação (chargeback)',
} as const;

/** A refund's state for the admin: asked and awaiting the provider, done, or not confirmed. */
export const REFUND_STATUSES = ['pending', 'completed', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
export const REFUND_STATUS_LABELS: Record<RefundStatus, string> = {
  pending: 'Em andamento',
  completed: 'Concluído',
  failed: 'Falhou',
};

/**
 * What a refund without the admin's own note says to the customer, by its
 * reason (PAYMENT_REFUND_REASONS); an admin's refund shows her note.
 */
export const REFUND_REASON_LABELS = {
  approved_after_cancel: 'Pagamento aprovado depois do cancelamento do pedido',
  provider: 'Reembolso feito pelo sistema de pagamento',
  admin: 'Reembolso da loja',
  order_cancelled: 'Pedido cancelado pela loja',
} as const;
