/**
 * The payment success signal between tabs (product-spec §4 Subscription): the tab that saw the payment
 * go through tells the others, which refresh the user.
 */
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { api } from '../../app/api';
import { identityApi } from '../../api/identity.api';
import type { SessionState } from '../session/session.slice';
import { signedIn } from '../session/session.thunks';

const CHANNEL = 'tracklens-payment';
const PAYMENT_SUCCEEDED = 'payment-succeeded';

type State = { session: SessionState };

function openChannel(): BroadcastChannel | null {
  return typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
}

export function broadcastPaymentSuccess(): void {
  const channel = openChannel();
  if (!channel) return;
  channel.postMessage({ type: PAYMENT_SUCCEEDED });
  channel.close();
}

/** Calls `onSuccess` whenever another tab reports a payment; returns the unsubscribe. */
export function onPaymentSuccess(onSuccess: () => void): () => void {
  const channel = openChannel();
  if (!channel) return () => undefined;
  channel.onmessage = (event: MessageEvent<unknown>) => {
    const data = event.data;
    if (
      typeof data === 'object' &&
      data !== null &&
      (data as { type?: unknown }).type === PAYMENT_SUCCEEDED
    ) {
      onSuccess();
    }
  };
  return () => channel.close();
}

/**
 * Reloads the signed-in user (GET /api/user/me) into the session and marks the user and the
 * subscription stale, so every screen sees the new plan. Resolves the refreshed user, or null.
 */
export function refreshUser(): ThunkAction<Promise<SessionState['user']>, State, unknown, UnknownAction> {
  return async (dispatch, getState) => {
    const current = getState().session.user;
    if (!current) return null;
    const result = await dispatch(
      identityApi.endpoints.getMe.initiate(undefined, { subscribe: false, forceRefetch: true }),
    );
    // After the fetch: invalidating first would drop the very request made here.
    dispatch(api.util.invalidateTags(['User', 'Subscription']));
    if (!result.data || result.data.id !== current.id) return null;
    dispatch(signedIn(result.data));
    return result.data;
  };
}
