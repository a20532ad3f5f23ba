/** The signed-in user, whether the start-up check has run, and whether the session just expired. */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { User } from '../../api/identity.api';

export interface SessionState {
  user: User | null;
  /** product-spec §4: the app counts as initialised only after the stored user was checked. */
  initialized: boolean;
  /** Set when a 401 or 'Authentication' error ended the session; shows the session-expired screen. */
  expired: boolean;
}

export const initialSessionState: SessionState = { user: null, initialized: false, expired: false };

export const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    userSet(state, action: PayloadAction<User>) {
      state.user = action.payload;
      state.expired = false;
    },
    userCleared(state) {
      state.user = null;
    },
    initialized(state) {
      state.initialized = true;
    },
    expired(state) {
      state.user = null;
      state.expired = true;
    },
    expiryAcknowledged(state) {
      state.expired = false;
    },
  },
});

export const { userSet, userCleared, initialized, expired, expiryAcknowledged } = sessionSlice.actions;
export const sessionReducer = sessionSlice.reducer;
