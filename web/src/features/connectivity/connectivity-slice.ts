import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface ConnectivityState {
  online: boolean;
}

/**
 * Online unless a browser says otherwise. Node.js 22 and later have a global
 * `navigator` without `onLine`: the prerendered pages, rendered at build time,
 * must not take that for "offline" (they would ship the offline banner).
 */
export function browserSaysOnline(): boolean {
  return typeof navigator === 'undefined' || typeof navigator.onLine !== 'boolean'
    ? true
    : navigator.onLine;
}

export const connectivitySlice = createSlice({
  name: 'connectivity',
  initialState: (): ConnectivityState => ({ online: browserSaysOnline() }),
  reducers: {
    connectivityChanged(state, action: PayloadAction<boolean>) {
      state.online = action.payload;
    },
  },
});

export const { connectivityChanged } = connectivitySlice.actions;
export const connectivityReducer = connectivitySlice.reducer;

export const selectIsOnline = (state: { connectivity: ConnectivityState }): boolean =>
  state.connectivity.online;
