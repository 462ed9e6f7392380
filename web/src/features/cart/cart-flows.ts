import { createListenerMiddleware, type ThunkDispatch, type UnknownAction } from '@reduxjs/toolkit';
import { CART_SYNC_ATTEMPTS } from '../../config/api';
import type * as CartFlowSteps from './cart-flow-steps';
import { localCartFlows } from './cart-local-flows';
import {
  addRequested,
  clearRequested,
  noticeDismissed,
  noticeShown,
  quantityChangeRequested,
  removeRequested,
  serverSyncRequested,
  serverUnreachable,
} from './cart-slice';
import { cartMessages } from './model/cart-messages';
import { decideQuantityChange, decideRemove, type ChangeDecision } from './model/cart-rules';
import type { CartSession, WithCart } from './model/cart-types';

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
  let steps: Promise<typeof CartFlowSteps> | null = null;

  // The server conversation (and the schemas it parses with) is loaded apart, keeping the
  // validation library out of the first page's code; a failed load is tried again next time.
  function loadSteps() {
    steps ??= import('./cart-flow-steps').catch((error: unknown) => {
      steps = null;
      throw error;
    });
    return steps;
  }

  /**
   * What one request does on the server (`server`) and, when the server cannot be
   * reached — offline, a visitor, or its code not loadable because the network just
   * went — in this browser only (`local`; `failed` says the network failed under it).
   */
  interface CartJob {
    server: (flows: ReturnType<typeof CartFlowSteps.cartFlows>) => Promise<void>;
    local: (flows: ReturnType<typeof localCartFlows>, failed: boolean) => void;
  }

  function serially(
    listenerApi: { dispatch: ThunkDispatch<S, unknown, UnknownAction>; getState: () => S },
    job: CartJob,
  ): Promise<void> {
    const requestedBy = selectSession(listenerApi.getState()).userId;
    const run = queue.then(async () => {
      // A user's request still queued at their logout is not carried out for whoever follows
      // (a visitor's is: their cart becomes the new user's anyway, spec §4).
      const session = selectSession(listenerApi.getState());
      if (requestedBy !== null && session.userId !== requestedBy) return;
      const local = localCartFlows({
        dispatch: listenerApi.dispatch,
        cart: () => listenerApi.getState().cart,
      });
      if (session.userId === null || !session.online) {
        job.local(local, false);
        return;
      }
      let loaded: typeof CartFlowSteps;
      try {
        loaded = await loadSteps();
      } catch {
        listenerApi.dispatch(serverUnreachable());
        job.local(local, true);
        return;
      }
      const flows = loaded.cartFlows(
        {
          dispatch: listenerApi.dispatch,
          cart: () => listenerApi.getState().cart,
          session: () => selectSession(listenerApi.getState()),
        },
        syncAttempts,
      );
      await job.server(flows);
    });
    queue = run.catch(() => undefined);
    return run;
  }

  // Loaded as soon as someone logs in, while the network is there, so a change made after
  // the connection drops does not depend on fetching code.
  startListening({
    predicate: (_action, current, previous) =>
      selectSession(current).userId !== null && selectSession(previous).userId === null,
    effect: () => {
      loadSteps().catch(() => undefined);
    },
  });

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
    effect: (action, listenerApi) =>
      serially(listenerApi, {
        server: (flows) => flows.add(action.payload),
        local: (local, failed) =>
          local.add(
            action.payload,
            failed ? cartMessages.addedOfflineAfterNetworkError : cartMessages.addedOffline,
          ),
      }),
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
      return serially(listenerApi, {
        server: (flows) => flows.change(intent, 'update'),
        local: (local) => local.change(intent, 'update'),
      });
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
      return serially(listenerApi, {
        server: (flows) => flows.change(intent, 'remove'),
        local: (local) => local.change(intent, 'remove'),
      });
    },
  });
  startListening({
    actionCreator: clearRequested,
    effect: (_action, listenerApi) =>
      serially(listenerApi, { server: (flows) => flows.clear(), local: (local) => local.clear() }),
  });
  startListening({
    actionCreator: serverSyncRequested,
    effect: (_action, listenerApi) =>
      serially(listenerApi, {
        server: (flows) => flows.syncWithServer(),
        // Nothing to merge with: the local cart waits for the next reconnect or login.
        local: () => undefined,
      }),
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
