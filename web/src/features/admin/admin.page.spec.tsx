import { act, fireEvent, screen, within } from '@testing-library/react';
import { answerRoutes, json, requestsTo, type RouteAnswer } from '../../test/api-routes';
import { clearToasts, ignorePseudoElementStyles } from '../../test/antd-jsdom';
import { aUser } from '../../test/factories';
import { useTestServer } from '../../test/http-server';
import { renderWithProviders } from '../../test/render';
import { initialSessionState } from '../session/session.slice';
import type { DatabaseConfig, DatabaseStats } from './admin.api';
import AdminPage from './admin.page';

// Captured before any test fakes the timers: waiting for the real HTTP server needs real time.
const realSetTimeout = globalThis.setTimeout;
const server = useTestServer();

const development: DatabaseConfig = {
  environment: 'development',
  databaseType: 'pglite',
  isProduction: false,
  canClearData: true,
};

function statsOf(stats: Record<string, number>): DatabaseStats {
  return { stats, timestamp: '2026-01-05T10:00:00.000Z' };
}

beforeEach(() => {
  ignorePseudoElementStyles();
});

afterEach(async () => {
  jest.useRealTimers();
  await clearToasts();
  jest.restoreAllMocks();
});

function serve(routes: Record<string, RouteAnswer> = {}) {
  answerRoutes(server, {
    'GET /api/config/database': json(200, development),
    'GET /api/admin/database/stats': json(200, statsOf({ 'identity.users': 3, 'catalog.products': 12 })),
    'POST /api/admin/database/clear-staging': json(200, { success: true, tables: ['identity.users'], timestamp: '2026-01-05T10:01:00.000Z' }),
    ...routes,
  });
}

function renderPage() {
  return renderWithProviders(
    [
      { path: '/admin', element: <AdminPage /> },
      { path: '/dashboard', element: <p>Dashboard</p> },
    ],
    { initialPath: '/admin', preloadedState: { session: { ...initialSessionState, initialized: true, user: aUser() } } },
  );
}

function section(name: string): HTMLElement {
  return screen.getByRole('region', { name });
}

/** Waits in real time (the HTTP server answers in real time even while the page's timers are fake). */
async function until(check: () => boolean, timeoutMs = 5_000): Promise<void> {
  // Counted in steps: Date.now() stands still while the timers are fake.
  for (let waited = 0; !check(); waited += 20) {
    if (waited > timeoutMs) throw new Error('Timed out waiting');
    await act(() => new Promise<void>((resolve) => realSetTimeout(resolve, 20)));
  }
}

describe(AdminPage.name, () => {
  it('should show the environment, the statistics, clearing, the command-line tools and the production warning', async () => {
    serve();
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Panel' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(screen.getByRole('status', { name: 'Loading database configuration' })).toBeTruthy();

    // The first render loads antd's modules: give it time on a busy machine.
    const table = await screen.findByRole('table', {}, { timeout: 5_000 });
    const environment = section('Database Environment');
    expect(within(environment).getByText('development')).toBeTruthy();
    expect(within(environment).getByText('PGlite (embedded PostgreSQL)')).toBeTruthy();
    expect(within(environment).getByText('Allowed')).toBeTruthy();

    expect(within(table).getByRole('rowheader', { name: 'catalog.products' })).toBeTruthy();
    const users = within(table).getByRole('rowheader', { name: 'identity.users' }).closest('tr');
    expect(users?.textContent).toBe('identity.users3');
    expect(within(section('Clear Staging Data')).getByRole('button', { name: 'Clear Staging Data' })).toBeTruthy();
    expect(within(section('Command-Line Tools')).getByText('npm start')).toBeTruthy();
    expect(screen.getByText('Never use these tools on the production database')).toBeTruthy();
  });

  it('should refresh the statistics every 30 s', async () => {
    // RTK's store notifies its subscribers on the next animation frame: that one stays real.
    jest.useFakeTimers({ doNotFake: ['requestAnimationFrame', 'cancelAnimationFrame'] });
    let polls = 0;
    serve({
      'GET /api/admin/database/stats': (request, response) => {
        polls += 1;
        json(200, statsOf({ 'identity.users': polls }))(request, response);
      },
    });
    renderPage();
    await until(() => polls === 1);
    await until(() => screen.queryByRole('table') !== null);
    await act(async () => {
      jest.advanceTimersByTime(29_000);
    });
    expect(polls).toBe(1);
    await act(async () => {
      jest.advanceTimersByTime(1_000);
    });
    await until(() => screen.queryByRole('rowheader', { name: 'identity.users' })?.closest('tr')?.textContent === 'identity.users2');
    expect(polls).toBe(2);
  });

  it('should hide clearing when it is not allowed', async () => {
    serve({ 'GET /api/config/database': json(200, { ...development, canClearData: false }) });
    renderPage();
    await screen.findByRole('table');
    expect(within(section('Database Environment')).getByText('Disabled')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Clear Staging Data' })).toBeNull();
  });

  it('should clear staging data only after the confirmation, then reload the statistics', async () => {
    serve();
    renderPage();
    await screen.findByRole('table');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Clear Staging Data' })));
    const dialog = await screen.findByRole('dialog', { name: 'Clear staging data?' });
    expect(requestsTo(server, 'POST /api/admin/database/clear-staging')).toHaveLength(0);

    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Clear Staging Data' })));
    await until(() => requestsTo(server, 'GET /api/admin/database/stats').length === 2);
    expect(requestsTo(server, 'POST /api/admin/database/clear-staging')).toHaveLength(1);
  });

  it("should say 'Failed to clear staging data' when clearing fails", async () => {
    serve({
      'POST /api/admin/database/clear-staging': json(403, {
        message: 'Clearing data is disabled in this environment',
        code: 'CLEAR_DATA_DISABLED',
      }),
    });
    renderPage();
    await screen.findByRole('table');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Clear Staging Data' })));
    const dialog = await screen.findByRole('dialog', { name: 'Clear staging data?' });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Clear Staging Data' })));
    expect(await screen.findByText('Failed to clear staging data')).toBeTruthy();
    expect(screen.getByText('Clearing data is disabled in this environment')).toBeTruthy();
  });

  it("should say 'Unable to load statistics' and try again on request", async () => {
    let fail = true;
    serve({
      'GET /api/admin/database/stats': (request, response) =>
        fail
          ? json(403, { message: 'Forbidden' })(request, response)
          : json(200, statsOf({ 'identity.users': 1 }))(request, response),
    });
    renderPage();
    const stats = await screen.findByText('Unable to load statistics');
    fail = false;
    await act(async () => fireEvent.click(within(stats.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Try Again' })));
    expect(await screen.findByRole('rowheader', { name: 'identity.users' })).toBeTruthy();
  });

  it("should say 'No tables to count yet.' when no service has a table", async () => {
    serve({ 'GET /api/admin/database/stats': json(200, statsOf({})) });
    renderPage();
    expect(await screen.findByText('No tables to count yet.')).toBeTruthy();
  });

  it("should say 'Unable to load database configuration' and show nothing else", async () => {
    serve({ 'GET /api/config/database': json(403, { message: 'Forbidden' }) });
    renderPage();
    expect(await screen.findByText('Unable to load database configuration')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Database Statistics' })).toBeNull();
  });

  it('should say that the panel is not available in production and ask for no statistics', async () => {
    serve({
      'GET /api/config/database': json(200, {
        environment: 'production',
        databaseType: 'postgresql',
        isProduction: true,
        canClearData: false,
      }),
    });
    renderPage();
    expect(await screen.findByText('Production database')).toBeTruthy();
    expect(screen.getByText(/The admin panel is not available in production/)).toBeTruthy();
    expect(within(section('Database Environment')).getByText('PostgreSQL')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Database Statistics' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Clear Staging Data' })).toBeNull();
    expect(requestsTo(server, 'GET /api/admin/database/stats')).toHaveLength(0);
  });
});
