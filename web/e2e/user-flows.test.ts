/**
 * User flows, from a fresh user with an analysed product and a tracking plan, all through the UI: a chat asks
 * 'Show the main user flow' and sees its diagram with a node per recorded screen; a screen opens its screenshot in
 * a new tab; the flow downloads as PNG, SVG and Mermaid; it is saved and previewed on the Saved page.
 */
import fs from 'node:fs';
import type { Download, Page } from 'playwright-core';
import { screenshot, seriousViolations, signUpThroughForm, uniqueEmail } from './support/browser';
import { useDemoSession } from './support/demo-session';
import { finalizeFoundScreens, generateTrackingPlan, onboardWithVideo } from './support/onboarding';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const session = useDemoSession();
let page: Page;

/** The screens the analysis found in the demo video, as the product's page specs name them. */
async function recordedScreens(productId: string): Promise<string[]> {
  const videos = (await (await page.request.get(`/api/products/${productId}/videos`)).json()) as {
    id: string;
  }[];
  const names: string[] = [];
  for (const video of videos) {
    const specs = (await (await page.request.get(`/api/videos/${video.id}/page-specs`)).json()) as {
      screenName: string;
    }[];
    names.push(...specs.map((spec) => spec.screenName));
  }
  return names;
}

async function downloaded(button: string): Promise<{ name: string; bytes: Buffer }> {
  const actions = page.getByRole('group', { name: /^Export / });
  const [download]: [Download, void] = await Promise.all([
    page.waitForEvent('download'),
    actions.getByRole('button', { name: button, exact: true }).click(),
  ]);
  return { name: download.suggestedFilename(), bytes: fs.readFileSync((await download.path()) ?? '') };
}

describe('User flows', () => {
  it('should draw the main user flow of a fresh product, open a screenshot, export it and save it', async () => {
    const { context, page: opened } = await session.open();
    page = opened;
    await signUpThroughForm(page, 'Ada Lovelace', uniqueEmail('flows'));
    const productId = await onboardWithVideo(page, session.video(), {
      name: 'Acme Store',
      description: 'Online store where shoppers sign in, browse the catalog and check out their cart.',
    });
    await finalizeFoundScreens(page, productId);
    await generateTrackingPlan(page, productId);
    const screens = await recordedScreens(productId);
    expect(screens.length).toBeGreaterThanOrEqual(2);

    // The page, from the product's navigation.
    await page.getByRole('navigation', { name: 'Product' }).getByRole('link', { name: 'User Flows' }).click();
    await page.waitForURL(new RegExp(`/products/${productId}/user-flows`));
    await page.getByRole('heading', { level: 1, name: /^User Flows - / }).waitFor();
    await page.getByRole('link', { name: 'Back to Acme Store' }).waitFor();

    // A chat and the question; the answer is the diagram.
    await page.getByRole('button', { name: 'Start First Chat' }).click();
    await page.getByRole('heading', { level: 2, name: 'Acme Store Chat 1' }).waitFor();
    const input = page.getByPlaceholder(/^Ask for a flow: /);
    await input.fill('Show the main user flow');
    await input.press('Enter');
    await page.getByText('User flow generated').waitFor({ timeout: 120_000 });
    const diagram = page.locator('.flow-diagram');
    await diagram.locator('.react-flow__node-screen').first().waitFor();
    const labels = await diagram.locator('.react-flow__node-screen .flow-node__label').allInnerTexts();
    for (const name of screens) expect(labels).toContain(name);
    await page.getByText('Steps (').first().waitFor();

    // Tab reaches the nodes; a screen opens its screenshot in a new tab.
    const first = diagram
      .locator('.react-flow__node-screen')
      .filter({ has: page.locator('img') })
      .first();
    const shot = (await first.locator('img').getAttribute('src')) ?? '';
    expect(shot).toMatch(/^\/api\/images\//);
    expect(await first.getAttribute('tabindex')).toBe('0');
    const [tab] = await Promise.all([context.waitForEvent('page'), first.click()]);
    await tab.waitForLoadState();
    expect(new URL(tab.url()).pathname).toBe(shot);
    await tab.close();

    // PNG, SVG and Mermaid.
    const png = await downloaded('PNG');
    expect(png.name).toMatch(/^[a-z0-9_]+\.png$/);
    expect(png.bytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(png.bytes.length).toBeGreaterThan(1_000);
    const svg = await downloaded('SVG');
    expect(svg.name).toMatch(/^[a-z0-9_]+\.svg$/);
    expect(svg.bytes.toString('utf8')).toMatch(/^<svg[\s>]/);
    const mermaid = await downloaded('Mermaid');
    expect(mermaid.name).toMatch(/^[a-z0-9_]+\.mmd$/);
    expect(mermaid.bytes.toString('utf8')).toMatch(/^flowchart LR\n/);

    await page.waitForTimeout(500); // the toasts' opening animation
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'user-flows-answer-desktop');

    // Saved, and previewed as the same diagram on the Saved page.
    await page.getByRole('button', { name: 'Save Flow' }).click();
    const saveDialog = page.getByRole('dialog', { name: 'Save Content' });
    await saveDialog.getByLabel('Name').fill('Main journey');
    await saveDialog.getByLabel('Name').press('Enter');
    await page.getByText('User flow saved').waitFor();
    await page
      .getByRole('navigation', { name: 'Product' })
      .getByRole('link', { name: 'Saved Items' })
      .click();
    const card = page.getByRole('article', { name: 'Main journey' });
    await card.getByText('User Flow', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('dialog');
    await preview.locator('.react-flow__node-screen').first().waitFor();
    expect(await preview.locator('.react-flow__node-screen').count()).toBe(labels.length);
  }, 600_000);
});
