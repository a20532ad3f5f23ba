import { fireEvent, screen, within } from '@testing-library/react';
import { initialSessionState } from '../session/session.slice';
import { STORAGE_KEYS } from '../../lib/storage';
import { answerRoutes, json } from '../../test/api-routes';
import { clearToasts } from '../../test/antd-jsdom';
import { aUser } from '../../test/factories';
import { useTestServer } from '../../test/http-server';
import { renderWithProviders } from '../../test/render';
import type { User } from '../../api/identity.api';
import { PlanCards } from './plan-cards';

const server = useTestServer();

beforeEach(async () => {
  localStorage.clear();
});

afterEach(async () => {
  await clearToasts();
  jest.restoreAllMocks();
});

function renderCards(user: User | null) {
  return renderWithProviders(
    [
      { path: '/pricing', element: <PlanCards headingLevel={2} /> },
      { path: '/payment-processing', element: <p>Payment page</p> },
    ],
    {
      initialPath: '/pricing',
      preloadedState: { session: { ...initialSessionState, initialized: true, user } },
    },
  );
}

describe(PlanCards.name, () => {
  it("should send a visitor's Pro choice to sign-up", () => {
    renderCards(null);
    const pro = within(screen.getByTestId('plan-pro')).getByRole('link', { name: 'Upgrade to Pro' });
    expect(pro.getAttribute('href')).toBe('/signup?plan=pro');
  });

  it("should start a signed-in free user's checkout in a new tab and show the payment page", async () => {
    answerRoutes(server, {
      'POST /api/create-checkout-session': json(200, {
        checkoutUrl: '/api/billing/checkout/cs_test_dev_1',
        sessionId: 'cs_test_dev_1',
      }),
    });
    const open = jest.spyOn(window, 'open').mockReturnValue({} as Window);
    renderCards(aUser());
    fireEvent.click(within(screen.getByTestId('plan-pro')).getByRole('button', { name: 'Upgrade to Pro' }));
    expect(await screen.findByText('Payment page')).toBeTruthy();
    expect(open).toHaveBeenCalledWith('/api/billing/checkout/cs_test_dev_1', '_blank');
    expect(localStorage.getItem(STORAGE_KEYS.paymentSessionId)).toBe('cs_test_dev_1');
    expect(localStorage.getItem(STORAGE_KEYS.paymentReferrer)).toBe('/pricing');
  });
});
