/** Any 401 or 'Authentication' error of a signed-in user ends the session (product-spec §4, §8). */
import {
  createListenerMiddleware,
  isRejectedWithValue,
  type ThunkDispatch,
  type UnknownAction,
} from '@reduxjs/toolkit';
import { isApiError, isAuthError } from '../../api/base-query';
import type { SessionState } from './session.slice';
import { expireSession } from './session.thunks';

// Sign-in answers 401 for a wrong password; that is a form error, not an expired session. The payment
// page counts its own authentication errors (product-spec §8: 5 retries, then 'Login Required').
const IGNORED_ENDPOINTS = new Set(['login', 'register', 'logout', 'pollPaymentSubscription']);

type State = { session: SessionState };

export const sessionListener = createListenerMiddleware<
  State,
  ThunkDispatch<State, unknown, UnknownAction>
>();

sessionListener.startListening({
  matcher: isRejectedWithValue,
  effect: (action, listenerApi) => {
    const { session } = listenerApi.getState();
    // The start-up check clears a stale session silently; a visitor has no session to expire.
    if (!session.initialized || !session.user) return;
    const meta = (action as { meta?: { arg?: { endpointName?: string } } }).meta;
    if (meta?.arg?.endpointName && IGNORED_ENDPOINTS.has(meta.arg.endpointName)) return;
    if (!isApiError(action.payload) || !isAuthError(action.payload)) return;
    const here = typeof window === 'undefined' ? '/' : `${window.location.pathname}${window.location.search}`;
    listenerApi.dispatch(expireSession(here));
  },
});
