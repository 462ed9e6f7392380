import { createListenerMiddleware, type ThunkDispatch, type UnknownAction } from '@reduxjs/toolkit';
import { CART_SYNC_ATTEMPTS } from '../../config/api';
import type { cartFlows } from './cart-flow-steps';
import {
  addRequested,
  clearRequested,
  noticeDismissed,
  noticeShown,
  quantityChangeRequested,
  removeRequested,
  serverSyncRequested,
} from './cart-slice';
import { decideQuantityChange, decideRemove, type ChangeDecision } from './model/cart-rules';
import type { CartState } from './model/cart-types';

/** Who is using the cart and whether the server can be reached; read from the app's state. */
export interface CartSession {
  userId: string | null;
  online: boolean;
}

export interface WithCart {
  cart: CartState;
}

export interface CartFlowsOptions<S extends WithCart> {
  selectSession: (state: S) => CartSession;
  /** Tries of a sync the server refuses with 412 because another tab changed the cart. */
  syncAttempts?: number;
}

/**
 * Runs the cart's requests one at a time, in the order they were made (no
 * answer can overtake another), and clears each message after its time.
 */
export function cartFlowsMiddleware<S extends WithCart>({
  selectSession,
  syncAttempts = CART_SYNC_ATTEMPTS,
}: CartFlowsOptions<S>) {
  const listener = createListenerMiddleware();
  const startListening = listener.startListening.withTypes<
    S,
    ThunkDispatch<S, unknown, UnknownAction>
  >();
  let queue: Promise<void> = Promise.resolve();

  function serially(
    listenerApi: { dispatch: ThunkDispatch<S, unknown, UnknownAction>; getState: () => S },
    work: (flows: ReturnType<typeof cartFlows>) => Promise<void>,
  ): Promise<void> {
    const requestedBy = selectSession(listenerApi.getState()).userId;
    const run = queue.then(async () => {
      // A user's request still queued at their logout is not carried out for whoever follows
      // (a visitor's is: their cart becomes the new user's anyway, spec §4).
      const now = selectSession(listenerApi.getState()).userId;
      if (requestedBy !== null && now !== requestedBy) return;
      // The server conversation (and the schemas it parses with) loads on the first request,
      // keeping the validation library out of the first page's code.
      const steps = await import('./cart-flow-steps');
      const flows = steps.cartFlows(
        {
          dispatch: listenerApi.dispatch,
          cart: () => listenerApi.getState().cart,
          session: () => selectSession(listenerApi.getState()),
        },
        syncAttempts,
      );
      await work(flows);
    });
    queue = run.catch(() => undefined);
    return run;
  }

  /** Index-based requests are decided at once, against the lines the customer saw. */
  function decided(
    decision: ChangeDecision,
    listenerApi: { dispatch: ThunkDispatch<S, unknown, UnknownAction> },
  ) {
    if (!decision.ok) listenerApi.dispatch(noticeShown('error', decision.message));
    return decision.ok ? decision.intent : null;
  }

  startListening({
    actionCreator: addRequested,
    effect: (action, listenerApi) => serially(listenerApi, (flows) => flows.add(action.payload)),
  });
  startListening({
    actionCreator: quantityChangeRequested,
    effect: (action, listenerApi) => {
      const { index, quantidade } = action.payload;
      const intent = decided(
        decideQuantityChange(listenerApi.getState().cart.itens, index, quantidade),
        listenerApi,
      );
      if (!intent) return;
      return serially(listenerApi, (flows) => flows.change(intent, 'update'));
    },
  });
  startListening({
    actionCreator: removeRequested,
    effect: (action, listenerApi) => {
      const intent = decided(
        decideRemove(listenerApi.getState().cart.itens, action.payload.index),
        listenerApi,
      );
      if (!intent) return;
      return serially(listenerApi, (flows) => flows.change(intent, 'remove'));
    },
  });
  startListening({
    actionCreator: clearRequested,
    effect: (_action, listenerApi) => serially(listenerApi, (flows) => flows.clear()),
  });
  startListening({
    actionCreator: serverSyncRequested,
    effect: (_action, listenerApi) => serially(listenerApi, (flows) => flows.syncWithServer()),
  });

  startListening({
    actionCreator: noticeShown,
    effect: async (_action, listenerApi) => {
      const notice = listenerApi.getState().cart.notice;
      if (!notice) return;
      await listenerApi.delay(notice.ttlMs);
      listenerApi.dispatch(noticeDismissed(notice.id));
    },
  });

  return listener.middleware;
}
