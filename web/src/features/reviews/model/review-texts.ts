import { reviewMessages } from '@quitute/contracts';

/** Texts of the reviews pages: the spec's (customer §8, admin §2 and §8, from the contracts) and the pages' own. */
export const reviewTexts = {
  loadError: reviewMessages.loadFailed,
  submitError: reviewMessages.submitFailed,
  submitted: reviewMessages.submitted,
  required: reviewMessages.required,
  noDate: reviewMessages.dateMissing,
  invalidDate: reviewMessages.dateInvalid,
  verifiedPurchase: 'Compra verificada',
  loading: 'Carregando avaliações...',
  empty: 'Ainda não há avaliações publicadas. Seja o primeiro a avaliar!',
  loginToReview: 'Faça login para deixar sua avaliação.',
  reportSent: reviewMessages.reported,
  reportError: 'Não foi possível enviar a denúncia. Tente novamente.',
  invalidResponse: 'Resposta inválida do servidor.',
} as const;

export const adminReviewTexts = {
  title: 'Gerenciar Avaliações',
  accessDenied: 'Acesso Negado',
  accessDeniedDetail: 'Você não tem permissão para acessar esta página.',
  loadError: reviewMessages.adminLoadFailed,
  deleteError: reviewMessages.adminDeleteFailed,
  approveError: reviewMessages.adminApproveFailed,
  approved: reviewMessages.approved,
  deleted: reviewMessages.deleted,
  confirmTitle: 'Confirmação',
  confirmApprove: 'Tem certeza que deseja aprovar esta avaliação? Ela ficará visível para todos.',
  confirmDelete: 'Tem certeza que deseja excluir esta avaliação? Esta ação é irreversível.',
  loading: 'Carregando avaliações...',
  empty: 'Nenhuma avaliação encontrada.',
  clearFilters: 'Limpar Filtros',
} as const;
