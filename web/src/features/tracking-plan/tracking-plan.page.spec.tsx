import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TrackingPlan, TrackingPlanStatusResponse } from '../../api/planning.api';
import { answerRoutes, json, requestsTo, type RouteAnswer } from '../../test/api-routes';
import { clearToasts, ignorePseudoElementStyles } from '../../test/antd-jsdom';
import { aSubscription, aUser } from '../../test/factories';
import { sendJson, useTestServer } from '../../test/http-server';
import { aProduct } from '../../test/products';
import { renderWithProviders } from '../../test/render';
import { aTrackingPlan } from '../../test/tracking-plans';
import { initialSessionState } from '../session/session.slice';
import TrackingPlanPage from './tracking-plan.page';

const server = useTestServer();
let clipboard: string[];
let downloads: { name: string; href: string }[];

const HEADER =
  'Event Trigger,Event Name,Property,Property Type,Example Property Value,Description,Screenshot Path\r\n';
const NOT_GENERATING: TrackingPlanStatusResponse = { isGenerating: false, trackingPlan: null };

beforeEach(async () => {
  ignorePseudoElementStyles();
  clipboard = [];
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: { writeText: (text: string) => Promise.resolve(void clipboard.push(text)) },
  });
  downloads = [];
  URL.createObjectURL = () => 'blob:plan';
  URL.revokeObjectURL = () => undefined;
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (this.download) downloads.push({ name: this.download, href: this.href });
  });
});

afterEach(async () => {
  await clearToasts();
  jest.restoreAllMocks();
});

interface Backend {
  plans?: TrackingPlan[] | RouteAnswer;
  status?: TrackingPlanStatusResponse | RouteAnswer;
  generate?: RouteAnswer;
  subscription?: ReturnType<typeof aSubscription>;
  extra?: Record<string, RouteAnswer>;
}

function serve(backend: Backend = {}) {
  const plans = backend.plans ?? [];
  const status = backend.status ?? NOT_GENERATING;
  answerRoutes(server, {
    'GET /api/products/prod-1': json(200, aProduct()),
    'GET /api/user/subscription': json(200, backend.subscription ?? aSubscription()),
    'GET /api/products/prod-1/tracking-plans': typeof plans === 'function' ? plans : json(200, plans),
    'GET /api/products/prod-1/tracking-plan-status':
      typeof status === 'function' ? status : json(200, status),
    'POST /api/products/prod-1/generate-tracking-plan': backend.generate ?? json(202, { jobId: 'job-2' }),
    ...backend.extra,
  });
}

function renderPage(user = aUser()) {
  return renderWithProviders(
    [
      { path: '/products/:productId/tracking-plan', element: <TrackingPlanPage /> },
      { path: '/products/:productId', element: <p>Product page</p> },
    ],
    {
      initialPath: '/products/prod-1/tracking-plan',
      preloadedState: { session: { ...initialSessionState, initialized: true, user } },
    },
  );
}

async function click(element: HTMLElement) {
  await act(async () => fireEvent.click(element));
}

function generateButton(): HTMLButtonElement {
  return screen.getByRole('button', { name: /Generate Tracking Plan|Starting\.\.\.|Generating\.\.\./ });
}

/** The input ignores a held Enter (it waits for the key to come up), as a browser's keys do. */
async function pressEnter(element: HTMLElement) {
  await act(async () => {
    fireEvent.keyDown(element, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.keyUp(element, { key: 'Enter', code: 'Enter', keyCode: 13 });
  });
}

async function openHistory() {
  await click(await screen.findByRole('tab', { name: 'History' }));
}

describe(TrackingPlanPage.name, () => {
  it('should link back to the product and load the latest completed plan with events into the table', async () => {
    serve({
      plans: [
        aTrackingPlan({ id: 'plan-3', status: 'generating', content: null, completedAt: null }),
        aTrackingPlan({ id: 'plan-2', content: { events: [], funnels: [] } }),
        aTrackingPlan({ id: 'plan-1' }),
      ],
    });
    renderPage();
    expect((await screen.findByRole('link', { name: /Back to Acme Shop/ })).getAttribute('href')).toBe(
      '/products/prod-1',
    );
    expect(screen.getByRole('tab', { name: 'Generate Plan' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Generate Tracking Plan' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Generated Tracking Plan (2 events)' })).toBeTruthy();

    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Screenshot',
      'Event Trigger',
      'Event Name',
      'Property',
      'Property Type',
      'Example Value',
      'Description',
    ]);
    // One row per property; the event's cells span them.
    const eventCell = within(table).getByRole('rowheader', { name: 'Sign Up Submitted' });
    expect(eventCell.getAttribute('rowspan')).toBe('2');
    expect(within(table).getByText('plan')).toBeTruthy();
    expect(within(table).getByText('Seats requested')).toBeTruthy();
    const thumbnail = within(table).getByRole('link', { name: 'Screenshot: Sign Up Submitted' });
    expect(thumbnail.getAttribute('href')).toBe('/api/images/u/p/sign-up.jpg');
    expect(thumbnail.getAttribute('target')).toBe('_blank');
    expect(thumbnail.getAttribute('rel')).toContain('noopener');
    // The event without a screenshot and without properties: 'No image' and dashes.
    const homeRow = within(table)
      .getByRole('rowheader', { name: 'Home Viewed' })
      .closest('tr') as HTMLElement;
    expect(within(homeRow).getByText('No image')).toBeTruthy();
    expect(within(homeRow).getAllByText('—')).toHaveLength(3);
  });

  it("should show 'Starting...', then 'Generating... N%' with the button disabled, and the 6-minute toast", async () => {
    let started = false;
    let answerStart: (() => void) | undefined;
    serve({
      generate: (_request, response) => {
        answerStart = () => {
          started = true;
          sendJson(response, 202, { jobId: 'job-2' });
        };
      },
      status: (_request, response) =>
        sendJson(
          response,
          200,
          started
            ? {
                isGenerating: true,
                trackingPlan: { id: 'plan-2', status: 'generating', jobId: 'job-2', progress: 40 },
              }
            : NOT_GENERATING,
        ),
    });
    renderPage();
    await waitFor(() => expect(generateButton().disabled).toBe(false));
    await click(generateButton());
    expect(generateButton().textContent).toBe('Starting...');
    expect(generateButton().disabled).toBe(true);
    await waitFor(() => expect(answerStart).toBeDefined());
    await act(async () => answerStart?.());
    expect(await screen.findByText('Tracking plan generation started')).toBeTruthy();
    expect(
      screen.getByText('Generation takes about 6 minutes. You can close the browser and return later.'),
    ).toBeTruthy();
    await waitFor(() => expect(generateButton().textContent).toBe('Generating... 40%'));
    expect(generateButton().disabled).toBe(true);
    expect(requestsTo(server, 'POST /api/products/prod-1/generate-tracking-plan')).toHaveLength(1);
  });

  it("should say 'Tracking plan generated' and show the new plan when the poll reports it completed", async () => {
    let started = false;
    serve({
      generate: (_request, response) => {
        started = true;
        sendJson(response, 202, { jobId: 'job-2' });
      },
      // The previous plan until the start; then ours, already completed.
      status: (_request, response) =>
        sendJson(response, 200, {
          isGenerating: false,
          trackingPlan: started
            ? { id: 'plan-2', status: 'completed', jobId: 'job-2', progress: 100 }
            : { id: 'plan-1', status: 'completed', jobId: 'job-1', progress: 100 },
        }),
      plans: (_request, response) =>
        sendJson(
          response,
          200,
          started
            ? [
                aTrackingPlan({
                  id: 'plan-2',
                  content: { events: aTrackingPlan().content?.events.slice(1) ?? [], funnels: [] },
                }),
              ]
            : [],
        ),
    });
    renderPage();
    await waitFor(() => expect(generateButton().disabled).toBe(false));
    expect(screen.queryByText('Tracking plan generated')).toBeNull();
    await click(generateButton());
    expect(await screen.findByText('Tracking plan generated')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Generated Tracking Plan (1 events)' })).toBeTruthy();
    expect(generateButton().textContent).toBe('Generate Tracking Plan');
  });

  it('should show the failure toast when the poll reports the tracked job failed', async () => {
    let started = false;
    serve({
      generate: (_request, response) => {
        started = true;
        sendJson(response, 202, { jobId: 'job-2' });
      },
      status: (_request, response) =>
        sendJson(
          response,
          200,
          started
            ? {
                isGenerating: false,
                trackingPlan: { id: 'plan-2', status: 'failed', jobId: 'job-2', progress: 0 },
              }
            : NOT_GENERATING,
        ),
    });
    renderPage();
    await waitFor(() => expect(generateButton().disabled).toBe(false));
    await click(generateButton());
    expect(await screen.findByText('Tracking plan generation failed')).toBeTruthy();
    expect(
      screen.getByText(
        'Please ensure your product has video analysis and PRD data before generating a tracking plan.',
      ),
    ).toBeTruthy();
    await waitFor(() => expect(generateButton().disabled).toBe(false));
  });

  it('should restore the generating state after a reload when the poll says a plan is generating', async () => {
    serve({
      status: {
        isGenerating: true,
        trackingPlan: { id: 'plan-2', status: 'generating', jobId: 'job-2', progress: 15 },
      },
    });
    renderPage();
    await waitFor(() => expect(generateButton().textContent).toBe('Generating... 15%'));
    expect(generateButton().disabled).toBe(true);
    expect(screen.getByRole('progressbar')).toBeTruthy();
    expect(requestsTo(server, 'POST /api/products/prod-1/generate-tracking-plan')).toHaveLength(0);
  });

  it('should block a free user with a plan this month before calling the server, opening the upgrade dialog', async () => {
    serve({ subscription: aSubscription({ trackingPlansGenerated: 1 }) });
    const { store } = renderPage(aUser({ trackingPlansGenerated: 1 }));
    await waitFor(() => expect(generateButton().disabled).toBe(false));
    await click(generateButton());
    expect(store.getState().upgrade).toEqual({ open: true, reason: { code: 'TRACKING_PLAN_RESTRICTED' } });
    expect(requestsTo(server, 'POST /api/products/prod-1/generate-tracking-plan')).toHaveLength(0);
  });

  it('should let a Pro user generate however many plans this month', async () => {
    serve({ subscription: aSubscription({ subscriptionStatus: 'active', trackingPlansGenerated: 7 }) });
    const { store } = renderPage(aUser({ subscriptionStatus: 'active', trackingPlansGenerated: 7 }));
    await waitFor(() => expect(generateButton().disabled).toBe(false));
    await click(generateButton());
    await waitFor(() =>
      expect(requestsTo(server, 'POST /api/products/prod-1/generate-tracking-plan')).toHaveLength(1),
    );
    expect(store.getState().upgrade.open).toBe(false);
  });

  it("should open the upgrade dialog once, without an error toast, on the server's TRACKING_PLAN_RESTRICTED", async () => {
    serve({
      generate: json(403, {
        message: "You've reached your free plan limit of 1 tracking plan per month",
        error: 'Monthly Tracking Plan Limit Reached',
        code: 'TRACKING_PLAN_RESTRICTED',
        upgradeRequired: true,
      }),
    });
    const { store } = renderPage();
    const opened: unknown[] = [];
    store.subscribe(() => {
      if (store.getState().upgrade.open && opened.length === 0) opened.push(store.getState().upgrade.reason);
    });
    await waitFor(() => expect(generateButton().disabled).toBe(false));
    await click(generateButton());
    await waitFor(() => expect(store.getState().upgrade.open).toBe(true));
    expect(store.getState().upgrade.reason.code).toBe('TRACKING_PLAN_RESTRICTED');
    expect(screen.queryByText('Error starting tracking plan generation')).toBeNull();
    await waitFor(() => expect(generateButton().disabled).toBe(false));
  });

  it("should toast 'Error starting tracking plan generation' with the server's message", async () => {
    serve({ generate: json(500, { message: 'Planning is down' }) });
    renderPage();
    await waitFor(() => expect(generateButton().disabled).toBe(false));
    await click(generateButton());
    expect(await screen.findByText('Error starting tracking plan generation')).toBeTruthy();
    expect(await screen.findByText('Planning is down')).toBeTruthy();
  });

  it("should copy the spec's CSV and download tracking_plan_{timestamp}.csv", async () => {
    serve({ plans: [aTrackingPlan()] });
    renderPage();
    await click(await screen.findByRole('button', { name: 'Copy CSV' }));
    expect(await screen.findByText('Copied to clipboard')).toBeTruthy();
    expect(clipboard[0]).toBe(
      HEADER +
        'User submits the sign-up form,Sign Up Submitted,plan,string,pro,Chosen plan,/api/images/u/p/sign-up.jpg\r\n' +
        'User submits the sign-up form,Sign Up Submitted,seats,number,3,Seats requested,/api/images/u/p/sign-up.jpg\r\n' +
        'User opens the Home screen,Home Viewed,,,,The landing page.,\r\n',
    );

    await click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText('CSV downloaded')).toBeTruthy();
    expect(downloads[0]?.name).toMatch(/^tracking_plan_\d{13}\.csv$/);
  });

  it('should download a tool format from the Export menu, warn about merged names and copy the TypeScript SDK', async () => {
    const file = (name: string, type: string, body: string, headers: Record<string, string> = {}): RouteAnswer =>
      (_request, response) => {
        response.writeHead(200, {
          'Content-Type': type,
          'Content-Disposition': `attachment; filename="${name}"`,
          ...headers,
        });
        response.end(body);
      };
    let format = '';
    serve({
      plans: [aTrackingPlan()],
      extra: {
        'GET /api/tracking-plans/plan-1/export': (request, response) => {
          format = new URL(request.url, 'http://x').searchParams.get('format') ?? '';
          if (format === 'segment')
            file('acme_segment_tracking_plan_rules.json', 'application/json; charset=utf-8', '{"rules":[]}', {
              'X-Export-Warnings': encodeURIComponent("Events 'Sign Up' and 'Sign-up' become the same name 'sign_up'"),
            })(request, response);
          else file('acme_tracking.ts', 'text/plain; charset=utf-8', 'export function signUpSubmitted() {}\n')(request, response);
        },
      },
    });
    renderPage();
    await click(await screen.findByRole('button', { name: 'Export' }));
    expect(await screen.findByText('Segment: Protocols → Tracking Plans → rules through the Public API')).toBeTruthy();
    await click(screen.getByText('Segment'));
    expect(await screen.findByText('Download started')).toBeTruthy();
    expect(screen.getByText("Events 'Sign Up' and 'Sign-up' become the same name 'sign_up'")).toBeTruthy();
    expect(format).toBe('segment');
    expect(downloads[0]?.name).toBe('acme_segment_tracking_plan_rules.json');
    expect(downloads[0]?.href.startsWith('data:application/json')).toBe(true);

    await click(await screen.findByRole('button', { name: /Export/ }));
    await click(await screen.findByText('Copy TypeScript SDK'));
    expect(await screen.findByText('Copied to clipboard')).toBeTruthy();
    expect(format).toBe('typescript');
    expect(clipboard).toEqual(['export function signUpSubmitted() {}\n']);
  });

  it("should say 'Download failed' when an export cannot be fetched", async () => {
    serve({
      plans: [aTrackingPlan()],
      extra: { 'GET /api/tracking-plans/plan-1/export': json(409, { message: 'Tracking plan is not ready yet' }) },
    });
    renderPage();
    await click(await screen.findByRole('button', { name: 'Export' }));
    await click(await screen.findByText('Avo'));
    expect(await screen.findByText('Download failed')).toBeTruthy();
    expect(downloads).toEqual([]);
  });

  it("should show an enum's allowed values and flag personal data in the events table and its CSV", async () => {
    const content = aTrackingPlan().content;
    const [first] = content?.events ?? [];
    if (!content || !first) throw new Error('the factory plan has events');
    const plan = aTrackingPlan({
      content: {
        ...content,
        events: [
          {
            ...first,
            properties: [
              { name: 'billing_cycle', type: 'enum', values: ['Monthly', 'Annual'], description: 'Cycle', example: 'Annual', required: true },
              { name: 'query', type: 'string', pii: true, description: 'Search text', example: '', required: false },
            ],
          },
        ],
      },
    });
    serve({ plans: [plan] });
    renderPage();
    expect(await screen.findByText('enum (Monthly | Annual)')).toBeTruthy();
    expect(screen.getByText('personal data')).toBeTruthy();
    await click(screen.getByRole('button', { name: 'Copy CSV' }));
    await screen.findByText('Copied to clipboard');
    expect(clipboard[0]).toContain(',billing_cycle,enum (Monthly | Annual),Annual,Cycle,');
    expect(clipboard[0]).toContain(',query,string,,Search text (personal data),');
  });

  it("should say 'Failed to copy' when the clipboard refuses", async () => {
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: () => Promise.reject(new Error('denied')) },
    });
    serve({ plans: [aTrackingPlan()] });
    renderPage();
    await click(await screen.findByRole('button', { name: 'Copy CSV' }));
    expect(await screen.findByText('Failed to copy')).toBeTruthy();
    expect(screen.getByText('Could not copy to clipboard. Please try again.')).toBeTruthy();
  });

  it("should say 'Download failed' when the browser refuses the file", async () => {
    URL.createObjectURL = () => {
      throw new Error('blocked');
    };
    serve({ plans: [aTrackingPlan()] });
    renderPage();
    await click(await screen.findByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText('Download failed')).toBeTruthy();
    expect(screen.getByText('Could not download the tracking plan. Please try again.')).toBeTruthy();
  });

  it('should save the plan under a name: Save disabled while empty, Enter submits, the content as the spec says', async () => {
    serve({
      plans: [aTrackingPlan()],
      extra: {
        'POST /api/saved-items': (request, response) =>
          sendJson(response, 201, {
            id: 'item-1',
            userId: 'user-1',
            createdAt: '',
            ...JSON.parse(request.body),
          }),
      },
    });
    renderPage();
    await click(await screen.findByRole('button', { name: 'Save Plan' }));
    const dialog = await screen.findByRole('dialog');
    const save = within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    const name = within(dialog).getByLabelText('Plan Name');
    await act(async () => fireEvent.change(name, { target: { value: '   ' } }));
    expect(save.disabled).toBe(true);
    await pressEnter(name);
    expect(await screen.findByText('Name required')).toBeTruthy();
    expect(screen.getByText('Please enter a name for your tracking plan.')).toBeTruthy();

    await act(async () => fireEvent.change(name, { target: { value: ' Checkout plan ' } }));
    expect(save.disabled).toBe(false);
    await pressEnter(name);
    expect(await screen.findByText('Tracking plan saved')).toBeTruthy();
    const [post] = requestsTo(server, 'POST /api/saved-items');
    const body = JSON.parse(post?.body ?? '{}') as { content: string };
    expect(body).toMatchObject({ productId: 'prod-1', name: 'Checkout plan', type: 'tracking_plan' });
    const content = JSON.parse(body.content) as {
      title: string;
      events: { name: string; trigger: string; screenshot_path: string | null; properties: unknown[] }[];
    };
    expect(content.title).toBe('Generated Tracking Plan');
    expect(
      content.events.map((event) => [
        event.name,
        event.trigger,
        event.screenshot_path,
        event.properties.length,
      ]),
    ).toEqual([
      ['Sign Up Submitted', 'User submits the sign-up form', '/api/images/u/p/sign-up.jpg', 2],
      ['Home Viewed', 'User opens the Home screen', null, 0],
    ]);
  });

  it("should say 'Error saving tracking plan' when the save fails", async () => {
    serve({ plans: [aTrackingPlan()], extra: { 'POST /api/saved-items': json(500, { message: 'down' }) } });
    renderPage();
    await click(await screen.findByRole('button', { name: 'Save Plan' }));
    const dialog = await screen.findByRole('dialog');
    await act(async () =>
      fireEvent.change(within(dialog).getByLabelText('Plan Name'), { target: { value: 'Mine' } }),
    );
    await click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Error saving tracking plan')).toBeTruthy();
    expect(screen.getByText('Failed to save tracking plan. Please try again.')).toBeTruthy();
  });

  describe('History', () => {
    it('should show 3 loading cards, then the empty state', async () => {
      let answer: (() => void) | undefined;
      serve({ plans: (_request, response) => (answer = () => sendJson(response, 200, [])) });
      renderPage();
      await openHistory();
      expect(await screen.findByRole('heading', { name: 'Tracking Plans History' })).toBeTruthy();
      expect(screen.getAllByTestId('plan-card-loading')).toHaveLength(3);
      await waitFor(() => expect(answer).toBeDefined());
      await act(async () => answer?.());
      expect(await screen.findByText('No tracking plans yet')).toBeTruthy();
      expect(screen.getByText('Generate your first tracking plan to see it appear here.')).toBeTruthy();
      expect(screen.getByText('0 plan(s)')).toBeTruthy();
    });

    it("should show a card per plan, the generating one saying 'Generating...' with its actions disabled", async () => {
      serve({
        plans: [
          aTrackingPlan({
            id: 'plan-2',
            title: 'Second Plan',
            status: 'generating',
            content: null,
            completedAt: null,
          }),
          aTrackingPlan({ id: 'plan-1', createdAt: new Date(Date.now() - 3 * 3600_000).toISOString() }),
        ],
      });
      renderPage();
      await openHistory();
      expect(await screen.findByText('2 plan(s)')).toBeTruthy();
      const generating = screen.getByRole('article', { name: 'Second Plan' });
      expect(within(generating).getByText('Generating...')).toBeTruthy();
      for (const action of ['View', 'Copy', 'Download', 'Delete'])
        expect((within(generating).getByRole('button', { name: action }) as HTMLButtonElement).disabled).toBe(
          true,
        );
      const done = screen.getByRole('article', { name: 'Acme Shop Tracking Plan' });
      expect(within(done).getByText('3 hours ago')).toBeTruthy();
      expect(within(done).getByText('2 events')).toBeTruthy();
      for (const action of ['View', 'Copy', 'Download', 'Delete'])
        expect((within(done).getByRole('button', { name: action }) as HTMLButtonElement).disabled).toBe(
          false,
        );
    });

    it('should view a plan with its events table and funnels, steps joined by arrows', async () => {
      serve({ plans: [aTrackingPlan()] });
      renderPage();
      await openHistory();
      const card = await screen.findByRole('article', { name: 'Acme Shop Tracking Plan' });
      await click(within(card).getByRole('button', { name: 'View' }));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByRole('table')).toBeTruthy();
      expect(within(dialog).getByRole('heading', { name: 'Funnels' })).toBeTruthy();
      expect(within(dialog).getByText('Onboarding')).toBeTruthy();
      expect(within(dialog).getByText('A visitor signs up.')).toBeTruthy();
      expect(within(dialog).getByText('Home Viewed → Sign Up Submitted')).toBeTruthy();
    });

    it('should show the raw content of a plan whose content has neither events nor funnels', async () => {
      const odd = { notes: 'hand-written' } as unknown as TrackingPlan['content'];
      serve({ plans: [aTrackingPlan({ content: odd })] });
      renderPage();
      await openHistory();
      const card = await screen.findByRole('article', { name: 'Acme Shop Tracking Plan' });
      await click(within(card).getByRole('button', { name: 'View' }));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText(/"notes": "hand-written"/)).toBeTruthy();
      expect(within(dialog).queryByRole('heading', { name: 'Funnels' })).toBeNull();
    });

    it('should download the markdown as {title}_tracking_plan.md and copy the CSV', async () => {
      serve({ plans: [aTrackingPlan({ title: 'Q3 Checkout: Plan' })] });
      renderPage();
      await openHistory();
      const card = await screen.findByRole('article', { name: 'Q3 Checkout: Plan' });
      await click(within(card).getByRole('button', { name: 'Download' }));
      expect(await screen.findByText('Download started')).toBeTruthy();
      expect(downloads[0]?.name).toBe('q3_checkout__plan_tracking_plan.md');
      await click(within(card).getByRole('button', { name: 'Copy' }));
      expect(await screen.findByText('Copied to clipboard')).toBeTruthy();
      expect(clipboard[0]?.startsWith(HEADER)).toBe(true);
    });

    it('should delete a plan after the confirmation and refresh the list', async () => {
      let plans = [aTrackingPlan()];
      serve({
        plans: (_request, response) => sendJson(response, 200, plans),
        extra: {
          'DELETE /api/tracking-plans/plan-1': (_request, response) => {
            plans = [];
            sendJson(response, 200, { success: true, id: 'plan-1' });
          },
        },
      });
      renderPage();
      await openHistory();
      const card = await screen.findByRole('article', { name: 'Acme Shop Tracking Plan' });
      await click(within(card).getByRole('button', { name: 'Delete' }));
      const dialog = await screen.findByRole('dialog');
      expect(
        within(dialog).getByText(
          'Are you sure you want to delete "Acme Shop Tracking Plan"? This action cannot be undone.',
        ),
      ).toBeTruthy();
      await click(within(dialog).getByRole('button', { name: 'Delete' }));
      expect(await screen.findByText('Tracking plan deleted')).toBeTruthy();
      expect(await screen.findByText('No tracking plans yet')).toBeTruthy();
      expect(requestsTo(server, 'DELETE /api/tracking-plans/plan-1')).toHaveLength(1);
    });

    it("should toast 'Error deleting tracking plan' with the server's message", async () => {
      const [answer, text] = [
        json(409, { message: 'Tracking plan is still generating' }),
        'Tracking plan is still generating',
      ];
      serve({ plans: [aTrackingPlan()], extra: { 'DELETE /api/tracking-plans/plan-1': answer } });
      renderPage();
      await openHistory();
      const card = await screen.findByRole('article', { name: 'Acme Shop Tracking Plan' });
      await click(within(card).getByRole('button', { name: 'Delete' }));
      const dialog = await screen.findByRole('dialog');
      await click(within(dialog).getByRole('button', { name: 'Delete' }));
      expect(await screen.findByText('Error deleting tracking plan')).toBeTruthy();
      expect(await screen.findByText(text)).toBeTruthy();
    });
  });
});
