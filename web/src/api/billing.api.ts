/** billing: subscription, checkout and payment verification (product-spec §7, ARCHITECTURE §3). */
import type {
  CheckoutResponse,
  StripeConfig,
  SubscriptionInfo,
  VerifyPaymentResponse,
} from '@tracklens/contracts';
import { api } from '../app/api';

export type { CheckoutResponse, StripeConfig, SubscriptionInfo, VerifyPaymentResponse };

export const billingApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSubscription: build.query<SubscriptionInfo, void>({
      query: () => '/api/user/subscription',
      providesTags: ['Subscription'],
      // product-spec §9: the subscription query retries up to 3 times.
      extraOptions: { maxRetries: 3 },
    }),
    /**
     * The payment page's own poll of the subscription. A separate endpoint because that page counts
     * authentication errors itself (5, then 'Login Required') instead of ending the session at the first.
     */
    pollPaymentSubscription: build.query<SubscriptionInfo, void>({
      query: () => '/api/user/subscription',
      // Each poll is a forced one-off fetch: nothing to invalidate, and no retry (the next poll is one).
      extraOptions: { maxRetries: 0 },
    }),
    getStripeConfig: build.query<StripeConfig, void>({
      query: () => '/api/stripe/config',
      providesTags: ['PaymentConfig'],
    }),
    createCheckoutSession: build.mutation<CheckoutResponse, { userId: string }>({
      query: (body) => ({ url: '/api/create-checkout-session', method: 'POST', body }),
    }),
    verifyPayment: build.mutation<VerifyPaymentResponse, { sessionId: string }>({
      query: (body) => ({ url: '/api/verify-payment', method: 'POST', body }),
      invalidatesTags: (result) => (result?.success ? ['Subscription', 'User'] : []),
    }),
    /** Development only (the built-in checkout): confirms a session without a payment provider. */
    verifyPaymentDev: build.mutation<VerifyPaymentResponse, { sessionId: string }>({
      query: (body) => ({ url: '/api/verify-payment-dev', method: 'POST', body }),
      invalidatesTags: (result) => (result?.success ? ['Subscription', 'User'] : []),
    }),
  }),
});

export const {
  useGetSubscriptionQuery,
  useGetStripeConfigQuery,
  useCreateCheckoutSessionMutation,
  useVerifyPaymentMutation,
  useVerifyPaymentDevMutation,
} = billingApi;

/** product-spec §4 Payment page states: when a subscription shows that the payment went through. */
export function showsPaidSubscription(subscription: SubscriptionInfo): boolean {
  if (subscription.subscriptionStatus === 'active') return true;
  if (subscription.stripeCustomerId && subscription.subscriptionStatus !== 'trial') return true;
  return Boolean(subscription.stripeSubscriptionId);
}
