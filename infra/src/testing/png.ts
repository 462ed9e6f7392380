import { crc32, deflateSync } from 'node:zlib';

/**
 * A PNG written by hand: `width × height` in one warm colour, or, with
 * `pixels: 'few'`, a header claiming that size followed by a thousand bytes of
 * picture (a decompression bomb's shape, cheap to send, costly to decode).
 */
export function testPng(width: number, height: number, options: { pixels?: 'all' | 'few' } = {}) {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour
  // Each row: its filter byte (none), then red, green and blue of every pixel.
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.alloc(width * 3, Buffer.from([200, 90, 60])),
  ]);
  const picture =
    options.pixels === 'few'
      ? Buffer.alloc(1_000)
      : Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(picture)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
