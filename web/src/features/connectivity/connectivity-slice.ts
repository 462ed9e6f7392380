import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface ConnectivityState {
  online: boolean;
}

function browserSaysOnline(): boolean {
  return typeof navigator === 'undefined' ? true : navigator.onLine;
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
