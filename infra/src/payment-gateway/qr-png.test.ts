import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { pixBrCode, pixQrPngBase64 } from './pix-brcode';
import { createQrPngWorker, type QrPngRenderer } from './qr-png';

const code = (txid: string) =>
  pixBrCode({
    key: '00000000-0000-0000-0000-000000000000',
    merchantName: 'Quitute',
    merchantCity: 'Sao Paulo',
    amountCents: 1_200,
    txid,
  });

const renderers: QrPngRenderer[] = [];
afterEach(() => {
  for (const renderer of renderers.splice(0)) renderer.close();
});

function worker(options?: { idleMs?: number }): QrPngRenderer {
  const renderer = createQrPngWorker(options);
  renderers.push(renderer);
  return renderer;
}

describe('QR images on a worker thread', () => {
  it('given Pix codes rendered at once, when the worker answers, then each gets the image drawn on this thread for it', async () => {
    const renderer = worker();
    const codes = Array.from({ length: 20 }, (_, n) => code(`Pedido${1000 + n}`));

    const images = await Promise.all(codes.map((each) => renderer.render(each)));

    expect(images).toEqual(codes.map((each) => pixQrPngBase64(each)));
  }, 20_000);

  it('given the worker ended after being idle, when another image is asked for, then a new worker draws it', async () => {
    const renderer = worker({ idleMs: 10 });
    await renderer.render(code('Pedido1'));
    await sleep(100);

    expect(await renderer.render(code('Pedido2'))).toBe(pixQrPngBase64(code('Pedido2')));
  }, 20_000);

  it('given a renderer closed while drawing, when its image was still awaited, then that render rejects and a later one is drawn', async () => {
    const renderer = worker();
    await renderer.render(code('Pedido1'));
    const cut = renderer.render(code('Pedido2'));
    renderer.close();

    await expect(cut).rejects.toThrow('closed');
    expect(await renderer.render(code('Pedido3'))).toBe(pixQrPngBase64(code('Pedido3')));
  }, 20_000);
});
