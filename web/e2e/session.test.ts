/** Guard, sign-up, logout, login back to the right place, session expiry and sign-in errors. */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  DESKTOP,
  PASSWORD,
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

async function logInThroughForm(email: string, password = PASSWORD): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

async function openUserMenu(name: string): Promise<void> {
  await page.getByRole('button', { name }).click();
}

describe('Guard', () => {
  it('should send a visitor from a signed-in page to /login', async () => {
    await page.goto('/dashboard');
    await page.waitForURL(/\/login$/);
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await page.getByText('Enter your credentials to access your dashboard').waitFor();
    await screenshot(page, 'guard-redirect-login');
  });
});

describe('Sign-up', () => {
  it('should create the account and go to onboarding', async () => {
    await page.goto('/signup');
    await page.getByRole('heading', { name: 'Create account' }).waitFor();
    await page.getByText('Enter your details to get started').waitFor();
    await expect(page.getByLabel('Password').getAttribute('type')).resolves.toBe('password');
    await signUpThroughForm(page, 'Grace Hopper', uniqueEmail('signup'));
    await page.getByRole('heading', { name: 'Tell us about your product' }).waitFor();
    await page.getByText('Step 1 of 2').waitFor();
    const stored = await page.evaluate(
      () => JSON.parse(localStorage.getItem('user') ?? 'null') as { name?: string } | null,
    );
    expect(stored?.name).toBe('Grace Hopper');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'signup-onboarding');
  });

  it('should offer the upgrade after choosing the pro plan', async () => {
    await signUpThroughForm(page, 'Pro Buyer', uniqueEmail('signup-pro'), 'pro');
    expect(new URL(page.url()).search).toBe('?showUpgrade=true');
    await screenshot(page, 'signup-pro-onboarding');
  });

  it('should show the server message for an e-mail that is taken', async () => {
    const email = uniqueEmail('taken');
    await registerThroughApi('First Owner', email);
    await page.goto('/signup');
    await page.getByLabel('Full Name').fill('Second Owner');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByRole('alert').filter({ hasText: 'An account with this email already exists' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/signup');
    await screenshot(page, 'signup-duplicate-email');
  });
});

describe('Logout and login', () => {
  it('should log out to / and log back in to onboarding when there are no products', async () => {
    const email = uniqueEmail('logout');
    await signUpThroughForm(page, 'Alan Turing', email);
    await page.getByRole('heading', { name: 'Tell us about your product' }).waitFor();
    await openUserMenu('Alan Turing');
    await page.getByText(email).waitFor();
    await page.waitForTimeout(300); // let the menu finish its opening animation for the screenshot
    await screenshot(page, 'user-menu', false);
    await page.getByRole('menuitem', { name: 'Logout', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    const keys = await page.evaluate(() =>
      ['user', 'onboarding_product_data', 'payment_referrer', 'currentProduct', 'lastCreatedProduct'].map(
        (key) => localStorage.getItem(key),
      ),
    );
    expect(keys).toEqual([null, null, null, null, null]);
    const me = await page.evaluate(
      async () => (await fetch('/api/user/me', { credentials: 'include' })).status,
    );
    expect(me).toBe(401);
    await screenshot(page, 'logout-landing', false);

    await page.goto('/login');
    await logInThroughForm(email);
    await page.waitForURL(/\/onboarding-name$/);
    await page.getByRole('heading', { name: 'Tell us about your product' }).waitFor();
  });

  it('should return to the page the visitor asked for (redirect_after_login)', async () => {
    const email = uniqueEmail('redirect');
    await registerThroughApi('Margaret Hamilton', email);
    await page.goto('/products/p-42/saved');
    await page.waitForURL(/\/login$/);
    await expect(page.evaluate(() => localStorage.getItem('redirect_after_login'))).resolves.toBe(
      '/products/p-42/saved',
    );
    await logInThroughForm(email);
    await page.waitForURL(/\/products\/p-42\/saved$/);
    await page
      .getByRole('heading', {
        name: 'Saved Items - Manage your saved tracking plans and analytics strategies',
      })
      .waitFor();
    await expect(page.evaluate(() => localStorage.getItem('redirect_after_login'))).resolves.toBeNull();
    await screenshot(page, 'login-redirect-after-login');
  });

  it('should show the wrong-password error on the form', async () => {
    const email = uniqueEmail('wrong-password');
    await registerThroughApi('Barbara Liskov', email);
    await page.goto('/login');
    await logInThroughForm(email, 'not-the-password');
    await page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await expect(page.getByRole('button', { name: 'Log In' }).isEnabled()).resolves.toBe(true);
    await screenshot(page, 'login-wrong-password');
  });
});

describe('Session expiry', () => {
  it('should show the session-expired screen once the server ended the session, then go to login', async () => {
    const email = uniqueEmail('expiry');
    await signUpThroughForm(page, 'Edsger Dijkstra', email);
    // A page inside the signed-in frame, whose logo leads to the dashboard; let its calls answer first.
    await page.goto('/products/p-42/saved');
    await expect(page.getByRole('link', { name: 'Tracklens' }).getAttribute('href')).resolves.toBe('/dashboard');
    await page.waitForLoadState('networkidle');

    // End the session from outside the page, with the browser's own cookie.
    const cookies = await context.cookies(baseUrl());
    const session = cookies.find((cookie) => cookie.name === 'tracklens_session');
    expect(session).toBeDefined();
    const response = await fetch(`${baseUrl()}/api/logout`, {
      method: 'POST',
      headers: { Cookie: `tracklens_session=${session?.value ?? ''}` },
    });
    expect(response.status).toBe(200);

    // The next call the app makes meets a 401: the dashboard's products (it always fetches them afresh),
    // behind the logo link, unless a poll gets there first and the expired screen replaces the link.
    const expired = page.getByText('Your session has expired. Please log in again.');
    await Promise.race([
      expired.waitFor(),
      page.getByRole('link', { name: 'Tracklens' }).click().catch(() => expired.waitFor()),
    ]);
    await expired.waitFor();
    await page.getByRole('heading', { name: 'Something went wrong' }).waitFor();
    await expect(page.evaluate(() => localStorage.getItem('user'))).resolves.toBeNull();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'session-expired');

    await page.getByRole('button', { name: 'Go to Login' }).click();
    await page.waitForURL(/\/login$/);
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await logInThroughForm(email);
    await page.waitForURL(/\/dashboard$/);
  });

  it('should clear a stale session silently on start-up', async () => {
    const email = uniqueEmail('stale');
    await signUpThroughForm(page, 'Stale Session', email);
    await context.clearCookies();
    await page.goto('/onboarding-name');
    await page.waitForURL(/\/login$/);
    await expect(page.evaluate(() => localStorage.getItem('user'))).resolves.toBeNull();
  });
});
