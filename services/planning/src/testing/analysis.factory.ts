/** Small factories of product analyses for specs, integration tests and the bench (no test framework imports). */
import type { AnalysedPageSpec, ProductAnalysis } from '@tracklens/contracts';

/** A page spec as GetProductAnalysis answers it: the kind the analysis recognised, labels already clean. */
export function pageSpec(overrides: Partial<AnalysedPageSpec> & Pick<AnalysedPageSpec, 'screenName' | 'screenKind'>): AnalysedPageSpec {
  return {
    id: `spec-${overrides.screenName.toLowerCase().replace(/\W+/g, '-')}`,
    videoId: 'video-1',
    productId: 'product-1',
    description: `The ${overrides.screenName} screen.`,
    screenshotKey: null,
    elements: [],
    actions: [],
    firstSeenSec: 0,
    lastSeenSec: 1,
    order: 0,
    ...overrides,
  };
}

/** A sign-up flow into a shop: home, sign up (a form), dashboard, product page with a cart, checkout. */
export function shopAnalysis(overrides: Partial<ProductAnalysis> = {}): ProductAnalysis {
  return {
    productId: 'product-1',
    finalized: true,
    status: 'completed',
    summary: 'An online shop where teams buy office supplies.',
    pageSpecs: [
      pageSpec({
        screenName: 'Home', screenKind: 'content',
        order: 0,
        screenshotKey: 'users/u1/products/p1/frames/home.jpg',
        elements: [
          { kind: 'heading', label: 'Office supplies, delivered' },
          { kind: 'button', label: 'Sign Up' },
          { kind: 'link', label: 'Pricing' },
          { kind: 'text', label: '4.9' },
          { kind: 'button', label: 'X' },
        ],
        actions: [{ kind: 'click', target: 'Sign Up', toScreen: 'Sign Up', atSec: 3 }],
      }),
      pageSpec({
        screenName: 'Sign Up', screenKind: 'signup',
        order: 1,
        screenshotKey: 'users/u1/products/p1/frames/sign-up.jpg',
        elements: [
          { kind: 'input', label: 'Full Name' },
          { kind: 'input', label: 'Email' },
          { kind: 'input', label: 'Password' },
          { kind: 'select', label: 'Company size' },
          { kind: 'button', label: 'Sign Up' },
        ],
        actions: [
          { kind: 'type', target: 'Email', atSec: 5 },
          { kind: 'type', target: 'Password', atSec: 7 },
          { kind: 'submit', target: 'Sign Up', toScreen: 'Dashboard', atSec: 9 },
        ],
      }),
      pageSpec({
        screenName: 'Dashboard', screenKind: 'dashboard',
        order: 2,
        screenshotKey: 'users/u1/products/p1/frames/dashboard.jpg',
        elements: [
          { kind: 'button', label: 'Add Product' },
          { kind: 'button', label: 'Invite teammate' },
          { kind: 'tab', label: 'Reports' },
          { kind: 'checkbox', label: 'Email notifications' },
          { kind: 'button', label: '12' },
          { kind: 'button', label: 'OK' },
        ],
        actions: [{ kind: 'navigate', target: 'Shop', toScreen: 'Product Details', atSec: 14 }],
      }),
      pageSpec({
        screenName: 'Product Details', screenKind: 'product',
        order: 3,
        screenshotKey: 'users/u1/products/p1/frames/product.jpg',
        elements: [
          { kind: 'button', label: 'Add to Cart' },
          { kind: 'input', label: 'Quantity' },
          { kind: 'button', label: 'Sign Up' },
        ],
        actions: [{ kind: 'click', target: 'Add to Cart', toScreen: 'Checkout', atSec: 20 }],
      }),
      pageSpec({
        screenName: 'Checkout', screenKind: 'checkout',
        order: 4,
        screenshotKey: null,
        elements: [
          { kind: 'input', label: 'Card number' },
          { kind: 'input', label: 'Shipping address' },
          { kind: 'button', label: 'Place Order' },
        ],
        actions: [{ kind: 'open_modal', target: 'Promo code dialog', atSec: 25 }],
      }),
    ],
    journeys: [
      { name: 'Onboarding', description: 'A visitor signs up.', steps: ['Home', 'Sign Up', 'Dashboard'] },
      { name: 'Purchase', description: 'A member buys something.', steps: ['Dashboard', 'Product Details', 'Checkout'] },
    ],
    keyActions: [{ screenName: 'Dashboard', keyActions: ['Add Product'] }],
    ...overrides,
  };
}

/** A product of these screens alone: the shop's summary, no journeys and no key actions unless given. */
export function analysisOf(pageSpecs: AnalysedPageSpec[], overrides: Partial<ProductAnalysis> = {}): ProductAnalysis {
  return shopAnalysis({ pageSpecs, journeys: [], keyActions: [], ...overrides });
}

/** A product of `count` screens, each with a form, a few buttons and links: the bench's input. */
export function largeAnalysis(count: number): ProductAnalysis {
  const names = Array.from({ length: count }, (_, i) => `Screen ${String.fromCharCode(65 + (i % 26))}${Math.floor(i / 26) || ''} Settings`);
  return {
    productId: 'product-large',
    finalized: true,
    status: 'completed',
    summary: `A product of ${count} screens.`,
    pageSpecs: names.map((screenName, i) =>
      pageSpec({
        screenName,
        screenKind: 'settings',
        order: i,
        firstSeenSec: i * 10,
        lastSeenSec: i * 10 + 9,
        screenshotKey: `users/u/products/p/frames/${i}.jpg`,
        elements: [
          { kind: 'heading', label: screenName },
          { kind: 'input', label: 'Email address' },
          { kind: 'input', label: 'Display name' },
          { kind: 'input', label: 'Password' },
          { kind: 'select', label: 'Plan type' },
          { kind: 'button', label: 'Save changes' },
          { kind: 'button', label: 'Invite member' },
          { kind: 'button', label: 'Export CSV' },
          { kind: 'link', label: 'Help center' },
          { kind: 'tab', label: 'Billing' },
          { kind: 'checkbox', label: 'Weekly digest' },
        ],
        actions: [
          { kind: 'type', target: 'Email address', atSec: i * 10 + 1 },
          { kind: 'submit', target: 'Save changes', atSec: i * 10 + 3 },
          { kind: 'navigate', target: 'Next', toScreen: names[i + 1] ?? names[0], atSec: i * 10 + 8 },
        ],
      }),
    ),
    journeys: [
      { name: 'Setup', description: 'Every screen in order.', steps: names },
      { name: 'Short path', description: 'The first three screens.', steps: names.slice(0, 3) },
    ],
    keyActions: [],
  };
}
