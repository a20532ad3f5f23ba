/**
 * A model's tracking plan made to follow the same rules as the offline one: the naming convention (Title Case,
 * at most five words), one event per name (a repeated name merges into the first), at least one property per
 * event, personal data only as safe derivatives and never as an example or in a text, no secrets, screenshots
 * taken from the analysis (a model never invents a path), funnel steps that name events of the plan once each.
 */
import { z } from 'zod';
import type { Funnel, ProductAnalysis, TrackingEvent, TrackingPlanContent, TrackingProperty } from '@tracklens/contracts';
import { eventName, keyOf, snakeCase, wordsOf } from './naming';
import { isEmailAddress, looksPersonal, personalDataOf, withoutPersonalData } from './privacy';
import { screenshotPathOf } from '@tracklens/contracts';

const MAX_EVENTS = 300;
const MAX_PROPERTIES = 30;
const MAX_FUNNELS = 30;
const MAX_TEXT = 500;

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
            type: z.enum(['string', 'number', 'boolean']),
            description: text,
            example: text,
            required: z.boolean(),
          }),
        ),
      }),
    )
    .max(1000),
  funnels: z.array(z.object({ name: text, description: text, steps: z.array(text).max(100) })).max(200),
});
export type ModelAnswer = z.infer<typeof modelAnswerSchema>;

export function planFromModelAnswer(answer: ModelAnswer, analysis: ProductAnalysis): TrackingPlanContent {
  const screenshots = new Map<string, string | null>();
  for (const spec of analysis.pageSpecs) {
    const key = keyOf(spec.screenName);
    if (!screenshots.get(key)) screenshots.set(key, screenshotPathOf(spec.screenshotKey));
  }

  // The same name twice is one event (the model repeating an action per screen), as in the offline plan.
  const events: TrackingEvent[] = [];
  const byName = new Map<string, TrackingEvent>();
  const renamed = new Map<string, string>();
  for (const raw of answer.events) {
    const name = eventName(raw.name);
    if (!name) continue;
    if (!renamed.has(keyOf(raw.name))) renamed.set(keyOf(raw.name), name);
    const properties = propertiesOf(raw.properties, raw.screen_name);
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

/** Names that are already safe derivatives of personal data ('email_domain', 'full_name_provided'). */
const DERIVED = /_(domain|provided|length|country_code)$/;

function propertiesOf(raw: ModelAnswer['events'][number]['properties'], screenName: string): TrackingProperty[] {
  const properties: TrackingProperty[] = [];
  const names = new Set<string>();
  for (const given of raw) {
    if (properties.length >= MAX_PROPERTIES) break;
    if (!wordsOf(given.name).length) continue;
    const safe = safeProperty({
      name: snakeCase(given.name),
      type: given.type,
      description: withoutPersonalData(given.description) || snakeCase(given.name),
      example: given.example,
      required: given.required,
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

/**
 * A property about a person becomes its safe derivative (an e-mail its domain, a name or an address whether it
 * was given); secrets are dropped; an example that could reach someone is replaced.
 */
function safeProperty(given: TrackingProperty): TrackingProperty | null {
  const about = personalDataOf(given.name.replace(/_/g, ' '));
  if (about === 'secret') return null;
  const emailExample = isEmailAddress(given.example);
  if (!DERIVED.test(given.name)) {
    if (about === 'email') return { ...given, name: 'email_domain', type: 'string', example: 'example.com' };
    if (about === 'phone') return { ...given, name: 'phone_country_code', type: 'string', example: '+1' };
    if (about === 'name' || about === 'address') return { ...given, name: `${given.name}_provided`, type: 'boolean', example: 'true' };
  }
  if (!looksPersonal(given.example)) return given;
  return { ...given, example: emailExample ? 'example.com' : '' };
}

function uniqueName(wanted: string, taken: Set<string>): string {
  let name = wanted;
  for (let n = 2; taken.has(name); n++) name = `${wanted} ${n}`;
  taken.add(name);
  return name;
}
