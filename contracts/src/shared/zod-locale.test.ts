import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import './zod-locale';

describe("zod's own messages", () => {
  it('given a body with a key nobody asked for, when parsed strictly, then the message is Brazilian Portuguese', () => {
    const result = z.strictObject({ nome: z.string() }).safeParse({ nome: 'Ana', role: 'admin' });

    expect(result.error?.issues[0]?.message).toBe('Chave inválida: "role"');
  });

  it('given a value of the wrong kind, when parsed, then the Brazilian word for it is used (registro, not registo)', () => {
    const result = z.record(z.string(), z.string()).safeParse('texto');

    expect(result.error?.issues[0]?.message).toBe(
      'Entrada inválida: esperava um registro, recebeu um texto',
    );
  });
});
