import { orderMessages } from '@quitute/contracts';

/** Texts of the orders pages: the spec's (§8, from the contracts) and the pages' own. */
export const orderTexts = {
  ...orderMessages,
  noOrders: 'Você ainda não fez pedidos.',
  noOrdersFound: 'Nenhum pedido encontrado.',
  loading: 'Carregando pedidos...',
  loadingDetails: 'Carregando pedido...',
  payPendingTitle: 'Pague seu pedido',
  refundTerm: 'Reembolso',
  refundsTitle: 'Reembolsos',
} as const;
