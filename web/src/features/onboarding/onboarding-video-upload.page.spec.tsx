import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import notification from 'antd/es/notification';
import type { User } from '../../api/identity.api';
import { STORAGE_KEYS } from '../../lib/storage';
import { answerRoutes, json, requestsTo } from '../../test/api-routes';
import { fakeXhr } from '../../test/fake-xhr';
import { aUser } from '../../test/factories';
import { sendJson, useTestServer } from '../../test/http-server';
import { aProduct } from '../../test/products';
import { renderWithProviders } from '../../test/render';
import { restoreVideoMetadata, stubVideoMetadata } from '../../test/video-metadata';
import { initialSessionState } from '../session/session.slice';
import OnboardingNamePage from './onboarding-name.page';
import OnboardingVideoUploadPage from './onboarding-video-upload.page';

const server = useTestServer();

beforeEach(async () => {
  localStorage.clear();
  fakeXhr.install();
  stubVideoMetadata({ duration: 95 });
});

afterEach(async () => {
  // Toasts live outside the rendered tree: one test's must not answer the next test's query.
  act(() => notification.destroy());
  fakeXhr.restore();
  restoreVideoMetadata();
});

const DRAFT = {
  name: 'Acme Shop',
  type: 'mobile_app' as const,
  description: 'Online shop for office supplies',
};

function storeDraft(draft: unknown) {
  localStorage.setItem(STORAGE_KEYS.onboardingProductData, JSON.stringify(draft));
}

function renderStep2(user: User = aUser()) {
  return renderWithProviders(
    [
      { path: '/onboarding-video-upload', element: <OnboardingVideoUploadPage /> },
      { path: '/onboarding-name', element: <OnboardingNamePage /> },
      { path: '/onboarding-processing', element: <p>Processing page</p> },
      { path: '/products/:productId', element: <p>Product page</p> },
    ],
    {
      initialPath: '/onboarding-video-upload',
      preloadedState: { session: { ...initialSessionState, initialized: true, user } },
    },
  );
}

const UPLOAD_TARGET = {
  uploadUrl: '/api/uploads/token-1',
  method: 'PUT',
  headers: { 'Content-Type': 'video/mp4' },
  storageKey: 'users/user-1/prod-1/demo.mp4',
  expiresAt: '2026-01-02T01:00:00.000Z',
  maxBytes: 3 * 1024 * 1024,
};

const A_VIDEO = {
  id: 'video-1',
  productId: 'prod-1',
  originalName: 'demo.mp4',
  fileSize: 3 * 1024 * 1024,
  contentType: 'video/mp4',
  durationSec: 95,
  analysisStatus: 'uploaded',
  createdAt: '2026-01-02T00:00:00.000Z',
  filename: 'users/user-1/prod-1/demo.mp4',
  storageKey: 'users/user-1/prod-1/demo.mp4',
};

/** The servers of a first upload that goes through. */
function serveUpload(overrides: Record<string, ReturnType<typeof json>> = {}, user: User = aUser()) {
  answerRoutes(server, {
    'GET /api/user/user-1': json(200, user),
    'POST /api/products/create-without-video': json(201, aProduct(DRAFT)),
    'POST /api/uploads': json(201, UPLOAD_TARGET),
    'POST /api/products/prod-1/videos/direct': json(201, A_VIDEO),
    ...overrides,
  });
}

const demoVideo = () => new File([new Uint8Array(3 * 1024 * 1024)], 'demo.mp4', { type: 'video/mp4' });

async function choose(file: File) {
  await act(async () => {
    fireEvent.change(screen.getByLabelText('Video file'), { target: { files: [file] } });
  });
}

async function clickUpload() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Upload & Continue' }));
  });
}

const storedDraft = () =>
  JSON.parse(localStorage.getItem(STORAGE_KEYS.onboardingProductData) ?? 'null') as Record<string, unknown> | null;

describe(OnboardingVideoUploadPage.name, () => {
  it('should send a user without a draft to step 1', async () => {
    renderStep2();
    expect(await screen.findByRole('heading', { name: 'Tell us about your product' })).toBeTruthy();
  });

  it("should say 'Missing product information' for an incomplete draft and return to step 1 with it", async () => {
    storeDraft({ name: 'Acme Shop', type: 'website', description: 'short' });
    renderStep2();
    expect(await screen.findByText('Missing product information')).toBeTruthy();
    expect(screen.getByText('Please complete the product details first')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Tell us about your product' })).toBeTruthy();
    expect((screen.getByLabelText('Product Name') as HTMLInputElement).value).toBe('Acme Shop');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.onboardingProductData) ?? 'null')).toMatchObject({
      name: 'Acme Shop',
    });
  });

  it('should show the summary, the hints, and the chosen file with its size in MB', async () => {
    storeDraft(DRAFT);
    renderStep2();
    expect(screen.getByRole('heading', { name: 'Upload Demo Video' })).toBeTruthy();
    expect(screen.getByText('Step 2 of 2')).toBeTruthy();
    expect(screen.getByText('Acme Shop')).toBeTruthy();
    expect(screen.getByText('Mobile App')).toBeTruthy();
    expect(screen.getByText('Online shop for office supplies')).toBeTruthy();
    for (const hint of [
      'Supported formats: MP4, MOV, AVI, WebM',
      'Maximum file size: 500MB',
      'Free plan: Videos up to 5 minutes',
    ])
      expect(screen.getByText(hint)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Watch a sample video' }).getAttribute('href')).toBe('/sample-demo.mp4');
    const input = screen.getByLabelText('Video file') as HTMLInputElement;
    expect(input.accept).toBe('video/*');

    const video = new File([new Uint8Array(3 * 1024 * 1024)], 'demo.mp4', { type: 'video/mp4' });
    fireEvent.change(input, { target: { files: [video] } });
    expect(screen.getByText('demo.mp4')).toBeTruthy();
    expect(screen.getByText('3.00 MB')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Choose Different File' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Upload & Continue' }) as HTMLButtonElement).disabled).toBe(
      false,
    );

    const text = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    fireEvent.change(input, { target: { files: [text] } });
    expect(await screen.findByText('Invalid file type')).toBeTruthy();
    expect(screen.getByText('Please select a video file')).toBeTruthy();
    expect(screen.getByText('demo.mp4')).toBeTruthy();
  });

  it("should create the product on 'Skip for Now', remember it, clear the draft and open its page", async () => {
    storeDraft(DRAFT);
    server.handle((_request, response) => sendJson(response, 201, aProduct(DRAFT)));
    renderStep2();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Skip for Now' }));
    });
    expect(await screen.findByText('Product page')).toBeTruthy();
    expect(await screen.findByText('Product created successfully!')).toBeTruthy();
    expect(server.requests[0]?.method).toBe('POST');
    expect(server.requests[0]?.url).toBe('/api/products/create-without-video');
    expect(JSON.parse(server.requests[0]?.body ?? '{}')).toEqual(DRAFT);
    expect(localStorage.getItem(STORAGE_KEYS.onboardingProductData)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.currentProduct)).toBe('prod-1');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.lastCreatedProduct) ?? '{}')).toMatchObject({
      id: 'prod-1',
    });
  });

  it("should say 'Error creating product' and stay when the server refuses", async () => {
    storeDraft(DRAFT);
    server.handle((_request, response) =>
      sendJson(response, 400, { message: 'Description must be at least 10 characters' }),
    );
    renderStep2();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Skip for Now' }));
    });
    expect(await screen.findByText('Error creating product')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Upload Demo Video' })).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.onboardingProductData)).not.toBeNull();
  });

  it('should go Back to step 1 with the draft kept', async () => {
    storeDraft(DRAFT);
    renderStep2();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    });
    expect(await screen.findByRole('heading', { name: 'Tell us about your product' })).toBeTruthy();
    expect((screen.getByLabelText('Product Name') as HTMLInputElement).value).toBe('Acme Shop');
    expect((screen.getByLabelText('Mobile App') as HTMLInputElement).checked).toBe(true);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.onboardingProductData) ?? 'null')).toEqual(DRAFT);
  });

  it("should create the product, upload with a progress bar, register the video and go to processing", async () => {
    storeDraft(DRAFT);
    serveUpload();
    fakeXhr.autoAnswer = null;
    renderStep2();
    await choose(demoVideo());
    await clickUpload();

    await waitFor(() => expect(fakeXhr.requests).toHaveLength(1));
    const put = fakeXhr.requests[0];
    expect(put?.method).toBe('PUT');
    expect(put?.url).toBe('/api/uploads/token-1');
    expect(put?.headers).toEqual({ 'Content-Type': 'video/mp4' });
    expect(storedDraft()).toEqual({ ...DRAFT, productId: 'prod-1' });
    await act(async () => put?.progress(1, 4));
    const bar = screen.getByRole('progressbar', { name: 'Upload progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    await act(async () => put?.progress(4, 4));
    expect(bar.getAttribute('aria-valuenow')).toBe('100');
    await act(async () => put?.answer(200, { storageKey: UPLOAD_TARGET.storageKey, size: 3 * 1024 * 1024 }));

    expect(await screen.findByText('Processing page')).toBeTruthy();
    expect(await screen.findByText('Video uploaded successfully!')).toBeTruthy();
    expect(server.requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      'GET /api/user/user-1',
      'POST /api/products/create-without-video',
      'POST /api/uploads',
      'POST /api/products/prod-1/videos/direct',
    ]);
    expect(JSON.parse(requestsTo(server, 'POST /api/uploads')[0]?.body ?? '{}')).toEqual({
      productId: 'prod-1',
      fileName: 'demo.mp4',
      contentType: 'video/mp4',
      fileSize: 3 * 1024 * 1024,
    });
    expect(JSON.parse(requestsTo(server, 'POST /api/products/prod-1/videos/direct')[0]?.body ?? '{}')).toEqual({
      storageKey: UPLOAD_TARGET.storageKey,
      originalName: 'demo.mp4',
      fileSize: 3 * 1024 * 1024,
      contentType: 'video/mp4',
    });
    expect(storedDraft()).toBeNull();
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.lastCreatedProduct) ?? '{}')).toMatchObject({
      id: 'prod-1',
    });
  });

  it("should say 'No file selected' when nothing was chosen", async () => {
    storeDraft(DRAFT);
    serveUpload();
    renderStep2();
    await clickUpload();
    expect(await screen.findByText('No file selected')).toBeTruthy();
    expect(screen.getByText('Please select a video file')).toBeTruthy();
    expect(server.requests).toEqual([]);
  });

  it('should open the upgrade dialog (monthly limit) when the fresh user has uploaded a video this month', async () => {
    storeDraft(DRAFT);
    serveUpload({}, aUser({ videosUploaded: 1 }));
    const { store } = renderStep2();
    await choose(demoVideo());
    await clickUpload();
    await waitFor(() => expect(store.getState().upgrade.open).toBe(true));
    expect(store.getState().upgrade.reason).toEqual({ code: 'UPLOAD_RESTRICTED' });
    expect(server.requests.map((request) => request.url)).toEqual(['/api/user/user-1']);
    expect(store.getState().session.user?.videosUploaded).toBe(1);
  });

  it('should open the upgrade dialog with the duration for a free video over 5 minutes', async () => {
    storeDraft(DRAFT);
    serveUpload();
    stubVideoMetadata({ duration: 420 });
    const { store } = renderStep2();
    await choose(demoVideo());
    await clickUpload();
    await waitFor(() => expect(store.getState().upgrade.open).toBe(true));
    expect(store.getState().upgrade.reason).toEqual({
      code: 'UPLOAD_RESTRICTED',
      videoDuration: 420,
      videoDurationMinutes: 7,
    });
    expect(requestsTo(server, 'POST /api/products/create-without-video')).toEqual([]);
  });

  it("should say 'Could not analyze video' when the duration cannot be read", async () => {
    storeDraft(DRAFT);
    serveUpload();
    stubVideoMetadata('unreadable');
    renderStep2();
    await choose(demoVideo());
    await clickUpload();
    expect(await screen.findByText('Could not analyze video')).toBeTruthy();
    expect(screen.getByText('Please try selecting the video again')).toBeTruthy();
  });

  it('should skip the plan checks for a Pro user', async () => {
    storeDraft(DRAFT);
    serveUpload();
    stubVideoMetadata({ duration: 4000 });
    renderStep2(aUser({ subscriptionStatus: 'active', videosUploaded: 5 }));
    await choose(demoVideo());
    await clickUpload();
    expect(await screen.findByText('Processing page')).toBeTruthy();
    expect(requestsTo(server, 'GET /api/user/user-1')).toEqual([]);
  });

  it("should say 'Upload failed' with the server's words and reuse the created product when trying again", async () => {
    storeDraft(DRAFT);
    serveUpload();
    fakeXhr.autoAnswer = { status: 413, body: { message: 'File too large', code: 'FILE_TOO_LARGE' } };
    renderStep2();
    await choose(demoVideo());
    await clickUpload();
    expect(await screen.findByText('Upload failed')).toBeTruthy();
    expect(screen.getByText('File too large')).toBeTruthy();
    expect(storedDraft()).toEqual({ ...DRAFT, productId: 'prod-1' });

    fakeXhr.autoAnswer = { status: 200, body: {} };
    await clickUpload();
    expect(await screen.findByText('Processing page')).toBeTruthy();
    expect(requestsTo(server, 'POST /api/products/create-without-video')).toHaveLength(1);
    expect(requestsTo(server, 'POST /api/uploads')).toHaveLength(2);
  });

  it("should prefer the server's error field for 'Upload failed'", async () => {
    storeDraft({ ...DRAFT, productId: 'prod-1' });
    serveUpload({
      'POST /api/products/prod-1/videos/direct': json(415, {
        message: 'Could not analyze video',
        error: 'Could not analyze video: no video stream',
      }),
    });
    renderStep2();
    await choose(demoVideo());
    await clickUpload();
    expect(await screen.findByText('Upload failed')).toBeTruthy();
    expect(screen.getByText('Could not analyze video: no video stream')).toBeTruthy();
    expect(requestsTo(server, 'POST /api/products/create-without-video')).toEqual([]);
  });

  it("should open the upgrade dialog, not 'Upload failed', when the server refuses the video for the plan", async () => {
    storeDraft(DRAFT);
    serveUpload({
      'POST /api/products/prod-1/videos/direct': json(403, {
        message: 'Video exceeds the free plan limit',
        error: 'Video exceeds the free plan limit',
        code: 'UPLOAD_RESTRICTED',
        upgradeRequired: true,
        videoDuration: 301,
        videoDurationMinutes: 6,
      }),
    });
    const { store } = renderStep2();
    await choose(demoVideo());
    await clickUpload();
    await waitFor(() => expect(store.getState().upgrade.open).toBe(true));
    expect(store.getState().upgrade.reason).toEqual({
      code: 'UPLOAD_RESTRICTED',
      videoDuration: 301,
      videoDurationMinutes: 6,
    });
    expect(screen.queryByText('Upload failed')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Upload Demo Video' })).toBeTruthy();
  });
});
