import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseEvent } from './parse-event';

/** A schema that counts how often it parses, as a projection's contract schema would be shared. */
function countingSchema() {
  const counter = { parses: 0 };
  const schema = z.object({ orderId: z.string() }).transform((data) => {
    counter.parses += 1;
    return data;
  });
  return { schema, counter };
}

describe('parseEvent', () => {
  it('given one event read by two readers with the same schema, when both parse it, then the schema runs once and both get the same data', () => {
    const { schema, counter } = countingSchema();
    const event = { type: 'OrderPlaced', data: { orderId: 'o-1' } };

    const first = parseEvent({ OrderPlaced: schema }, event);
    const second = parseEvent({ OrderPlaced: schema }, event);

    expect(counter.parses).toBe(1);
    expect(second).toEqual({ type: 'OrderPlaced', data: { orderId: 'o-1' } });
    expect(second?.data).toBe(first?.data);
  });

  it('given an event parsed, then it compares, spreads and serialises as it did before', () => {
    const { schema } = countingSchema();
    const event = { type: 'OrderPlaced', data: { orderId: 'o-1' } };

    parseEvent({ OrderPlaced: schema }, event);

    expect(event).toStrictEqual({ type: 'OrderPlaced', data: { orderId: 'o-1' } });
    expect({ ...event }).toStrictEqual({ type: 'OrderPlaced', data: { orderId: 'o-1' } });
    expect(Reflect.ownKeys({ ...event })).toEqual(['type', 'data']);
    expect(JSON.stringify(event)).toBe('{"type":"OrderPlaced","data":{"orderId":"o-1"}}');
  });

  it('given one event read with two different schemas, when each parses it, then each schema runs on it', () => {
    const a = countingSchema();
    const b = countingSchema();
    const event = { type: 'OrderPlaced', data: { orderId: 'o-1' } };

    parseEvent({ OrderPlaced: a.schema }, event);
    parseEvent({ OrderPlaced: b.schema }, event);
    parseEvent({ OrderPlaced: a.schema }, event);

    expect([a.counter.parses, b.counter.parses]).toEqual([2, 1]);
  });

  it('given two equal events (two objects), when each is parsed, then each is parsed on its own', () => {
    const { schema, counter } = countingSchema();

    parseEvent({ OrderPlaced: schema }, { type: 'OrderPlaced', data: { orderId: 'o-1' } });
    parseEvent({ OrderPlaced: schema }, { type: 'OrderPlaced', data: { orderId: 'o-1' } });

    expect(counter.parses).toBe(2);
  });

  it('given a frozen event, when parsed twice, then it parses each time and is left as it was', () => {
    const { schema, counter } = countingSchema();
    const event = Object.freeze({ type: 'OrderPlaced', data: { orderId: 'o-1' } });

    expect(parseEvent({ OrderPlaced: schema }, event)?.data).toEqual({ orderId: 'o-1' });
    expect(parseEvent({ OrderPlaced: schema }, event)?.data).toEqual({ orderId: 'o-1' });
    expect(counter.parses).toBe(2);
  });

  it('given an event frozen after its first parse, when parsed with another schema, then that schema parses it', () => {
    const a = countingSchema();
    const b = countingSchema();
    const event = { type: 'OrderPlaced', data: { orderId: 'o-1' } };
    parseEvent({ OrderPlaced: a.schema }, event);
    Object.freeze(event);

    expect(parseEvent({ OrderPlaced: b.schema }, event)?.data).toEqual({ orderId: 'o-1' });
    expect(b.counter.parses).toBe(1);
  });

  it('given data its schema refuses, when parsed twice, then it fails both times', () => {
    const { schema } = countingSchema();
    const event = { type: 'OrderPlaced', data: { orderId: 42 } };

    expect(() => parseEvent({ OrderPlaced: schema }, event)).toThrow();
    expect(() => parseEvent({ OrderPlaced: schema }, event)).toThrow();
  });

  it('given an event of a type the schemas do not name, when parsed, then it is null', () => {
    const { schema } = countingSchema();

    expect(parseEvent({ OrderPlaced: schema }, { type: 'CartCleared', data: {} })).toBeNull();
  });
});
