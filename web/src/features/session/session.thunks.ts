/** Session transitions of product-spec §4: start-up check, sign-in, logout, expiry, and where to go next. */
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { api } from '../../app/api';
import { catalogApi } from '../../api/catalog.api';
import { identityApi, type User } from '../../api/identity.api';
import {
  LOGOUT_KEYS,
  STORAGE_KEYS,
  readJson,
  readString,
  removeKey,
  removeKeys,
  writeJson,
  writeString,
} from '../../lib/storage';
import { expired, initialized, userCleared, userSet } from './session.slice';
import type { SessionState } from './session.slice';

type State = { session: SessionState };
type Thunk<R = void> = ThunkAction<R, State, unknown, UnknownAction>;

export function readStoredUser(): User | null {
  const user = readJson<User>(STORAGE_KEYS.user);
  return user && typeof user.id === 'string' ? user : null;
}

/** Stores the user; a different user than before clears the onboarding draft. */
export function signedIn(user: User): Thunk {
  return (dispatch) => {
    const previous = readStoredUser();
    if (previous && previous.id !== user.id) removeKey(STORAGE_KEYS.onboardingProductData);
    writeJson(STORAGE_KEYS.user, user);
    dispatch(userSet(user));
  };
}

/** Forgets the user locally: the listed storage keys and the whole data cache. */
export function clearSession(): Thunk {
  return (dispatch) => {
    removeKeys(LOGOUT_KEYS);
    dispatch(api.util.resetApiState());
    dispatch(userCleared());
  };
}

/**
 * Start-up check: a stored user is validated against GET /api/user/me. The same id refreshes the
 * stored user; anything else (another id, an error) clears the session silently.
 */
export function startSession(): Thunk<Promise<void>> {
  return async (dispatch) => {
    const stored = readStoredUser();
    if (stored) {
      const result = await dispatch(
        identityApi.endpoints.getMe.initiate(undefined, { subscribe: false, forceRefetch: true }),
      );
      if (result.data && result.data.id === stored.id) dispatch(signedIn(result.data));
      else dispatch(clearSession());
    }
    dispatch(initialized());
  };
}

/** Logout, first half: POST /api/logout (best effort). The caller leaves the page, then clears the session. */
export function endServerSession(): Thunk<Promise<void>> {
  return async (dispatch) => {
    try {
      await dispatch(identityApi.endpoints.logout.initiate()).unwrap();
    } catch (error) {
      console.error('Logout failed', error);
    }
  };
}

/** Logout in one step, for callers that are not on a guarded page. */
export function logout(): Thunk<Promise<void>> {
  return async (dispatch) => {
    await dispatch(endServerSession());
    dispatch(clearSession());
  };
}

/** A 401 or 'Authentication' error: log out, remember where the user was, show the expired screen. */
export function expireSession(redirectTo: string): Thunk {
  return (dispatch) => {
    dispatch(clearSession());
    writeString(STORAGE_KEYS.redirectAfterLogin, redirectTo);
    dispatch(expired());
  };
}

/** Where to go after login: the remembered page (full load), else the last product, else onboarding. */
export type AfterLogin = { kind: 'reload'; url: string } | { kind: 'navigate'; to: string };

export function destinationAfterLogin(): Thunk<Promise<AfterLogin>> {
  return async (dispatch) => {
    const redirect = readString(STORAGE_KEYS.redirectAfterLogin);
    if (redirect) {
      removeKey(STORAGE_KEYS.redirectAfterLogin);
      return { kind: 'reload', url: redirect };
    }
    try {
      const products = await dispatch(
        catalogApi.endpoints.getProducts.initiate(undefined, { subscribe: false, forceRefetch: true }),
      ).unwrap();
      const last = Array.isArray(products) ? products[products.length - 1] : undefined;
      if (last) return { kind: 'navigate', to: `/products/${encodeURIComponent(last.id)}` };
    } catch (error) {
      console.error('Failed to fetch products after login', error);
    }
    return { kind: 'navigate', to: '/onboarding-name' };
  };
}

/** product-spec §4: after sign-up, onboarding, with the upgrade offer for the pro plan. */
export function destinationAfterSignup(plan: 'free' | 'pro'): string {
  return plan === 'pro' ? '/onboarding-name?showUpgrade=true' : '/onboarding-name';
}

/** product-spec §4: the plan query value counts only when it is free or pro. */
export function readPlan(search: string): 'free' | 'pro' {
  const plan = new URLSearchParams(search).get('plan');
  return plan === 'pro' ? 'pro' : 'free';
}
