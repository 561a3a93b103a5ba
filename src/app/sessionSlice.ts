import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AdminInfo } from '../lib/admin';

// The admin's session snapshot, and nothing else: no tokens (Firebase Auth keeps the session and
// refreshes its own ID token) and no userInfo (shoppers have no accounts; docs/departures.md).
export interface SessionState {
  adminInfo: AdminInfo | null;
}

const initialState: SessionState = { adminInfo: null };

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    loggedIn(state, action: PayloadAction<AdminInfo>) {
      state.adminInfo = action.payload;
    },
    loggedOut(state) {
      state.adminInfo = null;
    },
    adminInfoUpdated(state, action: PayloadAction<Partial<Omit<AdminInfo, 'uid'>>>) {
      if (state.adminInfo) state.adminInfo = { ...state.adminInfo, ...action.payload };
    },
  },
  selectors: {
    selectAdminInfo: (state) => state.adminInfo,
  },
});

export const { loggedIn, loggedOut, adminInfoUpdated } = sessionSlice.actions;
export const { selectAdminInfo } = sessionSlice.selectors;
