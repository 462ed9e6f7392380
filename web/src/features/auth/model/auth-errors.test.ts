import { describe, expect, it } from 'vitest';
import {
  isAuthError,
  mapLoginError,
  mapPreferencesError,
  mapRegisterError,
  mapResetConfirmError,
  mapResetRequestError,
  sessionErrorMessage,
} from './auth-errors';

const answer = (status: number, message?: string) => ({
  status,
  data: message === undefined ? {} : { message },
});
const noNetwork = { status: 'FETCH_ERROR' as const, error: 'TypeError: Failed to fetch' };
const timeout = { status: 'TIMEOUT_ERROR' as const, error: 'AbortError' };

describe('mapLoginError (spec §8 table, case-insensitive)', () => {
  it.each([
    ['User not found', 'email', 'Email não está cadastrado no sistema.'],
    ['Usuário não encontrado.', 'email', 'Email não está cadastrado no sistema.'],
    ['INVALID CREDENTIALS', 'password', 'Senha incorreta.'],
    ['Credenciais inválidas.', 'password', 'Senha incorreta.'],
    ['Email not found', 'email', 'Email não está cadastrado.'],
    ['E-mail não encontrado.', 'email', 'Email não está cadastrado.'],
    ['Invalid email', 'email', 'Formato de email inválido.'],
    ['Email inválido.', 'email', 'Formato de email inválido.'],
    ['Wrong password', 'password', 'Senha incorreta.'],
    ['Senha incorreta', 'password', 'Senha incorreta.'],
    ['Email ou senha incorretos.', null, 'Email ou senha incorretos.'],
    ['Bad credentials', null, 'Email ou senha incorretos.'],
    ['Account blocked', null, 'Conta bloqueada. Entre em contato com o suporte.'],
    ['Conta bloqueada temporariamente.', null, 'Conta bloqueada. Entre em contato com o suporte.'],
    [
      'Muitas tentativas de login. Tente novamente mais tarde.',
      null,
      'Muitas tentativas de login. Tente novamente mais tarde.',
    ],
    ['Too many requests', null, 'Muitas tentativas de login. Tente novamente mais tarde.'],
    [
      'Por favor, complete o reCAPTCHA.',
      'captcha',
      'Erro na verificação reCAPTCHA. Tente novamente.',
    ],
    ['Captcha failed', 'captcha', 'Erro na verificação reCAPTCHA. Tente novamente.'],
    ['Serviço em manutenção.', null, 'Serviço em manutenção.'],
  ])('given the server says %j, then %s: %j', (message, field, expected) => {
    expect(mapLoginError(answer(400, message))).toEqual({ field, message: expected });
  });

  it('given no network or a timeout, then the connection message', () => {
    const expected = { field: null, message: 'Falha na conexão. Verifique sua rede.' };
    expect(mapLoginError(noNetwork)).toEqual(expected);
    expect(mapLoginError(timeout)).toEqual(expected);
  });

  it('given an answer without a message, or no answer at all, then the default', () => {
    const expected = { field: null, message: 'Erro ao fazer login.' };
    expect(mapLoginError(answer(500))).toEqual(expected);
    expect(mapLoginError({ message: 'Resposta inválida do servidor.' })).toEqual(expected);
    expect(mapLoginError(undefined)).toEqual(expected);
  });
});

describe('mapRegisterError', () => {
  it('given a server message, then it', () => {
    expect(mapRegisterError(answer(409, 'Email já registrado.'))).toBe('Email já registrado.');
    expect(mapRegisterError(answer(400, 'O nome deve ter pelo menos 2 caracteres.'))).toBe(
      'O nome deve ter pelo menos 2 caracteres.',
    );
  });

  it("given a duplicate without a message, then 'Email já registrado.'", () => {
    expect(mapRegisterError(answer(409))).toBe('Email já registrado.');
  });

  it("otherwise 'Erro ao registrar.'", () => {
    expect(mapRegisterError(answer(500))).toBe('Erro ao registrar.');
    expect(mapRegisterError(noNetwork)).toBe('Erro ao registrar.');
  });
});

describe('sessionErrorMessage (spec §4)', () => {
  it("given the server's message, then it", () => {
    expect(sessionErrorMessage(answer(401, 'Token inválido. Faça login novamente.'))).toBe(
      'Token inválido. Faça login novamente.',
    );
  });

  it("given no answer or a server failure without a message, then 'Erro de rede ou servidor.'", () => {
    expect(sessionErrorMessage(noNetwork)).toBe('Erro de rede ou servidor.');
    expect(sessionErrorMessage(timeout)).toBe('Erro de rede ou servidor.');
    expect(sessionErrorMessage(answer(503))).toBe('Erro de rede ou servidor.');
  });

  it('given a refusal without a message, then the session is invalid', () => {
    expect(sessionErrorMessage(answer(401))).toBe(
      'Sessão inválida ou expirada. Faça login novamente.',
    );
    expect(sessionErrorMessage({ message: 'x' })).toBe(
      'Sessão inválida ou expirada. Faça login novamente.',
    );
  });
});

describe('isAuthError (spec §4)', () => {
  it.each([
    'Sessão inválida ou expirada. Faça login novamente.',
    'Token inválido. Faça login novamente.',
    'Sessão expirada: token expirado. Faça login novamente.',
    'TOKEN INVÁLIDO',
  ])('given a 401 saying %j, then an auth error', (message) => {
    expect(isAuthError(answer(401, message))).toBe(true);
  });

  it('given other answers, then not', () => {
    expect(isAuthError(answer(401, 'Token de autenticação ausente.'))).toBe(false);
    expect(isAuthError(answer(401, 'Email ou senha incorretos.'))).toBe(false);
    expect(
      isAuthError(answer(400, 'Token de redefinição inválido ou expirado. Solicite um novo link.')),
    ).toBe(false);
    expect(isAuthError(answer(401))).toBe(false);
    expect(isAuthError(noNetwork)).toBe(false);
    expect(isAuthError(undefined)).toBe(false);
  });
});

describe('mapResetRequestError', () => {
  it("given the server's message, then it", () => {
    expect(mapResetRequestError(answer(429, 'Muitas tentativas.'), 'Too Many Requests')).toBe(
      'Muitas tentativas.',
    );
  });

  it("given an answer without a message, then 'Erro {status}: {statusText}'", () => {
    expect(mapResetRequestError(answer(500), 'Internal Server Error')).toBe(
      'Erro 500: Internal Server Error',
    );
  });

  it('given no answer, then the server did not respond', () => {
    expect(mapResetRequestError(timeout)).toBe('Servidor não respondeu. Verifique sua conexão.');
    expect(mapResetRequestError(noNetwork)).toBe('Servidor não respondeu. Verifique sua conexão.');
  });
});

describe('mapResetConfirmError', () => {
  it('given a 400 about the token, then Token Inválido ou Expirado', () => {
    expect(
      mapResetConfirmError(
        answer(400, 'Token de redefinição inválido ou expirado. Solicite um novo link.'),
      ),
    ).toEqual({
      title: 'Token Inválido ou Expirado',
      text: 'O link de redefinição expirou ou é inválido. Solicite um novo link.',
    });
  });

  it('given no connection, then Erro de Conexão', () => {
    expect(mapResetConfirmError(noNetwork).title).toBe('Erro de Conexão');
    expect(mapResetConfirmError(timeout).title).toBe('Erro de Conexão');
  });

  it("otherwise Erro ao Redefinir Senha with the server's message or 'Erro inesperado. Tente novamente.'", () => {
    expect(mapResetConfirmError(answer(500))).toEqual({
      title: 'Erro ao Redefinir Senha',
      text: 'Erro inesperado. Tente novamente.',
    });
    expect(mapResetConfirmError(answer(400, 'A senha deve ter pelo menos 8 caracteres.'))).toEqual({
      title: 'Erro ao Redefinir Senha',
      text: 'A senha deve ter pelo menos 8 caracteres.',
    });
  });
});

describe('mapPreferencesError (spec §8)', () => {
  const fallback = 'Erro ao salvar preferências.';

  it.each([
    [answer(401, 'Token inválido.'), 'Sessão expirada. Faça login novamente.'],
    [answer(404), 'Endpoint de preferências não encontrado.'],
    [noNetwork, 'Erro de conexão. Verifique sua internet.'],
    [answer(400, 'Preferências inválidas.'), 'Preferências inválidas.'],
    [answer(500), fallback],
  ])('given %j, then %j', (error, expected) => {
    expect(mapPreferencesError(error, fallback)).toBe(expected);
  });
});
