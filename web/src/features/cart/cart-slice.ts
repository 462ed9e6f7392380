import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { mergeLine } from './model/cart-rules';
import type { CartLine, CartState } from './model/cart-types';

export const initialCartState: CartState = { itens: [] };

export const cartSlice = createSlice({
  name: 'cart',
  initialState: initialCartState,
  reducers: {
    /** A line that already passed decideAdd. */
    lineAdded(state, action: PayloadAction<CartLine>) {
      state.itens = mergeLine(state.itens, action.payload);
    },
    cartCleared(state) {
      state.itens = [];
    },
  },
});

export const { lineAdded, cartCleared } = cartSlice.actions;
export const cartReducer = cartSlice.reducer;

interface WithCart {
  cart: CartState;
}

export const selectCartLines = (state: WithCart): CartLine[] => state.cart.itens;
export const selectCartLineCount = (state: WithCart): number => state.cart.itens.length;
