/**
 * The payment-failed dialog (product-spec §2, §4, §8): a past_due or canceled subscription, once per
 * session, closable; Retry Payment and Update Payment Method both go to a new checkout.
 */
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import { useEffect, useState } from 'react';
import { useGetSubscriptionQuery } from '../../api/billing.api';
import { useAppSelector } from '../../app/hooks';
import { isPaymentFailed } from './plan-limits';
import { useCheckout } from './use-checkout';

export const SUPPORT_EMAIL = 'support@tracklens.app';

const TEXT = {
  past_due:
    'Your monthly payment is overdue. Please update your payment method to continue using Pro features.',
  canceled:
    'Your subscription has been canceled due to payment issues. Renew your subscription to regain access.',
} as const;

export function PaymentFailedText({ status }: { status: 'past_due' | 'canceled' }) {
  return (
    <>
      <p className="payment-failed__text">{TEXT[status]}</p>
      <p className="payment-failed__support">
        Need help? Contact <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
      </p>
    </>
  );
}

// Once per browser session, across reloads of the tab.
const SHOWN_KEY = 'payment_failed_dialog_shown';

function wasShown(): boolean {
  try {
    return sessionStorage.getItem(SHOWN_KEY) === '1';
  } catch {
    return false;
  }
}

function markShown(): void {
  try {
    sessionStorage.setItem(SHOWN_KEY, '1');
  } catch {
    // Without sessionStorage the dialog shows once per page load.
  }
}

/** The subscription status that counts: the billing service's, else the signed-in user's mirror of it. */
export function useSubscriptionStatus(): string | undefined {
  const user = useAppSelector((state) => state.session.user);
  const subscription = useGetSubscriptionQuery(undefined, { skip: !user });
  return subscription.data?.subscriptionStatus ?? user?.subscriptionStatus;
}

export function PaymentFailedDialog() {
  const status = useSubscriptionStatus();
  const [open, setOpen] = useState(false);
  const checkout = useCheckout('redirect');

  useEffect(() => {
    if (isPaymentFailed(status) && !wasShown()) {
      markShown();
      setOpen(true);
    }
  }, [status]);

  if (!open || !isPaymentFailed(status)) return null;
  return (
    <Modal
      open
      title="Payment Failed"
      onCancel={() => setOpen(false)}
      classNames={{ footer: 'billing-modal__footer' }}
      centered
      footer={[
        <Button key="update" loading={checkout.pending} onClick={() => void checkout.start()}>
          Update Payment Method
        </Button>,
        <Button key="retry" type="primary" loading={checkout.pending} onClick={() => void checkout.start()}>
          Retry Payment
        </Button>,
      ]}
    >
      <PaymentFailedText status={status} />
    </Modal>
  );
}
