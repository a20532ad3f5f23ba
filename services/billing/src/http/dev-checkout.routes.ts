/**
 * The built-in development checkout (no STRIPE_SECRET_KEY): a small page with 'Pay $59' and 'Cancel' that
 * completes the same flow as Stripe Checkout. Public at the gateway, so the unguessable session id in the
 * path is the only thing it trusts; each session can be paid or canceled once.
 */
import type { Express, Request, Response } from 'express';
import { toAppError, type AppError } from '@tracklens/kit';
import { PRO_PRICE_USD } from '@tracklens/contracts';
import type { Billing, PaymentSessionRecord } from '../domain/billing';

export const DEV_CHECKOUT_PREFIX = '/api/billing/checkout';

/** Where the browser opens a development checkout session (same origin as the app, through the gateway). */
export function devCheckoutUrl(sessionId: string): string {
  return `${DEV_CHECKOUT_PREFIX}/${encodeURIComponent(sessionId)}`;
}

const SESSION_ID = /^cs_test_dev_[0-9a-f]{48}$/;

// Plain forms and one stylesheet: nothing on this page runs script.
const SECURITY_HEADERS = {
  'Content-Security-Policy':
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
};

export function registerDevCheckoutRoutes(app: Express, options: { billing: Billing }): void {
  const { billing } = options;

  app.get(`${DEV_CHECKOUT_PREFIX}/:sessionId`, async (req: Request, res: Response) => {
    const sessionId = sessionIdOf(req);
    try {
      sendPage(res, 200, checkoutPage(await billing.devCheckout(sessionId)));
    } catch (error) {
      sendError(res, error);
    }
  });

  app.post(`${DEV_CHECKOUT_PREFIX}/:sessionId/pay`, async (req: Request, res: Response) => {
    const sessionId = sessionIdOf(req);
    try {
      await billing.payDevCheckout(sessionId);
      res.redirect(303, `/payment-processing?session_id=${encodeURIComponent(sessionId)}`);
    } catch (error) {
      sendError(res, error);
    }
  });

  app.post(`${DEV_CHECKOUT_PREFIX}/:sessionId/cancel`, async (req: Request, res: Response) => {
    const sessionId = sessionIdOf(req);
    try {
      await billing.cancelDevCheckout(sessionId);
      res.redirect(303, '/payment-processing?upgrade=canceled');
    } catch (error) {
      sendError(res, error);
    }
  });
}

/** Anything that is not a development session id cannot name one: it is simply not found. */
function sessionIdOf(req: Request): string {
  const value = req.params.sessionId;
  return typeof value === 'string' && SESSION_ID.test(value) ? value : 'cs_test_dev_unknown';
}

function sendPage(res: Response, status: number, html: string): void {
  res.status(status).set(SECURITY_HEADERS).type('html').send(html);
}

function sendError(res: Response, error: unknown): void {
  const appError: AppError = toAppError(error);
  const title =
    appError.status === 404
      ? 'Checkout not found'
      : appError.status === 409
        ? 'Checkout closed'
        : 'Something went wrong';
  const text = appError.status >= 500 ? 'An unexpected error occurred. Please try again.' : appError.message;
  sendPage(
    res,
    appError.status,
    layout(
      title,
      `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p><p><a href="/pricing">Back to pricing</a></p>`,
    ),
  );
}

function checkoutPage(session: PaymentSessionRecord): string {
  const base = devCheckoutUrl(session.id);
  if (session.status === 'paid') {
    const next = `/payment-processing?session_id=${encodeURIComponent(session.id)}`;
    return layout(
      'Payment complete',
      `<h1>Payment complete</h1><p>This checkout has been paid.</p><p><a href="${escapeHtml(next)}">Continue</a></p>`,
    );
  }
  if (session.status === 'canceled') {
    return layout(
      'Checkout canceled',
      '<h1>Checkout canceled</h1><p>This checkout was canceled.</p><p><a href="/pricing">Back to pricing</a></p>',
    );
  }
  return layout(
    'Tracklens Pro checkout',
    `<h1>Tracklens Pro</h1>
    <p class="price">$${PRO_PRICE_USD}/month</p>
    <ul>
      <li>Unlimited tracking plans, strategies and video length</li>
      <li>Advanced AI video analysis</li>
      <li>Priority email and chat support</li>
    </ul>
    <p class="note">Development checkout: no card is charged and no payment provider is involved.</p>
    <form method="post" action="${escapeHtml(`${base}/pay`)}"><button type="submit" class="pay">Pay $${PRO_PRICE_USD}</button></form>
    <form method="post" action="${escapeHtml(`${base}/cancel`)}"><button type="submit" class="cancel">Cancel</button></form>`,
  );
}

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${escapeHtml(title)}</title>
    <style>
      body { font-family: system-ui, sans-serif; margin: 10vh auto; max-width: 28rem; padding: 0 1rem; color: #1f2328; }
      .price { font-size: 1.5rem; font-weight: 600; }
      .note { color: #57606a; font-size: 0.9rem; }
      form { display: inline-block; margin: 1rem 0.5rem 0 0; }
      button { font-size: 1rem; padding: 0.6rem 1.4rem; border-radius: 6px; border: 1px solid #d0d7de; cursor: pointer; }
      .pay { background: #1677ff; border-color: #1677ff; color: #fff; }
      .cancel { background: #fff; }
    </style>
  </head>
  <body>
    <main>
      ${body}
    </main>
  </body>
</html>`;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
