/** Landing, pricing, 404 and accessibility of the public pages, on a desktop and a 375 px phone. */
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, PHONE, launchBrowser, openPage, screenshot, seriousViolations } from './support/browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

async function withPage(viewport: typeof DESKTOP, run: (page: Page) => Promise<void>): Promise<void> {
  const { context, page } = await openPage(browser, viewport);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  try {
    await run(page);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}

async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

async function expectLandingContent(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
    'Transform your product video into actionable analytics',
  );
  await page
    .getByText(
      'Upload your product video and get comprehensive tracking plans, and analytics strategies powered by AI.',
    )
    .first()
    .waitFor();
  for (const feature of ['Video Analysis', 'Tracking Plans', 'Analytics Strategy']) {
    await page.getByRole('heading', { name: feature, exact: true }).waitFor();
  }
  await page.getByRole('heading', { name: 'How It Works' }).waitFor();
  for (const step of ['Create Project', 'Upload Video', 'AI Analysis', 'Get Insights']) {
    await page.getByRole('heading', { name: step, exact: true }).waitFor();
  }
  await page.getByText('Enter product name and description').waitFor();
  await page.getByText('Chat with the AI').waitFor();
  const demo = page.getByRole('link', { name: 'Book a Demo' }).first();
  await expect(demo.getAttribute('target')).resolves.toBe('_blank');
  await expect(demo.getAttribute('rel')).resolves.toBe('noopener noreferrer');
  await page.getByText('Most Popular').waitFor();
}

describe('Landing page', () => {
  it('should show the hero, the three features, the four steps and the plans on a desktop', async () => {
    await withPage(DESKTOP, async (page) => {
      await page.goto('/');
      await expectLandingContent(page);
      const nav = page.getByRole('navigation', { name: 'Main' });
      for (const name of ['Pricing', 'Blog', 'YouTube', 'About', 'Log In', 'Sign Up']) {
        await expect(nav.getByRole('link', { name, exact: true }).isVisible()).resolves.toBe(true);
      }
      for (const name of ['Blog', 'YouTube', 'About']) {
        const link = nav.getByRole('link', { name, exact: true });
        await expect(link.getAttribute('target')).resolves.toBe('_blank');
        await expect(link.getAttribute('rel')).resolves.toBe('noopener noreferrer');
      }
      await expectNoHorizontalScroll(page);
      await screenshot(page, 'landing-desktop');

      await page.getByRole('link', { name: 'Start Free Trial' }).first().click();
      await page.waitForURL(/\/signup$/);
      await page.getByRole('heading', { name: 'Create account' }).waitFor();
    });
  });

  it('should fit a 375 px phone and open the menu', async () => {
    await withPage(PHONE, async (page) => {
      await page.goto('/');
      await expectLandingContent(page);
      await expectNoHorizontalScroll(page);
      await screenshot(page, 'landing-phone');
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav.getByRole('link', { name: 'Pricing' }).isVisible()).resolves.toBe(false);
      await page.getByRole('button', { name: 'Menu' }).click();
      await expect(nav.getByRole('link', { name: 'Pricing' }).isVisible()).resolves.toBe(true);
      await screenshot(page, 'landing-phone-menu', false);
      await nav.getByRole('link', { name: 'Pricing' }).click();
      await page.waitForURL(/\/pricing$/);
    });
  });
});

async function expectPricingContent(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1, name: 'Pricing' }).waitFor();
  const free = page.getByTestId('plan-free');
  const pro = page.getByTestId('plan-pro');
  await expect(free.getByRole('heading', { name: 'Free' }).isVisible()).resolves.toBe(true);
  await expect(free.textContent()).resolves.toContain('$0');
  await expect(pro.textContent()).resolves.toContain('$59/month');
  await expect(pro.textContent()).resolves.toContain('Most Popular');
  await page.getByRole('heading', { name: 'FAQ' }).waitFor();
  await page.getByText('30-day money-back guarantee').waitFor();
  await page.getByText('Plan changes apply at the next billing cycle.').waitFor();
  await page
    .getByRole('region', { name: 'Transform your product video into actionable analytics' })
    .waitFor();
}

describe('Pricing page', () => {
  it('should show both plans, the FAQ and the call to action, with a Home link, on a desktop', async () => {
    await withPage(DESKTOP, async (page) => {
      await page.goto('/pricing');
      await expectPricingContent(page);
      await expectNoHorizontalScroll(page);
      await screenshot(page, 'pricing-desktop');
      await page.getByTestId('plan-pro').getByRole('link', { name: 'Upgrade to Pro' }).click();
      await page.waitForURL(/\/signup\?plan=pro$/);
      await page.goBack();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
      await page.waitForURL((url) => url.pathname === '/');
    });
  });

  it('should fit a 375 px phone', async () => {
    await withPage(PHONE, async (page) => {
      await page.goto('/pricing');
      await expectPricingContent(page);
      await expectNoHorizontalScroll(page);
      await screenshot(page, 'pricing-phone');
    });
  });
});

describe('Unknown routes', () => {
  it("should show '404: No such page!'", async () => {
    await withPage(DESKTOP, async (page) => {
      await page.goto('/no/such/page');
      await page.getByRole('heading', { name: '404: No such page!' }).waitFor();
      await screenshot(page, 'not-found');
    });
  });
});

describe('Accessibility', () => {
  it.each([
    ['/', 'landing'],
    ['/pricing', 'pricing'],
    ['/login', 'login'],
    ['/signup', 'signup'],
  ])('should have no serious or critical axe violations on %s', async (route, name) => {
    await withPage(DESKTOP, async (page) => {
      await page.goto(route);
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `axe-${name}`, false);
    });
  });

  it('should have no serious or critical axe violations on the login form on a phone', async () => {
    await withPage(PHONE, async (page) => {
      await page.goto('/login');
      await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'login-phone');
    });
  });
});
