import { act, fireEvent, screen, within } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { STORAGE_KEYS } from '../../lib/storage';
import { aUser } from '../../test/factories';
import { sendJson, useTestServer } from '../../test/http-server';
import { aProduct } from '../../test/products';
import { renderWithProviders } from '../../test/render';
import AppLayout from './app-layout';
import { initialSessionState } from './session.slice';

const server = useTestServer();

beforeEach(async () => {
  localStorage.clear();
  server.handle((request, response) => {
    if (request.url === '/api/products')
      sendJson(response, 200, [
        aProduct({ id: 'prod-1', name: 'Acme Shop', type: 'website' }),
        aProduct({ id: 'prod-2', name: 'Acme Mobile', type: 'mobile_app' }),
      ]);
    else sendJson(response, 404, { message: 'Not found' });
  });
});

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderLayout(initialPath: string) {
  const frame = (
    <>
      <AppLayout />
      <Where />
    </>
  );
  return renderWithProviders(
    [
      { path: '/products/:productId', element: frame },
      { path: '/onboarding-name', element: frame },
      { path: '/onboarding', element: <p>Onboarding</p> },
    ],
    {
      initialPath,
      preloadedState: { session: { ...initialSessionState, initialized: true, user: aUser() } },
    },
  );
}

async function click(element: HTMLElement) {
  await act(async () => {
    fireEvent.click(element);
  });
}

describe(AppLayout.name, () => {
  it('should list the products with their type and switch between them from the project dropdown', async () => {
    renderLayout('/products/prod-1');
    const trigger = await screen.findByRole('button', { name: /Project: Acme Shop Website/ });
    await click(trigger);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Acme Mobile')).toBeTruthy();
    expect(within(menu).getByText('Mobile App')).toBeTruthy();
    expect(within(menu).getByText('Create New Project')).toBeTruthy();

    await click(within(menu).getByText('Acme Mobile'));
    expect(screen.getByTestId('where').textContent).toBe('/products/prod-2');
    expect(await screen.findByRole('button', { name: /Project: Acme Mobile Mobile App/ })).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.currentProduct)).toBe('prod-2');
  });

  it("should lead 'Create New Project' to /onboarding", async () => {
    renderLayout('/products/prod-1');
    await click(await screen.findByRole('button', { name: /Project: Acme Shop/ }));
    await click(within(await screen.findByRole('menu')).getByText('Create New Project'));
    expect(await screen.findByText('Onboarding')).toBeTruthy();
  });

  it("should give product pages the sidebar, whose Settings says 'Settings panel coming soon...'", async () => {
    renderLayout('/products/prod-1');
    const sidebar = screen.getByRole('navigation', { name: 'Product' });
    const links = within(sidebar)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Overview', '/products/prod-1'],
      ['Tracking Plan', '/products/prod-1/tracking-plan'],
      ['Analytics Strategy', '/products/prod-1/analytics'],
      ['User Flows', '/products/prod-1/user-flows'],
      ['Saved Items', '/products/prod-1/saved'],
      ['Knowledge Base', '/products/prod-1/knowledge-base'],
    ]);
    expect(within(sidebar).getByRole('link', { name: 'Overview' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByText('Settings panel coming soon...').hidden).toBe(true);
    await click(within(sidebar).getByRole('button', { name: 'Settings' }));
    expect(screen.getByText('Settings panel coming soon...').hidden).toBe(false);
    await screen.findByRole('button', { name: /Project: Acme Shop/ });
  });

  it('should give onboarding pages the header without the sidebar', async () => {
    renderLayout('/onboarding-name');
    expect(await screen.findByRole('button', { name: /Project: Projects/ })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Product' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Ada Lovelace' })).toBeTruthy();
  });
});
