import { describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store';
import { json, stubFetch } from '../../testing/fetch-stub';
import { MemoryStorage } from '../../testing/memory-storage';
import '../../testing/render';
import {
  customer,
  fakeToken,
  loginBody,
  profileBody,
  storageWithSession,
  tokenFor,
} from '../../testing/session';
import { accountApi } from './api/account-api';
import { authApi } from './api/auth-api';
import { loggedOut, userUpdated } from './auth-slice';
import { TOKEN_KEY, USER_KEY } from './session-storage';

type Store = ReturnType<typeof makeStore>;

async function settled(store: Store) {
  await vi.waitFor(() => expect(store.getState().auth.authenticating).toBe(false));
  return store.getState().auth;
}

function storedUser(storage: Storage): unknown {
  return JSON.parse(storage.getItem(USER_KEY) ?? 'null');
}

describe('session start: a stored session that cannot be used is cleared (spec §4)', () => {
  it('given no stored token, then no user, nothing to wait for and no profile request', () => {
    const requests = stubFetch(() => json({}));
    const store = makeStore({ storage: new MemoryStorage() });

    expect(store.getState().auth).toEqual({
      user: null,
      token: null,
      authenticating: false,
      loading: false,
      message: null,
      error: null,
    });
    expect(requests).toHaveLength(0);
  });

  it.each([
    ['shorter than 20 characters', 'a.eyJ4IjoxfQ.b'],
    ['expired', tokenFor(customer, -60)],
    ['not a JWT at all', 'x'.repeat(64)],
  ])(
    'given a stored token %s, then token and user are removed and nobody is logged in',
    (_l, token) => {
      const requests = stubFetch(() => json(profileBody(customer)));
      const storage = storageWithSession(customer, token);

      const store = makeStore({ storage });

      expect(store.getState().auth.user).toBeNull();
      expect(store.getState().auth.token).toBeNull();
      expect(store.getState().auth.authenticating).toBe(false);
      expect(storage.getItem(TOKEN_KEY)).toBeNull();
      expect(storage.getItem(USER_KEY)).toBeNull();
      expect(requests).toHaveLength(0);
    },
  );

  it('given a token that expires in an hour but a clock past it, then it is cleared too', () => {
    stubFetch(() => json(profileBody(customer)));
    const storage = storageWithSession(customer);
    const store = makeStore({ storage, now: () => Date.now() + 2 * 3_600_000 });
    expect(store.getState().auth.user).toBeNull();
    expect(storage.getItem(TOKEN_KEY)).toBeNull();
  });
});

describe('session start: a usable stored session (spec §4)', () => {
  it('given a valid token and stored user, then the user at once, then refreshed from the profile and stored again', async () => {
    const requests = stubFetch((url) =>
      url.pathname === '/api/users/profile'
        ? json(profileBody({ ...customer, name: 'Maria Souza', phone: '11911112222' }))
        : json({}),
    );
    const token = tokenFor(customer);
    const storage = storageWithSession(customer, token);

    const store = makeStore({ storage });

    expect(store.getState().auth.user).toEqual(customer);
    expect(store.getState().auth.token).toBe(token);
    expect(store.getState().auth.authenticating).toBe(true);

    const auth = await settled(store);
    expect(auth.user).toEqual({ ...customer, name: 'Maria Souza', phone: '11911112222' });
    expect(auth.error).toBeNull();
    expect(storedUser(storage)).toEqual(auth.user);
    expect(storage.getItem('userId')).toBe(customer.id);
    const profile = requests.find((r) => new URL(r.url).pathname === '/api/users/profile');
    expect(profile?.headers.get('Authorization')).toBe(`Bearer ${token}`);
  });

  it("given a stored user missing id, email, name and role, then the token's claims fill them in", () => {
    stubFetch(() => new Promise<Response>(() => {}));
    const storage = storageWithSession(customer);
    storage.setItem(USER_KEY, JSON.stringify({ phone: '11900000000' }));

    const store = makeStore({ storage });

    expect(store.getState().auth.user).toEqual({
      id: customer.id,
      email: customer.email,
      name: customer.name,
      phone: '11900000000',
      address: '',
      preferences: { notifications: { email: true, sms: false } },
      role: 'user',
    });
  });

  it('given a stored user that is not JSON, then the user comes from the token', () => {
    stubFetch(() => new Promise<Response>(() => {}));
    const storage = storageWithSession(customer);
    storage.setItem(USER_KEY, '{maria');

    expect(makeStore({ storage }).getState().auth.user?.email).toBe(customer.email);
  });

  it('given a profile missing fields, then they come from the token', async () => {
    stubFetch(() => json({ phone: '', address: '', preferences: customer.preferences }));
    const store = makeStore({ storage: storageWithSession(customer) });

    const auth = await settled(store);
    expect(auth.user).toMatchObject({ id: customer.id, email: customer.email, role: 'user' });
  });
});

describe('session start: the profile fetch fails (spec §4)', () => {
  it.each([
    [
      "the server's message",
      () => json({ message: 'Token inválido. Faça login novamente.' }, { status: 401 }),
      'Token inválido. Faça login novamente.',
    ],
    [
      "'Erro de rede ou servidor.' without a network",
      () => {
        throw new TypeError('Failed to fetch');
      },
      'Erro de rede ou servidor.',
    ],
    [
      "'Erro de rede ou servidor.' on a server failure without a message",
      () => new Response('<html>', { status: 502 }),
      'Erro de rede ou servidor.',
    ],
    [
      "'Sessão inválida ou expirada. Faça login novamente.' on a refusal without a message",
      () => json({}, { status: 401 }),
      'Sessão inválida ou expirada. Faça login novamente.',
    ],
  ])(
    'given it fails, then the error is %s, token and user are removed and nobody is logged in',
    async (_l, answer, message) => {
      stubFetch(answer);
      const storage = storageWithSession(customer);
      const store = makeStore({ storage });

      const auth = await settled(store);

      expect(auth.error).toBe(message);
      expect(auth.user).toBeNull();
      expect(auth.token).toBeNull();
      expect(storage.getItem(TOKEN_KEY)).toBeNull();
      expect(storage.getItem(USER_KEY)).toBeNull();
    },
  );
});

describe('login, update and logout', () => {
  const credentials = { email: customer.email, password: 'Segura1', recaptchaToken: 'p' };

  it("given a successful login, then token and user are stored and 'Login realizado com sucesso!'", async () => {
    const token = tokenFor(customer);
    const requests = stubFetch((url) =>
      url.pathname === '/api/auth/login' ? json(loginBody(customer, token)) : json([]),
    );
    const storage = new MemoryStorage();
    const store = makeStore({ storage });

    const pending = store.dispatch(authApi.endpoints.login.initiate(credentials));
    expect(store.getState().auth.loading).toBe(true);
    await pending;

    const auth = store.getState().auth;
    expect(auth).toMatchObject({
      user: customer,
      token,
      loading: false,
      message: 'Login realizado com sucesso!',
      error: null,
    });
    expect(storage.getItem(TOKEN_KEY)).toBe(token);
    expect(storedUser(storage)).toEqual(customer);
    expect(await requests[0]?.json()).toEqual(credentials);

    await store.dispatch(
      accountApi.endpoints.getCaptchaConfig.initiate(undefined, { subscribe: false }),
    );
    expect(requests[1]?.headers.get('Authorization')).toBe(`Bearer ${token}`);
  });

  it('given a login response without name and role, then they come from the token', async () => {
    const token = fakeToken({ userId: 'u-5', email: 'ze@example.com', name: 'Zé', role: 'admin' });
    stubFetch(() => json({ userId: 'u-5', email: 'ze@example.com', token }));
    const store = makeStore({ storage: new MemoryStorage() });

    await store.dispatch(authApi.endpoints.login.initiate(credentials));

    expect(store.getState().auth.user).toMatchObject({ id: 'u-5', name: 'Zé', role: 'admin' });
  });

  it('given a failed login, then not logged in and the error mapped (spec §8)', async () => {
    stubFetch(() => json({ message: 'Email ou senha incorretos.' }, { status: 401 }));
    const store = makeStore({ storage: new MemoryStorage() });

    await store.dispatch(authApi.endpoints.login.initiate(credentials));

    expect(store.getState().auth).toMatchObject({
      user: null,
      loading: false,
      error: 'Email ou senha incorretos.',
    });
  });

  it("given a registration, then 'Cadastro realizado com sucesso! Faça login.' and nobody is logged in", async () => {
    stubFetch(() =>
      json({ message: 'Conta criada com sucesso!', userId: 'u-9', position: 3 }, { status: 201 }),
    );
    const store = makeStore({ storage: new MemoryStorage() });

    const pending = store.dispatch(
      authApi.endpoints.register.initiate({ ...credentials, name: 'Maria' }),
    );
    expect(store.getState().auth.loading).toBe(true);
    await pending;

    expect(store.getState().auth).toMatchObject({
      user: null,
      token: null,
      loading: false,
      message: 'Cadastro realizado com sucesso! Faça login.',
    });
  });

  it('given new fields for the user, then they are merged and stored again', async () => {
    stubFetch(() => json(profileBody(customer)));
    const storage = storageWithSession(customer);
    const store = makeStore({ storage });
    await settled(store);

    store.dispatch(userUpdated({ address: 'Av. Brasil, 500' }));

    expect(store.getState().auth.user).toEqual({ ...customer, address: 'Av. Brasil, 500' });
    expect(storedUser(storage)).toEqual({ ...customer, address: 'Av. Brasil, 500' });
  });

  it('given a logout, then token, user, message and error are cleared in memory and storage', async () => {
    stubFetch(() => json(profileBody(customer)));
    const storage = storageWithSession(customer);
    const store = makeStore({ storage });
    await settled(store);

    store.dispatch(loggedOut());

    expect(store.getState().auth).toEqual({
      user: null,
      token: null,
      authenticating: false,
      loading: false,
      message: null,
      error: null,
    });
    expect(storage.getItem(TOKEN_KEY)).toBeNull();
    expect(storage.getItem(USER_KEY)).toBeNull();
  });
});

describe('auth errors log the user out (spec §4)', () => {
  async function loggedInStore(answer: (url: URL) => Response | undefined) {
    stubFetch((url) => answer(url) ?? json(profileBody(customer)));
    const storage = storageWithSession(customer);
    const store = makeStore({ storage });
    await settled(store);
    return { store, storage };
  }

  it("given any call answered 401 'Sessão expirada: token expirado', then logged out", async () => {
    const { store, storage } = await loggedInStore((url) =>
      url.pathname === '/api/auth/captcha'
        ? json(
            { message: 'Sessão expirada: token expirado. Faça login novamente.' },
            { status: 401 },
          )
        : undefined,
    );
    expect(store.getState().auth.user).not.toBeNull();

    await store.dispatch(
      accountApi.endpoints.getCaptchaConfig.initiate(undefined, { subscribe: false }),
    );

    expect(store.getState().auth.user).toBeNull();
    expect(storage.getItem(TOKEN_KEY)).toBeNull();
  });

  it("given a 400 'Token de redefinição inválido ou expirado', then still logged in", async () => {
    const { store } = await loggedInStore((url) =>
      url.pathname === '/api/auth/reset-password/confirm'
        ? json(
            {
              message: 'Token de redefinição inválido ou expirado. Solicite um novo link.',
              code: 'validation',
            },
            { status: 400 },
          )
        : undefined,
    );

    await store.dispatch(
      authApi.endpoints.confirmPasswordReset.initiate({ token: 'x', newPassword: 'NovaSenha1' }),
    );

    expect(store.getState().auth.user).not.toBeNull();
  });

  it('given a 401 on the preferences, then the preferences page decides (no logout here)', async () => {
    const { store } = await loggedInStore((url) =>
      url.pathname === '/api/users/preferences'
        ? json({ message: 'Token inválido. Faça login novamente.' }, { status: 401 })
        : undefined,
    );

    await store.dispatch(
      accountApi.endpoints.getPreferences.initiate(undefined, { subscribe: false }),
    );

    expect(store.getState().auth.user).not.toBeNull();
  });
});
