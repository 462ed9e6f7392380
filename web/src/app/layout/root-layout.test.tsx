import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { deferredResponse, json, stubFetch, stubShopApi } from '../../testing/fetch-stub';
import { PAGE_LOAD, renderApp } from '../../testing/render';
import { shopSettingsDto } from '../../testing/shop-settings';

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  fireEvent.scroll(window);
}

describe('the global layout (customer spec §2 "Global layout")', () => {
  it('given the footer, then the terms and privacy pages, the e-mail and the phone', async () => {
    stubShopApi([]);
    const { user } = renderApp({ route: '/sobre' });
    const footer = screen.getByRole('contentinfo');

    expect(
      (await within(footer).findByRole('link', { name: /contato@quitute\.com\.br/ })).getAttribute(
        'href',
      ),
    ).toBe('mailto:contato@quitute.com.br');
    expect(
      within(footer)
        .getByRole('link', { name: /\(11\) 98765-4321/ })
        .getAttribute('href'),
    ).toBe('tel:+5511987654321');

    await user.click(within(footer).getByRole('link', { name: 'Termos de Uso' }));
    expect(
      await screen.findByRole('heading', { name: 'Termos de Uso', level: 1 }, PAGE_LOAD),
    ).toBeTruthy();
    expect(document.title).toBe('Termos de Uso | Quitute');

    await user.click(within(footer).getByRole('link', { name: 'Política de Privacidade' }));
    const privacy = await screen.findByRole(
      'heading',
      { name: 'Política de Privacidade', level: 1 },
      PAGE_LOAD,
    );
    const page = privacy.closest('article');
    expect(page?.textContent).toContain('LGPD');
    expect(page?.textContent).toContain('contato@quitute.com.br');
    expect(page?.textContent).toContain('365 dias');
  });

  it("given the owner's settings (GET /api/shop), then the header, footer and social bar show her name, e-mail, phone, hours and links; a network without a link is left out", async () => {
    stubFetch((url) => {
      if (url.pathname === '/api/shop') {
        return json(
          shopSettingsDto({
            name: 'Doceria da Ana',
            email: 'ana@doceria.com.br',
            phone: '2134567890',
            whatsapp: '21998765432',
            social: { instagram: 'https://www.instagram.com/doceriadaana', facebook: '' },
            openingHoursText: 'terça a domingo, das 8h às 14h',
          }),
        );
      }
      return url.pathname === '/health'
        ? json({ status: 'ok' })
        : json({ message: 'Recurso não encontrado.' }, { status: 404 });
    });
    renderApp({ route: '/sobre' });
    const footer = screen.getByRole('contentinfo');

    expect(
      (await within(footer).findByRole('link', { name: /ana@doceria\.com\.br/ })).getAttribute(
        'href',
      ),
    ).toBe('mailto:ana@doceria.com.br');
    expect(within(footer).getByRole('link', { name: '(21) 3456-7890' }).getAttribute('href')).toBe(
      'tel:+552134567890',
    );
    expect(footer.textContent).toContain('Doceria da Ana. Todos os direitos reservados.');
    // The hours are the kitchen calendar's, in words (issue 40).
    expect(within(footer).getByText('Terça a domingo, das 8h às 14h.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Doceria da Ana' }).getAttribute('href')).toBe('/');
    const social = screen.getByRole('list', { name: 'Redes sociais' });
    expect(
      within(social)
        .getAllByRole('link')
        .map((link) => [link.getAttribute('aria-label'), link.getAttribute('href')]),
    ).toEqual([
      ['Instagram', 'https://www.instagram.com/doceriadaana'],
      ['WhatsApp', 'https://wa.me/5521998765432'],
    ]);
    await screen.findByRole('heading', { name: 'Nossa História' }, PAGE_LOAD);
    expect(document.title).toBe('Sobre | Doceria da Ana');
  });

  it('given the settings still loading, then no contact of the shop is shown (no stale value), only their places', async () => {
    const pending = deferredResponse();
    stubFetch((url) => (url.pathname === '/api/shop' ? pending.promise : json({ status: 'ok' })));
    renderApp({ route: '/sobre' });
    const footer = screen.getByRole('contentinfo');

    expect(within(footer).queryByRole('link', { name: /@/ })).toBeNull();
    expect(footer.textContent).not.toContain('Quitute');
    expect(screen.getByRole('link', { name: 'Página inicial' }).getAttribute('href')).toBe('/');

    pending.release(json(shopSettingsDto()));
    expect(await within(footer).findByRole('link', { name: /contato@quitute/ })).toBeTruthy();
  });

  it('given the settings cannot be read, then the page still works without them', async () => {
    stubFetch((url) =>
      url.pathname === '/api/shop'
        ? json({ message: 'Recurso não encontrado.' }, { status: 404 })
        : json({ status: 'ok' }),
    );
    const { user } = renderApp({ route: '/sobre' });
    await screen.findByRole('heading', { name: 'Nossa História' }, PAGE_LOAD);

    await user.click(
      within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Termos de Uso' }),
    );

    expect(
      await screen.findByRole('heading', { name: 'Termos de Uso', level: 1 }, PAGE_LOAD),
    ).toBeTruthy();
    expect(document.title).toBe('Termos de Uso');
  });

  it('given a path under /admin, then no social links bar; elsewhere, there is one', async () => {
    stubShopApi([]);
    const { unmount } = renderApp({ route: '/sobre' });
    expect(screen.getByRole('list', { name: 'Redes sociais' })).toBeTruthy();
    unmount();

    renderApp({ route: '/admin/reviews' });
    await screen.findByRole('main');
    expect(screen.queryByRole('list', { name: 'Redes sociais' })).toBeNull();
  });

  it('given the page is scrolled, then the scroll-to-top button shows only past 100 px, and takes the page back up', async () => {
    stubShopApi([]);
    renderApp({ route: '/sobre' });

    act(() => scrollTo(100));
    expect(screen.queryByRole('button', { name: 'Voltar ao topo' })).toBeNull();
    act(() => scrollTo(101));
    const button = screen.getByRole('button', { name: 'Voltar ao topo' });

    fireEvent.click(button);
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
    act(() => scrollTo(0));
  });

  it('given /sobre, then its chatbot button opens the chat window, beside its WhatsApp button', async () => {
    stubShopApi([]);
    const { user } = renderApp({ route: '/sobre' });
    const main = await screen.findByRole('main');
    await within(main).findByRole('heading', { name: 'Nossa História' }, PAGE_LOAD);
    expect(
      within(main)
        .getByRole('link', { name: /Fale conosco pelo WhatsApp/ })
        .getAttribute('href'),
    ).toMatch(/^https:\/\/wa\.me\/5511987654321\?text=/);

    await user.click(within(main).getByRole('button', { name: 'Conversar com o assistente' }));

    expect(
      await screen.findByRole('dialog', { name: 'Assistente Quitute' }, PAGE_LOAD),
    ).toBeTruthy();
  });

  it('given the chat is open, when /encomendas or /cardapio opens, then the lead-time popup does not; with the chat closed, it does', async () => {
    stubShopApi([]);
    const { user, router } = renderApp({ route: '/sobre' });
    await user.click(screen.getByRole('button', { name: 'Chat com o assistente' }));
    await screen.findByRole('dialog', { name: 'Assistente Quitute' }, PAGE_LOAD);

    await act(() => router.navigate('/encomendas'));
    await screen.findByRole('heading', { name: 'Encomendas', level: 1 }, PAGE_LOAD);
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(screen.queryByRole('dialog', { name: 'Prazos para Pedidos' })).toBeNull();

    await act(() => router.navigate('/cardapio'));
    await screen.findByRole('heading', { name: 'Cardápio', level: 1 }, PAGE_LOAD);
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(screen.queryByRole('dialog', { name: 'Prazos para Pedidos' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Fechar chat' }));
    await act(() => router.navigate('/encomendas'));
    expect(await screen.findByRole('dialog', { name: 'Prazos para Pedidos' })).toBeTruthy();
  });

  it('given a first visit, then the cookie banner shows after 1 s over any page', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    window.localStorage.removeItem('cookieConsent');
    stubShopApi([]);
    renderApp({ route: '/sobre' });

    expect(screen.queryByRole('region', { name: 'Aviso de cookies' })).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Aviso de cookies' })).toBeTruthy(),
    );
  });
});
