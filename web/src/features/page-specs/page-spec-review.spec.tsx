import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import notification from 'antd/es/notification';
import type { VideoPageSpec } from '../../api/analysis.api';
import type { AnalysisStatus, Product } from '../../api/catalog.api';
import type { Video } from '../../api/media.api';
import { ignorePseudoElementStyles } from '../../test/antd-jsdom';
import { requestsTo } from '../../test/api-routes';
import { aSubscription, aUser } from '../../test/factories';
import { sendJson, useTestServer } from '../../test/http-server';
import { aProduct, aVideo as aVideoOf } from '../../test/products';
import { renderWithProviders } from '../../test/render';
import ProductOverviewPage from '../product/product-overview.page';
import { initialSessionState } from '../session/session.slice';
import { markFinalized } from './finalization-flag';
import { PageSpecReviewModal } from './page-spec-review.modal';
import { resetReviewSession } from './review-session';

const server = useTestServer();

interface World {
  product: Product;
  videos: Video[];
  specs: VideoPageSpec[];
  failDelete?: boolean;
  failEnhance?: boolean;
  failFinalize?: boolean;
  /** What the product reads as after a finalize. */
  afterFinalize?: AnalysisStatus;
}

let world: World;

/** A video whose page specs wait for review. */
function aVideo(overrides: Partial<Video> = {}): Video {
  return aVideoOf({ fileSize: 1024, durationSec: 12, analysisStatus: 'page_specs_ready', ...overrides });
}

function aSpec(overrides: Partial<VideoPageSpec> = {}): VideoPageSpec {
  return {
    id: 'spec-1',
    videoId: 'video-1',
    productId: 'prod-1',
    screenName: 'Sign In',
    description: 'The sign-in form with email and password.',
    screenshotKey: 'users/user-1/prod-1/shots/sign-in.jpg',
    elements: [],
    actions: [],
    firstSeenSec: 0,
    lastSeenSec: 4,
    order: 0,
    isUserAdded: false,
    ...overrides,
  };
}

function serveWorld() {
  server.handle((request, response) => {
    const path = request.url.split('?')[0] ?? '';
    const route = `${request.method} ${path}`;
    if (route === 'GET /api/products/prod-1') return sendJson(response, 200, world.product);
    if (route === 'GET /api/products/prod-1/videos') return sendJson(response, 200, world.videos);
    if (route === 'GET /api/videos/video-1/page-specs') return sendJson(response, 200, world.specs);
    if (route === 'GET /api/user/subscription') return sendJson(response, 200, aSubscription());
    const deleted = /^DELETE \/api\/page-specs\/(.+)$/.exec(route);
    if (deleted) {
      if (world.failDelete) return sendJson(response, 500, { message: 'Internal error' });
      world.specs = world.specs.filter((spec) => spec.id !== deleted[1]);
      return sendJson(response, 200, { success: true, id: deleted[1] });
    }
    if (route === 'POST /api/products/prod-1/page-specs/enhance') {
      if (world.failEnhance) return sendJson(response, 500, { message: 'Internal error' });
      const body = JSON.parse(request.body) as { screenName: string; description: string };
      const spec = aSpec({ id: 'spec-new', ...body, screenshotKey: null, order: 9, isUserAdded: true });
      world.specs = [...world.specs, spec];
      return sendJson(response, 201, spec);
    }
    if (route === 'POST /api/products/prod-1/page-specs/finalize') {
      if (world.failFinalize) return sendJson(response, 500, { message: 'Internal error' });
      world.product = { ...world.product, analysisStatus: world.afterFinalize ?? 'completed' };
      world.videos = world.videos.map((video) => ({ ...video, analysisStatus: 'completed' }));
      return sendJson(response, 200, { success: true, videoId: 'video-1', productId: 'prod-1', status: 'completed' });
    }
    return sendJson(response, 404, { message: `No route ${route}` });
  });
}

beforeEach(async () => {
  ignorePseudoElementStyles();
  localStorage.clear();
  resetReviewSession();
  world = {
    product: aProduct({ analysisStatus: 'page_specs_ready' }),
    videos: [aVideo()],
    specs: [
      aSpec(),
      aSpec({ id: 'spec-2', screenName: 'Product Catalog', description: 'A list of products.', order: 1, screenshotKey: null }),
    ],
  };
  serveWorld();
});

afterEach(async () => {
  act(() => notification.destroy());
  jest.restoreAllMocks();
});

function renderProductPage() {
  return renderWithProviders(
    [
      { path: '/products/:productId', element: <ProductOverviewPage /> },
      { path: '/products/:productId/knowledge-base', element: <p>Knowledge base page</p> },
      { path: '/dashboard', element: <p>Dashboard page</p> },
    ],
    {
      initialPath: '/products/prod-1',
      preloadedState: { session: { ...initialSessionState, initialized: true, user: aUser() } },
    },
  );
}

async function click(element: HTMLElement) {
  await act(async () => {
    fireEvent.click(element);
  });
}

const findModal = () => screen.findByRole('dialog', { name: 'Review Page Specifications' });
const queryModal = () => screen.queryByRole('dialog', { name: 'Review Page Specifications' });
const finalizeButton = (modal: HTMLElement) =>
  within(modal).getByRole('button', { name: /Finalize Changes|Processing\.\.\./ }) as HTMLButtonElement;

async function modalClosed() {
  await waitFor(() => expect(queryModal()).toBeNull());
}

describe('Page spec review modal', () => {
  it('should open by itself shortly after the product and a video reach page_specs_ready, listing the screens', async () => {
    renderProductPage();
    await screen.findByRole('heading', { level: 1, name: 'Acme Shop' });
    const opened = Date.now();
    const modal = await findModal();
    expect(Date.now() - opened).toBeGreaterThanOrEqual(150);
    expect(await within(modal).findByText('Sign In')).toBeTruthy();
    expect(within(modal).getByText('The sign-in form with email and password.')).toBeTruthy();
    expect(within(modal).getByText('Product Catalog')).toBeTruthy();
    expect(within(modal).getByText(/Remove any screen that does not match your video/)).toBeTruthy();

    const shot = within(modal).getByRole('img', { name: 'Screenshot of Sign In' }) as HTMLImageElement;
    expect(shot.getAttribute('src')).toBe('/api/images/users/user-1/prod-1/shots/sign-in.jpg');
    const link = shot.closest('a');
    expect(link?.getAttribute('href')).toBe('/api/images/users/user-1/prod-1/shots/sign-in.jpg');
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(within(modal).getByText('No image')).toBeTruthy();
    expect(within(modal).queryByText('New')).toBeNull();
    expect(finalizeButton(modal).disabled).toBe(false);
  });

  it('should not open while no video is at page_specs_ready', async () => {
    world.videos = [aVideo({ analysisStatus: 'processing' })];
    renderProductPage();
    await screen.findByText('1 video(s) uploaded');
    await act(() => new Promise((resolve) => setTimeout(resolve, 700)));
    expect(queryModal()).toBeNull();
  });

  it("should stay closed once dismissed, offer 'Review Page Specs', and open again when the dashboard becomes active", async () => {
    const first = renderProductPage();
    const modal = await findModal();
    await click(within(modal).getAllByRole('button', { name: 'Cancel' })[0] as HTMLElement);
    await modalClosed();
    await act(() => new Promise((resolve) => setTimeout(resolve, 700)));
    expect(queryModal()).toBeNull();

    const review = screen.getByRole('button', { name: 'Review Page Specs' });
    await click(review);
    await findModal();
    await click(screen.getByRole('button', { name: 'Close' }));
    await modalClosed();
    first.unmount();

    renderProductPage();
    expect(await findModal()).toBeTruthy();
  });

  it("should delete a screen ('Page spec deleted') and say 'Error deleting page spec' when that fails", async () => {
    renderProductPage();
    const modal = await findModal();
    await click(await within(modal).findByRole('button', { name: 'Delete Sign In' }));
    expect(await screen.findByText('Page spec deleted')).toBeTruthy();
    await waitFor(() => expect(within(modal).queryByText('Sign In')).toBeNull());
    expect(requestsTo(server, 'DELETE /api/page-specs/spec-1')).toHaveLength(1);

    world.failDelete = true;
    await click(within(modal).getByRole('button', { name: 'Delete Product Catalog' }));
    expect(await screen.findByText('Error deleting page spec')).toBeTruthy();
    expect(within(modal).getByText('Product Catalog')).toBeTruthy();
  });

  it("should add a screen with 'Add & Enhance', marked New, after asking for both fields", async () => {
    renderProductPage();
    const modal = await findModal();
    await within(modal).findByText('Sign In');
    await click(within(modal).getByRole('button', { name: 'Add New Screen' }));
    const form = within(modal).getByRole('form', { name: 'Add New Screen' });
    await click(within(form).getByRole('button', { name: 'Add & Enhance' }));
    expect(await screen.findByText('Missing information')).toBeTruthy();
    expect(screen.getByText('Please provide both screen name and description.')).toBeTruthy();
    expect(requestsTo(server, 'POST /api/products/prod-1/page-specs/enhance')).toEqual([]);

    fireEvent.change(within(form).getByLabelText('Screen Name'), { target: { value: ' Checkout ' } });
    fireEvent.change(within(form).getByLabelText('Description'), { target: { value: 'Payment and address.' } });
    await click(within(form).getByRole('button', { name: 'Add & Enhance' }));
    expect(await screen.findByText('Page spec added')).toBeTruthy();
    expect(JSON.parse(requestsTo(server, 'POST /api/products/prod-1/page-specs/enhance')[0]?.body ?? '{}')).toEqual({
      videoId: 'video-1',
      screenName: 'Checkout',
      description: 'Payment and address.',
    });
    const added = (await within(modal).findByText('Checkout')).closest('li') as HTMLElement;
    expect(within(added).getByText('New')).toBeTruthy();
    expect(within(modal).queryByRole('form', { name: 'Add New Screen' })).toBeNull();

    world.failEnhance = true;
    await click(within(modal).getByRole('button', { name: 'Add New Screen' }));
    const again = within(modal).getByRole('form', { name: 'Add New Screen' });
    fireEvent.change(within(again).getByLabelText('Screen Name'), { target: { value: 'Orders' } });
    fireEvent.change(within(again).getByLabelText('Description'), { target: { value: 'Past orders.' } });
    await click(within(again).getByRole('button', { name: 'Add & Enhance' }));
    expect(await screen.findByText('Error adding page spec')).toBeTruthy();
    await click(within(again).getByRole('button', { name: 'Cancel' }));
    expect(within(modal).queryByRole('form', { name: 'Add New Screen' })).toBeNull();
  });

  it('should disable Finalize Changes without screens', async () => {
    world.specs = [];
    renderProductPage();
    const modal = await findModal();
    await within(modal).findByText(/No screens are left/);
    expect(finalizeButton(modal).disabled).toBe(true);
  });

  it("should finalize, set the product's flag, say 'Page specs finalized' and go to the dashboard", async () => {
    world.afterFinalize = 'processing';
    renderProductPage();
    const modal = await findModal();
    await within(modal).findByText('Sign In');
    await click(finalizeButton(modal));
    expect(await screen.findByText('Dashboard page')).toBeTruthy();
    expect(await screen.findByText('Page specs finalized')).toBeTruthy();
    expect(JSON.parse(requestsTo(server, 'POST /api/products/prod-1/page-specs/finalize')[0]?.body ?? '{}')).toEqual({
      videoId: 'video-1',
    });
    expect(Number(localStorage.getItem('page_specs_finalized_prod-1'))).toBeGreaterThan(0);
  });

  it("should not reopen right after a finalize while the product still reads page_specs_ready, and clear the flag once completed", async () => {
    markFinalized('prod-1');
    const view = renderProductPage();
    await screen.findByText('1 video(s) uploaded');
    await act(() => new Promise((resolve) => setTimeout(resolve, 700)));
    expect(queryModal()).toBeNull();
    view.unmount();

    world.product = { ...world.product, analysisStatus: 'completed' };
    world.videos = [aVideo({ analysisStatus: 'completed' })];
    renderProductPage();
    expect(await screen.findByText('Video Analysis Complete')).toBeTruthy();
    await waitFor(() => expect(localStorage.getItem('page_specs_finalized_prod-1')).toBeNull());
  });

  it("should say 'Processing started' and close when the finalize fails", async () => {
    world.failFinalize = true;
    renderProductPage();
    const modal = await findModal();
    await within(modal).findByText('Sign In');
    await click(finalizeButton(modal));
    expect(await screen.findByText('Processing started')).toBeTruthy();
    await modalClosed();
    expect(screen.getByRole('heading', { level: 1, name: 'Acme Shop' })).toBeTruthy();
  });

  it("should read 'Processing...' with Finalize disabled while a finalized product is processing", async () => {
    markFinalized('prod-1');
    world.product = { ...world.product, analysisStatus: 'processing' };
    renderWithProviders(
      [
        {
          path: '/products/:productId',
          element: (
            <PageSpecReviewModal productId="prod-1" videoId="video-1" onDismiss={() => undefined} onFinalized={() => undefined} />
          ),
        },
      ],
      {
        initialPath: '/products/prod-1',
        preloadedState: { session: { ...initialSessionState, initialized: true, user: aUser() } },
      },
    );
    const modal = await findModal();
    await within(modal).findByText('Sign In');
    await waitFor(() => expect(finalizeButton(modal).textContent).toBe('Processing...'));
    expect(finalizeButton(modal).disabled).toBe(true);
  });
});
