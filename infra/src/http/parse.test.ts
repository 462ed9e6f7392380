import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkoutBodySchema, messages } from '@quitute/contracts';
import { AppError } from '../errors';
import { parseWith } from './parse';

const schema = z.strictObject({ nome: z.string('Informe o nome.') });

function refusal(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('parseWith', () => {
  it('given no body, an array or a number, then the generic message, in the answer and in its field', () => {
    for (const body of [undefined, [], 7]) {
      const error = refusal(() => parseWith(schema, body));
      expect(error.status).toBe(400);
      expect(error.message).toBe(messages.invalidRequest);
      expect(error.fields).toEqual({ _: messages.invalidRequest });
    }
  });

  it('given a key the schema does not know, then the generic message, never zod’s text', () => {
    const error = refusal(() => parseWith(schema, { nome: 'Ana', role: 'admin' }));
    expect(error.message).toBe(messages.invalidRequest);
    expect(error.fields).toEqual({ _: messages.invalidRequest });
  });

  it('given a field breaking its rule, then that rule’s own message, in the answer and under its key', () => {
    const error = refusal(() => parseWith(schema, { nome: 3 }));
    expect(error.message).toBe('Informe o nome.');
    expect(error.fields).toEqual({ nome: 'Informe o nome.' });
  });

  it('given a checkout in 13 installments, then the generic message under installments', () => {
    const error = refusal(() =>
      parseWith(checkoutBodySchema(new Date('2026-11-25T12:00:00Z')), { installments: 13 }),
    );
    expect(error.fields?.['installments']).toBe(messages.invalidRequest);
  });
});
