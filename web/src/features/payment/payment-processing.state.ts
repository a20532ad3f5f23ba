/**
 * The payment page's states (product-spec §4 Payment page states): verify the checkout session, poll the
 * subscription every 3 s, give up after 300 s, and 'Login Required' after 5 authentication errors.
 */
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { useEffect, useRef, useState } from 'react';
import { isApiError, isAuthError } from '../../api/base-query';
import { billingApi, showsPaidSubscription, useGetStripeConfigQuery } from '../../api/billing.api';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { STORAGE_KEYS, readString, removeKey } from '../../lib/storage';
import { broadcastPaymentSuccess, refreshUser } from '../billing/payment-signal';
import type { SessionState } from '../session/session.slice';

export type PaymentState = 'processing' | 'success' | 'failed' | 'canceled' | 'expired' | 'auth_required';

export const PAYMENT_TIMING = {
  pollMs: 3_000,
  timeoutMs: 300_000,
  devVerifyMs: 30_000,
  authRetries: 5,
  /** Identity mirrors the new plan from a billing event, so the user may lag the subscription briefly. */
  userRefreshTries: 10,
  userRefreshMs: 1_000,
};

type Thunk<R> = ThunkAction<R, { session: SessionState }, unknown, UnknownAction>;
type VerifyEndpoint = 'verifyPayment' | 'verifyPaymentDev';

/** Refreshes the user until it shows the active plan (or the tries run out). */
export function refreshUserUntilActive(): Thunk<Promise<void>> {
  return async (dispatch) => {
    for (let attempt = 0; attempt < PAYMENT_TIMING.userRefreshTries; attempt += 1) {
      const user = await dispatch(refreshUser());
      if (!user || user.subscriptionStatus === 'active') return;
      await new Promise((resolve) => setTimeout(resolve, PAYMENT_TIMING.userRefreshMs));
    }
  };
}

function initialState(search: string, signedIn: boolean): PaymentState {
  if (new URLSearchParams(search).get('upgrade') === 'canceled') return 'canceled';
  return signedIn ? 'processing' : 'auth_required';
}

export function usePaymentProcessing(search: string) {
  const dispatch = useAppDispatch();
  const user = useAppSelector((state) => state.session.user);
  const [state, setState] = useState<PaymentState>(() => initialState(search, Boolean(user)));
  const [attempt, setAttempt] = useState(0);
  const sessionId =
    new URLSearchParams(search).get('session_id') ?? readString(STORAGE_KEYS.paymentSessionId);

  // The dev retry needs to know the environment, which must not restart the timers when it arrives.
  const config = useGetStripeConfigQuery();
  const isDevelopment = useRef(false);
  isDevelopment.current = config.data?.environment === 'development';

  useEffect(() => {
    if (!user) setState((current) => (current === 'processing' ? 'auth_required' : current));
  }, [user]);

  useEffect(() => {
    if (state !== 'processing') return;
    let settled = false;
    let authErrors = 0;
    const settle = (next: PaymentState) => {
      if (settled) return;
      settled = true;
      setState(next);
    };

    async function poll() {
      const result = await dispatch(
        billingApi.endpoints.pollPaymentSubscription.initiate(undefined, {
          subscribe: false,
          forceRefetch: true,
        }),
      );
      if (settled) return;
      if (result.data) {
        authErrors = 0;
        if (showsPaidSubscription(result.data)) settle('success');
      } else if (isApiError(result.error) && isAuthError(result.error)) {
        authErrors += 1;
        if (authErrors >= PAYMENT_TIMING.authRetries) settle('auth_required');
      }
    }

    async function verify(endpoint: VerifyEndpoint) {
      if (!sessionId) return;
      try {
        const answer = await dispatch(billingApi.endpoints[endpoint].initiate({ sessionId })).unwrap();
        if (answer.success) settle('success');
        else if (answer.payment_status === 'failed') settle('failed');
      } catch (error) {
        // product-spec §4: a verification failure falls back to polling the subscription.
        console.warn('Payment verification failed; polling the subscription instead', error);
      }
    }

    void verify('verifyPayment').then(poll);
    const pollTimer = setInterval(() => void poll(), PAYMENT_TIMING.pollMs);
    const devTimer = setInterval(() => {
      if (isDevelopment.current) void verify('verifyPaymentDev');
    }, PAYMENT_TIMING.devVerifyMs);
    const timeout = setTimeout(() => settle('expired'), PAYMENT_TIMING.timeoutMs);
    return () => {
      settled = true;
      clearInterval(pollTimer);
      clearInterval(devTimer);
      clearTimeout(timeout);
    };
  }, [state, attempt, sessionId, dispatch]);

  useEffect(() => {
    if (state !== 'success') return;
    removeKey(STORAGE_KEYS.paymentSessionId);
    broadcastPaymentSuccess();
    void dispatch(refreshUserUntilActive());
  }, [state, dispatch]);

  function tryAgain() {
    setAttempt((count) => count + 1);
    setState('processing');
  }

  return { state, tryAgain };
}
