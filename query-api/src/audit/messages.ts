/** The auditors' reads' own messages (pt-BR). */
export const auditMessages = {
  streamNotFound: 'Stream não encontrado.',
  /** A page of the log waited too long for writes still running on the server. */
  logSettling: 'O log ainda tem gravações em andamento no servidor. Tente novamente em instantes.',
  /** Shown instead of a secret's value (a password's or a reset token's hash). */
  hidden: '(oculto)',
  /** Shown instead of a product photo's bytes (ProductPhotoUploaded): the picture is at its imageUrl. */
  photoBytes: (bytes: number) =>
    `(foto WebP de ${new Intl.NumberFormat('pt-BR').format(bytes)} bytes)`,
} as const;
