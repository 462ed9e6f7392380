import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { deferredResponse, json, stubFetch, type FetchHandler } from '../../testing/fetch-stub';
import { PAGE_LOAD, renderWithProviders } from '../../testing/render';
import { shopSettingsAnswer } from '../../testing/shop-settings';
import { ChatWidget } from './chat-widget';

function Harness() {
  const [open, setOpen] = useState(false);
  return <ChatWidget open={open} onOpenChange={setOpen} />;
}

function renderChat(chatbot: FetchHandler = () => json({ reply: 'Olá!' })) {
  const requests = stubFetch(
    (url, request) =>
      shopSettingsAnswer(url) ??
      (url.pathname === '/api/chatbot' ? chatbot(url, request) : json({ status: 'ok' })),
  );
  const rendered = renderWithProviders(<Harness />);
  const chatPosts = () =>
    requests.filter((request) => new URL(request.url).pathname === '/api/chatbot');
  return { ...rendered, chatPosts };
}

const chatButton = () => screen.getByRole('button', { name: 'Chat com o assistente' });

async function openChat(user: ReturnType<typeof renderChat>['user']) {
  await user.click(chatButton());
  return screen.findByRole('dialog', { name: 'Assistente Quitute' }, PAGE_LOAD);
}

function messages(): string[] {
  return within(screen.getByRole('log', { name: 'Mensagens' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent ?? '');
}

describe('the chatbot (customer spec §2 "Chatbot window", §7, §8)', () => {
  it('given the floating button, when pressed, then the window opens with a greeting, focus in the message box, and the log announces politely', async () => {
    const { user } = renderChat();
    expect(chatButton().getAttribute('aria-expanded')).toBe('false');

    const window = await openChat(user);

    expect(chatButton().getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(within(window).getByRole('textbox', { name: 'Mensagem' }));
    expect(screen.getByRole('log').getAttribute('aria-live')).toBe('polite');
    expect(messages()).toHaveLength(1);
    expect(messages()[0]).toContain('Sou o assistente virtual da Quitute');
  });

  it('given empty or whitespace-only input, when sent by Enter or the button, then nothing is posted nor shown', async () => {
    const { user, chatPosts } = renderChat();
    await openChat(user);

    await user.keyboard('{Enter}');
    await user.type(screen.getByRole('textbox', { name: 'Mensagem' }), '   {Enter}');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));

    expect(chatPosts()).toHaveLength(0);
    expect(messages()).toHaveLength(1);
  });

  it('given a question, then it shows as the user’s, the box empties, the bot types meanwhile, and the reply follows', async () => {
    const pending = deferredResponse();
    const { user, chatPosts } = renderChat(() => pending.promise);
    await openChat(user);

    await user.type(
      screen.getByRole('textbox', { name: 'Mensagem' }),
      '  qual o pedido mínimo? {Enter}',
    );

    expect(messages()).toEqual([expect.any(String), 'Você: qual o pedido mínimo?']);
    expect(screen.getByText('Digitando...')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Mensagem' })).toHaveProperty('value', '');
    expect(screen.getByRole('button', { name: 'Enviar' })).toHaveProperty('disabled', true);
    expect(JSON.parse(await (chatPosts()[0]?.clone().text() ?? ''))).toEqual({
      message: 'qual o pedido mínimo?',
    });

    pending.release(json({ reply: 'O pedido mínimo é de 20 unidades por item.' }));

    await waitFor(() =>
      expect(messages().at(-1)).toBe('Assistente: O pedido mínimo é de 20 unidades por item.'),
    );
    expect(messages()).toHaveLength(3);
    expect(screen.queryByText('Digitando...')).toBeNull();
  });

  it('given links the window cannot read, then the reply without them', async () => {
    const { user } = renderChat(() =>
      json({
        reply: 'Coxinha de Frango: 100 unidades × R$ 0,60 = R$ 60,00.',
        links: [
          {
            target: 'menu',
            label: 'Ver Coxinha de Frango no cardápio',
            search: 'Coxinha de Frango',
          },
          { target: 'custom-order', label: 'Fazer uma encomenda' },
          { target: 'whatsapp', label: 'Falar no WhatsApp' },
          { target: 'elsewhere', label: 'Sair da loja' },
        ],
      }),
    );
    await openChat(user);

    await user.type(screen.getByRole('textbox', { name: 'Mensagem' }), 'quero 100 coxinhas{Enter}');

    const log = screen.getByRole('log', { name: 'Mensagens' });
    await within(log).findByText(/100 unidades × R\$ 0,60 = R\$ 60,00/);
    expect(within(log).queryAllByRole('link')).toHaveLength(0);
  });

  it('given a reply with well-formed links, then each leads where it says', async () => {
    const { user } = renderChat(() =>
      json({
        reply: 'Coxinha de Frango: 100 unidades × R$ 0,60 = R$ 60,00.',
        links: [
          {
            target: 'menu',
            label: 'Ver Coxinha de Frango no cardápio',
            search: 'Coxinha de Frango',
          },
          { target: 'menu', label: 'Ver Doces Finos no cardápio', category: 'Doces Finos' },
          { target: 'custom-order', label: 'Fazer uma encomenda' },
          { target: 'whatsapp', label: 'Falar no WhatsApp' },
        ],
      }),
    );
    await openChat(user);

    await user.type(screen.getByRole('textbox', { name: 'Mensagem' }), 'quero 100 coxinhas{Enter}');

    const log = screen.getByRole('log', { name: 'Mensagens' });
    const link = async (name: string) => within(log).findByRole('link', { name });
    expect((await link('Ver Coxinha de Frango no cardápio')).getAttribute('href')).toBe(
      '/cardapio?busca=Coxinha+de+Frango',
    );
    expect((await link('Ver Doces Finos no cardápio')).getAttribute('href')).toBe(
      '/cardapio?categoria=Doces+Finos',
    );
    expect((await link('Fazer uma encomenda')).getAttribute('href')).toBe('/encomendas');
    const whatsapp = await link('Falar no WhatsApp');
    expect(whatsapp.getAttribute('href')).toBe('https://wa.me/5511987654321');
    expect(whatsapp.getAttribute('target')).toBe('_blank');
  });

  it("given an answer without a reply, then 'Desculpe, não entendi. Tente novamente!'", async () => {
    const { user } = renderChat(() => json({}));
    await openChat(user);

    await user.type(screen.getByRole('textbox', { name: 'Mensagem' }), 'oi{Enter}');

    await waitFor(() =>
      expect(messages().at(-1)).toBe('Assistente: Desculpe, não entendi. Tente novamente!'),
    );
  });

  it("given the server fails, then the spec's chat error text; given it says why, then that", async () => {
    let answer = json({}, { status: 502 });
    const { user } = renderChat(() => answer);
    await openChat(user);
    const box = screen.getByRole('textbox', { name: 'Mensagem' });

    await user.type(box, 'oi{Enter}');
    await waitFor(() =>
      expect(messages().at(-1)).toBe(
        'Assistente: Desculpe, houve um erro ao processar sua mensagem. Tente novamente ou entre em contato pelo WhatsApp.',
      ),
    );

    answer = json(
      { message: 'Muitas mensagens em pouco tempo. Aguarde um instante e tente novamente.' },
      { status: 429 },
    );
    await user.type(box, 'oi de novo{Enter}');
    await waitFor(() =>
      expect(messages().at(-1)).toBe(
        'Assistente: Muitas mensagens em pouco tempo. Aguarde um instante e tente novamente.',
      ),
    );
  });

  it('given the window is open, when Escape is pressed, then it closes, focus returns to the button, and reopening shows the same conversation', async () => {
    const { user } = renderChat();
    await openChat(user);
    await user.type(screen.getByRole('textbox', { name: 'Mensagem' }), 'oi{Enter}');
    await waitFor(() => expect(messages()).toHaveLength(3));

    await user.keyboard('{Escape}');

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(chatButton());
    await openChat(user);
    expect(messages()).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: 'Fechar chat' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(chatButton());
  });
});
