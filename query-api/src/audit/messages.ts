/** The auditors' reads' own messages (pt-BR). */
export const auditMessages = {
  streamNotFound: 'Stream não encontrado.',
} as const;
