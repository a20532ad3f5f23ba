/**
 * A signed-in user's way to an analysed product, through the UI: onboarding with a demo video, then the page spec
 * review that opens by itself once the analysis found the screens, finalized as found, and a tracking plan.
 */
import type { Page } from 'playwright-core';

export interface ProductDraft {
  name: string;
  description: string;
}

/** The analysis of a short demo video takes some 10-60 s, and minutes on a machine busy with other work. */
export const REVIEW_TIMEOUT_MS = 240_000;

/** Onboarding's two steps with the video, then Go to Dashboard; answers the new product's id. */
export async function onboardWithVideo(page: Page, video: string, product: ProductDraft): Promise<string> {
  await page.getByLabel('Product Name').fill(product.name);
  await page.getByLabel('Description').fill(product.description);
  await page.getByRole('button', { name: 'Continue to Video Upload' }).click();
  await page.waitForURL(/\/onboarding-video-upload$/);
  await page.getByLabel('Video file').setInputFiles(video);
  await page.getByRole('button', { name: 'Upload & Continue' }).click();
  await page.waitForURL(/\/onboarding-processing$/, { timeout: 60_000 });
  await page.getByRole('heading', { name: 'Video Uploaded Successfully!' }).waitFor();
  await page.getByRole('button', { name: 'Go to Dashboard' }).click();
  await page.waitForURL(/\/products\/[^/]+$/);
  return new URL(page.url()).pathname.split('/')[2] ?? '';
}

/** Waits on the product page for the review to open, and finalizes the screens as the analysis found them. */
export async function finalizeFoundScreens(page: Page, productId: string): Promise<void> {
  const review = page.getByRole('dialog', { name: 'Review Page Specifications' });
  await review.waitFor({ timeout: REVIEW_TIMEOUT_MS }).catch(async (error: unknown) => {
    const videos = await page.request.get(`/api/products/${productId}/videos`);
    throw new Error(`The review did not open; the videos: ${await videos.text()}`, { cause: error });
  });
  await review.getByRole('button', { name: 'Finalize Changes' }).click();
  await page.waitForURL(/\/(dashboard|products\/[^/]+)$/);
}

/** A tracking plan generated from the Tracking Plan page, for the chats to build on. */
export async function generateTrackingPlan(page: Page, productId: string): Promise<void> {
  await page.goto(`/products/${productId}/tracking-plan`);
  await page.getByRole('button', { name: 'Generate Tracking Plan' }).click();
  await page.getByText('Tracking plan generated').waitFor({ timeout: 180_000 });
}
