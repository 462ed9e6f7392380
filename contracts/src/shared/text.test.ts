import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loginBodySchema, profileUpdateBodySchema, registerBodySchema } from '../accounts/dto';
import { accountMessages } from '../accounts/messages';
import { productListQuerySchema } from '../catalog/dto';
import { messages } from './messages';
import { foldForSearch, isCleanText, textField } from './text';

const issuesOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) =>
  (result.error?.issues ?? []).map((issue) => ({
    path: issue.path.join('.'),
    message: issue.message,
  }));

describe('isCleanText', () => {
  it.each([
    ['plain text', 'Pão de Queijo', true],
    ['an emoji (a valid surrogate pair)', 'Festa 🎉', true],
    ['a NUL', 'a\u0000b', false],
    ['an escape', 'a\u001bb', false],
    ['a DEL', 'a\u007fb', false],
    ['a C1 control', 'a\u0085b', false],
    ['a lone high surrogate', 'a\ud800b', false],
    ['a lone low surrogate', 'a\udc00', false],
    ['a reversed pair', '\ude00\ud83d', false],
    ['a newline', 'Rua A\nApto 2', false],
    ['a tab', 'a\tb', false],
    ['a right-to-left override', 'Maria \u202enimdA', false],
    ['a direction isolate', 'a\u2067b', false],
    ['a zero-width joiner (emoji families)', 'Festa 👨\u200d👩\u200d👧', true],
  ])('given %s on one line, then %s', (_case, text, clean) => {
    expect(isCleanText(text)).toBe(clean);
  });

  it.each([
    ['line breaks and a tab', 'Rua A, 10\r\nApto 2\tfundos', true],
    ['a NUL', 'Rua A\n\u0000', false],
    ['a vertical tab', 'Rua A\u000b', false],
    ['a lone surrogate', 'Rua A\n\ud800', false],
  ])('given %s in multi-line text, then %s', (_case, text, clean) => {
    expect(isCleanText(text, { multiline: true })).toBe(clean);
  });

  it('given any string, then clean exactly when it survives UTF-8 and has no control character but tab and line breaks, nor a direction control', () => {
    const codePoint = fc.oneof(
      fc.integer({ min: 0, max: 0x10ffff }),
      fc.integer({ min: 0, max: 0x9f }),
      fc.integer({ min: 0xd800, max: 0xdfff }),
      fc.integer({ min: 0x2028, max: 0x206f }),
    );
    const directionControl = /[\u202a-\u202e\u2066-\u2069]/u;
    const roundTrips = (text: string) =>
      new TextDecoder().decode(new TextEncoder().encode(text)) === text;
    fc.assert(
      fc.property(
        fc.string({ unit: codePoint.map((code) => String.fromCodePoint(code)) }),
        (text) => {
          const controls = [...text].filter((char) => /\p{Cc}/u.test(char));
          const wellFormed = roundTrips(text) && !directionControl.test(text);
          expect(isCleanText(text, { multiline: true })).toBe(
            wellFormed && controls.every((char) => '\t\n\r'.includes(char)),
          );
          expect(isCleanText(text)).toBe(wellFormed && controls.length === 0);
        },
      ),
    );
  });
});

describe('textField', () => {
  it('given a control character, then the text message, and the rules after it do not run', () => {
    const schema = textField().min(5, 'curto');
    expect(issuesOf(schema.safeParse('a\u0000'))).toEqual([
      { path: '', message: messages.invalidText },
    ]);
    expect(issuesOf(schema.safeParse('abc'))).toEqual([{ path: '', message: 'curto' }]);
  });

  it('given no string, then the required message', () => {
    expect(issuesOf(textField({ required: 'obrigatório' }).safeParse(undefined))).toEqual([
      { path: '', message: 'obrigatório' },
    ]);
  });
});

describe('the request schemas', () => {
  const register = {
    name: 'Maria Souza',
    email: 'maria@example.com',
    password: 'Segredo123',
    recaptchaToken: 'x',
  };

  it.each([
    ['name', 'Maria\u0000Souza'],
    ['name', 'Maria\tSouza'],
    ['email', 'maria\u0000@example.com'],
    ['email', 'maria\ud800@example.com'],
    ['password', 'Segredo123\u0000'],
    ['recaptchaToken', 'x\ud800'],
  ])('given register %s %j, then the text message on that field', (field, value) => {
    expect(issuesOf(registerBodySchema.safeParse({ ...register, [field]: value }))).toEqual([
      { path: field, message: messages.invalidText },
    ]);
  });

  it('given a login e-mail with a newline, then the text message', () => {
    const result = loginBodySchema.safeParse({
      email: 'a@b.co\n',
      password: 'Segredo1',
      recaptchaToken: 'x',
    });
    expect(issuesOf(result)).toEqual([{ path: 'email', message: messages.invalidText }]);
  });

  it('given an address on two lines, then it is kept; a phone with a tab is refused', () => {
    expect(profileUpdateBodySchema.parse({ address: 'Rua A, 10\nApto 2' })).toEqual({
      address: 'Rua A, 10\nApto 2',
    });
    expect(issuesOf(profileUpdateBodySchema.safeParse({ address: 'a\u0000b' }))).toEqual([
      { path: 'address', message: messages.invalidText },
    ]);
    expect(issuesOf(profileUpdateBodySchema.safeParse({ phone: '11\t987654321' }))).toEqual([
      { path: 'phone', message: messages.invalidText },
    ]);
  });

  it('given a well-formed short address, then the spec message still applies', () => {
    expect(issuesOf(profileUpdateBodySchema.safeParse({ address: 'Rua' }))).toEqual([
      { path: 'address', message: accountMessages.addressMinLength },
    ]);
  });

  it('given a menu search with a NUL or a category with a newline, then refused', () => {
    expect(issuesOf(productListQuerySchema.safeParse({ busca: 'pão\u0000' }))).toEqual([
      { path: 'busca', message: messages.invalidText },
    ]);
    expect(issuesOf(productListQuerySchema.safeParse({ category: 'Doces\nFinos' }))).toEqual([
      { path: 'category', message: messages.invalidText },
    ]);
    expect(productListQuerySchema.parse({ busca: ' pão ' })).toEqual({ busca: 'pão' });
  });
});

describe('foldForSearch', () => {
  it('given accents and capitals, then plain lower case', () => {
    expect(foldForSearch('Pão de Queijo')).toBe('pao de queijo');
  });
});
