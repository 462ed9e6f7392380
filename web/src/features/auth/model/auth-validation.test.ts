import { describe, expect, it } from 'vitest';
import {
  passwordStrength,
  validateLogin,
  validateProfile,
  validateRegister,
  validateResetConfirm,
  validateResetRequest,
} from './auth-validation';

function errorsOf(result: { ok: true } | { ok: false; errors: Record<string, string> }) {
  return result.ok ? {} : result.errors;
}

describe('validateLogin (spec §5)', () => {
  const valid = { email: 'maria@example.com', password: 'Segura1', captchaToken: 'p' };

  it('given nothing filled in, then the required message of each field', () => {
    expect(errorsOf(validateLogin({ email: '', password: '', captchaToken: null }))).toEqual({
      email: 'Email é obrigatório.',
      password: 'Senha é obrigatória.',
      captcha: 'Por favor, complete o reCAPTCHA.',
    });
  });

  it.each([
    ['maria', 'Formato de email inválido.'],
    ['maria@example', 'Formato de email inválido.'],
    ['ma ria@example.com', 'Formato de email inválido.'],
  ])('given the e-mail %j, then %j', (email, message) => {
    expect(errorsOf(validateLogin({ ...valid, email }))).toEqual({ email: message });
  });

  it.each([
    ['Ab1', 'A senha deve ter pelo menos 6 caracteres.'],
    ['segura1', 'A senha deve conter pelo menos uma letra maiúscula.'],
    ['Segura', 'A senha deve conter pelo menos um número.'],
    ['seg', 'A senha deve ter pelo menos 6 caracteres.'],
    ['segura', 'A senha deve conter pelo menos uma letra maiúscula.'],
  ])('given the password %j, then the first rule it breaks: %j', (password, message) => {
    expect(errorsOf(validateLogin({ ...valid, password }))).toEqual({ password: message });
  });

  it('given valid values, then the body to send, the e-mail normalised', () => {
    expect(validateLogin({ ...valid, email: '  <Maria@Example.COM> ' })).toEqual({
      ok: true,
      data: { email: 'maria@example.com', password: 'Segura1', recaptchaToken: 'p' },
    });
  });
});

describe('validateRegister (spec §5)', () => {
  const valid = {
    name: 'Maria',
    email: 'maria@example.com',
    password: 'Segura1',
    captchaToken: 'p',
  };

  it.each([
    [{ name: 'M' }, { name: 'O nome deve ter pelo menos 2 caracteres.' }],
    [{ name: '<M>' }, { name: 'O nome deve ter pelo menos 2 caracteres.' }],
    [{ name: 'Maria 2' }, { name: 'O nome deve conter apenas letras e espaços.' }],
    [{ email: 'maria@' }, { email: 'Email inválido.' }],
    [{ email: '' }, { email: 'Email inválido.' }],
    [{ password: 'Ab1' }, { password: 'A senha deve ter pelo menos 6 caracteres.' }],
    [
      { password: 'segura1' },
      { password: 'A senha deve conter pelo menos uma letra maiúscula e um número.' },
    ],
    [
      { password: 'Segura' },
      { password: 'A senha deve conter pelo menos uma letra maiúscula e um número.' },
    ],
    [{ captchaToken: null }, { captcha: 'Por favor, complete o reCAPTCHA.' }],
  ])('given %j, then %j', (change, expected) => {
    expect(errorsOf(validateRegister({ ...valid, ...change }))).toEqual(expected);
  });

  it('given angle brackets in name and e-mail, then they are stripped before sending', () => {
    expect(
      validateRegister({ ...valid, name: ' <Maria>  José ', email: '<MARIA@example.com>' }),
    ).toEqual({
      ok: true,
      data: {
        name: 'Maria José',
        email: 'maria@example.com',
        password: 'Segura1',
        recaptchaToken: 'p',
      },
    });
  });
});

describe('validateResetRequest (spec §5)', () => {
  it.each([
    ['', 'Por favor, digite seu email.'],
    ['   ', 'Por favor, digite seu email.'],
    ['maria', 'Por favor, digite um email válido.'],
  ])('given %j, then %j', (email, message) => {
    expect(errorsOf(validateResetRequest(email))).toEqual({ email: message });
  });

  it('given an e-mail with spaces and capitals, then it is sent trimmed and lower-cased', () => {
    expect(validateResetRequest('  Maria@Example.com ')).toEqual({
      ok: true,
      data: { email: 'maria@example.com' },
    });
  });
});

describe('validateResetConfirm (spec §5)', () => {
  const valid = { token: 'abc123', password: 'NovaSenha1', confirmation: 'NovaSenha1' };

  it.each([
    [
      { password: 'Nova1', confirmation: 'Nova1' },
      { newPassword: 'A senha deve ter pelo menos 8 caracteres.' },
    ],
    [
      { password: 'novasenha1', confirmation: 'novasenha1' },
      { newPassword: 'A senha deve conter pelo menos uma letra maiúscula.' },
    ],
    [
      { password: 'NovaSenha', confirmation: 'NovaSenha' },
      { newPassword: 'A senha deve conter pelo menos um número.' },
    ],
    [{ confirmation: 'NovaSenha2' }, { confirmation: 'As senhas não coincidem.' }],
    [
      { token: undefined },
      { token: 'Token de redefinição não encontrado. Solicite um novo link.' },
    ],
  ])('given %j, then %j', (change, expected) => {
    expect(errorsOf(validateResetConfirm({ ...valid, ...change }))).toEqual(expected);
  });

  it('given a good password twice and a token, then the body', () => {
    expect(validateResetConfirm(valid)).toEqual({
      ok: true,
      data: { token: 'abc123', newPassword: 'NovaSenha1' },
    });
  });
});

describe('validateProfile (spec §5)', () => {
  const valid = { name: 'Maria', phone: '11987654321', address: 'Rua A, 10' };

  it.each([
    [{ phone: '123' }, { phone: 'Telefone inválido (10-15 dígitos).' }],
    [{ phone: '+55 11 98765-4321 0000' }, { phone: 'Telefone inválido (10-15 dígitos).' }],
    [{ phone: '11 9876a4321' }, { phone: 'Telefone inválido (10-15 dígitos).' }],
    [{ address: 'Rua' }, { address: 'Endereço deve ter pelo menos 5 caracteres.' }],
    [{ name: 'M' }, { name: 'O nome deve ter pelo menos 2 caracteres.' }],
  ])('given %j, then %j', (change, expected) => {
    expect(errorsOf(validateProfile({ ...valid, ...change }))).toEqual(expected);
  });

  it('given a phone with a plus, spaces and dashes, then it is sent as digits', () => {
    expect(validateProfile({ ...valid, phone: '+55 (11) 98765-4321' })).toEqual({
      ok: true,
      data: { name: 'Maria', phone: '+5511987654321', address: 'Rua A, 10' },
    });
  });
});

describe('passwordStrength (spec §5)', () => {
  it.each([
    ['', 'Fraca'],
    ['Ab1', 'Fraca'],
    ['abcde', 'Fraca'],
    ['abcdef', 'Média'],
    ['Abcdef1', 'Média'],
    ['abcdefgh1', 'Média'],
    ['ABCDEFGHI', 'Média'],
    ['Abcdefg1', 'Forte'],
  ])('given %j, then %s', (password, expected) => {
    expect(passwordStrength(password)).toBe(expected);
  });
});
