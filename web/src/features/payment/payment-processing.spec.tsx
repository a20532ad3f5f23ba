import { act, fireEvent, screen } from '@testing-library/react';
import { BroadcastChannel as NodeBroadcastChannel } from 'node:worker_threads';
import { initialSessionState } from '../session/session.slice';
import { STORAGE_KEYS } from '../../lib/storage';
import { answerRoutes, json, requestsTo, type RouteAnswer } from '../../test/api-routes';
import { ignorePseudoElementStyles } from '../../test/antd-jsdom';
import { aSubscription, aUser } from '../../test/factories';
import { useTestServer } from '../../test/http-server';
import { renderWithProviders } from '../../test/render';
import PaymentProcessingPage from './payment-processing.page';

// Captured before any test fakes the timers: waiting for the real HTTP server needs real time.
const realSetTimeout = globalThis.setTimeout;
const server = useTestServer();

beforeAll(() => {
  // jsdom has no BroadcastChannel; Node's behaves as the browser's (the cross-tab payment signal).
  Object.defineProperty(globalThis, 'BroadcastChannel', { value: NodeBroadcastChannel, configurable: true });
});

beforeEach(async () => {
  localStorage.clear();
  ignorePseudoElementStyles();
});

afterEach(async () => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

const free = aSubscription();
const pro = aSubscription({
  subscriptionStatus: 'active',
  hasActiveSubscription: true,
  promptsRemaining: null,
  stripeCustomerId: 'cus_1',
  stripeSubscriptionId: 'sub_1',
});

function serve(routes: Record<string, RouteAnswer>) {
  answerRoutes(server, {
    'GET /api/stripe/config': json(200, { publishableKey: 'pk_test_dev', environment: 'development' }),
    'GET /api/user/me': json(200, aUser({ subscriptionStatus: 'active' })),
    'POST /api/verify-payment': json(400, { message: 'Session ID must start with cs_test_ or cs_live_' }),
    'POST /api/verify-payment-dev': json(400, { message: 'Unknown session' }),
    'GET /api/user/subscription': json(200, free),
    ...routes,
  });
}

function renderPage(path = '/payment-processing?session_id=cs_test_abc', user = aUser()) {
  return renderWithProviders(
    [
      { path: '/payment-processing', element: <PaymentProcessingPage /> },
      { path: '/onboarding-name', element: <p>Onboarding</p> },
      { path: '/dashboard', element: <p>Dashboard</p> },
      { path: '/login', element: <p>Login page</p> },
    ],
    {
      initialPath: path,
      preloadedState: { session: { ...initialSessionState, initialized: true, user } },
    },
  );
}

const heading = (name: string) => screen.queryByRole('heading', { level: 1, name });

/** Waits in real time (the HTTP server answers in real time even while the page's timers are fake). */
async function until(check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('Timed out waiting');
    await act(() => new Promise<void>((resolve) => realSetTimeout(resolve, 20)));
  }
}

/**
 * Fake timers let RTK Query's 300 s cache-removal timer fire while a poll is in flight; it aborts that
 * poll and logs it. Real time never gets there (each poll resets the timer), so that log is expected here.
 */
function expectAbortedPollLogs(): void {
  const original = console.error;
  jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (String(args[0]).includes('An unhandled error occurred processing a request')) return;
    original(...args);
  });
}

async function advance(ms: number): Promise<void> {
  await act(async () => {
    jest.advanceTimersByTime(ms);
  });
}

describe(PaymentProcessingPage.name, () => {
  it('should poll the subscription every 3 s after a failed verification and show success once it is active', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    let polls = 0;
    serve({
      'GET /api/user/subscription': (request, response) => {
        polls += 1;
        json(200, polls === 1 ? free : pro)(request, response);
      },
    });
    localStorage.setItem(STORAGE_KEYS.paymentReferrer, '/onboarding-name');
    const signals: unknown[] = [];
    const otherTab = new NodeBroadcastChannel('tracklens-payment');
    otherTab.onmessage = (event) => signals.push((event as { data: unknown }).data);

    const { store } = renderPage();
    expect(heading('Processing Your Payment')).toBeTruthy();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Payment Successful!' }, { timeout: 6_000 }),
    ).toBeTruthy();

    // The first poll (free) kept the page processing; the one 3 s later (active) ended it.
    expect(polls).toBeGreaterThanOrEqual(2);
    expect(JSON.parse(requestsTo(server, 'POST /api/verify-payment')[0]?.body ?? '{}')).toEqual({
      sessionId: 'cs_test_abc',
    });
    await until(() => store.getState().session.user?.subscriptionStatus === 'active');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? '{}')).toMatchObject({
      subscriptionStatus: 'active',
    });
    expect(localStorage.getItem(STORAGE_KEYS.paymentSessionId)).toBeNull();
    try {
      await until(() => signals.length === 1);
    } finally {
      otherTab.close();
    }
    expect(await screen.findByRole('heading', { name: 'Pro plan' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Onboarding')).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.paymentReferrer)).toBeNull();
  });

  it('should show success at once when verify-payment confirms the stored session, and go on to /dashboard without a referrer', async () => {
    serve({
      'POST /api/verify-payment': json(200, {
        success: true,
        payment_status: 'paid',
        user_email: 'ada@example.com',
        message: 'Payment verified',
      }),
    });
    localStorage.setItem(STORAGE_KEYS.paymentSessionId, 'cs_test_stored');
    renderPage('/payment-processing');
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeTruthy();
    expect(JSON.parse(requestsTo(server, 'POST /api/verify-payment')[0]?.body ?? '{}')).toEqual({
      sessionId: 'cs_test_stored',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Dashboard')).toBeTruthy();
  });

  it("should show 'Payment Canceled' for upgrade=canceled without polling", async () => {
    serve({});
    renderPage('/payment-processing?upgrade=canceled');
    expect(heading('Payment Canceled')).toBeTruthy();
    await act(() => new Promise<void>((resolve) => realSetTimeout(resolve, 100)));
    expect(requestsTo(server, 'GET /api/user/subscription')).toHaveLength(0);
    expect(requestsTo(server, 'POST /api/verify-payment')).toHaveLength(0);
  });

  it("should show 'Payment Failed' when the verification says the payment failed", async () => {
    serve({
      'POST /api/verify-payment': json(200, {
        success: false,
        payment_status: 'failed',
        user_email: null,
        message: 'Payment failed',
      }),
    });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Failed' })).toBeTruthy();
  });

  it("should time out after 300 s ('Payment Timeout'), and Try Again should restart the timer", async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    expectAbortedPollLogs();
    jest.useFakeTimers();
    serve({});
    renderPage();
    await until(() => requestsTo(server, 'GET /api/user/subscription').length === 1);
    await advance(299_000);
    expect(heading('Processing Your Payment')).toBeTruthy();
    await advance(1_000);
    expect(heading('Payment Timeout')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(heading('Processing Your Payment')).toBeTruthy();
    await advance(299_000);
    expect(heading('Processing Your Payment')).toBeTruthy();
    await advance(1_000);
    expect(heading('Payment Timeout')).toBeTruthy();
  });

  it('should retry the development verification every 30 s', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    jest.useFakeTimers();
    serve({
      'POST /api/verify-payment-dev': json(200, {
        success: true,
        payment_status: 'paid',
        user_email: 'ada@example.com',
        message: 'Payment verified (development)',
      }),
    });
    renderPage();
    await until(() => requestsTo(server, 'GET /api/stripe/config').length === 1);
    await until(() => requestsTo(server, 'GET /api/user/subscription').length === 1);
    await advance(29_000);
    expect(requestsTo(server, 'POST /api/verify-payment-dev')).toHaveLength(0);
    await advance(1_000);
    await until(() => heading('Payment Successful!') !== null);
    expect(JSON.parse(requestsTo(server, 'POST /api/verify-payment-dev')[0]?.body ?? '{}')).toEqual({
      sessionId: 'cs_test_abc',
    });
  });

  it("should say 'Login Required' after 5 authentication errors while polling, and keep the session until then", async () => {
    jest.useFakeTimers();
    serve({
      'GET /api/user/subscription': json(401, { message: 'Authentication required', code: 'NO_AUTH' }),
    });
    const { store } = renderPage('/payment-processing');
    for (let polls = 1; polls < 5; polls += 1) {
      await until(() => requestsTo(server, 'GET /api/user/subscription').length === polls);
      await act(() => new Promise<void>((resolve) => realSetTimeout(resolve, 30)));
      expect(heading('Processing Your Payment')).toBeTruthy();
      await advance(3_000);
    }
    await until(() => heading('Login Required') !== null);
    expect(store.getState().session.expired).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Go to Login' }));
    expect(screen.getByText('Login page')).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.redirectAfterLogin)).toBe('/payment-processing');
  });

  it("should say 'Login Required' without a signed-in user", () => {
    serve({});
    renderPage('/payment-processing', null as never);
    expect(heading('Login Required')).toBeTruthy();
  });
});
