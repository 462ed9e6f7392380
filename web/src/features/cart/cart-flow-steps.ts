import { addToCartBodySchema, syncCartBodySchema } from '@quitute/contracts';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { ApiError } from '../../api/errors';
import {
  cartCommandApi,
  cartQueryApi,
  classifyFailure,
  type CartAnswer,
  type CartCallFailure,
} from './api/cart-api';
import { localCartFlows, offlineChangeText } from './cart-local-flows';
import {
  addedNotice,
  busyChanged,
  clearedLocally,
  clearedOnServer,
  lineAddedLocally,
  noticeShown,
  serverCartReceived,
  serverUnreachable,
} from './cart-slice';
import {
  addedMessage,
  cartErrorMessage,
  cartMessages,
  type CartErrorKind,
} from './model/cart-messages';
import {
  applyIntent,
  itemRef,
  limitBroken,
  linesFromDto,
  mergeCarts,
  mergeLine,
  sameContents,
} from './model/cart-rules';
import type {
  CartIntent,
  CartLine,
  CartSession,
  CartState,
  NoticeTone,
  WithCart,
} from './model/cart-types';

type Outcome = { ok: true; answer: CartAnswer } | { ok: false; failure: CartCallFailure };

export interface FlowApi {
  dispatch: ThunkDispatch<WithCart, unknown, UnknownAction>;
  cart: () => CartState;
  session: () => CartSession;
}

function reachable(session: CartSession): session is { userId: string; online: true } {
  return session.userId !== null && session.online;
}

function outcomeOf(result: { data: CartAnswer } | { error: ApiError }): Outcome {
  return 'data' in result
    ? { ok: true, answer: result.data }
    : { ok: false, failure: classifyFailure(result.error) };
}

function invalidRequest(message: string | undefined): Outcome {
  return { ok: false, failure: { kind: 'other', detail: message ?? cartMessages.invalidItem } };
}

/** A server cart older than the one already shown (a read that did not catch up). */
function isStale(revision: number | null, known: number | null): boolean {
  return revision !== null && known !== null && revision < known;
}

/**
 * The cart's conversations with the server (spec §4, §8). Online and logged
 * in, every change is a command whose answer becomes the cart shown; offline
 * or as a visitor, changes stay local (kept under offlineCart) and are merged
 * into the server cart when the user becomes known or the connection returns.
 */
export function cartFlows(api: FlowApi, syncAttempts: number) {
  const { dispatch } = api;
  const local = localCartFlows(api);
  let busyDepth = 0;

  const notify = (tone: NoticeTone, text: string) => dispatch(noticeShown(tone, text));
  const stillSignedIn = (userId: string) => api.session().userId === userId;

  function adopt({ cart, revision }: CartAnswer): void {
    dispatch(
      serverCartReceived({ itens: linesFromDto(cart), revision, position: cart.position ?? null }),
    );
  }

  function wentOffline(text: string): void {
    dispatch(serverUnreachable());
    notify('info', text);
  }

  async function whileBusy(work: () => Promise<void>): Promise<void> {
    busyDepth += 1;
    if (busyDepth === 1) dispatch(busyChanged(true));
    try {
      await work();
    } finally {
      busyDepth -= 1;
      if (busyDepth === 0) dispatch(busyChanged(false));
    }
  }

  async function load(userId: string): Promise<Outcome> {
    const result = await dispatch(
      cartQueryApi.endpoints.getCart.initiate(
        { userId, minPosition: api.cart().position },
        { subscribe: false, forceRefetch: true },
      ),
    );
    if (result.data) return { ok: true, answer: result.data };
    return { ok: false, failure: classifyFailure(result.error) };
  }

  async function sync(
    userId: string,
    itens: readonly CartLine[],
    revision: number | null,
  ): Promise<Outcome> {
    const body = syncCartBodySchema.safeParse({
      userId,
      itens: itens.map((line) => ({ item: itemRef(line.item), quantidade: line.quantidade })),
    });
    if (!body.success) return invalidRequest(body.error.issues[0]?.message);
    const request = dispatch(
      cartCommandApi.endpoints.syncCart.initiate({ body: body.data, revision }),
    );
    const result = await request;
    request.reset();
    return outcomeOf(result);
  }

  function commandFailed(kind: CartErrorKind, failure: CartCallFailure): void {
    switch (failure.kind) {
      case 'connection':
        wentOffline(cartMessages.usingOfflineData);
        return;
      case 'forbidden':
        notify('error', cartMessages.authFailed);
        return;
      case 'conflict':
        notify('error', cartErrorMessage(kind, cartMessages.changedElsewhere));
        return;
      case 'unauthenticated':
      case 'other':
        notify('error', cartErrorMessage(kind, failure.detail));
        return;
      default:
        failure satisfies never;
    }
  }

  /**
   * Login, a stored session or a reconnect (spec §4): the server cart is
   * loaded (unless the cart was just cleared) and, when there are local
   * changes, merged with them — same item: local quantity wins; other server
   * lines appended — and synced with If-Match; a 412 merges again with the
   * cart it returns. Without local changes the server cart is simply shown.
   */
  async function syncWithServer(): Promise<void> {
    const session = api.session();
    if (!reachable(session)) return;
    const { userId } = session;
    await whileBusy(async () => {
      const start = api.cart();
      if (start.cleared) {
        // The emptied cart (and what was added since) is the whole truth: no reload, no merge.
        if (!start.pendingSync) return;
        const pushed = await sync(userId, start.itens, null);
        if (!stillSignedIn(userId)) return;
        if (!pushed.ok) return commandFailed('sync', pushed.failure);
        adopt(pushed.answer);
        notify('success', cartMessages.synced);
        return;
      }
      const loaded = await load(userId);
      if (!stillSignedIn(userId)) return;
      if (!loaded.ok) return commandFailed('load', loaded.failure);
      let server = loaded.answer;
      const local = api.cart();
      if (!local.pendingSync) {
        if (!isStale(server.revision, local.revision)) adopt(server);
        return;
      }
      for (let attempt = 1; attempt <= syncAttempts; attempt += 1) {
        const serverLines = linesFromDto(server.cart);
        const merged = mergeCarts(local.itens, serverLines);
        if (sameContents(merged, serverLines)) {
          adopt(server);
          return;
        }
        const result = await sync(userId, merged, server.revision);
        if (!stillSignedIn(userId)) return;
        if (result.ok) {
          adopt(result.answer);
          notify('success', cartMessages.synced);
          return;
        }
        if (result.failure.kind !== 'conflict') return commandFailed('sync', result.failure);
        server = { cart: result.failure.cart, revision: result.failure.revision };
      }
      notify('error', cartErrorMessage('sync', cartMessages.changedElsewhere));
    });
  }

  /** Local changes go to the server before a command, so its answer does not hide them. */
  async function syncedFirst(): Promise<boolean> {
    if (!api.cart().pendingSync) return true;
    await syncWithServer();
    return !api.cart().pendingSync;
  }

  async function add(line: CartLine): Promise<void> {
    const broken = limitBroken(mergeLine(api.cart().itens, line));
    if (broken) {
      notify('error', cartErrorMessage('add', broken));
      return;
    }
    const session = api.session();
    if (!reachable(session)) {
      local.add(line);
      return;
    }
    if (!(await syncedFirst())) {
      dispatch(lineAddedLocally(line));
      if (!api.session().online) notify('info', cartMessages.addedOffline);
      return;
    }
    const { userId } = session;
    await whileBusy(async () => {
      const body = addToCartBodySchema.safeParse({
        userId,
        item: itemRef(line.item),
        quantidade: line.quantidade,
      });
      if (!body.success) {
        notify('error', cartErrorMessage('add', body.error.issues[0]?.message ?? ''));
        return;
      }
      const request = dispatch(cartCommandApi.endpoints.addCartItem.initiate(body.data));
      const result = outcomeOf(await request);
      request.reset();
      if (!stillSignedIn(userId)) return;
      if (result.ok) {
        adopt(result.answer);
        dispatch(addedNotice(addedMessage(line.item.nome, line.quantidade)));
        return;
      }
      const { failure } = result;
      switch (failure.kind) {
        case 'connection':
          dispatch(lineAddedLocally(line));
          wentOffline(cartMessages.addedOfflineAfterNetworkError);
          return;
        case 'unauthenticated':
          notify('error', cartMessages.loginToAddOnline);
          return;
        default:
          commandFailed('add', failure);
      }
    });
  }

  /**
   * A quantity change or a removal: the wanted cart is synced with If-Match of
   * the revision shown; on 412 the same intent is applied to the cart the
   * server returned and tried again, so another tab's change is kept.
   */
  async function change(intent: CartIntent, kind: 'update' | 'remove'): Promise<void> {
    const offlineText = offlineChangeText(kind);
    const changeLocally = () => local.change(intent, kind, false);
    const session = api.session();
    if (!reachable(session)) {
      local.change(intent, kind);
      return;
    }
    if (!(await syncedFirst())) {
      changeLocally();
      if (!api.session().online) notify('info', offlineText);
      return;
    }
    const { userId } = session;
    await whileBusy(async () => {
      let wanted = applyIntent(api.cart().itens, intent);
      let revision = api.cart().revision;
      let latest: CartAnswer | null = null;
      for (let attempt = 1; attempt <= syncAttempts; attempt += 1) {
        const result = await sync(userId, wanted, revision);
        if (!stillSignedIn(userId)) return;
        if (result.ok) {
          adopt(result.answer);
          return;
        }
        const { failure } = result;
        if (failure.kind === 'connection') {
          changeLocally();
          wentOffline(offlineText);
          return;
        }
        if (failure.kind !== 'conflict') return commandFailed(kind, failure);
        latest = { cart: failure.cart, revision: failure.revision };
        wanted = applyIntent(linesFromDto(failure.cart), intent);
        revision = failure.revision;
      }
      // Still refused: show the cart as it now is rather than a change that did not happen.
      if (latest) adopt(latest);
      notify('error', cartErrorMessage(kind, cartMessages.changedElsewhere));
    });
  }

  async function clear(): Promise<void> {
    const session = api.session();
    if (!reachable(session)) {
      local.clear();
      return;
    }
    const { userId } = session;
    await whileBusy(async () => {
      const request = dispatch(cartCommandApi.endpoints.clearCart.initiate({ userId }));
      const result = outcomeOf(await request);
      request.reset();
      if (!stillSignedIn(userId)) return;
      if (result.ok) {
        const { cart, revision } = result.answer;
        dispatch(clearedOnServer({ revision, position: cart.position ?? null }));
        return;
      }
      // Emptied here anyway (spec §8); the next sync takes the empty cart to the server.
      dispatch(clearedLocally());
      if (result.failure.kind === 'connection') wentOffline(cartMessages.clearedOffline);
      else commandFailed('clear', result.failure);
    });
  }

  return { add, change, clear, syncWithServer };
}
