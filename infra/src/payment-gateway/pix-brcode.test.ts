import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { crc16ccittFalse, pixBrCode, pixQrPngBase64 } from './pix-brcode';

/** The published example (integration-facts §5.1): payload up to `6304`, then its CRC. */
const PUBLISHED_PAYLOAD =
  '00020126410014br.gov.bcb.pix0119rayane@alvoz.com.br5204000053039865802BR5901N6001C62070503***6304';

/** Splits a TLV string into its fields, failing on a length that runs past the end. */
function fields(text: string): Map<string, string> {
  const result = new Map<string, string>();
  let at = 0;
  while (at < text.length) {
    const id = text.slice(at, at + 2);
    const length = Number(text.slice(at + 2, at + 4));
    const value = text.slice(at + 4, at + 4 + length);
    if (!/^\d{2}$/.test(id) || value.length !== length) throw new Error(`bad field at ${at}`);
    result.set(id, value);
    at += 4 + length;
  }
  return result;
}

describe('crc16ccittFalse', () => {
  it('given the published BR Code payload, when its CRC is computed, then it is 3A81', () => {
    expect(crc16ccittFalse(PUBLISHED_PAYLOAD)).toBe('3A81');
  });

  it('given the standard check input, when its CRC is computed, then it is the catalogued 29B1', () => {
    expect(crc16ccittFalse('123456789')).toBe('29B1');
  });
});

describe('pixBrCode', () => {
  it('given the published example without an amount, when encoded, then it reproduces the published code exactly', () => {
    expect(
      pixBrCode({ key: 'rayane@alvoz.com.br', merchantName: 'N', merchantCity: 'C', txid: '' }),
    ).toBe(`${PUBLISHED_PAYLOAD}3A81`);
  });

  it('given an amount, a name and a city with accents, when encoded, then the fields are in order, ASCII and the CRC checks', () => {
    const code = pixBrCode({
      key: 'pix@quitute.com.br',
      merchantName: 'Quitutes da Vovó Conceição Ltda',
      merchantCity: 'São José dos Campos',
      amountCents: 6666,
      txid: '123-456 789',
    });
    const parsed = fields(code);
    expect([...parsed.keys()]).toEqual([
      '00',
      '26',
      '52',
      '53',
      '54',
      '58',
      '59',
      '60',
      '62',
      '63',
    ]);
    expect(fields(parsed.get('26') ?? '')).toEqual(
      new Map([
        ['00', 'br.gov.bcb.pix'],
        ['01', 'pix@quitute.com.br'],
      ]),
    );
    expect(parsed.get('54')).toBe('66.66');
    expect(parsed.get('59')).toBe('Quitutes da Vovo Conceica');
    expect(parsed.get('60')).toBe('Sao Jose dos Ca');
    expect(fields(parsed.get('62') ?? '').get('05')).toBe('123456789');
    expect(parsed.get('63')).toBe(crc16ccittFalse(code.slice(0, -4)));
  });

  it('given small and round amounts, when encoded, then the amount keeps two decimals', () => {
    const amount = (amountCents: number) =>
      fields(
        pixBrCode({ key: 'k', merchantName: 'N', merchantCity: 'C', amountCents, txid: 'T' }),
      ).get('54');
    expect(amount(5)).toBe('0.05');
    expect(amount(1000)).toBe('10.00');
    expect(amount(123456)).toBe('1234.56');
  });

  it('given a txid longer than 25 letters and digits, when encoded, then it is cut to 25', () => {
    const code = pixBrCode({
      key: 'k',
      merchantName: 'N',
      merchantCity: 'C',
      txid: 'A'.repeat(20) + 'B'.repeat(10),
    });
    expect(fields(fields(code).get('62') ?? '').get('05')).toBe('A'.repeat(20) + 'B'.repeat(5));
  });

  it('given no key, no name or a zero amount, when encoded, then it refuses', () => {
    const base = { key: 'k', merchantName: 'N', merchantCity: 'C', txid: 'T' };
    expect(() => pixBrCode({ ...base, key: '' })).toThrow(RangeError);
    expect(() => pixBrCode({ ...base, merchantName: '   ' })).toThrow(RangeError);
    expect(() => pixBrCode({ ...base, amountCents: 0 })).toThrow(RangeError);
    expect(() => pixBrCode({ ...base, amountCents: 1.5 })).toThrow(RangeError);
  });
});

describe('pixQrPngBase64', () => {
  it('given a Pix code, when its QR image is made, then a QR reader decodes the PNG back to that very code', () => {
    const code = pixBrCode({
      key: '00000000-0000-0000-0000-000000000000',
      merchantName: 'Quitute',
      merchantCity: 'São Paulo',
      amountCents: 1_200,
      txid: 'Pedido1001',
    });

    const png = PNG.sync.read(Buffer.from(pixQrPngBase64(code), 'base64'));

    expect(png.width).toBe(png.height);
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(decoded?.data).toBe(code);
  });

  it('given two different codes, when their images are made, then the images differ', () => {
    const code = (txid: string) =>
      pixBrCode({ key: 'loja@example.com', merchantName: 'Q', merchantCity: 'SP', txid });

    expect(pixQrPngBase64(code('A1'))).not.toBe(pixQrPngBase64(code('B2')));
  });
});
