/** The contact form (spec §3): every field required (spec §2). */
export interface ContactForm {
  nome: string;
  email: string;
  mensagem: string;
}

export const emptyContact: ContactForm = { nome: '', email: '', mensagem: '' };

/** The text the shop receives on WhatsApp. */
export function contactMessage(form: ContactForm): string {
  return [
    `Olá! Meu nome é ${form.nome.trim()} (${form.email.trim()}).`,
    '',
    form.mensagem.trim(),
  ].join('\n');
}

/** The hours of the shop's settings (the chatbot tells the same), as a sentence: 'Segunda a sábado, …'. */
export function openingHoursText(hours: string): string {
  return hours.charAt(0).toUpperCase() + hours.slice(1) + '.';
}
