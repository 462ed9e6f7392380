import { describe, expect, it } from 'vitest';
import { csvField, csvMoney, formatCsvMoney, toCsv } from './csv';

describe('CSV for Excel in Brazil', () => {
  it('given a header and rows, then the file starts with the BOM, separates by ; and ends every line with CRLF', () => {
    const file = toCsv(
      ['Pedido', 'Cliente'],
      [
        [1042, 'Ana Souza'],
        [1043, 'João'],
      ],
    );

    expect(Buffer.from(file, 'utf8').subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(file.slice(1)).toBe('Pedido;Cliente\r\n1042;Ana Souza\r\n1043;João\r\n');
  });

  it.each([
    [123_450, '1234,50'],
    [5, '0,05'],
    [0, '0,00'],
    [-2_000, '-20,00'],
    [1_000_000_00, '1000000,00'],
  ])('given %i centavos, then %s (pt-BR decimal, no thousands separator)', (cents, text) => {
    expect(formatCsvMoney(cents)).toBe(text);
    expect(csvField(csvMoney(cents))).toBe(text);
  });

  it.each([
    ['Rua A; 12', '"Rua A; 12"'],
    ['o "melhor" bolo', '"o ""melhor"" bolo"'],
    ['linha 1\nlinha 2', '"linha 1\nlinha 2"'],
    ['linha 1\r\nlinha 2', '"linha 1\r\nlinha 2"'],
    ['Coxinha, Kibe', 'Coxinha, Kibe'],
  ])('given the text %j, then it is written %j', (text, written) => {
    expect(csvField(text)).toBe(written);
  });

  it.each([
    ['=HYPERLINK("http://evil.example")', `"'=HYPERLINK(""http://evil.example"")"`],
    ['+5511987654321', "'+5511987654321"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    // OWASP's list ends with the carriage return: a reader that drops it runs what follows.
    ['\r=1+1', `"'\r=1+1"`],
  ])('given a text starting like a formula %j, then it is kept as text: %j', (text, written) => {
    expect(csvField(text)).toBe(written);
  });

  it('given numbers, money and nothing, then numbers as they are (a refund’s minus kept), and an empty field', () => {
    expect(toCsv(['a', 'b', 'c'], [[-3, csvMoney(-150), null]]).slice(1)).toBe(
      'a;b;c\r\n-3;-1,50;\r\n',
    );
  });
});
