import type { NewOrderPush } from '@quitute/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sockets, type FakeSocket } from '../../../testing/fake-socket';
import { PAGE_LOAD, renderApp } from '../../../testing/render';
import {
  admin,
  customer,
  storageWithSession,
  stubAccountApi,
  tokenFor,
} from '../../../testing/session';
import { fakeAdminServer } from '../testing/admin-server';
import { NEW_ORDER_SOUND_KEY } from './alert-settings';

const newOrder = (overrides: Partial<NewOrderPush> = {}): NewOrderPush => ({
  orderId: 'a3f1c2d4-0000-4000-8000-000000001042',
  orderNumber: 1042,
  total: 150,
  customerName: 'Maria Silva',
  deliveryType: 'pickup',
  deliveryDate: '2030-12-05T08:00:00-03:00',
  ...overrides,
});

const ALERT = 'Novo pedido #1042 — R$ 150,00 — Maria Silva (Retirada no Local, 05/12 às 08:00)';

/** A WebAudio stand-in: the notes the chime starts (and each context's resumes, in `resumes`). */
function stubAudio(initialState: AudioContextState = 'running') {
  const notes: number[] = [];
  const resumes: number[] = [];
  class FakeAudioContext {
    state: AudioContextState = initialState;
    currentTime = 0;
    destination = {};
    createOscillator() {
      const oscillator = {
        type: '',
        frequency: { value: 0 },
        connect: () => undefined,
        start: () => notes.push(oscillator.frequency.value),
        stop: () => undefined,
      };
      return oscillator;
    }
    createGain() {
      return {
        gain: { setValueAtTime: () => undefined, linearRampToValueAtTime: () => undefined },
        connect: () => undefined,
      };
    }
    resume() {
      resumes.push(1);
      this.state = 'running';
      return Promise.resolve();
    }
  }
  vi.stubGlobal('AudioContext', FakeAudioContext);
  return { notes, resumes };
}

/** The browser's Notification API, its permission answered with `answer`. */
function stubNotifications(answer: NotificationPermission) {
  const shown: { title: string; options: NotificationOptions | undefined; click: () => void }[] =
    [];
  const requestPermission = vi.fn(async () => {
    FakeNotification.permission = answer;
    return answer;
  });
  class FakeNotification {
    static permission: NotificationPermission = 'default';
    static requestPermission = requestPermission;
    onclick: (() => void) | null = null;
    constructor(title: string, options?: NotificationOptions) {
      shown.push({ title, options, click: () => this.onclick?.() });
    }
    close() {}
  }
  vi.stubGlobal('Notification', FakeNotification);
  return { shown, requestPermission };
}

function setTabHidden(hidden: boolean) {
  Object.defineProperty(document, 'visibilityState', {
    configurable: true,
    get: () => (hidden ? 'hidden' : 'visible'),
  });
}

async function openAdmin(route = '/admin') {
  const server = fakeAdminServer();
  const token = tokenFor(admin);
  const rendered = renderApp({ route, storage: storageWithSession(admin, token) });
  await waitFor(() => expect(sockets).toHaveLength(1), PAGE_LOAD);
  const socket = sockets[0];
  if (!socket) throw new Error('no socket');
  act(() => socket.connectFromServer());
  return { ...rendered, server, socket, token };
}

function push(socket: FakeSocket, order: NewOrderPush | Record<string, unknown>) {
  act(() => socket.push('newOrder', order));
}

const ordersLink = () =>
  within(screen.getByRole('navigation', { name: 'Administração' })).getByRole('link', {
    name: /^Pedidos/,
  });

beforeEach(() => {
  localStorage.clear();
  setTabHidden(false);
});

describe('admin area: new-order alerts (issue 41 point 6)', () => {
  it("given an admin's area, then one socket to the API origin with her token, no message sent (the token places it), retrying for as long as the area is open", async () => {
    const { socket, token } = await openAdmin();

    expect(socket.url).toBe(window.location.origin);
    expect(socket.handshakeAuth()).toEqual({ token });
    expect(socket.emitted).toEqual([]);
    expect(socket.options).toMatchObject({
      transports: ['websocket', 'polling'],
      reconnectionAttempts: Number.POSITIVE_INFINITY,
    });
  });

  it("given a new order pushed, then the toast, the badge on 'Pedidos' and the dashboard read again; no sound while it is off (the default)", async () => {
    const { notes } = stubAudio();
    const { socket, server } = await openAdmin();
    await screen.findByRole('heading', { name: 'Painel de Administração' }, PAGE_LOAD);
    const before = server.queries('/api/admin/dashboard/orders-today').length;
    expect(ordersLink().textContent).toBe('Pedidos');

    push(socket, newOrder());

    expect((await screen.findByText(ALERT)).getAttribute('role')).toBe('status');
    expect(ordersLink().textContent).toBe('Pedidos1 (1 novo pedido)');
    expect(ordersLink().getAttribute('href')).toBe('/admin/orders');
    await waitFor(() =>
      expect(server.queries('/api/admin/dashboard/orders-today').length).toBeGreaterThan(before),
    );
    expect(screen.getByRole('checkbox', { name: 'Som para novos pedidos' })).toHaveProperty(
      'checked',
      false,
    );
    expect(notes).toEqual([]);
  });

  it('given the same order pushed twice and a payload that is not a new order, then one order counted', async () => {
    const { socket } = await openAdmin();
    await screen.findByRole('heading', { name: 'Painel de Administração' }, PAGE_LOAD);

    push(socket, newOrder());
    push(socket, newOrder());
    push(socket, { orderId: 'x', orderNumber: 7 });
    push(socket, newOrder({ orderId: 'b', orderNumber: 1043, customerName: 'João' }));

    await screen.findByText(/Novo pedido #1043/);
    expect(ordersLink().textContent).toBe('Pedidos2 (2 novos pedidos)');
  });

  it('given the sound turned on, then each new order chimes and the choice is remembered by this browser', async () => {
    const { notes } = stubAudio();
    const { socket, user } = await openAdmin();
    await screen.findByRole('heading', { name: 'Painel de Administração' }, PAGE_LOAD);

    await user.click(screen.getByRole('checkbox', { name: 'Som para novos pedidos' }));
    expect(localStorage.getItem(NEW_ORDER_SOUND_KEY)).toBe('on');
    push(socket, newOrder());

    await screen.findByText(ALERT);
    expect(notes).toEqual([880, 1_320]);

    await user.click(screen.getByRole('checkbox', { name: 'Som para novos pedidos' }));
    push(socket, newOrder({ orderId: 'b', orderNumber: 1043 }));
    await screen.findByText(/Novo pedido #1043/);
    expect(notes).toEqual([880, 1_320]);
    expect(localStorage.getItem(NEW_ORDER_SOUND_KEY)).toBe('off');
  });

  it("given the sound left on in an earlier visit, then it is on, the page's first click lets the browser play it, and a new order chimes", async () => {
    localStorage.setItem(NEW_ORDER_SOUND_KEY, 'on');
    const { notes, resumes } = stubAudio('suspended');
    const { socket, user } = await openAdmin();
    await screen.findByRole('heading', { name: 'Painel de Administração' }, PAGE_LOAD);
    expect(screen.getByRole('checkbox', { name: 'Som para novos pedidos' })).toHaveProperty(
      'checked',
      true,
    );
    expect(resumes).toHaveLength(0);

    await user.click(screen.getByRole('heading', { name: 'Painel de Administração' }));

    expect(resumes).toHaveLength(1);

    push(socket, newOrder());

    await screen.findByText(ALERT);
    expect(notes).toHaveLength(2);
  });

  it('given new orders, when she opens the orders page, then the badge goes; an order paid while she is there adds none and the list is read again', async () => {
    const { socket, router, server } = await openAdmin();
    await screen.findByRole('heading', { name: 'Painel de Administração' }, PAGE_LOAD);
    push(socket, newOrder());
    await screen.findByText(ALERT);

    await act(() => router.navigate('/admin/orders'));
    await screen.findByRole('heading', { name: 'Gerenciamento de Pedidos' }, PAGE_LOAD);
    expect(ordersLink().textContent).toBe('Pedidos');
    await waitFor(() => expect(server.queries('/api/admin/orders').length).toBeGreaterThan(0));
    const before = server.queries('/api/admin/orders').length;

    push(socket, newOrder({ orderId: 'b', orderNumber: 1043 }));

    await screen.findByText(/Novo pedido #1043/);
    expect(ordersLink().textContent).toBe('Pedidos');
    await waitFor(() => expect(server.queries('/api/admin/orders').length).toBeGreaterThan(before));

    await act(() => router.navigate('/admin'));
    push(socket, newOrder({ orderId: 'c', orderNumber: 1044 }));
    await screen.findByText(/Novo pedido #1044/);
    expect(ordersLink().textContent).toBe('Pedidos1 (1 novo pedido)');
  });

  it('given the browser notifications allowed, then a new order notifies the system only while the tab is hidden, and its click opens the order', async () => {
    const { shown, requestPermission } = stubNotifications('granted');
    const focus = vi.spyOn(window, 'focus').mockImplementation(() => undefined);
    const { socket, user, router } = await openAdmin();
    await screen.findByRole('heading', { name: 'Painel de Administração' }, PAGE_LOAD);

    await user.click(screen.getByRole('button', { name: 'Ativar notificações do navegador' }));

    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Notificações do navegador ativadas.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ativar notificações do navegador' })).toBeNull();
    push(socket, newOrder());
    await screen.findByText(ALERT);
    expect(shown).toEqual([]);

    setTabHidden(true);
    push(socket, newOrder({ orderId: 'b', orderNumber: 1043 }));

    await waitFor(() => expect(shown).toHaveLength(1));
    expect(shown[0]?.title).toBe('Novo pedido #1043');
    expect(shown[0]?.options?.body).toBe(
      'R$ 150,00 — Maria Silva (Retirada no Local, 05/12 às 08:00)',
    );
    act(() => shown[0]?.click());
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/orders/b'));
    expect(focus).toHaveBeenCalled();
  });

  it('given the browser notifications refused, then the page says they are blocked, once, and nothing is shown', async () => {
    const { shown } = stubNotifications('denied');
    const { socket, user } = await openAdmin();
    await screen.findByRole('heading', { name: 'Painel de Administração' }, PAGE_LOAD);

    await user.click(screen.getByRole('button', { name: 'Ativar notificações do navegador' }));

    expect(
      await screen.findAllByText('As notificações do navegador estão bloqueadas neste navegador.'),
    ).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Ativar notificações do navegador' })).toBeNull();
    setTabHidden(true);
    push(socket, newOrder());
    await screen.findByText(ALERT);
    expect(shown).toEqual([]);
  });

  it('given a browser without the Notification API, then no button asks for it', async () => {
    await openAdmin();
    await screen.findByRole('heading', { name: 'Painel de Administração' }, PAGE_LOAD);

    expect(screen.getByRole('checkbox', { name: 'Som para novos pedidos' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ativar notificações do navegador' })).toBeNull();
  });

  it('given Sair confirmed, then the socket is closed', async () => {
    const { socket, user, router } = await openAdmin();
    await screen.findByRole('heading', { name: 'Painel de Administração' }, PAGE_LOAD);

    const sidebar = screen.getByRole('complementary', { name: 'Painel administrativo' });
    await user.click(within(sidebar).getByRole('button', { name: 'Sair' }));
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await waitFor(() => expect(socket.disconnected).toBe(true));
  });

  it('given a customer at /admin, then no socket is opened', async () => {
    stubAccountApi({ user: customer });
    const { router } = renderApp({ route: '/admin', storage: storageWithSession(customer) });

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), PAGE_LOAD);
    expect(sockets).toHaveLength(0);
  });
});
