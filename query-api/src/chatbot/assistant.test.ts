import { describe, expect, it } from 'vitest';
import { chatbotMessages, STATIC_MENU } from '@quitute/contracts';
import {
  asksForOrderStatus,
  chatbotReply,
  type ChatbotFacts,
  type CustomerFact,
  type LastOrderFact,
} from './assistant';

const menu = STATIC_MENU.map(({ name, priceCents, category, itens }) => ({
  name,
  priceCents,
  category,
  itens,
}));
const visitor: CustomerFact = { signedIn: false };
const facts = (overrides: Partial<ChatbotFacts> = {}): ChatbotFacts => ({
  menu,
  openingHours: 'segunda a sábado, das 9h às 18h',
  customer: visitor,
  ...overrides,
});
const reply = (message: string, overrides: Partial<ChatbotFacts> = {}) =>
  chatbotReply(message, facts(overrides));

const lastOrder: LastOrderFact = {
  orderNumber: 1042,
  orderStatus: 'processing',
  paymentStatus: 'approved',
  // 01:30 UTC is still the 21st in São Paulo.
  createdAt: '2026-11-22T01:30:00.000Z',
  deliveryType: 'pickup',
  deliveryDate: '2026-11-25T14:30:00-03:00',
};

describe('chatbot assistant: prices from the menu', () => {
  it('given "quanto custa o brigadeiro?", then the brigadeiro’s real price and no other brigadeiro', () => {
    const answer = reply('quanto custa o brigadeiro?');

    expect(answer).toContain('Brigadeiro (Doces Tradicionais): R$ 0,70 a unidade.');
    expect(answer).not.toContain('Pistache');
  });

  it('given the price in the menu read model changed, then the answer says the new price', () => {
    const dearer = menu.map((product) =>
      product.name === 'Brigadeiro' ? { ...product, priceCents: 95 } : product,
    );

    expect(reply('Quanto custa o brigadeiro?', { menu: dearer })).toContain('R$ 0,95');
  });

  it.each([
    ['QUANTO CUSTA O BRIGADEIRO DE PISTACHE', 'Brigadeiro de Pistache (Doces Finos): R$ 0,80'],
    ['qual o preço do pao de queijo', 'Pão de Queijo (Salgados Assados): R$ 1,00'],
    ['valor das coxinhas?', 'Coxinha de Frango (Salgados Fritos): R$ 0,60'],
    [
      'quanto é o kit festa 2?',
      'Kit Festa 2: R$ 260,00 (100 doces, 100 salgados, 1 bolo de 30 fatias).',
    ],
    ['trufa de maracujá', 'Trufa de Maracujá (Doces Finos): R$ 0,80'],
  ])('given %j, then %j', (message, expected) => {
    expect(reply(message)).toContain(expected);
  });

  it('given a price asked by a word several products share, then each of them', () => {
    const answer = reply('quanto custa o queijo?');

    for (const name of [
      'Bolinha de Queijo',
      'Risole de Presunto e Queijo',
      'Pastel de Queijo',
      'Pão de Queijo',
    ]) {
      expect(answer).toContain(name);
    }
  });

  it('given a product that left the menu, then it is not priced', () => {
    const withoutKibe = menu.filter((product) => product.name !== 'Kibe');

    expect(reply('quanto custa o kibe?', { menu: withoutKibe })).not.toContain('Kibe');
  });

  it('given a category, then its products with prices', () => {
    const answer = reply('quais doces finos vocês têm?');

    expect(answer).toContain('Doces Finos: Camafeu de Nozes R$ 0,80');
    expect(answer).not.toContain('Doces Tradicionais');
  });

  it('given the menu asked for, then its categories with their item counts', () => {
    expect(reply('O que tem no cardápio?')).toContain(
      'Salgados Fritos (7), Salgados Assados (5), Doces Tradicionais (5), Doces Finos (4), Kits Festa (3)',
    );
  });
});

describe('chatbot assistant: the shop’s rules', () => {
  it('given "qual o pedido mínimo?", then 20 unidades', () => {
    expect(reply('qual o pedido mínimo?')).toBe(
      'O pedido mínimo é de 20 unidades por item do cardápio. Os kits festa são vendidos por unidade.',
    );
  });

  it.each([
    'Com quanto tempo de antecedência devo pedir?',
    'qual o prazo?',
    'Quero fazer uma encomenda para festa',
  ])('given %j, then the two-day lead time and 3 to 5 days for custom orders', (message) => {
    const answer = reply(message);
    expect(answer).toContain('pelo menos 2 dias de antecedência');
    expect(answer).toContain('de 3 a 5 dias');
  });

  it.each(['Quais as formas de pagamento?', 'aceitam PIX?', 'posso pagar no cartão de débito'])(
    'given %j, then Pix, boleto, credit and debit',
    (message) => {
      expect(reply(message)).toContain(
        'Aceitamos Pix, boleto, cartão de crédito e cartão de débito.',
      );
    },
  );

  it.each(['Vocês fazem entrega?', 'posso retirar na loja?'])(
    'given %j, then pickup or delivery',
    (message) => {
      expect(reply(message)).toContain('Retirada no Local ou Entrega');
    },
  );

  it('given the opening hours asked, then the configured hours', () => {
    expect(
      reply('Qual o horário de funcionamento?', { openingHours: 'todos os dias, das 8h às 20h.' }),
    ).toBe('Nosso horário de atendimento: todos os dias, das 8h às 20h.');
  });

  it('given two questions in one message, then both answers', () => {
    const answer = reply('Qual o pedido mínimo e as formas de pagamento?');

    expect(answer).toContain('20 unidades');
    expect(answer).toContain('Aceitamos Pix');
  });
});

describe('chatbot assistant: the customer’s own order', () => {
  it('given "status do meu pedido" from a visitor, then she is asked to log in', () => {
    expect(asksForOrderStatus('status do meu pedido')).toBe(true);
    expect(reply('status do meu pedido')).toContain('faça login');
  });

  it('given it from a signed-in customer, then her last order with its status, payment and date in the shop’s day', () => {
    expect(reply('Status do meu pedido', { customer: { signedIn: true, lastOrder } })).toBe(
      'Seu último pedido é o #1042, feito em 21/11/2026. Status: Em Preparação. Pagamento: Aprovado. Retirada no Local em 25/11/2026 às 14:30.',
    );
  });

  it('given a signed-in customer without orders, then she is told so', () => {
    expect(reply('cadê meu pedido?', { customer: { signedIn: true, lastOrder: null } })).toContain(
      'Você ainda não fez nenhum pedido.',
    );
  });

  it.each(['qual o pedido mínimo?', 'quanto custa o brigadeiro?', 'formas de pagamento'])(
    'given %j, then no order is looked up',
    (message) => {
      expect(asksForOrderStatus(message)).toBe(false);
    },
  );
});

describe('chatbot assistant: anything else', () => {
  it.each(['asdfgh', 'qual a capital da França?', '???'])(
    'given %j, then the spec’s "not understood" reply',
    (message) => {
      expect(reply(message)).toBe(chatbotMessages.notUnderstood);
    },
  );

  it('given a greeting, then what it can help with', () => {
    expect(reply('Olá, bom dia!')).toContain('Posso ajudar com preços do cardápio');
  });

  it('given a price asked without a product, then how to ask', () => {
    expect(reply('quanto custa?')).toContain('Me diga o nome do produto');
  });
});
