import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { FEEDBACK_MS, MESSAGE_MS } from '../../config/ui';
import { mergeLine } from './model/cart-rules';
import type { CartLine, CartNotice, CartState, NoticeTone, WithCart } from './model/cart-types';

export const initialCartState: CartState = {
  itens: [],
  revision: null,
  position: null,
  pendingSync: false,
  cleared: false,
  busy: false,
  notice: null,
  noticeSeq: 0,
};

/** A cart as the server answered it: its lines, its ETag revision, the command's position. */
export interface ServerCart {
  itens: CartLine[];
  revision: number | null;
  position: number | null;
}

function seePosition(state: CartState, position: number | null): void {
  if (position !== null && (state.position === null || position > state.position)) {
    state.position = position;
  }
}

export const cartSlice = createSlice({
  name: 'cart',
  initialState: initialCartState,
  reducers: {
    /** A line that already passed decideAdd, kept locally until the server sees it. */
    lineAddedLocally(state, action: PayloadAction<CartLine>) {
      state.itens = mergeLine(state.itens, action.payload);
      state.pendingSync = true;
    },
    /** The cart after a change made without the server (offline, visitor, failed call). */
    linesSetLocally(state, action: PayloadAction<CartLine[]>) {
      state.itens = action.payload;
      state.pendingSync = true;
    },
    clearedLocally(state) {
      state.itens = [];
      state.pendingSync = true;
      state.cleared = true;
    },
    /** The server's cart is the truth when online and logged in: it replaces the local one. */
    serverCartReceived(state, action: PayloadAction<ServerCart>) {
      state.itens = action.payload.itens;
      state.revision = action.payload.revision;
      state.pendingSync = false;
      seePosition(state, action.payload.position);
    },
    clearedOnServer(state, action: PayloadAction<Omit<ServerCart, 'itens'>>) {
      state.itens = [];
      state.revision = action.payload.revision;
      state.pendingSync = false;
      state.cleared = true;
      seePosition(state, action.payload.position);
    },
    /**
     * A paid order took the cart: the server checks it out by itself, so it is
     * only emptied here, and not reloaded over (the server's checkout may not
     * have happened yet).
     */
    checkedOut(state) {
      state.itens = [];
      state.pendingSync = false;
      state.cleared = true;
    },
    busyChanged(state, action: PayloadAction<boolean>) {
      state.busy = action.payload;
    },
    noticeShown: {
      reducer(state, action: PayloadAction<{ tone: NoticeTone; text: string; ttlMs: number }>) {
        state.noticeSeq += 1;
        state.notice = { id: state.noticeSeq, ...action.payload };
      },
      prepare(tone: NoticeTone, text: string, ttlMs: number = MESSAGE_MS) {
        return { payload: { tone, text, ttlMs } };
      },
    },
    noticeDismissed(state, action: PayloadAction<number>) {
      if (state.notice?.id === action.payload) state.notice = null;
    },
    /** Logout, or a login as someone else: nothing of the previous cart stays (spec §4). */
    cartReset(state) {
      return { ...initialCartState, noticeSeq: state.noticeSeq };
    },
  },
});

export const {
  lineAddedLocally,
  linesSetLocally,
  clearedLocally,
  serverCartReceived,
  clearedOnServer,
  checkedOut,
  busyChanged,
  noticeShown,
  noticeDismissed,
  cartReset,
} = cartSlice.actions;
export const cartReducer = cartSlice.reducer;

/** The short note after a successful add (spec §9: feedback 3 s). */
export const addedNotice = (text: string) => noticeShown('success', text, FEEDBACK_MS);

/*
 * What the customer (or the session) asks of the cart. They change nothing by
 * themselves: the cart flows (cart-flows.ts) run them one at a time, against
 * the server when online and logged in, else locally.
 */
export const addRequested = createAction<CartLine>('cart/addRequested');
export const quantityChangeRequested = createAction<{ index: number; quantidade: number }>(
  'cart/quantityChangeRequested',
);
export const removeRequested = createAction<{ index: number }>('cart/removeRequested');
export const clearRequested = createAction('cart/clearRequested');
/** The user became known or the connection came back: merge the local cart with the server's. */
export const serverSyncRequested = createAction('cart/serverSyncRequested');
/** A cart call got no answer: the app marks the connection offline. */
export const serverUnreachable = createAction('cart/serverUnreachable');

export const selectCart = (state: WithCart): CartState => state.cart;
export const selectCartLines = (state: WithCart): CartLine[] => state.cart.itens;
export const selectCartLineCount = (state: WithCart): number => state.cart.itens.length;
export const selectCartBusy = (state: WithCart): boolean => state.cart.busy;
export const selectCartNotice = (state: WithCart): CartNotice | null => state.cart.notice;
