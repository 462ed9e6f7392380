import { describe, expect, it } from 'vitest';
import {
  chatbotMessages,
  DEFAULT_KITCHEN_SCHEDULE,
  DEFAULT_SHOP_SETTINGS,
  scheduleHoursText,
  STATIC_MENU,
} from '@quitute/contracts';
import {
  asksForOrderStatus,
  chatbotReply,
  type CalendarFact,
  type ChatbotFacts,
  type CustomerFact,
  type LastOrderFact,
  type ShopFact,
} from './assistant';

const menu = STATIC_MENU.map(({ name, priceCents, category, itens }) => ({
  name,
  priceCents,
  category,
  itens,
}));
const visitor: CustomerFact = { signedIn: false };
/** The seeded settings: one free zone covering every CEP. */
const shop: ShopFact = structuredClone(DEFAULT_SHOP_SETTINGS);
/** The calendar before an admin saves one. */
const calendar: CalendarFact = {
  hoursText: scheduleHoursText(DEFAULT_KITCHEN_SCHEDULE),
  leadDays: DEFAULT_KITCHEN_SCHEDULE.leadDays,
};
const facts = (overrides: Partial<ChatbotFacts> = {}): ChatbotFacts => ({
  menu,
  shop,
  calendar,
  customer: visitor,
  ...overrides,
});
const answer = (message: string, overrides: Partial<ChatbotFacts> = {}) =>
  chatbotReply(message, facts(overrides));
const reply = (message: string, overrides: Partial<ChatbotFacts> = {}) =>
  answer(message, overrides).reply;

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

  it('given the seeded free zone, when delivery is asked, then no fee is mentioned and the pickup address is the settings’', () => {
    const answer = reply('Vocês fazem entrega?');

    expect(answer).not.toContain('taxa');
    expect(answer).toContain(
      'A retirada é em Rua Cardeal Arcoverde, 1200 – Pinheiros, São Paulo/SP, CEP 05407-002.',
    );
  });

  it('given a zone with a fee, when delivery is asked, then the fee depends on the CEP', () => {
    const centro = {
      name: 'Centro',
      zipCodeFrom: '01000000',
      zipCodeTo: '05999999',
      feeCents: 1500,
      minimumOrderCents: 10_000,
    };

    expect(
      reply('qual o valor do frete?', { shop: { ...shop, deliveryZones: [centro] } }),
    ).toContain('A taxa de entrega e o pedido mínimo dependem do CEP');
  });

  it.each(['Qual o WhatsApp de vocês?', 'como faço para entrar em contato?', 'tem telefone?'])(
    'given %j, then the WhatsApp, phone and e-mail of the settings, and the WhatsApp link',
    (message) => {
      const changed = { ...shop, whatsapp: '21998765432', phone: '1134567890' };

      expect(answer(message, { shop: changed })).toEqual({
        reply:
          'Fale conosco pelo WhatsApp (21) 99876-5432, pelo telefone (11) 3456-7890 ou pelo e-mail contato@quitute.com.br.',
        links: [{ target: 'whatsapp', label: 'Falar no WhatsApp' }],
      });
    },
  );

  it('given the WhatsApp and the phone are one number, then it is said once', () => {
    expect(reply('qual o telefone?')).toBe(
      'Fale conosco pelo WhatsApp (11) 98765-4321 ou pelo e-mail contato@quitute.com.br.',
    );
  });

  it.each(['Onde fica a loja?', 'qual o endereço?'])(
    'given %j, then the shop’s name and address from the settings',
    (message) => {
      const moved = {
        ...shop,
        name: 'Doceria Bela',
        address: {
          zipCode: '20040020',
          streetName: 'Avenida Rio Branco',
          streetNumber: '100',
          complement: 'loja 2',
          neighborhood: 'Centro',
          city: 'Rio de Janeiro',
          federalUnit: 'RJ',
        },
      };

      expect(reply(message, { shop: moved })).toBe(
        'Doceria Bela fica em Avenida Rio Branco, 100, loja 2 – Centro, Rio de Janeiro/RJ, CEP 20040-020.',
      );
    },
  );

  it('given no calendar saved, when the hours are asked, then the default calendar’s', () => {
    expect(reply('Qual o horário de funcionamento?')).toBe(
      'Nosso horário de atendimento: segunda a sábado, das 9h às 18h.',
    );
  });

  it('given the calendar’s hours, when the hours are asked, then those hours', () => {
    expect(
      reply('Qual o horário de funcionamento?', {
        calendar: { ...calendar, hoursText: 'retirada: sábado, das 8h às 12h; entregas: fechado' },
      }),
    ).toBe('Nosso horário de atendimento: retirada: sábado, das 8h às 12h; entregas: fechado.');
  });

  it('given the calendar’s lead time of 4 days, when asked how many days ahead, then 4 days', () => {
    const answer = reply('Com quantos dias de antecedência preciso pedir?', {
      calendar: { ...calendar, leadDays: 4 },
    });
    expect(answer).toContain('pelo menos 4 dias de antecedência');
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

describe('chatbot assistant: buying intents', () => {
  it('given "quero 100 coxinhas", then the price of 100 at the menu’s price, a link to the coxinha on the menu and one to the custom-order page', () => {
    const { reply: text, links } = answer('quero 100 coxinhas');

    expect(text).toContain('Coxinha de Frango: 100 unidades × R$ 0,60 = R$ 60,00.');
    expect(text).toContain('adicione ao carrinho no cardápio (a partir de 20 unidades por item');
    expect(links).toEqual([
      {
        target: 'menu',
        label: 'Ver Coxinha de Frango no cardápio',
        search: 'Coxinha de Frango',
      },
      { target: 'custom-order', label: 'Fazer uma encomenda' },
    ]);
  });

  it.each(['quero 100 coxinhas', 'Quero 100 Coxinhas', 'quero 100 cochinhas', 'QUERO 100 COXINHA'])(
    'given %j (case, plural and the ch/x misspelling aside), then the coxinha is priced',
    (message) => {
      expect(reply(message)).toContain('Coxinha de Frango: 100 unidades × R$ 0,60 = R$ 60,00.');
    },
  );

  it.each([
    ['quero cem coxinhas', '100 unidades', 'R$ 60,00'],
    ['cinquenta coxinhas, por favor', '50 unidades', 'R$ 30,00'],
    ['quero um cento de coxinhas', '100 unidades', 'R$ 60,00'],
    ['meio cento de coxinhas', '50 unidades', 'R$ 30,00'],
    ['cento e cinquenta coxinhas', '150 unidades', 'R$ 90,00'],
    ['duas dúzias de coxinhas', '24 unidades', 'R$ 14,40'],
    ['preciso de 1.000 coxinhas', '1.000 unidades', 'R$ 600,00'],
    ['quero 100 unidades de coxinha', '100 unidades', 'R$ 60,00'],
  ])('given %j, then %s priced at %s', (message, units, total) => {
    expect(reply(message)).toContain(`Coxinha de Frango: ${units} × R$ 0,60 = ${total}.`);
  });

  it('given the price in the menu read model changed, then the quantity is priced at the new price', () => {
    const dearer = menu.map((product) =>
      product.name === 'Coxinha de Frango' ? { ...product, priceCents: 75 } : product,
    );

    expect(reply('quero 100 coxinhas', { menu: dearer })).toContain(
      '100 unidades × R$ 0,75 = R$ 75,00',
    );
  });

  it('given fewer units than the minimum, then the minimum of 20 and its price', () => {
    expect(reply('quero 10 coxinhas')).toContain(
      'Coxinha de Frango: o pedido mínimo é de 20 unidades (20 × R$ 0,60 = R$ 12,00).',
    );
  });

  it('given a kit and a quantity, then kits are priced as asked, with no minimum', () => {
    const text = reply('quero 2 kits festa 1');

    expect(text).toContain('Kit Festa 1: 2 × R$ 145,00 = R$ 290,00');
    expect(text).not.toContain('Kit Festa 2');
    expect(text).not.toContain('pedido mínimo é de');
  });

  it('given several products with their quantities, then each line and the total', () => {
    const text = reply('quero 100 coxinhas e 50 brigadeiros de pistache');

    expect(text).toContain('Coxinha de Frango: 100 unidades × R$ 0,60 = R$ 60,00.');
    expect(text).toContain('Brigadeiro de Pistache: 50 unidades × R$ 0,80 = R$ 40,00.');
    expect(text).toContain('Total: R$ 100,00.');
    expect(text).not.toContain('Brigadeiro:');
  });

  it('given a product without a quantity, then its unit price and the minimum', () => {
    expect(reply('quero encomendar brigadeiros')).toContain(
      'Brigadeiro (Doces Tradicionais): R$ 0,70 a unidade. Pedido mínimo de 20 unidades por item.',
    );
  });

  it('given a category to buy, then its products and a link to that category on the menu', () => {
    const { reply: text, links } = answer('quero 200 doces finos');

    expect(text).toContain('Doces Finos: Camafeu de Nozes R$ 0,80');
    expect(links).toContainEqual({
      target: 'menu',
      label: 'Ver Doces Finos no cardápio',
      category: 'Doces Finos',
    });
  });

  it.each(['quero fazer uma encomenda', 'quanto fica um orçamento para a festa?'])(
    'given %j, then the lead times, the custom-order page and WhatsApp',
    (message) => {
      const { reply: text, links } = answer(message);

      expect(text).toContain('de 3 a 5 dias');
      expect(links).toEqual(
        expect.arrayContaining([
          { target: 'custom-order', label: 'Fazer uma encomenda' },
          { target: 'whatsapp', label: 'Falar no WhatsApp' },
        ]),
      );
    },
  );

  it('given a quantity without a product, then how to ask, the menu and the custom-order page', () => {
    const { reply: text, links } = answer('quero 100');

    expect(text).toContain('Me diga o nome do produto');
    expect(links.map((link) => link.target)).toEqual(['menu', 'custom-order']);
  });

  it('given a product no longer on the menu, then it is not offered', () => {
    const withoutKibe = menu.filter((product) => product.name !== 'Kibe');

    expect(reply('quero 100 kibes', { menu: withoutKibe })).not.toContain('Kibe');
  });

  it('given a message not understood, then the spec’s text and the menu, the custom-order page and WhatsApp', () => {
    expect(answer('asdfgh')).toEqual({
      reply: chatbotMessages.notUnderstood,
      links: [
        { target: 'menu', label: 'Ver o cardápio' },
        { target: 'custom-order', label: 'Fazer uma encomenda' },
        { target: 'whatsapp', label: 'Falar no WhatsApp' },
      ],
    });
  });
});
