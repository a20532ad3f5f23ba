/**
 * Upgrading through the built-in development checkout, and the payment-failed dialog after a signed
 * invoice.payment_failed webhook, on a desktop and a 375 px phone.
 */
import Stripe from 'stripe';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  DESKTOP,
  PHONE,
  baseUrl,
  launchBrowser,
  openPage,
  screenshot,
  seriousViolations,
  signUpThroughForm,
  uniqueEmail,
} from './support/browser';

interface SubscriptionInfo {
  subscriptionStatus: string;
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
}

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

async function withPage(
  viewport: typeof DESKTOP,
  run: (context: BrowserContext, page: Page) => Promise<void>,
): Promise<void> {
  const { context, page } = await openPage(browser, viewport);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  try {
    await run(context, page);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}

async function subscriptionOf(page: Page): Promise<SubscriptionInfo> {
  return page.evaluate(async () => {
    const response = await fetch('/api/user/subscription', { credentials: 'include' });
    return (await response.json()) as SubscriptionInfo;
  });
}

/** Clicks the button that opens the checkout tab, pays there, and returns once both tabs show success. */
async function payInDevelopmentCheckout(
  context: BrowserContext,
  page: Page,
  openCheckout: () => Promise<void>,
  label: string,
): Promise<void> {
  const popupOpened = context.waitForEvent('page');
  await openCheckout();
  const checkout = await popupOpened;
  await checkout.waitForLoadState();
  expect(new URL(checkout.url()).pathname).toMatch(/^\/api\/billing\/checkout\/cs_test_dev_/);
  await checkout.getByRole('button', { name: 'Pay $59' }).waitFor();
  await screenshot(checkout, `billing-dev-checkout-${label}`);

  await page.waitForURL(/\/payment-processing$/);
  await expect(page.evaluate(() => localStorage.getItem('payment_session_id'))).resolves.toMatch(
    /^cs_test_dev_/,
  );
  await page.getByRole('heading', { level: 1, name: 'Processing Your Payment' }).waitFor();
  await screenshot(page, `billing-payment-processing-${label}`);

  await checkout.getByRole('button', { name: 'Pay $59' }).click();
  await checkout.waitForURL(/\/payment-processing\?session_id=cs_test_dev_/);
  await checkout.getByRole('heading', { level: 1, name: 'Payment Successful!' }).waitFor();
  await checkout.close();

  // The first tab sees it from its own subscription poll (every 3 s) or the other tab's signal.
  await page.getByRole('heading', { level: 1, name: 'Payment Successful!' }).waitFor();
  await page.getByRole('heading', { name: 'Pro plan' }).waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, `billing-payment-success-${label}`);
}

async function expectNoDialogAfterSettling(page: Page): Promise<void> {
  // The dialog would open right after the subscription answers; give it that moment.
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  expect(await page.getByRole('dialog').count()).toBe(0);
}

describe('Upgrade to Pro', () => {
  it('should take a free user from the upgrade dialog through the checkout to Pro, after which the dialog stays away', async () => {
    await withPage(DESKTOP, async (context, page) => {
      await signUpThroughForm(page, 'Pat Payer', uniqueEmail('upgrade'), 'pro');
      const dialog = page.getByRole('dialog', { name: 'Upgrade to Pro' });
      await dialog.waitFor();
      await dialog.getByText('Unlock unlimited features with Pro plan.').waitFor();
      await dialog.getByText('Recommended').waitFor();
      await dialog.getByText('1 video per month of up to 5 minutes').waitFor();
      await dialog.getByText('Priority email and chat support').waitFor();
      await page.waitForTimeout(300); // the dialog's opening animation, for the screenshot
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'billing-upgrade-dialog-desktop', false);

      await payInDevelopmentCheckout(
        context,
        page,
        () => dialog.getByRole('button', { name: 'Upgrade to Pro' }).click(),
        'desktop',
      );
      expect((await subscriptionOf(page)).subscriptionStatus).toBe('active');

      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL(/\/onboarding-name$/);
      await page.goto('/onboarding-name?showUpgrade=true');
      await page.getByRole('heading', { name: 'Tell us about your product' }).waitFor();
      await expectNoDialogAfterSettling(page);
    });
  });
});

describe('Payment failed', () => {
  it('should show the payment-failed dialog once the provider reports a failed invoice (375 px)', async () => {
    await withPage(PHONE, async (context, page) => {
      await signUpThroughForm(page, 'Pia Pastdue', uniqueEmail('past-due'));
      await page.goto('/pricing');
      const upgrade = page.getByTestId('plan-pro').getByRole('button', { name: 'Upgrade to Pro' });
      await payInDevelopmentCheckout(context, page, () => upgrade.click(), 'phone');

      const { stripeSubscriptionId, stripeCustomerId } = await subscriptionOf(page);
      expect(stripeSubscriptionId).toMatch(/^sub_dev_/);
      const secret = process.env.E2E_STRIPE_WEBHOOK_SECRET;
      if (!secret) throw new Error('E2E_STRIPE_WEBHOOK_SECRET is not set: the global setup did not run');
      const payload = JSON.stringify({
        id: `evt_e2e_${Date.now()}`,
        object: 'event',
        type: 'invoice.payment_failed',
        created: Math.floor(Date.now() / 1000),
        data: {
          object: {
            id: `in_e2e_${Date.now()}`,
            object: 'invoice',
            subscription: stripeSubscriptionId,
            customer: stripeCustomerId,
          },
        },
      });
      const signature = new Stripe('sk_test_e2e').webhooks.generateTestHeaderString({ payload, secret });
      const response = await fetch(`${baseUrl()}/api/stripe/webhook`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
        body: payload,
      });
      expect(response.status).toBe(200);
      expect((await subscriptionOf(page)).subscriptionStatus).toBe('past_due');

      await page.goto('/dashboard');
      const dialog = page.getByRole('dialog', { name: 'Payment Failed' });
      await dialog.waitFor();
      await dialog
        .getByText(
          'Your monthly payment is overdue. Please update your payment method to continue using Pro features.',
        )
        .waitFor();
      await dialog.getByRole('link', { name: 'support@tracklens.app' }).waitFor();
      await dialog.getByRole('button', { name: 'Retry Payment' }).waitFor();
      await dialog.getByRole('button', { name: 'Update Payment Method' }).waitFor();
      await page.waitForTimeout(300);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'billing-payment-failed-dialog-phone', false);

      // Closable, and only once per session.
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.reload();
      await expectNoDialogAfterSettling(page);
    });
  });

  it('should show the upgrade dialog on a 375 px phone without sideways scrolling', async () => {
    await withPage(PHONE, async (_context, page) => {
      await signUpThroughForm(page, 'Phil Phone', uniqueEmail('upgrade-phone'), 'pro');
      const dialog = page.getByRole('dialog', { name: 'Upgrade to Pro' });
      await dialog.waitFor();
      await page.waitForTimeout(300);
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
      }));
      expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
      await screenshot(page, 'billing-upgrade-dialog-phone');
      await dialog.getByRole('button', { name: 'Continue with Free Plan' }).click();
      await dialog.waitFor({ state: 'hidden' });
    });
  });
});
