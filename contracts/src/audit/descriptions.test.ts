import { describe, expect, it } from 'vitest';
import { ORDER_EVENT_TYPES } from '../ordering/events';
import { PAYMENT_EVENT_TYPES } from '../payments/events';
import { DEFAULT_KITCHEN_SCHEDULE } from '../schedule/constants';
import { KITCHEN_SCHEDULE_FIELDS } from '../schedule/events';
import { DEFAULT_SHOP_SETTINGS } from '../shop/constants';
import { SHOP_SETTINGS_FIELDS } from '../shop/events';
import { aPlacedOrder } from '../testing/placed-order';
import { INTERRUPTED_ATTEMPT_ERROR } from '../notifications/messages';
import type { NotificationEvent } from '../notifications/events';
import {
  describeEmailConfirmationEvent,
  describeEvent,
  describeKitchenDayEvent,
  describeNotificationEvent,
  describeScheduleEvent,
  describeShopSettingsEvent,
  KITCHEN_SCHEDULE_FIELD_LABELS,
  SHOP_SETTINGS_FIELD_LABELS,
  type AuditedEvent,
  type AuditedEventType,
  type EmailConfirmationEvent,
} from './descriptions';

const orderId = '5f0c8a3e-2b1d-4c7e-9a6f-1e2d3c4b5a69';
const paymentId = '9d8c7b6a-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const userId = '0b7c2f5e-1d2a-4c3b-9e8f-7a6b5c4d3e2f';
const refundId = '3c2b1a09-8f7e-4d6c-9b5a-4f3e2d1c0b9a';
const coxinha = '11111111-1111-4111-8111-111111111111';
const placed = aPlacedOrder({ orderId, paymentId });

/** One event of every type an order's history can hold: the type checker wants each one here. */
const samples: { [T in AuditedEventType]: AuditedEvent & { type: T } } = {
  OrderPlaced: { type: 'OrderPlaced', data: placed },
  OrderPaid: { type: 'OrderPaid', data: { orderId, paymentId, amountCents: 1200 } },
  OrderStatusChanged: {
    type: 'OrderStatusChanged',
    data: { orderId, from: 'pending', to: 'processing' },
  },
  OrderCancelled: { type: 'OrderCancelled', data: { orderId, reason: 'payment_expired' } },
  OrderDeleted: { type: 'OrderDeleted', data: { orderId } },
  PaymentRequested: {
    type: 'PaymentRequested',
    data: {
      paymentId,
      orderId,
      userId,
      method: 'credit_card',
      amountCents: 1200,
      provider: 'simulator',
      paymentMethodId: 'visa',
      installments: 3,
    },
  },
  PaymentPending: {
    type: 'PaymentPending',
    data: {
      paymentId,
      orderId,
      providerPaymentId: 'mp-1',
      statusDetail: 'pending_waiting_transfer',
      expiresAt: '2026-11-25T17:30:00.000Z',
    },
  },
  PaymentApproved: {
    type: 'PaymentApproved',
    data: { paymentId, orderId, providerPaymentId: 'mp-1', statusDetail: 'accredited' },
  },
  PaymentRejected: {
    type: 'PaymentRejected',
    data: { paymentId, orderId, statusDetail: 'cc_rejected_other_reason' },
  },
  PaymentInReview: {
    type: 'PaymentInReview',
    data: { paymentId, orderId, providerPaymentId: 'mp-1', statusDetail: 'pending_contingency' },
  },
  PaymentCancelled: {
    type: 'PaymentCancelled',
    data: { paymentId, orderId, statusDetail: 'expired', reason: 'expired' },
  },
  PaymentRefundRequested: {
    type: 'PaymentRefundRequested',
    data: { paymentId, orderId, providerPaymentId: 'mp-1', reason: 'approved_after_cancel' },
  },
  PaymentRefunded: {
    type: 'PaymentRefunded',
    data: {
      paymentId,
      orderId,
      providerPaymentId: 'mp-1',
      statusDetail: 'refunded',
      reason: 'approved_after_cancel',
    },
  },
  PaymentRefundCompleted: {
    type: 'PaymentRefundCompleted',
    data: {
      paymentId,
      orderId,
      providerPaymentId: 'mp-1',
      refundId,
      amountCents: 1_000,
      reason: 'admin',
      note: 'Item em falta',
      refundedAt: '2026-11-26T13:00:00.000Z',
    },
  },
  PaymentRefundFailed: {
    type: 'PaymentRefundFailed',
    data: { paymentId, orderId, refundId, amountCents: 1_000, detail: 'sem resposta do provedor' },
  },
  PaymentChargedBack: {
    type: 'PaymentChargedBack',
    data: { paymentId, orderId, providerPaymentId: 'mp-1', statusDetail: 'chargeback' },
  },
  SaleRecorded: {
    type: 'SaleRecorded',
    data: {
      saleId: orderId,
      source: 'online',
      amountCents: 1200,
      clientName: placed.customer.name,
      soldAt: '2026-11-25T17:30:00.000Z',
      orderId,
      orderNumber: 1001,
    },
  },
  OnlineSaleReversed: {
    type: 'OnlineSaleReversed',
    data: {
      saleId: orderId,
      orderId,
      reason: 'charged_back',
      soldAt: '2026-11-25T17:30:00.000Z',
      amountCents: 1200,
      items: [
        {
          productId: coxinha,
          name: 'Coxinha',
          quantity: 20,
          revenueCents: 1200,
        },
      ],
    },
  },
  OnlineSaleRefunded: {
    type: 'OnlineSaleRefunded',
    data: {
      saleId: orderId,
      orderId,
      orderNumber: 1001,
      refundId,
      reason: 'refunded',
      refundedAt: '2026-11-26T13:00:00.000Z',
      clientName: placed.customer.name,
      amountCents: 1_000,
      deliveryFeeCents: 0,
      items: [{ productId: coxinha, name: 'Coxinha', quantity: 0, revenueCents: 1_000 }],
      final: false,
    },
  },
};

const admin = { id: userId, role: 'admin' as const, name: 'Joana Admin' };
const system = { id: 'system', role: 'system' as const, name: null };

describe('describing an order history event', () => {
  it('given every order and payment event type of the contracts, and a sale recorded, reversed and refunded, then each has its own pt-BR description', () => {
    const types = [
      ...ORDER_EVENT_TYPES,
      ...PAYMENT_EVENT_TYPES,
      'SaleRecorded' as const,
      'OnlineSaleReversed' as const,
      'OnlineSaleRefunded' as const,
    ];
    const descriptions = types.map((type) => {
      const sample: AuditedEvent | undefined = Object.hasOwn(samples, type)
        ? samples[type]
        : undefined;
      expect(sample, `no description sample for ${type}`).toBeDefined();
      return sample ? describeEvent(sample, { actor: system, paymentMethod: 'pix' }) : '';
    });
    for (const description of descriptions) {
      expect(description).toMatch(/^[A-Z]\S* .+/);
      expect(description).not.toMatch(/undefined|null|\[object/);
    }
    expect(new Set(descriptions).size).toBe(types.length);
  });

  it('given an order placed, then it names the number, the customer, the quantity, the total and the method', () => {
    expect(describeEvent(samples.OrderPlaced, { actor: system, paymentMethod: 'pix' })).toBe(
      'Pedido #1001 feito por Maria da Silva (20 itens, R$ 12,00, Pix)',
    );
  });

  it('given a delivery with a fee (issue 37), then the total says the delivery fee inside it; none when there is no fee', () => {
    const delivery = {
      type: 'OrderPlaced' as const,
      data: {
        ...placed,
        totalCents: 2_700,
        deliveryFeeCents: 1_500,
        deliveryZone: 'Centro',
        deliveryType: 'delivery' as const,
      },
    };
    const free = { type: 'OrderPlaced' as const, data: { ...placed, deliveryFeeCents: 0 } };

    expect(describeEvent(delivery, { actor: system, paymentMethod: 'pix' })).toBe(
      'Pedido #1001 feito por Maria da Silva (20 itens, R$ 27,00 com taxa de entrega de R$ 15,00, Pix)',
    );
    expect(describeEvent(free, { actor: system, paymentMethod: 'pix' })).toBe(
      'Pedido #1001 feito por Maria da Silva (20 itens, R$ 12,00, Pix)',
    );
  });

  it('given an order paid while pending, then it went into preparation; paid after an admin moved it on, then it stayed there', () => {
    const context = { actor: system, paymentMethod: 'pix' as const };
    expect(describeEvent(samples.OrderPaid, { ...context, orderStatusBefore: 'pending' })).toBe(
      'Pedido pago (R$ 12,00): status Em Preparação',
    );
    expect(describeEvent(samples.OrderPaid, { ...context, orderStatusBefore: 'delivered' })).toBe(
      'Pedido pago (R$ 12,00): status mantido em Entregue',
    );
  });

  it('given an approved payment, then it says by which method', () => {
    expect(describeEvent(samples.PaymentApproved, { actor: system, paymentMethod: 'pix' })).toBe(
      'Pagamento aprovado via Pix',
    );
  });

  it('given an admin status change, then it names both statuses and the admin; without a name, the role', () => {
    expect(describeEvent(samples.OrderStatusChanged, { actor: admin, paymentMethod: null })).toBe(
      'Status alterado de Pendente para Em Preparação por Joana Admin',
    );
    expect(
      describeEvent(samples.OrderStatusChanged, {
        actor: { ...admin, name: null },
        paymentMethod: null,
      }),
    ).toBe('Status alterado de Pendente para Em Preparação por um administrador');
  });

  it('given a cancellation, a deletion and a pending Pix, then the reason, the admin and the deadline on the shop clock', () => {
    const context = { actor: admin, paymentMethod: 'pix' as const };
    expect(describeEvent(samples.OrderCancelled, context)).toBe(
      'Pedido cancelado: pagamento expirado',
    );
    expect(describeEvent(samples.OrderDeleted, context)).toBe(
      'Pedido excluído das listas por Joana Admin (os eventos continuam guardados)',
    );
    expect(describeEvent(samples.PaymentPending, context)).toBe(
      'Pagamento pendente via Pix, pode ser pago até 25/11/2026 às 14:30',
    );
    expect(describeEvent(samples.PaymentRequested, context)).toBe(
      'Pagamento de R$ 12,00 em 3x solicitado via Cartão de Crédito (simulador)',
    );
    const anotherCard = {
      type: 'PaymentRequested' as const,
      data: { ...samples.PaymentRequested.data, attempt: 2 },
    };
    expect(describeEvent(anotherCard, context)).toBe(
      'Pagamento de R$ 12,00 em 3x solicitado via Cartão de Crédito (simulador), outro cartão após a recusa (tentativa 2)',
    );
  });

  it('given an online sale reversed after a chargeback or a refund, then its amount and why it left the reports', () => {
    const context = { actor: system, paymentMethod: 'pix' as const };
    expect(describeEvent(samples.SaleRecorded, context)).toBe(
      'Venda online de R$ 12,00 registrada nos relatórios de vendas',
    );
    expect(describeEvent(samples.OnlineSaleReversed, context)).toBe(
      'Venda online de R$ 12,00 estornada dos relatórios de vendas: pagamento contestado (chargeback)',
    );
    const refunded = {
      ...samples.OnlineSaleReversed,
      data: { ...samples.OnlineSaleReversed.data, reason: 'refunded' as const },
    };
    expect(describeEvent(refunded, context)).toBe(
      'Venda online de R$ 12,00 estornada dos relatórios de vendas: pagamento reembolsado',
    );
  });
});

describe('describing the money of an order going back (issue 38)', () => {
  const context = { actor: admin, paymentMethod: 'pix' as const };
  const requested = (data: Partial<(AuditedEvent & { type: 'PaymentRefundRequested' })['data']>) =>
    describeEvent(
      {
        type: 'PaymentRefundRequested',
        data: { ...samples.PaymentRefundRequested.data, ...data },
      },
      context,
    );

  it('given an admin’s partial refund asked, completed and failed, then its amount, her note, done, and why it failed', () => {
    expect(
      requested({ refundId, amountCents: 1_000, reason: 'admin', note: 'Item em falta' }),
    ).toBe('Reembolso de R$ 10,00 solicitado: Item em falta');
    expect(describeEvent(samples.PaymentRefundCompleted, context)).toBe(
      'Reembolso de R$ 10,00 concluído',
    );
    expect(describeEvent(samples.PaymentRefundFailed, context)).toBe(
      'Reembolso de R$ 10,00 falhou: sem resposta do provedor',
    );
  });

  it('given a paid order cancelled by the admin, then the refund of the rest says why; one made at the provider says so', () => {
    expect(requested({ refundId, amountCents: 11_000, reason: 'order_cancelled' })).toBe(
      'Reembolso de R$ 110,00 solicitado: Pedido cancelado pela loja',
    );
    const atProvider = {
      type: 'PaymentRefundCompleted' as const,
      data: {
        ...samples.PaymentRefundCompleted.data,
        reason: 'provider' as const,
        note: undefined,
      },
    };
    expect(describeEvent(atProvider, context)).toBe(
      'Reembolso de R$ 10,00 concluído (Reembolso feito pelo sistema de pagamento)',
    );
  });

  it('given a request from before issue 38 (no amount), then the whole payment as before', () => {
    expect(describeEvent(samples.PaymentRefundRequested, context)).toBe(
      'Reembolso do pagamento via Pix solicitado ao provedor: aprovado depois do cancelamento do pedido',
    );
  });

  it('given a chargeback with its amount, then the amount; an older one without, as before', () => {
    const withAmount = {
      type: 'PaymentChargedBack' as const,
      data: { ...samples.PaymentChargedBack.data, amountCents: 11_000 },
    };
    expect(describeEvent(withAmount, context)).toBe('Pagamento contestado (chargeback): R$ 110,00');
    expect(describeEvent(samples.PaymentChargedBack, context)).toBe(
      'Pagamento via Pix estornado (chargeback)',
    );
  });

  it('given an online sale refunded in part, then its amount and the day the money moved; in full, that it no longer counts', () => {
    expect(describeEvent(samples.OnlineSaleRefunded, context)).toBe(
      'Venda online estornada: R$ 10,00 (pagamento reembolsado, em 26/11/2026)',
    );
    const whole = {
      type: 'OnlineSaleRefunded' as const,
      data: { ...samples.OnlineSaleRefunded.data, reason: 'charged_back' as const, final: true },
    };
    expect(describeEvent(whole, context)).toBe(
      'Venda online estornada: R$ 10,00 (pagamento contestado (chargeback), em 26/11/2026, devolvida por inteiro: deixa de contar como venda)',
    );
  });
});

describe('describing a change of the shop’s settings', () => {
  const settings = structuredClone(DEFAULT_SHOP_SETTINGS);

  it('given the first start’s seed, then the initial settings were recorded', () => {
    expect(describeShopSettingsEvent({ type: 'ShopSettingsSeeded', data: { settings } })).toBe(
      'Configurações iniciais da loja registradas',
    );
  });

  it('given an admin changed the WhatsApp number and the zones, then both named in pt-BR, in the page’s order', () => {
    expect(
      describeShopSettingsEvent({
        type: 'ShopSettingsChanged',
        data: { settings, changedFields: ['whatsapp', 'deliveryZones'] },
      }),
    ).toBe('Configurações da loja alteradas: WhatsApp, Zonas de entrega');
  });

  it('given every field of the settings, then each has its own pt-BR name', () => {
    const labels = SHOP_SETTINGS_FIELDS.map((field) => SHOP_SETTINGS_FIELD_LABELS[field]);
    expect(new Set(labels).size).toBe(SHOP_SETTINGS_FIELDS.length);
    expect(
      describeShopSettingsEvent({
        type: 'ShopSettingsChanged',
        data: { settings, changedFields: [...SHOP_SETTINGS_FIELDS] },
      }),
    ).toBe(
      'Configurações da loja alteradas: Nome da loja, WhatsApp, Telefone, E-mail, Endereço, Localização no mapa, Redes sociais, Horário de funcionamento, Zonas de entrega, Horário do resumo diário',
    );
  });
});

describe('describing the kitchen’s calendar and its days (issue 40)', () => {
  const schedule = structuredClone(DEFAULT_KITCHEN_SCHEDULE);

  it('given an admin changed the capacity and the closed dates, then both named in pt-BR, in the page’s order', () => {
    expect(
      describeScheduleEvent({
        type: 'KitchenScheduleChanged',
        data: { schedule, changedFields: ['dailyCapacityUnits', 'closedDates'] },
      }),
    ).toBe('Agenda da cozinha alterada: Capacidade diária, Datas de fechamento');
  });

  it('given every field of the calendar, then each has its own pt-BR name', () => {
    const labels = KITCHEN_SCHEDULE_FIELDS.map((field) => KITCHEN_SCHEDULE_FIELD_LABELS[field]);
    expect(new Set(labels).size).toBe(KITCHEN_SCHEDULE_FIELDS.length);
  });

  it('given an order took 100 of a day’s 1000 units, then the day, the units and the day’s total', () => {
    const reserved = {
      date: '2026-12-05',
      orderId: '9b2f4c1e-7a3d-4e5f-8a6b-1c2d3e4f5a6b',
      units: 100,
      checkoutAttempt: 'attempt-1',
      reservedUnits: 300,
    };
    expect(
      describeKitchenDayEvent({
        type: 'KitchenDayUnitsReserved',
        data: { ...reserved, capacityUnits: 1000 },
      }),
    ).toBe('Agenda de 05/12/2026: 100 unidades reservadas por um pedido (300 de 1000 no dia)');
    expect(
      describeKitchenDayEvent({
        type: 'KitchenDayUnitsReserved',
        data: { ...reserved, capacityUnits: null },
      }),
    ).toBe('Agenda de 05/12/2026: 100 unidades reservadas por um pedido (300 no dia, sem limite)');
  });

  it('given an order’s units given back when it was cancelled, then why, and what the day holds after', () => {
    expect(
      describeKitchenDayEvent({
        type: 'KitchenDayUnitsReleased',
        data: {
          date: '2026-12-05',
          orderId: '9b2f4c1e-7a3d-4e5f-8a6b-1c2d3e4f5a6b',
          units: 100,
          reason: 'order_cancelled',
          reservedUnits: 200,
        },
      }),
    ).toBe('Agenda de 05/12/2026: 100 unidades devolvidas (pedido cancelado; 200 no dia)');
  });
});

describe('describing notifications and the e-mail’s confirmation (issue 41)', () => {
  const notificationId = '3f2e1d0c-9b8a-4c7d-8e6f-5a4b3c2d1e0f';
  const email = { kind: 'order_received', channel: 'email' } as const;
  const samples: { [T in NotificationEvent['type']]: NotificationEvent & { type: T } } = {
    NotificationRequested: {
      type: 'NotificationRequested',
      data: {
        notificationId,
        ...email,
        sourceId: '00000000-0000-4000-8000-00000000abcd',
        sourceStream: `order-${orderId}`,
        sourceRevision: 0,
        userId,
        orderId,
        orderNumber: 1042,
        attempt: 1,
      },
    },
    NotificationAttemptStarted: {
      type: 'NotificationAttemptStarted',
      data: { notificationId, attempt: 2 },
    },
    NotificationSent: { type: 'NotificationSent', data: { notificationId, attempt: 1 } },
    NotificationAttemptFailed: {
      type: 'NotificationAttemptFailed',
      data: {
        notificationId,
        attempt: 1,
        error: '421 4.3.2 try again later',
        retryAt: '2026-11-27T12:05:00.000Z',
        interrupted: false,
      },
    },
    NotificationRetryRequested: { type: 'NotificationRetryRequested', data: { notificationId } },
  };

  it('given each notification event of an order’s e-mail, then a pt-BR sentence naming the message', () => {
    expect(Object.values(samples).map((event) => describeNotificationEvent(event, email))).toEqual([
      'E-mail "Pedido recebido" solicitado (pedido #1042)',
      'E-mail "Pedido recebido": tentativa 2 de envio iniciada',
      'E-mail "Pedido recebido" enviado',
      'Falha ao enviar o e-mail "Pedido recebido" (tentativa 1): 421 4.3.2 try again later; nova tentativa em 27/11/2026 às 09:05',
      'Reenvio do e-mail "Pedido recebido" solicitado',
    ]);
  });

  it('given an SMS sent on its third attempt, then the channel and the attempt are named', () => {
    expect(
      describeNotificationEvent(
        { type: 'NotificationSent', data: { notificationId, attempt: 3 } },
        { kind: 'order_ready_for_pickup', channel: 'sms' },
      ),
    ).toBe('SMS "Pronto para retirada" enviado na tentativa 3');
  });

  it('given the shop’s daily summary requested, then no order is named', () => {
    expect(
      describeNotificationEvent(
        {
          type: 'NotificationRequested',
          data: {
            ...samples.NotificationRequested.data,
            kind: 'shop_daily_summary',
            sourceId: 'daily-summary:2026-12-05',
            sourceStream: null,
            sourceRevision: null,
            userId: null,
            orderId: null,
            orderNumber: null,
          },
        },
        email,
      ),
    ).toBe('E-mail "Resumo da produção (loja)" solicitado');
  });

  it('given the last attempt failed, or one was interrupted, then it waits for an administrator', () => {
    const failed = samples.NotificationAttemptFailed.data;
    expect(
      describeNotificationEvent(
        {
          type: 'NotificationAttemptFailed',
          data: { ...failed, attempt: 5, error: '550 5.1.1 mailbox unavailable', retryAt: null },
        },
        { kind: 'payment_approved', channel: 'email' },
      ),
    ).toBe(
      'Falha ao enviar o e-mail "Pagamento aprovado" (tentativa 5): 550 5.1.1 mailbox unavailable; aguardando um administrador',
    );
    expect(
      describeNotificationEvent(
        {
          type: 'NotificationAttemptFailed',
          data: { ...failed, error: INTERRUPTED_ATTEMPT_ERROR, interrupted: true },
        },
        email,
      ),
    ).toBe(
      `Falha ao enviar o e-mail "Pedido recebido" (tentativa 1): ${INTERRUPTED_ATTEMPT_ERROR}; aguardando um administrador`,
    );
  });

  it('given a new confirmation link asked and the address confirmed, then each in pt-BR', () => {
    const confirmation: {
      [T in EmailConfirmationEvent['type']]: EmailConfirmationEvent & { type: T };
    } = {
      EmailConfirmationRequested: {
        type: 'EmailConfirmationRequested',
        data: { userId, email: 'ana@exemplo.com.br' },
      },
      UserEmailConfirmed: {
        type: 'UserEmailConfirmed',
        data: { userId, email: 'ana@exemplo.com.br' },
      },
    };
    expect(Object.values(confirmation).map(describeEmailConfirmationEvent)).toEqual([
      'Novo link de confirmação pedido',
      'E-mail confirmado',
    ]);
  });
});
