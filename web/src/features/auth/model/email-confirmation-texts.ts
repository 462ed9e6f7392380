/** The profile's notice of an e-mail not confirmed yet (issue 41); its notice and button are the contracts'. */
export const emailConfirmationTexts = {
  resendFailed: 'Erro ao reenviar o link de confirmação.',
  sending: 'Enviando...',
} as const;
