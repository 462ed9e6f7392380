/**
 * SMS in the GSM 7-bit alphabet (3GPP TS 23.038): 160 characters a segment,
 * 153 each of a longer message's. A single character outside it (ã, ç, ê, an
 * emoji) sends the whole message as UCS-2, 70 a segment, and the shop pays
 * twice or more for the same words: texts are folded into it.
 */
const BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** Sent as an escape and the character: two septets each. */
const EXTENDED = '^{}\\[~]|€';

const basic = new Set(BASIC);
const extended = new Set(EXTENDED);

/** Two GSM segments of 153 septets: what one of the shop's SMS may take. */
export const SMS_MAX_SEPTETS = 306;

const REPLACEMENTS: Readonly<Record<string, string>> = {
  '—': '-',
  '–': '-',
  '‑': '-',
  '“': '"',
  '”': '"',
  '‘': "'",
  '’': "'",
  '…': '...',
  '×': 'x',
  '·': '-',
  '•': '-',
  ª: 'a',
  º: 'o',
  '\u00a0': ' ',
  '\t': ' ',
};

const isGsm = (char: string) => basic.has(char) || extended.has(char);

/**
 * The text in the GSM alphabet: what is in it stays (é, à, Ç), an accented
 * letter that is not loses its accent (ã → a, ç → c), dashes and quotes become
 * their plain forms, and anything else ('?') cannot pass unseen.
 */
export function toGsm(text: string): string {
  let folded = '';
  for (const char of text) {
    if (isGsm(char)) folded += char;
    else if (REPLACEMENTS[char] !== undefined) folded += REPLACEMENTS[char];
    else {
      const bare = char.normalize('NFD').replace(/\p{M}/gu, '');
      folded += bare !== '' && [...bare].every(isGsm) ? bare : '?';
    }
  }
  return folded;
}

/** Septets a GSM text takes (an extended character two); a character outside the alphabet counts 1. */
export function gsmSeptets(text: string): number {
  let count = 0;
  for (const char of text) count += extended.has(char) ? 2 : 1;
  return count;
}

/** Whether every character of the text is in the GSM alphabet. */
export function isGsmText(text: string): boolean {
  return [...text].every(isGsm);
}
