import { render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CopyableCode } from '../../components/copyable-code';
import { RowActions } from '../../features/admin/components/page-parts';
import { floatingButtonsCover, overlaps } from './floating-clearance';

/** jsdom lays nothing out: each element is given the box a 390 x 844 phone would give it. */
function place(
  element: HTMLElement,
  box: { left: number; top: number; width: number; height: number },
) {
  element.getBoundingClientRect = () =>
    DOMRect.fromRect({ x: box.left, y: box.top, width: box.width, height: box.height });
  return element;
}

function page(html: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = html;
  document.body.append(root);
  return root;
}

const chatButton = { left: 318, top: 772, width: 56, height: 56 };
const backToTop = { left: 322, top: 708, width: 48, height: 48 };

afterEach(() => {
  document.body.innerHTML = '';
});

describe('overlaps', () => {
  it('given boxes that share area, touch or stand apart, then only sharing counts', () => {
    const a = { left: 0, top: 0, right: 10, bottom: 10 };
    expect(overlaps(a, { left: 5, top: 5, right: 15, bottom: 15 })).toBe(true);
    expect(overlaps(a, { left: 10, top: 0, right: 20, bottom: 10 })).toBe(false);
    expect(overlaps(a, { left: 0, top: 11, right: 10, bottom: 20 })).toBe(false);
  });
});

describe('floatingButtonsCover', () => {
  it("given the cart's 'Prosseguir para Pagamento' under the chat button, then they cover it", () => {
    const root = page(
      '<section data-primary-action><a>Prosseguir para Pagamento</a></section><button data-floating-button>Chat</button>',
    );
    place(root.querySelector('section') as HTMLElement, {
      left: 16,
      top: 700,
      width: 358,
      height: 120,
    });
    place(root.querySelector('[data-floating-button]') as HTMLElement, chatButton);
    expect(floatingButtonsCover(document)).toBe(true);
  });

  it('given a form submit button under the back-to-top button, then they cover it', () => {
    const root = page(
      '<form><button type="submit">Adicionar ao Carrinho</button></form><button data-floating-button>Topo</button>',
    );
    place(root.querySelector('[type="submit"]') as HTMLElement, {
      left: 16,
      top: 700,
      width: 358,
      height: 48,
    });
    place(root.querySelector('[data-floating-button]') as HTMLElement, backToTop);
    expect(floatingButtonsCover(document)).toBe(true);
  });

  it('given the primary action higher up the screen, then nothing is covered', () => {
    const root = page(
      '<p data-primary-action>Total R$ 192,00</p><button data-floating-button>Chat</button>',
    );
    place(root.querySelector('p') as HTMLElement, { left: 16, top: 300, width: 358, height: 40 });
    place(root.querySelector('[data-floating-button]') as HTMLElement, chatButton);
    expect(floatingButtonsCover(document)).toBe(false);
  });

  it('given an ordinary button (not a form submit, not marked) under the chat button, then nothing is covered', () => {
    const root = page('<button>Ver mais</button><button data-floating-button>Chat</button>');
    place(root.querySelector('button') as HTMLElement, {
      left: 16,
      top: 780,
      width: 358,
      height: 44,
    });
    place(root.querySelector('[data-floating-button]') as HTMLElement, chatButton);
    expect(floatingButtonsCover(document)).toBe(false);
  });

  it.each([
    [
      'the Pix copia e cola',
      <CopyableCode label="Pix Copia e Cola" code="00020126580014br.gov.bcb.pix" />,
    ],
    [
      "an admin list row's actions",
      <RowActions subject="Brigadeiro" onEdit={() => {}} onDelete={() => {}} />,
    ],
  ])('given %s under the chat button, then they cover it', (_, element) => {
    render(
      <>
        {element}
        <button data-floating-button>Chat</button>
      </>,
    );
    place(document.querySelector('[data-primary-action]') as HTMLElement, {
      left: 16,
      top: 700,
      width: 358,
      height: 140,
    });
    place(document.querySelector('[data-floating-button]') as HTMLElement, chatButton);
    expect(floatingButtonsCover(document)).toBe(true);
  });

  it('given no floating button on the page, then nothing is covered', () => {
    const root = page('<p data-primary-action>Total</p>');
    place(root.querySelector('p') as HTMLElement, { left: 16, top: 780, width: 358, height: 40 });
    expect(floatingButtonsCover(document)).toBe(false);
  });
});
