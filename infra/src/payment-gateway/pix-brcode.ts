import QRCode from 'qrcode';
/**
 * Pix "copia e cola" (EMV MPM / BR Code, integration-facts §5.1), as the
 * payment simulator hands it out. Pure: the same input gives the same code.
 */
export interface PixBrCodeInput {
  /** The receiver's Pix key (e-mail, phone, CPF/CNPJ or random key). */
  key: string;
  /** Cut to 25 characters, accents stripped to ASCII. */
  merchantName: string;
  /** Cut to 15 characters, accents stripped to ASCII. */
  merchantCity: string;
  /** Omitted: the payer types the amount (an open code). */
  amountCents?: number;
  /** Letters and digits only, cut to 25; `***` when none is left. */
  txid: string;
}

const PIX_GUI = 'br.gov.bcb.pix';
const MAX_NAME = 25;
const MAX_CITY = 15;
const MAX_TXID = 25;

/** CRC16-CCITT-FALSE: polynomial 0x1021, init 0xFFFF, no reflection; 4 upper-case hex digits. */
export function crc16ccittFalse(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** ID (2 digits) + length (2 digits) + value; a value over 99 characters cannot be encoded. */
function field(id: string, value: string): string {
  if (value.length > 99) throw new RangeError(`BR Code field ${id} is longer than 99 characters`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** Banking apps read these fields as plain ASCII: "São Paulo" becomes "Sao Paulo". */
function asciiText(value: string, max: number): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '')
    .trim()
    .slice(0, max)
    .trim();
}

function reais(amountCents: number): string {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) {
    throw new RangeError('BR Code amount must be a positive whole number of centavos');
  }
  return `${Math.floor(amountCents / 100)}.${String(amountCents % 100).padStart(2, '0')}`;
}

export function pixBrCode(input: PixBrCodeInput): string {
  const name = asciiText(input.merchantName, MAX_NAME);
  const city = asciiText(input.merchantCity, MAX_CITY);
  if (!input.key || !name || !city) {
    throw new RangeError('BR Code needs a Pix key, a merchant name and a city');
  }
  const txid = input.txid.replace(/[^A-Za-z0-9]/g, '').slice(0, MAX_TXID) || '***';
  const payload =
    field('00', '01') +
    field('26', field('00', PIX_GUI) + field('01', input.key)) +
    field('52', '0000') +
    field('53', '986') +
    (input.amountCents === undefined ? '' : field('54', reais(input.amountCents))) +
    field('58', 'BR') +
    field('59', name) +
    field('60', city) +
    field('62', field('05', txid)) +
    '6304';
  return payload + crc16ccittFalse(payload);
}

/** The QR code of a Pix "copia e cola" as a PNG, base64 without a data: prefix (as Mercado Pago sends it). */
export async function pixQrPngBase64(qrCode: string): Promise<string> {
  const png = await QRCode.toBuffer(qrCode, { type: 'png', errorCorrectionLevel: 'M' });
  return png.toString('base64');
}
