/**
 * Allowed values the recording shows in full, so a plan states them instead of leaving them free text: a tab bar
 * is seen whole, so tab_name's values are its tabs. Screens are not: a recording shows some of a product's
 * screens, and an enum of them would refuse the real traffic of the others. Free text the user types (a search
 * query) is flagged as personal data: it often holds a name or an address.
 */
import type { TrackingEvent, TrackingProperty } from '@tracklens/contracts';
import type { Screen } from './plan-screens';
import { isNameable } from './plan-screens';
import { keyOf, titleCase } from './naming';

const TYPED_TEXT_PROPERTIES = new Set(['query']);

export function withAllowedValues(events: TrackingEvent[], screens: Screen[]): TrackingEvent[] {
  const tabLabels = unique(
    screens.flatMap((screen) =>
      screen.interactions.filter((i) => i.kind === 'tab' && isNameable(i.label)).map((i) => titleCase(i.label)),
    ),
  );
  const allowed = (property: TrackingProperty): string[] => (property.name === 'tab_name' ? tabLabels : []);
  return events.map((event) => ({
    ...event,
    properties: event.properties.map((property) => refined(property, allowed(property))),
  }));
}

/** An enum needs two values to be one, and its example must be one of them (or none). */
function refined(property: TrackingProperty, values: string[]): TrackingProperty {
  let result = property;
  if (values.length >= 2 && property.type === 'string') {
    const example = values.find((value) => keyOf(value) === keyOf(property.example)) ?? '';
    result = { ...property, type: 'enum', values, example };
  }
  if (TYPED_TEXT_PROPERTIES.has(property.name)) result = { ...result, pii: true };
  return result;
}

/** First spelling of each value, compared as words ('Sign-Up' and 'sign up' are one). */
function unique(values: string[]): string[] {
  const seen = new Map<string, string>();
  for (const value of values) if (value && !seen.has(keyOf(value))) seen.set(keyOf(value), value);
  return [...seen.values()];
}
