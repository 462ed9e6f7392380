/** Sales texts the server answers in `{ message }` (admin-spec §4, §8; the spec is silent on the errors). */
export const salesMessages = {
  saleNotFound: 'Venda não encontrada.',
  saleExists: 'Venda já registrada.',
  /** admin-spec §4: only physical (Fisico) sales can be edited and deleted. */
  onlineSaleNotEditable: 'Vendas online não podem ser alteradas.',
  onlineSaleNotDeletable: 'Vendas online não podem ser excluídas.',
  /** Only an online sale is taken back when its payment is refunded or charged back. */
  onlySaleOfPaymentReversible: 'Apenas vendas online podem ser estornadas.',
} as const;
