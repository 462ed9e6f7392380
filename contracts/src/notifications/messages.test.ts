import { describe, expect, it } from 'vitest';
import { NOTIFICATION_KINDS, SMS_NOTIFICATION_KINDS, audienceOf } from './constants';
import { NOTIFICATION_KIND_LABELS, notificationSubject } from './messages';
import { brazilianMobileE164 } from './phone';

describe('notification subjects', () => {
  it('given each kind, when its subject is made, then it is pt-BR, names the order and the shop, and no two kinds share one', () => {
    const subjects = NOTIFICATION_KINDS.map((kind) =>
      notificationSubject(kind, { shopName: 'Quitute', orderNumber: 1042, date: '2026-12-05' }),
    );
    expect(new Set(subjects).size).toBe(NOTIFICATION_KINDS.length);
    expect(notificationSubject('order_received', { shopName: 'Quitute', orderNumber: 1042 })).toBe(
      'Pedido recebido — #1042 — Quitute',
    );
    expect(
      notificationSubject('payment_approved', { shopName: 'Quitute', orderNumber: 1042 }),
    ).toBe('Pagamento aprovado — pedido #1042 — Quitute');
    expect(
      notificationSubject('shop_daily_summary', { shopName: 'Quitute', date: '2026-12-05' }),
    ).toBe('Produção de 05/12/2026');
  });

  it('given the kinds, then each has a label, the shop kinds go to the shop and SMS is offered only for customer kinds', () => {
    expect(Object.keys(NOTIFICATION_KIND_LABELS).sort()).toEqual([...NOTIFICATION_KINDS].sort());
    expect(audienceOf('shop_new_order')).toBe('shop');
    expect(audienceOf('order_received')).toBe('customer');
    expect(SMS_NOTIFICATION_KINDS.every((kind) => audienceOf(kind) === 'customer')).toBe(true);
  });
});

describe('brazilianMobileE164', () => {
  it('given Brazilian mobiles however typed, when read, then they are E.164', () => {
    expect(brazilianMobileE164('(11) 98765-4321')).toBe('+5511987654321');
    expect(brazilianMobileE164('+55 21 99876 5432')).toBe('+5521998765432');
  });

  it('given a landline, a short number, a DDD starting with 0 or nothing, when read, then there is no mobile', () => {
    for (const phone of ['(11) 3456-7890', '9876-5432', '01987654321', '', null, undefined]) {
      expect(brazilianMobileE164(phone)).toBeNull();
    }
  });
});
