/** Cookie-consent texts the server answers in `{ message }`. */
export const consentMessages = {
  invalid: 'Escolha de cookies inválida.',
  recorded: 'Preferência de cookies registrada.',
  tooMany: 'Muitas tentativas. Tente novamente mais tarde.',
} as const;
