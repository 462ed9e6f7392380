import { describe, expect, it } from 'vitest';
import { checkoutBodySchema } from './dto';

const now = new Date('2026-11-23T15:00:00Z');
const valid = {
  userId: '9b2f1c7e-4a8d-4c1e-9f3a-2b7d5e6f8a90',
  email: 'Maria@Example.com ',
  docNumber: '529.982.247-25',
  firstName: 'Maria',
  lastName: 'da Silva',
  total: 12,
  items: [{ title: 'Coxinha', unit_price: 0.6, quantity: 20, category: 'Salgados Fritos' }],
  paymentMethod: 'pix',
  paymentMethodId: 'pix',
  deliveryType: 'pickup',
  deliveryDate: '2026-11-25T10:00',
};

const firstMessage = (body: unknown) => {
  const result = checkoutBodySchema(now).safeParse(body);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('checkout body (spec §5, §7)', () => {
  it('given a valid Pix pickup, when parsed, then e-mail is normalised and CPF reduced to digits', () => {
    const body = checkoutBodySchema(now).parse(valid);
    expect(body.email).toBe('maria@example.com');
    expect(body.docNumber).toBe('52998224725');
  });

  it('given each broken field, when parsed, then the spec message for it', () => {
    expect(firstMessage({ ...valid, email: '' })).toBe('E-mail é obrigatório');
    expect(firstMessage({ ...valid, docNumber: '111.111.111-11' })).toBe('CPF inválido');
    expect(firstMessage({ ...valid, firstName: ' ' })).toBe('Nome completo é obrigatório');
    expect(firstMessage({ ...valid, deliveryType: 'drone' })).toBe(
      'Selecione um tipo de entrega/retirada.',
    );
    expect(firstMessage({ ...valid, deliveryDate: '' })).toBe('Data e hora são obrigatórias.');
    expect(firstMessage({ ...valid, deliveryDate: '2026-11-24T23:59' })).toBe(
      'A data deve ser no mínimo 25/11/2026.',
    );
  });

  it('given delivery or boleto without an address, when parsed, then the address is asked for', () => {
    expect(firstMessage({ ...valid, deliveryType: 'delivery' })).toBe('CEP é obrigatório');
    expect(firstMessage({ ...valid, paymentMethod: 'boleto' })).toBe('CEP é obrigatório');
    const address = {
      zipCode: '01001-000',
      streetName: 'Praça da Sé',
      streetNumber: '',
      neighborhood: 'Sé',
      city: 'São Paulo',
      federalUnit: 'sp',
    };
    expect(firstMessage({ ...valid, deliveryType: 'delivery', address })).toBe(
      'Número é obrigatório',
    );
    const body = checkoutBodySchema(now).parse({
      ...valid,
      deliveryType: 'delivery',
      address: { ...address, streetNumber: '1' },
      phone: '(11) 98765-4321',
    });
    expect(body.address).toMatchObject({ zipCode: '01001000', federalUnit: 'SP' });
    expect(body.phone).toBe('11987654321');
  });

  it('given a delivery, when the phone is missing or not a Brazilian number, then refused in pt-BR; pickup needs none', () => {
    const delivery = {
      ...valid,
      deliveryType: 'delivery',
      address: {
        zipCode: '01001000',
        streetName: 'Praça da Sé',
        streetNumber: '1',
        neighborhood: 'Sé',
        city: 'São Paulo',
        federalUnit: 'SP',
      },
    };
    expect(firstMessage(delivery)).toBe('Telefone é obrigatório para entrega.');
    expect(firstMessage({ ...delivery, phone: '+1 415 555 0100' })).toBe(
      'Telefone inválido: informe DDD e número, com 10 ou 11 dígitos.',
    );
    expect(firstMessage(valid)).toBeNull();
  });

  it('given a card without its token, or a field a client may not set, when parsed, then refused', () => {
    expect(firstMessage({ ...valid, paymentMethod: 'credit_card' })).toBe(
      'Dados do cartão ausentes. Preencha o formulário do cartão novamente.',
    );
    expect(firstMessage({ ...valid, orderStatus: 'delivered' })).not.toBeNull();
  });
});
