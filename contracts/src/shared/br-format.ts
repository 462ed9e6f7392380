import { formatBoleto } from '@brazilian-utils/brazilian-utils/format-boleto';
import { formatCep as groupCep } from '@brazilian-utils/brazilian-utils/format-cep';
import { formatCpf as groupCpf } from '@brazilian-utils/brazilian-utils/format-cpf';
import { formatPhone as groupPhone } from '@brazilian-utils/brazilian-utils/format-phone';

/**
 * Brazilian numbers as people read them: phone '(11) 98765-4321' or
 * '(11) 3456-7890', CPF '123.456.789-09', CEP '01310-100' and the boleto's
 * linha digitável in FEBRABAN's five groups. Values are stored and sent as
 * they are today (digits); `format*` is for showing a stored value, `mask*`
 * for an input while it is typed or pasted. The grouping itself is
 * brazilian-utils'; what is ours is which value gets which mask, and that a
 * value we cannot read is shown as stored rather than cut.
 */

const PHONE_NATIONAL_MAX = 11;
const PHONE_INTERNATIONAL_MAX = 15;
const CPF_LENGTH = 11;
const CEP_LENGTH = 8;
const BOLETO_LINE_LENGTH = 47;
const COLLECTION_LINE_LENGTH = 48;

const digitsOf = (text: string) => text.replace(/\D/g, '');

/**
 * The national number (DDD and subscriber, 10 or 11 digits) inside a phone
 * typed or pasted in any usual form: '+55 11 98765-4321', '0055 11…',
 * '(11)98765 4321'. Brazil's 55 is dropped only when 10 or 11 digits remain,
 * so the DDD 55 (Rio Grande do Sul) survives.
 */
export function phoneNationalDigits(text: string): string {
  const digits = digitsOf(text);
  for (const prefix of ['0055', '55']) {
    const rest = digits.slice(prefix.length);
    if (digits.startsWith(prefix) && (rest.length === 10 || rest.length === 11)) return rest;
  }
  return digits;
}

/** A number written with a plus and another country's code: it keeps its own form. */
function isForeign(text: string): boolean {
  return text.trimStart().startsWith('+') && !digitsOf(text).startsWith('55');
}

/** A stored phone as people read it; one that is not a Brazilian number is shown as stored. */
export function formatPhone(stored: string): string {
  const text = stored.trim();
  if (isForeign(text)) return text;
  const national = phoneNationalDigits(text);
  if (national.length !== 10 && national.length !== 11) return text;
  return groupPhone(national, { mask: 'nanp' });
}

/** `tel:` link of a stored Brazilian phone, in E.164 (+55…). */
export function phoneHref(stored: string): string {
  return isForeign(stored)
    ? `tel:+${digitsOf(stored)}`
    : `tel:+55${phoneNationalDigits(stored).slice(0, PHONE_NATIONAL_MAX)}`;
}

/**
 * A phone input's text as it is typed or pasted: '(11) 98765-4321' grows
 * digit by digit, at most 11 digits; a pasted '+55 …' becomes the national
 * number; a '+' and another country's code keep '+' and up to 15 digits.
 */
export function maskPhone(typed: string): string {
  const digits = digitsOf(typed);
  if (typed.trimStart().startsWith('+')) {
    const national = phoneNationalDigits(digits);
    // '+5', '+55 11 9…': still being typed, not yet a whole national number.
    if (national === digits) return `+${digits.slice(0, PHONE_INTERNATIONAL_MAX)}`;
  }
  const national = phoneNationalDigits(digits).slice(0, PHONE_NATIONAL_MAX);
  return groupPhone(national, { mask: 'nanp' });
}

/** A stored CPF as people read it (123.456.789-09); anything but 11 digits as stored. */
export function formatCpf(stored: string): string {
  const digits = digitsOf(stored);
  return digits.length === CPF_LENGTH ? groupCpf(digits) : stored.trim();
}

/**
 * A stored CPF as public records hide it (***.456.789-**): enough to tell one
 * from another, not the whole number; null when it is not 11 digits.
 */
export function formatHiddenCpf(stored: string): string | null {
  const digits = digitsOf(stored);
  return digits.length === CPF_LENGTH ? groupCpf(digits, { obfuscate: true }) : null;
}

/** A CPF input's text as it is typed or pasted: 123.456.789-09, at most 11 digits. */
export function maskCpf(typed: string): string {
  return groupCpf(digitsOf(typed).slice(0, CPF_LENGTH));
}

/** A stored CEP as people read it (01310-100); anything but 8 digits as stored. */
export function formatCep(stored: string): string {
  const digits = digitsOf(stored);
  return digits.length === CEP_LENGTH ? groupCep(digits) : stored.trim();
}

/** A CEP input's text as it is typed or pasted: 01310-100, at most 8 digits. */
export function maskCep(typed: string): string {
  return groupCep(digitsOf(typed).slice(0, CEP_LENGTH));
}

/**
 * A boleto's linha digitável as printed on the slip: the 47 digits of a bank
 * boleto in five groups (AAAAA.AAAAA BBBBB.BBBBBB CCCCC.CCCCCC D EEEEEEEEEEEEEE),
 * the 48 of a collection slip (starting with 8) in four; anything else as stored.
 */
export function formatDigitableLine(stored: string): string {
  const digits = digitsOf(stored);
  const readable =
    digits.length === BOLETO_LINE_LENGTH ||
    (digits.length === COLLECTION_LINE_LENGTH && digits.startsWith('8'));
  return readable ? formatBoleto(digits) : stored.trim();
}
