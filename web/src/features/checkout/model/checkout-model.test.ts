import {
  addDays,
  earliestDeliveryDate,
  maskCep,
  maskCpf,
  type CheckoutBody,
} from '@quitute/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  belowMinimum,
  cepToLookUp,
  checkoutInput,
  checkoutPrefill,
  emptyCheckoutForm,
  fillBlanks,
  orderTotal,
  splitFullName,
  totalWithFee,
  type CheckoutForm,
  type CheckoutItem,
} from './checkout-form';
import { boletoUnavailable, validateCheckout } from './checkout-validation';
import { attemptFingerprint, checkoutAttempts, newIdempotencyKey } from './idempotency';
import { startPolling } from './payment-polling';
import { maskWithCaret } from '../../../lib/masked-input';
import { groupCardNumber } from './card-number';
import { payUntilText, showsCancel, waitingLine } from './payment-status';

const NOW = new Date('2030-11-20T15:00:00.000Z');
const items: CheckoutItem[] = [
  { id: 'coxinha', title: 'Coxinha', unitPrice: 0.1, quantity: 20, category: 'Salgados Fritos' },
  { id: 'kit-1', title: 'Kit Festa 1', unitPrice: 145, quantity: 1, category: 'Kits Festa' },
];
const customer = { id: 'u-1', email: 'maria@example.com' };

function form(overrides: Partial<CheckoutForm> = {}): CheckoutForm {
  return {
    ...emptyCheckoutForm(customer.email),
    deliveryType: 'pickup',
    deliveryDate: addDays(earliestDeliveryDate(NOW), 0),
    deliveryTime: '10:00',
    fullName: 'Maria da Silva',
    docNumber: '529.982.247-25',
    paymentMethod: 'pix',
    ...overrides,
  };
}

describe('checkout form rules (spec §5)', () => {
  it.each([
    ['Maria da Silva Souza', 'Maria', 'da Silva Souza'],
    ['  Maria   Souza ', 'Maria', 'Souza'],
    ['Maria', 'Maria', 'Sobrenome'],
    ['', '', 'Sobrenome'],
  ])('given %j, then first name %j and last name %j', (full, firstName, lastName) => {
    expect(splitFullName(full)).toEqual({ firstName, lastName });
  });

  it.each([
    ['5', '5'],
    ['5299', '529.9'],
    ['5299822', '529.982.2'],
    ['52998224725', '529.982.247-25'],
    ['529.982.247-2599', '529.982.247-25'],
  ])('given CPF digits %j typed, then %j', (typed, shown) => {
    expect(maskCpf(typed)).toBe(shown);
  });

  it('given CEP digits, then 00000-000 and a look-up only for 8 digits', () => {
    expect(maskCep('01001')).toBe('01001');
    expect(maskCep('010010001')).toBe('01001-000');
    expect(cepToLookUp('01001-000')).toBe('01001000');
    expect(cepToLookUp('0100100')).toBeNull();
  });

  it('given prices in reais, then the total is summed in centavos', () => {
    expect(orderTotal(items)).toBe(147);
    expect(
      orderTotal([{ id: 'x', title: 'X', unitPrice: 0.1, quantity: 3, category: 'Doces Finos' }]),
    ).toBe(0.3);
  });

  it('given a debit card, then one installment whatever the form said, and no categories', () => {
    const draft = checkoutInput(form({ paymentMethod: 'debit_card' }), items, customer, {
      card: { token: 't', paymentMethodId: 'master', installments: 6 },
    });
    expect(draft).toMatchObject({ token: 't', paymentMethodId: 'master', installments: 1 });
    expect(draft.items?.every((item) => !('category' in item))).toBe(true);
  });

  it('given a card before its form, then the missing token is no error yet; after it, it is', () => {
    const draft = checkoutInput(form({ paymentMethod: 'credit_card' }), items, customer);
    expect(validateCheckout(draft, NOW, { beforeCardForm: true })).toEqual({
      ok: true,
      body: null,
    });
    expect(validateCheckout(draft, NOW)).toMatchObject({
      ok: false,
      general: 'Dados do cartão ausentes. Preencha o formulário do cartão novamente.',
    });
  });

  it('given a valid Pix form, then the parsed body with digits-only CPF', () => {
    const result = validateCheckout(checkoutInput(form(), items, customer), NOW);
    expect(result.ok && result.body?.docNumber).toBe('52998224725');
  });

  it('given several rules broken, then each field its message and the first in the spec order', () => {
    const result = validateCheckout(
      checkoutInput(
        form({ email: 'x', docNumber: '', deliveryType: '', deliveryDate: '', paymentMethod: '' }),
        items,
        customer,
      ),
      NOW,
    );
    expect(result).toEqual({
      ok: false,
      errors: {
        email: 'E-mail inválido',
        docNumber: 'CPF inválido',
        deliveryType: 'Selecione um tipo de entrega/retirada.',
        deliveryDate: 'Data e hora são obrigatórias.',
        paymentMethod: 'Método de pagamento não detectado',
      },
      first: 'email',
      general: null,
    });
  });
});

describe('the day, its slot and the notes (issue 40)', () => {
  it('given a day and a slot, then deliveryDate is the slot start; without a slot, nothing; notes only when written', () => {
    expect(checkoutInput(form(), items, customer).deliveryDate).toBe(
      `${earliestDeliveryDate(NOW)}T10:00`,
    );
    expect(checkoutInput(form(), items, customer)).not.toHaveProperty('notes');
    expect(checkoutInput(form({ notes: '  ' }), items, customer)).not.toHaveProperty('notes');
    const draft = checkoutInput(form({ notes: 'Escrever Feliz Aniversário' }), items, customer);
    expect(draft.notes).toBe('Escrever Feliz Aniversário');
    expect(validateCheckout(draft, NOW)).toMatchObject({ ok: true });
    expect(checkoutInput(form({ deliveryTime: '' }), items, customer).deliveryDate).toBe('');
  });

  it('given a day too soon without a slot, then the earliest date; notes too long, the contracts message', () => {
    const earliest = earliestDeliveryDate(NOW);
    const tooSoon = form({ deliveryDate: addDays(earliest, -1), deliveryTime: '' });
    const [year, month, day] = earliest.split('-');
    expect(
      validateCheckout(checkoutInput(tooSoon, items, customer), NOW, { day: tooSoon.deliveryDate }),
    ).toMatchObject({
      errors: { deliveryDate: `A data deve ser no mínimo ${day}/${month}/${year}.` },
    });
    expect(
      validateCheckout(checkoutInput(form({ notes: 'x'.repeat(501) }), items, customer), NOW),
    ).toMatchObject({
      errors: { notes: 'As observações devem ter no máximo 500 caracteres.' },
      first: 'notes',
    });
  });
});

describe('payment status (spec §4)', () => {
  it('given each method waiting, then its line', () => {
    expect(waitingLine('pix')).toBe('QR Code PIX gerado!');
    expect(waitingLine('boleto')).toBe('Boleto gerado!');
    expect(waitingLine('credit_card')).toBe('Processando pagamento...');
  });

  it('given the cancel rule, then boleto always (until approved), the others only while pending or in review', () => {
    expect(showsCancel('boleto', 'rejected')).toBe(true);
    expect(showsCancel('boleto', 'approved')).toBe(false);
    expect(showsCancel('pix', 'pending')).toBe(true);
    expect(showsCancel('credit_card', 'in_review')).toBe(true);
    expect(showsCancel('credit_card', 'rejected')).toBe(false);
  });
});

describe('Pix expiry', () => {
  it('given a Pix due the same day, then only the time on the shop’s clock; past midnight, the date too', () => {
    const now = new Date('2026-11-28T17:00:00.000Z');
    expect(payUntilText('2026-11-28T17:32:00.000Z', now)).toBe('Pague até 14:32');
    expect(payUntilText('2026-11-29T03:10:00.000Z', now)).toBe('Pague até 29/11/2026 às 00:10');
    expect(payUntilText('não é data', now)).toBeNull();
  });
});

describe('card number in blocks of four', () => {
  it('given digits typed or pasted with spaces, dots or dashes, then blocks of four, at most 19 digits', () => {
    expect(groupCardNumber('4235647728025682')).toBe('4235 6477 2802 5682');
    expect(groupCardNumber('4235-6477.2802 5682')).toBe('4235 6477 2802 5682');
    expect(groupCardNumber('42356')).toBe('4235 6');
    expect(groupCardNumber('4235')).toBe('4235');
    expect(groupCardNumber('1234567890123456789999')).toBe('1234 5678 9012 3456 789');
  });

  it('given a digit typed in the middle, then the caret stays right after it', () => {
    // '4235 6477' with '9' typed after '42': '4293 5647 7', the caret after the 9.
    expect(maskWithCaret(groupCardNumber, '42935 6477', 3)).toEqual({
      value: '4293 5647 7',
      caret: 3,
    });
    // At a block's end the caret goes after the digit, before the space.
    expect(maskWithCaret(groupCardNumber, '42356 477', 5).caret).toBe(6);
    expect(maskWithCaret(groupCardNumber, '4235 6477', 0).caret).toBe(0);
  });
});

describe('the checkout that knows the customer (issue 37)', () => {
  const address = {
    zipCode: '01310100',
    streetName: 'Avenida Paulista',
    streetNumber: '1000',
    complement: 'Apto 12',
    neighborhood: 'Bela Vista',
    city: 'São Paulo',
    federalUnit: 'SP',
  };
  const pickup = {
    deliveryType: 'pickup' as const,
    customerCpf: '11144477735',
    customerPhone: null,
    customerAddress: null,
  };
  const delivery = {
    deliveryType: 'delivery' as const,
    customerCpf: '52998224725',
    customerPhone: '11912345678',
    customerAddress: address,
  };

  it('given her profile and her orders (newest first), then her name, the last CPF, the profile’s phone and the last delivery’s address, masked', () => {
    expect(checkoutPrefill({ name: ' Maria ', phone: '11987654321' }, [pickup, delivery])).toEqual({
      fullName: 'Maria',
      docNumber: '111.444.777-35',
      phone: '(11) 98765-4321',
      zipCode: '01310-100',
      streetName: 'Avenida Paulista',
      streetNumber: '1000',
      complement: 'Apto 12',
      neighborhood: 'Bela Vista',
      city: 'São Paulo',
      federalUnit: 'SP',
    });
  });

  it('given a profile without phone, then the last phone an order had; given no orders, then only the profile', () => {
    expect(checkoutPrefill({ name: 'Maria', phone: '' }, [pickup, delivery]).phone).toBe(
      '(11) 91234-5678',
    );
    expect(checkoutPrefill({ name: 'Maria', phone: '' }, [])).toEqual({ fullName: 'Maria' });
  });

  it('given a foreign phone in her profile, then it is not pre-filled (it would stop even a pickup): her last order’s Brazilian one is', () => {
    expect(checkoutPrefill({ name: 'Maria', phone: '+1 415 555 0100' }, [delivery]).phone).toBe(
      '(11) 91234-5678',
    );
    expect(checkoutPrefill({ name: 'Maria', phone: '+14155550100' }, []).phone).toBeUndefined();
    expect(checkoutPrefill({ name: 'Maria', phone: '+55 11 98765-4321' }, []).phone).toBe(
      '(11) 98765-4321',
    );
  });

  it('given fields she typed in or filled, then the prefill goes only into the blank ones she never touched', () => {
    const typed = form({ fullName: 'Maria Souza', docNumber: '', phone: '' });
    const filled = fillBlanks(
      typed,
      { fullName: 'Maria', docNumber: '529.982.247-25', phone: '(11) 98765-4321' },
      new Set(['phone']),
    );
    expect(filled).toMatchObject({
      fullName: 'Maria Souza',
      docNumber: '529.982.247-25',
      phone: '',
    });
  });

  it('given a delivery with a fee, then the total with it (in centavos), the fee, the phone and the complement; a pickup has no fee', () => {
    const draft = checkoutInput(
      form({
        deliveryType: 'delivery',
        phone: '(11) 91234-5678',
        zipCode: '01310-100',
        streetName: 'Avenida Paulista',
        streetNumber: '1000',
        complement: 'Apto 12',
        neighborhood: 'Bela Vista',
        city: 'São Paulo',
        federalUnit: 'SP',
      }),
      items,
      customer,
      { deliveryFee: 15.1 },
    );
    expect(draft).toMatchObject({
      total: 162.1,
      deliveryFee: 15.1,
      phone: '(11) 91234-5678',
      address: { complement: 'Apto 12' },
    });
    const pickupDraft = checkoutInput(form(), items, customer, { deliveryFee: 15 });
    expect(pickupDraft.total).toBe(147);
    expect(pickupDraft).not.toHaveProperty('deliveryFee');
    expect(totalWithFee(items, 0.1)).toBe(147.1);
  });

  it("given a zone's minimum, then items below it are refused under the CEP with the zone's message; at it, not", () => {
    const quote = { available: true as const, zone: 'Centro', fee: 15, minimumOrder: 150 };
    const missed = belowMinimum(quote, orderTotal(items));
    expect(missed).toEqual({ zone: 'Centro', minimumOrderCents: 15_000 });
    expect(belowMinimum({ ...quote, minimumOrder: 147 }, orderTotal(items))).toBeNull();
    expect(belowMinimum({ ...quote, minimumOrder: 0 }, orderTotal(items))).toBeNull();

    const result = validateCheckout(checkoutInput(form(), items, customer), NOW, {
      belowMinimum: missed,
    });
    expect(result).toMatchObject({
      ok: false,
      errors: { zipCode: 'O pedido mínimo para entrega em Centro é de R$ 150,00.' },
      first: 'zipCode',
    });
  });
});

describe('Idempotency-Key per checkout attempt', () => {
  const body = (overrides: Partial<CheckoutBody> = {}) => {
    const result = validateCheckout(checkoutInput(form(), items, customer), NOW);
    if (!result.ok || !result.body) throw new Error('invalid fixture');
    return { ...result.body, ...overrides };
  };

  it('given a key, then 32 hex digits, new each time', () => {
    expect(newIdempotencyKey()).toMatch(/^[0-9a-f]{32}$/);
    expect(newIdempotencyKey()).not.toBe(newIdempotencyKey());
  });

  it('given a retry of the same attempt after no answer, then the same key; new card token or device id included', () => {
    const attempts = checkoutAttempts();
    const first = attempts.keyFor(body({ token: 'a', deviceId: 'd1' }));
    expect(attempts.keyFor(body({ token: 'b', deviceId: 'd2' }))).toBe(first);
    expect(attemptFingerprint(body({ token: 'a' }))).toBe(attemptFingerprint(body({ token: 'b' })));
  });

  it('given a declined card, then another card or another method for the same order keeps its key; other delivery data, or any answer after that, a new one', () => {
    const card = (paymentMethodId: string, installments: number, issuerId?: string) =>
      body({
        paymentMethod: 'credit_card',
        paymentMethodId,
        installments,
        token: paymentMethodId,
        ...(issuerId ? { issuerId } : {}),
      });
    const attempts = checkoutAttempts();
    const first = attempts.keyFor(card('visa', 1, '25'));
    attempts.declined();
    // Another bank's card (Mercado Pago's form sends its issuer) is still the same order.
    expect(attempts.keyFor(card('master', 3, '310'))).toBe(first);
    attempts.declined();
    expect(attempts.keyFor(body())).toBe(first);
    attempts.answered();
    expect(attempts.keyFor(body())).not.toBe(first);

    const other = checkoutAttempts();
    const declined = other.keyFor(card('visa', 1));
    other.declined();
    expect(other.keyFor(body({ deliveryDate: '2031-01-10T10:00' }))).not.toBe(declined);
  });

  it('given no answer to a Pix, when a card is sent instead, then a new key: only a declined card lends its order to another method', () => {
    const attempts = checkoutAttempts();
    const pix = attempts.keyFor(body());
    expect(
      attempts.keyFor(body({ paymentMethod: 'credit_card', paymentMethodId: 'visa', token: 't' })),
    ).not.toBe(pix);
  });

  it('given an answer, or other data, then a new key', () => {
    const attempts = checkoutAttempts();
    const first = attempts.keyFor(body());
    const otherDate = attempts.keyFor(body({ deliveryDate: '2031-01-10T10:00' }));
    expect(otherDate).not.toBe(first);
    attempts.answered();
    expect(attempts.keyFor(body({ deliveryDate: '2031-01-10T10:00' }))).not.toBe(otherDate);
  });
});

describe('startPolling (spec §9)', () => {
  afterEach(() => vi.useRealTimers());

  it('given a start delay, then the first look after it, then every interval, until told to stop', async () => {
    vi.useFakeTimers();
    let looks = 0;
    const onTimeout = vi.fn();
    startPolling({
      startDelayMs: 10_000,
      check: async () => ((looks += 1) === 3 ? 'stop' : 'continue'),
      onTimeout,
    });
    await vi.advanceTimersByTimeAsync(9_999);
    expect(looks).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(looks).toBe(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(looks).toBe(3);
    await vi.advanceTimersByTimeAsync(600_000);
    expect(looks).toBe(3);
    expect(onTimeout).not.toHaveBeenCalled();
  });

  it('given no end, then 120 looks at most and the timeout once', async () => {
    vi.useFakeTimers();
    let looks = 0;
    const onTimeout = vi.fn();
    startPolling({
      startDelayMs: 0,
      check: async () => {
        looks += 1;
        return 'continue';
      },
      onTimeout,
      hardStopMs: 10_000_000,
    });
    await vi.advanceTimersByTimeAsync(120 * 5_000);
    expect(looks).toBe(120);
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });

  it('given the hard stop, then the timeout at 600,000 ms even with looks left', async () => {
    vi.useFakeTimers();
    const onTimeout = vi.fn();
    startPolling({ startDelayMs: 10_000, check: async () => 'continue', onTimeout });
    await vi.advanceTimersByTimeAsync(599_999);
    expect(onTimeout).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });

  it('given stop(), then no more looks and no timeout', async () => {
    vi.useFakeTimers();
    const check = vi.fn(async () => 'continue' as const);
    const onTimeout = vi.fn();
    const stop = startPolling({ startDelayMs: 0, check, onTimeout });
    await vi.advanceTimersByTimeAsync(0);
    stop();
    await vi.advanceTimersByTimeAsync(700_000);
    expect(check).toHaveBeenCalledTimes(1);
    expect(onTimeout).not.toHaveBeenCalled();
  });
});

describe('boletoUnavailable (issue 38)', () => {
  // Friday 27/11/2026, noon in São Paulo: a boleto due by Monday clears by Thursday 03/12.
  const friday = new Date('2026-11-27T12:00:00-03:00');

  it('given a day before the boleto can clear, then why, naming the first day it can pay for', () => {
    expect(boletoUnavailable('2026-12-02T14:30', friday)).toBe(
      'O boleto leva até 3 dias úteis para ser compensado e não fica pago a tempo para esta data. Escolha Pix ou cartão, ou uma data a partir de 03/12/2026.',
    );
  });

  it('given that first day or later, or no day chosen yet, then nothing', () => {
    expect(boletoUnavailable('2026-12-03T09:00', friday)).toBeNull();
    expect(boletoUnavailable('2026-12-20T09:00', friday)).toBeNull();
    expect(boletoUnavailable('', friday)).toBeNull();
  });
});
