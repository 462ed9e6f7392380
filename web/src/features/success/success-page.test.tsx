import { formatBRL } from '@quitute/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAYMENT_SUCCESS_KEY, rememberPaymentSuccess } from '../../lib/payment-success';
import { PAGE_LOAD, renderApp } from '../../testing/render';
import { json } from '../../testing/fetch-stub';
import { orderDto } from '../../testing/payments-server';
import { stubAccountApi } from '../../testing/session';
import { decideSuccessAccess } from './success-access';

beforeEach(() => {
  sessionStorage.clear();
  stubAccountApi();
});
afterEach(() => {
  sessionStorage.clear();
  Object.defineProperty(document, 'referrer', { value: '', configurable: true });
});

describe('decideSuccessAccess (spec §4 "Success page access")', () => {
  const none = new URLSearchParams();

  it('given the payment state, then granted with its order', () => {
    expect(
      decideSuccessAccess({
        state: { orderId: 'o-1', orderNumber: 1001, fromPayment: true },
        search: none,
        referrer: '',
        flag: null,
      }),
    ).toEqual({ granted: true, orderId: 'o-1', orderNumber: 1001 });
  });

  it.each([
    ['https://shop.test/pagamento', true],
    ['https://shop.test/checkout/retorno', true],
    ['https://shop.test/cardapio', false],
    ['', false],
  ])('given an order id and the referrer %s, then granted: %s', (referrer, granted) => {
    expect(
      decideSuccessAccess({
        state: null,
        search: new URLSearchParams('orderId=o-2'),
        referrer,
        flag: null,
      }).granted,
    ).toBe(granted);
  });

  it('given a payment referrer but no order id, then denied', () => {
    expect(
      decideSuccessAccess({ state: {}, search: none, referrer: 'https://s/pagamento', flag: null })
        .granted,
    ).toBe(false);
  });

  it('given only the session flag, then granted with the order it names', () => {
    expect(
      decideSuccessAccess({
        state: null,
        search: none,
        referrer: '',
        flag: { orderId: 'o-3', orderNumber: 1003 },
      }),
    ).toEqual({ granted: true, orderId: 'o-3', orderNumber: 1003 });
  });

  it('given a state without fromPayment true, then it does not open the page by itself', () => {
    expect(
      decideSuccessAccess({
        state: { orderId: 'o-1', fromPayment: 'true' },
        search: none,
        referrer: '',
        flag: null,
      }).granted,
    ).toBe(false);
  });
});

describe('/success (spec §2)', () => {
  it("given the session flag, then 'Compra Concluída!', the order number, the buttons, and the flag is consumed", async () => {
    rememberPaymentSuccess({ orderId: 'order-1001', orderNumber: 1001 });
    const { user } = renderApp({ route: '/success' });

    expect(
      await screen.findByRole('heading', { name: 'Compra Concluída!', level: 1 }, PAGE_LOAD),
    ).toBeTruthy();
    expect(screen.getByText('Pedido #1001')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Página Inicial' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Ver Pedido' }).getAttribute('href')).toBe(
      '/my-orders/order-1001',
    );
    // The flag is forgotten by an effect after the first paint.
    await waitFor(() => expect(sessionStorage.getItem(PAYMENT_SUCCESS_KEY)).toBeNull());

    expect(screen.getByText('Volte sempre!')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Fechar aviso' }));
    expect(screen.queryByText('Volte sempre!')).toBeNull();
  });

  it('given the order just paid, then beside the spec texts its summary: items, total, and the pickup day, time and the shop’s address', async () => {
    stubAccountApi({
      handler: (url) =>
        url.pathname === '/api/orders/order-1001'
          ? json(orderDto({ _id: 'order-1001', deliveryDate: '2030-11-25T14:30:00-03:00' }))
          : undefined,
    });
    rememberPaymentSuccess({ orderId: 'order-1001', orderNumber: 1001 });
    renderApp({ route: '/success' });

    const summary = await screen.findByRole('region', { name: 'Resumo do pedido' }, PAGE_LOAD);
    expect(screen.getByText('Volte sempre!')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Compra Concluída!' })).toBeTruthy();
    await waitFor(() => expect(summary.textContent).toContain('Rua Cardeal Arcoverde'));
    const text = summary.textContent ?? '';
    expect(text).toContain('50x Coxinha de Frango');
    expect(text).toContain('30x Brigadeiro');
    expect(text).toContain(`Total${formatBRL(51)}`);
    expect(text).toContain('Retirada25/11/2030 às 14:30');
    expect(text).toContain(
      'Local de retiradaRua Cardeal Arcoverde, 1200 – Pinheiros, São Paulo – SP',
    );
  });

  it('given a delivery just paid, then its fee as a line of its own, the total with it, and her address with its complement', async () => {
    stubAccountApi({
      handler: (url) =>
        url.pathname === '/api/orders/order-1001'
          ? json(
              orderDto({
                _id: 'order-1001',
                deliveryType: 'delivery',
                deliveryDate: '2030-11-25T14:30:00-03:00',
                total: 66,
                deliveryFee: 15,
                customerAddress: {
                  zipCode: '01310100',
                  streetName: 'Avenida Paulista',
                  streetNumber: '1000',
                  complement: 'Apto 12',
                  neighborhood: 'Bela Vista',
                  city: 'São Paulo',
                  federalUnit: 'SP',
                },
              }),
            )
          : undefined,
    });
    rememberPaymentSuccess({ orderId: 'order-1001', orderNumber: 1001 });
    renderApp({ route: '/success' });

    const summary = await screen.findByRole('region', { name: 'Resumo do pedido' }, PAGE_LOAD);
    const text = summary.textContent ?? '';
    expect(text).toContain(`Taxa de entrega${formatBRL(15)}`);
    expect(text).toContain(`Total${formatBRL(66)}`);
    expect(text).toContain(
      'Endereço de entregaAvenida Paulista, 1000, Apto 12 – Bela Vista, São Paulo – SP',
    );
  });

  it("given a referrer from the payment page and an order id without number, then 'Ver Pedido' goes to that order", async () => {
    Object.defineProperty(document, 'referrer', {
      value: 'https://quitute.test/pagamento',
      configurable: true,
    });
    renderApp({ route: '/success?orderId=order-7' });

    await screen.findByRole('heading', { name: 'Compra Concluída!' }, PAGE_LOAD);
    expect(screen.getByRole('link', { name: 'Ver Pedido' }).getAttribute('href')).toBe(
      '/my-orders/order-7',
    );
  });

  it("given an old flag without an order, then 'Ver Pedido' goes to /orders", async () => {
    sessionStorage.setItem(PAYMENT_SUCCESS_KEY, 'true');
    renderApp({ route: '/success' });

    await screen.findByRole('heading', { name: 'Compra Concluída!' }, PAGE_LOAD);
    expect(screen.getByRole('link', { name: 'Ver Pedido' }).getAttribute('href')).toBe('/orders');
  });

  it("given no valid access, then 'Acesso Restrito' and the home page after 3 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { router } = renderApp({ route: '/success' });
    await screen.findByRole('heading', { name: 'Acesso Restrito' }, PAGE_LOAD);

    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(router.state.location.pathname).toBe('/success');
    await act(() => vi.advanceTimersByTimeAsync(1_000));

    expect(router.state.location.pathname).toBe('/');
  });

  it('given the flag was used once, then a second visit is denied', async () => {
    rememberPaymentSuccess({ orderId: 'order-1001', orderNumber: 1001 });
    const first = renderApp({ route: '/success' });
    await screen.findByRole('heading', { name: 'Compra Concluída!' }, PAGE_LOAD);
    first.unmount();

    renderApp({ route: '/success' });

    expect(await screen.findByRole('heading', { name: 'Acesso Restrito' }, PAGE_LOAD)).toBeTruthy();
  });
});
