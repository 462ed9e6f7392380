import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CART_STORAGE_KEY, OFFLINE_CART_KEY } from '../../features/cart/cart-storage';
import { cartCalls, fakeCartServer, namesAndQuantities } from '../../testing/cart-server';
import { json, stubFetch, stubShopApi } from '../../testing/fetch-stub';
import { menuProducts } from '../../testing/products';
import { renderApp } from '../../testing/render';
import { customer, storageWithSessionAndCart } from '../../testing/session';

const ADDED_OFFLINE =
  'Item adicionado offline. Será sincronizado quando o servidor voltar ou você fizer login.';

async function openMenu(storage?: Storage) {
  if (!storage) stubShopApi(menuProducts);
  const rendered = renderApp({ route: '/cardapio', ...(storage ? { storage } : {}) });
  // The first test pays for loading the lazy menu page: give a busy machine time.
  const notice = await screen.findByRole(
    'dialog',
    { name: 'Prazos para Pedidos' },
    { timeout: 5_000 },
  );
  await rendered.user.click(within(notice).getByRole('button', { name: 'Entendi' }));
  return rendered;
}

async function card(name: string): Promise<HTMLElement> {
  const article = (await screen.findByRole('heading', { level: 3, name })).closest('article');
  if (!article) throw new Error(`no article for ${name}`);
  return article;
}

describe('/cardapio with the cart', () => {
  it('given 10 units of a regular item, when added, then the Limite Mínimo popup and nothing in the cart', async () => {
    const { user, store } = await openMenu();
    const coxinha = await card('Coxinha de Frango');
    const quantity = within(coxinha).getByRole('spinbutton');

    await user.clear(quantity);
    await user.type(quantity, '10');
    await user.click(within(coxinha).getByRole('button', { name: 'Adicionar ao Carrinho' }));

    const popup = screen.getByRole('dialog', { name: 'Limite Mínimo' });
    expect(popup.textContent).toContain(
      'A quantidade mínima para cada item é de 20 unidades. Por favor, ajuste a quantidade e tente novamente!',
    );
    expect(store.getState().cart.itens).toEqual([]);

    await user.click(within(popup).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('given an emptied quantity, when added, then the invalid-item message', async () => {
    const { user, store } = await openMenu();
    const coxinha = await card('Coxinha de Frango');

    await user.clear(within(coxinha).getByRole('spinbutton'));
    await user.click(within(coxinha).getByRole('button', { name: 'Adicionar ao Carrinho' }));

    expect(screen.getByRole('alert').textContent).toBe(
      'Item inválido ou quantidade deve ser maior que zero.',
    );
    expect(store.getState().cart.itens).toEqual([]);
  });

  it('given a visitor, when 20 units are added twice and a kit once, then two local lines with the offline message, a badge of 2, a summary with Finalizar Pedido and the cart saved to sync later', async () => {
    const { user, store, storage } = await openMenu();
    expect(screen.getByText('Seu carrinho está vazio.')).toBeTruthy();
    expect(screen.queryByTestId('cart-count')).toBeNull();

    const coxinha = await card('Coxinha de Frango');
    await user.click(within(coxinha).getByRole('button', { name: 'Adicionar ao Carrinho' }));
    expect(await screen.findByText(ADDED_OFFLINE)).toBeTruthy();
    await user.click(within(coxinha).getByRole('button', { name: 'Adicionar ao Carrinho' }));
    await user.click(
      within(await card('Kit Festa 1')).getByRole('button', { name: 'Adicionar ao Carrinho' }),
    );

    await waitFor(() =>
      expect(namesAndQuantities(store.getState().cart.itens)).toEqual([
        ['Coxinha de Frango', 40],
        ['Kit Festa 1', 1],
      ]),
    );
    expect(screen.getByTestId('cart-count').textContent).toBe('2');
    expect(screen.getByRole('link', { name: 'Carrinho, 2 itens' }).getAttribute('href')).toBe(
      '/carrinho',
    );
    const summary = screen.getByRole('complementary', { name: 'Seu pedido' });
    expect(summary.textContent).toContain('R$ 169,00');
    expect(
      within(summary).getByRole('link', { name: 'Finalizar Pedido' }).getAttribute('href'),
    ).toBe('/carrinho');
    await waitFor(() => expect(storage.getItem(OFFLINE_CART_KEY)).not.toBeNull());
    expect(JSON.parse(storage.getItem(CART_STORAGE_KEY) ?? '[]')).toHaveLength(2);
    expect(JSON.parse(storage.getItem(OFFLINE_CART_KEY) ?? '[]')).toHaveLength(2);
  });

  it('given a logged-in customer online, when an item is added, then POST /carrinho, the server cart in the badge and a note that goes away after 3 s', async () => {
    const server = fakeCartServer({ user: customer });
    const storage = storageWithSessionAndCart(customer);
    const { user, store } = await openMenu(storage);
    await waitFor(() => expect(cartCalls(server.requests)).toHaveLength(1));
    vi.useFakeTimers({ shouldAdvanceTime: true });

    await user.click(
      within(await card('Brigadeiro')).getByRole('button', { name: 'Adicionar ao Carrinho' }),
    );

    expect(
      await screen.findByText('Brigadeiro (20 unidades) adicionado ao carrinho!'),
    ).toBeTruthy();
    expect(cartCalls(server.requests)).toEqual([`GET /carrinho/${customer.id}`, 'POST /carrinho']);
    expect(server.contents()).toEqual([['Brigadeiro', 20]]);
    expect(store.getState().cart.revision).toBe(server.revision);
    expect(screen.getByTestId('cart-count').textContent).toBe('1');

    await act(() => vi.advanceTimersByTimeAsync(2_800));
    expect(screen.getByText('Brigadeiro (20 unidades) adicionado ao carrinho!')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(300));

    expect(screen.queryByText('Brigadeiro (20 unidades) adicionado ao carrinho!')).toBeNull();
  });

  it('given the health check fails, then the offline banner', async () => {
    stubFetch((url) =>
      url.pathname === '/health' ? json({}, { status: 503 }) : json(menuProducts),
    );
    renderApp({ route: '/cardapio' });

    expect(
      await screen.findByText(
        'Você está offline. Os itens serão sincronizados com o servidor quando a conexão voltar.',
      ),
    ).toBeTruthy();
  });

  it('given the health check answers 200, then no offline banner', async () => {
    await openMenu();
    expect(screen.queryByText(/Você está offline/)).toBeNull();
  });
});
