import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { BroadcastChannel as NodeBroadcastChannel } from 'node:worker_threads';
import { initialSessionState } from '../session/session.slice';
import { STORAGE_KEYS } from '../../lib/storage';
import { answerRoutes, json, requestsTo } from '../../test/api-routes';
import { clearToasts, ignorePseudoElementStyles } from '../../test/antd-jsdom';
import { aSubscription, aUser } from '../../test/factories';
import { useTestServer } from '../../test/http-server';
import { renderWithProviders } from '../../test/render';
import { BillingDialogs } from './billing-dialogs';
import { broadcastPaymentSuccess } from './payment-signal';

const server = useTestServer();

beforeAll(() => {
  // jsdom has no BroadcastChannel; Node's behaves as the browser's.
  Object.defineProperty(globalThis, 'BroadcastChannel', { value: NodeBroadcastChannel, configurable: true });
});

beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  ignorePseudoElementStyles();
});

afterEach(async () => {
  await clearToasts();
  jest.restoreAllMocks();
});

function renderDialogs(user = aUser()) {
  return renderWithProviders(
    [
      {
        path: '/dashboard',
        element: (
          <>
            <p>Dashboard</p>
            <BillingDialogs />
          </>
        ),
      },
    ],
    {
      initialPath: '/dashboard',
      preloadedState: { session: { ...initialSessionState, initialized: true, user } },
    },
  );
}

describe('payment-failed dialog', () => {
  it('should tell a past_due user the payment is overdue, with the support address', async () => {
    answerRoutes(server, {
      'GET /api/user/subscription': json(
        200,
        aSubscription({ subscriptionStatus: 'past_due', stripeSubscriptionId: 'sub_1' }),
      ),
    });
    renderDialogs();
    const dialog = await screen.findByRole('dialog', { name: 'Payment Failed' });
    expect(dialog.textContent).toContain(
      'Your monthly payment is overdue. Please update your payment method to continue using Pro features.',
    );
    expect(screen.getByRole('link', { name: 'support@tracklens.app' }).getAttribute('href')).toBe(
      'mailto:support@tracklens.app',
    );
    expect(screen.getByRole('button', { name: 'Retry Payment' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Update Payment Method' })).toBeTruthy();
  });

  it('should tell a canceled user to renew', async () => {
    answerRoutes(server, {
      'GET /api/user/subscription': json(200, aSubscription({ subscriptionStatus: 'canceled' })),
    });
    renderDialogs();
    const dialog = await screen.findByRole('dialog', { name: 'Payment Failed' });
    expect(dialog.textContent).toContain(
      'Your subscription has been canceled due to payment issues. Renew your subscription to regain access.',
    );
  });

  it('should close, and not open again in the same session', async () => {
    answerRoutes(server, {
      'GET /api/user/subscription': json(200, aSubscription({ subscriptionStatus: 'past_due' })),
    });
    const first = renderDialogs();
    await screen.findByRole('dialog', { name: 'Payment Failed' });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    first.unmount();

    renderDialogs();
    await waitFor(() => expect(requestsTo(server, 'GET /api/user/subscription')).toHaveLength(2));
    await act(() => new Promise<void>((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('should not open for a free or Pro user', async () => {
    answerRoutes(server, { 'GET /api/user/subscription': json(200, aSubscription()) });
    renderDialogs();
    await waitFor(() => expect(requestsTo(server, 'GET /api/user/subscription')).toHaveLength(1));
    await act(() => new Promise<void>((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('should start a checkout session on Retry Payment and go to its checkout page', async () => {
    const jsdomErrors: string[] = [];
    jest.spyOn(console, 'error').mockImplementation((error: unknown) => {
      jsdomErrors.push(String(error));
    });
    answerRoutes(server, {
      'GET /api/user/subscription': json(200, aSubscription({ subscriptionStatus: 'past_due' })),
      'POST /api/create-checkout-session': json(200, {
        checkoutUrl: 'https://checkout.example.com/cs_test_retry',
        sessionId: 'cs_test_retry',
      }),
    });
    renderDialogs();
    await screen.findByRole('dialog', { name: 'Payment Failed' });
    fireEvent.click(screen.getByRole('button', { name: 'Retry Payment' }));
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.paymentSessionId)).toBe('cs_test_retry'));
    expect(localStorage.getItem(STORAGE_KEYS.paymentReferrer)).toBe('/dashboard');
    // jsdom cannot leave the page; it reports the attempt instead.
    await waitFor(() => expect(jsdomErrors.join('\n')).toContain('Not implemented: navigation'));
  });
});

describe('payment success from another tab', () => {
  it('should refresh the signed-in user', async () => {
    answerRoutes(server, {
      'GET /api/user/subscription': json(200, aSubscription()),
      'GET /api/user/me': json(200, aUser({ subscriptionStatus: 'active' })),
    });
    const { store } = renderDialogs();
    await waitFor(() => expect(requestsTo(server, 'GET /api/user/subscription')).toHaveLength(1));
    broadcastPaymentSuccess();
    await waitFor(() => expect(store.getState().session.user?.subscriptionStatus).toBe('active'));
    expect(requestsTo(server, 'GET /api/user/me')).toHaveLength(1);
  });
});
