/** The subscription status card (product-spec §2 Subscription UI pieces): plan, status and this month's usage. */
import type { SubscriptionInfo } from '../../api/billing.api';
import { useGetSubscriptionQuery } from '../../api/billing.api';
import { isApiError } from '../../api/base-query';
import { useAppSelector } from '../../app/hooks';
import { FREE_LIMITS } from '@tracklens/contracts/limits';
import './billing.css';

const STATUS_LABELS: Record<SubscriptionInfo['subscriptionStatus'], string> = {
  free: 'Free',
  trial: 'Trial',
  active: 'Active',
  past_due: 'Past due',
  canceled: 'Canceled',
};

function errorMessage(error: unknown): string {
  if (isApiError(error)) return error.message;
  return error instanceof Error ? error.message : 'Unknown error';
}

function UsageRow({ label, used, limit, pro }: { label: string; used: number; limit: number; pro: boolean }) {
  return (
    <div className="subscription-card__usage-row">
      <dt>{label}</dt>
      <dd>{pro ? 'Unlimited' : `${used}/${limit}`}</dd>
    </div>
  );
}

export function SubscriptionStatusCard() {
  const user = useAppSelector((state) => state.session.user);
  const { data, error, isLoading } = useGetSubscriptionQuery(undefined, { skip: !user });

  if (error) {
    return (
      <section className="subscription-card" aria-label="Subscription">
        <p role="alert" className="subscription-card__error">
          Unable to load subscription status: {errorMessage(error)}
        </p>
      </section>
    );
  }
  if (isLoading || !data) {
    return (
      <section className="subscription-card" aria-label="Subscription" aria-busy="true">
        <p className="subscription-card__muted">Loading...</p>
      </section>
    );
  }

  const pro = data.subscriptionStatus === 'active';
  const renews = pro && data.currentPeriodEnd ? new Date(data.currentPeriodEnd) : null;
  return (
    <section className="subscription-card" aria-labelledby="subscription-card-title">
      <header className="subscription-card__header">
        <h2 id="subscription-card-title" className="subscription-card__plan">
          {pro ? 'Pro' : 'Free'} plan
        </h2>
        <span className={`subscription-card__status subscription-card__status--${data.subscriptionStatus}`}>
          {STATUS_LABELS[data.subscriptionStatus]}
        </span>
      </header>
      {renews && !Number.isNaN(renews.getTime()) && (
        <p className="subscription-card__muted">Renews on {renews.toLocaleDateString()}</p>
      )}
      <h3 className="subscription-card__usage-title">Usage this month</h3>
      <dl className="subscription-card__usage">
        <UsageRow label="Videos" used={data.videosUploaded} limit={FREE_LIMITS.videosPerMonth} pro={pro} />
        <UsageRow
          label="Tracking plans"
          used={data.trackingPlansGenerated}
          limit={FREE_LIMITS.trackingPlansPerMonth}
          pro={pro}
        />
        <UsageRow
          label="Analytics messages"
          used={data.analyticsMessages}
          limit={FREE_LIMITS.analyticsMessagesPerMonth}
          pro={pro}
        />
      </dl>
    </section>
  );
}
