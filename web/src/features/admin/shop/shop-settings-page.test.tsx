import { moneyInputMessages, notificationMessages, shopMessages } from '@quitute/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../../testing/fetch-stub';
import { descriptionOf } from '../../../testing/forms';
import { PAGE_LOAD, renderApp } from '../../../testing/render';
import { admin, storageWithSession } from '../../../testing/session';
import { adminShopSettingsDto } from '../../../testing/shop-settings';
import { fakeAdminServer, type AdminServerOptions } from '../testing/admin-server';

async function openShopSettings(options: AdminServerOptions = {}) {
  const server = fakeAdminServer(options);
  const rendered = renderApp({ route: '/admin/loja', storage: storageWithSession(admin) });
  await screen.findByRole('heading', { name: 'Configurações da Loja', level: 1 }, PAGE_LOAD);
  const form = await screen.findByRole('form', { name: 'Configurações da Loja' }, PAGE_LOAD);
  return { ...rendered, server, form };
}

function input(scope: HTMLElement, label: string): HTMLInputElement {
  const element = within(scope).getByLabelText(label);
  if (!(element instanceof HTMLInputElement)) throw new Error(`${label} is not an input`);
  return element;
}

const zone = (index: number) => screen.getByRole('group', { name: `Zona ${index}` });

async function putBodies(server: ReturnType<typeof fakeAdminServer>): Promise<unknown[]> {
  return Promise.all(
    server.calls('/api/admin/shop', 'PUT').map((request) => request.clone().json()),
  );
}

describe('/admin/loja "Configurações da Loja" (issue 37)', () => {
  it('given the saved document, then every field shows it (phones and CEPs masked, money in reais) and when it last changed', async () => {
    const { form } = await openShopSettings();

    expect(input(form, 'Nome da loja').value).toBe('Quitute');
    expect(input(form, 'WhatsApp').value).toBe('(11) 98765-4321');
    expect(input(form, 'Telefone').value).toBe('(11) 98765-4321');
    expect(input(form, 'E-mail').value).toBe('contato@quitute.com.br');
    expect(input(form, 'CEP').value).toBe('05407-002');
    expect(input(form, 'Rua').value).toBe('Rua Cardeal Arcoverde');
    expect(input(form, 'UF').value).toBe('SP');
    expect(input(form, 'Latitude').value).toBe('-23.5614');
    expect(input(form, 'Longitude').value).toBe('-46.6829');
    expect(input(form, 'Instagram').value).toBe('https://www.instagram.com/quitute');
    // Issue 40: the hours are the kitchen calendar's, set on /admin/agenda.
    expect(within(form).queryByLabelText('Horário de funcionamento')).toBeNull();
    expect(within(form).getByRole('link', { name: 'Agenda e Produção' }).getAttribute('href')).toBe(
      '/admin/agenda',
    );
    expect(input(zone(1), 'Nome da zona').value).toBe('Todo o Brasil');
    expect(input(zone(1), 'CEP inicial').value).toBe('01000-000');
    expect(input(zone(1), 'CEP final').value).toBe('99999-999');
    expect(input(zone(1), 'Taxa (R$)').value).toBe('0,00');
    expect(input(zone(1), 'Pedido mínimo (R$)').value).toBe('');
    expect(screen.getByText(/^Última alteração:/).textContent).toBe(
      'Última alteração: 20/11/2030 10:05',
    );
    expect(
      within(screen.getByRole('navigation', { name: 'Administração' }))
        .getByRole('link', { name: 'Configurações da Loja' })
        .getAttribute('aria-current'),
    ).toBe('page');
  });

  it('given a new WhatsApp and the Centro zone instead of the whole country, when saved, then the whole document goes in reais, the success message shows, and the site shows the new number at once', async () => {
    const { user, form, server, router } = await openShopSettings();

    await user.clear(input(form, 'WhatsApp'));
    await user.type(input(form, 'WhatsApp'), '21998765432');
    await user.click(screen.getByRole('button', { name: 'Remover Todo o Brasil' }));
    await user.click(screen.getByRole('button', { name: 'Adicionar zona' }));
    await user.type(input(zone(1), 'Nome da zona'), 'Centro');
    await user.type(input(zone(1), 'CEP inicial'), '01000000');
    await user.type(input(zone(1), 'CEP final'), '05999999');
    await user.type(input(zone(1), 'Taxa (R$)'), '15,00');
    await user.type(input(zone(1), 'Pedido mínimo (R$)'), '100');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    const dialog = await screen.findByRole('dialog', { name: 'Sucesso' });
    expect(dialog.textContent).toContain(shopMessages.saved);
    const [body] = await putBodies(server);
    expect(body).not.toHaveProperty('openingHoursText');
    expect(body).toMatchObject({
      name: 'Quitute',
      whatsapp: '(21) 99876-5432',
      address: { zipCode: '05407-002', streetName: 'Rua Cardeal Arcoverde' },
      location: { latitude: -23.5614, longitude: -46.6829 },
      deliveryZones: [
        {
          name: 'Centro',
          zipCodeFrom: '01000-000',
          zipCodeTo: '05999-999',
          fee: 15,
          minimumOrder: 100,
        },
      ],
    });
    expect(screen.getByText(/^Última alteração:/).textContent).toBe(
      'Última alteração: 21/11/2030 15:45',
    );
    expect(input(zone(1), 'Taxa (R$)').value).toBe('15,00');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));

    const shopReads = server.calls('/api/shop', 'GET').length;
    await act(() => router.navigate('/contato'));
    await screen.findByRole('heading', { name: 'Contato', level: 1 }, PAGE_LOAD);
    const whatsapp = within(screen.getByRole('main')).getByRole('link', { name: 'WhatsApp' });
    expect(whatsapp.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/5521998765432\?text=/);
    expect(server.calls('/api/shop', 'GET')).toHaveLength(shopReads);
  });

  it("given the server refuses fields (400), then each message under its field, the zone's under the zone's field, and what she typed stays", async () => {
    const { user, form, server } = await openShopSettings({
      handler: (url, request) =>
        url.pathname === '/api/admin/shop' && request.method === 'PUT'
          ? json(
              {
                message: shopMessages.whatsappInvalid,
                code: 'validation',
                fields: {
                  whatsapp: shopMessages.whatsappInvalid,
                  'deliveryZones.0.fee': shopMessages.zoneFeeInvalid,
                },
              },
              { status: 400 },
            )
          : undefined,
    });
    await user.clear(input(form, 'WhatsApp'));
    await user.type(input(form, 'WhatsApp'), '11912345678');

    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    await waitFor(() =>
      expect(descriptionOf(input(form, 'WhatsApp'))).toBe(shopMessages.whatsappInvalid),
    );
    expect(descriptionOf(input(zone(1), 'Taxa (R$)'))).toBe(shopMessages.zoneFeeInvalid);
    expect(document.activeElement).toBe(input(form, 'WhatsApp'));
    expect(input(form, 'WhatsApp').value).toBe('(11) 91234-5678');
    expect(screen.queryByRole('dialog', { name: 'Sucesso' })).toBeNull();
    expect(server.calls('/api/admin/shop', 'PUT')).toHaveLength(1);

    await user.type(input(form, 'WhatsApp'), '9');
    expect(descriptionOf(input(form, 'WhatsApp'))).toBe('');
  });

  it('given a malformed WhatsApp and two zones sharing a CEP, then the same rules as the server say so before anything is sent', async () => {
    const { user, form, server } = await openShopSettings();
    await user.clear(input(form, 'WhatsApp'));
    await user.type(input(form, 'WhatsApp'), '123');
    await user.click(screen.getByRole('button', { name: 'Adicionar zona' }));
    await user.type(input(zone(2), 'Nome da zona'), 'Centro');
    await user.type(input(zone(2), 'CEP inicial'), '01000000');
    await user.type(input(zone(2), 'CEP final'), '05999999');
    await user.type(input(zone(2), 'Taxa (R$)'), 'quinze');

    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    expect(descriptionOf(input(form, 'WhatsApp'))).toBe(shopMessages.whatsappInvalid);
    // Money typed the Brazilian way (issue 38): the reason beside the field as soon as it is typed.
    expect(descriptionOf(input(zone(2), 'Taxa (R$)'))).toBe(moneyInputMessages.invalid);
    expect(input(zone(2), 'Taxa (R$)').value).toBe('quinze');
    expect(server.calls('/api/admin/shop', 'PUT')).toHaveLength(0);

    await user.clear(input(form, 'WhatsApp'));
    await user.type(input(form, 'WhatsApp'), '11987654321');
    await user.clear(input(zone(2), 'Taxa (R$)'));
    await user.type(input(zone(2), 'Taxa (R$)'), '15');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    await waitFor(() =>
      expect(
        within(form)
          .getAllByRole('alert')
          .map((alert) => alert.textContent),
      ).toEqual(['As zonas "Todo o Brasil" e "Centro" têm CEPs em comum.']),
    );
    expect(server.calls('/api/admin/shop', 'PUT')).toHaveLength(0);
  });

  it("given the shop's CEP typed, when leaving the field, then street, neighbourhood, city and UF come from the CEP lookup", async () => {
    const { user, form } = await openShopSettings({
      handler: (url) =>
        url.pathname === '/api/cep/20040020'
          ? json({
              zipCode: '20040020',
              streetName: 'Avenida Rio Branco',
              streetNumber: '',
              neighborhood: 'Centro',
              city: 'Rio de Janeiro',
              federalUnit: 'RJ',
            })
          : undefined,
    });
    await user.clear(input(form, 'CEP'));
    await user.type(input(form, 'CEP'), '20040020');

    await user.tab();

    await waitFor(() => expect(input(form, 'Rua').value).toBe('Avenida Rio Branco'));
    expect(input(form, 'CEP').value).toBe('20040-020');
    expect(input(form, 'Bairro').value).toBe('Centro');
    expect(input(form, 'Cidade').value).toBe('Rio de Janeiro');
    expect(input(form, 'UF').value).toBe('RJ');
  });

  it("given the daily summary's hour saved as 19:30, when changed to 07:15 and saved, then the time field shows it and the PUT sends it", async () => {
    const { user, form, server } = await openShopSettings({
      shop: adminShopSettingsDto({ dailySummaryTime: '19:30' }),
    });
    const time = input(form, 'Horário do resumo diário');
    expect(time.type).toBe('time');
    expect(time.value).toBe('19:30');

    await user.clear(time);
    await user.type(time, '07:15');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    await screen.findByRole('dialog', { name: 'Sucesso' });
    const [body] = await putBodies(server);
    expect(body).toMatchObject({ dailySummaryTime: '07:15' });
    expect(server.state.shop.dailySummaryTime).toBe('07:15');
    expect(input(form, 'Horário do resumo diário').value).toBe('07:15');
  });

  it("given the server refuses the daily summary's hour (400), then its message under the field", async () => {
    const { user, form } = await openShopSettings({
      handler: (url, request) =>
        url.pathname === '/api/admin/shop' && request.method === 'PUT'
          ? json(
              {
                message: notificationMessages.dailySummaryTimeInvalid,
                code: 'validation',
                fields: { dailySummaryTime: notificationMessages.dailySummaryTimeInvalid },
              },
              { status: 400 },
            )
          : undefined,
    });

    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    await waitFor(() =>
      expect(descriptionOf(input(form, 'Horário do resumo diário'))).toContain(
        notificationMessages.dailySummaryTimeInvalid,
      ),
    );
    expect(document.activeElement).toBe(input(form, 'Horário do resumo diário'));
    expect(screen.queryByRole('dialog', { name: 'Sucesso' })).toBeNull();
  });

  it("given the daily summary's hour emptied, then the rules' message under it and nothing sent", async () => {
    const { user, form, server } = await openShopSettings();

    await user.clear(input(form, 'Horário do resumo diário'));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    expect(descriptionOf(input(form, 'Horário do resumo diário'))).toContain(
      notificationMessages.dailySummaryTimeInvalid,
    );
    expect(server.calls('/api/admin/shop', 'PUT')).toHaveLength(0);
  });
});
