import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ShopSettingsDto } from '@quitute/contracts';
import { json, stubFetch, stubShopApi } from '../../testing/fetch-stub';
import { PAGE_LOAD, renderApp } from '../../testing/render';
import { shopSettingsDto } from '../../testing/shop-settings';
import { contactMessage, openingHoursText } from './contact-message';

/** /contato once the shop's settings (the seeded ones, or `settings`) have arrived. */
async function openContact(settings?: ShopSettingsDto) {
  if (settings) {
    stubFetch((url) => (url.pathname === '/api/shop' ? json(settings) : json({ status: 'ok' })));
  } else {
    stubShopApi([]);
  }
  const open = vi.spyOn(window, 'open').mockReturnValue(window);
  const rendered = renderApp({ route: '/contato' });
  await screen.findByRole('heading', { name: 'Contato', level: 1 }, PAGE_LOAD);
  const main = screen.getByRole('main');
  await within(main).findByRole('link', { name: 'Ver mapa ampliado' });
  return { ...rendered, open, main };
}

describe('/contato (customer spec §2 "Contact page")', () => {
  it('given the form, then nome, email and mensagem are required and nothing opens while empty', async () => {
    const { user, open } = await openContact();
    const form = screen.getByRole('form', { name: 'Mensagem' });
    for (const name of ['Nome', 'E-mail', 'Mensagem']) {
      expect(within(form).getByRole('textbox', { name })).toHaveProperty('required', true);
    }

    await user.click(within(form).getByRole('button', { name: 'Enviar pelo WhatsApp' }));

    expect(open).not.toHaveBeenCalled();
  });

  it('given a filled form, then WhatsApp opens on the shop number with the composed message and the page says so', async () => {
    const { user, open } = await openContact();
    const form = screen.getByRole('form', { name: 'Mensagem' });
    await user.type(within(form).getByRole('textbox', { name: 'Nome' }), 'João');
    await user.type(within(form).getByRole('textbox', { name: 'E-mail' }), 'joao@example.com');
    await user.type(
      within(form).getByRole('textbox', { name: 'Mensagem' }),
      'Vocês entregam em Osasco?',
    );

    await user.click(within(form).getByRole('button', { name: 'Enviar pelo WhatsApp' }));

    const text = 'Olá! Meu nome é João (joao@example.com).\n\nVocês entregam em Osasco?';
    const url = `https://wa.me/5511987654321?text=${encodeURIComponent(text)}`;
    expect(open).toHaveBeenCalledWith(url, '_blank');
    expect((await within(form).findByRole('status')).textContent).toContain(
      'Abrimos o WhatsApp com a sua mensagem.',
    );
    expect(within(form).getByRole('link', { name: 'toque aqui' }).getAttribute('href')).toBe(url);
    expect(within(form).getByRole('textbox', { name: 'Nome' })).toHaveProperty('value', '');
  });

  it('given the other channels, then WhatsApp, the chatbot (which opens the chat window) and Instagram', async () => {
    const { user, main } = await openContact();

    expect(within(main).getByRole('link', { name: 'WhatsApp' }).getAttribute('href')).toMatch(
      /^https:\/\/wa\.me\/5511987654321\?text=/,
    );
    const instagram = within(main).getByRole('link', { name: 'Instagram' });
    expect(instagram.getAttribute('href')).toBe('https://www.instagram.com/quitute');
    expect(instagram.getAttribute('target')).toBe('_blank');

    await user.click(within(main).getByRole('button', { name: 'Conversar com o assistente' }));

    const chat = await screen.findByRole('dialog', { name: 'Assistente Quitute' }, PAGE_LOAD);
    expect(document.activeElement).toBe(within(chat).getByRole('textbox', { name: 'Mensagem' }));
  });

  it("given the map, then OpenStreetMap's embed of the shop's place in a titled frame, and no third-party script", async () => {
    await openContact();

    const map = screen.getByTitle('Mapa com a localização da Quitute');
    expect(map.tagName).toBe('IFRAME');
    const src = new URL(map.getAttribute('src') ?? '');
    expect(src.origin + src.pathname).toBe('https://www.openstreetmap.org/export/embed.html');
    expect(src.searchParams.get('marker')).toBe('-23.5614,-46.6829');
    expect(src.searchParams.get('bbox')?.split(',')).toHaveLength(4);
    expect(
      Array.from(document.querySelectorAll('script[src]')).filter((script) =>
        (script.getAttribute('src') ?? '').startsWith('http'),
      ),
    ).toEqual([]);
  });
});

describe('/contato: the shop’s settings (issue 37)', () => {
  it('given the owner’s settings, then the form and the WhatsApp button go to her number, and her phone, e-mail, hours, address and map are shown', async () => {
    const settings = shopSettingsDto({
      name: 'Doceria da Ana',
      whatsapp: '21998765432',
      phone: '2134567890',
      email: 'ana@doceria.com.br',
      address: {
        zipCode: '20040020',
        streetName: 'Avenida Rio Branco',
        streetNumber: '10',
        complement: 'Loja 2',
        neighborhood: 'Centro',
        city: 'Rio de Janeiro',
        federalUnit: 'RJ',
      },
      location: { latitude: -22.9035, longitude: -43.1779 },
      social: { instagram: '', facebook: 'https://www.facebook.com/doceriadaana' },
      openingHoursText: 'terça a domingo, das 10h às 19h',
    });
    const { user, open, main } = await openContact(settings);

    expect(within(main).getByRole('link', { name: 'WhatsApp' }).getAttribute('href')).toBe(
      `https://wa.me/5521998765432?text=${encodeURIComponent('Olá, Doceria da Ana! Gostaria de mais informações.')}`,
    );
    expect(
      within(main).getByRole('link', { name: 'WhatsApp (21) 99876-5432' }).getAttribute('href'),
    ).toBe('https://wa.me/5521998765432');
    expect(within(main).queryByRole('link', { name: 'Instagram' })).toBeNull();
    expect(within(main).getByRole('link', { name: '(21) 3456-7890' }).getAttribute('href')).toBe(
      'tel:+552134567890',
    );
    expect(within(main).getByRole('link', { name: 'ana@doceria.com.br' })).toBeTruthy();
    expect(main.textContent).toContain('Terça a domingo, das 10h às 19h.');
    expect(main.textContent).toContain(
      'Avenida Rio Branco, 10, Loja 2 – Centro, Rio de Janeiro – RJ',
    );
    const map = screen.getByTitle('Mapa com a localização da Doceria da Ana');
    expect(new URL(map.getAttribute('src') ?? '').searchParams.get('marker')).toBe(
      '-22.9035,-43.1779',
    );

    const form = screen.getByRole('form', { name: 'Mensagem' });
    await user.type(within(form).getByRole('textbox', { name: 'Nome' }), 'João');
    await user.type(within(form).getByRole('textbox', { name: 'E-mail' }), 'joao@example.com');
    await user.type(within(form).getByRole('textbox', { name: 'Mensagem' }), 'Oi');
    await user.click(within(form).getByRole('button', { name: 'Enviar pelo WhatsApp' }));
    expect(open).toHaveBeenCalledWith(
      expect.stringMatching(/^https:\/\/wa\.me\/5521998765432\?text=/),
      '_blank',
    );
  });
});

describe('contactMessage', () => {
  it('given the form, then the name, e-mail and message, trimmed', () => {
    expect(
      contactMessage({ nome: ' Ana ', email: 'ana@example.com ', mensagem: ' Oi!\nTudo bem? ' }),
    ).toBe('Olá! Meu nome é Ana (ana@example.com).\n\nOi!\nTudo bem?');
  });
});

describe('opening hours', () => {
  it('given the hours the chatbot tells, then the contact page shows the same, as a sentence', async () => {
    await openContact();
    expect(
      within(screen.getByRole('main')).getByText('Segunda a sábado, das 9h às 18h.'),
    ).toBeTruthy();
    expect(openingHoursText('todos os dias, das 8h às 20h')).toBe('Todos os dias, das 8h às 20h.');
    expect(openingHoursText(' Todos os dias, das 8h às 20h. ')).toBe(
      'Todos os dias, das 8h às 20h.',
    );
  });
});
