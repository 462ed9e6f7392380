/** The auditors' reads' own messages (pt-BR). */
export const auditMessages = {
  streamNotFound: 'Stream não encontrado.',
  /** Shown instead of a secret's value (a password's or a reset token's hash). */
  hidden: '(oculto)',
} as const;
