/** The refund-duplicate-payment job: a subscription paid while its user was already Pro is canceled and refunded at Stripe. */
import { defineJob, type Logger, type RegisteredJob } from '@tracklens/kit';
import { z } from 'zod';
import { DUPLICATE_PAYMENT_QUEUE, type Billing } from '../domain/billing';

export function refundDuplicatePaymentJob(billing: Billing, logger: Pick<Logger, 'error'>): RegisteredJob {
  return defineJob({
    ...DUPLICATE_PAYMENT_QUEUE,
    payload: z.object({ subscriptionId: z.string().min(1) }),
    handle: ({ subscriptionId }) => billing.refundDuplicatePayment(subscriptionId),
    onGiveUp: async ({ subscriptionId }, error) => {
      // Every retry failed: a person has to cancel and refund it in the Stripe dashboard.
      logger.error({ err: error, subscriptionId }, 'duplicate subscription NOT canceled or refunded; do it in Stripe');
      return 'The duplicate subscription could not be canceled and refunded at Stripe';
    },
  });
}
