import { describe, expect, it } from 'vitest';
import {
  ORDER_CANCEL_REASONS,
  PAYMENT_METHODS,
  type OrderCancelReason,
  type PaymentMethod,
} from '@quitute/contracts';
import { customerEmail } from './customer-emails';
import { layoutMjml } from './layout';
import { compileMjml } from './mjml';
import { renderEmail } from './render-email';
import {
  deliveryAddress,
  deliveryOrderFacts,
  DIGITABLE_LINE,
  ORDER_ID,
  orderFacts,
  PIX_CODE,
  shopFacts,
} from './testing';
import type { EmailLinksFor, NotificationMessage, ShopFacts } from './types';

const UNSUBSCRIBE = 'https://quitute.example/descadastrar?token=abc.def';
const MY_ORDER = `https://quitute.example/my-orders/${ORDER_ID}`;

const render = (
  message: NotificationMessage,
  links: EmailLinksFor = {},
  shop: ShopFacts = shopFacts,
) => renderEmail(message, shop, links);

/** What every e-mail is, whatever it says. */
function expectShopLayout(html: string, text: string) {
  expect(html).toContain('<html lang="pt-BR"');
  expect(html).toContain('@media only screen and (min-width:480px)');
  expect(html).not.toMatch(/<img\b/i);
  expect(html).not.toMatch(/<script\b/i);
  expect(html).toContain('#fff8ee');
  expect(html).toContain('WhatsApp (11) 98765-4321 · contato@quitute.com.br');
  expect(text).toContain(
    'Quitute — Doces e Salgados para Festas\nWhatsApp (11) 98765-4321 · contato@quitute.com.br\nRua Cardeal Arcoverde, 1200 — Pinheiros, São Paulo/SP, CEP 05407-002',
  );
}

describe('renderEmail: the customer’s confirmation of her address', () => {
  const message: NotificationMessage = {
    kind: 'email_confirmation',
    name: 'Ana Souza',
    confirmationLink: 'https://quitute.example/confirmar-email?token=t.k&x=1',
  };

  it('given her name and the link, then the subject, a greeting, the button and the link as text, the 7 days and the stranger’s note', async () => {
    const email = await render(message);
    expect(email.subject).toBe('Confirme seu e-mail — Quitute');
    expect(email.text).toContain('Olá, Ana!');
    expect(email.text).toContain(
      'Confirmar e-mail: https://quitute.example/confirmar-email?token=t.k&x=1',
    );
    expect(email.text).toContain('O link vale por 7 dias.');
    expect(email.text).toContain('Se você não criou uma conta na Quitute, ignore este e-mail.');
    expect(email.html).toContain(
      'href="https://quitute.example/confirmar-email?token=t.k&amp;x=1"',
    );
    expect(email.html).toContain('Confirmar e-mail');
    expect(email.html).toContain(
      'Se o botão não funcionar, copie este link no seu navegador:<br /><span style="word-break:break-all;">https://quitute.example/confirmar-email?token=t.k&amp;x=1</span>',
    );
    expect(email.text.match(/confirmar-email/g)).toHaveLength(1);
    expect(email.html).toContain(
      'Confirme seu e-mail para receber as notificações dos seus pedidos.',
    );
    expectShopLayout(email.html, email.text);
  });

  it('given no unsubscribe link (it is essential), then no unsubscribe line in either part', async () => {
    const email = await render(message);
    expect(email.text).not.toContain('Descadastre-se');
    expect(email.html).not.toContain('Descadastre-se');
  });
});

describe('renderEmail: order received', () => {
  const pix = {
    kind: 'order_received',
    order: deliveryOrderFacts({ notes: 'Sem cebola, por favor & capricha' }),
    payment: { method: 'pix', pix: { qrCode: PIX_CODE, expiresAt: '2026-11-28T17:30:00Z' } },
  } as const satisfies NotificationMessage;

  it('given a Pix delivery, then the subject and every fact in the text: items, fee, total, when, where, notes, the code and its deadline', async () => {
    const email = await render(pix, { unsubscribe: UNSUBSCRIBE });
    expect(email.subject).toBe('Pedido recebido — #1042 — Quitute');
    expect(email.text).toContain('Recebemos seu pedido #1042');
    expect(email.text).toContain('Olá, Ana!');
    expect(email.text).toContain(
      [
        'Itens do pedido:',
        '50 × Coxinha de frango — R$ 75,00',
        '30 × Brigadeiro gourmet — R$ 75,00',
        'Taxa de entrega — R$ 12,00',
        'Total — R$ 162,00',
      ].join('\n'),
    );
    expect(email.text).toContain(
      [
        'Entrega: sábado, 05/12/2026 às 08:00',
        'Endereço de entrega: Rua das Flores, 12, apto 3 — Centro, Campinas/SP, CEP 13010-000',
        'Observações: Sem cebola, por favor & capricha',
      ].join('\n'),
    );
    expect(email.text).toContain('Pagamento: Pix');
    expect(email.text).toContain(`Pix Copia e Cola:\n${PIX_CODE}`);
    expect(email.text).toContain('Pague até 28/11/2026 às 14:30.');
    expect(email.text).toContain(`Ver meu pedido: ${MY_ORDER}`);
  });

  it('given a Pix delivery, then the HTML holds the same facts escaped, the code in a monospace box that wraps, and the order’s link', async () => {
    const { html, text } = await render(pix, { unsubscribe: UNSUBSCRIBE });
    for (const fact of [
      '50 × Coxinha de frango',
      'R$ 162,00',
      'Taxa de entrega',
      'sábado, 05/12/2026 às 08:00',
      'Rua das Flores, 12, apto 3 — Centro, Campinas/SP, CEP 13010-000',
      'Sem cebola, por favor &amp; capricha',
      'Pague até 28/11/2026 às 14:30.',
    ]) {
      expect(html).toContain(fact);
    }
    expect(html).toMatch(
      /<div style="font-family:ui-monospace[^"]*word-break:break-all;[^"]*">00020126580014br\.gov\.bcb\.pix[^<]*\*\*\*6304ABCD<\/div>/,
    );
    expect(html).toContain(`href="${MY_ORDER}"`);
    expect(html).toContain('Ver meu pedido');
    expect(html).toContain('Pedido #1042: R$ 162,00 para sábado, 05/12/2026 às 08:00.');
    expectShopLayout(html, text);
  });

  it('given a boleto for a pickup, then the boleto’s link, its digitable line in its groups and its due date; the shop’s address, not her billing one', async () => {
    const email = await render({
      kind: 'order_received',
      order: orderFacts({
        paymentMethod: 'boleto',
        address: { ...deliveryAddress, streetName: 'Rua do Boleto' },
      }),
      payment: {
        method: 'boleto',
        boleto: {
          url: 'https://pagamentos.example/boleto?id=9&v=1',
          digitableLine: DIGITABLE_LINE,
          expiresAt: '2026-12-01T02:59:59Z',
        },
      },
    });
    expect(email.text).toContain('Retirada no Local: sábado, 05/12/2026 às 08:00');
    expect(email.text).toContain(
      'Local de retirada: Rua Cardeal Arcoverde, 1200 — Pinheiros, São Paulo/SP, CEP 05407-002',
    );
    expect(email.text).not.toContain('Rua do Boleto');
    expect(email.text).toContain('Pagamento: Boleto');
    expect(email.text).toContain('Abrir boleto: https://pagamentos.example/boleto?id=9&v=1');
    expect(email.text).toContain(
      'Linha digitável:\n23793.38128 60007.827136 95000.063305 9 75520000015000',
    );
    expect(email.text).toContain('Vencimento: 30/11/2026');
    expect(email.html).toContain('href="https://pagamentos.example/boleto?id=9&amp;v=1"');
    expect(email.html).toContain('Abrir boleto');
    expect(email.html).toContain('23793.38128 60007.827136 95000.063305 9 75520000015000');
    expect(email.html).toContain('Vencimento:</strong> 30/11/2026');
  });

  it('given a boleto whose link is not a web address, then it is shown as text and never becomes a link', async () => {
    const { html } = await render({
      kind: 'order_received',
      order: orderFacts({ paymentMethod: 'boleto' }),
      payment: {
        method: 'boleto',
        boleto: { url: 'javascript:alert(1)', digitableLine: DIGITABLE_LINE },
      },
    });
    expect(html).not.toContain('href="javascript:');
    expect(html).toContain('Abrir boleto: javascript:alert(1)');
  });

  it.each(['credit_card', 'debit_card'] as const)(
    'given a %s payment, then the payment is being confirmed, with no code to copy',
    async (method) => {
      const email = await render({
        kind: 'order_received',
        order: orderFacts({ paymentMethod: method }),
        payment: { method },
      });
      expect(email.text).toContain(
        'Estamos confirmando o pagamento com o seu cartão. Avisaremos assim que ele for aprovado.',
      );
      expect(email.text).toContain(
        `Pagamento: ${method === 'credit_card' ? 'Cartão de Crédito' : 'Cartão de Débito'}`,
      );
      expect(email.text).not.toContain('Pix Copia e Cola');
      expect(email.html).toContain('Estamos confirmando o pagamento com o seu cartão.');
    },
  );

  it('given a Pix whose code is not known, then she is sent to her order’s page for it', async () => {
    const email = await render({
      kind: 'order_received',
      order: orderFacts(),
      payment: { method: 'pix' },
    });
    expect(email.text).toContain('O código Pix para pagar está na página do seu pedido.');
    expect(email.text).not.toContain('Pague até');
  });
});

describe('renderEmail: her order moves along', () => {
  it('given the payment approved, then the kitchen’s queue, the summary and the date', async () => {
    const email = await render({ kind: 'payment_approved', order: deliveryOrderFacts() });
    expect(email.subject).toBe('Pagamento aprovado — pedido #1042 — Quitute');
    expect(email.text).toContain(
      'Olá, Ana! O pagamento do seu pedido #1042 foi aprovado, e ele já está na fila da nossa cozinha.',
    );
    expect(email.text).toContain('Total — R$ 162,00');
    expect(email.text).toContain('Entrega: sábado, 05/12/2026 às 08:00');
    expect(email.html).toContain('Pagamento aprovado!');
    expect(email.html).toContain('R$ 162,00');
  });

  it('given it is being prepared, then it says so with the date', async () => {
    const email = await render({ kind: 'order_processing', order: orderFacts() });
    expect(email.subject).toBe('Pedido #1042 em preparação — Quitute');
    expect(email.text).toContain('Seu pedido #1042 está em preparação');
    expect(email.text).toContain('Retirada no Local: sábado, 05/12/2026 às 08:00');
    expect(email.html).toContain('Pedido #1042 em preparação');
  });

  it('given it is ready for pickup, then the shop’s address and hours', async () => {
    const email = await render({ kind: 'order_ready_for_pickup', order: orderFacts() });
    expect(email.subject).toBe('Pedido #1042 pronto para retirada — Quitute');
    expect(email.text).toContain(
      [
        'Onde retirar: Rua Cardeal Arcoverde, 1200 — Pinheiros, São Paulo/SP, CEP 05407-002',
        'Horário de atendimento: segunda a sábado, das 9h às 18h',
        'Retirada agendada: sábado, 05/12/2026 às 08:00',
      ].join('\n'),
    );
    expect(email.html).toContain('segunda a sábado, das 9h às 18h');
  });

  it('given it left for delivery, then her delivery address', async () => {
    const email = await render({ kind: 'order_in_transit', order: deliveryOrderFacts() });
    expect(email.subject).toBe('Pedido #1042 saiu para entrega — Quitute');
    expect(email.text).toContain(
      [
        'Endereço de entrega: Rua das Flores, 12, apto 3 — Centro, Campinas/SP, CEP 13010-000',
        'Entrega: sábado, 05/12/2026 às 08:00',
      ].join('\n'),
    );
    expect(email.html).toContain('Rua das Flores, 12, apto 3 — Centro, Campinas/SP, CEP 13010-000');
  });

  it('given it was delivered, then "Bom apetite!" and an invitation to review', async () => {
    const email = await render({ kind: 'order_delivered', order: orderFacts() });
    expect(email.subject).toBe('Pedido #1042 entregue — Quitute');
    expect(email.text).toContain('Bom apetite!');
    expect(email.text).toContain('Avaliar os produtos: https://quitute.example/avaliacoes');
    expect(email.html).toContain('href="https://quitute.example/avaliacoes"');
  });
});

describe('renderEmail: cancelled', () => {
  const why: Record<OrderCancelReason, string> = {
    payment_expired: 'O prazo para pagar terminou antes de recebermos o pagamento',
    payment_rejected: 'O pagamento foi recusado',
    payment_cancelled: 'O pagamento foi cancelado',
    payment_failed: 'Não conseguimos gerar o pagamento',
  };

  it.each(ORDER_CANCEL_REASONS)(
    'given %s, then why, and that a payment made comes back',
    async (reason) => {
      const email = await render({ kind: 'order_cancelled', order: orderFacts(), reason });
      expect(email.subject).toBe('Pedido #1042 cancelado — Quitute');
      expect(email.text).toContain(why[reason]);
      expect(email.text).toContain('Se você chegou a pagar, o valor será devolvido à parte');
      expect(email.html).toContain(why[reason]);
    },
  );

  it('given no reason (the shop cancelled it), then the shop says it had to, and how to reach it', async () => {
    const email = await render({ kind: 'order_cancelled', order: orderFacts(), reason: null });
    expect(email.text).toContain('A Quitute precisou cancelar o seu pedido.');
    expect(email.text).toContain('Se você chegou a pagar, o valor será devolvido à parte');
  });
});

describe('renderEmail: refunded', () => {
  const timing: Record<PaymentMethod, string> = {
    pix: 'o valor volta para a conta de onde saiu o pagamento',
    credit_card: 'o estorno pode levar até duas faturas',
    debit_card: 'o valor volta para a conta do cartão',
    boleto: 'o prazo depende do banco',
  };

  it.each(PAYMENT_METHODS)(
    'given a partial refund of a %s payment, then the amount, partial, the note and how long it takes',
    async (method) => {
      const email = await render({
        kind: 'order_refunded',
        order: orderFacts({ paymentMethod: method }),
        amountCents: 2_500,
        whole: false,
        note: 'Item em falta',
      });
      expect(email.subject).toBe('Reembolso do pedido #1042 — Quitute');
      expect(email.text).toContain('Devolvemos R$ 25,00 do seu pedido #1042.');
      expect(email.text).toContain('Valor devolvido: R$ 25,00 (reembolso parcial)');
      expect(email.text).toContain('Motivo: Item em falta');
      expect(email.text).toContain(timing[method]);
      expect(email.html).toContain(timing[method]);
    },
  );

  it('given the whole amount and no note, then "todo o valor pago" and no reason line', async () => {
    const email = await render({
      kind: 'order_refunded',
      order: orderFacts(),
      amountCents: 15_000,
      whole: true,
    });
    expect(email.text).toContain('Valor devolvido: R$ 150,00 (todo o valor pago)');
    expect(email.text).not.toContain('Motivo');
  });
});

describe('renderEmail: review approved', () => {
  it('given her review, then the product and its stars are public now', async () => {
    const email = await render({
      kind: 'review_approved',
      name: 'Ana Souza',
      productName: 'Brigadeiro gourmet',
      rating: 5,
      comment: 'Maravilhoso!',
    });
    expect(email.subject).toBe('Sua avaliação foi publicada — Quitute');
    expect(email.text).toContain(
      'Sua avaliação de Brigadeiro gourmet (5 estrelas) já está publicada.',
    );
    expect(email.text).toContain('“Maravilhoso!”');
    expect(email.html).toContain('Brigadeiro gourmet (5 estrelas)');
  });

  it('given one star, then "1 estrela"', async () => {
    const email = await render({
      kind: 'review_approved',
      name: 'Ana',
      productName: 'Empada',
      rating: 1,
      comment: '',
    });
    expect(email.text).toContain('Empada (1 estrela)');
  });
});

describe('renderEmail: the shop’s e-mails', () => {
  it('given a paid order, then number, customer, her account’s e-mail and phone, items, total, when, where, notes and the admin’s links', async () => {
    const email = await render({
      kind: 'shop_new_order',
      order: deliveryOrderFacts({ notes: 'Portão azul' }),
      customerEmail: 'ana@example.com',
      customerPhone: '11912345678',
    });
    expect(email.subject).toBe('Novo pedido pago — #1042');
    expect(email.text).toContain('Novo pedido pago: #1042');
    expect(email.text).toContain(
      [
        'Cliente: Ana Souza',
        'E-mail da conta: ana@example.com',
        'Telefone: (11) 91234-5678',
        'Pagamento: Pix (aprovado)',
      ].join('\n'),
    );
    expect(email.text).toContain('50 × Coxinha de frango — R$ 75,00');
    expect(email.text).toContain('Total — R$ 162,00');
    expect(email.text).toContain('Entrega: sábado, 05/12/2026 às 08:00');
    expect(email.text).toContain('Endereço de entrega: Rua das Flores, 12, apto 3');
    expect(email.text).toContain('Observações: Portão azul');
    expect(email.text).toContain(`Ver o pedido: https://quitute.example/admin/orders/${ORDER_ID}`);
    expect(email.text).toContain('Todos os pedidos: https://quitute.example/admin/orders');
    expect(email.html).toContain('href="https://quitute.example/admin/orders"');
    expect(email.html).toContain('ana@example.com');
    expectShopLayout(email.html, email.text);
  });

  it('given a paid order without a phone, then no phone line', async () => {
    const email = await render({
      kind: 'shop_new_order',
      order: orderFacts(),
      customerEmail: 'ana@example.com',
    });
    expect(email.text).not.toContain('Telefone:');
  });

  const orders = [
    {
      orderNumber: 1042,
      customerName: 'Ana Souza',
      deliveryType: 'pickup',
      deliveryDate: '2026-12-05T08:00:00-03:00',
      totalCents: 15_000,
      paid: true,
    },
    {
      orderNumber: 1043,
      customerName: 'Bia Lima',
      deliveryType: 'delivery',
      deliveryDate: '2026-12-05T10:30:00-03:00',
      totalCents: 4_990,
      paid: false,
    },
  ] as const;

  it('given the next day’s orders, then the totals per product, the orders by time with the unpaid marked, and the day’s sheet', async () => {
    const email = await render({
      kind: 'shop_daily_summary',
      date: '2026-12-05',
      totals: [
        { name: 'Coxinha de frango', quantity: 80 },
        { name: 'Brigadeiro gourmet', quantity: 30 },
      ],
      orders,
    });
    expect(email.subject).toBe('Produção de 05/12/2026');
    expect(email.text).toContain('Produção de sábado, 05/12/2026');
    expect(email.text).toContain('2 pedidos para 05/12/2026, 1 ainda não pago.');
    expect(email.text).toContain(
      ['O que produzir:', 'Coxinha de frango — 80', 'Brigadeiro gourmet — 30'].join('\n'),
    );
    expect(email.text).toContain(
      [
        'Pedidos por horário:',
        '08:00 · #1042 · Ana Souza · Retirada · R$ 150,00',
        '10:30 · #1043 · Bia Lima · Entrega · R$ 49,90 · NÃO PAGO',
      ].join('\n'),
    );
    expect(email.text).toContain(
      'Abrir a produção do dia: https://quitute.example/admin/producao?date=2026-12-05',
    );
    expect(email.html).toMatch(
      /R\$ 49,90<br \/><span style="[^"]*color:#b3261e;">NÃO PAGO<\/span><\/td>/,
    );
    expect(email.html).not.toMatch(/R\$ 150,00<br \/>/);
    expect(email.html).toContain('href="https://quitute.example/admin/producao?date=2026-12-05"');
    expect(email.html).toContain('Coxinha de frango</td>');
  });

  it('given no orders that day, then "Nenhum pedido para" the day', async () => {
    const email = await render({
      kind: 'shop_daily_summary',
      date: '2026-12-06',
      totals: [],
      orders: [],
    });
    expect(email.text).toContain('Nenhum pedido para 06/12/2026.');
    expect(email.text).not.toContain('O que produzir');
    expect(email.html).toContain('Nenhum pedido para 06/12/2026.');
  });
});

describe('renderEmail: unsubscribe and escaping', () => {
  it('given an unsubscribe link, then both parts end with it', async () => {
    const email = await render(
      { kind: 'order_processing', order: orderFacts() },
      { unsubscribe: UNSUBSCRIBE },
    );
    expect(email.text.trimEnd()).toMatch(
      /Não quer mais receber estes e-mails\? Descadastre-se: https:\/\/quitute\.example\/descadastrar\?token=abc\.def$/,
    );
    expect(email.html).toContain(
      'Não quer mais receber estes e-mails? <a href="https://quitute.example/descadastrar?token=abc.def"',
    );
    expect(email.html).toContain('>Descadastre-se</a>.');
  });

  it('given none, then neither part offers it', async () => {
    const email = await render({ kind: 'order_processing', order: orderFacts() });
    expect(email.text).not.toContain('Descadastre-se');
    expect(email.html).not.toContain('Descadastre-se');
  });

  it('given markup in her name, a product, her notes and the shop’s name, then the HTML shows it as text', async () => {
    const email = await render(
      {
        kind: 'shop_new_order',
        order: orderFacts({
          customerName: '<script>alert("x")</script>',
          items: [{ name: '<img src=x onerror=alert(1)>', quantity: 1, unitPriceCents: 100 }],
          notes: '</mj-text><mj-raw><script>alert(2)</script></mj-raw>',
        }),
        customerEmail: 'a"b@example.com',
      },
      {},
      { ...shopFacts, settings: { ...shopFacts.settings, name: 'Doces <b>&</b> Cia' } },
    );
    expect(email.html).not.toMatch(/<script/i);
    expect(email.html).not.toMatch(/<img/i);
    expect(email.html).not.toContain('<b>&');
    expect(email.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(email.html).toContain('1 × &lt;img src=x onerror=alert(1)&gt;');
    expect(email.html).toContain('&lt;/mj-text&gt;&lt;mj-raw&gt;');
    expect(email.html).toContain('Doces &lt;b&gt;&amp;&lt;/b&gt; Cia');
    expect(email.html).toContain('a&quot;b@example.com');
    expect(email.text).toContain('Cliente: <script>alert("x")</script>');
  });

  it('given two orders of the same shape, when the second is rendered from the shape the first compiled, then each holds its own values, as compiled afresh', async () => {
    const first: NotificationMessage = {
      kind: 'order_received',
      order: orderFacts({ customerName: 'Ana <b>Souza</b>', orderNumber: 1042 }),
      payment: { method: 'pix', pix: { qrCode: PIX_CODE } },
    };
    const second: NotificationMessage = {
      kind: 'order_received',
      order: orderFacts({ customerName: 'Bia & "Cia"', orderNumber: 1043, notes: 'QVALUE0QEND' }),
      payment: { method: 'pix', pix: { qrCode: PIX_CODE } },
    };

    for (const message of [first, second]) {
      const email = await render(message, { unsubscribe: UNSUBSCRIBE });
      if (message.kind !== 'order_received') throw new Error('unreachable');
      const facts = { subject: email.subject, shop: shopFacts, unsubscribe: UNSUBSCRIBE };
      const afresh = await compileMjml(layoutMjml(customerEmail(message, shopFacts), facts));
      expect(email.html).toBe(afresh);
    }
    const email = await render(second, { unsubscribe: UNSUBSCRIBE });
    expect(email.html).toContain('Olá, Bia!');
    expect(email.html).toContain('#1043');
    expect(email.html).not.toContain('Olá, Ana');
    // A value that looks like a token stays as she wrote it.
    expect(email.html).toContain('QVALUE0QEND');
  });

  it('given the same facts twice, then the same e-mail', async () => {
    const message: NotificationMessage = { kind: 'payment_approved', order: orderFacts() };
    expect(await render(message, { unsubscribe: UNSUBSCRIBE })).toEqual(
      await render(message, { unsubscribe: UNSUBSCRIBE }),
    );
  });
});
