import {
  addDays,
  belowMinimumOrderMessage,
  checkoutMessages,
  closedDateMessage,
  dayFullMessage,
  earliestBoletoDeliveryDay,
  earliestDeliveryDate,
  firstBookableSlot,
  paymentMessages,
  shopDate,
  shopMessages,
  type DeliveryZone,
  type PaymentApprovedPush,
} from '@quitute/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { kitchenSchedule } from '../../testing/schedule';
import { sockets, type FakeSocket } from '../../testing/fake-socket';
import { deferredResponse, json } from '../../testing/fetch-stub';
import { descriptionOf } from '../../testing/forms';
import {
  BOLETO_LINE,
  fakePaymentsServer,
  orderDto,
  PIX_COPIA_E_COLA,
  PIX_QR_PNG,
} from '../../testing/payments-server';
import { PAGE_LOAD, renderApp } from '../../testing/render';
import { customer, storageWithSessionAndCart, tokenFor } from '../../testing/session';
import { PAYMENT_SUCCESS_KEY } from '../../lib/payment-success';

vi.mock('socket.io-client', () => import('../../testing/fake-socket'));

type Server = ReturnType<typeof fakePaymentsServer>;
type Rendered = ReturnType<typeof renderApp> & { server: Server };

const token = tokenFor(customer);

beforeEach(() => {
  sockets.length = 0;
  sessionStorage.clear();
});
afterEach(() => sessionStorage.clear());

/** A logged-in customer at /pagamento with 50 coxinhas and 30 brigadeiros (R$ 51,00) in the cart. */
async function openCheckout(
  options: Partial<Parameters<typeof fakePaymentsServer>[0]> = {},
  lines: [string, number][] = [
    ['Coxinha de Frango', 50],
    ['Brigadeiro', 30],
  ],
): Promise<Rendered> {
  const user = options.user ?? customer;
  const server = fakePaymentsServer({ ...options, user });
  server.cart.writeElsewhere(lines);
  const storage = storageWithSessionAndCart(user, user === customer ? token : tokenFor(user));
  const rendered = renderApp({ route: '/pagamento', storage });
  await screen.findByRole('heading', { name: 'Finalizar Pagamento', level: 1 }, PAGE_LOAD);
  await waitFor(() => expect(rendered.store.getState().cart.itens).toHaveLength(lines.length));
  return { ...rendered, server };
}

/**
 * A slot every method can pay for, whatever today is: the first one the
 * default calendar opens from the day after the earliest, or later when a
 * boleto needs longer to clear (issue 38); 'YYYY-MM-DDTHH:mm'.
 */
const validDate = () => {
  const later = addDays(earliestDeliveryDate(new Date()), 1);
  const boleto = earliestBoletoDeliveryDay(shopDate(new Date()));
  const slot = firstBookableSlot(
    kitchenSchedule(),
    'pickup',
    new Date(),
    later > boleto ? later : boleto,
  );
  if (!slot) throw new Error('the default calendar opens no day');
  return slot.deliveryDate;
};

function field(label: string): HTMLInputElement {
  const element = screen.getByLabelText(label);
  if (!(element instanceof HTMLInputElement)) throw new Error(`${label} is not an input`);
  return element;
}

function slotSelect(): HTMLSelectElement {
  const element = screen.getByLabelText('Horário');
  if (!(element instanceof HTMLSelectElement)) throw new Error('Horário is not a select');
  return element;
}

/** The calendar's field loads on the form's first focus; until then a read-only placeholder stands in. */
async function calendarLoaded() {
  await waitFor(() => expect(field('Data').readOnly).toBe(false));
}

/**
 * Chooses the day of `dateTime` ('YYYY-MM-DDTHH:mm') and, once the
 * availability has answered, its slot when the day offers one.
 */
async function chooseWhen({ user }: Rendered, dateTime: string) {
  const [day = '', time = ''] = dateTime.split('T');
  await calendarLoaded();
  fireEvent.change(field('Data'), { target: { value: day } });
  await waitFor(() =>
    expect(!slotSelect().disabled || descriptionOf(field('Data')) !== '').toBe(true),
  );
  if (!slotSelect().disabled) await user.selectOptions(slotSelect(), time);
}

async function fillCustomer(
  rendered: Rendered,
  {
    delivery = 'Retirada no Local',
    name = 'Maria da Silva Souza',
    cpf = '52998224725',
    date = validDate(),
  }: { delivery?: string; name?: string; cpf?: string; date?: string } = {},
) {
  const { user } = rendered;
  await user.click(screen.getByRole('radio', { name: delivery }));
  await chooseWhen(rendered, date);
  // Her profile's name is there already: she types hers over it.
  await user.clear(field('Nome completo'));
  if (name) await user.type(field('Nome completo'), name);
  if (cpf) await user.type(field('CPF'), cpf);
}

async function choose(rendered: Rendered, method: string) {
  await rendered.user.click(screen.getByRole('radio', { name: method }));
}

const proceed = (rendered: Rendered) =>
  rendered.user.click(screen.getByRole('button', { name: 'Prosseguir' }));

function resultBox(): HTMLElement {
  return screen.getByRole('region', { name: 'Processando Pagamento' });
}

async function paidWithPix(rendered: Rendered) {
  await fillCustomer(rendered);
  await choose(rendered, 'Pix');
  vi.useFakeTimers({ shouldAdvanceTime: true });
  await proceed(rendered);
  await screen.findByRole('region', { name: 'Processando Pagamento' });
}

/** The socket the checkout opened, once it has joined the user's room. */
async function paymentSocket(): Promise<FakeSocket> {
  await waitFor(() => expect(sockets).toHaveLength(1));
  const socket = sockets[0];
  if (!socket) throw new Error('no socket');
  act(() => socket.connectFromServer());
  return socket;
}

const polls = (server: Server) => server.calls('/payments/process-payment').length;

describe('/pagamento: the page (spec §2 "Checkout")', () => {
  it('given a cart, then the summary with the total, the delivery and payment radios, the e-mail prefilled and the earliest date as the minimum', async () => {
    const rendered = await openCheckout();

    const summary = screen.getByRole('region', { name: 'Resumo do Pedido' });
    expect(summary.textContent).toContain('50x Coxinha de Frango');
    expect(summary.textContent).toContain('R$ 30,00');
    expect(summary.textContent).toContain('R$ 51,00');
    expect(screen.getByRole('radio', { name: 'Retirada no Local' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Entrega' })).toBeTruthy();
    for (const method of ['Pix', 'Boleto', 'Cartão de Crédito', 'Cartão de Débito']) {
      expect(screen.getByRole('radio', { name: method })).toBeTruthy();
    }
    expect(field('E-mail').value).toBe(customer.email);
    expect(field('Data').readOnly).toBe(true);
    await rendered.user.click(screen.getByRole('radio', { name: 'Retirada no Local' }));
    await calendarLoaded();
    expect(field('Data').min).toBe(earliestDeliveryDate(new Date()));
    expect(field('Data').max).toBe(addDays(shopDate(new Date()), 60));
    expect(screen.queryByLabelText('CEP')).toBeNull();
  });

  it('given Retirada no Local, then the shop’s address for the pickup', async () => {
    const rendered = await openCheckout();
    expect(screen.queryByText(/Local de retirada/)).toBeNull();

    await rendered.user.click(screen.getByRole('radio', { name: 'Retirada no Local' }));

    expect(screen.getByText(/Local de retirada/).parentElement?.textContent).toBe(
      'Local de retirada: Rua Cardeal Arcoverde, 1200 – Pinheiros, São Paulo – SP',
    );
  });

  it('given Entrega, or Boleto with a pickup, then the address block appears', async () => {
    const rendered = await openCheckout();

    await rendered.user.click(screen.getByRole('radio', { name: 'Entrega' }));
    expect(field('CEP')).toBeTruthy();
    await rendered.user.click(screen.getByRole('radio', { name: 'Retirada no Local' }));
    expect(screen.queryByLabelText('CEP')).toBeNull();
    await choose(rendered, 'Boleto');
    for (const label of ['CEP', 'Rua', 'Número', 'Bairro', 'Cidade', 'UF']) {
      expect(field(label)).toBeTruthy();
    }
  });
});

describe('/pagamento: validation (spec §5)', () => {
  it('given nothing filled, then each rule under its field, the first one (CPF) focused, and nothing sent', async () => {
    const rendered = await openCheckout();
    await rendered.user.clear(field('Nome completo'));

    await proceed(rendered);

    expect(descriptionOf(field('CPF'))).toBe('CPF inválido');
    expect(descriptionOf(field('Nome completo'))).toBe('Nome completo é obrigatório');
    expect(screen.getByRole('group', { name: 'Entrega ou retirada' }).textContent).toContain(
      'Selecione um tipo de entrega/retirada.',
    );
    expect(descriptionOf(field('Data'))).toBe('Data e hora são obrigatórias.');
    expect(screen.getByRole('group', { name: 'Forma de pagamento' }).textContent).toContain(
      'Método de pagamento não detectado',
    );
    expect(document.activeElement).toBe(field('CPF'));
    expect(rendered.server.checkouts).toHaveLength(0);
  });

  it('given the e-mail, then it is the account’s, read-only (the order’s messages go to it)', async () => {
    const rendered = await openCheckout();

    await rendered.user.type(field('E-mail'), 'outra@example.com');

    expect(field('E-mail').readOnly).toBe(true);
    expect(field('E-mail').value).toBe(customer.email);
  });

  it('given a date tomorrow, then the earliest date in dd/MM/yyyy', async () => {
    const rendered = await openCheckout();
    const earliest = earliestDeliveryDate(new Date());
    await fillCustomer(rendered, { date: `${addDays(earliest, -1)}T10:00` });
    await choose(rendered, 'Pix');

    await proceed(rendered);

    const [year, month, day] = earliest.split('-');
    expect(descriptionOf(field('Data'))).toBe(
      `A data deve ser no mínimo ${day}/${month}/${year}. Antes da antecedência mínima`,
    );
    expect(rendered.server.checkouts).toHaveLength(0);
  });

  it('given a delivery without address, then each address rule in order', async () => {
    const rendered = await openCheckout();
    await fillCustomer(rendered, { delivery: 'Entrega' });
    await choose(rendered, 'Pix');

    await proceed(rendered);

    expect(descriptionOf(field('CEP'))).toBe('CEP é obrigatório');
    expect(descriptionOf(field('Rua'))).toBe('Rua é obrigatória');
    expect(descriptionOf(field('Número'))).toBe('Número é obrigatório');
    expect(descriptionOf(field('Bairro'))).toBe('Bairro é obrigatório');
    expect(descriptionOf(field('Cidade'))).toBe('Cidade é obrigatória');
    expect(descriptionOf(field('UF'))).toBe('UF é obrigatória');
    expect(document.activeElement).toBe(field('CEP'));
  });

  it('given a CPF with a wrong check digit, then CPF inválido; typed digits are masked', async () => {
    const rendered = await openCheckout();
    await fillCustomer(rendered, { cpf: '52998224724' });
    await choose(rendered, 'Pix');

    await proceed(rendered);

    expect(field('CPF').value).toBe('529.982.247-24');
    expect(descriptionOf(field('CPF'))).toBe('CPF inválido');
  });
  it('given a CPF and a CEP pasted with other punctuation, then each shows its own grouping, with the numeric keypad and the postal-code autofill', async () => {
    const rendered = await openCheckout();
    await rendered.user.click(screen.getByRole('radio', { name: 'Entrega' }));

    await rendered.user.click(field('CPF'));
    await rendered.user.paste('529 982 247 25');
    await rendered.user.click(field('CEP'));
    await rendered.user.paste('01.001 000');

    expect(field('CPF').value).toBe('529.982.247-25');
    expect(field('CEP').value).toBe('01001-000');
    expect(field('CPF').getAttribute('inputmode')).toBe('numeric');
    expect(field('CEP').getAttribute('inputmode')).toBe('numeric');
    expect(field('CEP').getAttribute('autocomplete')).toBe('postal-code');
  });
});

describe('/pagamento: CEP (spec §5)', () => {
  it('given a known CEP, when leaving the field, then street, neighbourhood, city and UF are filled', async () => {
    const rendered = await openCheckout();
    await rendered.user.click(screen.getByRole('radio', { name: 'Entrega' }));

    await rendered.user.type(field('CEP'), '01001000');
    await rendered.user.tab();

    await waitFor(() => expect(field('Rua').value).toBe('Praça da Sé'));
    expect(field('CEP').value).toBe('01001-000');
    expect(field('Bairro').value).toBe('Sé');
    expect(field('Cidade').value).toBe('São Paulo');
    expect(field('UF').value).toBe('SP');
    expect(rendered.server.calls('/api/cep')).toEqual(['GET /api/cep/01001000']);
  });

  it('given the CEP lookup service down, then its message (the address typed by hand), not CEP inválido', async () => {
    const rendered = await openCheckout({
      answer: (url) =>
        url.pathname === '/api/cep/01001000'
          ? json(
              { message: 'Não foi possível consultar o CEP agora. Tente novamente em instantes.' },
              { status: 503 },
            )
          : undefined,
    });
    await rendered.user.click(screen.getByRole('radio', { name: 'Entrega' }));

    await rendered.user.type(field('CEP'), '01001000');
    await rendered.user.tab();

    await waitFor(() =>
      expect(descriptionOf(field('CEP'))).toBe(
        'Não foi possível consultar o CEP agora. Tente novamente em instantes.',
      ),
    );
    expect(field('Rua').value).toBe('');
  });

  it("given an unknown CEP or too few digits, then 'CEP inválido' (the short one is not even looked up)", async () => {
    const rendered = await openCheckout();
    await rendered.user.click(screen.getByRole('radio', { name: 'Entrega' }));

    await rendered.user.type(field('CEP'), '99999999');
    await rendered.user.tab();
    await waitFor(() => expect(descriptionOf(field('CEP'))).toBe('CEP inválido'));

    await rendered.user.clear(field('CEP'));
    await rendered.user.type(field('CEP'), '1234');
    await rendered.user.tab();
    await waitFor(() => expect(descriptionOf(field('CEP'))).toBe('CEP inválido'));
    expect(rendered.server.calls('/api/cep')).toEqual(['GET /api/cep/99999999']);
  });
});

describe('/pagamento: Pix (spec §4 "Checkout flow", §7)', () => {
  it('given a valid form, then the checkout body of spec §7 with an Idempotency-Key, the QR code, its copia e cola and the cancel action', async () => {
    const rendered = await openCheckout();
    await paidWithPix(rendered);

    const [call] = rendered.server.checkouts;
    expect(call?.idempotencyKey).toMatch(/^[0-9a-f]{32}$/);
    expect(call?.body).toEqual({
      userId: customer.id,
      email: customer.email,
      docNumber: '52998224725',
      firstName: 'Maria',
      lastName: 'da Silva Souza',
      total: 51,
      items: [
        {
          id: 'coxinha-de-frango',
          title: 'Coxinha de Frango',
          unit_price: 0.6,
          quantity: 50,
          category: 'Salgados Fritos',
        },
        {
          id: 'brigadeiro',
          title: 'Brigadeiro',
          unit_price: 0.7,
          quantity: 30,
          category: 'Doces Tradicionais',
        },
      ],
      paymentMethod: 'pix',
      paymentMethodId: 'pix',
      deliveryType: 'pickup',
      deliveryDate: validDate(),
      phone: customer.phone,
    });
    const box = resultBox();
    expect(within(box).getByRole('status').textContent).toBe('QR Code PIX gerado!');
    expect(box.textContent).toContain('Pedido #1001');
    expect(within(box).getByRole('img', { name: 'QR Code Pix' }).getAttribute('src')).toBe(
      `data:image/png;base64,${PIX_QR_PNG}`,
    );
    expect((within(box).getByLabelText('Pix Copia e Cola') as HTMLTextAreaElement).value).toBe(
      PIX_COPIA_E_COLA,
    );
    expect(within(box).getByRole('button', { name: 'Copiar código' })).toBeTruthy();
    expect(within(box).getByRole('button', { name: 'Cancelar Pagamento' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Prosseguir' })).toHaveProperty('disabled', true);
  });

  it('given the Pix, then the page brings it into view with focus on its heading, and says the amount, until when and how to pay it', async () => {
    const rendered = await openCheckout();
    await paidWithPix(rendered);

    const box = resultBox();
    const heading = within(box).getByRole('heading', { name: 'Processando Pagamento' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(Element.prototype.scrollIntoView).toHaveBeenCalledWith({
      behavior: 'smooth',
      block: 'start',
    });
    expect(box.textContent).toContain('Valor: R$ 51,00');
    expect(box.textContent).toContain('Pague até 28/11/2030 às 14:32');
    expect(box.textContent).toContain(
      'Abra o app do seu banco, escolha Pix copia e cola ou leia o QR code.',
    );
  });

  it('given a single name, then the last name is Sobrenome', async () => {
    const rendered = await openCheckout();
    await fillCustomer(rendered, { name: 'Maria' });
    await choose(rendered, 'Pix');
    await proceed(rendered);
    await screen.findByRole('region', { name: 'Processando Pagamento' });

    expect(rendered.server.checkouts[0]?.body).toMatchObject({
      firstName: 'Maria',
      lastName: 'Sobrenome',
    });
  });

  it('given the QR code, then the first look at the payment comes after 10 s, then every 5 s; approved, then the cart is emptied, the message, the session flag and /success after 3 s', async () => {
    const rendered = await openCheckout();
    await paidWithPix(rendered);
    const { server, router, store } = rendered;

    await act(() => vi.advanceTimersByTimeAsync(9_900));
    expect(polls(server)).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(100));
    await waitFor(() => expect(polls(server)).toBe(1));
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await waitFor(() => expect(polls(server)).toBe(2));
    expect(within(resultBox()).getByRole('status').textContent).toBe('QR Code PIX gerado!');

    server.approve(server.lastPaymentId());
    await act(() => vi.advanceTimersByTimeAsync(5_000));

    await waitFor(() =>
      expect(within(resultBox()).getByRole('status').textContent).toBe(
        'Pagamento aprovado! Redirecionando...',
      ),
    );
    expect(store.getState().cart.itens).toEqual([]);
    expect(JSON.parse(sessionStorage.getItem(PAYMENT_SUCCESS_KEY) ?? 'null')).toEqual({
      orderId: 'order-1001',
      orderNumber: 1001,
    });
    expect(router.state.location.pathname).toBe('/pagamento');

    await act(() => vi.advanceTimersByTimeAsync(3_000));

    expect(
      await screen.findByRole('heading', { name: 'Compra Concluída!' }, PAGE_LOAD),
    ).toBeTruthy();
    expect(router.state.location.state).toEqual({
      orderId: 'order-1001',
      orderNumber: 1001,
      fromPayment: true,
    });
    expect(screen.getByText('Pedido #1001')).toBeTruthy();
    const calls = polls(server);
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(polls(server)).toBe(calls);
  });

  it('given a payment that never ends, then at most 120 looks and the timeout message at 600 s', async () => {
    const rendered = await openCheckout();
    await paidWithPix(rendered);

    for (let elapsed = 0; elapsed < 595_000; elapsed += 5_000) {
      await act(() => vi.advanceTimersByTimeAsync(5_000));
    }
    expect(within(resultBox()).getByRole('status').textContent).toBe('QR Code PIX gerado!');
    await act(() => vi.advanceTimersByTimeAsync(5_000));

    await waitFor(() =>
      expect(within(resultBox()).getByRole('status').textContent).toBe(
        'Tempo limite excedido. Verifique seu pagamento em "Meus Pedidos".',
      ),
    );
    const looks = polls(rendered.server);
    expect(looks).toBeGreaterThan(100);
    expect(looks).toBeLessThanOrEqual(120);
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(polls(rendered.server)).toBe(looks);
  });
});

describe('/pagamento: real-time approval (spec §4, §7)', () => {
  it('given the page, then no socket until a payment starts; then one to the API origin with the token and the spec transport settings, joined to the user', async () => {
    const rendered = await openCheckout();
    expect(sockets).toHaveLength(0);

    await paidWithPix(rendered);
    const socket = await paymentSocket();

    expect(socket.url).toBe(window.location.origin);
    expect(socket.options).toMatchObject({
      transports: ['websocket', 'polling'],
      tryAllTransports: true,
      timeout: 20_000,
      reconnectionAttempts: 3,
      reconnectionDelay: 1_000,
      reconnectionDelayMax: 1_000,
      randomizationFactor: 0,
    });
    expect(socket.handshakeAuth()).toEqual({ token });
    expect(socket.emitted).toEqual([['join', customer.id]]);
  });

  it('given a push for another order, then nothing; a push for this one approves before any poll; the duplicate changes nothing', async () => {
    const rendered = await openCheckout();
    await paidWithPix(rendered);
    const socket = await paymentSocket();
    const ours: PaymentApprovedPush = {
      orderId: 'order-1001',
      orderNumber: 1001,
      paymentId: rendered.server.lastPaymentId(),
    };

    act(() => socket.push('paymentSuccess', { ...ours, orderId: 'order-999', orderNumber: 999 }));
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(within(resultBox()).getByRole('status').textContent).toBe('QR Code PIX gerado!');

    act(() => socket.push('paymentSuccess', ours));
    await waitFor(() =>
      expect(within(resultBox()).getByRole('status').textContent).toBe(
        paymentMessages.approvedRedirecting,
      ),
    );
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    act(() => socket.push('paymentApproved', ours));
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(rendered.router.state.location.pathname).toBe('/pagamento');
    await act(() => vi.advanceTimersByTimeAsync(500));

    // 3 s after the first push, not after the duplicate.
    expect(rendered.router.state.location.pathname).toBe('/success');
    await screen.findByRole('heading', { name: 'Compra Concluída!' }, PAGE_LOAD);
    expect(polls(rendered.server)).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(polls(rendered.server)).toBe(0);
    expect(rendered.router.state.location.pathname).toBe('/success');
    expect(socket.disconnected).toBe(true);
  });
});

describe('/pagamento: boleto', () => {
  /** DD/MM/AAAA of the first day a boleto ordered today can pay for. */
  const earliestBoletoDay = () => {
    const [year, month, day] = earliestBoletoDeliveryDay(shopDate(new Date())).split('-');
    return `${day}/${month}/${year}`;
  };

  it('given a day too close for a boleto to clear (issue 38), then boleto cannot be chosen and the reason names the first day it can', async () => {
    const rendered = await openCheckout();
    const earliestSlot = firstBookableSlot(kitchenSchedule(), 'pickup', new Date());
    await fillCustomer(rendered, { date: earliestSlot?.deliveryDate ?? '' });

    const boleto = screen.getByRole('radio', { name: 'Boleto' });
    await waitFor(() => expect(boleto).toHaveProperty('disabled', true));
    const methods = screen.getByRole('group', { name: 'Forma de pagamento' });
    expect(descriptionOf(methods)).toBe(
      `O boleto leva até 3 dias úteis para ser compensado e não fica pago a tempo para esta data. Escolha Pix ou cartão, ou uma data a partir de ${earliestBoletoDay()}.`,
    );
    await choose(rendered, 'Boleto');
    expect(boleto).toHaveProperty('checked', false);
    expect(screen.getByRole('radio', { name: 'Pix' })).toHaveProperty('disabled', false);
  });

  it('given boleto chosen, when the day moves too close, then it is unselected with the reason shown; a later day offers it again', async () => {
    const rendered = await openCheckout();
    await fillCustomer(rendered);
    await choose(rendered, 'Boleto');
    expect(screen.getByRole('radio', { name: 'Boleto' })).toHaveProperty('checked', true);

    fireEvent.change(field('Data'), { target: { value: earliestDeliveryDate(new Date()) } });

    const boleto = screen.getByRole('radio', { name: 'Boleto' });
    expect(boleto).toHaveProperty('checked', false);
    expect(boleto).toHaveProperty('disabled', true);
    expect(descriptionOf(screen.getByRole('group', { name: 'Forma de pagamento' }))).toContain(
      earliestBoletoDay(),
    );

    await chooseWhen(rendered, validDate());
    expect(screen.getByRole('radio', { name: 'Boleto' })).toHaveProperty('disabled', false);
    expect(descriptionOf(screen.getByRole('group', { name: 'Forma de pagamento' }))).toBe('');
  });

  it('given boleto, then the address goes with it, and the boleto link and linha digitável are shown', async () => {
    const rendered = await openCheckout();
    await fillCustomer(rendered);
    await choose(rendered, 'Boleto');
    await rendered.user.type(field('CEP'), '01001000');
    await rendered.user.tab();
    await waitFor(() => expect(field('Rua').value).toBe('Praça da Sé'));
    await rendered.user.type(field('Número'), '100');

    await proceed(rendered);

    const box = await screen.findByRole('region', { name: 'Processando Pagamento' });
    expect(within(box).getByRole('status').textContent).toBe('Boleto gerado!');
    expect(within(box).getByRole('link', { name: 'Abrir Boleto' })).toBeTruthy();
    // Sent as digits, read in FEBRABAN's five groups.
    expect((within(box).getByLabelText('Linha digitável') as HTMLTextAreaElement).value).toBe(
      '23790.00009 00000.000000 00000.000000 1 00000000001800',
    );
    expect(BOLETO_LINE).toMatch(/^\d{47}$/);
    expect(rendered.server.checkouts[0]?.body).toMatchObject({
      paymentMethod: 'boleto',
      paymentMethodId: 'bolbradesco',
      deliveryType: 'pickup',
      address: {
        zipCode: '01001000',
        streetName: 'Praça da Sé',
        streetNumber: '100',
        neighborhood: 'Sé',
        city: 'São Paulo',
        federalUnit: 'SP',
      },
    });
  });
});

describe('/pagamento: cards with the simulator (spec §4, §5, §7)', () => {
  async function openCardForm(rendered: Rendered, method: string) {
    await fillCustomer(rendered);
    await choose(rendered, method);
    await proceed(rendered);
    return screen.findByRole('region', { name: 'Dados do Cartão' });
  }

  async function fillCard(rendered: Rendered, form: HTMLElement) {
    const { user } = rendered;
    await user.type(within(form).getByLabelText('Número do cartão'), '5031 4332 1540 6351');
    await user.type(within(form).getByLabelText('Nome do titular'), 'APRO');
    await user.type(within(form).getByLabelText('Mês de validade'), '11');
    await user.type(within(form).getByLabelText('Ano de validade'), '2030');
    await user.type(within(form).getByLabelText('CVV'), '123');
  }

  it('given a card without name or CPF, then the spec asks for them before the card form', async () => {
    const rendered = await openCheckout();
    await fillCustomer(rendered, { name: '', cpf: '' });
    await choose(rendered, 'Cartão de Crédito');

    await proceed(rendered);

    expect((await screen.findByRole('dialog')).textContent).toContain(
      'Preencha seu Nome Completo e CPF antes de continuar.',
    );
    expect(screen.queryByRole('region', { name: 'Dados do Cartão' })).toBeNull();
  });

  it('given a credit card, then the simulator form tokenizes it and the checkout carries the token, its method and the installments, without categories; approved at once leads to /success', async () => {
    const rendered = await openCheckout();
    const form = await openCardForm(rendered, 'Cartão de Crédito');
    expect(rendered.server.calls('/api/payments/config')).toHaveLength(1);
    expect((within(form).getByLabelText('CPF do titular') as HTMLInputElement).value).toBe(
      '529.982.247-25',
    );
    await fillCard(rendered, form);
    await rendered.user.selectOptions(within(form).getByLabelText('Parcelas'), '3');
    vi.useFakeTimers({ shouldAdvanceTime: true });

    await rendered.user.click(within(form).getByRole('button', { name: 'Pagar R$ 51,00' }));

    await waitFor(() => expect(rendered.server.checkouts).toHaveLength(1));
    const token = rendered.server.requests.find(
      (request) => new URL(request.url).pathname === '/simulator/card_tokens',
    );
    expect(await token?.clone().json()).toEqual({
      cardNumber: '5031 4332 1540 6351',
      cardholderName: 'APRO',
      expirationMonth: '11',
      expirationYear: '2030',
      securityCode: '123',
      docNumber: '529.982.247-25',
    });
    const body = rendered.server.checkouts[0]?.body;
    expect(body).toMatchObject({
      paymentMethod: 'credit_card',
      token: 'f'.repeat(32),
      paymentMethodId: 'master',
      installments: 3,
    });
    expect(body?.['items']).toEqual([
      { id: 'coxinha-de-frango', title: 'Coxinha de Frango', unit_price: 0.6, quantity: 50 },
      { id: 'brigadeiro', title: 'Brigadeiro', unit_price: 0.7, quantity: 30 },
    ]);
    await waitFor(() =>
      expect(within(resultBox()).getByRole('status').textContent).toBe(
        paymentMessages.approvedRedirecting,
      ),
    );
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    await screen.findByRole('heading', { name: 'Compra Concluída!' }, PAGE_LOAD);
  });

  it("given a debit card in review, then one installment, 'Processando pagamento...' and the first look at once", async () => {
    const rendered = await openCheckout({ cardOutcome: 'in_process' });
    const form = await openCardForm(rendered, 'Cartão de Débito');
    expect(within(form).queryByLabelText('Parcelas')).toBeNull();
    await fillCard(rendered, form);
    vi.useFakeTimers({ shouldAdvanceTime: true });

    await rendered.user.click(within(form).getByRole('button', { name: 'Pagar R$ 51,00' }));

    await waitFor(() =>
      expect(within(resultBox()).getByRole('status').textContent).toBe('Processando pagamento...'),
    );
    expect(rendered.server.checkouts[0]?.body).toMatchObject({
      paymentMethod: 'debit_card',
      installments: 1,
    });
    expect(screen.queryByRole('region', { name: 'Dados do Cartão' })).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(0));
    await waitFor(() => expect(polls(rendered.server)).toBe(1));
    rendered.server.approve(rendered.server.lastPaymentId());
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await waitFor(() =>
      expect(within(resultBox()).getByRole('status').textContent).toBe(
        paymentMessages.approvedRedirecting,
      ),
    );
  });

  it('given a refused card, then the rejection popup and the form can be tried again', async () => {
    const rendered = await openCheckout({ cardOutcome: 'rejected' });
    const form = await openCardForm(rendered, 'Cartão de Crédito');
    await fillCard(rendered, form);

    await rendered.user.click(within(form).getByRole('button', { name: 'Pagar R$ 51,00' }));

    expect((await screen.findByRole('dialog')).textContent).toContain(
      'Erro no pagamento: Pagamento rejeitado. Detalhes: o emissor do cartão recusou o pagamento. Tente novamente.',
    );
    expect(screen.getByRole('button', { name: 'Prosseguir' })).toHaveProperty('disabled', false);
  });

  it('given the card form opened, then it comes into view with focus on its heading; the card number is grouped in fours as typed and the installments say sem juros', async () => {
    const rendered = await openCheckout();
    const form = await openCardForm(rendered, 'Cartão de Crédito');

    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(form).getByRole('heading', { name: 'Dados do Cartão' }),
      ),
    );
    const number = within(form).getByLabelText('Número do cartão');
    await rendered.user.type(number, '5031433215406351');
    expect((number as HTMLInputElement).value).toBe('5031 4332 1540 6351');
    expect(within(form).getByRole('option', { name: '3x de R$ 17,00 sem juros' })).toBeTruthy();
  });

  it('given a declined card, then a heading says so under the spec’s title; another card pays the same order (same key, same number) with the delivery and customer fields kept and the card form empty', async () => {
    const rendered = await openCheckout({ cardOutcomes: ['rejected', 'approved'] });
    const form = await openCardForm(rendered, 'Cartão de Crédito');
    await fillCard(rendered, form);
    await rendered.user.click(within(form).getByRole('button', { name: 'Pagar R$ 51,00' }));

    await screen.findByRole('heading', { name: 'Cartão recusado' });
    const declined = resultBox();
    expect(declined.textContent).toContain('Pedido #1001');
    await rendered.user.click(
      within(declined).getByRole('button', { name: 'Tentar outro cartão' }),
    );

    const again = await screen.findByRole('region', { name: 'Dados do Cartão' });
    expect((within(again).getByLabelText('Número do cartão') as HTMLInputElement).value).toBe('');
    expect(field('Nome completo').value).toBe('Maria da Silva Souza');
    expect(screen.getByRole('radio', { name: 'Retirada no Local' })).toHaveProperty(
      'checked',
      true,
    );
    await fillCard(rendered, again);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await rendered.user.click(within(again).getByRole('button', { name: 'Pagar R$ 51,00' }));

    await waitFor(() =>
      expect(within(resultBox()).getByRole('status').textContent).toBe(
        paymentMessages.approvedRedirecting,
      ),
    );
    const [first, second] = rendered.server.checkouts;
    expect(second?.idempotencyKey).toBe(first?.idempotencyKey);
    expect(resultBox().textContent).toContain('Pedido #1001');
  });

  it('given a declined card, when another method is chosen instead, then the method is asked again, focused, and a Pix pays the same order (same key, same number)', async () => {
    const rendered = await openCheckout({ cardOutcome: 'rejected' });
    const form = await openCardForm(rendered, 'Cartão de Crédito');
    await fillCard(rendered, form);
    await rendered.user.click(within(form).getByRole('button', { name: 'Pagar R$ 51,00' }));
    await screen.findByRole('heading', { name: 'Cartão recusado' });
    const declined = resultBox();

    await rendered.user.click(
      within(declined).getByRole('button', { name: 'Escolher outra forma de pagamento' }),
    );

    expect(screen.queryByRole('heading', { name: 'Cartão recusado' })).toBeNull();
    const pix = screen.getByRole('radio', { name: 'Pix' });
    expect(document.activeElement).toBe(pix);
    expect(screen.getByRole('radio', { name: 'Cartão de Crédito' })).toHaveProperty(
      'checked',
      false,
    );
    await rendered.user.click(pix);
    await proceed(rendered);
    const box = await screen.findByRole('region', { name: 'Processando Pagamento' });
    expect(within(box).getByRole('status').textContent).toBe('QR Code PIX gerado!');
    expect(box.textContent).toContain('Pedido #1001');
    const [first, second] = rendered.server.checkouts;
    expect(second?.idempotencyKey).toBe(first?.idempotencyKey);
    expect(second?.body).toMatchObject({ paymentMethod: 'pix' });
  });

  it("given a bad card number, then the simulator's message under the field and as 'Erro no formulário do cartão'", async () => {
    const rendered = await openCheckout();
    const form = await openCardForm(rendered, 'Cartão de Crédito');
    await rendered.user.type(within(form).getByLabelText('Número do cartão'), '1234');

    await rendered.user.click(within(form).getByRole('button', { name: 'Pagar R$ 51,00' }));

    expect((await screen.findByRole('dialog')).textContent).toContain(
      'Erro no formulário do cartão: Número do cartão inválido.',
    );
    expect(descriptionOf(within(form).getByLabelText('Número do cartão'))).toBe(
      'Número do cartão inválido.',
    );
    expect(rendered.server.checkouts).toHaveLength(0);
  });

  it("given 'Cancelar Pagamento' on the card form, then it closes and nothing is charged", async () => {
    const rendered = await openCheckout();
    const form = await openCardForm(rendered, 'Cartão de Crédito');

    await rendered.user.click(within(form).getByRole('button', { name: 'Cancelar Pagamento' }));

    expect(screen.queryByRole('region', { name: 'Dados do Cartão' })).toBeNull();
    expect(rendered.server.checkouts).toHaveLength(0);
  });
});

describe('/pagamento: cancel, method switch and errors (spec §4, §8)', () => {
  it("given a pending Pix, when cancelled, then POST cancel-payment with its id, 'Pagamento cancelado com sucesso!' and no more looks", async () => {
    const rendered = await openCheckout();
    await paidWithPix(rendered);
    const paymentId = rendered.server.lastPaymentId();

    await rendered.user.click(
      within(resultBox()).getByRole('button', { name: 'Cancelar Pagamento' }),
    );

    expect((await screen.findByRole('dialog')).textContent).toContain(
      'Pagamento cancelado com sucesso!',
    );
    const cancel = rendered.server.requests.find(
      (request) => new URL(request.url).pathname === '/payments/cancel-payment',
    );
    expect(await cancel?.clone().json()).toEqual({ paymentId });
    expect(screen.queryByRole('region', { name: 'Processando Pagamento' })).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(polls(rendered.server)).toBe(0);
  });

  it("given the server refuses the cancel, then 'Erro ao cancelar: {message}' and the payment stays", async () => {
    const rendered = await openCheckout({
      answer: (url) =>
        url.pathname === '/payments/cancel-payment'
          ? json({ message: 'Este pagamento não pode mais ser cancelado.' }, { status: 409 })
          : undefined,
    });
    await paidWithPix(rendered);

    await rendered.user.click(
      within(resultBox()).getByRole('button', { name: 'Cancelar Pagamento' }),
    );

    expect((await screen.findByRole('dialog')).textContent).toContain(
      'Erro ao cancelar: Este pagamento não pode mais ser cancelado.',
    );
    expect(resultBox()).toBeTruthy();
  });

  it('given another method chosen, then the result goes and nothing is watched any more', async () => {
    const rendered = await openCheckout();
    await paidWithPix(rendered);

    await choose(rendered, 'Boleto');

    expect(screen.queryByRole('region', { name: 'Processando Pagamento' })).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(polls(rendered.server)).toBe(0);
  });

  it("given a refusal, then the popup 'Erro no pagamento: {message}' for 5 s", async () => {
    const rendered = await openCheckout({
      answer: (url) =>
        url.pathname === '/payments/mercadopago/transparent-checkout'
          ? json(
              { message: 'Os preços do seu pedido mudaram. Confira o novo total antes de pagar.' },
              { status: 409 },
            )
          : undefined,
    });
    await fillCustomer(rendered);
    await choose(rendered, 'Pix');
    vi.useFakeTimers({ shouldAdvanceTime: true });

    await proceed(rendered);

    expect((await screen.findByRole('dialog')).textContent).toContain(
      'Erro no pagamento: Os preços do seu pedido mudaram. Confira o novo total antes de pagar.',
    );
    await act(() => vi.advanceTimersByTimeAsync(4_800));
    expect(screen.getByRole('dialog')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it.each([
    'Coxinha de Frango está esgotado.',
    'Você já tem 3 pedidos aguardando pagamento (#1042, #1043, #1044). Pague ou cancele um deles antes de fazer outro.',
    dayFullMessage('2026-12-05', 40),
    closedDateMessage('2026-12-25', 'Natal'),
  ])(
    'given the server refuses for stock, open orders (409, issue 38), a full day (409) or a closed one (400, issue 40), then its message as it came: %s',
    async (message) => {
      const rendered = await openCheckout({
        answer: (url) =>
          url.pathname === '/payments/mercadopago/transparent-checkout'
            ? json({ message }, { status: message.startsWith('Não abrimos') ? 400 : 409 })
            : undefined,
      });
      await fillCustomer(rendered);
      await choose(rendered, 'Pix');

      await proceed(rendered);

      expect((await screen.findByRole('dialog')).textContent).toContain(
        `Erro no pagamento: ${message}`,
      );
    },
  );

  it('given a 401, then the login page', async () => {
    const rendered = await openCheckout({
      answer: (url) =>
        url.pathname === '/payments/mercadopago/transparent-checkout'
          ? json({ message: 'Token inválido.' }, { status: 401 })
          : undefined,
    });
    await fillCustomer(rendered);
    await choose(rendered, 'Pix');

    await proceed(rendered);

    await waitFor(() => expect(rendered.router.state.location.pathname).toBe('/login'));
  });

  it('given no answer, then the same Idempotency-Key on a retry of the same data, and a new one after the method changes', async () => {
    let failures = 1;
    const rendered = await openCheckout({
      answer: (url) => {
        if (url.pathname !== '/payments/mercadopago/transparent-checkout' || failures === 0) {
          return undefined;
        }
        failures -= 1;
        return json({ message: 'Serviço temporariamente indisponível.' }, { status: 503 });
      },
    });
    await fillCustomer(rendered, { delivery: 'Retirada no Local' });
    await choose(rendered, 'Pix');

    await proceed(rendered);
    expect((await screen.findByRole('dialog')).textContent).toContain(
      'Erro no pagamento: Serviço temporariamente indisponível.',
    );
    await rendered.user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Fechar' }),
    );
    await proceed(rendered);
    await screen.findByRole('region', { name: 'Processando Pagamento' });
    await choose(rendered, 'Boleto');
    await choose(rendered, 'Pix');
    await proceed(rendered);
    await screen.findByText('Pedido #1002');

    const keys = rendered.server.requests
      .filter((request) => new URL(request.url).pathname.endsWith('/transparent-checkout'))
      .map((request) => request.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });
});

describe('/pagamento: cards with Mercado Pago (spec §8)', () => {
  it("given Mercado Pago as the provider and its SDK unreachable, then its script is asked for and after 2 s 'Erro ao carregar o sistema de pagamento. Tente recarregar a página.'", async () => {
    const rendered = await openCheckout({ provider: 'mercadopago' });
    await fillCustomer(rendered);
    await choose(rendered, 'Cartão de Crédito');
    vi.useFakeTimers({ shouldAdvanceTime: true });

    await proceed(rendered);

    await screen.findByRole('region', { name: 'Dados do Cartão' }, PAGE_LOAD);
    // The lazily loaded card form adds the script once it has mounted.
    await waitFor(() =>
      expect(
        document.head.querySelector('script[src="https://sdk.mercadopago.com/js/v2"]'),
      ).toBeTruthy(),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect((await screen.findByRole('dialog')).textContent).toContain(
      'Erro ao carregar o sistema de pagamento. Tente recarregar a página.',
    );
    expect(rendered.server.checkouts).toHaveLength(0);
  });
});

/** Zone 'Centro' (01000-000 to 05999-999): R$ 15,00, no minimum unless given. */
function centro(minimumOrderCents = 0): DeliveryZone {
  return {
    name: 'Centro',
    zipCodeFrom: '01000000',
    zipCodeTo: '05999999',
    feeCents: 1500,
    minimumOrderCents,
  };
}

/** Her last delivery, to Avenida Paulista: what the next checkout fills in. */
const lastDelivery = orderDto({
  _id: 'order-7',
  orderNumber: 1007,
  deliveryType: 'delivery',
  customerCpf: '52998224725',
  customerPhone: '11912345678',
  customerAddress: {
    zipCode: '01310100',
    streetName: 'Avenida Paulista',
    streetNumber: '1000',
    complement: 'Apto 12',
    neighborhood: 'Bela Vista',
    city: 'São Paulo',
    federalUnit: 'SP',
  },
});

/** A delivery to CEP `cep` with the number and phone she types (by Pix). */
async function fillDelivery(rendered: Rendered, cep: string, phone = '(11) 91234-5678') {
  await fillCustomer(rendered, { delivery: 'Entrega' });
  await rendered.user.clear(field('Telefone'));
  if (phone) await rendered.user.type(field('Telefone'), phone);
  await rendered.user.type(field('CEP'), cep);
  await rendered.user.tab();
  await waitFor(() => expect(field('Rua').value).toBe('Praça da Sé'));
  await rendered.user.type(field('Número'), '100');
  await choose(rendered, 'Pix');
}

function summary(): HTMLElement {
  return screen.getByRole('region', { name: 'Resumo do Pedido' });
}

describe('/pagamento: delivery zones and fees (issue 37)', () => {
  it('given a delivery to a CEP of a zone, then its fee as a line of the summary, the Total with it, and the checkout sends that total, the fee, the phone and the complement', async () => {
    const rendered = await openCheckout({ zones: [centro()] });

    await fillDelivery(rendered, '01001000');
    await rendered.user.type(field('Complemento'), 'Sala 3');

    await waitFor(() => expect(summary().textContent).toContain('Taxa de entrega'));
    expect(
      within(summary())
        .getAllByRole('listitem')
        .map((line) => line.textContent),
    ).toContain('Taxa de entregaR$ 15,00');
    expect(summary().textContent).toContain('TotalR$ 66,00');
    expect(rendered.server.calls('/api/delivery/quote')).toEqual(['GET /api/delivery/quote']);

    await proceed(rendered);

    await screen.findByRole('region', { name: 'Processando Pagamento' });
    expect(rendered.server.checkouts[0]?.body).toMatchObject({
      deliveryType: 'delivery',
      total: 66,
      deliveryFee: 15,
      phone: '11912345678',
      address: {
        zipCode: '01001000',
        streetName: 'Praça da Sé',
        streetNumber: '100',
        complement: 'Sala 3',
        neighborhood: 'Sé',
        city: 'São Paulo',
        federalUnit: 'SP',
      },
    });
    expect(resultBox().textContent).toContain('Valor: R$ 66,00');
  });

  it('given a CEP outside every zone, then the pt-BR message under the CEP, Prosseguir refused for the delivery, and a pickup still goes', async () => {
    const rendered = await openCheckout({ zones: [{ ...centro(), zipCodeTo: '01000999' }] });
    await fillDelivery(rendered, '01001000');

    await waitFor(() => expect(descriptionOf(field('CEP'))).toBe(shopMessages.outsideZones));
    await proceed(rendered);

    expect(rendered.server.checkouts).toHaveLength(0);
    expect(document.activeElement).toBe(field('CEP'));
    expect(summary().textContent).not.toContain('Taxa de entrega');

    await rendered.user.click(screen.getByRole('radio', { name: 'Retirada no Local' }));
    await proceed(rendered);

    await screen.findByRole('region', { name: 'Processando Pagamento' });
    expect(rendered.server.checkouts[0]?.body).toMatchObject({ deliveryType: 'pickup', total: 51 });
  });

  it("given items below the zone's minimum order, then the zone's minimum under the CEP on Prosseguir, and nothing sent", async () => {
    const rendered = await openCheckout({ zones: [centro(10_000)] });
    await fillDelivery(rendered, '01001000');
    await waitFor(() => expect(summary().textContent).toContain('Taxa de entrega'));

    await proceed(rendered);

    await waitFor(() =>
      expect(descriptionOf(field('CEP'))).toBe(belowMinimumOrderMessage('Centro', 10_000)),
    );
    expect(descriptionOf(field('CEP'))).toBe(
      'O pedido mínimo para entrega em Centro é de R$ 100,00.',
    );
    expect(rendered.server.checkouts).toHaveLength(0);
  });

  it('given a delivery without a phone, then it is required; a phone that is not Brazilian is refused', async () => {
    const rendered = await openCheckout({ zones: [centro()] });
    await fillDelivery(rendered, '01001000', '');

    await proceed(rendered);

    await waitFor(() =>
      expect(descriptionOf(field('Telefone'))).toBe('Telefone é obrigatório para entrega.'),
    );
    await rendered.user.type(field('Telefone'), '0012345678');
    await proceed(rendered);
    await waitFor(() =>
      expect(descriptionOf(field('Telefone'))).toBe(checkoutMessages.phoneInvalid),
    );
    expect(field('Telefone').getAttribute('inputmode')).toBe('tel');
    expect(rendered.server.checkouts).toHaveLength(0);
  });

  it('given the server priced the fee otherwise (409), then the spec popup and the summary with the fee read again', async () => {
    let fee = 1500;
    const rendered = await openCheckout({
      answer: (url) => {
        if (url.pathname !== '/api/delivery/quote') return undefined;
        return json({ available: true, zone: 'Centro', fee: fee / 100, minimumOrder: 0 });
      },
      zones: [{ ...centro(), feeCents: 2000 }],
    });
    await fillDelivery(rendered, '01001000');
    await waitFor(() => expect(summary().textContent).toContain('TotalR$ 66,00'));
    fee = 2000;

    await proceed(rendered);

    expect((await screen.findByRole('dialog')).textContent).toContain(
      'Erro no pagamento: Os preços do seu pedido mudaram. Confira o novo total antes de pagar.',
    );
    await waitFor(() => expect(summary().textContent).toContain('TotalR$ 71,00'));
    expect(summary().textContent).toContain('Taxa de entregaR$ 20,00');
  });
});

describe('/pagamento: filled in from her profile and last orders (issue 37)', () => {
  it('given her profile and a last delivery, then her name, phone, CPF and that address are filled in', async () => {
    const rendered = await openCheckout({ orders: [lastDelivery] });
    await rendered.user.click(screen.getByRole('radio', { name: 'Entrega' }));

    await waitFor(() => expect(field('CPF').value).toBe('529.982.247-25'));
    expect(field('Nome completo').value).toBe(customer.name);
    expect(field('Telefone').value).toBe('(11) 98765-4321');
    expect(field('CEP').value).toBe('01310-100');
    expect(field('Rua').value).toBe('Avenida Paulista');
    expect(field('Número').value).toBe('1000');
    expect(field('Complemento').value).toBe('Apto 12');
    expect(field('Bairro').value).toBe('Bela Vista');
    expect(field('Cidade').value).toBe('São Paulo');
    expect(field('UF').value).toBe('SP');
  });

  it('given no phone in her profile, then the last order’s', async () => {
    await openCheckout({ user: { ...customer, phone: '' }, orders: [lastDelivery] });

    await waitFor(() => expect(field('Telefone').value).toBe('(11) 91234-5678'));
  });

  it('given she typed before her orders arrived, then what she typed stays', async () => {
    const orders = deferredResponse();
    const rendered = await openCheckout({
      orders: [lastDelivery],
      answer: (url) => (url.pathname === '/api/orders' ? orders.promise : undefined),
    });
    await rendered.user.click(screen.getByRole('radio', { name: 'Entrega' }));
    await rendered.user.type(field('CPF'), '11144477735');
    await rendered.user.type(field('CEP'), '01001000');

    orders.release(json([lastDelivery]));

    await waitFor(() => expect(field('Rua').value).toBe('Avenida Paulista'));
    expect(field('CPF').value).toBe('111.444.777-35');
    expect(field('CEP').value).toBe('01001-000');
  });

  it("given 'Salvar este endereço no meu perfil', then after the order is placed the address goes to her profile as one line, her name and phone as they were", async () => {
    const rendered = await openCheckout({ zones: [centro()] });
    expect(screen.queryByLabelText('Salvar este endereço no meu perfil')).toBeNull();
    await fillDelivery(rendered, '01001000');
    await rendered.user.type(field('Complemento'), 'Sala 3');
    await rendered.user.click(screen.getByLabelText('Salvar este endereço no meu perfil'));

    await proceed(rendered);

    await screen.findByRole('region', { name: 'Processando Pagamento' });
    await waitFor(() =>
      expect(rendered.server.calls('/api/users/profile')).toContain('PUT /api/users/profile'),
    );
    const put = rendered.server.requests.find(
      (request) =>
        request.method === 'PUT' && new URL(request.url).pathname === '/api/users/profile',
    );
    expect(await put?.clone().json()).toEqual({
      name: customer.name,
      phone: customer.phone,
      address: 'Praça da Sé, 100, Sala 3 – Sé, São Paulo – SP, CEP 01001-000',
    });
  });

  it('given the box not ticked, then her profile is left as it is', async () => {
    const rendered = await openCheckout({ zones: [centro()] });
    await fillDelivery(rendered, '01001000');

    await proceed(rendered);

    await screen.findByRole('region', { name: 'Processando Pagamento' });
    expect(rendered.server.calls('/api/users/profile')).not.toContain('PUT /api/users/profile');
  });
});

describe('/pagamento: the kitchen calendar (issue 40)', () => {
  // A Saturday at noon in São Paulo: the earliest day is Monday 30/11, the horizon 27/01/2027.
  const NOW = new Date('2026-11-28T15:00:00Z');
  const calendar = kitchenSchedule({
    dailyCapacityUnits: 1000,
    closedDates: [{ date: '2026-12-25', reason: 'Natal' }],
  });
  calendar.weekly.pickup.sat = [{ open: '08:00', close: '12:00' }];

  async function openCalendarCheckout(
    options: Partial<Parameters<typeof fakePaymentsServer>[0]> = {},
  ) {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    // 50 coxinhas and 30 brigadeiros: 80 units; the 12th has 40 left.
    return openCheckout({
      now: () => Date.now(),
      schedule: { calendar, reserved: { '2026-12-12': 960 } },
      ...options,
    });
  }

  const slotOptions = () =>
    Array.from(slotSelect().options)
      .filter((option) => option.value !== '')
      .map((option) => option.textContent);

  it("given a Saturday with pickup 08:00–12:00, then only its slots from 08:00 to 11:00; the 25th says 'Fechado (Natal)' and a Saturday without room 'Agenda cheia', offering none", async () => {
    const rendered = await openCalendarCheckout();
    await rendered.user.click(screen.getByRole('radio', { name: 'Retirada no Local' }));
    await calendarLoaded();

    fireEvent.change(field('Data'), { target: { value: '2026-12-05' } });

    await waitFor(() => expect(slotOptions()).toHaveLength(4));
    expect(slotOptions()).toEqual([
      '08:00 – 09:00',
      '09:00 – 10:00',
      '10:00 – 11:00',
      '11:00 – 12:00',
    ]);
    expect(field('Data').min).toBe('2026-11-30');
    expect(field('Data').max).toBe('2027-01-27');
    expect(new Set(rendered.server.queries('/api/schedule/availability'))).toEqual(
      new Set(['?from=2026-11-28&to=2027-01-27&deliveryType=pickup&units=80']),
    );

    fireEvent.change(field('Data'), { target: { value: '2026-12-25' } });
    expect(descriptionOf(field('Data'))).toBe('Fechado (Natal)');
    expect(slotSelect().disabled).toBe(true);
    expect(slotOptions()).toEqual([]);

    fireEvent.change(field('Data'), { target: { value: '2026-12-12' } });
    expect(descriptionOf(field('Data'))).toBe('Agenda cheia');
    expect(slotSelect().disabled).toBe(true);

    fireEvent.change(field('Data'), { target: { value: '2026-12-06' } });
    expect(descriptionOf(field('Data'))).toBe('Fechado');
  });

  it("given Saturday open when the page loaded, when other customers fill it and she chooses it again, then it is asked about afresh and reads 'Agenda cheia'", async () => {
    const schedule = { calendar, reserved: {} as Record<string, number> };
    const rendered = await openCalendarCheckout({ schedule });
    await rendered.user.click(screen.getByRole('radio', { name: 'Retirada no Local' }));
    await calendarLoaded();
    fireEvent.change(field('Data'), { target: { value: '2026-12-05' } });
    await waitFor(() => expect(slotOptions()).toHaveLength(4));

    schedule.reserved['2026-12-05'] = 990;
    fireEvent.change(field('Data'), { target: { value: '2026-12-04' } });
    fireEvent.change(field('Data'), { target: { value: '2026-12-05' } });

    await waitFor(() => expect(descriptionOf(field('Data'))).toBe('Agenda cheia'));
    expect(slotSelect().disabled).toBe(true);
  });

  it('given a slot chosen, when the delivery type changes, then the availability is asked again for it and a slot the day no longer offers is dropped', async () => {
    const rendered = await openCalendarCheckout();
    await rendered.user.click(screen.getByRole('radio', { name: 'Entrega' }));
    await chooseWhen(rendered, '2026-12-05T16:00');
    expect(slotSelect().value).toBe('16:00');

    await rendered.user.click(screen.getByRole('radio', { name: 'Retirada no Local' }));

    await waitFor(() => expect(slotOptions()).toHaveLength(4));
    expect(slotSelect().value).toBe('');
    expect(rendered.server.queries('/api/schedule/availability').at(-1)).toBe(
      '?from=2026-11-28&to=2027-01-27&deliveryType=pickup&units=80',
    );
  });

  it('given a slot and notes for the kitchen, then the checkout sends the slot start as deliveryDate and the notes', async () => {
    const rendered = await openCalendarCheckout();
    await fillCustomer(rendered, { date: '2026-12-05T10:00' });
    const notes = screen.getByLabelText('Observações');
    await rendered.user.type(notes, 'Escrever Feliz Aniversário');
    expect(descriptionOf(notes)).toBe('26/500 caracteres');
    expect(notes.getAttribute('maxlength')).toBe('500');
    await choose(rendered, 'Pix');

    await proceed(rendered);

    await screen.findByRole('region', { name: 'Processando Pagamento' });
    expect(rendered.server.checkouts[0]?.body).toMatchObject({
      deliveryDate: '2026-12-05T10:00',
      notes: 'Escrever Feliz Aniversário',
    });
  });

  it('given a day chosen but no slot, then the spec’s message under the date and nothing sent', async () => {
    const rendered = await openCalendarCheckout();
    await rendered.user.click(screen.getByRole('radio', { name: 'Retirada no Local' }));
    await calendarLoaded();
    fireEvent.change(field('Data'), { target: { value: '2026-12-05' } });
    await choose(rendered, 'Pix');

    await proceed(rendered);

    expect(descriptionOf(field('Data'))).toBe('Data e hora são obrigatórias.');
    expect(rendered.server.checkouts).toHaveLength(0);
  });

  it("given the availability cannot be read, then the server's message with 'Tentar novamente', the calendar's own hours meanwhile, and a retry asks again", async () => {
    let failures = 1;
    const rendered = await openCalendarCheckout({
      answer: (url) =>
        url.pathname === '/api/schedule/availability' && failures-- > 0
          ? json({ message: 'Serviço temporariamente indisponível.' }, { status: 503 })
          : undefined,
    });
    await rendered.user.click(screen.getByRole('radio', { name: 'Retirada no Local' }));

    const problem = await screen.findByText('Serviço temporariamente indisponível.');
    await calendarLoaded();
    fireEvent.change(field('Data'), { target: { value: '2026-12-05' } });
    expect(slotOptions()).toEqual([
      '08:00 – 09:00',
      '09:00 – 10:00',
      '10:00 – 11:00',
      '11:00 – 12:00',
    ]);
    await rendered.user.click(screen.getByRole('button', { name: 'Tentar novamente' }));

    await waitFor(() => expect(problem.isConnected).toBe(false));
    expect(rendered.server.queries('/api/schedule/availability')).toHaveLength(2);
    fireEvent.change(field('Data'), { target: { value: '2026-12-12' } });
    expect(descriptionOf(field('Data'))).toBe('Agenda cheia');
  });
});
