/** Catalogue texts the server answers in `{ message }` (admin-spec §8; the last ones where the spec is silent). */
export const catalogMessages = {
  productExists: 'Produto já existe.',
  productNotFound: 'Produto não encontrado.',
  /** Product names are unique, case and accents aside: the cart and the sync find products by name. */
  productNameTaken: 'Já existe um produto com este nome.',
} as const;
