/**
 * The development admin panel on the real product: the database environment, statistics that follow the
 * data users create, and clearing the staging data (which ends the session with everything else).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  DESKTOP,
  PASSWORD,
  PHONE,
  baseUrl,
  launchBrowser,
  openPage,
  registerThroughApi,
  screenshot,
  seriousViolations,
  signUpThroughForm,
  uniqueEmail,
} from './support/browser';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let pageErrors: string[];

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

beforeEach(async () => {
  ({ context, page } = await openPage(browser, DESKTOP));
  pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
});

afterEach(async () => {
  await context.close();
  expect(pageErrors).toEqual([]);
});

/** The count the statistics table shows for one `<service>.<table>`. */
async function rowsOf(name: string): Promise<number> {
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
  const text = await row.getByRole('cell').textContent();
  return Number((text ?? '').replace(/,/g, ''));
}

/** Signs up through the API and answers the session cookie, for calls the browser does not make. */
async function apiSession(name: string): Promise<string> {
  const response = await fetch(`${baseUrl()}/api/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name, email: uniqueEmail('admin-api'), password: PASSWORD }),
  });
  expect(response.status).toBe(201);
  return (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

describe('Admin panel', () => {
  it('should show the database environment, statistics that follow new data, the tools and the warning', async () => {
    await signUpThroughForm(page, 'Ada Admin', uniqueEmail('admin'));
    await page.goto('/admin');
    await page.getByRole('heading', { level: 1, name: 'Admin Panel' }).waitFor();
    const environment = page.getByRole('region', { name: 'Database Environment' });
    await environment.getByText('test', { exact: true }).waitFor();
    await environment.getByText('PGlite (embedded PostgreSQL)').waitFor();
    await environment.getByText('Allowed').waitFor();
    await page.getByRole('table').waitFor();
    const users = await rowsOf('identity.users');
    expect(users).toBeGreaterThanOrEqual(1);
    await page.getByRole('region', { name: 'Command-Line Tools' }).getByText('npm start').waitFor();
    await page.getByText('Never use these tools on the production database').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'admin-panel-desktop');

    await registerThroughApi('Grace Newcomer', uniqueEmail('admin-new'));
    await page.reload();
    await page.getByRole('table').waitFor();
    expect(await rowsOf('identity.users')).toBe(users + 1);

    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await page.waitForURL((url) => url.pathname !== '/admin');
  });

  it('should fit a phone', async () => {
    await page.setViewportSize(PHONE);
    await signUpThroughForm(page, 'Pat Phone', uniqueEmail('admin-phone'));
    await page.goto('/admin');
    await page.getByRole('table').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'admin-panel-phone');
  });

  it('should clear the staging data after a confirmation, which ends every session', async () => {
    await signUpThroughForm(page, 'Clara Clear', uniqueEmail('admin-clear'));
    await page.goto('/admin');
    await page.getByRole('table').waitFor();
    expect(await rowsOf('identity.users')).toBeGreaterThanOrEqual(1);

    await page.getByRole('button', { name: 'Clear Staging Data' }).click();
    const dialog = page.getByRole('dialog', { name: 'Clear staging data?' });
    await dialog.getByText('your own account included').waitFor();
    await page.waitForTimeout(300); // the dialog's opening animation, for axe and the screenshot
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'admin-clear-confirm', false);
    await dialog.getByRole('button', { name: 'Clear Staging Data' }).click();

    // The statistics reload after clearing, and the caller's account went with identity's tables.
    await page.getByText('Your session has expired. Please log in again.').waitFor();

    const cookie = await apiSession('Dora After');
    const stats = await fetch(`${baseUrl()}/api/admin/database/stats`, { headers: { cookie } });
    expect(stats.status).toBe(200);
    const body = (await stats.json()) as { stats: Record<string, number> };
    expect(body.stats['identity.users']).toBe(1);
    expect(body.stats['catalog.products']).toBe(0);
  });
});
