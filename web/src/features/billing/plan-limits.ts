/** Plan rules the billing screens check (the numbers are @tracklens/contracts/limits). */
/** product-spec §4: past_due and canceled subscriptions show the payment-failed dialog and panels. */
export function isPaymentFailed(status: string | undefined): status is 'past_due' | 'canceled' {
  return status === 'past_due' || status === 'canceled';
}
