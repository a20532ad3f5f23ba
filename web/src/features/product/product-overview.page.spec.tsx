import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AnalysisStatus, Product } from '../../api/catalog.api';
import { STORAGE_KEYS } from '../../lib/storage';
import { aUser } from '../../test/factories';
import { sendJson, useTestServer } from '../../test/http-server';
import { aProduct } from '../../test/products';
import { ignorePseudoElementStyles } from '../../test/antd-jsdom';
import { renderWithProviders } from '../../test/render';
import { initialSessionState } from '../session/session.slice';
import ProductOverviewPage from './product-overview.page';

const server = useTestServer();

beforeEach(async () => {
  ignorePseudoElementStyles();
  localStorage.clear();
});

afterEach(async () => {
  jest.restoreAllMocks();
});

/** The catalog answers the product; the media service does not exist yet (404 for the videos). */
function serve(product: Product | null, videos: unknown[] | null = null) {
  server.handle((request, response) => {
    if (request.url.endsWith('/videos')) {
      if (videos) sendJson(response, 200, videos);
      else sendJson(response, 404, { message: 'Not found' });
    } else if (product && request.url === `/api/products/${product.id}`) sendJson(response, 200, product);
    else sendJson(response, 404, { message: 'Product not found' });
  });
}

function renderPage(productId = 'prod-1') {
  return renderWithProviders(
    [
      { path: '/products/:productId', element: <ProductOverviewPage /> },
      { path: '/products/:productId/knowledge-base', element: <p>Knowledge base page</p> },
      { path: '/dashboard', element: <p>Dashboard page</p> },
    ],
    {
      initialPath: `/products/${productId}`,
      preloadedState: { session: { ...initialSessionState, initialized: true, user: aUser() } },
    },
  );
}

const BANNERS: [AnalysisStatus, string, string][] = [
  ['processing', 'Video Analysis in Progress', 'Video analysis in progress... This may take a few minutes.'],
  ['analyzing', 'Video Analysis in Progress', 'Video analysis in progress... This may take a few minutes.'],
  [
    'page_specs_ready',
    'Video Analysis',
    'Analysis complete! Please review your page specifications to continue.',
  ],
  ['completed', 'Video Analysis Complete', 'Video analysis completed successfully!'],
  [
    'failed',
    'Video Analysis Failed',
    'Video analysis encountered an issue. Please try re-uploading your video.',
  ],
];

describe(ProductOverviewPage.name, () => {
  it("should show the name, type, '0 video(s) uploaded', the orange bar, the welcome and the three cards", async () => {
    serve(aProduct({ type: 'mobile_app' }));
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Shop' })).toBeTruthy();
    expect(screen.getByText('Mobile App')).toBeTruthy();
    expect(screen.getByText('0 video(s) uploaded')).toBeTruthy();
    // The bar waits for the video list (here a 404, retried once after 1 s).
    expect(
      await screen.findByText(
        'Upload a product demo video to get AI-powered insights',
        {},
        { timeout: 3000 },
      ),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Welcome back, Ada Lovelace' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Tracking Plan/ }).getAttribute('href')).toBe(
      '/products/prod-1/tracking-plan',
    );
    expect(screen.getByRole('link', { name: /Analytics Strategy/ }).getAttribute('href')).toBe(
      '/products/prod-1/analytics',
    );
    expect(screen.queryByRole('link', { name: /User Flows/ })).toBeNull();
    expect(screen.getByRole('link', { name: /Knowledge Base/ }).getAttribute('href')).toBe(
      '/products/prod-1/knowledge-base',
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.currentProduct)).toBe('prod-1');

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Upload Video' }));
    });
    expect(await screen.findByText('Knowledge base page')).toBeTruthy();
  });

  it('should count the videos and drop the orange bar once the media service lists one', async () => {
    serve(aProduct(), [
      { id: 'v1', originalName: 'demo.mp4', fileSize: 10, analysisStatus: 'uploaded', createdAt: '' },
    ]);
    renderPage();
    expect(await screen.findByText('1 video(s) uploaded')).toBeTruthy();
    expect(screen.queryByText('Upload a product demo video to get AI-powered insights')).toBeNull();
  });

  it.each(BANNERS)("should show the %s banner '%s'", async (status, title, text) => {
    serve(aProduct({ analysisStatus: status }));
    renderPage();
    const banner = await screen.findByRole('alert');
    expect(within(banner).getByText(title)).toBeTruthy();
    expect(within(banner).getByText(text)).toBeTruthy();
  });

  it("should offer 'Review Now' with page_specs_ready, opening the page spec review", async () => {
    // Just finalized elsewhere: the review does not open by itself, the button still opens it.
    localStorage.setItem('page_specs_finalized_prod-1', String(Date.now()));
    serve(aProduct({ analysisStatus: 'page_specs_ready' }), [
      { id: 'v1', originalName: 'demo.mp4', fileSize: 10, analysisStatus: 'page_specs_ready', createdAt: '' },
    ]);
    renderPage();
    const banner = await screen.findByRole('alert');
    expect(
      within(banner).getByText(
        'Video analysis is complete. Give us a few moments to generate your final insights.',
      ),
    ).toBeTruthy();
    // Review opens the modal once the video at page_specs_ready is known (before that it leads to the knowledge base).
    await screen.findByText('1 video(s) uploaded');
    const reviewNow = await within(banner).findByRole('button', { name: 'Review Now' });
    await act(async () => {
      fireEvent.click(reviewNow);
    });
    expect(await screen.findByText('Review Page Specifications')).toBeTruthy();
  });

  it('should show the analysis percent in the in-progress banner when the product tells it', async () => {
    serve(aProduct({ analysisStatus: 'analyzing', analysisProgress: 42 }));
    renderPage();
    const banner = await screen.findByRole('alert');
    expect(within(banner).getByRole('progressbar', { name: 'Analysis progress' }).getAttribute('aria-valuenow')).toBe(
      '42',
    );
  });

  it('should read the percent again with the videos while the analysis runs', async () => {
    let progress = 42;
    server.handle((request, response) => {
      if (request.url.endsWith('/videos')) {
        sendJson(response, 200, [
          { id: 'v1', originalName: 'demo.mp4', fileSize: 10, analysisStatus: 'analyzing', createdAt: '' },
        ]);
      } else {
        sendJson(response, 200, aProduct({ analysisStatus: 'analyzing', analysisProgress: progress }));
        progress = 64;
      }
    });
    renderPage();
    const bar = await screen.findByRole('progressbar', { name: 'Analysis progress' });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('64'));
  });

  it('should read the product again when its newest video moved on', async () => {
    let product = aProduct({ analysisStatus: 'processing' });
    server.handle((request, response) => {
      if (request.url.endsWith('/videos')) {
        // The media service already knows; the catalog catches up on the next read.
        sendJson(response, 200, [
          { id: 'v1', originalName: 'demo.mp4', fileSize: 10, analysisStatus: 'completed', createdAt: '' },
        ]);
        product = aProduct({ analysisStatus: 'completed' });
      } else sendJson(response, 200, product);
    });
    renderPage();
    expect(await screen.findByText('Video Analysis Complete')).toBeTruthy();
  });

  it('should keep a dismissed banner closed for that product and status only', async () => {
    serve(aProduct({ analysisStatus: 'completed' }));
    const first = renderPage();
    const banner = await screen.findByRole('alert');
    await act(async () => {
      fireEvent.click(within(banner).getByRole('button', { name: 'Dismiss' }));
    });
    expect(screen.queryByText('Video analysis completed successfully!')).toBeNull();
    first.unmount();

    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Shop' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    await act(async () => undefined);
  });

  it('should show the banner of a new status after an older one was dismissed', async () => {
    localStorage.setItem(STORAGE_KEYS.dismissedStatusBanners, JSON.stringify({ 'prod-1': 'processing' }));
    serve(aProduct({ analysisStatus: 'failed' }));
    renderPage();
    expect(await screen.findByText('Video Analysis Failed')).toBeTruthy();
  });

  it("should show 'Product not found' for a product the server does not know, with Back to Dashboard", async () => {
    serve(null);
    renderPage('someone-elses');
    // A failed query is retried once after 1 s (product-spec §9) before the page gives up.
    expect(await screen.findByRole('heading', { name: 'Product not found' }, { timeout: 3000 })).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Back to Dashboard' }));
    });
    expect(await screen.findByText('Dashboard page')).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.currentProduct)).toBeNull();
  });
});
