/** The admin's 'Encomendas' page texts (pt-BR). */
export const customOrderTexts = {
  title: 'Encomendas',
  loading: 'Carregando encomendas...',
  empty: 'Nenhuma encomenda recebida.',
  loadFailed: 'Erro ao carregar encomendas.',
  loginToSee: 'Faça login para ver as encomendas.',
  visitor: 'Visitante',
} as const;
