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

/**
 * The hours of the shop's settings (the chatbot tells the same), as a sentence:
 * 'Segunda a sábado, …' with one full stop, however the owner ended them.
 */
export function openingHoursText(hours: string): string {
  const phrase = hours.trim().replace(/\.+$/, '');
  return phrase.charAt(0).toUpperCase() + phrase.slice(1) + '.';
}
