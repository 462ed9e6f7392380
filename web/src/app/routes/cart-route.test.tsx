import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CART_STORAGE_KEY } from '../../features/cart/cart-storage';
import { cartCalls, fakeCartServer, menuLine, namesAndQuantities } from '../../testing/cart-server';
import { json } from '../../testing/fetch-stub';
import { PAGE_LOAD, renderApp } from '../../testing/render';
import { customer, storageWithSessionAndCart } from '../../testing/session';

type Server = ReturnType<typeof fakeCartServer>;

/** A logged-in customer at /carrinho whose server cart holds `lines`, once it has loaded. */
async function openCart(
  lines: [string, number][],
  options: Parameters<typeof fakeCartServer>[0] = { user: customer },
) {
  const server = fakeCartServer(options);
  server.writeElsewhere(lines);
  const storage = storageWithSessionAndCart(customer);
  const rendered = renderApp({ route: '/carrinho', storage });
  await screen.findByRole('heading', { name: 'Seu Carrinho', level: 1 }, PAGE_LOAD);
  await waitFor(() =>
    expect(namesAndQuantities(rendered.store.getState().cart.itens)).toEqual(server.contents()),
  );
  await waitFor(() => expect(rendered.store.getState().cart.busy).toBe(false));
  return { ...rendered, server };
}

function lineOf(nome: string): HTMLElement {
  const heading = screen.getByRole('heading', { level: 2, name: nome });
  const item = heading.closest('li');
  if (!item) throw new Error(`no line for ${nome}`);
  return item;
}

async function settled(server: Server, calls: number) {
  await waitFor(() => expect(cartCalls(server.requests)).toHaveLength(calls));
  await waitFor(() =>
    expect(screen.getByRole('list', { name: 'Itens do carrinho' }).getAttribute('aria-busy')).toBe(
      'false',
    ),
  );
}

describe('/carrinho (spec §2 "Cart screen")', () => {
  it('given a cart, then each line with its price, minus, plus and remove, the line totals and the cart total in R$', async () => {
    await openCart([
      ['Coxinha de Frango', 30],
      ['Kit Festa 2', 1],
    ]);

    const coxinha = lineOf('Coxinha de Frango');
    expect(coxinha.textContent).toContain('R$ 0,60/un');
    expect(coxinha.textContent).toContain('R$ 18,00');
    expect(
      within(coxinha).getByRole('button', { name: 'Diminuir quantidade de Coxinha de Frango' }),
    ).toBeTruthy();
    expect(
      within(coxinha).getByRole('button', { name: 'Aumentar quantidade de Coxinha de Frango' }),
    ).toBeTruthy();
    expect(within(coxinha).getByRole('button', { name: 'Remover Coxinha de Frango' })).toBeTruthy();
    expect(
      (
        within(coxinha).getByRole('spinbutton', {
          name: 'Quantidade de Coxinha de Frango',
        }) as HTMLInputElement
      ).value,
    ).toBe('30');
    expect(lineOf('Kit Festa 2').textContent).toContain('R$ 260,00');
    expect(screen.getByRole('region', { name: 'Resumo do pedido' }).textContent).toContain(
      'R$ 278,00',
    );
    expect(
      screen.getByRole('link', { name: 'Prosseguir para Pagamento' }).getAttribute('href'),
    ).toBe('/pagamento');
    expect(screen.getByRole('link', { name: 'Voltar ao Cardápio' }).getAttribute('href')).toBe(
      '/cardapio',
    );
  });

  it('given plus, then the server cart gets one more unit and the page shows the answer', async () => {
    const { user, server } = await openCart([['Brigadeiro', 20]]);

    await user.click(screen.getByRole('button', { name: 'Aumentar quantidade de Brigadeiro' }));
    await settled(server, 2);

    expect(server.contents()).toEqual([['Brigadeiro', 21]]);
    await waitFor(() => expect(lineOf('Brigadeiro').textContent).toContain('R$ 14,70'));
  });

  it('given minus below 20 on a regular item, then the line says it is not yet orderable and proceeding is disabled with the reason', async () => {
    const { user, server } = await openCart([
      ['Brigadeiro', 20],
      ['Kit Festa 1', 1],
    ]);

    await user.click(screen.getByRole('button', { name: 'Diminuir quantidade de Brigadeiro' }));
    await settled(server, 2);

    expect(server.contents()).toEqual([
      ['Brigadeiro', 19],
      ['Kit Festa 1', 1],
    ]);
    await waitFor(() =>
      expect(lineOf('Brigadeiro').textContent).toContain('Mínimo de 20 unidades para finalizar.'),
    );
    expect(lineOf('Kit Festa 1').textContent).not.toContain('Mínimo');
    expect(screen.queryByRole('link', { name: 'Prosseguir para Pagamento' })).toBeNull();
    const proceed = screen.getByRole('button', { name: 'Prosseguir para Pagamento' });
    expect(proceed).toHaveProperty('disabled', true);
    expect(
      document.getElementById(proceed.getAttribute('aria-describedby') ?? '')?.textContent,
    ).toBe('Para prosseguir, cada item (exceto os kits) precisa de pelo menos 20 unidades.');
  });

  it('given remove, then that line goes and the rest stays', async () => {
    const { user, server } = await openCart([
      ['Brigadeiro', 20],
      ['Kibe', 25],
    ]);

    await user.click(screen.getByRole('button', { name: 'Remover Brigadeiro' }));
    await settled(server, 2);

    expect(server.contents()).toEqual([['Kibe', 25]]);
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Brigadeiro' })).toBeNull());
    expect(lineOf('Kibe')).toBeTruthy();
  });

  it('given a quantity typed as 0, then the line is removed; typed empty, then the quantity message', async () => {
    const { user, server } = await openCart([
      ['Brigadeiro', 20],
      ['Kibe', 25],
    ]);
    const kibe = screen.getByRole('spinbutton', { name: 'Quantidade de Kibe' });

    await user.clear(kibe);
    await user.tab();
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Quantidade deve ser um número maior ou igual a zero.',
    );

    const brigadeiro = screen.getByRole('spinbutton', { name: 'Quantidade de Brigadeiro' });
    await user.clear(brigadeiro);
    await user.type(brigadeiro, '0{Enter}');
    await settled(server, 2);

    expect(server.contents()).toEqual([['Kibe', 25]]);
  });

  it("given 'Limpar Carrinho', then DELETE and 'Seu carrinho está vazio.' with the way back to the menu", async () => {
    const { user, server } = await openCart([['Brigadeiro', 20]]);

    await user.click(screen.getByRole('button', { name: 'Limpar Carrinho' }));

    expect(await screen.findByText('Seu carrinho está vazio.')).toBeTruthy();
    expect(cartCalls(server.requests)).toContain(`DELETE /carrinho/${customer.id}`);
    expect(server.contents()).toEqual([]);
    expect(screen.getByRole('link', { name: 'Voltar ao Cardápio' })).toBeTruthy();
  });

  it('given an empty cart, then the empty text and no proceed button', async () => {
    await openCart([]);

    expect(screen.getByText('Seu carrinho está vazio.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Prosseguir para Pagamento' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Limpar Carrinho' })).toBeNull();
  });

  it('given the server is down, then the offline banner, and a change is kept with the offline message', async () => {
    fakeCartServer({
      user: customer,
      answer: (url) => (url.pathname === '/health' ? json({}, { status: 503 }) : undefined),
    });
    const storage = storageWithSessionAndCart(customer);
    storage.setItem(CART_STORAGE_KEY, JSON.stringify([menuLine('Brigadeiro', 20)]));
    const { user, store } = renderApp({ route: '/carrinho', storage });

    expect(
      await screen.findByText(
        'Você está offline. Os itens serão sincronizados com o servidor quando a conexão voltar.',
        {},
        PAGE_LOAD,
      ),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Aumentar quantidade de Brigadeiro' }));

    expect(
      await screen.findByText(
        'Quantidade atualizada offline. Será sincronizada quando o servidor voltar.',
      ),
    ).toBeTruthy();
    expect(namesAndQuantities(store.getState().cart.itens)).toEqual([['Brigadeiro', 21]]);
    expect(store.getState().cart.pendingSync).toBe(true);
  });
});
