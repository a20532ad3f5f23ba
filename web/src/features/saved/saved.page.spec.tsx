import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SavedItem } from '../../api/catalog.api';
import { answerRoutes, json, requestsTo, type RouteAnswer } from '../../test/api-routes';
import { clearToasts, ignorePseudoElementStyles } from '../../test/antd-jsdom';
import { aFlow, aStrategy } from '../../test/chat';
import { aUser } from '../../test/factories';
import { sendJson, useTestServer } from '../../test/http-server';
import { aProduct } from '../../test/products';
import { renderWithProviders } from '../../test/render';
import { aSavedItem } from '../../test/tracking-plans';
import { initialSessionState } from '../session/session.slice';
import SavedPage from './saved.page';

const server = useTestServer();
let clipboard: string[];
let downloads: string[];

const strategy = aSavedItem({
  id: 'item-2',
  type: 'analytics_strategy',
  name: 'Activation KPIs',
  content: JSON.stringify({
    text: 'Focus on activation.',
    table: [
      {
        metric_name: 'Activation Rate',
        definition: 'Share of sign-ups that finish setup',
        decision_insight: 'Fix onboarding',
      },
    ],
  }),
});
const flow = aSavedItem({
  id: 'item-3',
  type: 'user_flow',
  name: 'Checkout flow',
  content: JSON.stringify({ title: 'Checkout', nodes: [{ type: 'start', label: 'Cart' }] }),
});

beforeEach(async () => {
  ignorePseudoElementStyles();
  clipboard = [];
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: { writeText: (text: string) => Promise.resolve(void clipboard.push(text)) },
  });
  downloads = [];
  URL.createObjectURL = () => 'blob:item';
  URL.revokeObjectURL = () => undefined;
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (this.download) downloads.push(this.download);
  });
});

afterEach(async () => {
  await clearToasts();
  jest.restoreAllMocks();
});

function serve(items: SavedItem[] | RouteAnswer, extra: Record<string, RouteAnswer> = {}) {
  answerRoutes(server, {
    'GET /api/saved-items': typeof items === 'function' ? items : json(200, items),
    ...extra,
  });
}

function renderPage() {
  return renderWithProviders([{ path: '/products/:productId/saved', element: <SavedPage /> }], {
    initialPath: '/products/prod-1/saved',
    preloadedState: { session: { ...initialSessionState, initialized: true, user: aUser() } },
  });
}

async function click(element: HTMLElement) {
  await act(async () => fireEvent.click(element));
}

async function card(name: string): Promise<HTMLElement> {
  return screen.findByRole('article', { name });
}

describe(SavedPage.name, () => {
  it("should show the heading and a card per item with its type's emoji, label and saved date", async () => {
    serve([aSavedItem(), strategy, flow]);
    renderPage();
    expect(
      screen.getByRole('heading', {
        level: 1,
        name: 'Saved Items - Manage your saved tracking plans and analytics strategies',
      }),
    ).toBeTruthy();
    const plan = await card('Checkout plan');
    expect(within(plan).getByText('📊')).toBeTruthy();
    expect(within(plan).getAllByText('Tracking Plan').length).toBeGreaterThan(0);
    expect(within(plan).getByText('Saved Jan 5, 2026')).toBeTruthy();
    expect(within(await card('Activation KPIs')).getByText('📈')).toBeTruthy();
    expect(within(await card('Checkout flow')).getByText('🔀')).toBeTruthy();
    for (const action of ['Preview', 'Download', 'Copy', 'Delete'])
      expect(within(plan).getByRole('button', { name: action })).toBeTruthy();
    expect(requestsTo(server, 'GET /api/saved-items')[0]?.url).toBe('/api/saved-items?productId=prod-1');
  });

  it("should say 'No saved items yet' with a hint to save from the other tabs", async () => {
    serve([]);
    renderPage();
    expect(await screen.findByText('No saved items yet')).toBeTruthy();
    expect(screen.getByText(/Save a tracking plan from the Tracking Plan tab/)).toBeTruthy();
  });

  it('should preview a tracking plan as the events table', async () => {
    serve([aSavedItem()]);
    renderPage();
    await click(within(await card('Checkout plan')).getByRole('button', { name: 'Preview' }));
    const dialog = await screen.findByRole('dialog');
    const table = within(dialog).getByRole('table');
    expect(within(table).getByRole('rowheader', { name: 'Sign Up Submitted' })).toBeTruthy();
    expect(within(table).getByText('No image')).toBeTruthy();
  });

  it('should preview a strategy as the Metric Name / Definition / Decision Insight table', async () => {
    serve([strategy]);
    renderPage();
    await click(within(await card('Activation KPIs')).getByRole('button', { name: 'Preview' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Metric Name', 'Definition', 'Decision Insight']);
    expect(within(dialog).getByText('Activation Rate')).toBeTruthy();
    expect(within(dialog).getByText('Focus on activation.')).toBeTruthy();
  });

  it("should preview a strategy job's result with its markdown, stages, formulas and 'Needs event'", async () => {
    serve([
      aSavedItem({
        id: 'item-4',
        type: 'analytics_strategy',
        name: 'Launch KPIs',
        content: JSON.stringify(aStrategy()),
      }),
    ]);
    renderPage();
    expect(within(await card('Launch KPIs')).getByText('2 metrics')).toBeTruthy();
    await click(within(await card('Launch KPIs')).getByRole('button', { name: 'Preview' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'KPIs to watch for Acme Shop' })).toBeTruthy();
    const table = within(dialog).getByRole('table', { name: 'Launch KPIs: 2 metrics' });
    expect(within(table).getByText('Retention')).toBeTruthy();
    expect(within(table).getByText('unique(Setup Completed) / unique(Sign Up Submitted)')).toBeTruthy();
    const gap = within(table).getByRole('rowheader', { name: /Repeat Purchase Rate/ });
    expect(within(gap).getByText('Needs event')).toBeTruthy();
    expect(within(gap).getByText('order_refunded')).toBeTruthy();
  });

  it('should download a strategy as the CSV of every key of its rows', async () => {
    serve([
      aSavedItem({
        id: 'item-4',
        type: 'analytics_strategy',
        name: 'Launch KPIs',
        content: JSON.stringify(aStrategy()),
      }),
    ]);
    renderPage();
    await click(within(await card('Launch KPIs')).getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Copied to clipboard')).toBeTruthy();
    const [header, , second] = clipboard[0]?.split('\r\n') ?? [];
    expect(header).toBe(
      'metric_name,definition,decision_insight,stage,formula,events,missing_events,measurable,type,window,screen,owner',
    );
    expect(second).toBe(
      'Repeat Purchase Rate,Share of buyers who order again,Invest in retention campaigns,Retention,' +
        '"unique(Order Completed, 2+) / unique(Order Completed)",Order Completed,order_refunded,false,rate,30 days,,Growth',
    );
    await click(within(await card('Launch KPIs')).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(downloads).toEqual(['launch_kpis.csv']));
  });

  it('should preview anything else as formatted JSON', async () => {
    serve([flow]);
    renderPage();
    await click(within(await card('Checkout flow')).getByRole('button', { name: 'Preview' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/"label": "Cart"/)).toBeTruthy();
  });

  it("should preview a user flow as its diagram and steps, and download it as Mermaid in the product's direction", async () => {
    const saved = aSavedItem({
      id: 'item-4',
      type: 'user_flow',
      name: 'Main Flow',
      content: JSON.stringify(aFlow()),
    });
    serve([saved], { 'GET /api/products/prod-1': json(200, aProduct({ type: 'mobile_app' })) });
    renderPage();
    const item = await card('Main Flow');
    expect(within(item).getByText('4 screens · 6 steps')).toBeTruthy();
    await click(within(item).getByRole('button', { name: 'Preview' }));
    const dialog = await screen.findByRole('dialog');
    const diagram = await within(dialog).findByRole('group', { name: 'Diagram of Main user flow' });
    expect(within(diagram).getByText('Product Catalog', { selector: '.flow-node__label' })).toBeTruthy();
    expect(within(dialog).getAllByRole('listitem')[1]?.textContent).toBe(
      'Sign In → Sign In Clicked (Tap Sign In) → Product Catalog',
    );
    expect(within(dialog).queryByRole('button', { name: 'Save Flow' })).toBeNull();
    await click(within(item).getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(clipboard[0]?.split('\n')[0]).toBe('flowchart TD'));
    await click(within(item).getByRole('button', { name: 'Download' }));
    expect(downloads).toEqual(['main_flow.mmd']);
  });

  it('should download and copy a plan as its CSV and a flow as its JSON, named from the item', async () => {
    serve([aSavedItem({ name: 'Checkout Plan v2' }), flow]);
    renderPage();
    const plan = await card('Checkout Plan v2');
    await click(within(plan).getByRole('button', { name: 'Download' }));
    expect(await screen.findByText('Download started')).toBeTruthy();
    expect(downloads).toEqual(['checkout_plan_v2.csv']);
    await click(within(plan).getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Copied to clipboard')).toBeTruthy();
    expect(clipboard[0]?.split('\r\n')[0]).toBe(
      'Event Trigger,Event Name,Property,Property Type,Example Property Value,Description,Screenshot Path',
    );
    await click(within(await card('Checkout flow')).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(downloads).toEqual(['checkout_plan_v2.csv', 'checkout_flow.json']));
  });

  it("should delete an item after the confirmation, say 'Item deleted' and drop its card", async () => {
    let items = [aSavedItem(), strategy];
    serve((_request, response) => sendJson(response, 200, items), {
      'DELETE /api/saved-items/item-1': (_request, response) => {
        items = [strategy];
        sendJson(response, 200, { success: true, id: 'item-1' });
      },
    });
    renderPage();
    await click(within(await card('Checkout plan')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(
        'Are you sure you want to delete "Checkout plan"? This action cannot be undone.',
      ),
    ).toBeTruthy();
    await click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Item deleted')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Checkout plan' })).toBeNull());
    expect(screen.getByRole('article', { name: 'Activation KPIs' })).toBeTruthy();
  });

  it("should say 'Failed to delete item' when the delete fails", async () => {
    serve([aSavedItem()], { 'DELETE /api/saved-items/item-1': json(500, { message: 'down' }) });
    renderPage();
    await click(within(await card('Checkout plan')).getByRole('button', { name: 'Delete' }));
    await click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete item')).toBeTruthy();
  });

  it("should keep the heading and say 'Product not found' for a product that is not the user's", async () => {
    serve(json(404, { message: 'Product not found' }));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Product not found' }, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: /^Saved Items/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back to Dashboard' })).toBeTruthy();
  });
});
