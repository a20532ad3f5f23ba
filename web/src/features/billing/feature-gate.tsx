/**
 * The feature gate (product-spec §2, §4 Subscription): a past_due or canceled subscription shows the
 * payment-failed panel, a free user past 1000 prompts the limit-reached panel, anyone else the feature.
 */
import Button from 'antd/es/button';
import type { ReactNode } from 'react';
import { useGetSubscriptionQuery } from '../../api/billing.api';
import { useAppSelector } from '../../app/hooks';
import { LoadingScreen } from '../../components/loading-screen';
import { PaymentFailedText } from './payment-failed';
import { TRIAL_PROMPTS } from '@tracklens/contracts/limits';
import { isPaymentFailed } from './plan-limits';
import { useCheckout } from './use-checkout';
import './billing.css';

export type GatedFeature = 'video_upload' | 'chat' | 'analytics' | 'tracking_plan';

/** product-spec §7 Polling: the subscription every 30 s in the feature gate. */
const POLL_MS = 30_000;

function GatePanel({
  feature,
  title,
  children,
  actions,
}: {
  feature: GatedFeature;
  title: string;
  children: ReactNode;
  actions: ReactNode;
}) {
  return (
    <section className="feature-gate" data-feature={feature} aria-labelledby={`feature-gate-${feature}`}>
      <h2 id={`feature-gate-${feature}`} className="feature-gate__title">
        {title}
      </h2>
      {children}
      <div className="feature-gate__actions">{actions}</div>
    </section>
  );
}

export function FeatureGate({ feature, children }: { feature: GatedFeature; children: ReactNode }) {
  const user = useAppSelector((state) => state.session.user);
  const { data, isLoading } = useGetSubscriptionQuery(undefined, { skip: !user, pollingInterval: POLL_MS });
  const renew = useCheckout('redirect', 'feature-gate');
  const upgrade = useCheckout('new-tab', 'feature-gate');

  if (isLoading) return <LoadingScreen />;
  // Without billing's answer the stored user decides; the server enforces the limits anyway.
  const status = data?.subscriptionStatus ?? user?.subscriptionStatus;

  if (isPaymentFailed(status)) {
    return (
      <GatePanel
        feature={feature}
        title="Payment Failed"
        actions={
          <>
            <Button loading={renew.pending} onClick={() => void renew.start()}>
              Update Payment Method
            </Button>
            <Button type="primary" loading={renew.pending} onClick={() => void renew.start()}>
              Retry Payment
            </Button>
          </>
        }
      >
        <PaymentFailedText status={status} />
      </GatePanel>
    );
  }

  if (status !== 'active' && (data?.promptsUsed ?? 0) >= TRIAL_PROMPTS) {
    return (
      <GatePanel
        feature={feature}
        title="Upgrade Required"
        actions={
          <Button type="primary" loading={upgrade.pending} onClick={() => void upgrade.start()}>
            Upgrade to Pro
          </Button>
        }
      >
        <p className="feature-gate__text">
          You&apos;ve used all 1000 free prompts. Upgrade to Pro for unlimited access.
        </p>
      </GatePanel>
    );
  }

  return <>{children}</>;
}
