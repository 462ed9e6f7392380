import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatCep,
  formatCpf,
  formatDigitableLine,
  formatHiddenCpf,
  formatPhone,
  maskCep,
  maskCpf,
  maskPhone,
  phoneHref,
  phoneNationalDigits,
} from './br-format';

const digitsOf = (text: string) => text.replace(/\D/g, '');
const digitString = (length: number) =>
  fc
    .array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length })
    .map((d) => d.join(''));

/** A DDD (11 to 99, no 0 in it) and a mobile (9 + 8 digits) or a landline (2-5 + 7 digits). */
const nationalPhone = fc
  .tuple(
    fc.integer({ min: 1, max: 9 }),
    fc.integer({ min: 1, max: 9 }),
    fc.oneof(
      digitString(8).map((rest) => `9${rest}`),
      fc
        .tuple(fc.integer({ min: 2, max: 5 }), digitString(7))
        .map(([head, rest]) => `${head}${rest}`),
    ),
  )
  .map(([a, b, subscriber]) => `${a}${b}${subscriber}`);

/** The ways people write one national number: bare, with punctuation, with +55 or 0055. */
const writtenAs = (national: string) => {
  const ddd = national.slice(0, 2);
  const subscriber = national.slice(2);
  const split = subscriber.length - 4;
  const head = subscriber.slice(0, split);
  const tail = subscriber.slice(split);
  return fc.constantFrom(
    national,
    `(${ddd}) ${head}-${tail}`,
    `(${ddd})${head} ${tail}`,
    `${ddd} ${head}-${tail}`,
    `+55 ${ddd} ${head}-${tail}`,
    `+55 (${ddd}) ${head}-${tail}`,
    `+55${national}`,
    `55${national}`,
    `0055 ${ddd} ${head} ${tail}`,
    ` ${ddd}.${head}.${tail} `,
  );
};

describe('phones', () => {
  it.each([
    ['a mobile', '11987654321', '(11) 98765-4321'],
    ['a landline', '1134567890', '(11) 3456-7890'],
    ['a mobile with +55', '+5511987654321', '(11) 98765-4321'],
    ['a landline with 55', '551134567890', '(11) 3456-7890'],
    ['a number of DDD 55', '55987654321', '(55) 98765-4321'],
    ['a number already formatted', '(11) 98765-4321', '(11) 98765-4321'],
    ['another country', '+12125550100', '+12125550100'],
    ['too short to read', '98765', '98765'],
    ['empty', '', ''],
  ])('given %s stored as %j, when shown, then it reads %j', (_, stored, shown) => {
    expect(formatPhone(stored)).toBe(shown);
  });

  it.each([
    ['+55 11 98765-4321', '(11) 98765-4321'],
    ['11987654321', '(11) 98765-4321'],
    ['(11)98765 4321', '(11) 98765-4321'],
    ['0055 11 3456 7890', '(11) 3456-7890'],
    ['1', '(1'],
    ['11', '(11'],
    ['119', '(11) 9'],
    ['1198765', '(11) 98765'],
    ['11987654', '(11) 98765-4'],
    ['113456789', '(11) 34567-89'],
    ['1134567890', '(11) 3456-7890'],
    ['119876543210', '(11) 98765-4321'],
    ['+', '+'],
    ['+5', '+5'],
    ['+55 11', '+5511'],
    ['+1 212 555 0100', '+12125550100'],
    ['abc', ''],
  ])('given %j typed or pasted in a phone input, then it shows %j', (typed, shown) => {
    expect(maskPhone(typed)).toBe(shown);
  });

  it('given a national number written in any usual way, when pasted, then the input shows it as it is shown stored', () => {
    fc.assert(
      fc.property(
        nationalPhone.chain((national) => fc.tuple(fc.constant(national), writtenAs(national))),
        ([national, written]) => {
          expect(phoneNationalDigits(written)).toBe(national);
          expect(maskPhone(written)).toBe(formatPhone(national));
        },
      ),
    );
  });

  it('given a national number, when shown and read back, then the digits are the same and the mask keeps the shown form', () => {
    fc.assert(
      fc.property(nationalPhone, (national) => {
        const shown = formatPhone(national);
        expect(digitsOf(shown)).toBe(national);
        expect(maskPhone(shown)).toBe(shown);
        expect(formatPhone(shown)).toBe(shown);
      }),
    );
  });

  it('given a phone typed digit by digit, then every step shows no more than the digits typed, in order', () => {
    fc.assert(
      fc.property(nationalPhone, (national) => {
        let text = '';
        for (const digit of national) {
          text = maskPhone(text + digit);
          expect(national.startsWith(digitsOf(text))).toBe(true);
        }
        expect(text).toBe(formatPhone(national));
      }),
    );
  });

  it('given stored phones, when linked, then the link is E.164', () => {
    expect(phoneHref('(11) 98765-4321')).toBe('tel:+5511987654321');
    expect(phoneHref('+5511987654321')).toBe('tel:+5511987654321');
    expect(phoneHref('+1 212 555 0100')).toBe('tel:+12125550100');
  });
});

describe('CPF', () => {
  it.each([
    ['52998224725', '529.982.247-25'],
    ['529.982.247-25', '529.982.247-25'],
    ['5299822472', '5299822472'],
    ['', ''],
  ])('given %j stored, when shown, then it reads %j', (stored, shown) => {
    expect(formatCpf(stored)).toBe(shown);
  });

  it('given a CPF shown to auditors, then only its middle digits, and nothing of a number that is not a CPF', () => {
    expect(formatHiddenCpf('52998224725')).toBe('***.982.247-**');
    expect(formatHiddenCpf('529.982.247-25')).toBe('***.982.247-**');
    expect(formatHiddenCpf('5299822472')).toBeNull();
  });

  it.each([
    ['529', '529'],
    ['5299', '529.9'],
    ['5299822', '529.982.2'],
    ['529982247', '529.982.247'],
    ['5299822472', '529.982.247-2'],
    ['529.982.247-25', '529.982.247-25'],
    ['529 982 247 25 99', '529.982.247-25'],
  ])('given %j typed or pasted in a CPF input, then it shows %j', (typed, shown) => {
    expect(maskCpf(typed)).toBe(shown);
  });

  it('given 11 digits, when shown and read back, then the digits are the same and any punctuation pasted gives the same text', () => {
    fc.assert(
      fc.property(digitString(11), fc.constantFrom('', ' ', '.', '-', '/'), (digits, separator) => {
        const shown = formatCpf(digits);
        expect(shown).toMatch(/^\d{3}\.\d{3}\.\d{3}-\d{2}$/);
        expect(digitsOf(shown)).toBe(digits);
        expect(maskCpf([...digits].join(separator))).toBe(shown);
      }),
    );
  });
});

describe('CEP', () => {
  it.each([
    ['01310100', '01310-100'],
    ['01310-100', '01310-100'],
    ['1310100', '1310100'],
  ])('given %j stored, when shown, then it reads %j', (stored, shown) => {
    expect(formatCep(stored)).toBe(shown);
  });

  it.each([
    ['01310', '01310'],
    ['013101', '01310-1'],
    ['01310-100', '01310-100'],
    ['01.310-100 9', '01310-100'],
  ])('given %j typed or pasted in a CEP input, then it shows %j', (typed, shown) => {
    expect(maskCep(typed)).toBe(shown);
  });

  it('given 8 digits, when shown and read back, then the digits are the same', () => {
    fc.assert(
      fc.property(digitString(8), (digits) => {
        const shown = formatCep(digits);
        expect(shown).toMatch(/^\d{5}-\d{3}$/);
        expect(digitsOf(shown)).toBe(digits);
        expect(maskCep(shown)).toBe(shown);
      }),
    );
  });
});

describe('linha digitável', () => {
  it('given a bank boleto of 47 digits, when shown, then it reads in the five FEBRABAN groups', () => {
    expect(formatDigitableLine('23793381029610891390411000123403116470000019200')).toBe(
      '23793.38102 96108.913904 11000.123403 1 16470000019200',
    );
  });

  it('given a collection slip of 48 digits, when shown, then it reads in four groups with their check digits', () => {
    expect(formatDigitableLine('826300000011098800100702024102024000000205104519')).toBe(
      '82630000001-1 09880010070-2 02410202400-0 00020510451-9',
    );
  });

  it.each([
    ['too short', '2379338102'],
    ['48 digits not starting with 8', '123456789012345678901234567890123456789012345678'],
  ])('given a line %s, when shown, then it reads as stored', (_, stored) => {
    expect(formatDigitableLine(stored)).toBe(stored);
  });

  it('given any 47 digits, when shown, then the layout is AAAAA.AAAAA BBBBB.BBBBBB CCCCC.CCCCCC D EEEEEEEEEEEEEE and the digits are kept', () => {
    fc.assert(
      fc.property(digitString(47), (digits) => {
        const shown = formatDigitableLine(digits);
        expect(shown).toMatch(/^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/);
        expect(digitsOf(shown)).toBe(digits);
        expect(formatDigitableLine(shown)).toBe(shown);
      }),
    );
  });
});
