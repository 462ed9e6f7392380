import { parentPort } from 'node:worker_threads';
import { pixQrPngBase64 } from './pix-brcode';

/** The thread of qr-png.ts: a Pix code in, its QR code as a PNG (base64) out. */
export interface QrPngRequest {
  id: number;
  qrCode: string;
}
export type QrPngAnswer = { id: number; png: string } | { id: number; error: string };

parentPort?.on('message', ({ id, qrCode }: QrPngRequest) => {
  let answer: QrPngAnswer;
  try {
    answer = { id, png: pixQrPngBase64(qrCode) };
  } catch (error) {
    answer = { id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(answer);
});
