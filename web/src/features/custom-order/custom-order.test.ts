import { isValidCustomOrderPhone as isValidPhone } from '@quitute/contracts';
import { describe, expect, it } from 'vitest';
import {
  brazilianDate,
  customOrderMessage,
  customOrderProblem,
  initialCustomOrder,
  type CustomOrderForm,
} from './custom-order';

const form: CustomOrderForm = {
  nome: 'Maria da Silva',
  email: 'maria@example.com',
  telefone: '(11) 98765-4321',
  dataEvento: '2030-12-24',
  descricao: '100 coxinhas e 100 brigadeiros',
};

describe('isValidPhone (customer spec §5)', () => {
  it.each([
    '1198765432',
    '11987654321',
    '+5511987654321',
    '(11) 98765-4321',
    '+55 11 98765.4321',
    '123456789012345',
  ])('given %s, then valid', (phone) => expect(isValidPhone(phone)).toBe(true));

  it.each(['98765432', '123456789', '1234567890123456', '11 9876-abcd', '++5511987654321', ''])(
    'given %s, then invalid',
    (phone) => expect(isValidPhone(phone)).toBe(false),
  );
});

describe('customOrderProblem (customer spec §5)', () => {
  it('given an 8-digit phone, then the phone alert', () => {
    expect(customOrderProblem({ ...form, telefone: '98765432' }, '2030-12-01')).toEqual({
      field: 'telefone',
      message: 'Por favor, insira um número de telefone válido (10-15 dígitos).',
    });
  });

  it('given a date before today, then the date alert; today itself is allowed', () => {
    expect(customOrderProblem({ ...form, dataEvento: '2030-11-30' }, '2030-12-01')).toEqual({
      field: 'dataEvento',
      message: 'A data do evento deve ser no futuro.',
    });
    expect(customOrderProblem({ ...form, dataEvento: '2030-12-01' }, '2030-12-01')).toBeNull();
  });

  it('given a valid form, then no problem', () => {
    expect(customOrderProblem(form, '2030-12-01')).toBeNull();
  });
});

describe('customOrderMessage', () => {
  it('given the form, then every field in the text, the date as dd/MM/yyyy', () => {
    expect(customOrderMessage({ ...form, nome: '  Maria da Silva ' })).toBe(
      [
        'Olá! Gostaria de fazer uma encomenda personalizada.',
        '',
        'Nome: Maria da Silva',
        'E-mail: maria@example.com',
        'Telefone: (11) 98765-4321',
        'Data do evento: 24/12/2030',
        'Descrição: 100 coxinhas e 100 brigadeiros',
      ].join('\n'),
    );
    expect(brazilianDate('2031-01-05')).toBe('05/01/2031');
  });
});

describe('initialCustomOrder', () => {
  it('given a visitor, then an empty form', () => {
    expect(initialCustomOrder(null)).toEqual({
      nome: '',
      email: '',
      telefone: '',
      dataEvento: '',
      descricao: '',
    });
  });

  it('given a signed-in customer, then her name, e-mail and phone (grouped), the event left to her', () => {
    expect(
      initialCustomOrder({
        name: 'Maria da Silva',
        email: 'maria@example.com',
        phone: '11987654321',
      }),
    ).toEqual({
      nome: 'Maria da Silva',
      email: 'maria@example.com',
      telefone: '(11) 98765-4321',
      dataEvento: '',
      descricao: '',
    });
  });
});
