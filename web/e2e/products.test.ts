/**
 * Products and onboarding: step 1, Skip for Now, the product page, the project dropdown, the
 * knowledge-base edit, another user's product, and the analysis status banners driven by events on NATS.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { connectNatsBus, createEnvelope, type EventBus } from '@tracklens/kit';
import { silentLogger } from '@tracklens/kit/testing';
import {
  DESKTOP,
  PHONE,
  launchBrowser,
  openPage,
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

async function open(viewport = DESKTOP): Promise<void> {
  ({ context, page } = await openPage(browser, viewport));
  pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
}

afterEach(async () => {
  await context.close();
  expect(pageErrors).toEqual([]);
});

type ProductTypeLabel = 'Website' | 'Mobile App';

/** Step 1 from wherever the browser is on it, then Skip for Now; answers the new product's id. */
async function createProductThroughOnboarding(
  name: string,
  type: ProductTypeLabel,
  description: string,
): Promise<string> {
  await page.getByRole('heading', { name: 'Tell us about your product' }).waitFor();
  await page.getByLabel('Product Name').fill(name);
  await page.getByText(type, { exact: true }).click();
  await page.getByLabel('Description').fill(description);
  await page.getByRole('button', { name: 'Continue to Video Upload' }).click();
  await page.waitForURL(/\/onboarding-video-upload$/);
  await page.getByRole('heading', { name: 'Upload Demo Video' }).waitFor();
  await page.getByRole('button', { name: 'Skip for Now' }).click();
  await page.waitForURL(/\/products\/[^/]+$/);
  await page.getByRole('heading', { level: 1, name }).waitFor();
  return new URL(page.url()).pathname.split('/')[2] ?? '';
}

async function expectNoHorizontalScroll(): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

async function storedUserId(): Promise<string> {
  return page.evaluate(() => (JSON.parse(localStorage.getItem('user') ?? '{}') as { id: string }).id);
}

describe('Onboarding and the product page', () => {
  it('should take a new user through step 1 and Skip for Now to the product page with the orange bar', async () => {
    await open();
    await signUpThroughForm(page, 'Ada Lovelace', uniqueEmail('onboarding'));
    await page.getByText('Step 1 of 2').waitFor();
    await page.getByRole('button', { name: 'Continue to Video Upload' }).click();
    await page.getByText('Product name is required').waitFor();
    await page.getByText('Description must be at least 10 characters').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'onboarding-name-errors');

    await page.getByLabel('Product Name').fill('Acme Shop');
    await page.getByLabel('Description').fill('Online shop where small teams order office supplies.');
    await expect(
      page.evaluate(() => JSON.parse(localStorage.getItem('onboarding_product_data') ?? 'null') as unknown),
    ).resolves.toEqual({
      name: 'Acme Shop',
      type: 'website',
      description: 'Online shop where small teams order office supplies.',
    });
    await page.getByRole('button', { name: 'Continue to Video Upload' }).click();
    await page.waitForURL(/\/onboarding-video-upload$/);
    await page.getByText('Product details saved').waitFor();
    await page.getByText('Step 2 of 2').waitFor();
    await page.getByText('Supported formats: MP4, MOV, AVI, WebM').waitFor();
    await page.getByText('Maximum file size: 500MB').waitFor();
    await page.getByText('Free plan: Videos up to 5 minutes').waitFor();
    await page.getByLabel('Video file').setInputFiles({
      name: 'demo.mp4',
      mimeType: 'video/mp4',
      buffer: Buffer.alloc(2 * 1024 * 1024),
    });
    await page.getByText('2.00 MB').waitFor();
    await page.getByRole('button', { name: 'Choose Different File' }).waitFor();
    await expect(page.getByRole('button', { name: 'Upload & Continue' }).isDisabled()).resolves.toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'onboarding-video-upload');

    await page.getByRole('button', { name: 'Skip for Now' }).click();
    await page.waitForURL(/\/products\/[^/]+$/);
    await page.getByText('Product created successfully!').waitFor();
    await page.getByRole('heading', { level: 1, name: 'Acme Shop' }).waitFor();
    await page.getByText('0 video(s) uploaded').waitFor();
    await page.getByText('Upload a product demo video to get AI-powered insights').waitFor();
    await page.getByRole('heading', { name: 'Welcome back, Ada Lovelace' }).waitFor();
    const productId = new URL(page.url()).pathname.split('/')[2];
    const stored = await page.evaluate(() => [
      localStorage.getItem('onboarding_product_data'),
      localStorage.getItem('currentProduct'),
    ]);
    expect(stored).toEqual([null, productId]);
    expect(await seriousViolations(page)).toEqual([]);
    await page.waitForTimeout(300); // let the toast settle for the screenshot
    await screenshot(page, 'product-overview-desktop');

    // The dashboard goes to the product just created.
    await page.getByRole('link', { name: 'Tracklens' }).click();
    await page.waitForURL(new RegExp(`/products/${productId}$`));
  });

  it('should create a second product through Create New Project and switch between the two', async () => {
    await open();
    await signUpThroughForm(page, 'Grace Hopper', uniqueEmail('switch'));
    const first = await createProductThroughOnboarding(
      'Hopper Web',
      'Website',
      'The web shop of the Hopper company.',
    );

    await page.getByRole('button', { name: /^Project: Hopper Web/ }).click();
    await page.getByRole('menuitem', { name: 'Create New Project' }).click();
    await page.waitForURL(/\/onboarding-name$/);
    const second = await createProductThroughOnboarding(
      'Hopper Mobile',
      'Mobile App',
      'The mobile app of the Hopper company.',
    );
    expect(second).not.toBe(first);
    await page.getByText('Mobile App', { exact: true }).first().waitFor();

    await page.getByRole('button', { name: /^Project: Hopper Mobile/ }).click();
    const menu = page.getByRole('menu');
    await menu.getByText('Website', { exact: true }).waitFor();
    await menu.getByText('Mobile App', { exact: true }).waitFor();
    await page.waitForTimeout(300); // the menu's opening animation, for the screenshot
    await screenshot(page, 'project-dropdown', false);
    await menu.getByText('Hopper Web', { exact: true }).click();
    await page.waitForURL(new RegExp(`/products/${first}$`));
    await page.getByRole('heading', { level: 1, name: 'Hopper Web' }).waitFor();
    await expect(page.evaluate(() => localStorage.getItem('currentProduct'))).resolves.toBe(first);
  });

  it('should edit the product in the knowledge base', async () => {
    await open();
    await signUpThroughForm(page, 'Barbara Liskov', uniqueEmail('kb'));
    const productId = await createProductThroughOnboarding(
      'Liskov Labs',
      'Website',
      'A lab notebook for substitutable types.',
    );
    await page
      .getByRole('navigation', { name: 'Product' })
      .getByRole('link', { name: 'Knowledge Base' })
      .click();
    await page.waitForURL(new RegExp(`/products/${productId}/knowledge-base$`));
    await page.getByText('A lab notebook for substitutable types.').waitFor();
    await page.getByRole('heading', { name: 'Product Videos' }).waitFor();

    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Product Name').fill('');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Product name is required').waitFor();
    await page.getByLabel('Product Name').fill('Liskov Labs Pro');
    await page.getByLabel('Description').fill('A lab notebook for behavioural subtyping.');
    await screenshot(page, 'knowledge-base-edit');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Product updated').waitFor();
    await page.getByText('A lab notebook for behavioural subtyping.').waitFor();
    await page.getByRole('link', { name: 'Back to Liskov Labs Pro' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'knowledge-base');

    // The new name is everywhere, after a reload too.
    await page.reload();
    await page.getByRole('button', { name: /^Project: Liskov Labs Pro/ }).waitFor();
    await page.getByRole('link', { name: 'Back to Liskov Labs Pro' }).click();
    await page.getByRole('heading', { level: 1, name: 'Liskov Labs Pro' }).waitFor();
  });

  it("should show 'Product not found' for another user's product", async () => {
    await open();
    await signUpThroughForm(page, 'Owner One', uniqueEmail('owner'));
    const productId = await createProductThroughOnboarding(
      'Private Product',
      'Website',
      'Nobody else may see this.',
    );
    await context.close();

    await open();
    await signUpThroughForm(page, 'Someone Else', uniqueEmail('intruder'));
    await page.goto(`/products/${productId}`);
    await page.getByRole('heading', { name: 'Product not found' }).waitFor();
    await expect(page.getByText('Private Product').count()).resolves.toBe(0);
    await page.goto(`/products/${productId}/knowledge-base`);
    await page.getByRole('heading', { name: 'Product not found' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'product-not-found');
    await page.getByRole('button', { name: 'Back to Dashboard' }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.getByRole('heading', { name: 'No products found' }).waitFor();
    await screenshot(page, 'dashboard-no-products');
  });
});

describe('Analysis status banners', () => {
  let bus: EventBus;

  beforeAll(async () => {
    const url = process.env.E2E_NATS_URL;
    const prefix = process.env.E2E_NATS_PREFIX;
    if (!url || !prefix) throw new Error('E2E_NATS_URL is not set: the global setup did not run');
    bus = await connectNatsBus({
      url,
      prefix,
      name: `e2e-products-${randomUUID().slice(0, 6)}`,
      logger: silentLogger,
    });
  });

  afterAll(async () => {
    await bus.close();
  });

  /**
   * Publishes what the analysis service would, then reloads until the banner with this title and text shows
   * (instead of waiting for the page's 30 s poll).
   */
  async function analysisReports(
    subject: string,
    data: { videoId: string; productId: string; userId: string; status: string },
    banner: { title: string; text: string },
  ): Promise<void> {
    await bus.publish(subject, createEnvelope('analysis', subject, data));
    const deadline = Date.now() + 20_000;
    for (;;) {
      await page.reload();
      await page.getByRole('heading', { level: 1 }).waitFor();
      const shown = page.getByRole('alert').filter({ hasText: banner.text });
      if ((await shown.count()) > 0) {
        await shown.getByText(banner.title, { exact: true }).waitFor();
        return;
      }
      if (Date.now() > deadline) throw new Error(`The banner '${banner.title}' did not show`);
      await page.waitForTimeout(500);
    }
  }

  it('should show each status banner of product-spec §2 and keep a dismissed one closed', async () => {
    await open();
    await signUpThroughForm(page, 'Katherine Johnson', uniqueEmail('banners'));
    const productId = await createProductThroughOnboarding(
      'Orbit Tracker',
      'Mobile App',
      'Tracks orbits of satellites for mission planners.',
    );
    const userId = await storedUserId();
    const video = { videoId: randomUUID(), productId, userId };
    const banner = page.getByRole('alert').filter({ hasText: 'Video Analysis' });
    await expect(banner.count()).resolves.toBe(0);

    await analysisReports(
      'analysis.video.progressed',
      { ...video, status: 'processing' },
      {
        title: 'Video Analysis in Progress',
        text: 'Video analysis in progress... This may take a few minutes.',
      },
    );
    await screenshot(page, 'banner-processing');

    const readyText = 'Analysis complete! Please review your page specifications to continue.';
    await analysisReports(
      'analysis.pagespecs.ready',
      { ...video, status: 'page_specs_ready' },
      { title: 'Video Analysis', text: readyText },
    );
    const ready = page.getByRole('alert').filter({ hasText: readyText });
    await ready
      .getByText('Video analysis is complete. Give us a few moments to generate your final insights.')
      .waitFor();
    await ready.getByRole('button', { name: 'Review Now' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'banner-page-specs-ready');

    await analysisReports(
      'analysis.video.completed',
      { ...video, status: 'completed' },
      { title: 'Video Analysis Complete', text: 'Video analysis completed successfully!' },
    );
    await screenshot(page, 'banner-completed');

    // Dismissed for this product: it stays closed after a reload.
    await banner.getByRole('button', { name: 'Dismiss' }).click();
    await banner.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Orbit Tracker' }).waitFor();
    await expect(page.getByText('Video analysis completed successfully!').count()).resolves.toBe(0);

    // A second product fails its analysis.
    await page.getByRole('button', { name: /^Project: Orbit Tracker/ }).click();
    await page.getByRole('menuitem', { name: 'Create New Project' }).click();
    const failing = await createProductThroughOnboarding(
      'Launch Planner',
      'Website',
      'Plans launch windows for small rockets.',
    );
    await analysisReports(
      'analysis.video.failed',
      { videoId: randomUUID(), productId: failing, userId, status: 'failed' },
      {
        title: 'Video Analysis Failed',
        text: 'Video analysis encountered an issue. Please try re-uploading your video.',
      },
    );
    await screenshot(page, 'banner-failed');
  });
});

describe('On a 375 px phone', () => {
  it('should fit the onboarding and the product page, with the sidebar as a strip', async () => {
    await open(PHONE);
    await signUpThroughForm(page, 'Mary Jackson', uniqueEmail('phone'));
    await page.getByRole('heading', { name: 'Tell us about your product' }).waitFor();
    await expectNoHorizontalScroll();
    await screenshot(page, 'onboarding-name-phone');
    await page.getByLabel('Product Name').fill('Wind Tunnel');
    await page.getByLabel('Description').fill('Bookings for the wind tunnel at the lab.');
    await page.getByRole('button', { name: 'Continue to Video Upload' }).click();
    await page.getByRole('heading', { name: 'Upload Demo Video' }).waitFor();
    await expectNoHorizontalScroll();
    await screenshot(page, 'onboarding-video-upload-phone');
    await page.getByRole('button', { name: 'Skip for Now' }).click();
    await page.getByRole('heading', { level: 1, name: 'Wind Tunnel' }).waitFor();
    await page.getByText('Upload a product demo video to get AI-powered insights').waitFor();
    await expectNoHorizontalScroll();
    await page.waitForTimeout(4500); // the toast leaves
    await screenshot(page, 'product-overview-phone');
    const sidebar = page.getByRole('navigation', { name: 'Product' });
    await sidebar.getByRole('button', { name: 'Settings' }).click();
    await page.getByText('Settings panel coming soon...').waitFor();
    await sidebar.getByRole('link', { name: 'Knowledge Base' }).click();
    await page.getByRole('heading', { name: 'Product Videos' }).waitFor();
    await expectNoHorizontalScroll();
    await screenshot(page, 'knowledge-base-phone');
  });
});
