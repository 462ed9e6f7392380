import { crc32, deflateSync } from 'node:zlib';
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

/** Pixels per QR module, and the quiet zone around the code in modules (the `qrcode` package's defaults). */
const QR_SCALE = 4;
const QR_MARGIN = 4;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngChunk(type: string, data: Buffer): Buffer {
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  chunk.write(type, 4, 'latin1');
  data.copy(chunk, 8);
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + data.length)), 8 + data.length);
  return chunk;
}

/**
 * The QR code of a Pix "copia e cola" as a PNG, base64 without a data: prefix
 * (as Mercado Pago sends it): black on white, one bit per pixel, rows
 * unfiltered. Written here rather than by `qrcode`'s PNG renderer, which
 * paints RGBA and tries every row filter, several times slower on the path of
 * every Pix checkout.
 */
export function pixQrPngBase64(qrCode: string): string {
  const { modules } = QRCode.create(qrCode, { errorCorrectionLevel: 'M' });
  const side = (modules.size + 2 * QR_MARGIN) * QR_SCALE;
  const rowBytes = 1 + Math.ceil(side / 8);
  // Each row: filter type 0, then the pixels, 1 = white (grayscale, bit depth 1).
  const pixels = Buffer.alloc(rowBytes * side);
  const row = Buffer.alloc(rowBytes);
  for (let y = 0; y < side; y += QR_SCALE) {
    const moduleRow = y / QR_SCALE - QR_MARGIN;
    row.fill(0);
    for (let x = 0; x < side; x++) {
      const moduleColumn = Math.floor(x / QR_SCALE) - QR_MARGIN;
      const dark =
        moduleRow >= 0 &&
        moduleRow < modules.size &&
        moduleColumn >= 0 &&
        moduleColumn < modules.size &&
        modules.get(moduleRow, moduleColumn) !== 0;
      const at = 1 + (x >> 3);
      if (!dark) row[at] = (row[at] ?? 0) | (0x80 >> (x & 7));
    }
    for (let copy = 0; copy < QR_SCALE; copy++) row.copy(pixels, (y + copy) * rowBytes);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // grayscale; compression, filter and interlace methods stay 0
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(pixels)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]).toString('base64');
}
