/**
 * Whether the upgrade dialog is open and why (product-spec §2 Upgrade dialog, §8 codes with upgradeRequired).
 * Any screen opens it with `upgradeRequested(...)`; the dialog host in the signed-in layout renders it.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface UpgradeReason {
  /** UPLOAD_RESTRICTED | TRACKING_PLAN_RESTRICTED | ANALYTICS_MESSAGE_RESTRICTED | TRIAL_PROMPTS; absent: the generic dialog. */
  code?: string;
  /** UPLOAD_RESTRICTED over 300 s: the video's length. */
  videoDuration?: number;
  videoDurationMinutes?: number;
}

export interface UpgradeState {
  open: boolean;
  reason: UpgradeReason;
}

const initialState: UpgradeState = { open: false, reason: {} };

export const upgradeSlice = createSlice({
  name: 'upgrade',
  initialState,
  reducers: {
    upgradeRequested(state, action: PayloadAction<UpgradeReason | undefined>) {
      state.open = true;
      state.reason = action.payload ?? {};
    },
    upgradeDismissed(state) {
      state.open = false;
    },
  },
});

export const { upgradeRequested, upgradeDismissed } = upgradeSlice.actions;
export const upgradeReducer = upgradeSlice.reducer;
