import { reviewMessages } from '@quitute/contracts';

/** Texts of the reviews pages: the spec's (customer §8, from the contracts) and the pages' own. */
export const reviewTexts = {
  loadError: reviewMessages.loadFailed,
  submitError: reviewMessages.submitFailed,
  submitted: reviewMessages.submitted,
  required: reviewMessages.required,
  verifiedPurchase: 'Compra verificada',
  loading: 'Carregando avaliações...',
  empty: 'Ainda não há avaliações publicadas. Seja o primeiro a avaliar!',
  loginToReview: 'Faça login para deixar sua avaliação.',
  reportSent: reviewMessages.reported,
  reportError: 'Não foi possível enviar a denúncia. Tente novamente.',
  invalidResponse: 'Resposta inválida do servidor.',
} as const;
