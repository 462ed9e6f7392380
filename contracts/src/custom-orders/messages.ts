/** Custom-order texts (spec §2, §5 where they are the spec's), in pt-BR. */
export const customOrderMessages = {
  nameRequired: 'O nome é obrigatório.',
  nameTooLong: 'O nome deve ter no máximo 100 caracteres.',
  emailInvalid: 'Informe um e-mail válido.',
  /** spec §5 */
  phoneInvalid: 'Por favor, insira um número de telefone válido (10-15 dígitos).',
  eventDateInvalid: 'Informe a data do evento.',
  /** spec §5: an event before today (in the shop's day). */
  pastDate: 'A data do evento deve ser no futuro.',
  /** Past CUSTOM_ORDER_HORIZON_DAYS (two years). */
  tooFarAhead: 'A data do evento deve ser nos próximos 2 anos.',
  detailsRequired: 'A descrição da encomenda é obrigatória.',
  detailsTooLong: 'A descrição deve ter no máximo 2000 caracteres.',
  /** spec §2 */
  sent: 'Encomenda enviada com sucesso!',
  tooMany:
    'Muitas encomendas enviadas em pouco tempo. Tente novamente mais tarde ou fale conosco pelo WhatsApp.',
} as const;
