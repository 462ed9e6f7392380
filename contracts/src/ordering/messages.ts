/** Texts of the checkout and orders (spec §5, §8; the last ones where the spec is silent). */
export const checkoutMessages = {
  emailRequired: 'E-mail é obrigatório',
  invalidEmail: 'E-mail inválido',
  invalidCpf: 'CPF inválido',
  fullNameRequired: 'Nome completo é obrigatório',
  deliveryTypeRequired: 'Selecione um tipo de entrega/retirada.',
  notesTooLong: 'As observações devem ter no máximo 500 caracteres.',
  dateRequired: 'Data e hora são obrigatórias.',
  zipCodeRequired: 'CEP é obrigatório',
  streetRequired: 'Rua é obrigatória',
  numberRequired: 'Número é obrigatório',
  neighborhoodRequired: 'Bairro é obrigatório',
  cityRequired: 'Cidade é obrigatória',
  federalUnitRequired: 'UF é obrigatória',
  nameAndCpfFirst: 'Preencha seu Nome Completo e CPF antes de continuar.',
  zeroTotal: 'O valor total do pedido não pode ser zero.',
  invalidCep: 'CEP inválido',
  /** The UF is not the CEP's state (the fee is priced by the CEP). */
  cepStateMismatch: 'A UF não corresponde ao CEP informado.',
  /** Issue 37: the courier's number, a Brazilian one. */
  phoneInvalid: 'Telefone inválido: informe DDD e número, com 10 ou 11 dígitos.',
  phoneRequired: 'Telefone é obrigatório para entrega.',
  cardTokenRequired: 'Dados do cartão ausentes. Preencha o formulário do cartão novamente.',
  emptyOrder: 'Seu carrinho está vazio.',
  /** The client's total differs from the catalogue's: the customer must see the real price first. */
  totalChanged: 'Os preços do seu pedido mudaram. Confira o novo total antes de pagar.',
  /** The same Idempotency-Key sent with another request body. */
  idempotencyKeyReused: 'Esta solicitação já foi usada para outro pedido. Recarregue a página.',
  otherUsersCheckout: 'Você só pode fazer pedidos na sua própria conta.',
  /** Another card for an order cancelled meanwhile (its time for another card ran out). */
  orderClosedForAnotherCard: 'Este pedido foi cancelado. Faça um novo pedido para pagar.',
} as const;

export const orderMessages = {
  loginRequired: 'Você precisa estar logado para ver seus pedidos.',
  invalidResponse: 'Resposta inválida do servidor.',
  loadFailed: 'Erro ao carregar pedidos.',
  repeatLoginRequired: 'Você precisa estar logado para repetir o pedido.',
  repeatFailed: 'Erro ao adicionar itens ao carrinho.',
  missingId: 'ID do pedido ausente na URL.',
  detailsFailed: 'Não foi possível carregar os detalhes do pedido.',
  notFound: 'Pedido não encontrado.',
} as const;

/** 'A data deve ser no mínimo {dd/MM/yyyy}.' */
export function minimumDateMessage(earliest: string): string {
  const [year, month, day] = earliest.split('-');
  return `A data deve ser no mínimo ${day ?? ''}/${month ?? ''}/${year ?? ''}.`;
}

/** 'Pedido #{n} adicionado ao carrinho com sucesso!' */
export function orderRepeatedMessage(orderNumber: number): string {
  return `Pedido #${orderNumber} adicionado ao carrinho com sucesso!`;
}

/**
 * Issue 38: a checkout while the account already holds MAX_UNPAID_ORDERS orders
 * awaiting payment (409), naming them: 'Você já tem 3 pedidos aguardando
 * pagamento (#1042, #1043, #1044). Pague ou cancele um deles antes de fazer um novo pedido.'
 */
export function tooManyUnpaidOrdersMessage(
  openCount: number,
  orderNumbers: readonly number[],
): string {
  const count = Math.max(openCount, orderNumbers.length, 1);
  const named = orderNumbers.length > 0 ? ` (${orderNumbers.map((n) => `#${n}`).join(', ')})` : '';
  const orders = count === 1 ? '1 pedido aguardando' : `${count} pedidos aguardando`;
  return `Você já tem ${orders} pagamento${named}. Pague ou cancele um deles antes de fazer um novo pedido.`;
}

/**
 * Issue 38: a checkout whose units, with those the account's unpaid orders
 * already hold, pass MAX_UNPAID_UNITS (409).
 */
export function tooManyUnpaidUnitsMessage(heldUnits: number, maxUnits: number): string {
  const held =
    heldUnits > 0 ? `Seus pedidos aguardando pagamento já reservam ${heldUnits} unidades. ` : '';
  return `${held}Enquanto não são pagos, os pedidos de uma conta reservam no máximo ${maxUnits} unidades. Pague um pedido em aberto ou diminua as quantidades.`;
}
