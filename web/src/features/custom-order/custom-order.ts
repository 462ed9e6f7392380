import {
  customOrderMessages,
  formatPhone,
  isValidCustomOrderPhone,
  maskPhone,
} from '@quitute/contracts';

/** The custom order form (spec §3): every field required (spec §2). */
export interface CustomOrderForm {
  nome: string;
  email: string;
  telefone: string;
  /** `YYYY-MM-DD`, as a date input gives it. */
  dataEvento: string;
  descricao: string;
}

export type CustomOrderField = keyof CustomOrderForm;

export const emptyCustomOrder: CustomOrderForm = {
  nome: '',
  email: '',
  telefone: '',
  dataEvento: '',
  descricao: '',
};

export const customOrderTexts = {
  invalidPhone: customOrderMessages.phoneInvalid,
  pastDate: customOrderMessages.pastDate,
  success: customOrderMessages.sent,
  notRecordedTitle: 'Não foi possível registrar sua encomenda',
  notRecorded:
    'Sua encomenda não foi registrada na loja. Envie pelo WhatsApp para não perdê-la: os detalhes já estão na mensagem.',
  sendByWhatsApp: 'Enviar pelo WhatsApp',
  /** Recorded, but the shop's WhatsApp could not be read: the shop answers from its list. */
  recordedOnly: 'Recebemos os detalhes da sua encomenda. Responderemos em breve!',
  sending: 'Enviando...',
} as const;

/** The contact a signed-in customer's profile gives the form. */
export interface CustomOrderContact {
  name: string;
  email: string;
  phone: string;
}

/** The form as it starts: empty, or with the signed-in customer's name, e-mail and phone. */
export function initialCustomOrder(contact: CustomOrderContact | null): CustomOrderForm {
  if (!contact) return emptyCustomOrder;
  return {
    ...emptyCustomOrder,
    nome: contact.name,
    email: contact.email,
    telefone: maskPhone(contact.phone),
  };
}

/**
 * The first rule of spec §5 the form breaks, or null. `today` is the shop's
 * date (`YYYY-MM-DD`); an event today is allowed.
 */
export function customOrderProblem(
  form: CustomOrderForm,
  today: string,
): { field: CustomOrderField; message: string } | null {
  if (!isValidCustomOrderPhone(form.telefone))
    return { field: 'telefone', message: customOrderTexts.invalidPhone };
  // ISO dates compare as text.
  if (form.dataEvento < today) return { field: 'dataEvento', message: customOrderTexts.pastDate };
  return null;
}

/** `YYYY-MM-DD` as `dd/MM/yyyy`. */
export function brazilianDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return year && month && day ? `${day}/${month}/${year}` : isoDate;
}

/** The text the shop receives on WhatsApp. */
export function customOrderMessage(form: CustomOrderForm): string {
  return [
    'Olá! Gostaria de fazer uma encomenda personalizada.',
    '',
    `Nome: ${form.nome.trim()}`,
    `E-mail: ${form.email.trim()}`,
    `Telefone: ${formatPhone(form.telefone)}`,
    `Data do evento: ${brazilianDate(form.dataEvento)}`,
    `Descrição: ${form.descricao.trim()}`,
  ].join('\n');
}
