import { z } from 'zod';
import { messages } from './messages';

/** Lower-case without accents, so `pao` finds "Pão de Queijo". */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

// \p{Cs} matches a surrogate only when it is not half of a pair: the same test as
// String.prototype.isWellFormed, which some browsers the web app supports lack.
// U+202A–U+202E and U+2066–U+2069 turn the direction of the text around them: a
// name or review holding one reads differently from what it is ('nimdA').
const forbiddenOnOneLine = /[\p{Cc}\p{Cs}\u202a-\u202e\u2066-\u2069]/u;
const forbiddenOnManyLines = /(?![\t\n\r])[\p{Cc}\p{Cs}\u202a-\u202e\u2066-\u2069]/u;

/**
 * Whether text is well-formed Unicode without control characters (nor the
 * controls that reverse its direction); tab and line breaks are allowed only
 * in `multiline` text.
 */
export function isCleanText(text: string, options: { multiline?: boolean } = {}): boolean {
  return !(options.multiline ? forbiddenOnManyLines : forbiddenOnOneLine).test(text);
}

/**
 * The base of every text field a request carries, body or query string: use it
 * for every new one (reviews, chatbot, custom orders, checkout…). It answers 400
 * with `messages.invalidText` for a control character or ill-formed Unicode — a
 * NUL that PostgreSQL refuses, a lone surrogate that would be stored as garbage —
 * before the field's own rules (with the spec's messages) run. `multiline` lets
 * tab and line breaks through (an address, a comment; never a name, phone or
 * e-mail); `required` is the message for a missing or non-string value.
 */
export function textField(options: { multiline?: boolean; required?: string } = {}): z.ZodString {
  return z
    .string(options.required === undefined ? undefined : { error: options.required })
    .refine((value) => isCleanText(value, options), {
      message: messages.invalidText,
      abort: true,
    });
}
