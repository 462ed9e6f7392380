/**
 * Texts of the pages the shop's e-mails link to (issue 41) that only the web
 * app shows; the answers are the server's (contracts' notificationMessages).
 * Kept apart from authMessages, which every page loads.
 */
export const emailLinkTexts = {
  processing: 'Processando...',
  confirmEmailTitle: 'Confirmação de e-mail',
  unsubscribeTitle: 'Cancelar e-mails',
  linkFailed: 'Não foi possível concluir agora. Tente novamente em instantes.',
} as const;
