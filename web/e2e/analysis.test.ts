/**
 * Video upload and page spec review: a new user uploads a generated demo video in onboarding,
 * the real analysis finds its screens, the review modal opens on the product page with their screenshots, the
 * user deletes one and adds one, finalizes, and the analysis completes. A second upload the same month meets the
 * free plan's limit.
 */
import type { BrowserContext, Page } from 'playwright-core';
import {
  DESKTOP,
  PHONE,
  screenshot,
  seriousViolations,
  signUpThroughForm,
  uniqueEmail,
} from './support/browser';
import { DEMO_SCREEN_HEADINGS } from './support/demo-video';
import { useDemoSession } from './support/demo-session';

/** The analysis of the demo video takes some 10-60 s, and minutes on a machine busy with other work. */
const ANALYSIS_TIMEOUT_MS = 240_000;

const session = useDemoSession();
let context: BrowserContext;
let page: Page;

async function expectNoHorizontalScroll(): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

async function eventually(check: () => Promise<void>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/** What the product and its videos read as, from the browser's session. */
async function analysisState(productId: string): Promise<string> {
  return page.evaluate(async (id) => {
    const product = (await (await fetch(`/api/products/${id}`)).json()) as { analysisStatus: string };
    const videos = (await (await fetch(`/api/products/${id}/videos`)).json()) as { analysisStatus: string }[];
    return `product ${product.analysisStatus}, videos ${videos.map((video) => video.analysisStatus).join(',')}`;
  }, productId);
}

/** Waits for the review to open by itself; fails early, saying so, when the analysis fails. */
async function waitForReview(productId: string, modal: ReturnType<Page['getByRole']>): Promise<void> {
  const deadline = Date.now() + ANALYSIS_TIMEOUT_MS;
  for (;;) {
    if ((await modal.count()) > 0 && (await modal.isVisible())) return;
    const state = await analysisState(productId);
    if (state.includes('failed')) throw new Error(`The analysis failed: ${state}`);
    if (Date.now() > deadline) throw new Error(`The review did not open: ${state}`);
    await page.waitForTimeout(1000);
  }
}

/** Uploads leave the browser at about 64 KB/s, so that the progress bar can be seen (and photographed). */
async function throttleUploads(on: boolean): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: on ? 64 * 1024 : -1,
  });
}

describe('Video upload and page spec review', () => {
  it('should upload the demo in onboarding, review the screens the analysis found, and finalize', async () => {
    ({ context, page } = await session.open());

    await signUpThroughForm(page, 'Ada Lovelace', uniqueEmail('analysis'));
    await page.getByLabel('Product Name').fill('Acme Store');
    await page.getByLabel('Description').fill('An online shop where customers browse products and check out.');
    await page.getByRole('button', { name: 'Continue to Video Upload' }).click();
    await page.waitForURL(/\/onboarding-video-upload$/);

    // Check 1 of product-spec §5 first.
    await page.getByRole('button', { name: 'Upload & Continue' }).click();
    await page.getByText('No file selected').waitFor();

    await page.getByLabel('Video file').setInputFiles(session.video());
    await page.getByText('acme-demo.mp4').waitFor();
    await page.getByRole('alert').filter({ hasText: 'No file selected' }).getByRole('button', { name: 'Close' }).click();
    await throttleUploads(true);
    await page.getByRole('button', { name: 'Upload & Continue' }).click();
    const progress = page.getByRole('progressbar', { name: 'Upload progress' });
    await progress.waitFor();
    await page.waitForFunction(() => {
      const bar = document.querySelector('[role="progressbar"][aria-label="Upload progress"]');
      const now = Number(bar?.getAttribute('aria-valuenow') ?? 0);
      return now > 0 && now < 100;
    });
    await screenshot(page, 'upload-progress');
    await page.setViewportSize(PHONE);
    await expectNoHorizontalScroll();
    await screenshot(page, 'upload-progress-phone');
    await page.setViewportSize(DESKTOP);
    await throttleUploads(false);

    await page.waitForURL(/\/onboarding-processing$/, { timeout: 60_000 });
    await page.getByText('Video uploaded successfully!', { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Video Uploaded Successfully!' }).waitFor();
    await expect(page.evaluate(() => localStorage.getItem('onboarding_product_data'))).resolves.toBeNull();
    await page.getByRole('button', { name: 'Go to Dashboard' }).click();
    await page.waitForURL(/\/products\/[^/]+$/);
    const productId = new URL(page.url()).pathname.split('/')[2] ?? '';
    await page.getByText('1 video(s) uploaded').waitFor();
    await expect(page.getByText('Upload a product demo video to get AI-powered insights').count()).resolves.toBe(0);

    // The analysis runs for real; the review opens by itself once the specs are ready.
    const modal = page.getByRole('dialog', { name: 'Review Page Specifications' });
    await waitForReview(productId, modal);
    const screens = modal.getByRole('list', { name: 'Identified screens' }).getByRole('listitem');
    await screens.first().waitFor();
    const names = await modal.locator('.spec-item__name').allInnerTexts();
    expect(names.length).toBeGreaterThanOrEqual(2);
    // The offline analyzer reads the screens' headings; at least one must come back by name.
    expect(DEMO_SCREEN_HEADINGS.some((heading) => names.some((name) => name.includes(heading)))).toBe(true);

    // The screenshots load through the image proxy and open in a new tab.
    const shot = modal.getByRole('img', { name: /^Screenshot of / }).first();
    await shot.evaluate(
      (image: HTMLImageElement) =>
        new Promise<void>((resolve, reject) => {
          if (image.complete) return image.naturalWidth > 0 ? resolve() : reject(new Error('broken image'));
          image.onload = () => resolve();
          image.onerror = () => reject(new Error('broken image'));
        }),
    );
    await expect(shot.locator('xpath=..').getAttribute('target')).resolves.toBe('_blank');
    const [tab] = await Promise.all([context.waitForEvent('page'), shot.click()]);
    await tab.waitForLoadState();
    expect(tab.url()).toContain('/api/images/');
    await tab.close();

    // Delete the first screen, add a missing one.
    const removed = names[0] ?? '';
    const before = await screens.count();
    await modal.getByRole('button', { name: `Delete ${removed}` }).click();
    await page.getByText('Page spec deleted').waitFor();
    await eventually(async () => expect(await screens.count()).toBe(before - 1));
    await modal.getByRole('button', { name: 'Add New Screen' }).click();
    const form = modal.getByRole('form', { name: 'Add New Screen' });
    await form.getByRole('button', { name: 'Add & Enhance' }).click();
    await page.getByText('Please provide both screen name and description.').waitFor();
    await form.getByLabel('Screen Name').fill('Order Confirmation');
    await form.getByLabel('Description').fill('Thanks the customer and shows the order number after checkout.');
    await form.getByRole('button', { name: 'Add & Enhance' }).click();
    await page.getByText('Page spec added').waitFor();
    const added = screens.filter({ hasText: 'Order Confirmation' });
    await added.getByText('New', { exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.waitForTimeout(300);
    await screenshot(page, 'page-spec-review', false);
    await page.setViewportSize(PHONE);
    await page.waitForTimeout(300);
    await screenshot(page, 'page-spec-review-phone', false);
    await page.setViewportSize(DESKTOP);

    // Dismissed: it stays closed, and the banner offers it again.
    await modal.getByRole('button', { name: 'Cancel' }).last().click();
    await modal.waitFor({ state: 'hidden' });
    await page.waitForTimeout(800);
    await expect(modal.count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Review Page Specs' }).click();
    await modal.waitFor();
    await screens.filter({ hasText: 'Order Confirmation' }).waitFor();

    await modal.getByRole('button', { name: 'Finalize Changes' }).click();
    await page
      .getByText('Page specs finalized')
      .waitFor()
      .catch(async (error: unknown) => {
        await screenshot(page, 'finalize-toast-missing');
        const softer = await page.getByText('Processing started').count();
        throw new Error(`${String(error)}\n'Processing started' shown: ${softer > 0}; ${await analysisState(productId)}`);
      });
    await page.waitForURL(new RegExp(`/products/${productId}$`)).catch(async (error: unknown) => {
      await screenshot(page, 'after-finalize-missing');
      throw new Error(`${String(error)}\nat ${page.url()}: ${await analysisState(productId)}`);
    });
    const complete = page
      .getByRole('alert')
      .filter({ hasText: 'Video analysis completed successfully!' })
      .getByText('Video Analysis Complete', { exact: true });
    await complete.waitFor({ timeout: 60_000 }).catch(async (error: unknown) => {
      await screenshot(page, 'analysis-complete-missing');
      throw new Error(`${String(error)}\n${await analysisState(productId)}`);
    });
    await expect(
      page.evaluate((id) => localStorage.getItem(`page_specs_finalized_${id}`), productId),
    ).resolves.toBeNull();
    await screenshot(page, 'analysis-complete');

    // The knowledge base lists the video; a second upload this month meets the free plan's limit.
    await page.getByRole('navigation', { name: 'Product' }).getByRole('link', { name: 'Knowledge Base' }).click();
    const videos = page.getByRole('list', { name: 'Uploaded videos' });
    await videos.getByText('acme-demo.mp4').waitFor();
    await videos.getByText('completed', { exact: true }).waitFor();
    await page.getByText('Supported formats: MP4, WebM, MOV. Max size: 500MB').waitFor();
    await screenshot(page, 'knowledge-base-videos');
    await page.getByLabel('Video file').setInputFiles(session.video());
    const limit = page.getByRole('dialog').filter({ hasText: 'Monthly Video Limit Reached' });
    await limit.waitFor();
    await limit
      .getByText(
        "You've reached your free plan limit of 1 video per month. Upgrade to Pro for unlimited video uploads.",
      )
      .waitFor();
    await page.waitForTimeout(400); // the dialog's opening animation, for the screenshot
    await screenshot(page, 'upload-limit', false);
    await expect(videos.getByRole('listitem').count()).resolves.toBe(1);
  }, 420_000);
});
