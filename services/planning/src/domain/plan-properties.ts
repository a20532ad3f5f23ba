/**
 * Properties of offline plans: realistic examples taken from what the demo showed (a price on screen, the
 * product's name, the order number on the confirmation), and form fields reduced so that no personal data is
 * ever an example (an e-mail becomes email_domain 'example.com'; passwords and card numbers are never tracked).
 */
import type { TrackingProperty } from '@tracklens/contracts';
import { keyOf, snakeCase, titleCase, wordsOf } from './naming';
import type { FormField, Screen } from './plan-screens';
import { isNameable } from './plan-screens';
import { personalDataOf } from './privacy';

export function property(
  name: string,
  type: TrackingProperty['type'],
  description: string,
  example: string,
  required: boolean,
): TrackingProperty {
  return { name, type, description, example, required };
}

/** Example values of a product, read once from its screens. */
export interface PlanExamples {
  /** The product sells things: searches are of products, lists are product lists. */
  commerce: boolean;
  productName: string;
  price: string;
  currency: string;
  orderId: string;
  searchQuery: string;
}

const COMMERCE_KINDS = new Set(['product_list', 'product', 'cart', 'checkout', 'order_confirmation']);
const CURRENCIES: Array<[RegExp, string]> = [
  [/€|\beur\b/i, 'EUR'],
  [/£|\bgbp\b/i, 'GBP'],
  [/\$|\busd\b/i, 'USD'],
];

export function examplesOf(screens: Screen[]): PlanExamples {
  const commerce = screens.some((screen) => COMMERCE_KINDS.has(screen.kind));
  const everything = screens.flatMap((screen) => [...screen.texts, ...screen.interactions.map((i) => i.label), screen.description]);
  const product = screens.find((screen) => screen.kind === 'product');
  return {
    commerce,
    productName: (product && productNameOf(product)) ?? 'Linen Shirt',
    price: priceOf(screens) ?? '49.00',
    currency: CURRENCIES.find(([pattern]) => everything.some((text) => pattern.test(text)))?.[1] ?? 'USD',
    orderId: orderIdOf(everything) ?? 'ord_48213',
    searchQuery: commerce ? 'linen shirt' : 'weekly report',
  };
}

/** A product page is named after its product ('Linen Overshirt'), or shows it as its heading. */
function productNameOf(screen: Screen): string | null {
  const generic = (text: string) => /\b(product|details?|page)\b/.test(keyOf(text));
  const name = [screen.name, ...screen.headings].find((text) => isNameable(text) && !generic(text));
  return name ? titleCase(name) : null;
}

/** A price shown with cents on a product, cart or checkout screen ('$68.00' → '68.00'). */
function priceOf(screens: Screen[]): string | null {
  const shopping = screens.filter((screen) => ['product', 'cart', 'checkout'].includes(screen.kind));
  for (const screen of [...shopping, ...screens]) {
    for (const text of [...screen.texts, screen.description]) {
      const match = /[$€£]\s?(\d{1,5}[.,]\d{2})\b/.exec(text);
      if (match?.[1]) return match[1].replace(',', '.');
    }
  }
  return null;
}

/** The order number a confirmation shows ('Order #NW-48213 is confirmed' → 'NW-48213'). */
function orderIdOf(texts: string[]): string | null {
  for (const text of texts) {
    const match = /\border\s*(?:#|no\.?|number)\s*([A-Z]{0,4}-?\d{3,10})\b/i.exec(text);
    if (match?.[1]) return match[1];
  }
  return null;
}

/** A form's fields as properties: only safe derivatives of what a user typed. */
export function fieldProperties(fields: FormField[], taken: Iterable<string> = []): TrackingProperty[] {
  const properties: TrackingProperty[] = [];
  const seen = new Set<string>(taken);
  for (const field of fields) {
    const derived = fieldProperty(field);
    if (!derived || seen.has(derived.name)) continue;
    seen.add(derived.name);
    properties.push(derived);
  }
  return properties;
}

/** Choices whose values are well known, so the example is one a user could really pick. */
const CHOICE_EXAMPLES: Array<[RegExp, string]> = [
  [/\brole\b/, 'member'],
  [/\bcountry\b/, 'US'],
  [/\blanguage\b/, 'en'],
  [/\b(company|team|organi[sz]ation) size\b/, '11-50'],
  [/\bsize\b/, 'M'],
  [/\bcolou?r\b/, 'Blue'],
  [/\bplan\b/, 'pro'],
  [/\bindustry\b/, 'Retail'],
  [/\b(time ?zone)\b/, 'Europe/London'],
  [/\bcurrency\b/, 'USD'],
];

export function fieldProperty({ label, choice }: FormField): TrackingProperty | null {
  const text = keyOf(label);
  const snake = snakeCase(label);
  const provided = () =>
    property(`${snake}_provided`, 'boolean', `Whether ${label} was filled in (the value itself is not sent)`, 'true', false);
  switch (personalDataOf(text)) {
    case 'secret':
      return null;
    case 'email':
      return property('email_domain', 'string', 'Domain of the e-mail address entered (never the address itself)', 'example.com', true);
    case 'phone':
      return property('phone_country_code', 'string', 'Country code of the phone number entered (never the number)', '+1', false);
    case 'name':
    case 'address':
      return provided();
    case null:
      break;
  }
  const known = CHOICE_EXAMPLES.find(([pattern]) => pattern.test(text));
  if (known) return property(snake, 'string', `Value chosen in ${label}`, known[1], false);
  if (/\b(description|message|comment|comments|bio|notes?|feedback|details|question)\b/.test(text)) {
    return property(`${snake}_length`, 'number', `Length of the text entered in ${label} (the text is not sent)`, '120', false);
  }
  if (/\b(url|website|site|domain)\b/.test(text)) {
    return property(`${snake.replace(/_(url|website|site|domain)$/, '') || 'website'}_domain`, 'string', `Domain of the address entered in ${label}`, 'example.com', false);
  }
  if (!choice && /\b(quantity|qty|amount|price|count|number|age|budget|seats|total)\b/.test(text)) {
    return property(snake, 'number', `Value entered in ${label}`, '1', false);
  }
  if (choice) return property(snake, 'string', `Option chosen in ${label}`, wordsOf(label).slice(-1)[0]?.toLowerCase() ?? 'default', false);
  // Free text may be about a person: only whether it was given is tracked.
  return provided();
}

/** A checkbox on a form: whether it was ticked when the form was sent ('Remember me' → remember_me). */
export function checkboxProperty(label: string): TrackingProperty {
  const text = keyOf(label);
  if (/\b(agree|terms|privacy|consent)\b/.test(text)) {
    return property('terms_accepted', 'boolean', `Whether '${label}' was ticked`, 'true', false);
  }
  return property(snakeCase(label), 'boolean', `Whether '${label}' was ticked`, 'true', false);
}
