import { describe, expect, it } from 'vitest';
import { MAX_CART_LINES, MAX_UNITS_PER_LINE } from './constants';
import { addToCartBodySchema, cartEtag, revisionFromEtag, syncCartBodySchema } from './dto';
import { messages } from '../shared/messages';
import { cartMessages as m } from './messages';

const userId = '0b6f1c2e-4d3a-4e5f-8a9b-1c2d3e4f5a6b';
const item = { nome: 'Coxinha de Frango', preco: 0.6 };

/** The message a body is refused with, or null when it is accepted. */
function refusal(schema: typeof addToCartBodySchema | typeof syncCartBodySchema, body: unknown) {
  const result = schema.safeParse(body);
  return result.success ? null : (result.error.issues[0]?.message ?? '');
}

describe('cart ETag', () => {
  it('given a revision, when written as an ETag and read back, then the same revision', () => {
    for (const revision of [-1, 0, 7, 123_456_789]) {
      expect(revisionFromEtag(cartEtag(revision))).toBe(revision);
    }
    expect(cartEtag(3)).toBe('"3"');
  });

  it('given a weak ETag or one with spaces around, then its revision', () => {
    expect(revisionFromEtag('W/"12"')).toBe(12);
    expect(revisionFromEtag('  "4" ')).toBe(4);
  });

  it.each(['*', '', '3', '"abc"', '"-2"', '"1.5"', '"1", "2"', '"1234567890123456"'])(
    'given If-Match %j, then it names no revision of ours',
    (etag) => {
      expect(revisionFromEtag(etag)).toBeNull();
    },
  );
});

describe('POST /carrinho body', () => {
  it('given an item by nome with a price and a whole quantity, then it is accepted, other item fields ignored', () => {
    const parsed = addToCartBodySchema.parse({
      userId,
      item: { ...item, id: 'coxinha-de-frango', categoria: 'Salgados Fritos' },
      quantidade: 20,
    });
    expect(parsed.item).toEqual({ id: 'coxinha-de-frango', ...item });
  });

  it.each([
    ['no nome', { preco: 0.6 }, 20, m.invalidItem],
    ['a blank nome', { nome: '   ', preco: 0.6 }, 20, m.invalidItem],
    ['no preco', { nome: 'Coxinha' }, 20, m.invalidItem],
    ['a preco as text', { nome: 'Coxinha', preco: '0.6' }, 20, m.invalidItem],
    ['quantidade 0', item, 0, m.invalidItem],
    ['quantidade -1', item, -1, m.invalidItem],
    ['quantidade "20"', item, '20', m.invalidItem],
    ['quantidade 1.5', item, 1.5, m.invalidItem],
    ['quantidade above the maximum', item, MAX_UNITS_PER_LINE + 1, m.tooManyUnits],
  ])('given %s, then refused with its message', (_, badItem, quantidade, message) => {
    expect(refusal(addToCartBodySchema, { userId, item: badItem, quantidade })).toBe(message);
  });

  it('given a key the body does not know, then refused', () => {
    expect(
      addToCartBodySchema.safeParse({ userId, item, quantidade: 20, unitPriceCents: 1 }).success,
    ).toBe(false);
  });
});

describe('POST /carrinho/sync body', () => {
  it('given lines at 0 and up to the maximum, then accepted', () => {
    expect(
      refusal(syncCartBodySchema, {
        userId,
        itens: [
          { item, quantidade: 0 },
          { item, quantidade: MAX_UNITS_PER_LINE },
        ],
      }),
    ).toBeNull();
  });

  it.each([
    ['a negative quantity', [{ item, quantidade: -1 }], m.invalidQuantity],
    ['a fractional quantity', [{ item, quantidade: 0.5 }], m.invalidQuantity],
    ['a quantity as text', [{ item, quantidade: '2' }], m.invalidQuantity],
    [
      'a quantity above the maximum',
      [{ item, quantidade: MAX_UNITS_PER_LINE + 1 }],
      m.tooManyUnits,
    ],
    [
      'more lines than a cart holds',
      Array.from({ length: MAX_CART_LINES + 1 }, () => ({ item, quantidade: 1 })),
      m.tooManyLines,
    ],
    ['a line without item', [{ quantidade: 1 }], m.invalidItem],
  ])('given %s, then refused with its message', (_, itens, message) => {
    expect(refusal(syncCartBodySchema, { userId, itens })).toBe(message);
  });
});

describe('cart bodies: the pt-BR message for every malformed part', () => {
  it.each([-1, 1.5, 1e20, 'x'.repeat(101), [], {}])(
    'given an item id %j, then the invalid-item message',
    (id) => {
      expect(refusal(addToCartBodySchema, { userId, item: { ...item, id }, quantidade: 20 })).toBe(
        m.invalidItem,
      );
    },
  );

  it('given an item id null, then it is accepted as no id (the item is named by nome)', () => {
    const parsed = addToCartBodySchema.parse({
      userId,
      item: { ...item, id: null },
      quantidade: 20,
    });
    expect(parsed.item.id).toBeUndefined();
  });

  it.each([42, ['a'], { $eq: 'a' }, null, 'x'.repeat(101)])(
    'given a userId %j, then the general invalid-request message, not the item one',
    (bad) => {
      expect(refusal(addToCartBodySchema, { userId: bad, item, quantidade: 20 })).toBe(
        messages.invalidRequest,
      );
      expect(refusal(syncCartBodySchema, { userId: bad, itens: [] })).toBe(messages.invalidRequest);
    },
  );
});
