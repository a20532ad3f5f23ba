import { act, fireEvent, screen } from '@testing-library/react';
import { aUser } from '../../test/factories';
import { sendJson, useTestServer } from '../../test/http-server';
import { aProduct } from '../../test/products';
import { renderWithProviders } from '../../test/render';
import { initialSessionState } from '../session/session.slice';
import KnowledgeBasePage from './knowledge-base.page';

const server = useTestServer();

function renderPage() {
  return renderWithProviders(
    [
      { path: '/products/:productId/knowledge-base', element: <KnowledgeBasePage /> },
      { path: '/products/:productId', element: <p>Product page</p> },
    ],
    {
      initialPath: '/products/prod-1/knowledge-base',
      preloadedState: { session: { ...initialSessionState, initialized: true, user: aUser() } },
    },
  );
}

async function inAct(action: () => void) {
  await act(async () => action());
}

async function openEditor() {
  await inAct(() => fireEvent.click(screen.getByRole('button', { name: 'Edit' })));
}

async function type(label: string, value: string) {
  await inAct(() => fireEvent.change(screen.getByLabelText(label), { target: { value } }));
}

describe(KnowledgeBasePage.name, () => {
  it("should say 'Loading product...', then show the product, its type and the Product Videos section", async () => {
    server.handle((_request, response) =>
      setTimeout(() => sendJson(response, 200, { product: aProduct({ type: 'mobile_app' }) }), 50),
    );
    renderPage();
    expect(screen.getByText('Loading product...')).toBeTruthy();
    expect(await screen.findByText('Online shop for office supplies')).toBeTruthy();
    expect(screen.getByText('Mobile App')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Product Videos' })).toBeTruthy();
    expect(server.requests[0]?.url).toBe('/api/knowledge-base?productId=prod-1');
    expect(screen.getByRole('link', { name: /Back to Acme Shop/ }).getAttribute('href')).toBe(
      '/products/prod-1',
    );
  });

  it("should save the edit with PATCH, say 'Product updated' and show the new values", async () => {
    let product = aProduct();
    server.handle((request, response) => {
      if (request.method === 'PATCH') {
        product = { ...product, ...(JSON.parse(request.body) as object) };
        sendJson(response, 200, product);
      } else sendJson(response, 200, { product });
    });
    renderPage();
    await screen.findByText('Online shop for office supplies');
    await openEditor();
    await type('Product Name', 'Acme Store ');
    await type('Description', 'A store for office supplies and snacks');
    await inAct(() => fireEvent.click(screen.getByRole('button', { name: 'Save Changes' })));
    expect(await screen.findByText('Product updated')).toBeTruthy();
    expect(await screen.findByText('A store for office supplies and snacks')).toBeTruthy();
    const patch = server.requests.find((request) => request.method === 'PATCH');
    expect(patch?.url).toBe('/api/products/prod-1');
    expect(JSON.parse(patch?.body ?? '{}')).toEqual({
      name: 'Acme Store',
      description: 'A store for office supplies and snacks',
    });
    expect(screen.queryByRole('button', { name: 'Save Changes' })).toBeNull();
  });

  it('should require both fields before saving', async () => {
    server.handle((_request, response) => sendJson(response, 200, { product: aProduct() }));
    renderPage();
    await screen.findByText('Online shop for office supplies');
    await openEditor();
    await type('Product Name', ' ');
    await type('Description', '');
    await inAct(() => fireEvent.click(screen.getByRole('button', { name: 'Save Changes' })));
    expect(await screen.findByText('Product name is required')).toBeTruthy();
    // antd validates each field on its own: the second message may render a tick later.
    expect(await screen.findByText('Description must be at least 10 characters')).toBeTruthy();
    expect(server.requests.some((request) => request.method === 'PATCH')).toBe(false);
  });

  it("should say 'Failed to update product' and keep the form when the server refuses", async () => {
    server.handle((request, response) => {
      if (request.method === 'PATCH') sendJson(response, 500, { message: 'Internal error' });
      else sendJson(response, 200, { product: aProduct() });
    });
    renderPage();
    await screen.findByText('Online shop for office supplies');
    await openEditor();
    await type('Product Name', 'Acme Store');
    await inAct(() => fireEvent.click(screen.getByRole('button', { name: 'Save Changes' })));
    expect(await screen.findByText('Failed to update product')).toBeTruthy();
    expect((screen.getByLabelText('Product Name') as HTMLInputElement).value).toBe('Acme Store');
    await inAct(() => fireEvent.click(screen.getByRole('button', { name: 'Cancel' })));
    expect(await screen.findByText('Acme Shop')).toBeTruthy();
  });

  it("should show 'Product not found' for another user's product", async () => {
    server.handle((_request, response) => sendJson(response, 404, { message: 'Product not found' }));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Product not found' }, { timeout: 3000 })).toBeTruthy();
  });
});
