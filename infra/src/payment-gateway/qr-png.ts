import type { Worker } from 'node:worker_threads';
import { startModuleWorker } from '../worker-threads';
import { pixQrPngBase64 } from './pix-brcode';
import type { QrPngAnswer, QrPngRequest } from './qr-png-worker';

/** Draws a Pix code's QR image (PNG, base64), as Mercado Pago hands it out with the code. */
export interface QrPngRenderer {
  render(qrCode: string): Promise<string>;
  /** Ends what it started; a render after it starts again. */
  close(): void;
}

/** On the calling thread: for tests and the odd image. */
export const qrPngHere: QrPngRenderer = {
  render: (qrCode) => Promise.resolve(pixQrPngBase64(qrCode)),
  close: () => {},
};

/** A worker left without renders this long is ended (a thread costs memory). */
const IDLE_MS = 30_000;

/**
 * Draws on a worker thread: choosing a QR code's mask is CPU the shop's one
 * JavaScript thread then spends on answering requests. The thread starts at the first render, is ended after IDLE_MS
 * without one and never keeps the process alive; one that fails is replaced
 * at the next render, its renders rejected.
 */
export function createQrPngWorker(options: { idleMs?: number } = {}): QrPngRenderer {
  const idleMs = options.idleMs ?? IDLE_MS;
  const waiting = new Map<
    number,
    { resolve: (png: string) => void; reject: (error: Error) => void }
  >();
  let worker: Worker | undefined;
  let idle: NodeJS.Timeout | undefined;
  let nextId = 0;

  const failAll = (error: Error) => {
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  };

  function start(): Worker {
    const started = startModuleWorker(import.meta.url, 'qr-png-worker');
    started.unref();
    started.on('message', (answer: QrPngAnswer) => {
      // A worker already ended (closed while drawing) answers no one.
      if (worker !== started) return;
      const pending = waiting.get(answer.id);
      waiting.delete(answer.id);
      if ('png' in answer) pending?.resolve(answer.png);
      else pending?.reject(new Error(`QR image not drawn: ${answer.error}`));
      if (waiting.size > 0) return;
      clearTimeout(idle);
      idle = setTimeout(stop, idleMs).unref();
    });
    const lost = (error: Error) => {
      if (worker !== started) return;
      worker = undefined;
      failAll(error);
    };
    started.on('error', lost);
    started.on('exit', (code) => lost(new Error(`QR worker exited with ${code}`)));
    return started;
  }

  function stop(): void {
    clearTimeout(idle);
    const stopping = worker;
    worker = undefined;
    failAll(new Error('QR worker closed'));
    void stopping?.terminate();
  }

  return {
    render(qrCode) {
      clearTimeout(idle);
      worker ??= start();
      const id = nextId++;
      const request: QrPngRequest = { id, qrCode };
      const drawn = new Promise<string>((resolve, reject) => waiting.set(id, { resolve, reject }));
      worker.postMessage(request);
      return drawn;
    },
    close: stop,
  };
}
