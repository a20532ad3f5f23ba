/**
 * The billing pieces every signed-in page has: the upgrade dialog, the payment-failed dialog, and the
 * refresh of the user when another tab reports a payment.
 */
import { useEffect } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { PaymentFailedDialog } from './payment-failed';
import { onPaymentSuccess, refreshUser } from './payment-signal';
import { UpgradeDialog } from './upgrade-dialog';
import './billing.css';

function usePaymentSuccessFromOtherTabs(): void {
  const dispatch = useAppDispatch();
  useEffect(() => onPaymentSuccess(() => void dispatch(refreshUser())), [dispatch]);
}

export function BillingDialogs() {
  usePaymentSuccessFromOtherTabs();
  return (
    <>
      <UpgradeDialog />
      <PaymentFailedDialog />
    </>
  );
}
