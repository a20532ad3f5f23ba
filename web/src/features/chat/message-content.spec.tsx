import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AnalyticsStrategy } from '../../api/chat.api';
import { answerRoutes, json, requestsTo } from '../../test/api-routes';
import { clearToasts, ignorePseudoElementStyles } from '../../test/antd-jsdom';
import { aStrategy } from '../../test/chat';
import { captureClipboard, captureDownloads, type CapturedDownload } from '../../test/downloads';
import { aUser } from '../../test/factories';
import { useTestServer } from '../../test/http-server';
import { renderWithProviders } from '../../test/render';
import { initialSessionState } from '../session/session.slice';
import { MessageContent } from './message-content';
import { STRATEGY_CSV_COLUMNS } from './strategy-content';

const server = useTestServer();
let clipboard: string[];
let downloads: CapturedDownload[];

beforeEach(() => {
  ignorePseudoElementStyles();
  clipboard = captureClipboard();
  downloads = captureDownloads();
  answerRoutes(server, { 'POST /api/saved-items': json(201, { id: 'item-9' }) });
});

afterEach(async () => {
  await clearToasts();
  jest.restoreAllMocks();
});

function renderContent(content: string, options: { strategy?: AnalyticsStrategy; productId?: string } = {}) {
  return renderWithProviders([{ path: '/', element: <MessageContent content={content} {...options} /> }], {
    preloadedState: { session: { ...initialSessionState, initialized: true, user: aUser() } },
  });
}

async function click(element: HTMLElement) {
  await act(async () => fireEvent.click(element));
}

const PLAN_TABLE = [
  'Here is a plan:',
  '',
  '| Event Name | Trigger | Properties |',
  '|---|---|---|',
  '| Checkout Started | User clicks Checkout | cart_value, item_count |',
  '| Order Completed | Payment succeeds | order_id |',
].join('\n');

describe(MessageContent.name, () => {
  it('should render the markdown of an answer', () => {
    renderContent('## KPIs to watch\n\nTrack **activation** first.\n\n- Activation rate\n- Retention');
    expect(screen.getByRole('heading', { name: 'KPIs to watch' })).toBeTruthy();
    expect(screen.getByText('activation').tagName).toBe('STRONG');
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  it('should render no raw HTML and no script link', () => {
    const { container } = renderContent(
      'Hi <img src="x" onerror="alert(1)"> <script>alert(2)</script><b>bold</b> [x](javascript:alert(3))',
    );
    expect(container.querySelector('img, script, b')).toBeNull();
    expect(container.querySelector('[onerror]')).toBeNull();
    const link = screen.getByText('x').closest('a');
    expect(link?.getAttribute('href') ?? '').not.toContain('javascript');
  });

  it('should recognise a pipe table with a header and a separator row and offer Copy, CSV and Save', async () => {
    renderContent(PLAN_TABLE, { productId: 'prod-1' });
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Event Name', 'Trigger', 'Properties']);

    await click(screen.getByRole('button', { name: 'Copy table' }));
    expect(await screen.findByText('Table copied')).toBeTruthy();
    expect(clipboard[0]).toBe(
      'Event Name,Trigger,Properties\r\n' +
        'Checkout Started,User clicks Checkout,"cart_value, item_count"\r\n' +
        'Order Completed,Payment succeeds,order_id\r\n',
    );

    await click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText('CSV downloaded')).toBeTruthy();
    expect(downloads.map((file) => file.name)).toEqual(['tracking_plan.csv']);
    await expect(downloads[0]?.text).resolves.toBe(clipboard[0]);
  });

  it('should save a plan table as a tracking plan of its events, with comma-separated properties', async () => {
    renderContent(PLAN_TABLE, { productId: 'prod-1' });
    await click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save Content' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save.hasAttribute('disabled')).toBe(true);
    const name = within(dialog).getByLabelText('Name');
    await act(async () => fireEvent.change(name, { target: { value: '  Checkout events  ' } }));
    await act(async () => fireEvent.keyDown(name, { key: 'Enter', code: 'Enter', keyCode: 13 }));
    expect(await screen.findByText('Tracking plan saved')).toBeTruthy();
    const [request] = requestsTo(server, 'POST /api/saved-items');
    const body = JSON.parse(request?.body ?? '{}') as { name: string; type: string; content: string };
    expect(body).toMatchObject({ productId: 'prod-1', name: 'Checkout events', type: 'tracking_plan' });
    const saved = JSON.parse(body.content) as {
      events: { name: string; trigger: string; properties: { name: string }[] }[];
    };
    expect(saved.events.map((event) => event.name)).toEqual(['Checkout Started', 'Order Completed']);
    expect(saved.events[0]?.trigger).toBe('User clicks Checkout');
    expect(saved.events[0]?.properties.map((property) => property.name)).toEqual([
      'cart_value',
      'item_count',
    ]);
  });

  it('should offer no Save without a product', () => {
    renderContent(PLAN_TABLE);
    expect(screen.getByRole('button', { name: 'Copy table' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('should see no table in pipes without a separator row', () => {
    renderContent('| Metric | Definition |\n| Activation | Share of sign-ups that finish setup |');
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Copy table' })).toBeNull();
  });

  it("should show a strategy's metrics, mark one the plan cannot measure, and export every key as CSV", async () => {
    renderContent('## KPIs to watch', { strategy: aStrategy(), productId: 'prod-1' });
    const table = screen.getByRole('table', { name: 'Recommended metrics (2)' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Metric Name', 'Definition', 'Decision Insight']);
    const gap = within(table).getByRole('rowheader', { name: /Repeat Purchase Rate/ });
    expect(within(gap).getByText('Needs event')).toBeTruthy();
    expect(within(gap).getByText('order_refunded')).toBeTruthy();
    expect(
      within(within(table).getByRole('rowheader', { name: /Activation Rate/ })).queryByText('Needs event'),
    ).toBeNull();

    await click(screen.getByRole('button', { name: 'Download CSV' }));
    const csv = (await downloads[0]?.text) ?? '';
    const [header, first] = csv.split('\r\n');
    expect(header).toBe(STRATEGY_CSV_COLUMNS.join(','));
    expect(first).toBe(
      'Activation Rate,Share of sign-ups that finish setup,Fix onboarding when it drops,Activation,' +
        'unique(Setup Completed) / unique(Sign Up Submitted),"Setup Completed, Sign Up Submitted",,true,ratio,' +
        '7 days,Setup,Product',
    );
  });

  it('should save a strategy with Save Strategy as the job left it', async () => {
    const strategy = aStrategy();
    renderContent(strategy.text, { strategy, productId: 'prod-1' });
    await click(screen.getByRole('button', { name: 'Save Strategy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save Content' });
    await act(async () =>
      fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Launch KPIs' } }),
    );
    await click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Strategy saved')).toBeTruthy();
    await waitFor(() => expect(requestsTo(server, 'POST /api/saved-items')).toHaveLength(1));
    const body = JSON.parse(requestsTo(server, 'POST /api/saved-items')[0]?.body ?? '{}') as {
      type: string;
      content: string;
    };
    expect(body.type).toBe('analytics_strategy');
    expect(JSON.parse(body.content)).toEqual(strategy);
  });
});
