import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { billingApi } from '../../api/billing.api';
import { initialSessionState } from '../session/session.slice';
import { STORAGE_KEYS } from '../../lib/storage';
import { answerRoutes, json, requestsTo } from '../../test/api-routes';
import { aSubscription, aUser } from '../../test/factories';
import { useTestServer } from '../../test/http-server';
import { clearToasts, ignorePseudoElementStyles } from '../../test/antd-jsdom';
import { renderWithProviders } from '../../test/render';
import { BillingDialogs } from './billing-dialogs';
import { UpgradeDialog, upgradeCopy } from './upgrade-dialog';
import { upgradeRequested, type UpgradeReason } from './upgrade.slice';

const server = useTestServer();

beforeEach(async () => {
  localStorage.clear();
  ignorePseudoElementStyles();
});

afterEach(async () => {
  await clearToasts();
  jest.restoreAllMocks();
});

const CHECKOUT_URL = 'http://127.0.0.1:9/api/billing/checkout/cs_test_abc';

function serveBilling(
  subscription = aSubscription(),
  checkout: unknown = { checkoutUrl: CHECKOUT_URL, sessionId: 'cs_test_abc' },
) {
  answerRoutes(server, {
    'GET /api/user/subscription': json(200, subscription),
    'GET /api/stripe/config': json(200, { publishableKey: 'pk_test_dev', environment: 'development' }),
    'POST /api/create-checkout-session': json(200, checkout),
  });
}

function renderDialogs(user = aUser()) {
  return renderWithProviders(
    [
      {
        path: '/onboarding-name',
        element: (
          <>
            <p>Onboarding</p>
            <BillingDialogs />
          </>
        ),
      },
      { path: '/payment-processing', element: <p>Payment page</p> },
    ],
    {
      initialPath: '/onboarding-name',
      preloadedState: { session: { ...initialSessionState, initialized: true, user } },
    },
  );
}

async function openDialog(reason?: UpgradeReason, user = aUser()) {
  const view = renderDialogs(user);
  act(() => {
    view.store.dispatch(upgradeRequested(reason));
  });
  return view;
}

describe('upgradeCopy', () => {
  it.each<[string, UpgradeReason, number, string, string]>([
    [
      'a video over 5 minutes',
      { code: 'UPLOAD_RESTRICTED', videoDuration: 420, videoDurationMinutes: 7 },
      0,
      'Video Exceeds Free Plan Limit',
      'Your video (7 minutes) exceeds the 5-minute limit for free users. Upgrade to Pro for unlimited video length.',
    ],
    [
      'the monthly video',
      { code: 'UPLOAD_RESTRICTED' },
      0,
      'Monthly Video Limit Reached',
      "You've reached your free plan limit of 1 video per month. Upgrade to Pro for unlimited video uploads.",
    ],
    [
      'a video of exactly 5 minutes',
      { code: 'UPLOAD_RESTRICTED', videoDuration: 300 },
      0,
      'Monthly Video Limit Reached',
      "You've reached your free plan limit of 1 video per month. Upgrade to Pro for unlimited video uploads.",
    ],
    [
      'the monthly tracking plan',
      { code: 'TRACKING_PLAN_RESTRICTED' },
      0,
      'Monthly Tracking Plan Limit Reached',
      "You've reached your free plan limit of 1 tracking plan per month",
    ],
    [
      'the analytics messages',
      { code: 'ANALYTICS_MESSAGE_RESTRICTED' },
      0,
      'Monthly Analytics Messages Limit Reached',
      "You've reached your free plan limit of 10 analytics strategy messages per month",
    ],
    [
      'the used-up free prompts',
      {},
      1000,
      'Upgrade Required',
      "You've used all 1000 free prompts. Upgrade to Pro for unlimited access.",
    ],
    ['no particular cause', {}, 999, 'Upgrade to Pro', 'Unlock unlimited features with Pro plan.'],
  ])('should word the dialog for %s', (_cause, reason, promptsUsed, title, text) => {
    expect(upgradeCopy(reason, promptsUsed)).toEqual({ title, text });
  });

  it('should work out the minutes from the seconds when the server does not send them', () => {
    expect(upgradeCopy({ code: 'UPLOAD_RESTRICTED', videoDuration: 450 }).text).toContain('(7.5 minutes)');
  });
});

describe(UpgradeDialog.name, () => {
  it('should compare Free and Pro with the cause as title and fetch the payment config', async () => {
    serveBilling();
    await openDialog({ code: 'TRACKING_PLAN_RESTRICTED' });
    const dialog = await screen.findByRole('dialog', { name: 'Monthly Tracking Plan Limit Reached' });
    expect(dialog.textContent).toContain("You've reached your free plan limit of 1 tracking plan per month");
    const free = screen.getByTestId('upgrade-plan-free');
    const pro = screen.getByTestId('upgrade-plan-pro');
    expect(free.textContent).toContain('$0');
    for (const line of [
      '1 tracking plan per month',
      '10 analytics strategy chats per month',
      '1 video per month of up to 5 minutes',
      'Email support',
    ])
      expect(free.textContent).toContain(line);
    expect(pro.textContent).toContain('$59/month');
    expect(pro.textContent).toContain('Recommended');
    for (const line of [
      'Unlimited tracking plans, strategies and video length',
      'Advanced AI video analysis',
      'Priority email and chat support',
    ])
      expect(pro.textContent).toContain(line);
    await waitFor(() => expect(requestsTo(server, 'GET /api/stripe/config')).toHaveLength(1));
  });

  it("should close on 'Continue with Free Plan'", async () => {
    serveBilling();
    const { store } = await openDialog();
    await screen.findByRole('dialog', { name: 'Upgrade to Pro' });
    fireEvent.click(screen.getByRole('button', { name: 'Continue with Free Plan' }));
    expect(store.getState().upgrade.open).toBe(false);
  });

  it("should say 'Upgrade Required' to a free user who used the 1000 prompts", async () => {
    serveBilling(aSubscription({ subscriptionStatus: 'trial', promptsUsed: 1000, promptsRemaining: 0 }));
    await openDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade Required' });
    expect(dialog.textContent).toContain(
      "You've used all 1000 free prompts. Upgrade to Pro for unlimited access.",
    );
  });

  it('should stay hidden for a Pro user, even while the stored user still says free', async () => {
    serveBilling(
      aSubscription({ subscriptionStatus: 'active', hasActiveSubscription: true, promptsRemaining: null }),
    );
    const { store } = await openDialog({ code: 'UPLOAD_RESTRICTED' });
    await waitFor(() => expect(requestsTo(server, 'GET /api/user/subscription')).toHaveLength(1));
    await waitFor(() =>
      expect(billingApi.endpoints.getSubscription.select()(store.getState()).isSuccess).toBe(true),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('should stay hidden for a user whose stored plan is active', async () => {
    serveBilling();
    await openDialog({}, aUser({ subscriptionStatus: 'active' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('the upgrade-required listener', () => {
  it('should open the dialog with the code and duration of any failed request that requires an upgrade', async () => {
    answerRoutes(server, {
      'GET /api/stripe/config': json(403, {
        error: 'Video too long',
        message: 'Your video (7 minutes) exceeds the 5-minute limit for free users.',
        code: 'UPLOAD_RESTRICTED',
        upgradeRequired: true,
        videoDuration: 420,
        videoDurationMinutes: 7,
      }),
    });
    const { store } = renderDialogs();
    await act(async () => {
      await store.dispatch(billingApi.endpoints.getStripeConfig.initiate());
    });
    expect(store.getState().upgrade).toEqual({
      open: true,
      reason: { code: 'UPLOAD_RESTRICTED', videoDuration: 420, videoDurationMinutes: 7 },
    });
  });

  it('should leave the dialog closed for an error without upgradeRequired', async () => {
    answerRoutes(server, {
      'GET /api/stripe/config': json(403, { message: 'Forbidden', code: 'FORBIDDEN' }),
    });
    const { store } = renderDialogs();
    await act(async () => {
      await store.dispatch(billingApi.endpoints.getStripeConfig.initiate());
    });
    expect(store.getState().upgrade.open).toBe(false);
  });
});

describe('checkout from the upgrade dialog', () => {
  it('should store the session and the referrer, open the checkout in a new tab and show the payment page', async () => {
    serveBilling();
    const opened: unknown[][] = [];
    jest.spyOn(window, 'open').mockImplementation((...args: unknown[]) => {
      opened.push(args);
      return {} as Window;
    });
    const { store } = await openDialog();
    await screen.findByRole('dialog', { name: 'Upgrade to Pro' });
    fireEvent.click(screen.getByRole('button', { name: 'Upgrade to Pro' }));
    expect(await screen.findByText('Payment page')).toBeTruthy();
    expect(opened).toEqual([[CHECKOUT_URL, '_blank']]);
    expect(JSON.parse(requestsTo(server, 'POST /api/create-checkout-session')[0]?.body ?? '{}')).toEqual({
      userId: 'user-1',
    });
    expect(localStorage.getItem(STORAGE_KEYS.paymentSessionId)).toBe('cs_test_abc');
    expect(localStorage.getItem(STORAGE_KEYS.paymentReferrer)).toBe('/onboarding-name');
    expect(store.getState().upgrade.open).toBe(false);
  });

  it("should copy the URL when the popup is blocked ('URL Copied to Clipboard')", async () => {
    serveBilling();
    jest.spyOn(window, 'open').mockReturnValue(null);
    const copied: string[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: (text: string) => Promise.resolve(void copied.push(text)) },
    });
    await openDialog();
    await screen.findByRole('dialog', { name: 'Upgrade to Pro' });
    fireEvent.click(screen.getByRole('button', { name: 'Upgrade to Pro' }));
    expect(await screen.findByText('URL Copied to Clipboard')).toBeTruthy();
    expect(copied).toEqual([CHECKOUT_URL]);
    expect(await screen.findByText('Payment page')).toBeTruthy();
  });

  it("should show the URL under 'Popup Blocked' when copying fails too", async () => {
    serveBilling();
    jest.spyOn(window, 'open').mockReturnValue(null);
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: () => Promise.reject(new Error('Denied')) },
    });
    await openDialog();
    await screen.findByRole('dialog', { name: 'Upgrade to Pro' });
    fireEvent.click(screen.getByRole('button', { name: 'Upgrade to Pro' }));
    expect(await screen.findByText('Popup Blocked')).toBeTruthy();
    expect(screen.getByText(new RegExp(CHECKOUT_URL.replace(/[.?/]/g, '\\$&'))).textContent).toContain(
      CHECKOUT_URL,
    );
  });

  it("should report a failed checkout as 'Error' with the server's message and stay", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    serveBilling();
    answerRoutes(server, {
      'GET /api/user/subscription': json(200, aSubscription()),
      'GET /api/stripe/config': json(200, { publishableKey: 'pk_test_dev', environment: 'development' }),
      'POST /api/create-checkout-session': json(502, { message: 'The payment provider did not answer' }),
    });
    const open = jest.spyOn(window, 'open');
    await openDialog();
    await screen.findByRole('dialog', { name: 'Upgrade to Pro' });
    fireEvent.click(screen.getByRole('button', { name: 'Upgrade to Pro' }));
    expect(await screen.findByText('The payment provider did not answer')).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
    expect(open).not.toHaveBeenCalled();
    expect(screen.getByText('Onboarding')).toBeTruthy();
  });

  it("should say 'Setup Error' when the server sends no checkout URL", async () => {
    serveBilling(aSubscription(), { sessionId: 'cs_test_abc' });
    await openDialog();
    await screen.findByRole('dialog', { name: 'Upgrade to Pro' });
    fireEvent.click(screen.getByRole('button', { name: 'Upgrade to Pro' }));
    expect(await screen.findByText('No checkout URL received from server')).toBeTruthy();
    expect(screen.getByText('Setup Error')).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.paymentSessionId)).toBeNull();
  });
});
