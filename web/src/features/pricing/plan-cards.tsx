/**
 * The two plan cards of product-spec §2 and §6: Free at $0, Pro at $59/month with 'Most Popular'.
 * A visitor's Pro button goes to sign-up; a signed-in free user's starts the card checkout.
 */
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';

interface Plan {
  id: 'free' | 'pro';
  name: string;
  price: string;
  period?: string;
  features: string[];
  action: string;
  popular?: boolean;
}

const PLANS: Plan[] = [
  {
    id: 'free',
    name: 'Free',
    price: '$0',
    features: [
      '1 tracking plan per month',
      '10 analytics strategy chats per month',
      '1 video per month of up to 5 minutes',
      'Email support',
    ],
    action: 'Start Free Trial',
  },
  {
    id: 'pro',
    name: 'Pro',
    price: '$59',
    period: '/month',
    features: [
      'Unlimited tracking plans, strategies and video length',
      'Advanced AI video analysis',
      'Priority email and chat support',
    ],
    action: 'Upgrade to Pro',
    popular: true,
  },
];

function Check() {
  return (
    <svg viewBox="0 0 20 20" className="plan-card__check" aria-hidden="true" focusable="false">
      <circle cx="10" cy="10" r="10" />
      <path
        d="M6 10.5l2.5 2.5L14 7.5"
        fill="none"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

const BUTTON_CLASSES = 'tl-button tl-button--large tl-button--block';

/** The signed-in Pro button; the checkout code (and the UI library its messages use) loads on the click. */
function CheckoutButton({ label }: { label: string }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const [pending, setPending] = useState(false);

  async function checkout() {
    setPending(true);
    try {
      const { startCheckout } = await import('../billing/checkout');
      const opened = await dispatch(
        startCheckout({ mode: 'new-tab', referrer: `${location.pathname}${location.search}` }),
      );
      if (opened) await navigate('/payment-processing');
    } finally {
      setPending(false);
    }
  }

  return (
    <button
      type="button"
      className={`${BUTTON_CLASSES} tl-button--primary`}
      disabled={pending}
      aria-busy={pending}
      onClick={() => void checkout()}
    >
      {label}
    </button>
  );
}

function PlanAction({ plan }: { plan: Plan }) {
  const user = useAppSelector((state) => state.session.user);
  if (plan.id === 'pro' && user && user.subscriptionStatus !== 'active') {
    return <CheckoutButton label={plan.action} />;
  }
  return (
    <Link
      to={`/signup?plan=${plan.id}`}
      className={`${BUTTON_CLASSES} ${plan.popular ? 'tl-button--primary' : 'tl-button--outline'}`}
    >
      {plan.action}
    </Link>
  );
}

export function PlanCards({ headingLevel = 3 }: { headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="plan-cards">
      {PLANS.map((plan) => (
        <article
          key={plan.id}
          className={`plan-card${plan.popular ? ' plan-card--popular' : ''}`}
          aria-labelledby={`plan-${plan.id}`}
          data-testid={`plan-${plan.id}`}
        >
          {plan.popular && <span className="plan-card__badge">Most Popular</span>}
          <Heading id={`plan-${plan.id}`} className="plan-card__name">
            {plan.name}
          </Heading>
          <p className="plan-card__price">
            <span className="plan-card__amount">{plan.price}</span>
            {plan.period && <span className="plan-card__period">{plan.period}</span>}
          </p>
          <ul className="plan-card__features">
            {plan.features.map((feature) => (
              <li key={feature}>
                <Check />
                <span>{feature}</span>
              </li>
            ))}
          </ul>
          <PlanAction plan={plan} />
        </article>
      ))}
    </div>
  );
}
