import { describe, expect, it } from 'vitest';
import {
  cartMessages,
  MAX_CART_LINES,
  MAX_UNITS_PER_LINE,
  type CartEvent,
  type CartLineRecord,
} from '@quitute/contracts';
import { fold } from '../shared/decider';
import { deciderSpec, rejectsWith } from '../shared/decider-testing';
import { cartDecider, type CartCommand } from './decider';

const userId = '0b6f1c2e-4d3a-4e5f-8a9b-1c2d3e4f5a6b';
const coxinha = '3f0c8a52-8a4e-4c55-9d7e-5c1f0f0b2a11';
const kibe = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const brigadeiro = 'c4d5e6f7-0a1b-4c2d-8e3f-4a5b6c7d8e9f';
const kit = 'e1f2a3b4-c5d6-4e7f-8a9b-0c1d2e3f4a5b';

const productId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const added = (id: string, quantidade: number, unitPriceCents = 60): CartEvent => ({
  type: 'CartItemAdded',
  data: { userId, productId: id, quantidade, unitPriceCents },
});
const add = (id: string, quantidade: number, isKit = false): CartCommand => ({
  type: 'AddItem',
  userId,
  productId: id,
  quantidade,
  unitPriceCents: isKit ? 14_500 : 60,
  isKit,
});
const sync = (lines: CartLineRecord[]): CartCommand => ({ type: 'SyncCart', userId, lines });

const given = deciderSpec(cartDecider);

/** Then 400 with this message. */
const refusedWith = (decide: () => unknown, message: string) =>
  rejectsWith(decide, 'validation', message);

describe('cart decider: AddItem', () => {
  it('given an empty cart, when 20 of a regular item are added, then CartItemAdded with the catalogue price', () => {
    expect(given([]).when(add(coxinha, 20))()).toEqual([added(coxinha, 20)]);
  });

  it('given an empty cart, when 19 of a regular item are added, then 400 with the minimum message', () => {
    refusedWith(given([]).when(add(coxinha, 19)), cartMessages.minimum);
  });

  it('given an empty cart, when one kit is added, then CartItemAdded (kits have no minimum)', () => {
    expect(given([]).when(add(kit, 1, true))()).toEqual([added(kit, 1, 14_500)]);
  });

  it('given a line of the product, when more are added, then CartItemAdded of the units added', () => {
    expect(given([added(coxinha, 20)]).when(add(coxinha, 30))()).toEqual([added(coxinha, 30)]);
  });

  it('given a line near the maximum, when the total would pass it, then 400 tooManyUnits', () => {
    refusedWith(
      given([added(coxinha, MAX_UNITS_PER_LINE - 19)]).when(add(coxinha, 20)),
      cartMessages.tooManyUnits,
    );
  });

  it('given a line one short of the maximum total, when it is reached exactly, then it is added', () => {
    expect(given([added(coxinha, MAX_UNITS_PER_LINE - 20)]).when(add(coxinha, 20))()).toEqual([
      added(coxinha, 20),
    ]);
  });

  it('given a full cart, when a new product is added, then 400 tooManyLines; more of a product in it is fine', () => {
    const full = Array.from({ length: MAX_CART_LINES }, (_, n) => added(productId(n), 20));
    refusedWith(given(full).when(add(coxinha, 20)), cartMessages.tooManyLines);
    expect(given(full).when(add(productId(0), 20))()).toEqual([added(productId(0), 20)]);
  });
});

describe('cart decider: SyncCart', () => {
  const cart = [added(coxinha, 20), added(kibe, 30)];

  it('given a cart, when synced with the same lines in another order, then no events', () => {
    expect(
      given(cart).when(
        sync([
          { productId: kibe, quantidade: 30 },
          { productId: coxinha, quantidade: 20 },
        ]),
      )(),
    ).toEqual([]);
  });

  it('given a cart, when one quantity changes (even below 20), then CartItemQuantityChanged', () => {
    expect(
      given(cart).when(
        sync([
          { productId: coxinha, quantidade: 19 },
          { productId: kibe, quantidade: 30 },
        ]),
      )(),
    ).toEqual([
      { type: 'CartItemQuantityChanged', data: { userId, productId: coxinha, quantidade: 19 } },
    ]);
  });

  it('given a cart, when one line is left out, then CartItemRemoved', () => {
    expect(given(cart).when(sync([{ productId: kibe, quantidade: 30 }]))()).toEqual([
      { type: 'CartItemRemoved', data: { userId, productId: coxinha } },
    ]);
  });

  it('given a cart, when a line is added, then CartReplaced with the lines in the order sent', () => {
    const lines = [
      { productId: brigadeiro, quantidade: 25 },
      { productId: coxinha, quantidade: 20 },
      { productId: kibe, quantidade: 30 },
    ];
    expect(given(cart).when(sync(lines))()).toEqual([
      { type: 'CartReplaced', data: { userId, lines } },
    ]);
  });

  it('given a cart, when two quantities change, then CartReplaced', () => {
    const lines = [
      { productId: coxinha, quantidade: 21 },
      { productId: kibe, quantidade: 31 },
    ];
    expect(given(cart).when(sync(lines))()).toEqual([
      { type: 'CartReplaced', data: { userId, lines } },
    ]);
  });

  it('given a cart, when one line is removed and another changed, then CartReplaced', () => {
    const lines = [{ productId: kibe, quantidade: 31 }];
    expect(given(cart).when(sync(lines))()).toEqual([
      { type: 'CartReplaced', data: { userId, lines } },
    ]);
  });

  it('given a cart, when synced empty, then CartReplaced with no lines', () => {
    expect(given(cart).when(sync([]))()).toEqual([
      { type: 'CartReplaced', data: { userId, lines: [] } },
    ]);
  });

  it('given an empty cart, when synced with lines, then CartReplaced; synced empty, then nothing', () => {
    const lines = [{ productId: kit, quantidade: 1 }];
    expect(given([]).when(sync(lines))()).toEqual([
      { type: 'CartReplaced', data: { userId, lines } },
    ]);
    expect(given([]).when(sync([]))()).toEqual([]);
  });

  it('given the events of a sync, when the same sync comes again, then no events', () => {
    const lines = [
      { productId: brigadeiro, quantidade: 25 },
      { productId: coxinha, quantidade: 5 },
    ];
    const first = given(cart).when(sync(lines))();
    expect(given([...cart, ...first]).when(sync(lines))()).toEqual([]);
  });

  it('given any cart, when a line is above the maximum or below 1, then 400', () => {
    refusedWith(
      given(cart).when(sync([{ productId: coxinha, quantidade: MAX_UNITS_PER_LINE + 1 }])),
      cartMessages.tooManyUnits,
    );
    refusedWith(
      given(cart).when(sync([{ productId: coxinha, quantidade: 0 }])),
      cartMessages.invalidQuantity,
    );
  });

  it('given any cart, when more lines than the maximum are synced, then 400 tooManyLines', () => {
    const lines = Array.from({ length: MAX_CART_LINES + 1 }, (_, n) => ({
      productId: productId(n),
      quantidade: 20,
    }));
    refusedWith(given([]).when(sync(lines)), cartMessages.tooManyLines);
  });
});

describe('cart decider: ClearCart', () => {
  it('given a cart, when cleared, then CartCleared', () => {
    expect(given([added(coxinha, 20)]).when({ type: 'ClearCart', userId })()).toEqual([
      { type: 'CartCleared', data: { userId } },
    ]);
  });

  it('given an empty cart, when cleared, then no events', () => {
    expect(given([]).when({ type: 'ClearCart', userId })()).toEqual([]);
  });

  it('given a cart cleared before, when cleared again, then no events', () => {
    const events: CartEvent[] = [added(coxinha, 20), { type: 'CartCleared', data: { userId } }];
    expect(given(events).when({ type: 'ClearCart', userId })()).toEqual([]);
  });
});

describe('cart decider: evolve', () => {
  it('given every kind of event, then the lines are kept in order of first addition', () => {
    const state = fold(cartDecider, [
      added(coxinha, 20),
      added(kibe, 30),
      added(coxinha, 10),
      { type: 'CartItemQuantityChanged', data: { userId, productId: kibe, quantidade: 19 } },
      added(brigadeiro, 25),
      { type: 'CartItemRemoved', data: { userId, productId: coxinha } },
    ]);
    expect(state.lines).toEqual([
      { productId: kibe, quantidade: 19 },
      { productId: brigadeiro, quantidade: 25 },
    ]);
  });

  it('given CartReplaced, then the lines are the replaced ones; given CartCleared, then none', () => {
    const lines = [
      { productId: kit, quantidade: 2 },
      { productId: coxinha, quantidade: 40 },
    ];
    const replaced = fold(cartDecider, [
      added(kibe, 30),
      { type: 'CartReplaced', data: { userId, lines } },
    ]);
    expect(replaced.lines).toEqual(lines);
    expect(cartDecider.evolve(replaced, { type: 'CartCleared', data: { userId } })).toEqual({
      lines: [],
    });
  });
});

describe('cart decider: CheckOut', () => {
  const orderId = '5b1e7c2a-3d4f-4a6b-8c9d-0e1f2a3b4c5d';
  const ordered = [{ productId: coxinha, quantidade: 20 }];
  const checkOut: CartCommand = { type: 'CheckOut', userId, orderId, lines: ordered };
  const checkedOut: CartEvent = {
    type: 'CartCheckedOut',
    data: { userId, orderId, lines: ordered },
  };

  it('given a cart holding just the order, when its order was paid, then CartCheckedOut with its lines and the cart is empty', () => {
    expect(given([added(coxinha, 20)]).when(checkOut)()).toEqual([checkedOut]);
    expect(fold(cartDecider, [added(coxinha, 20), checkedOut]).lines).toEqual([]);
  });

  it("given lines added after the checkout, when the order is paid days later, then only its units leave and today's cart stays", () => {
    // A boleto for 20 coxinhas, paid days later; meanwhile 30 more coxinhas and 30 kibes went in.
    const events = [added(coxinha, 20), added(coxinha, 30), added(kibe, 30)];
    expect(given(events).when(checkOut)()).toEqual([checkedOut]);
    expect(fold(cartDecider, [...events, checkedOut]).lines).toEqual([
      { productId: coxinha, quantidade: 30 },
      { productId: kibe, quantidade: 30 },
    ]);
  });

  it('given a cart that checked out the order, when it comes again after new lines, then nothing and the new lines stay', () => {
    const events = [added(coxinha, 20), checkedOut, added(kibe, 30)];
    expect(given(events).when(checkOut)()).toEqual([]);
    expect(fold(cartDecider, events).lines).toEqual([{ productId: kibe, quantidade: 30 }]);
  });

  it('given a cart that checked out another order, when this order is checked out, then CartCheckedOut', () => {
    const other: CartEvent = {
      type: 'CartCheckedOut',
      data: { userId, orderId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d' },
    };
    expect(given([other, added(kibe, 30)]).when(checkOut)()).toEqual([checkedOut]);
  });

  it('given a check-out recorded before lines were named, then it took the whole cart', () => {
    const wholeCart: CartEvent = { type: 'CartCheckedOut', data: { userId, orderId } };
    expect(fold(cartDecider, [added(coxinha, 20), added(kibe, 30), wholeCart]).lines).toEqual([]);
  });
});
