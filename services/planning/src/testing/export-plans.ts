/**
 * Three completed plans the export writers are proven on, one per kind of product: a shop (Segment's e-commerce
 * events, an array of products), a B2B SaaS app (sign-up with personal data, plan names as an enum) and a phone
 * app (lifecycle events, tabs as an enum, an event without properties); and the builders of the small plans a
 * spec writes for one case, with the input a writer is given.
 */
import type { Funnel, TrackingEvent, TrackingProperty } from '@tracklens/contracts';
import type { ExportablePlan, ExportInput } from '../exports/export-file';

const COMPLETED_AT = new Date('2026-03-04T10:00:00Z');
const EXPORTED_AT = new Date('2026-03-04T10:00:00Z');

/** What a writer is asked to export: `plan` under `vendor`, at a fixed time (no writer under test prints it). */
export function exportInput(plan: ExportablePlan, vendor = 'com.example'): ExportInput {
  return { plan, vendor, now: EXPORTED_AT };
}

/** A small plan for one case: `events`, no funnel unless given, not completed. */
export function planOf(
  events: TrackingEvent[],
  { title = 'Acme', funnels = [] }: { title?: string; funnels?: Funnel[] } = {},
): ExportablePlan {
  return { title, completedAt: null, content: { events, funnels } };
}

/** An event of a small plan: a user action without screenshot, its trigger 'User clicks', no description. */
export function anEvent(
  name: string,
  properties: TrackingProperty[] = [],
  overrides: Partial<TrackingEvent> = {},
): TrackingEvent {
  return {
    name,
    trigger: 'User clicks',
    description: '',
    category: 'user_action',
    screenshot_path: null,
    properties,
    ...overrides,
  };
}

/** A property of a small plan: an optional string described by its own name, without example. */
export function aProperty(name: string, overrides: Partial<TrackingProperty> = {}): TrackingProperty {
  return { name, type: 'string', description: name, example: '', required: false, ...overrides };
}

function prop(
  name: string,
  type: TrackingProperty['type'],
  description: string,
  example: string,
  required: boolean,
  extra: Partial<TrackingProperty> = {},
): TrackingProperty {
  return { name, type, description, example, required, ...extra };
}

function event(
  name: string,
  trigger: string,
  description: string,
  screen: string,
  properties: TrackingProperty[],
  category: TrackingEvent['category'] = 'user_action',
): TrackingEvent {
  return {
    name,
    trigger,
    description,
    category,
    screenshot_path: screen ? `/api/images/users/u1/products/p1/frames/${screen}.jpg` : null,
    properties,
  };
}

const screenName = (values: string[], example: string) =>
  prop('screen_name', 'enum', 'Screen the user was on', example, true, { values });

export const SHOP_PLAN: ExportablePlan = {
  title: 'Northwind Goods Tracking Plan',
  completedAt: COMPLETED_AT,
  content: {
    events: [
      event('Page Viewed', 'User opens any page', 'A page of the storefront is shown.', 'home', [
        screenName(['Home', 'Product List', 'Product Detail', 'Cart', 'Checkout'], 'Home'),
        prop('referrer_screen', 'string', 'Screen the user came from; empty on entry', '', false),
      ], 'page_view'),
      event('Products Searched', "User submits the search box in the header", 'The user searched the catalogue.', 'search', [
        prop('query', 'string', 'What the user typed in the search box', 'linen shirt', true, { pii: true }),
        prop('results_count', 'number', 'Number of products the search returned', '12', false),
      ]),
      event('Product List Filtered', "User picks a filter on the product list ('Size', 'Colour')", 'A filter narrowed the list.', 'product-list', [
        prop('list_id', 'string', 'Which list was filtered', 'mens-shirts', true),
        prop('filter_type', 'enum', 'Which filter was changed', 'Size', true, { values: ['Size', 'Colour', 'Price'] }),
        prop('filter_value', 'string', 'The value picked', 'M', true),
      ]),
      event('Product Viewed', 'User opens a product page', "A product's details are shown.", 'product', [
        prop('product_id', 'string', 'Catalogue id of the product', 'sku_1042', true),
        prop('name', 'string', 'Name of the product', 'Linen Overshirt', true),
        prop('price', 'number', 'Unit price shown', '68.00', true),
        prop('currency', 'enum', 'Currency of the price', 'USD', true, { values: ['USD', 'EUR', 'GBP'] }),
      ]),
      event('Product Added', "User clicks 'Add to bag' on a product page", 'A product went into the cart.', 'product', [
        prop('product_id', 'string', 'Catalogue id of the product', 'sku_1042', true),
        prop('size', 'enum', 'Size chosen', 'M', false, { values: ['S', 'M', 'L', 'XL'] }),
        prop('quantity', 'number', 'How many were added', '1', true),
        prop('price', 'number', 'Unit price', '68.00', true),
      ]),
      event('Checkout Started', "User clicks 'Checkout' in the cart", 'The cart is turned into an order.', 'cart', [
        prop('order_id', 'string', 'Id of the order being placed', 'NW-48213', true),
        prop('value', 'number', 'Total of the cart', '136.00', true),
        prop('products', 'array', 'Ids of the products in the cart', 'sku_1042, sku_2210', true, { items: 'string' }),
      ]),
      event('Order Completed', "User clicks 'Place order' and sees the confirmation", 'The order was paid for.', 'confirmation', [
        prop('order_id', 'string', 'Id of the order', 'NW-48213', true),
        prop('total', 'number', 'Amount charged, taxes and shipping included', '143.50', true),
        prop('coupon', 'string', 'Coupon code applied, if any', 'SPRING10', false),
        prop('shipping_address', 'string', 'Address the order ships to', '', false, { pii: true }),
        prop('completed_at', 'string', 'When the order was placed', '2026-03-04T10:12:00Z', true),
      ]),
    ],
    funnels: [
      {
        name: 'Purchase',
        description: 'From a product page to a paid order.',
        steps: ['Product Viewed', 'Product Added', 'Checkout Started', 'Order Completed'],
      },
    ],
  },
};

export const SAAS_PLAN: ExportablePlan = {
  title: 'Ledgerly',
  completedAt: COMPLETED_AT,
  content: {
    events: [
      event('Signed Up', "User submits the 'Create account' form", 'A new account was created.', 'sign-up', [
        prop('email', 'string', 'E-mail the account was created with', 'user@example.com', true, { pii: true }),
        prop('full_name', 'string', 'Name given on the form', '', false, { pii: true }),
        prop('plan_name', 'enum', 'Plan picked on the pricing step', 'Starter', true, { values: ['Starter', 'Team', 'Enterprise'] }),
        prop('billing_cycle', 'enum', 'Monthly or annual billing', 'Annual', true, { values: ['Monthly', 'Annual'] }),
        prop('seats', 'number', 'Seats requested', '5', false),
      ]),
      event('Signed In', "User clicks 'Log in'", 'A returning user signed in.', 'login', [
        prop('method', 'enum', 'How the user signed in', 'Password', true, { values: ['Password', 'Google', 'SSO'] }),
      ]),
      event('Report Exported', "User clicks 'Export' on a report", 'A report was downloaded.', 'reports', [
        prop('report_type', 'enum', 'Which report', 'Profit and loss', true, { values: ['Profit and loss', 'Balance sheet', 'Cash flow'] }),
        prop('file_format', 'enum', 'File format chosen', 'CSV', true, { values: ['CSV', 'PDF', 'XLSX'] }),
        prop('includes_drafts', 'boolean', 'Whether draft entries were included', 'false', false),
      ]),
      event('Invite Sent', "User clicks 'Send invite' on the team page", 'A teammate was invited.', 'team', [
        prop('invitee_role', 'enum', 'Role given to the invitee', 'Member', true, { values: ['Admin', 'Member', 'Viewer'] }),
        prop('invitee_email', 'string', 'Address the invite went to', '', true, { pii: true }),
      ]),
      event('Dashboard Viewed', 'User opens the dashboard', 'The home dashboard is shown.', '', [], 'page_view'),
    ],
    funnels: [
      { name: 'Activation', description: 'A new account exports its first report.', steps: ['Signed Up', 'Dashboard Viewed', 'Report Exported'] },
    ],
  },
};

export const APP_PLAN: ExportablePlan = {
  title: 'Brewly App Tracking Plan',
  completedAt: null,
  content: {
    events: [
      event('Application Opened', 'User opens the app', 'The app came to the foreground.', 'splash', [
        prop('from_background', 'boolean', 'Whether the app was in the background', 'false', true),
        prop('version', 'string', 'App version', '3.2.0', true),
      ]),
      event('Screen Viewed', 'User opens a screen', 'A screen of the app is shown.', 'home', [
        screenName(['Home', 'Menu', 'Order', 'Rewards', 'Profile'], 'Menu'),
      ], 'page_view'),
      event('Tab Selected', 'User taps a tab in the bottom bar', 'The bottom tab bar changed screen.', 'home', [
        prop('tab_name', 'enum', 'Tab tapped', 'Rewards', true, { values: ['Home', 'Menu', 'Order', 'Rewards', 'Profile'] }),
      ]),
      event('Drink Customized', 'User changes options in the drink bottom sheet', 'Options of a drink were changed.', 'drink-sheet', [
        prop('drink_id', 'string', 'Id of the drink', 'flat-white', true),
        prop('milk', 'enum', 'Milk chosen', 'Oat', false, { values: ['Whole', 'Skim', 'Oat', 'Almond'] }),
        prop('extra_shots', 'number', 'Extra espresso shots', '1', false),
        prop('add_ons', 'array', 'Add-ons picked', 'vanilla, cinnamon', false, { items: 'string' }),
      ]),
      event('Order Placed', "User taps 'Place order'", 'An order was sent to the store.', 'order', [
        prop('order_id', 'string', 'Id of the order', 'BR-20931', true),
        prop('total', 'number', 'Amount charged', '7.40', true),
        prop('pickup_store', 'string', 'Store the order is picked up from', 'Market Street', true),
        prop('phone_number', 'string', 'Phone number for pickup updates', '', false, { pii: true }),
      ]),
      event('Application Backgrounded', 'User leaves the app', 'The app went to the background.', '', []),
    ],
    funnels: [
      { name: 'Order', description: 'From opening the app to an order.', steps: ['Application Opened', 'Drink Customized', 'Order Placed'] },
    ],
  },
};

export const EXPORT_PLANS = { shop: SHOP_PLAN, saas: SAAS_PLAN, app: APP_PLAN } as const;
export type ExportPlanName = keyof typeof EXPORT_PLANS;

/** The examples a plan gives of personal data: what no export may write. */
export function personalExamples(plan: ExportablePlan): string[] {
  return plan.content.events
    .flatMap((event) => event.properties)
    .filter((property) => property.pii && property.example)
    .map((property) => property.example);
}
