import { screen } from '@testing-library/react';
import { initialSessionState } from '../features/session/session.slice';
import { STORAGE_KEYS } from '../lib/storage';
import { renderWithProviders } from '../test/render';
import { RequireAuth } from './require-auth';
import { aUser } from '../test/factories';


const routes = (requireSubscription = false) => [
  {
    path: '/products/:productId/saved',
    element: (
      <RequireAuth requireSubscription={requireSubscription}>
        <p>Saved page</p>
      </RequireAuth>
    ),
  },
  { path: '/login', element: <p>Login page</p> },
  { path: '/pricing', element: <p>Pricing page</p> },
];

beforeEach(() => localStorage.clear());

describe(RequireAuth.name, () => {
  it("should show 'Loading...' until the session has been checked", () => {
    renderWithProviders(routes(), {
      initialPath: '/products/p1/saved',
      preloadedState: { session: initialSessionState },
    });
    expect(screen.getByRole('status').textContent).toBe('Loading...');
  });

  it('should send a visitor to /login and remember the page', () => {
    renderWithProviders(routes(), {
      initialPath: '/products/p1/saved?tab=x',
      preloadedState: { session: { ...initialSessionState, initialized: true } },
    });
    expect(screen.getByText('Login page')).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.redirectAfterLogin)).toBe('/products/p1/saved?tab=x');
  });

  it('should render the page for a signed-in user', () => {
    renderWithProviders(routes(), {
      initialPath: '/products/p1/saved',
      preloadedState: { session: { ...initialSessionState, initialized: true, user: aUser() } },
    });
    expect(screen.getByText('Saved page')).toBeTruthy();
  });

  it('should send a free user to /pricing where the route needs an active subscription', () => {
    renderWithProviders(routes(true), {
      initialPath: '/products/p1/saved',
      preloadedState: {
        session: { ...initialSessionState, initialized: true, user: aUser({ subscriptionStatus: 'trial' }) },
      },
    });
    expect(screen.getByText('Pricing page')).toBeTruthy();
  });

  it('should let a Pro user through where the route needs an active subscription', () => {
    renderWithProviders(routes(true), {
      initialPath: '/products/p1/saved',
      preloadedState: {
        session: { ...initialSessionState, initialized: true, user: aUser({ subscriptionStatus: 'active' }) },
      },
    });
    expect(screen.getByText('Saved page')).toBeTruthy();
  });
});
