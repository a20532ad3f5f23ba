/**
 * Card checkout (product-spec §4 Subscription, §8 Payment): create a checkout session, remember it and
 * where the user came from, then open the checkout in a new tab (or go there in this one).
 */
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { billingApi } from '../../api/billing.api';
import { isApiError } from '../../api/base-query';
import { toast } from '../../components/toast';
import { STORAGE_KEYS, writeString } from '../../lib/storage';
import type { SessionState } from '../session/session.slice';

type State = { session: SessionState };
type Thunk<R> = ThunkAction<R, State, unknown, UnknownAction>;

export interface CheckoutOptions {
  /** new-tab: open the checkout beside the app (the caller then shows /payment-processing); redirect: go there. */
  mode: 'new-tab' | 'redirect';
  /** The page to come back to after payment, stored as payment_referrer. */
  referrer: string;
  /** The feature gate words its errors differently (product-spec §8 Payment). */
  wording?: 'default' | 'feature-gate';
}

type Toast = [title: string, description: string];

const ERRORS: Record<'default' | 'feature-gate', { failed: (message?: string) => Toast; noUrl: Toast }> = {
  default: {
    failed: (message) => ['Error', message || 'Failed to create checkout session'],
    noUrl: ['Setup Error', 'No checkout URL received from server'],
  },
  'feature-gate': {
    failed: () => ['Payment Error', 'Failed to create payment session. Please try again later.'],
    noUrl: ['Setup Error', 'Unable to create payment session. Please try again.'],
  },
};

/** A blocked popup: copy the URL so the user can paste it; if even that fails, show it. */
async function offerUrl(url: string): Promise<void> {
  try {
    if (!navigator.clipboard) throw new Error('No clipboard');
    await navigator.clipboard.writeText(url);
    toast.info(
      'URL Copied to Clipboard',
      'Your browser blocked the checkout tab. Paste the link into a new tab to pay.',
    );
  } catch {
    toast.warning('Popup Blocked', `Open this link to complete your payment: ${url}`);
  }
}

function openInNewTab(url: string): boolean {
  const popup = window.open(url, '_blank');
  if (!popup) return false;
  // The checkout page has no business with this window.
  popup.opener = null;
  return true;
}

/** Resolves true once the checkout page was opened (or offered), false when no session could be made. */
export function startCheckout({
  mode,
  referrer,
  wording = 'default',
}: CheckoutOptions): Thunk<Promise<boolean>> {
  return async (dispatch, getState) => {
    const errors = ERRORS[wording];
    const userId = getState().session.user?.id;
    let checkout;
    try {
      if (!userId) throw new Error('Authentication required');
      checkout = await dispatch(billingApi.endpoints.createCheckoutSession.initiate({ userId })).unwrap();
    } catch (error) {
      console.error('Checkout session failed', error);
      const message = isApiError(error) || error instanceof Error ? error.message : undefined;
      toast.error(...errors.failed(message));
      return false;
    }
    if (!checkout?.checkoutUrl) {
      toast.error(...errors.noUrl);
      return false;
    }
    if (checkout.sessionId) writeString(STORAGE_KEYS.paymentSessionId, checkout.sessionId);
    writeString(STORAGE_KEYS.paymentReferrer, referrer);
    if (mode === 'redirect') {
      window.location.assign(checkout.checkoutUrl);
      return true;
    }
    if (!openInNewTab(checkout.checkoutUrl)) await offerUrl(checkout.checkoutUrl);
    return true;
  };
}
