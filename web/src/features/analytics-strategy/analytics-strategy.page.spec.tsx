import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ChatJob, ChatMessage, ChatSession } from '../../api/chat.api';
import { answerRoutes, json, requestsTo, type RouteAnswer } from '../../test/api-routes';
import { clearToasts, ignorePseudoElementStyles } from '../../test/antd-jsdom';
import { aJob, aMessage, aSession, aStrategy, anAnswer } from '../../test/chat';
import { captureClipboard, captureDownloads, type CapturedDownload } from '../../test/downloads';
import { aSubscription, aUser } from '../../test/factories';
import { sendJson, useTestServer } from '../../test/http-server';
import { aProduct } from '../../test/products';
import { renderWithProviders } from '../../test/render';
import { UpgradeDialog } from '../billing/upgrade-dialog';
import { initialSessionState } from '../session/session.slice';
import AnalyticsStrategyPage, { STRATEGY_CHAT } from './analytics-strategy.page';

const PLACEHOLDER = STRATEGY_CHAT.placeholder;

const server = useTestServer();
let clipboard: string[];
let downloads: CapturedDownload[];

beforeEach(() => {
  ignorePseudoElementStyles();
  clipboard = captureClipboard();
  downloads = captureDownloads();
});

afterEach(async () => {
  await clearToasts();
  jest.restoreAllMocks();
});

interface Backend {
  sessions?: ChatSession[] | RouteAnswer;
  messages?: ChatMessage[] | RouteAnswer;
  jobs?: ChatJob[] | RouteAnswer;
  generate?: RouteAnswer;
  subscription?: ReturnType<typeof aSubscription>;
  founderCallUrl?: string | null;
  extra?: Record<string, RouteAnswer>;
}

const answer = <T,>(value: T[] | RouteAnswer | undefined): RouteAnswer =>
  typeof value === 'function' ? value : json(200, value ?? []);

function serve(backend: Backend = {}) {
  answerRoutes(server, {
    'GET /api/products/prod-1': json(200, aProduct()),
    'GET /api/user/subscription': json(200, backend.subscription ?? aSubscription()),
    'GET /api/stripe/config': json(200, { publishableKey: null, environment: 'development' }),
    'GET /api/chat/config': json(200, {
      founderCallUrl: backend.founderCallUrl ?? null,
      founderName: backend.founderCallUrl ? 'Sam' : null,
    }),
    'GET /api/chat-sessions': answer(backend.sessions),
    'GET /api/chat-messages': answer(backend.messages),
    'GET /api/products/prod-1/jobs': answer(backend.jobs),
    'POST /api/products/prod-1/generate-analytics-strategy':
      backend.generate ?? json(202, { jobId: 'job-1', messageId: 'message-1' }),
    ...backend.extra,
  });
}

function renderPage(path = '/products/prod-1/analytics?chat=session-1') {
  return renderWithProviders(
    [
      {
        path: '/products/:productId/analytics',
        element: (
          <>
            <AnalyticsStrategyPage />
            <UpgradeDialog />
          </>
        ),
      },
    ],
    {
      initialPath: path,
      preloadedState: { session: { ...initialSessionState, initialized: true, user: aUser() } },
    },
  );
}

async function click(element: HTMLElement) {
  await act(async () => fireEvent.click(element));
}

async function input(): Promise<HTMLTextAreaElement> {
  return (await screen.findByPlaceholderText(PLACEHOLDER)) as HTMLTextAreaElement;
}

async function type(text: string) {
  const box = await input();
  await act(async () => fireEvent.change(box, { target: { value: text } }));
}

async function press(key: { shiftKey?: boolean } = {}) {
  const box = await input();
  await act(async () => {
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13, ...key });
    fireEvent.keyUp(box, { key: 'Enter', code: 'Enter', keyCode: 13, ...key });
  });
}

const sendRequests = () => requestsTo(server, 'POST /api/products/prod-1/generate-analytics-strategy');

describe(AnalyticsStrategyPage.name, () => {
  it("should show the heading and both empty states: 'No conversations yet' and 'Select a chat to continue'", async () => {
    serve();
    renderPage('/products/prod-1/analytics');
    expect((await screen.findByRole('link', { name: /Back to Acme Shop/ })).getAttribute('href')).toBe(
      '/products/prod-1',
    );
    expect(
      screen.getByRole('heading', {
        level: 1,
        name: 'Analytics Strategy - AI-powered metrics and KPI recommendations',
      }),
    ).toBeTruthy();
    expect(await screen.findByText('No conversations yet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start First Chat' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Select a chat to continue' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start New Chat' })).toBeTruthy();
    expect(screen.queryByPlaceholderText(PLACEHOLDER)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Book a call' })).toBeNull();
    expect(requestsTo(server, 'GET /api/chat-sessions')[0]?.url).toBe(
      '/api/chat-sessions?productId=prod-1&chatType=analytics_strategy',
    );
  });

  it('should start the first chat and open it', async () => {
    let sessions: ChatSession[] = [];
    serve({
      sessions: (_request, response) => sendJson(response, 200, sessions),
      extra: {
        'POST /api/chat-sessions': (_request, response) => {
          sessions = [aSession({ id: 'session-7', title: 'Acme Shop Chat 1' })];
          sendJson(response, 201, sessions[0]);
        },
      },
    });
    renderPage('/products/prod-1/analytics');
    await click(await screen.findByRole('button', { name: 'Start First Chat' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Acme Shop Chat 1' })).toBeTruthy();
    expect(await input()).toBeTruthy();
    expect(JSON.parse(requestsTo(server, 'POST /api/chat-sessions')[0]?.body ?? '{}')).toEqual({
      productId: 'prod-1',
      chatType: 'analytics_strategy',
    });
  });

  it('should list the sessions and open one with its thread, its strategy table and Copy, Download and Save', async () => {
    serve({
      sessions: [aSession(), aSession({ id: 'session-2', title: 'Retention ideas' })],
      messages: [aMessage(), anAnswer()],
      founderCallUrl: 'https://cal.example.com/sam',
    });
    renderPage();
    const list = await screen.findByRole('list', { name: 'Chat sessions' });
    expect(within(list).getByText('Retention ideas')).toBeTruthy();
    expect(within(list).getAllByText(/Jan 5, 2026/)).toHaveLength(2);
    expect(await screen.findByText('Which KPIs should I watch?')).toBeTruthy();
    expect(await screen.findByRole('table', { name: 'Recommended metrics (2)' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'KPIs to watch for Acme Shop' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Book a call' }).getAttribute('href')).toBe(
      'https://cal.example.com/sam',
    );

    await click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Copied to clipboard')).toBeTruthy();
    expect(clipboard[0]).toContain('| Activation Rate | Share of sign-ups that finish setup |');
    await click(screen.getByRole('button', { name: 'Download' }));
    expect(downloads.map((file) => file.name)).toEqual(['acme_shop_chat_1.md']);
    await click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('dialog', { name: 'Save Content' })).toBeTruthy();

    await click(within(list).getByText('Retention ideas'));
    await waitFor(() =>
      expect(requestsTo(server, 'GET /api/chat-messages').map((request) => request.url)).toContain(
        '/api/chat-messages?sessionId=session-2',
      ),
    );
  });

  it("should send with Enter, show 'Thinking... N%' with the input disabled, then the table and 'Strategy generated'", async () => {
    const strategy = aStrategy();
    let jobs: ChatJob[] = [];
    let thread: ChatMessage[] = [aMessage({ id: 'message-0', content: 'Hello' })];
    serve({
      sessions: [aSession()],
      messages: (_request, response) => sendJson(response, 200, thread),
      jobs: (_request, response) => {
        const answered = jobs;
        // The poll after the running answer finds the job done.
        if (jobs[0]?.status === 'running') {
          jobs = [aJob({ status: 'completed', progress: 100, result: strategy })];
          thread = [...thread, anAnswer(strategy)];
        }
        sendJson(response, 200, answered);
      },
      generate: (request, response) => {
        thread = [...thread, aMessage({ id: 'message-1', content: 'Which KPIs should I watch?' })];
        jobs = [aJob({ status: 'running', progress: 40 })];
        sendJson(response, 202, { jobId: 'job-1', messageId: 'message-1' });
      },
    });
    renderPage();
    expect(await screen.findByText('Hello')).toBeTruthy();
    await type('  Which KPIs should I watch?  ');
    await press();

    expect(await screen.findByText('Thinking... 40%')).toBeTruthy();
    expect((await input()).disabled).toBe(true);
    expect(screen.getByText('Which KPIs should I watch?')).toBeTruthy();
    expect((await input()).value).toBe('');
    expect(JSON.parse(sendRequests()[0]?.body ?? '{}')).toEqual({
      sessionId: 'session-1',
      userMessage: 'Which KPIs should I watch?',
      conversationHistory: 'user: Hello',
    });

    expect(await screen.findByText('Strategy generated', undefined, { timeout: 8_000 })).toBeTruthy();
    expect(await screen.findByRole('table', { name: 'Recommended metrics (2)' })).toBeTruthy();
    expect(screen.queryByText(/Thinking\.\.\./)).toBeNull();
    await waitFor(async () => expect((await input()).disabled).toBe(false));
    expect(document.activeElement).toBe(await input());
  }, 20_000);

  it('should not send on Shift+Enter, nor a message that is only spaces', async () => {
    serve({ sessions: [aSession()] });
    renderPage();
    await type('   ');
    await press();
    await type('Which KPIs\nshould I watch?');
    await press({ shiftKey: true });
    expect(screen.getByRole('button', { name: 'Send message' })).toBeTruthy();
    expect(sendRequests()).toHaveLength(0);
  });

  it("should toast 'Error generating strategy' with the job's error when it fails", async () => {
    let jobs: ChatJob[] = [];
    serve({
      sessions: [aSession()],
      jobs: (_request, response) => sendJson(response, 200, jobs),
      generate: (_request, response) => {
        jobs = [aJob({ status: 'failed', progress: 0, error: 'The tracking plan could not be read' })];
        sendJson(response, 202, { jobId: 'job-1', messageId: 'message-1' });
      },
    });
    renderPage();
    await type('Which KPIs should I watch?');
    await press();
    expect(await screen.findByText('Error generating strategy')).toBeTruthy();
    expect(screen.getByText('The tracking plan could not be read')).toBeTruthy();
    await waitFor(async () => expect((await input()).disabled).toBe(false));
  });

  it('should open the upgrade dialog, without an error toast, on ANALYTICS_MESSAGE_RESTRICTED', async () => {
    serve({
      sessions: [aSession()],
      generate: json(403, {
        message: "You've reached your free plan limit of 10 analytics strategy messages per month",
        code: 'ANALYTICS_MESSAGE_RESTRICTED',
        upgradeRequired: true,
      }),
    });
    const { store } = renderPage();
    await type('Which KPIs should I watch?');
    await press();
    expect(await screen.findByText('Monthly Analytics Messages Limit Reached')).toBeTruthy();
    expect(store.getState().upgrade.reason.code).toBe('ANALYTICS_MESSAGE_RESTRICTED');
    expect(screen.queryByText('Error sending message')).toBeNull();
    expect((await input()).value).toBe('Which KPIs should I watch?');
  });

  it('should stop a free user at 10 messages this month before calling the server', async () => {
    serve({ sessions: [aSession()], subscription: aSubscription({ analyticsMessages: 10 }) });
    const { store } = renderPage();
    await waitFor(() => expect(requestsTo(server, 'GET /api/user/subscription').length).toBeGreaterThan(0));
    await type('Which KPIs should I watch?');
    await press();
    expect(await screen.findByText('Monthly Analytics Messages Limit Reached')).toBeTruthy();
    expect(
      screen.getByText("You've reached your free plan limit of 10 analytics strategy messages per month"),
    ).toBeTruthy();
    expect(store.getState().upgrade.reason).toEqual({ code: 'ANALYTICS_MESSAGE_RESTRICTED' });
    expect(sendRequests()).toHaveLength(0);
  });

  it("should toast 'Error sending message' with the server's message, or the spec's words without one", async () => {
    let status = 409;
    serve({
      sessions: [aSession()],
      generate: (_request, response) =>
        status === 409
          ? sendJson(response, 409, {
              message: 'A strategy is already being generated for this chat',
              code: 'STRATEGY_IN_PROGRESS',
            })
          : sendJson(response, 500, { message: '' }, ' '),
    });
    renderPage();
    await type('Which KPIs should I watch?');
    await press();
    expect(await screen.findByText('Error sending message')).toBeTruthy();
    expect(screen.getByText('A strategy is already being generated for this chat')).toBeTruthy();
    await clearToasts();
    status = 500;
    await press();
    expect(await screen.findByText('Failed to send message. Please try again.')).toBeTruthy();
  });

  it("should come back to a running job after a reload, as 'Thinking... N%'", async () => {
    serve({ sessions: [aSession()], jobs: [aJob({ progress: 65 })] });
    renderPage();
    expect(await screen.findByText('Thinking... 65%')).toBeTruthy();
    expect(screen.getByText('Reading your tracking plan')).toBeTruthy();
    expect((await input()).disabled).toBe(true);
  });

  it('should delete a session after the confirmation and close its thread', async () => {
    let sessions = [aSession()];
    serve({
      sessions: (_request, response) => sendJson(response, 200, sessions),
      extra: {
        'DELETE /api/chat-sessions/session-1': (_request, response) => {
          sessions = [];
          sendJson(response, 200, { success: true, id: 'session-1' });
        },
      },
    });
    renderPage();
    await click(await screen.findByRole('button', { name: 'Delete Acme Shop Chat 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete chat' });
    expect(
      within(dialog).getByText(
        'Are you sure you want to delete "Acme Shop Chat 1"? This action cannot be undone.',
      ),
    ).toBeTruthy();
    expect(requestsTo(server, 'DELETE /api/chat-sessions/session-1')).toHaveLength(0);
    await click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No conversations yet')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Select a chat to continue' })).toBeTruthy();
    expect(requestsTo(server, 'DELETE /api/chat-sessions/session-1')).toHaveLength(1);
  });
});
