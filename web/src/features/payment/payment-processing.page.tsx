/** Payment processing `/payment-processing` (product-spec §2, §4): shown after the card checkout redirect. */
import Button from 'antd/es/button';
import Result from 'antd/es/result';
import Spin from 'antd/es/spin';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { STORAGE_KEYS, readString, removeKey, writeString } from '../../lib/storage';
import { SUPPORT_EMAIL } from '../billing/payment-failed';
import { SubscriptionStatusCard } from '../billing/subscription-status-card';
import { usePaymentProcessing, type PaymentState } from './payment-processing.state';
import './payment-processing.css';

const COPY: Record<PaymentState, { title: string; text: string }> = {
  processing: {
    title: 'Processing Your Payment',
    text: 'Please wait while we confirm your payment. This page updates automatically.',
  },
  success: {
    title: 'Payment Successful!',
    text: 'Welcome to Pro! Your subscription is now active.',
  },
  failed: {
    title: 'Payment Failed',
    text: `We could not confirm your payment. Please try again or contact ${SUPPORT_EMAIL}.`,
  },
  canceled: {
    title: 'Payment Canceled',
    text: 'Your payment was canceled and you have not been charged.',
  },
  expired: {
    title: 'Payment Timeout',
    text: 'We could not confirm your payment within 5 minutes. If you completed the payment, it can take a little longer to appear.',
  },
  auth_required: {
    title: 'Login Required',
    text: 'Please log in again to confirm your payment.',
  },
};

const STATUS: Record<PaymentState, 'success' | 'error' | 'warning' | 'info'> = {
  processing: 'info',
  success: 'success',
  failed: 'error',
  canceled: 'warning',
  expired: 'warning',
  auth_required: 'warning',
};

export default function PaymentProcessingPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const { state, tryAgain } = usePaymentProcessing(location.search);
  const copy = COPY[state];

  function continueToApp() {
    const referrer = readString(STORAGE_KEYS.paymentReferrer);
    removeKey(STORAGE_KEYS.paymentReferrer);
    void navigate(
      referrer && referrer.startsWith('/') && !referrer.startsWith('//') ? referrer : '/dashboard',
    );
  }

  function logInAgain() {
    writeString(STORAGE_KEYS.redirectAfterLogin, `${location.pathname}${location.search}`);
    void navigate('/login');
  }

  const dashboard = (
    <Button key="dashboard" onClick={() => void navigate('/dashboard')}>
      Back to Dashboard
    </Button>
  );
  const actions: Record<PaymentState, ReactNode[]> = {
    processing: [],
    success: [
      <Button key="continue" type="primary" onClick={continueToApp}>
        Continue
      </Button>,
    ],
    failed: [
      <Button key="retry" type="primary" onClick={tryAgain}>
        Try Again
      </Button>,
      dashboard,
    ],
    canceled: [
      <Button key="plans" type="primary" onClick={() => void navigate('/pricing')}>
        View Plans
      </Button>,
      dashboard,
    ],
    expired: [
      <Button key="retry" type="primary" onClick={tryAgain}>
        Try Again
      </Button>,
      dashboard,
    ],
    auth_required: [
      <Button key="login" type="primary" onClick={logInAgain}>
        Go to Login
      </Button>,
    ],
  };

  return (
    <main className="payment-page" data-state={state}>
      <section className="payment-page__card" aria-live="polite">
        <Result
          status={STATUS[state]}
          icon={state === 'processing' ? <Spin size="large" aria-hidden="true" /> : undefined}
          title={<h1 className="payment-page__title">{copy.title}</h1>}
          subTitle={copy.text}
          extra={actions[state].length > 0 ? actions[state] : undefined}
        />
        {state === 'success' && <SubscriptionStatusCard />}
      </section>
    </main>
  );
}
