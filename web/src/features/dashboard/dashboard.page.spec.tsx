import { act, fireEvent, screen } from '@testing-library/react';
import { STORAGE_KEYS } from '../../lib/storage';
import { aUser } from '../../test/factories';
import { sendJson, useTestServer } from '../../test/http-server';
import { aProduct } from '../../test/products';
import { renderWithProviders } from '../../test/render';
import { initialSessionState } from '../session/session.slice';
import DashboardPage from './dashboard.page';

const server = useTestServer();

beforeEach(async () => {
  localStorage.clear();
});

function renderDashboard() {
  return renderWithProviders(
    [
      { path: '/dashboard', element: <DashboardPage /> },
      { path: '/products/:productId', element: <p>Product page</p> },
      { path: '/onboarding-name', element: <p>Onboarding</p> },
    ],
    {
      initialPath: '/dashboard',
      preloadedState: { session: { ...initialSessionState, initialized: true, user: aUser() } },
    },
  );
}

describe(DashboardPage.name, () => {
  it("should offer 'Create Product' when there are no products", async () => {
    server.handle((_request, response) => sendJson(response, 200, []));
    renderDashboard();
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    expect(await screen.findByRole('heading', { name: 'No products found' })).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create Product' }));
    });
    expect(screen.getByText('Onboarding')).toBeTruthy();
  });

  it('should go to the product just created in onboarding while it is the user’s', async () => {
    localStorage.setItem(STORAGE_KEYS.lastCreatedProduct, JSON.stringify(aProduct({ id: 'prod-1' })));
    server.handle((_request, response) =>
      sendJson(response, 200, [
        aProduct({ id: 'prod-1', createdAt: '2026-01-01T00:00:00.000Z' }),
        aProduct({ id: 'prod-2', createdAt: '2026-02-01T00:00:00.000Z' }),
      ]),
    );
    renderDashboard();
    expect(await screen.findByText('Product page')).toBeTruthy();
  });
});
