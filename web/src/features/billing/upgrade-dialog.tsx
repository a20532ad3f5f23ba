/**
 * The upgrade dialog (product-spec §2): Free vs Pro, 'Upgrade to Pro' and 'Continue with Free Plan'.
 * Its title and text follow the cause (§8); it never shows to a Pro user.
 */
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import { useGetStripeConfigQuery, useGetSubscriptionQuery } from '../../api/billing.api';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { TRIAL_PROMPTS } from '@tracklens/contracts/limits';
import { upgradeDismissed, type UpgradeReason } from './upgrade.slice';
import { useCheckout } from './use-checkout';

const FREE_SECONDS = 300;

export interface UpgradeCopy {
  title: string;
  text: string;
}

function minutesOf(reason: UpgradeReason, seconds: number): number {
  return reason.videoDurationMinutes ?? Math.round(seconds / 6) / 10;
}

/** Title and text of the dialog for a cause (product-spec §8, codes with upgradeRequired). */
export function upgradeCopy(reason: UpgradeReason, promptsUsed = 0): UpgradeCopy {
  switch (reason.code) {
    case 'UPLOAD_RESTRICTED': {
      const seconds = reason.videoDuration ?? (reason.videoDurationMinutes ?? 0) * 60;
      if (seconds > FREE_SECONDS) {
        return {
          title: 'Video Exceeds Free Plan Limit',
          text: `Your video (${minutesOf(reason, seconds)} minutes) exceeds the 5-minute limit for free users. Upgrade to Pro for unlimited video length.`,
        };
      }
      return {
        title: 'Monthly Video Limit Reached',
        text: "You've reached your free plan limit of 1 video per month. Upgrade to Pro for unlimited video uploads.",
      };
    }
    case 'TRACKING_PLAN_RESTRICTED':
      return {
        title: 'Monthly Tracking Plan Limit Reached',
        text: "You've reached your free plan limit of 1 tracking plan per month",
      };
    case 'ANALYTICS_MESSAGE_RESTRICTED':
      return {
        title: 'Monthly Analytics Messages Limit Reached',
        text: "You've reached your free plan limit of 10 analytics strategy messages per month",
      };
    default:
      if (reason.code === 'TRIAL_PROMPTS' || (!reason.code && promptsUsed >= TRIAL_PROMPTS)) {
        return {
          title: 'Upgrade Required',
          text: "You've used all 1000 free prompts. Upgrade to Pro for unlimited access.",
        };
      }
      return { title: 'Upgrade to Pro', text: 'Unlock unlimited features with Pro plan.' };
  }
}

const FREE_FEATURES = [
  '1 tracking plan per month',
  '10 analytics strategy chats per month',
  '1 video per month of up to 5 minutes',
  'Email support',
];

const PRO_FEATURES = [
  'Unlimited tracking plans, strategies and video length',
  'Advanced AI video analysis',
  'Priority email and chat support',
];

function PlanColumn({
  name,
  price,
  features,
  recommended = false,
}: {
  name: string;
  price: string;
  features: string[];
  recommended?: boolean;
}) {
  return (
    <section
      className={`upgrade-plan${recommended ? ' upgrade-plan--pro' : ''}`}
      aria-label={`${name} plan`}
      data-testid={`upgrade-plan-${name.toLowerCase()}`}
    >
      <header className="upgrade-plan__header">
        <h3 className="upgrade-plan__name">{name}</h3>
        {recommended && <span className="upgrade-plan__badge">Recommended</span>}
      </header>
      <p className="upgrade-plan__price">
        <strong>{price}</strong>
        {recommended && <span>/month</span>}
      </p>
      <ul className="upgrade-plan__features">
        {features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
    </section>
  );
}

export function UpgradeDialog() {
  const dispatch = useAppDispatch();
  const { open, reason } = useAppSelector((state) => state.upgrade);
  const user = useAppSelector((state) => state.session.user);
  const subscription = useGetSubscriptionQuery(undefined, { skip: !open || !user });
  // product-spec §7: the payment provider is set up with the publishable key when the dialog opens.
  useGetStripeConfigQuery(undefined, { skip: !open });
  const checkout = useCheckout('new-tab');

  const isPro = user?.subscriptionStatus === 'active' || subscription.data?.subscriptionStatus === 'active';
  // Wait for the subscription: it decides whether a Pro user (whose stored user may lag) sees nothing.
  if (!open || !user || isPro || subscription.isLoading) return null;

  const copy = upgradeCopy(reason, subscription.data?.promptsUsed);
  const close = () => dispatch(upgradeDismissed());

  async function upgrade() {
    if (await checkout.start()) close();
  }

  return (
    <Modal
      open
      title={copy.title}
      onCancel={close}
      width={720}
      classNames={{ footer: 'billing-modal__footer' }}
      centered
      footer={[
        <Button key="free" onClick={close}>
          Continue with Free Plan
        </Button>,
        <Button key="pro" type="primary" loading={checkout.pending} onClick={() => void upgrade()}>
          Upgrade to Pro
        </Button>,
      ]}
    >
      <p className="upgrade-dialog__text">{copy.text}</p>
      <div className="upgrade-dialog__plans">
        <PlanColumn name="Free" price="$0" features={FREE_FEATURES} />
        <PlanColumn name="Pro" price="$59" features={PRO_FEATURES} recommended />
      </div>
    </Modal>
  );
}
