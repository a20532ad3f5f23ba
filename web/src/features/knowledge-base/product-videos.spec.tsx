import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import notification from 'antd/es/notification';
import type { Video } from '../../api/media.api';
import { answerRoutes, json, requestsTo, type RouteAnswer } from '../../test/api-routes';
import { ignorePseudoElementStyles } from '../../test/antd-jsdom';
import { fakeXhr } from '../../test/fake-xhr';
import { aUser } from '../../test/factories';
import { useTestServer } from '../../test/http-server';
import { aProduct, aVideo } from '../../test/products';
import { renderWithProviders } from '../../test/render';
import { restoreVideoMetadata, stubVideoMetadata } from '../../test/video-metadata';
import { initialSessionState } from '../session/session.slice';
import KnowledgeBasePage from './knowledge-base.page';
import { uploadErrorMessage, videosPollInterval } from './product-videos';

const server = useTestServer();

beforeEach(async () => {
  ignorePseudoElementStyles();
  fakeXhr.install();
  stubVideoMetadata({ duration: 30 });
});

afterEach(async () => {
  act(() => notification.destroy());
  fakeXhr.restore();
  restoreVideoMetadata();
  jest.restoreAllMocks();
});

function serve(videos: unknown[], routes: Record<string, RouteAnswer> = {}) {
  answerRoutes(server, {
    'GET /api/knowledge-base': json(200, { product: aProduct() }),
    'GET /api/products/prod-1/videos': json(200, videos),
    'GET /api/user/user-1': json(200, aUser()),
    ...routes,
  });
}

function renderPage() {
  return renderWithProviders(
    [{ path: '/products/:productId/knowledge-base', element: <KnowledgeBasePage /> }],
    {
      initialPath: '/products/prod-1/knowledge-base',
      preloadedState: { session: { ...initialSessionState, initialized: true, user: aUser() } },
    },
  );
}

async function click(element: HTMLElement) {
  await act(async () => {
    fireEvent.click(element);
  });
}

/** The confirm closes once its action settled; waiting for it keeps its last updates inside the test. */
async function confirmClosed() {
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

async function pick(file: File) {
  await act(async () => {
    fireEvent.change(screen.getByLabelText('Video file'), { target: { files: [file] } });
  });
}

const demoVideo = () => new File([new Uint8Array(1024)], 'tour.mp4', { type: 'video/mp4' });

describe('Knowledge base Product Videos', () => {
  it("should list each video's name, size and status (with the percent while analysing), with Retry only on failed ones", async () => {
    serve([
      aVideo({ id: 'v3', originalName: 'checkout.mov', fileSize: 1536, analysisStatus: 'failed' }),
      aVideo({
        id: 'v4',
        originalName: 'signup.mp4',
        fileSize: 2048,
        analysisStatus: 'analyzing',
        analysisProgress: 35,
      }),
      aVideo({ id: 'v2', originalName: 'tour.webm', fileSize: 734, analysisStatus: undefined }),
      aVideo({ id: 'v1', originalName: 'demo.mp4', fileSize: 2.25 * 1024 ** 3 }),
    ]);
    renderPage();
    const list = await screen.findByRole('list', { name: 'Uploaded videos' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('checkout.mov1.5 KBfailed'),
      expect.stringContaining('signup.mp42 KBanalyzing 35%'),
      expect.stringContaining('tour.webm734 Bytesuploaded'),
      expect.stringContaining('demo.mp42.25 GBcompleted'),
    ]);
    expect(screen.getAllByRole('button', { name: /^Retry analysis of/ })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: /^Delete / })).toHaveLength(4);
    expect(screen.getByText('Supported formats: MP4, WebM, MOV. Max size: 500MB')).toBeTruthy();
    expect(
      screen.getByText('You can upload videos at any time, even while others are being processed'),
    ).toBeTruthy();
    expect((screen.getByLabelText('Video file') as HTMLInputElement).accept).toBe('video/*');
  });

  it('should upload a picked video with a progress bar that resets 2 s after it ends, and refresh the list', async () => {
    let videos: Video[] = [];
    serve([], {
      'GET /api/products/prod-1/videos': (_request, response) => json(200, videos)(_request, response),
      'POST /api/uploads': json(201, {
        uploadUrl: '/api/uploads/t',
        method: 'PUT',
        headers: { 'Content-Type': 'video/mp4' },
        storageKey: 'k2',
        expiresAt: '2026-01-02T01:00:00.000Z',
        maxBytes: 1024,
      }),
      'POST /api/products/prod-1/videos/direct': (request, response) => {
        videos = [aVideo({ id: 'v2', originalName: 'tour.mp4', fileSize: 1024, analysisStatus: 'uploaded' })];
        json(201, videos[0])(request, response);
      },
    });
    fakeXhr.autoAnswer = null;
    renderPage();
    expect(await screen.findByText('No videos uploaded yet.')).toBeTruthy();
    await pick(demoVideo());
    await waitFor(() => expect(fakeXhr.requests).toHaveLength(1));
    await act(async () => fakeXhr.requests[0]?.progress(512, 1024));
    expect(screen.getByRole('progressbar', { name: 'Upload progress' }).getAttribute('aria-valuenow')).toBe(
      '50',
    );
    await act(async () => fakeXhr.requests[0]?.answer(200, { storageKey: 'k2', size: 1024 }));

    expect(
      await screen.findByText('Video uploaded successfully - AI analysis will begin shortly'),
    ).toBeTruthy();
    expect(await screen.findByText('tour.mp4')).toBeTruthy();
    expect(screen.getByText('1 KB')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Upload progress' }).getAttribute('aria-valuenow')).toBe(
      '100',
    );
    await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Upload progress' })).toBeNull(), {
      timeout: 3000,
    });
  });

  it.each([
    [413, 'File too large', 'File too large - Video must be smaller than 500MB'],
    [415, 'Invalid file type', 'Please upload a video file (MP4, WebM, MOV, AVI, WMV)'],
    [404, 'Product not found', 'Please refresh the page and try again'],
    [500, 'Internal error', 'Failed to upload video'],
  ])('should map a %s %s from POST /api/uploads to its toast', async (status, message, toastText) => {
    serve([], { 'POST /api/uploads': json(status, { message }) });
    renderPage();
    await screen.findByText('No videos uploaded yet.');
    await pick(demoVideo());
    expect(await screen.findByText(toastText)).toBeTruthy();
    expect(fakeXhr.requests).toHaveLength(0);
  });

  it('should refuse a non-video before any upload', async () => {
    serve([]);
    renderPage();
    await screen.findByText('No videos uploaded yet.');
    await pick(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText('Invalid file type')).toBeTruthy();
    expect(requestsTo(server, 'POST /api/uploads')).toEqual([]);
  });

  it("should restart a failed analysis after the confirm and say 'Analysis restarted'", async () => {
    serve([aVideo({ analysisStatus: 'failed' })], {
      'POST /api/videos/video-1/retry-analysis': json(200, {
        success: true,
        videoId: 'video-1',
        status: 'processing',
      }),
    });
    renderPage();
    await click(await screen.findByRole('button', { name: 'Retry analysis of demo.mp4' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restart the analysis?' });
    await click(within(dialog).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Analysis restarted')).toBeTruthy();
    await confirmClosed();
    expect(requestsTo(server, 'POST /api/videos/video-1/retry-analysis')).toHaveLength(1);
  });

  it("should say 'Failed to restart analysis' when the server refuses", async () => {
    serve([aVideo({ analysisStatus: 'failed' })], {
      'POST /api/videos/video-1/retry-analysis': json(409, {
        message: 'Only a failed analysis can be restarted',
        code: 'NOT_RETRYABLE',
      }),
    });
    renderPage();
    await click(await screen.findByRole('button', { name: 'Retry analysis of demo.mp4' }));
    await click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Failed to restart analysis')).toBeTruthy();
    await confirmClosed();
  });

  it("should delete a video after the confirm and say 'Video deleted'; nothing happens on Cancel", async () => {
    let videos = [aVideo()];
    serve([], {
      'GET /api/products/prod-1/videos': (request, response) => json(200, videos)(request, response),
      'DELETE /api/videos/video-1': (request, response) => {
        videos = [];
        json(200, { success: true, id: 'video-1' })(request, response);
      },
    });
    renderPage();
    await click(await screen.findByRole('button', { name: 'Delete demo.mp4' }));
    await click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await confirmClosed();
    expect(requestsTo(server, 'DELETE /api/videos/video-1')).toEqual([]);

    await click(screen.getByRole('button', { name: 'Delete demo.mp4' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this video?' });
    await click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Video deleted')).toBeTruthy();
    await confirmClosed();
    expect(await screen.findByText('No videos uploaded yet.')).toBeTruthy();
  });

  it("should say 'Failed to delete video' when the server refuses", async () => {
    serve([aVideo()], { 'DELETE /api/videos/video-1': json(500, { message: 'Internal error' }) });
    renderPage();
    await click(await screen.findByRole('button', { name: 'Delete demo.mp4' }));
    await click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete video')).toBeTruthy();
    await confirmClosed();
  });
});

describe(uploadErrorMessage.name, () => {
  it('should read the server message as product-spec §8 says', () => {
    const error = (message: string) => ({ status: 400, message });
    expect(uploadErrorMessage(error('Video file too large for upload'))).toBe(
      'File too large - Video must be smaller than 500MB',
    );
    expect(uploadErrorMessage(error('Invalid file type'))).toBe(
      'Please upload a video file (MP4, WebM, MOV, AVI, WMV)',
    );
    expect(uploadErrorMessage(error('Product not found'))).toBe('Please refresh the page and try again');
    expect(uploadErrorMessage(new Error('boom'))).toBe('Failed to upload video');
  });
});

describe(videosPollInterval.name, () => {
  it('should poll every 10 s while a video is uploaded, processing or analysing, and not otherwise', () => {
    expect(videosPollInterval([{ analysisStatus: 'completed' }, { analysisStatus: 'processing' }])).toBe(
      10_000,
    );
    expect(videosPollInterval([{ analysisStatus: 'analyzing' }])).toBe(10_000);
    expect(videosPollInterval([{ analysisStatus: 'uploaded' }])).toBe(10_000);
    expect(videosPollInterval([{ analysisStatus: 'page_specs_ready' }, { analysisStatus: 'failed' }])).toBe(
      0,
    );
    expect(videosPollInterval(undefined)).toBe(0);
  });
});
