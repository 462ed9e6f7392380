import { REVIEW_COMMENT_MAX_LENGTH } from './constants';

/** Review texts (spec §5, §8; admin-spec §8), sent by the server as `{ message }` or shown by the web app. */
export const reviewMessages = {
  /** No login, no product or no rating from 1 to 5 (spec §5). */
  required: 'Login, produto e nota são necessários.',
  productNotFound: 'Produto não encontrado.',
  submitted: 'Avaliação enviada com sucesso! Aguarde a aprovação para aparecer publicamente.',
  commentTooLong: `O comentário deve ter no máximo ${REVIEW_COMMENT_MAX_LENGTH} caracteres.`,
  notFound: 'Avaliação não encontrada.',
  /** Approving is for pending reviews only (admin-spec §4): 409. */
  alreadyApproved: 'Esta avaliação já foi aprovada.',
  approved: 'Avaliação aprovada com sucesso!',
  deleted: 'Avaliação excluída com sucesso!',
  reported: 'Avaliação denunciada. Obrigado por nos avisar!',
  alreadyReported: 'Você já denunciou esta avaliação.',
  ownReview: 'Você não pode denunciar sua própria avaliação.',
  tooManyReviews: 'Muitas avaliações em pouco tempo. Tente novamente mais tarde.',
  tooManyReports: 'Muitas denúncias em pouco tempo. Tente novamente mais tarde.',
  /** The web app's own texts (spec §8, admin-spec §8). */
  loadFailed: 'Erro ao carregar dados. Tente recarregar a página.',
  submitFailed: 'Erro ao enviar avaliação. Tente novamente.',
  adminLoadFailed: 'Erro ao carregar avaliações',
  adminDeleteFailed: 'Erro ao excluir avaliação',
  adminApproveFailed: 'Erro ao aprovar avaliação',
  dateMissing: 'Data não disponível',
  dateInvalid: 'Data inválida',
} as const;
