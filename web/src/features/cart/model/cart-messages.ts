import { cartMessages as serverTexts, MINIMUM_UNITS_PER_ITEM } from '@quitute/contracts';

/**
 * pt-BR texts of the cart. The ones the server answers too come from the
 * contracts; the rest are the web app's own (spec §4, §5, §8).
 */
export const cartMessages = {
  invalidItem: serverTexts.invalidItem,
  minimumTitle: serverTexts.minimumTitle,
  minimum: serverTexts.minimum,
  invalidQuantity: serverTexts.invalidQuantity,
  tooManyUnits: serverTexts.tooManyUnits,
  tooManyLines: serverTexts.tooManyLines,
  changedElsewhere: serverTexts.changedElsewhere,
  invalidIndex: 'Índice de item inválido.',
  invalidServerData: 'Formato de dados inválido do servidor',
  empty: 'Seu carrinho está vazio.',
  checkout: 'Finalizar Pedido',
  synced: 'Dados sincronizados com o servidor com sucesso!',
  initialLoadFailed: 'Erro ao carregar os dados iniciais do carrinho.',
  authFailed: 'Erro ao gerenciar autenticação. Tente recarregar a página.',
  usingOfflineData: 'Não foi possível conectar ao servidor. Usando dados offline.',
  addedOffline:
    'Item adicionado offline. Será sincronizado quando o servidor voltar ou você fizer login.',
  addedOfflineAfterNetworkError:
    'Não foi possível conectar ao servidor. O item foi adicionado offline e será sincronizado quando o servidor voltar.',
  loginToAddOnline:
    'Você precisa estar logado para adicionar itens ao carrinho online. Faça login ou continue offline.',
  removedOffline: 'Item removido offline. Será sincronizado quando o servidor voltar.',
  updatedOffline: 'Quantidade atualizada offline. Será sincronizada quando o servidor voltar.',
  clearedOffline: 'Carrinho limpo offline. Será sincronizado quando o servidor voltar.',
  belowMinimumNote: `Mínimo de ${MINIMUM_UNITS_PER_ITEM} unidades para finalizar.`,
  belowMinimumReason: `Para prosseguir, cada item (exceto os kits) precisa de pelo menos ${MINIMUM_UNITS_PER_ITEM} unidades.`,
  unexpected: 'Erro inesperado.',
} as const;

/** The server refused the answer's shape (spec §5) or said nothing usable: 'Erro 500'. */
export function statusDetail(status: number): string {
  return `Erro ${status}`;
}

/** Prefixes of the failures the spec names with a detail (§8). */
export const cartErrorPrefixes = {
  add: 'Erro ao adicionar item ao carrinho',
  update: 'Erro ao atualizar quantidade',
  remove: 'Erro ao remover item',
  clear: 'Erro ao limpar o carrinho',
  sync: 'Erro ao sincronizar o carrinho com o servidor',
  load: 'Erro ao buscar carrinho',
} as const;

export type CartErrorKind = keyof typeof cartErrorPrefixes;

/** 'Erro ao remover item: {detail}' */
export function cartErrorMessage(kind: CartErrorKind, detail: string): string {
  return `${cartErrorPrefixes[kind]}: ${detail}`;
}

export function addedMessage(nome: string, quantidade: number): string {
  return `${nome} (${quantidade} ${quantidade === 1 ? 'unidade' : 'unidades'}) adicionado ao carrinho!`;
}
