/** The subscription pieces of product-spec §2: the feature gate, the status card and the prompts bar. */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { initialSessionState } from '../session/session.slice';
import { answerRoutes, json } from '../../test/api-routes';
import { clearToasts, ignorePseudoElementStyles } from '../../test/antd-jsdom';
import { aSubscription, aUser } from '../../test/factories';
import { useTestServer } from '../../test/http-server';
import { renderWithProviders } from '../../test/render';
import type { SubscriptionInfo } from '../../api/billing.api';
import { FeatureGate } from './feature-gate';
import { SubscriptionStatusCard } from './subscription-status-card';
import { TrialPromptBar } from './trial-prompt-bar';

const server = useTestServer();

beforeEach(async () => {
  localStorage.clear();
  ignorePseudoElementStyles();
});

afterEach(async () => {
  await clearToasts();
  jest.restoreAllMocks();
});

const pro = aSubscription({
  subscriptionStatus: 'active',
  hasActiveSubscription: true,
  promptsUsed: 1500,
  promptsRemaining: null,
  currentPeriodEnd: '2026-08-01T00:00:00.000Z',
});

function render(element: ReactElement, subscription: SubscriptionInfo | [number, unknown]) {
  const [status, body] = Array.isArray(subscription) ? subscription : [200, subscription];
  answerRoutes(server, {
    'GET /api/user/subscription': json(status, body),
    'POST /api/create-checkout-session': json(500, { message: 'Boom' }),
  });
  return renderWithProviders([{ path: '/products/:productId/tracking-plan', element }], {
    initialPath: '/products/p1/tracking-plan',
    preloadedState: { session: { ...initialSessionState, initialized: true, user: aUser() } },
  });
}

describe(FeatureGate.name, () => {
  const gated = (
    <FeatureGate feature="tracking_plan">
      <p>Tracking plan feature</p>
    </FeatureGate>
  );

  it('should render the feature for a free user within the limits', async () => {
    render(gated, aSubscription({ promptsUsed: 999 }));
    expect(await screen.findByText('Tracking plan feature')).toBeTruthy();
  });

  it('should replace the feature with the payment-failed panel for a past_due subscription', async () => {
    render(gated, aSubscription({ subscriptionStatus: 'past_due' }));
    expect(await screen.findByRole('heading', { name: 'Payment Failed' })).toBeTruthy();
    expect(
      screen.getByText(
        'Your monthly payment is overdue. Please update your payment method to continue using Pro features.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry Payment' })).toBeTruthy();
    expect(screen.queryByText('Tracking plan feature')).toBeNull();
  });

  it('should replace the feature with the payment-failed panel for a canceled subscription', async () => {
    render(gated, aSubscription({ subscriptionStatus: 'canceled' }));
    expect(
      await screen.findByText(
        'Your subscription has been canceled due to payment issues. Renew your subscription to regain access.',
      ),
    ).toBeTruthy();
  });

  it('should show the limit-reached panel to a free user with 1000 prompts used', async () => {
    render(gated, aSubscription({ subscriptionStatus: 'trial', promptsUsed: 1000, promptsRemaining: 0 }));
    expect(await screen.findByRole('heading', { name: 'Upgrade Required' })).toBeTruthy();
    expect(
      screen.getByText("You've used all 1000 free prompts. Upgrade to Pro for unlimited access."),
    ).toBeTruthy();
    expect(screen.queryByText('Tracking plan feature')).toBeNull();
  });

  it('should let a Pro user through whatever the prompt count', async () => {
    render(gated, pro);
    expect(await screen.findByText('Tracking plan feature')).toBeTruthy();
  });

  it("should word a failed checkout as 'Payment Error' in the gate", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    render(gated, aSubscription({ promptsUsed: 1200 }));
    fireEvent.click(await screen.findByRole('button', { name: 'Upgrade to Pro' }));
    expect(await screen.findByText('Failed to create payment session. Please try again later.')).toBeTruthy();
    expect(screen.getByText('Payment Error')).toBeTruthy();
  });
});

describe(SubscriptionStatusCard.name, () => {
  it("should show a free user's plan and this month's usage against the limits", async () => {
    render(<SubscriptionStatusCard />, aSubscription({ videosUploaded: 1, analyticsMessages: 4 }));
    expect(await screen.findByRole('heading', { name: 'Free plan' })).toBeTruthy();
    const usage = (label: string) => screen.getByText(label).nextElementSibling?.textContent;
    expect(usage('Videos')).toBe('1/1');
    expect(usage('Tracking plans')).toBe('0/1');
    expect(usage('Analytics messages')).toBe('4/10');
  });

  it('should show Pro as unlimited', async () => {
    render(<SubscriptionStatusCard />, pro);
    expect(await screen.findByRole('heading', { name: 'Pro plan' })).toBeTruthy();
    expect(screen.getByText('Active')).toBeTruthy();
    expect(screen.getAllByText('Unlimited')).toHaveLength(3);
  });

  it('should say why the status could not be loaded', async () => {
    render(<SubscriptionStatusCard />, [403, { message: 'Billing is not available' }]);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Unable to load subscription status: Billing is not available',
    );
  });
});

describe(TrialPromptBar.name, () => {
  it('should show the prompts used out of 1000 and open the upgrade dialog', async () => {
    const { store } = render(
      <TrialPromptBar />,
      aSubscription({ subscriptionStatus: 'trial', promptsUsed: 250 }),
    );
    const bar = await screen.findByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('250');
    expect(screen.getByText('250 / 1000 free prompts used')).toBeTruthy();
    expect((bar.firstElementChild as HTMLElement).style.width).toBe('25%');
    fireEvent.click(screen.getByRole('button', { name: 'Upgrade to Pro' }));
    expect(store.getState().upgrade.open).toBe(true);
  });

  it.each([
    ['Pro', pro],
    ['the Free plan, whose limits are per feature', aSubscription({ promptsUsed: 3 })],
  ])('should be hidden on %s', async (_plan, subscription) => {
    render(<TrialPromptBar />, subscription);
    await waitFor(() => expect(server.requests).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
