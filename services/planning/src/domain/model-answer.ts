/**
 * A model's tracking plan made to follow the same rules as the offline one: the naming convention (Title Case,
 * at most five words), one event per name (a repeated name merges into the first), one page or screen view
 * whatever per-screen views the model wrote, at least one property per event, personal data only where a spec
 * names it (flagged pii, without example) or as safe derivatives, never as an example or in a text, no secrets,
 * enums with their values, screenshots taken from the analysis (a model never invents a path), funnel steps that
 * name events of the plan once each.
 */
import { z } from 'zod';
import type { Funnel, ProductAnalysis, ProductType, TrackingEvent, TrackingPlanContent, TrackingProperty } from '@tracklens/contracts';
import { eventName, keyOf, snakeCase, wordsOf } from './naming';
import { TYPED_TEXT_PROPERTIES } from './plan-enums';
import { productTypeOf, screensOf } from './plan-screens';
import { pageViewOf, type PageView } from './plan-vocabulary';
import { isEmailAddress, looksPersonal, personalDataOf, withoutPersonalData } from './privacy';
import { screenshotPathOf } from '@tracklens/contracts';

const MAX_EVENTS = 300;
const MAX_PROPERTIES = 30;
const MAX_FUNNELS = 30;
const MAX_TEXT = 500;
const MAX_VALUES = 50;

const text = z.string().transform((value) => value.trim().slice(0, MAX_TEXT));

/** What the model answers (the JSON schema sent to it says the same). */
export const modelAnswerSchema = z.object({
  events: z
    .array(
      z.object({
        name: text,
        trigger: text,
        description: text,
        category: z.enum(['page_view', 'user_action']),
        screen_name: text,
        properties: z.array(
          z.object({
            name: text,
            type: z.enum(['string', 'number', 'boolean', 'enum', 'array', 'object']),
            description: text,
            example: text,
            required: z.boolean(),
            values: z.array(text).max(MAX_VALUES).optional(),
            items: z.enum(['string', 'number', 'boolean', 'object']).nullable().optional(),
            pii: z.boolean().optional(),
          }),
        ),
      }),
    )
    .max(1000),
  funnels: z.array(z.object({ name: text, description: text, steps: z.array(text).max(100) })).max(200),
});
export type ModelAnswer = z.infer<typeof modelAnswerSchema>;

/** The spec's view events of a kind of screen: kept beside the one page or screen view. */
const SEMANTIC_VIEWS = new Set([
  'Product List Viewed',
  'Product Viewed',
  'Cart Viewed',
  'Checkout Started',
  'Checkout Step Viewed',
  'Products Searched',
  'Search Performed',
  'Promotion Viewed',
]);

export function planFromModelAnswer(
  answer: ModelAnswer,
  analysis: ProductAnalysis,
  productType: ProductType = productTypeOf(screensOf(analysis)),
): TrackingPlanContent {
  const screenshots = new Map<string, string | null>();
  for (const spec of analysis.pageSpecs) {
    const key = keyOf(spec.screenName);
    if (!screenshots.get(key)) screenshots.set(key, screenshotPathOf(spec.screenshotKey));
  }
  const view = pageViewOf(productType);

  // The same name twice is one event (the model repeating an action per screen), as in the offline plan.
  const events: TrackingEvent[] = [];
  const byName = new Map<string, TrackingEvent>();
  const renamed = new Map<string, string>();
  const viewedScreens: string[] = [];
  for (const given of answer.events) {
    // A view of one screen ('Cart Page Viewed') is the page or screen view with that screen as its property.
    const perScreen = given.category === 'page_view' && !SEMANTIC_VIEWS.has(eventName(given.name));
    const raw = perScreen ? asPageView(given, view) : given;
    const seen = perScreen && screenshots.has(keyOf(given.screen_name)) && !viewedScreens.includes(given.screen_name);
    if (seen) viewedScreens.push(given.screen_name);
    const name = eventName(raw.name);
    if (!name) continue;
    if (!renamed.has(keyOf(given.name))) renamed.set(keyOf(given.name), name);
    const properties = propertiesOf(raw.properties, raw.screen_name, name);
    const known = byName.get(name);
    if (known) {
      known.screenshot_path ??= screenshots.get(keyOf(raw.screen_name)) ?? null;
      const names = new Set(known.properties.map((p) => p.name));
      for (const extra of properties) {
        if (!names.has(extra.name) && known.properties.length < MAX_PROPERTIES) known.properties.push({ ...extra, required: false });
      }
      continue;
    }
    if (events.length >= MAX_EVENTS) continue;
    const event: TrackingEvent = {
      name,
      trigger: withoutPersonalData(raw.trigger || raw.description || name),
      description: withoutPersonalData(raw.description || raw.trigger || name),
      category: raw.category,
      screenshot_path: screenshots.get(keyOf(raw.screen_name)) ?? null,
      properties,
    };
    byName.set(name, event);
    events.push(event);
  }
  const where = byName.get(view.name)?.properties.find((p) => p.name === view.property);
  // The recording shows some of the product's screens: they are examples, not the allowed values.
  if (where && viewedScreens.length > 0) where.description = `${view.propertyDescription}, e.g. ${viewedScreens.join(', ')}`;

  const funnels: Funnel[] = [];
  const funnelNames = new Set<string>();
  for (const raw of answer.funnels) {
    if (funnels.length >= MAX_FUNNELS) break;
    const mapped = raw.steps.map((step) => renamed.get(keyOf(step))).filter((step): step is string => step !== undefined && byName.has(step));
    const steps = mapped.filter((step, i) => mapped.indexOf(step) === i);
    if (steps.length < 2 || !raw.name) continue;
    if (funnels.some((funnel) => funnel.steps.join('\u0000') === steps.join('\u0000'))) continue;
    funnels.push({ name: uniqueName(raw.name, funnelNames), description: withoutPersonalData(raw.description), steps });
  }
  return { events, funnels };
}

type RawEvent = ModelAnswer['events'][number];
type RawProperty = RawEvent['properties'][number];

/** A model's view of one screen as the product's page or screen view, that screen its property's example. */
function asPageView(raw: RawEvent, view: PageView): RawEvent {
  return {
    name: view.name,
    trigger: view.trigger,
    description: view.description,
    category: 'page_view',
    screen_name: raw.screen_name,
    properties: [{ name: view.property, type: 'string', description: view.propertyDescription, example: raw.screen_name || 'Home', required: true }],
  };
}

/** Names that are already safe derivatives of personal data ('email_domain', 'full_name_provided'). */
const DERIVED = /_(domain|provided|length|country_code)$/;

/** Personal data the specs name as such, by event (Signed Up's email): kept, flagged pii; elsewhere a derivative. */
const SPEC_PERSONAL: Record<string, ReadonlySet<string>> = {
  'Signed Up': new Set(['email', 'first_name', 'last_name', 'username', 'phone']),
  'Signed In': new Set(['username']),
  'Signed Out': new Set(['username']),
  'Invite Sent': new Set(['invitee_email', 'invitee_first_name', 'invitee_last_name']),
  'Product Shared': new Set(['recipient']),
};

function propertiesOf(raw: RawProperty[], screenName: string, eventName: string): TrackingProperty[] {
  const named = SPEC_PERSONAL[eventName] ?? new Set<string>();
  const properties: TrackingProperty[] = [];
  const names = new Set<string>();
  for (const given of raw) {
    if (properties.length >= MAX_PROPERTIES) break;
    if (!wordsOf(given.name).length) continue;
    const safe = safeProperty(named, {
      ...typed(given),
      name: snakeCase(given.name),
      description: withoutPersonalData(given.description) || snakeCase(given.name),
      example: given.example,
      required: given.required,
      ...(given.pii ? { pii: true } : {}),
    });
    if (!safe || names.has(safe.name)) continue;
    names.add(safe.name);
    properties.push(safe);
  }
  if (properties.length === 0) {
    properties.push({
      name: 'screen_name',
      type: 'string',
      description: 'Screen the user was on',
      example: screenName || 'Home',
      required: true,
    });
  }
  return properties;
}

/** The type as the plan states it: an enum with two values or more (else text), an array with its items. */
function typed(given: RawProperty): Pick<TrackingProperty, 'type' | 'values' | 'items'> {
  if (given.type === 'enum') {
    const values = [...new Set((given.values ?? []).filter((value) => value.length > 0))];
    return values.length >= 2 ? { type: 'enum', values } : { type: 'string' };
  }
  if (given.type === 'array') return { type: 'array', items: given.items ?? 'string' };
  return { type: given.type };
}

/**
 * A property about a person is kept where its event's spec names it, and free text the user types, as pii without
 * an example; otherwise it becomes its safe derivative (an e-mail its domain, a name or an address whether it was
 * given). Secrets are dropped; an example that could reach someone is replaced; an enum's example is one of its
 * values; what the model flagged pii has no example.
 */
function safeProperty(named: ReadonlySet<string>, given: TrackingProperty): TrackingProperty | null {
  const about = personalDataOf(given.name.replace(/_/g, ' '));
  if (about === 'secret') return null;
  const emailExample = isEmailAddress(given.example);
  if (named.has(given.name) || TYPED_TEXT_PROPERTIES.has(given.name)) return { ...given, example: '', pii: true };
  if (given.pii) return { ...given, example: '' };
  if (!DERIVED.test(given.name)) {
    const { name, description, required } = given;
    if (about === 'email') return { name: 'email_domain', type: 'string', description, example: 'example.com', required };
    if (about === 'phone') return { name: 'phone_country_code', type: 'string', description, example: '+1', required };
    if (about === 'name' || about === 'address') return { name: `${name}_provided`, type: 'boolean', description, example: 'true', required };
  }
  const example = given.type === 'enum' && !given.values?.includes(given.example) ? '' : given.example;
  if (!looksPersonal(example)) return { ...given, example };
  return { ...given, example: emailExample ? 'example.com' : '' };
}

function uniqueName(wanted: string, taken: Set<string>): string {
  let name = wanted;
  for (let n = 2; taken.has(name); n++) name = `${wanted} ${n}`;
  taken.add(name);
  return name;
}
