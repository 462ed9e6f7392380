/** Messages the server sends in `{ message }` (pt-BR, the spec's catalogue where it has one). */
export const messages = {
  invalidRequest: 'Requisição inválida.',
  /** A body over the route's limit (413). */
  requestTooLarge: 'O conteúdo enviado é grande demais.',
  notFound: 'Recurso não encontrado.',
  internalError: 'Erro interno do servidor. Tente novamente mais tarde.',
  unavailable: 'Serviço temporariamente indisponível. Tente novamente mais tarde.',
  revisionConflict: 'Os dados foram alterados por outra pessoa. Recarregue e tente novamente.',
  duplicateEvent: 'Esta operação já foi registrada com outros dados. Recarregue e confira.',
  invalidSearch: 'Parâmetros de busca inválidos.',
  /** A control character or ill-formed Unicode in a text field (see textField). */
  invalidText: 'Texto contém caracteres inválidos.',
} as const;
