/**
 * The analytics strategy chat, the full path from a fresh user, all through the UI: onboarding with the demo video,
 * its analysis and Finalize, a generated tracking plan; then a chat asks 'Which KPIs should I watch?', sees
 * 'Thinking... N%' and the metrics table, downloads its CSV, saves the strategy, finds it on the Saved page, and
 * deletes the chat.
 */
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { PHONE, screenshot, seriousViolations, signUpThroughForm, uniqueEmail } from './support/browser';
import { useDemoSession } from './support/demo-session';
import { finalizeFoundScreens, generateTrackingPlan, onboardWithVideo } from './support/onboarding';

const STRATEGY_CSV_HEADER =
  'metric_name,definition,decision_insight,stage,formula,events,missing_events,measurable,type,window,screen,owner';

const demoSession = useDemoSession();
let page: Page;

async function open(): Promise<void> {
  ({ page } = await demoSession.open());
}

function productNav(name: string) {
  return page.getByRole('navigation', { name: 'Product' }).getByRole('link', { name });
}

/** Every text the thinking bubble shows, however briefly: the offline strategist may answer within a poll. */
async function recordThinking(): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { thinkingSeen: string[] }).thinkingSeen = seen;
    new MutationObserver(() => {
      const text = document.querySelector('.chat-thinking__text')?.textContent;
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { thinkingSeen: string[] }).thinkingSeen);
}

async function atPhoneWidth(name: string): Promise<void> {
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(200);
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  await screenshot(page, name);
  await page.setViewportSize({ width: 1366, height: 900 });
}

describe('Analytics strategy', () => {
  it('should answer a fresh user with a plan with a metrics table to download, save, find on the Saved page, and delete the chat', async () => {
    await open();
    await signUpThroughForm(page, 'Ada Lovelace', uniqueEmail('strategy'));
    const productId = await onboardWithVideo(page, demoSession.video(), {
      name: 'Acme Store',
      description: 'Online store where shoppers sign in, browse the catalog and check out their cart.',
    });
    await finalizeFoundScreens(page, productId);

    await generateTrackingPlan(page, productId);

    // The strategy page, empty.
    await productNav('Analytics Strategy').click();
    await page.waitForURL(new RegExp(`/products/${productId}/analytics`));
    await page
      .getByRole('heading', {
        level: 1,
        name: 'Analytics Strategy - AI-powered metrics and KPI recommendations',
      })
      .waitFor();
    await page.getByRole('link', { name: 'Back to Acme Store' }).waitFor();
    await page.getByText('No conversations yet').waitFor();
    await page.getByRole('heading', { name: 'Select a chat to continue' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'analytics-strategy-empty-desktop');

    // A chat, a question, 'Thinking... N%', then the answer.
    await page.getByRole('button', { name: 'Start First Chat' }).click();
    await page.getByRole('heading', { level: 2, name: 'Acme Store Chat 1' }).waitFor();
    const input = page.getByPlaceholder(
      'Ask about KPIs, metrics, dashboard design, or business intelligence strategies...',
    );
    const thinking = await recordThinking();
    await input.fill('Which KPIs should I watch?');
    await input.press('Enter');
    const table = page.getByRole('table', { name: /^Recommended metrics \(\d+\)$/ });
    await table.waitFor({ timeout: 120_000 });
    await page.getByText('Strategy generated').waitFor();
    const seen = await thinking();
    expect(seen.length).toBeGreaterThan(0);
    for (const text of seen) expect(text).toMatch(/^Thinking\.\.\. \d{1,3}%$/);
    expect(await page.getByText('Which KPIs should I watch?').count()).toBeGreaterThan(0);
    const metrics = await table.getByRole('rowheader').count();
    expect(metrics).toBeGreaterThan(0);
    expect(await input.isDisabled()).toBe(false);
    await page.waitForTimeout(500); // the toast's opening animation
    expect(await seriousViolations(page)).toEqual([]);
    await page.waitForTimeout(300);
    await screenshot(page, 'analytics-strategy-answer-desktop');
    await atPhoneWidth('analytics-strategy-answer-phone');

    // The table's CSV: tracking_plan.csv with every key of a metric.
    const answer = page.locator('.chat-table').filter({ has: table });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      answer.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('tracking_plan.csv');
    const csv = fs.readFileSync((await download.path()) ?? '', 'utf8');
    expect(csv.split('\r\n')[0]).toBe(STRATEGY_CSV_HEADER);
    expect(csv.trimEnd().split('\r\n')).toHaveLength(metrics + 1);
    await page.getByText('CSV downloaded').waitFor();

    // Save Strategy.
    await answer.getByRole('button', { name: 'Save Strategy' }).click();
    const saveDialog = page.getByRole('dialog', { name: 'Save Content' });
    await expect(saveDialog.getByRole('button', { name: 'Save' }).isDisabled()).resolves.toBe(true);
    await saveDialog.getByLabel('Name').fill('Launch KPIs');
    await saveDialog.getByLabel('Name').press('Enter');
    await page.getByText('Strategy saved').waitFor();

    // On the Saved page, previewed as the same metrics.
    await productNav('Saved Items').click();
    await page.waitForURL(new RegExp(`/products/${productId}/saved$`));
    const card = page.getByRole('article', { name: 'Launch KPIs' });
    await card.getByText('Analytics Strategy', { exact: true }).waitFor();
    await card.getByText(`${metrics} metrics`).waitFor();
    await card.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('dialog');
    await preview.getByRole('table').waitFor();
    expect(await preview.getByRole('table').getByRole('rowheader').count()).toBe(metrics);
    await page.waitForTimeout(300);
    await screenshot(page, 'analytics-strategy-saved-preview-desktop', false);
    await preview.getByRole('button', { name: 'Close' }).first().click();

    // Back on the strategy page: the chat is listed; its delete control shows on hover and asks first.
    await productNav('Analytics Strategy').click();
    const session = page.getByRole('list', { name: 'Chat sessions' }).getByRole('listitem');
    await session.hover();
    await session.getByRole('button', { name: 'Delete Acme Store Chat 1' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete chat' });
    await confirm
      .getByText('Are you sure you want to delete "Acme Store Chat 1"? This action cannot be undone.')
      .waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No conversations yet').waitFor();
  }, 600_000);
});
