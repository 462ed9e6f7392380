import { cleanup, screen } from '@testing-library/react';
import { ReadableStream } from 'node:stream/web';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubShopApi } from './testing/fetch-stub';
import { menuProducts } from './testing/products';
import { PAGE_LOAD, renderApp } from './testing/render';
import { renderPage } from './prerender';

/** The parts of /cardapio a visitor sees first, as HTML. */
function firstScreen(root: ParentNode) {
  const html = (selector: string) => root.querySelector(selector)?.outerHTML;
  return {
    intro: html('main header'),
    categories: html('nav[aria-label="Categorias"]'),
    order: html('aside[aria-label="Seu pedido"]'),
    links: html('nav[aria-label="Principal"]'),
  };
}

describe('the prerendered /cardapio (what the server sends before the JavaScript)', () => {
  // The prerender runs in Node at build time, where React's server renderer streams
  // through Node's ReadableStream; jsdom's window (these tests' global) has none.
  beforeEach(() => {
    vi.stubGlobal('ReadableStream', ReadableStream);
  });

  // One test: React's server renderer leaves its contexts set once done, so a
  // client render after it in the same test file would see them.
  it('given a first visit, then the title, introduction, category chips, empty order and links are what React renders on /cardapio, and the markup has no script', async () => {
    stubShopApi(menuProducts);
    renderApp({ route: '/cardapio' });
    await screen.findByRole('heading', { level: 1, name: 'Cardápio' }, PAGE_LOAD);
    const rendered = firstScreen(document.body);
    expect(Object.values(rendered)).not.toContain(undefined);
    cleanup();

    const prerendered = document.createElement('div');
    prerendered.innerHTML = await renderPage('http://localhost/cardapio');

    expect(firstScreen(prerendered)).toEqual(rendered);
    expect(prerendered.querySelector('main header')?.textContent).toBe(
      'CardápioSalgados fritos e assados, docinhos tradicionais e finos e kits completos para a sua festa.',
    );
    expect(prerendered.querySelector('[role="status"] span:last-child')?.textContent).toBe(
      'Carregando cardápio...',
    );
    expect(prerendered.querySelector('script')).toBeNull();
  });

  it('given a visitor who may be signed in, then the account menu is only its neutral button: no Entrar or Cadastrar to take back once the app knows the session', async () => {
    const prerendered = document.createElement('div');
    prerendered.innerHTML = await renderPage('http://localhost/cardapio');

    const account = prerendered.querySelector('nav[aria-label="Conta"]');
    expect(account?.querySelector('button')?.textContent).toBe('Minha Conta');
    expect(account?.querySelectorAll('a')).toHaveLength(0);
    expect(prerendered.textContent).not.toContain('Entrar');
    expect(prerendered.textContent).not.toContain('Cadastrar');
  });
});
