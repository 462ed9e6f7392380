import { addDays, shopDate } from '@quitute/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { deferredResponse, json, stubFetch, type FetchHandler } from '../../testing/fetch-stub';
import { descriptionOf } from '../../testing/forms';
import { renderWithProviders } from '../../testing/render';
import { shopSettingsAnswer, shopSettingsDto } from '../../testing/shop-settings';
import type { CustomOrderContact } from './custom-order';
import { CustomOrderPage } from './custom-order-page';

function today(): string {
  return shopDate(new Date());
}

const recorded: FetchHandler = () =>
  json(
    { message: 'Encomenda enviada com sucesso!', requestId: 'r-1', position: 7 },
    { status: 201 },
  );

function renderPage(
  options: {
    customOrders?: FetchHandler;
    contact?: CustomOrderContact | null;
    /** The shop's WhatsApp in its settings (GET /api/shop). */
    whatsapp?: string;
  } = {},
) {
  const settings = shopSettingsDto(options.whatsapp ? { whatsapp: options.whatsapp } : {});
  const requests = stubFetch(
    (url, request) =>
      shopSettingsAnswer(url, settings) ??
      (url.pathname === '/api/custom-orders'
        ? (options.customOrders ?? recorded)(url, request)
        : json({ status: 'ok' })),
  );
  const open = vi.spyOn(window, 'open').mockReturnValue(window);
  const posted = () =>
    requests.filter((request) => new URL(request.url).pathname === '/api/custom-orders');
  return {
    ...renderWithProviders(<CustomOrderPage contact={options.contact ?? null} />, {
      route: '/encomendas',
    }),
    open,
    posted,
  };
}

async function dismissLeadTimeNotice(user: ReturnType<typeof renderPage>['user']) {
  const dialog = await screen.findByRole('dialog', { name: 'Prazos para Pedidos' });
  await user.click(within(dialog).getByRole('button', { name: 'Entendi' }));
}

async function fill(
  user: ReturnType<typeof renderPage>['user'],
  values: { telefone?: string; dataEvento?: string } = {},
) {
  await user.type(screen.getByRole('textbox', { name: 'Nome' }), 'Maria da Silva');
  await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'maria@example.com');
  await user.type(
    screen.getByRole('textbox', { name: 'Telefone' }),
    values.telefone ?? '(11) 98765-4321',
  );
  fireEvent.change(screen.getByLabelText('Data do evento'), {
    target: { value: values.dataEvento ?? addDays(today(), 10) },
  });
  await user.type(screen.getByRole('textbox', { name: 'Descrição' }), 'Festa de 50 pessoas');
}

const submitButton = () => screen.getByRole('button', { name: 'Enviar Encomenda pelo WhatsApp' });

describe('/encomendas (customer spec §2 "Custom order form", §5)', () => {
  it('given the page opens, then the lead-time notice opens 200 ms later, not before', async () => {
    vi.useFakeTimers();
    renderPage();

    await act(() => vi.advanceTimersByTimeAsync(199));
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByRole('dialog', { name: 'Prazos para Pedidos' })).toBeTruthy();
  });

  it('given the form, then nome, email, telefone, dataEvento and descricao are all required, the e-mail of type email and the phone with the phone keyboard', async () => {
    const { user, open } = renderPage();
    await dismissLeadTimeNotice(user);
    const fields = ['nome', 'email', 'telefone', 'dataEvento', 'descricao'].map((name) =>
      document.querySelector(`[name="${name}"]`),
    );
    for (const field of fields) expect(field).toHaveProperty('required', true);
    expect(screen.getByRole('textbox', { name: 'E-mail' }).getAttribute('type')).toBe('email');
    expect(screen.getByRole('textbox', { name: 'Telefone' }).getAttribute('inputmode')).toBe('tel');

    await user.click(submitButton());
    expect(open).not.toHaveBeenCalled();
  });

  it('given an 8-digit phone, then the phone alert, no WhatsApp, and focus back on the phone with the message under it', async () => {
    const { user, open } = renderPage();
    await dismissLeadTimeNotice(user);
    await fill(user, { telefone: '98765432' });
    expect(screen.getByRole('textbox', { name: 'Telefone' })).toHaveProperty(
      'value',
      '(98) 76543-2',
    );

    await user.click(submitButton());

    const alert = await screen.findByRole('dialog', { name: 'Atenção' });
    expect(alert.textContent).toContain(
      'Por favor, insira um número de telefone válido (10-15 dígitos).',
    );
    expect(open).not.toHaveBeenCalled();
    await user.click(within(alert).getByRole('button', { name: 'OK' }));
    const phone = screen.getByRole('textbox', { name: 'Telefone' });
    expect(document.activeElement).toBe(phone);
    expect(descriptionOf(phone)).toBe(
      'Por favor, insira um número de telefone válido (10-15 dígitos).',
    );
  });

  it("given yesterday's date, then 'A data do evento deve ser no futuro.' and no WhatsApp", async () => {
    const { user, open } = renderPage();
    await dismissLeadTimeNotice(user);
    await fill(user, { dataEvento: addDays(today(), -1) });

    await user.click(submitButton());

    expect((await screen.findByRole('dialog', { name: 'Atenção' })).textContent).toContain(
      'A data do evento deve ser no futuro.',
    );
    expect(open).not.toHaveBeenCalled();
  });

  it('given a valid form for today, then WhatsApp opens on the shop number with the composed text, the success popup shows and closes itself after 5 s, and the form is emptied', async () => {
    const { user, open } = renderPage();
    await dismissLeadTimeNotice(user);
    await fill(user, { telefone: '+55 11 91234-5678', dataEvento: today() });
    expect(screen.getByRole('textbox', { name: 'Telefone' })).toHaveProperty(
      'value',
      '(11) 91234-5678',
    );

    vi.useFakeTimers();
    fireEvent.click(submitButton());
    await act(() => vi.advanceTimersByTimeAsync(0));

    const [day = '', month = '', year = ''] = today().split('-').reverse();
    const text = [
      'Olá! Gostaria de fazer uma encomenda personalizada.',
      '',
      'Nome: Maria da Silva',
      'E-mail: maria@example.com',
      'Telefone: (11) 91234-5678',
      `Data do evento: ${day}/${month}/${year}`,
      'Descrição: Festa de 50 pessoas',
    ].join('\n');
    const url = `https://wa.me/5511987654321?text=${encodeURIComponent(text)}`;
    expect(open).toHaveBeenCalledWith(url, '_blank');
    const popup = screen.getByRole('dialog', { name: 'Encomenda enviada com sucesso!' });
    expect(within(popup).getByRole('link').getAttribute('href')).toBe(url);
    expect(screen.getByRole('textbox', { name: 'Nome' })).toHaveProperty('value', '');

    await act(() => vi.advanceTimersByTimeAsync(4_999));
    expect(screen.queryByRole('dialog')).not.toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('given the owner changed the shop’s WhatsApp in its settings, then the request goes to the new number', async () => {
    const { user, open } = renderPage({ whatsapp: '21998765432' });
    await dismissLeadTimeNotice(user);
    await fill(user);

    await user.click(submitButton());

    expect(open).toHaveBeenCalledWith(
      expect.stringMatching(/^https:\/\/wa\.me\/5521998765432\?text=/),
      '_blank',
    );
  });

  it('given the shop’s settings still loading, then sending waits (nothing goes to an unknown number)', async () => {
    const pending = deferredResponse();
    const requests = stubFetch((url) =>
      url.pathname === '/api/shop' ? pending.promise : json({ status: 'ok' }),
    );
    renderWithProviders(<CustomOrderPage contact={null} />, { route: '/encomendas' });

    expect(submitButton()).toHaveProperty('disabled', true);
    pending.release(json(shopSettingsDto()));
    await waitFor(() => expect(submitButton()).toHaveProperty('disabled', false));
    expect(requests.some((request) => new URL(request.url).pathname === '/api/shop')).toBe(true);
  });

  it('given the shop’s settings cannot be read, then the request is still recorded in the shop, without WhatsApp', async () => {
    const requests = stubFetch((url, request) => {
      if (url.pathname === '/api/shop') {
        return json({ message: 'Recurso não encontrado.' }, { status: 404 });
      }
      return url.pathname === '/api/custom-orders'
        ? recorded(url, request)
        : json({ status: 'ok' });
    });
    const open = vi.spyOn(window, 'open').mockReturnValue(window);
    const { user } = renderWithProviders(<CustomOrderPage contact={null} />, {
      route: '/encomendas',
    });
    await dismissLeadTimeNotice(user);
    await fill(user);

    await user.click(submitButton());

    const popup = await screen.findByRole('dialog', { name: 'Encomenda enviada com sucesso!' });
    expect(popup.textContent).toContain(
      'Recebemos os detalhes da sua encomenda. Responderemos em breve!',
    );
    expect(within(popup).queryByRole('link')).toBeNull();
    expect(open).not.toHaveBeenCalled();
    expect(
      requests.filter((request) => new URL(request.url).pathname === '/api/custom-orders'),
    ).toHaveLength(1);
  });

  it('given a valid form, then it is recorded in the shop (POST /api/custom-orders with the form’s fields) before WhatsApp opens', async () => {
    const { user, open, posted } = renderPage();
    await dismissLeadTimeNotice(user);
    await fill(user);
    const dataEvento = addDays(today(), 10);

    await user.click(submitButton());

    await screen.findByRole('dialog', { name: 'Encomenda enviada com sucesso!' });
    expect(posted()).toHaveLength(1);
    expect(JSON.parse(await (posted()[0]?.clone().text() ?? ''))).toEqual({
      nome: 'Maria da Silva',
      email: 'maria@example.com',
      telefone: '(11) 98765-4321',
      dataEvento,
      descricao: 'Festa de 50 pessoas',
    });
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('given a signed-in customer, then her name, e-mail and phone fill the form, and stay after sending', async () => {
    const { user } = renderPage({
      contact: { name: 'Ana Souza', email: 'ana@example.com', phone: '11912345678' },
    });
    await dismissLeadTimeNotice(user);

    expect(screen.getByRole('textbox', { name: 'Nome' })).toHaveProperty('value', 'Ana Souza');
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveProperty(
      'value',
      'ana@example.com',
    );
    expect(screen.getByRole('textbox', { name: 'Telefone' })).toHaveProperty(
      'value',
      '(11) 91234-5678',
    );

    fireEvent.change(screen.getByLabelText('Data do evento'), {
      target: { value: addDays(today(), 10) },
    });
    await user.type(screen.getByRole('textbox', { name: 'Descrição' }), 'Festa de 50 pessoas');
    await user.click(submitButton());

    await screen.findByRole('dialog', { name: 'Encomenda enviada com sucesso!' });
    expect(screen.getByRole('textbox', { name: 'Nome' })).toHaveProperty('value', 'Ana Souza');
    expect(screen.getByRole('textbox', { name: 'Descrição' })).toHaveProperty('value', '');
  });

  it('given the shop cannot record it, then no success popup, a pt-BR error with the WhatsApp link still offered, and the form kept', async () => {
    const { user, open } = renderPage({
      customOrders: () => json({ message: 'Serviço indisponível.' }, { status: 503 }),
    });
    await dismissLeadTimeNotice(user);
    await fill(user);

    await user.click(submitButton());

    const dialog = await screen.findByRole('dialog', {
      name: 'Não foi possível registrar sua encomenda',
    });
    expect(dialog.textContent).toContain('Serviço indisponível.');
    expect(dialog.textContent).toContain('Envie pelo WhatsApp para não perdê-la');
    const link = within(dialog).getByRole('link', { name: 'Enviar pelo WhatsApp' });
    expect(link.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/5511987654321\?text=/);
    expect(decodeURIComponent(link.getAttribute('href') ?? '')).toContain(
      'Descrição: Festa de 50 pessoas',
    );
    expect(screen.queryByRole('dialog', { name: 'Encomenda enviada com sucesso!' })).toBeNull();
    expect(open).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'Descrição' })).toHaveProperty(
      'value',
      'Festa de 50 pessoas',
    );
  });

  it('given no connection, then the same error with the WhatsApp link', async () => {
    const { user } = renderPage({
      customOrders: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await dismissLeadTimeNotice(user);
    await fill(user);

    await user.click(submitButton());

    const dialog = await screen.findByRole('dialog', {
      name: 'Não foi possível registrar sua encomenda',
    });
    expect(within(dialog).getByRole('link', { name: 'Enviar pelo WhatsApp' })).toBeTruthy();
  });

  it('given the server refuses a field, then its message in the alert and under the field, and no WhatsApp', async () => {
    const message = 'A data do evento deve ser no futuro.';
    const { user, open } = renderPage({
      customOrders: () =>
        json({ message, code: 'validation', fields: { dataEvento: message } }, { status: 400 }),
    });
    await dismissLeadTimeNotice(user);
    await fill(user);

    await user.click(submitButton());

    expect((await screen.findByRole('dialog', { name: 'Atenção' })).textContent).toContain(message);
    expect(open).not.toHaveBeenCalled();
  });
});
