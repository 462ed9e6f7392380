import { MINIMUM_UNITS_PER_ITEM } from '@quitute/contracts';

/** pt-BR texts of the cart (spec §5, §8). */
export const cartMessages = {
  invalidItem: 'Item inválido ou quantidade deve ser maior que zero.',
  minimumTitle: 'Limite Mínimo',
  minimum: `A quantidade mínima para cada item é de ${MINIMUM_UNITS_PER_ITEM} unidades. Por favor, ajuste a quantidade e tente novamente!`,
  addedOffline:
    'Item adicionado offline. Será sincronizado quando o servidor voltar ou você fizer login.',
  empty: 'Seu carrinho está vazio.',
  checkout: 'Finalizar Pedido',
} as const;

export function addedMessage(nome: string, quantidade: number): string {
  return `${nome} (${quantidade} ${quantidade === 1 ? 'unidade' : 'unidades'}) adicionado ao carrinho!`;
}
