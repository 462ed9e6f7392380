import { MINIMUM_UNITS_PER_ITEM } from '../catalog/constants';
import { MAX_CART_LINES, MAX_UNITS_PER_LINE } from './constants';

const thousands = new Intl.NumberFormat('pt-BR');

/** Texts the cart endpoints answer in `{ message }` (spec §5, §8; the last ones where the spec is silent). */
export const cartMessages = {
  invalidItem: 'Item inválido ou quantidade deve ser maior que zero.',
  minimumTitle: 'Limite Mínimo',
  minimum: `A quantidade mínima para cada item é de ${MINIMUM_UNITS_PER_ITEM} unidades. Por favor, ajuste a quantidade e tente novamente!`,
  invalidQuantity: 'Quantidade deve ser um número maior ou igual a zero.',
  productNotFound: 'Produto não encontrado.',
  productUnavailable: 'Produto indisponível no momento.',
  tooManyUnits: `A quantidade máxima para cada item é de ${thousands.format(MAX_UNITS_PER_LINE)} unidades.`,
  tooManyLines: `O carrinho pode ter no máximo ${MAX_CART_LINES} itens.`,
  /** Another tab or device changed the cart after this client last read it (a sync sent with If-Match). */
  changedElsewhere:
    'Seu carrinho foi alterado em outra aba ou dispositivo. Confira os itens e tente novamente.',
  otherUsersCart: 'Você só pode acessar o seu próprio carrinho.',
} as const;

/** 'Produto não encontrado: Coxinha X.' — which line of a sync was refused. */
export function productNotFoundNamed(nome: string): string {
  return `Produto não encontrado: ${nome}.`;
}

export function productUnavailableNamed(nome: string): string {
  return `Produto indisponível no momento: ${nome}.`;
}
