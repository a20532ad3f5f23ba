import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userFlowMermaid } from '@tracklens/contracts/user-flow-mermaid';
import type { ChatJob, ChatMessage } from '../../api/chat.api';
import { answerRoutes, json, requestsTo, type RouteAnswer } from '../../test/api-routes';
import { clearToasts, ignorePseudoElementStyles } from '../../test/antd-jsdom';
import { aFlow, aFlowAnswer, aFlowJob, aJob, aMessage, aSession } from '../../test/chat';
import { captureClipboard, captureDownloads } from '../../test/downloads';
import { aSubscription, aUser } from '../../test/factories';
import { sendJson, useTestServer } from '../../test/http-server';
import { aProduct } from '../../test/products';
import { renderWithProviders } from '../../test/render';
import { initialSessionState } from '../session/session.slice';
import UserFlowsPage, { FLOW_CHAT } from './user-flows.page';

jest.mock('html-to-image', () => ({
  toPng: jest.fn(() => Promise.resolve('data:image/png;base64,iVBORw0KGgo=')),
  toSvg: jest.fn(() => Promise.resolve('data:image/svg+xml;charset=utf-8,%3Csvg%3E%3C%2Fsvg%3E')),
}));

const server = useTestServer();

beforeEach(() => ignorePseudoElementStyles());

afterEach(async () => {
  await clearToasts();
  jest.restoreAllMocks();
});

function serve(routes: { messages?: RouteAnswer; jobs?: RouteAnswer; generate?: RouteAnswer } = {}) {
  answerRoutes(server, {
    'GET /api/products/prod-1': json(200, aProduct()),
    'GET /api/user/subscription': json(200, aSubscription()),
    'GET /api/stripe/config': json(200, { publishableKey: null, environment: 'development' }),
    'GET /api/chat-sessions': json(200, [aSession({ chatType: 'user_flow' })]),
    'GET /api/chat-messages': routes.messages ?? json(200, []),
    'GET /api/products/prod-1/jobs': routes.jobs ?? json(200, []),
    'POST /api/products/prod-1/generate-user-flow':
      routes.generate ?? json(202, { jobId: 'job-1', messageId: 'message-1' }),
  });
}

function renderPage(path = '/products/prod-1/user-flows?chat=session-1') {
  return renderWithProviders([{ path: '/products/:productId/user-flows', element: <UserFlowsPage /> }], {
    initialPath: path,
    preloadedState: { session: { ...initialSessionState, initialized: true, user: aUser() } },
  });
}

async function ask(text: string) {
  const box = await screen.findByPlaceholderText(FLOW_CHAT.placeholder);
  await act(async () => fireEvent.change(box, { target: { value: text } }));
  await act(async () => {
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.keyUp(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
  });
}

const nodeOf = (label: string) => screen.getByText(label, { selector: '.flow-node__label' });

describe(UserFlowsPage.name, () => {
  it("should ask for a flow, show 'Thinking... N%', then its diagram, its steps and 'User flow generated'", async () => {
    const flow = aFlow();
    let jobs: ChatJob[] = [];
    let thread: ChatMessage[] = [];
    serve({
      messages: (_request, response) => sendJson(response, 200, thread),
      jobs: (_request, response) => {
        const answered = jobs;
        if (jobs[0]?.status === 'running') {
          jobs = [aFlowJob({ status: 'completed', progress: 100, result: flow })];
          thread = [...thread, aFlowAnswer(flow)];
        }
        sendJson(response, 200, answered);
      },
      generate: (_request, response) => {
        thread = [aMessage({ id: 'message-1', content: 'Show the main user flow' })];
        jobs = [aFlowJob({ progress: 40 })];
        sendJson(response, 202, { jobId: 'job-1', messageId: 'message-1' });
      },
    });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: /^User Flows - / })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to Acme Shop/ })).toBeTruthy();
    await ask('Show the main user flow');

    expect(await screen.findByText('Thinking... 40%')).toBeTruthy();
    expect(
      JSON.parse(requestsTo(server, 'POST /api/products/prod-1/generate-user-flow')[0]?.body ?? '{}'),
    ).toEqual({
      sessionId: 'session-1',
      userMessage: 'Show the main user flow',
      conversationHistory: '',
    });
    expect(await screen.findByText('User flow generated', undefined, { timeout: 8_000 })).toBeTruthy();
    const diagram = await screen.findByRole('group', { name: 'Diagram of Main user flow' });
    for (const label of ['Sign In', 'Product Catalog', 'Shopping Cart', 'In stock?', 'Wishlist'])
      expect(within(diagram).getByText(label, { selector: '.flow-node__label' })).toBeTruthy();
    expect(within(diagram).getByRole('img', { name: 'Sign In' }).getAttribute('src')).toBe(
      '/api/images/shots/sign-in.png',
    );
    expect(within(diagram).getByText('01:05')).toBeTruthy();
    expect(within(diagram).getByText('Proposed')).toBeTruthy();
    // The plan's funnel laid on its screens.
    expect(within(diagram).getByText('Purchase 2', { selector: '.flow-node__funnels' })).toBeTruthy();
    const steps = screen.getByRole('list', { name: 'Steps of Main user flow' });
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Start → Sign In',
      'Sign In → Sign In Clicked (Tap Sign In) → Product Catalog',
      'Product Catalog → Tap Add to Cart → In stock?',
      'In stock? → Product Added (Yes) → Shopping Cart',
      'In stock? → No → Wishlist (proposed)',
      'Shopping Cart → End',
    ]);
    expect(requestsTo(server, 'GET /api/chat-sessions')[0]?.url).toBe(
      '/api/chat-sessions?productId=prod-1&chatType=user_flow',
    );
  }, 20_000);

  it("should leave a running strategy job to the strategy page, and say 'Error generating user flow' when a flow fails", async () => {
    let jobs: ChatJob[] = [aJob({ progress: 65 })];
    serve({
      jobs: (_request, response) => sendJson(response, 200, jobs),
      generate: (_request, response) => {
        jobs = [aFlowJob({ status: 'failed', progress: 0 }), aJob({ progress: 65 })];
        sendJson(response, 202, { jobId: 'job-1', messageId: 'message-1' });
      },
    });
    renderPage();
    const box = await screen.findByPlaceholderText(FLOW_CHAT.placeholder);
    await waitFor(() =>
      expect(requestsTo(server, 'GET /api/products/prod-1/jobs').length).toBeGreaterThan(0),
    );
    expect(screen.queryByText(/Thinking\.\.\./)).toBeNull();
    expect((box as HTMLTextAreaElement).disabled).toBe(false);

    await ask('Show the main user flow');
    expect(await screen.findByText('Error generating user flow')).toBeTruthy();
    expect(screen.getByText('Failed to generate user flow. Please try again.')).toBeTruthy();
    expect(screen.queryByText('Strategy generated')).toBeNull();
  });

  it('should export the flow as Mermaid (copied and .mmd), JSON, PNG and SVG, and open a screen’s screenshot', async () => {
    const flow = aFlow();
    serve({ messages: json(200, [aMessage({ content: 'Show the main user flow' }), aFlowAnswer(flow)]) });
    const opened = jest.spyOn(window, 'open').mockReturnValue(null);
    const clipboard = captureClipboard();
    const downloads = captureDownloads();
    renderPage();
    const actions = await screen.findByRole('group', { name: 'Export Main user flow' });
    const mermaid = userFlowMermaid(flow, 'LR');

    await act(async () => fireEvent.click(within(actions).getByRole('button', { name: 'Copy Mermaid' })));
    expect(await screen.findByText('Copied to clipboard')).toBeTruthy();
    expect(clipboard).toEqual([mermaid]);
    for (const name of ['Mermaid', 'JSON', 'PNG', 'SVG'])
      await act(async () => fireEvent.click(within(actions).getByRole('button', { name })));
    await waitFor(() => expect(downloads).toHaveLength(4));
    expect(downloads.map((file) => file.name)).toEqual([
      'main_user_flow.mmd',
      'main_user_flow.json',
      'main_user_flow.png',
      'main_user_flow.svg',
    ]);
    const [mmd, data, png, svg] = await Promise.all(downloads.map((file) => file.text));
    expect(mmd).toBe(mermaid);
    expect(mmd?.startsWith('flowchart LR\n')).toBe(true);
    expect(JSON.parse(data ?? '')).toEqual(flow);
    expect(png).toMatch(/^data:image\/png;base64,/);
    expect(svg).toMatch(/^data:image\/svg\+xml/);

    await act(async () => fireEvent.click(nodeOf('Sign In')));
    expect(opened).toHaveBeenLastCalledWith('/api/images/shots/sign-in.png', '_blank', 'noopener,noreferrer');
    const catalog = nodeOf('Product Catalog').closest<HTMLElement>('.react-flow__node');
    expect(catalog?.tabIndex).toBe(0);
    await act(async () => fireEvent.keyDown(catalog as HTMLElement, { key: 'Enter' }));
    expect(opened).toHaveBeenLastCalledWith('/api/images/shots/catalog.png', '_blank', 'noopener,noreferrer');
    await act(async () => fireEvent.click(nodeOf('Shopping Cart')));
    expect(opened).toHaveBeenCalledTimes(2);

    await act(async () => fireEvent.click(within(actions).getByRole('button', { name: 'Save Flow' })));
    expect(await screen.findByRole('dialog', { name: 'Save Content' })).toBeTruthy();
  });
});
