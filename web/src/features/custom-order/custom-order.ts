import { formatPhone } from '@quitute/contracts';

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
  invalidPhone: 'Por favor, insira um número de telefone válido (10-15 dígitos).',
  pastDate: 'A data do evento deve ser no futuro.',
  success: 'Encomenda enviada com sucesso!',
} as const;

/** What people type between digits of a phone number: spaces, dashes, dots, parentheses. */
const PHONE_PUNCTUATION = /[\s().-]/g;

/** spec §5: an optional plus and 10 to 15 digits (the usual punctuation of a number is allowed). */
export function isValidPhone(telefone: string): boolean {
  return /^\+?\d{10,15}$/.test(telefone.trim().replace(PHONE_PUNCTUATION, ''));
}

/**
 * The first rule of spec §5 the form breaks, or null. `today` is the shop's
 * date (`YYYY-MM-DD`); an event today is allowed.
 */
export function customOrderProblem(
  form: CustomOrderForm,
  today: string,
): { field: CustomOrderField; message: string } | null {
  if (!isValidPhone(form.telefone))
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
