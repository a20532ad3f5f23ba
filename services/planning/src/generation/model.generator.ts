/**
 * Tracking plans from an OpenAI-compatible model through kit's structured model call (strict JSON schema,
 * retries, usage logged), the answer normalised like the offline plan.
 */
import type { ModelClient, ModelTask } from '@tracklens/kit';
import type { ProductAnalysis, ProductType } from '@tracklens/contracts';
import { modelAnswerSchema, planFromModelAnswer, type ModelAnswer } from '../domain/model-answer';
import { productTypeOf, screensOf } from '../domain/plan-screens';
import type { PlanGenerator } from '../domain/ports';

const propertySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'type', 'description', 'example', 'required', 'values', 'items', 'pii'],
  properties: {
    name: { type: 'string', description: 'snake_case property name, the spec\'s own where it has one (product_id, order_id, page_name)' },
    type: { type: 'string', enum: ['string', 'number', 'boolean', 'enum', 'array', 'object'] },
    description: { type: 'string' },
    example: { type: 'string', description: 'An illustrative value as text; empty for personal data' },
    required: { type: 'boolean' },
    values: {
      type: 'array',
      items: { type: 'string' },
      description: 'For type enum: the allowed values as the screen shows them side by side; empty otherwise',
    },
    items: {
      type: ['string', 'null'],
      enum: ['string', 'number', 'boolean', 'object', null],
      description: 'For type array: what each item is (products: object); null otherwise',
    },
    pii: { type: 'boolean', description: 'Personal data: an e-mail, a name, a phone number, an address, free text the user types' },
  },
} as const;

/** The JSON schema the model must answer with (strict: every field required, nothing else allowed). */
export const TRACKING_PLAN_JSON_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['events', 'funnels'],
  properties: {
    events: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'trigger', 'description', 'category', 'screen_name', 'properties'],
        properties: {
          name: { type: 'string', description: "Object Action in Title Case, Segment's spec name where it has one, e.g. 'Product Added'" },
          trigger: { type: 'string', description: 'What the user does that sends the event' },
          description: { type: 'string' },
          category: { type: 'string', enum: ['page_view', 'user_action'] },
          screen_name: { type: 'string', description: 'The screen (page spec) the event happens on, as named in the input' },
          properties: { type: 'array', items: propertySchema },
        },
      },
    },
    funnels: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'description', 'steps'],
        properties: {
          name: { type: 'string' },
          description: { type: 'string', description: 'What the funnel measures; names the screen a Page Viewed or Screen Viewed step is' },
          steps: { type: 'array', items: { type: 'string' }, description: 'Event names of this plan, in order' },
        },
      },
    },
  },
} as const;

const INSTRUCTIONS = [
  'You are an analytics engineer writing an event tracking plan for a digital product from its analysed demo video, in Segment\'s spec.',
  'Names are Object Action in Title Case of at most five words, every name unique; use the spec\'s exact event and property names where it has them.',
  'Screen views follow Segment\'s page()/screen() model: ONE page_view event for all screens, "Page Viewed" with page_name when product_type is website, "Screen Viewed" with screen_name when it is mobile_app, the screens\' names as examples. Never write one "<Screen> Viewed" event per screen.',
  'Screens of these kinds also get the spec\'s view event (category page_view): a product list "Product List Viewed" (list_id, category, products), a product page "Product Viewed" (product_id, sku, category, name, brand, variant, price, currency), the cart "Cart Viewed" (cart_id, products), the checkout "Checkout Started" (order_id, value, revenue, currency, products) and each later checkout step "Checkout Step Viewed" (checkout_id, step, shipping_method, payment_method), search results "Products Searched" (query).',
  'E-commerce actions: Product Clicked, Product Added and Product Removed (the product properties, quantity, cart_id), Product List Filtered (list_id, category, filters, sorts), Product Added To Wishlist, Product Shared, Product Reviewed, Checkout Step Completed, Payment Info Entered (checkout_id, order_id, payment_method), Order Completed (order_id, total, revenue, shipping, tax, discount, coupon, currency, products), Coupon Entered, Coupon Applied and Coupon Denied (order_id, cart_id, coupon_id), Promotion Viewed and Promotion Clicked (promotion_id, creative, name, position).',
  'B2B SaaS: Signed Up (type, first_name, last_name, email, username, title, phone), Signed In (username), Signed Out (username), Invite Sent (invitee_email, invitee_first_name, invitee_last_name, invitee_role), Account Created and Account Deleted (account_name), Trial Started and Trial Ended (trial_start_date, trial_end_date, trial_plan_name).',
  'For a mobile_app, add the lifecycle events the SDK sends: Application Installed (version, build), Application Opened (from_background, referring_application, url, version, build), Application Backgrounded, Application Updated (previous_version, previous_build, version, build). Push Notification Received or Tapped and Video Playback Started only when the screens show a push notification or a video.',
  'Track all navigation links and menu items with ONE "Navigation Clicked" event (link_text, destination_screen, screen_name), never one event per link; tabs with one "Tab Selected" event (tab_name).',
  'Add "<Label> Clicked" only for other primary buttons (a verb, at most four words); never for headings, field labels, prices, counts or garbled text.',
  'The same action on several screens is one event with a screen_name property. Name properties in snake_case.',
  'Give every property a type: string, number, boolean, enum (values: the allowed values when the screen shows all of them side by side, e.g. tabs, payment options, roles; otherwise use string), array (items: string, number, boolean or object; products is an array of objects) or object; values is empty and items null when they do not apply. Give a realistic example (ids like ord_48213, prices like 49.00, currencies like USD) and whether it is required.',
  'Personal data (an e-mail, a name, a phone number, an address, free text the user types) is tracked only where the spec names it (Signed Up: email, first_name, last_name, username, phone; Signed In and Signed Out: username; Invite Sent: invitee_email, invitee_first_name, invitee_last_name; Product Shared: recipient) and as typed text (query, review_body, share_message): set pii true and leave the example empty. Elsewhere a form field about a person becomes a safe property of the submit event: an e-mail email_domain, a name or an address a *_provided boolean. Never track passwords or payment card data.',
  'Write one funnel per user journey; its steps are event names of this plan in journey order, each at most once. Use the spec view events as steps; where a step is Page Viewed or Screen Viewed, say in the funnel description which screen it is.',
  'Set screen_name to the name of the screen the event belongs to, exactly as given.',
].join('\n');

/** The validator trims and bounds texts, so the schema the model reads is written out; a whole plan is a long answer. */
const TRACKING_PLAN_TASK: ModelTask<ModelAnswer> = {
  name: 'tracking_plan',
  instructions: INSTRUCTIONS,
  schema: modelAnswerSchema,
  jsonSchema: TRACKING_PLAN_JSON_SCHEMA,
  temperature: 0.2,
  timeoutMs: 5 * 60_000,
};

export function modelGenerator(client: ModelClient): PlanGenerator {
  return {
    kind: 'model',
    async generate(analysis, { signal, productType = productTypeOf(screensOf(analysis)) }) {
      const answer = await client.structured(TRACKING_PLAN_TASK, JSON.stringify(promptInput(analysis, productType)), { signal });
      return { content: planFromModelAnswer(answer, analysis, productType) };
    },
  };
}

/** What the model reads: the product knowledge and its screens, without ids or storage keys. */
function promptInput(analysis: ProductAnalysis, productType: ProductType) {
  return {
    product_type: productType,
    summary: analysis.summary,
    screens: [...analysis.pageSpecs]
      .sort((a, b) => a.order - b.order)
      .map((spec) => ({
        screen_name: spec.screenName,
        description: spec.description,
        elements: spec.elements,
        actions_seen: spec.actions.map((action) => ({ kind: action.kind, target: action.target, to_screen: action.toScreen })),
      })),
    journeys: analysis.journeys,
    key_actions: analysis.keyActions,
  };
}
