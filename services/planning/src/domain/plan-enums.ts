/**
 * Allowed values the recording shows in full, so a plan states them instead of leaving them free text: a tab bar
 * is seen whole, so tab_name's values are its tabs; the payment and shipping options of a checkout, the roles an
 * invitation offers and the plans of a pricing page are shown side by side. Screens are not: a recording shows
 * some of a product's screens, and an enum of them would refuse the real traffic of the others. Free text the
 * user types (a search query, a review) is flagged as personal data: it often holds a name or an address.
 */
import type { TrackingEvent, TrackingProperty } from '@tracklens/contracts';
import type { Screen, ScreenKind } from './plan-screens';
import { isNameable } from './plan-screens';
import { keyOf, titleCase } from './naming';

/** What the user types in their own words: personal data whatever it is about. */
export const TYPED_TEXT_PROPERTIES: ReadonlySet<string> = new Set(['query', 'review_body', 'share_message']);

/** Options a screen shows side by side, by the property that takes one of them: where, and what they read. */
const SHOWN_OPTIONS: Array<{ properties: string[]; on: ScreenKind[]; option: RegExp }> = [
  {
    properties: ['payment_method'],
    on: ['checkout'],
    option: /^((credit|debit) )?card$|^(pay ?pal|apple pay|google pay|shop pay|amazon pay|klarna|afterpay|bank transfer|cash on delivery)$/,
  },
  {
    properties: ['shipping_method'],
    on: ['checkout'],
    option: /^(standard|express|economy|priority|next day|same day|overnight|free|click and collect|(in store )?pick ?up)( shipping| delivery)?$/,
  },
  {
    properties: ['invitee_role', 'role'],
    on: ['invite'],
    option: /^(owner|admin|administrator|member|editor|viewer|guest|manager|contributor|billing)$/,
  },
  {
    properties: ['trial_plan_name', 'plan'],
    on: ['pricing'],
    option: /^(free|starter|basic|standard|pro|plus|premium|team|teams|business|enterprise|growth|scale|professional)$/,
  },
];

export function withAllowedValues(events: TrackingEvent[], screens: Screen[]): TrackingEvent[] {
  const tabLabels = unique(
    screens.flatMap((screen) =>
      screen.interactions.filter((i) => i.kind === 'tab' && isNameable(i.label)).map((i) => titleCase(i.label)),
    ),
  );
  const shown = new Map<string, string[]>();
  for (const { properties, on, option } of SHOWN_OPTIONS) {
    const values = unique(
      screens
        .filter((screen) => on.includes(screen.kind))
        // Links and tabs go elsewhere ('Admin' in a header is a page): options are buttons, choices and texts.
        .flatMap((screen) => [...screen.interactions.filter((i) => i.kind !== 'navigate' && i.kind !== 'tab').map((i) => i.label), ...screen.texts])
        .filter((text) => option.test(keyOf(text)))
        .map((text) => text.trim()),
    );
    for (const name of properties) shown.set(name, values);
  }
  const allowed = (property: TrackingProperty): string[] =>
    property.name === 'tab_name' ? tabLabels : (shown.get(property.name) ?? []);
  return events.map((event) => ({
    ...event,
    properties: event.properties.map((property) => refined(property, allowed(property))),
  }));
}

/** An enum needs two values to be one, and its example must be one of them (or none). */
export function asEnum(property: TrackingProperty, values: string[]): TrackingProperty {
  if (values.length < 2 || property.type !== 'string') return property;
  const example = values.find((value) => keyOf(value) === keyOf(property.example)) ?? '';
  return { ...property, type: 'enum', values, example };
}

function refined(property: TrackingProperty, values: string[]): TrackingProperty {
  let result = asEnum(property, values);
  // Whatever the user typed is theirs: no example stands for it.
  if (TYPED_TEXT_PROPERTIES.has(property.name)) result = { ...result, pii: true, example: '' };
  return result;
}

/** First spelling of each value, compared as words ('Sign-Up' and 'sign up' are one). */
function unique(values: string[]): string[] {
  const seen = new Map<string, string>();
  for (const value of values) if (value && !seen.has(keyOf(value))) seen.set(keyOf(value), value);
  return [...seen.values()];
}
