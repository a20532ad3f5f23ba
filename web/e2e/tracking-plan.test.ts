/**
 * Tracking plans, the full path from a fresh user, all through the UI: onboarding with a demo video drawn with
 * ffmpeg, its analysis, the page spec review and Finalize, generation, the table with screenshots and the video
 * frame of an event at its moment, Download CSV, Save Plan, the Saved page preview, the History view and delete;
 * then a second generation opens 'Monthly Tracking Plan Limit Reached'.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  PHONE,
  launchBrowser,
  openPage,
  screenshot,
  seriousViolations,
  signUpThroughForm,
  uniqueEmail,
} from './support/browser';
import { finalizeFoundScreens, onboardWithVideo } from './support/onboarding';

const run = promisify(execFile);
const CSV_HEADER =
  'Event Trigger,Event Name,Property,Property Type,Example Property Value,Description,Screenshot Path';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let pageErrors: string[];
let workDir: string;

beforeAll(async () => {
  browser = await launchBrowser();
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracklens-plan-e2e-'));
});

afterAll(async () => {
  await browser.close();
  fs.rmSync(workDir, { recursive: true, force: true });
});

afterEach(async () => {
  await context.close();
  expect(pageErrors).toEqual([]);
});

async function open(): Promise<void> {
  ({ context, page } = await openPage(browser));
  pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
}

/** The ffmpeg binary the analysis service uses (an npm package of the workspace, nothing downloaded). */
function ffmpegPath(): string {
  return (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
}

const FONT = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/dejavu/DejaVuSans.ttf',
].find((candidate) => fs.existsSync(candidate));

interface DemoScreen {
  heading: string;
  subtitle: string;
  button: string;
}

const SCREENS: DemoScreen[] = [
  { heading: 'Create Your Account', subtitle: 'Start your free trial in a minute.', button: 'Sign Up' },
  { heading: 'Choose a Plan', subtitle: 'Pick the plan that fits your team.', button: 'Select Plan' },
  { heading: 'Checkout', subtitle: 'Enter your payment details to finish.', button: 'Pay Now' },
];

/** A demo video of a few screens drawn with drawtext: a heading, a subtitle and a button on each. */
async function makeDemoVideo(file: string): Promise<void> {
  if (!FONT) throw new Error('No TrueType font found for drawtext (install fonts-dejavu-core)');
  const escape = (text: string) => text.replace(/:/g, '\\:').replace(/'/g, '\u2019');
  const segments: string[] = [];
  for (const [index, screen] of SCREENS.entries()) {
    const segment = path.join(workDir, `screen-${index}.mp4`);
    const filter = [
      'drawbox=x=0:y=0:w=1280:h=64:color=0x1f2937:t=fill',
      `drawtext=fontfile=${FONT}:text='Acme':x=40:y=20:fontsize=24:fontcolor=white`,
      `drawtext=fontfile=${FONT}:text='${escape(screen.heading)}':x=120:y=140:fontsize=46:fontcolor=0x111111`,
      `drawtext=fontfile=${FONT}:text='${escape(screen.subtitle)}':x=120:y=210:fontsize=22:fontcolor=0x4b5563`,
      'drawbox=x=120:y=300:w=220:h=56:color=0x2563eb:t=fill',
      `drawtext=fontfile=${FONT}:text='${escape(screen.button)}':x=150:y=316:fontsize=22:fontcolor=white`,
    ].join(',');
    await run(ffmpegPath(), [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'color=c=white:s=1280x720:r=12:d=3',
      '-vf',
      `${filter},format=yuv420p`,
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      segment,
    ]);
    segments.push(segment);
  }
  const list = path.join(workDir, 'segments.txt');
  fs.writeFileSync(list, segments.map((segment) => `file '${segment}'`).join('\n'));
  await run(ffmpegPath(), [
    '-v',
    'error',
    '-y',
    '-f',
    'concat',
    '-safe',
    '0',
    '-i',
    list,
    '-c',
    'copy',
    file,
  ]);
}

async function expectNoHorizontalScroll(): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

async function atPhoneWidth(
  name: string,
  shoot: () => Promise<void> = () => screenshot(page, name),
): Promise<void> {
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(200);
  await expectNoHorizontalScroll();
  await shoot();
  await page.setViewportSize({ width: 1366, height: 900 });
}

describe('Tracking plans', () => {
  it('should take a fresh user from an analysed video to a generated, saved, viewed and deleted plan, then stop the second', async () => {
    await open();
    await signUpThroughForm(page, 'Grace Hopper', uniqueEmail('plan'));
    const video = path.join(workDir, 'demo.mp4');
    await makeDemoVideo(video);

    // Onboarding with the video; the analysis finds the screens and the review opens by itself: finalize them.
    const productId = await onboardWithVideo(page, video, {
      name: 'Acme Checkout',
      description: 'Web shop where teams sign up, pick a plan and pay online.',
    });
    await finalizeFoundScreens(page, productId);

    // Generate.
    await page.goto(`/products/${productId}/tracking-plan`);
    await page.getByRole('link', { name: 'Back to Acme Checkout' }).waitFor();
    await page.getByRole('heading', { name: 'Generate Tracking Plan' }).waitFor();
    await page.getByText('No tracking plan yet.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Generate Tracking Plan' }).click();
    await page.getByText('Tracking plan generation started').waitFor();
    await page.getByText('Tracking plan generated').waitFor({ timeout: 180_000 });
    const heading = page.getByRole('heading', { name: /^Generated Tracking Plan \(\d+ events\)$/ });
    await heading.waitFor();
    const eventCount = Number(/\((\d+) events\)/.exec((await heading.textContent()) ?? '')?.[1]);
    expect(eventCount).toBeGreaterThan(0);

    // The table with screenshots loaded through the image proxy.
    const table = page.getByRole('table');
    const thumbnails = table.getByRole('link', { name: /^Screenshot: / });
    expect(await thumbnails.count()).toBeGreaterThan(0);
    await expect(thumbnails.first().getAttribute('target')).resolves.toBe('_blank');
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('.events-table__thumb img')].some(
        (image) => image.complete && image.naturalWidth > 0,
      ),
    );
    expect(await seriousViolations(page)).toEqual([]);
    await page.waitForTimeout(300);
    await screenshot(page, 'tracking-plan-generated-desktop');

    // Evidence: the moment of the video an event was seen at, opened from the keyboard, its frame large with its time.
    const evidence = table.getByRole('button', { name: /^Open the video frame of .+ at \d+:\d{2}/ });
    expect(await evidence.count()).toBeGreaterThan(0);
    const [, seenEvent, seenAt] =
      /^Open the video frame of (.+) at (\d+:\d{2})/.exec((await evidence.first().getAttribute('aria-label')) ?? '') ?? [];
    await evidence.first().focus();
    await page.keyboard.press('Enter');
    const frameDialog = page.getByRole('dialog');
    await frameDialog.getByText(`${seenEvent} at ${seenAt}`).waitFor();
    await frameDialog.getByRole('img', { name: `Video frame of ${seenEvent} at ${seenAt}` }).waitFor();
    await page.waitForFunction(() => {
      const frame = document.querySelector<HTMLImageElement>('.event-evidence__large img');
      return frame !== null && frame.complete && frame.naturalWidth > 0;
    });
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'tracking-plan-evidence-desktop', false);
    await frameDialog.getByRole('button', { name: 'Close' }).first().click();
    await frameDialog.waitFor({ state: 'detached' });
    await atPhoneWidth('tracking-plan-generated-phone');

    // Download CSV: the file and its header row.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^tracking_plan_\d+\.csv$/);
    const csv = fs.readFileSync((await download.path()) ?? '', 'utf8');
    expect(csv.split('\r\n')[0]).toBe(CSV_HEADER);
    expect(csv.split('\r\n').length).toBeGreaterThan(eventCount);
    await page.getByText('CSV downloaded').waitFor();

    // The Export menu: Segment's rules and Snowplow's Iglu registry, as planning writes them.
    const exportAs = async (label: string) => {
      await page.getByRole('button', { name: 'Export' }).first().click();
      const [file] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('menuitem', { name: new RegExp(`^${label}`) }).click(),
      ]);
      return { name: file.suggestedFilename(), bytes: fs.readFileSync((await file.path()) ?? '') };
    };
    const segment = await exportAs('Segment');
    expect(segment.name).toMatch(/_segment_tracking_plan_rules\.json$/);
    const rules = (JSON.parse(segment.bytes.toString('utf8')) as { rules: { type: string; key?: string }[] }).rules;
    expect(rules.filter((rule) => rule.type === 'TRACK')).toHaveLength(eventCount);
    const snowplow = await exportAs('Snowplow');
    expect(snowplow.name).toMatch(/_snowplow_iglu_schemas\.zip$/);
    expect(snowplow.bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(snowplow.bytes.toString('latin1')).toMatch(/schemas\/com\.[a-z0-9]+\/[a-z0-9_]+\/jsonschema\/1-0-0/);

    // Save Plan.
    await page.getByRole('button', { name: 'Save Plan' }).click();
    const saveDialog = page.getByRole('dialog');
    await expect(saveDialog.getByRole('button', { name: 'Save' }).isDisabled()).resolves.toBe(true);
    await saveDialog.getByLabel('Plan Name').fill('Launch plan');
    await saveDialog.getByLabel('Plan Name').press('Enter');
    await page.getByText('Tracking plan saved').waitFor();

    // The Saved page's preview.
    await page
      .getByRole('navigation', { name: 'Product' })
      .getByRole('link', { name: 'Saved Items' })
      .click();
    await page.waitForURL(new RegExp(`/products/${productId}/saved$`));
    const savedCard = page.getByRole('article', { name: 'Launch plan' });
    await savedCard.getByText('Tracking Plan', { exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'saved-items-desktop');
    await savedCard.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('dialog');
    await preview.getByRole('table').waitFor();
    expect(await preview.getByRole('rowheader').count()).toBe(eventCount);
    await page.waitForTimeout(300);
    await screenshot(page, 'saved-preview-desktop', false);
    await atPhoneWidth('saved-preview-phone', () => screenshot(page, 'saved-preview-phone', false));
    await preview.getByRole('button', { name: 'Close' }).first().click();
    await atPhoneWidth('saved-items-phone');

    // History: view, then delete.
    await page
      .getByRole('navigation', { name: 'Product' })
      .getByRole('link', { name: 'Tracking Plan' })
      .click();
    await page.getByRole('tab', { name: 'History' }).click();
    await page.getByText('1 plan(s)').waitFor();
    const card = page.getByRole('article', { name: 'Acme Checkout Tracking Plan' });
    await card.getByText(`${eventCount} events`).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'tracking-plan-history-desktop');
    await atPhoneWidth('tracking-plan-history-phone');
    await card.getByRole('button', { name: 'View' }).click();
    const view = page.getByRole('dialog');
    await view.getByRole('table').waitFor();
    await page.waitForTimeout(300);
    await screenshot(page, 'tracking-plan-history-view-desktop', false);
    await view.getByRole('button', { name: 'Close' }).first().click();
    await card.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog');
    await confirm
      .getByText(
        'Are you sure you want to delete "Acme Checkout Tracking Plan"? This action cannot be undone.',
      )
      .waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Tracking plan deleted').waitFor();
    await page.getByText('No tracking plans yet').waitFor();

    // The free plan's one plan this month is used: the second generation opens the upgrade dialog.
    await page.getByRole('tab', { name: 'Generate Plan' }).click();
    await page.getByRole('button', { name: 'Generate Tracking Plan' }).click();
    await page.getByRole('dialog').getByText('Monthly Tracking Plan Limit Reached').waitFor();
    await page.getByText("You've reached your free plan limit of 1 tracking plan per month").waitFor();
    await page.waitForTimeout(500); // the dialog's opening animation
    await screenshot(page, 'tracking-plan-limit-desktop', false);
  }, 480_000);
});
