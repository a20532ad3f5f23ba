/** Chromium through playwright-core, one fresh context per test, screenshots into artifacts/e2e. */
import AxeBuilder from '@axe-core/playwright';
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const baseUrl = (): string => {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: the global setup did not run');
  return url;
};

export const DESKTOP = { width: 1366, height: 900 };
export const PHONE = { width: 375, height: 812 };

const ARTIFACTS = path.resolve(__dirname, '..', '..', '..', 'artifacts', 'e2e');

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

export async function openPage(
  browser: Browser,
  viewport = DESKTOP,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport,
    deviceScaleFactor: 1,
    isMobile: viewport.width < 500,
    hasTouch: viewport.width < 500,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

export async function screenshot(page: Page, name: string, fullPage = true): Promise<void> {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage });
}

/**
 * A toast or a dialog still fading in, or fading out as it closes by itself, is half transparent, so axe would
 * measure a contrast no one reads: let antd's motion finish first. rc-motion marks a moving element with
 * ant-<motion>-appear, -enter or -leave (zoom for a dialog, fade for its mask and toasts) from before its
 * animation starts until after it ends.
 */
const MOVING = /^ant-[a-z-]+-(appear|enter|leave)$/.source;

/** axe-core on the current page: the serious and critical violations, described with what axe measured. */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page
    .waitForFunction(
      (pattern) => {
        const moving = new RegExp(pattern);
        return ![...document.querySelectorAll('[class*="-appear"], [class*="-enter"], [class*="-leave"]')].some((element) =>
          [...element.classList].some((name) => moving.test(name)),
        );
      },
      MOVING,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.map((node) => `${node.target.join(' ')} [${node.any.map((check) => check.message).join('; ')}]`).join(', ')}`,
    );
}

let counter = 0;
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${Date.now()}-${counter}@example.com`;
}

export const PASSWORD = 'correct-horse-battery';

/** Signs up through the form and waits for onboarding. */
export async function signUpThroughForm(
  page: Page,
  name: string,
  email: string,
  plan?: 'free' | 'pro',
): Promise<void> {
  await page.goto(plan ? `/signup?plan=${plan}` : '/signup');
  await page.getByLabel('Full Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await page.waitForURL(/\/onboarding-name/);
}

/** Registers through the API (no session in the browser). */
export async function registerThroughApi(name: string, email: string): Promise<void> {
  const response = await fetch(`${baseUrl()}/api/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name, email, password: PASSWORD }),
  });
  if (response.status !== 201)
    throw new Error(`register answered ${response.status}: ${await response.text()}`);
}
