/**
 * Tracking plans from an OpenAI-compatible model through kit's structured model call (strict JSON schema,
 * retries, usage logged), the answer normalised like the offline plan.
 */
import type { ModelClient, ModelTask } from '@tracklens/kit';
import type { ProductAnalysis } from '@tracklens/contracts';
import { modelAnswerSchema, planFromModelAnswer, type ModelAnswer } from '../domain/model-answer';
import type { PlanGenerator } from '../domain/ports';

const propertySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'type', 'description', 'example', 'required'],
  properties: {
    name: { type: 'string', description: 'snake_case property name' },
    type: { type: 'string', enum: ['string', 'number', 'boolean'] },
    description: { type: 'string' },
    example: { type: 'string', description: 'An illustrative value; never personal data such as a full e-mail address' },
    required: { type: 'boolean' },
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
          name: { type: 'string', description: "Object Action in Title Case, e.g. 'Sign Up Submitted'" },
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
          description: { type: 'string' },
          steps: { type: 'array', items: { type: 'string' }, description: 'Event names of this plan, in order' },
        },
      },
    },
  },
} as const;

const INSTRUCTIONS = [
  'You are an analytics engineer writing an event tracking plan for a digital product from its analysed demo video.',
  'Follow the Segment/Amplitude object-action convention: Title Case names of at most five words, every name unique.',
  'Write one page_view event per kind of screen, named after a short screen name ("Product List Viewed", "Cart Viewed", "Settings Viewed"), never after a marketing headline.',
  'Use the standard spec names when they apply: Products Searched (query), Product List Sorted (sort_by), Product List Filtered, Product Viewed, Product Added (product_id, product_name, price, currency, quantity), Product Added To Wishlist, Checkout Started, Order Completed (order_id, total, currency), Account Created (method), Signed In (method), Signed Out, Teammate Invited (role), Settings Saved.',
  'Track all navigation links and menu items with ONE "Navigation Clicked" event (link_text, destination_screen, screen_name), never one event per link; tabs with one "Tab Selected" event (tab_name).',
  'Add "<Label> Clicked" only for other primary buttons (a verb, at most four words); never for headings, field labels, prices, counts or garbled text.',
  'The same action on several screens is one event with a screen_name property. Name properties in snake_case.',
  'Give every event at least one property with a type (string, number or boolean), a description, a realistic example (ids like ord_48213, prices like 49.00, currencies like USD) and whether it is required.',
  'Form fields become properties of the form submit event. Never track passwords or payment card data, and never use personal data as an example: an e-mail becomes email_domain with example.com, a name or an address becomes a *_provided boolean.',
  'Write one funnel per user journey; its steps are event names of this plan in journey order, each at most once.',
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
    async generate(analysis, { signal }) {
      const answer = await client.structured(TRACKING_PLAN_TASK, JSON.stringify(promptInput(analysis)), { signal });
      return planFromModelAnswer(answer, analysis);
    },
  };
}

/** What the model reads: the product knowledge and its screens, without ids or storage keys. */
function promptInput(analysis: ProductAnalysis) {
  return {
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
