import { describe, expect, it } from 'vitest';
import {
  ORDER_CANCEL_REASONS,
  PAYMENT_METHODS,
  SMS_NOTIFICATION_KINDS,
  type NotificationKind,
} from '@quitute/contracts';
import { gsmSeptets, isGsmText, SMS_MAX_SEPTETS } from './gsm';
import { renderSms } from './sms';
import { deliveryOrderFacts, ORDER_ID, orderFacts, shopFacts } from './testing';
import type { CustomerMessage, ShopFacts } from './types';

/** One message of every customer kind. */
const messages: Record<CustomerMessage['kind'], CustomerMessage> = {
  email_confirmation: {
    kind: 'email_confirmation',
    name: 'Ana',
    confirmationLink: 'https://x.example/c',
  },
  order_received: { kind: 'order_received', order: orderFacts(), payment: { method: 'pix' } },
  payment_approved: { kind: 'payment_approved', order: deliveryOrderFacts() },
  order_processing: { kind: 'order_processing', order: orderFacts() },
  order_ready_for_pickup: { kind: 'order_ready_for_pickup', order: orderFacts() },
  order_in_transit: { kind: 'order_in_transit', order: deliveryOrderFacts() },
  order_delivered: { kind: 'order_delivered', order: orderFacts() },
  order_cancelled: { kind: 'order_cancelled', order: orderFacts(), reason: 'payment_expired' },
  order_refunded: {
    kind: 'order_refunded',
    order: orderFacts(),
    amountCents: 2_500,
    whole: false,
    note: 'Item em falta',
  },
  review_approved: {
    kind: 'review_approved',
    name: 'Ana',
    productName: 'Empada',
    rating: 5,
    comment: '',
  },
};

const smsKinds = Object.values(messages).filter((message) =>
  SMS_NOTIFICATION_KINDS.includes(message.kind),
);

function expectSendable(sms: string) {
  expect(sms.startsWith('Quitute: ')).toBe(true);
  expect(sms).toContain('#1042');
  expect(isGsmText(sms)).toBe(true);
  expect(sms.length).toBeLessThanOrEqual(SMS_MAX_SEPTETS);
  expect(gsmSeptets(sms)).toBeLessThanOrEqual(SMS_MAX_SEPTETS);
}

describe('renderSms', () => {
  it.each(smsKinds.map((message) => [message.kind, message] as const))(
    'given %s, then the shop’s name first, the order number, in GSM and at most two segments',
    (_kind, message) => {
      expectSendable(renderSms(message, shopFacts));
    },
  );

  it('given the order ready for pickup, then the shop’s address and hours', () => {
    expect(renderSms(messages.order_ready_for_pickup, shopFacts)).toBe(
      'Quitute: seu pedido #1042 esta pronto para retirada. Endereco: Rua Cardeal Arcoverde, 1200 - Pinheiros, Sao Paulo/SP, CEP 05407-002. Horario: segunda a sabado, das 9h às 18h.',
    );
  });

  it('given the payment approved, then the day and time and her order’s link', () => {
    expect(renderSms(messages.payment_approved, shopFacts)).toBe(
      `Quitute: pagamento do pedido #1042 aprovado! Ele ja esta na fila da nossa cozinha para sabado, 05/12/2026 às 08:00. Veja: https://quitute.example/my-orders/${ORDER_ID}`,
    );
  });

  it('given it left for delivery, then her address', () => {
    expect(renderSms(messages.order_in_transit, shopFacts)).toContain(
      'Endereco: Rua das Flores, 12, apto 3 - Centro, Campinas/SP, CEP 13010-000.',
    );
  });

  it.each(ORDER_CANCEL_REASONS)('given a cancellation for %s, then why', (reason) => {
    const sms = renderSms({ kind: 'order_cancelled', order: orderFacts(), reason }, shopFacts);
    expectSendable(sms);
    expect(sms).toMatch(/^Quitute: seu pedido #1042 foi cancelado\. \S/);
  });

  it('given the shop cancelled it, then she is told whom to ask', () => {
    expect(
      renderSms({ kind: 'order_cancelled', order: orderFacts(), reason: null }, shopFacts),
    ).toBe(
      'Quitute: seu pedido #1042 foi cancelado. Fale com a gente se tiver alguma duvida. Se voce chegou a pagar, o valor sera devolvido.',
    );
  });

  it.each(PAYMENT_METHODS)(
    'given a refund of a %s payment, then the amount and how it comes back',
    (method) => {
      const sms = renderSms(
        {
          kind: 'order_refunded',
          order: orderFacts({ paymentMethod: method }),
          amountCents: 15_000,
          whole: true,
        },
        shopFacts,
      );
      expectSendable(sms);
      expect(sms).toMatch(
        /^Quitute: devolvemos R\$ 150,00 do pedido #1042 \(todo o valor pago\)\. \S/,
      );
    },
  );

  it('given a long shop name, address, hours and note, then what must be said stays whole and what does not fit is left out', () => {
    const longShop: ShopFacts = {
      ...shopFacts,
      settings: {
        ...shopFacts.settings,
        name: 'Quitute Doces e Salgados Artesanais para Festas e Eventos da Família Souza Ltda',
        address: {
          ...shopFacts.settings.address,
          streetName: 'Avenida Engenheiro Luís Carlos Berrini',
          complement: 'Bloco B, Conjunto 1234',
        },
      },
      hoursText:
        'segunda a sexta, das 7h às 12h e das 13h às 19h30; sábado, das 8h às 14h; domingo, das 8h às 12h',
    };
    const ready = renderSms(messages.order_ready_for_pickup, longShop);
    expect(ready).toMatch(
      /^Quitute Doces e Salgados Artesanais para Festas e Eventos da Familia Souza Ltda: seu pedido #1042 esta pronto para retirada\. /,
    );
    expect(gsmSeptets(ready)).toBeLessThanOrEqual(SMS_MAX_SEPTETS);
    expect(ready).toContain(
      'Endereco: Avenida Engenheiro Luis Carlos Berrini, 1200, Bloco B, Conjunto 1234 - Pinheiros, Sao Paulo/SP, CEP 05407-002.',
    );
    expect(ready).not.toContain('Horario');

    const refund = renderSms(
      { ...messages.order_refunded, note: 'x'.repeat(400) } as CustomerMessage,
      longShop,
    );
    expect(refund).not.toContain('Motivo');
    expect(refund).toContain('#1042');
    expect(refund.endsWith('O valor volta para a conta de onde saiu o Pix.')).toBe(true);
    expect(gsmSeptets(refund)).toBeLessThanOrEqual(SMS_MAX_SEPTETS);
  });

  it('given a shop name longer than two segments, then the text is cut, marked, and still two segments', () => {
    const sms = renderSms(messages.order_cancelled, {
      ...shopFacts,
      settings: { ...shopFacts.settings, name: 'Q'.repeat(400) },
    });
    expect(gsmSeptets(sms)).toBe(SMS_MAX_SEPTETS);
    expect(sms.endsWith('...')).toBe(true);
  });

  it('given a kind that is e-mail only, then no SMS is written for it', () => {
    const emailOnly = Object.values(messages).filter(
      (message) => !SMS_NOTIFICATION_KINDS.includes(message.kind),
    );
    expect(emailOnly.map((message) => message.kind).sort()).toEqual(
      (
        [
          'email_confirmation',
          'order_delivered',
          'order_processing',
          'order_received',
          'review_approved',
        ] satisfies NotificationKind[]
      ).sort(),
    );
    for (const message of emailOnly) {
      expect(() => renderSms(message, shopFacts)).toThrow(
        `No SMS is written for notifications of kind ${message.kind}`,
      );
    }
  });
});
