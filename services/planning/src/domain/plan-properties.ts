/**
 * Properties of offline plans: realistic examples taken from what the demo showed (a price on screen, the
 * product's name, the order number on the confirmation), and form fields reduced so that no personal data is
 * ever an example (an e-mail becomes email_domain 'example.com'; passwords and card numbers are never tracked).
 * Where a spec names the personal data itself (Signed Up's email), the property is flagged pii and its example
 * left empty: the description says what the value is.
 */
import type { TrackingProperty } from '@tracklens/contracts';
import { keyOf, singularOf, snakeCase, titleCase, wordsOf } from './naming';
import type { FormField, Screen } from './plan-screens';
import { isNameable } from './plan-screens';
import { personalDataOf } from './privacy';

export function property(
  name: string,
  type: TrackingProperty['type'],
  description: string,
  example: string,
  required: boolean,
  extra: Pick<TrackingProperty, 'items' | 'values' | 'pii'> = {},
): TrackingProperty {
  return { name, type, description, example, required, ...extra };
}

/** Personal data a spec names (an e-mail, a name, typed text): flagged, and never given an example. */
export function personalProperty(name: string, description: string, required = false): TrackingProperty {
  return property(name, 'string', description, '', required, { pii: true });
}

/** Segment's `products` array: one object per product (product_id, sku, name, price, quantity ...). */
export function productsProperty(examples: PlanExamples, description: string, required = false): TrackingProperty {
  const product = { product_id: 'prod_1042', sku: 'SKU-1042', name: examples.productName, price: Number(examples.price), quantity: 1 };
  return property('products', 'array', description, JSON.stringify([product]), required, { items: 'object' });
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
  /** The list a product list shows ('All Products', 'Sale'), and the same as an id ('all_products'). */
  listName: string;
  listId: string;
  /** What the product's lists hold, read from the counts it shows ('25 songs' → 'Song'); 'Item' when none. */
  itemNoun: string;
}

/**
 * A checkout alone is no shop (a subscription is paid through one too), nor a list alone (an app lists workouts):
 * a product's page or a cart is, and a list with prices.
 */
const COMMERCE_KINDS = new Set(['product', 'cart']);
const CURRENCIES: Array<[RegExp, string]> = [
  [/€|\beur\b/i, 'EUR'],
  [/£|\bgbp\b/i, 'GBP'],
  [/\$|\busd\b/i, 'USD'],
];

export function examplesOf(screens: Screen[]): PlanExamples {
  const commerce =
    screens.some((screen) => COMMERCE_KINDS.has(screen.kind)) ||
    screens.some((screen) => screen.kind === 'product_list' && screen.texts.some((text) => PRICE.test(text)));
  const everything = screens.flatMap((screen) => [...screen.texts, ...screen.interactions.map((i) => i.label), screen.description]);
  const product = screens.find((screen) => screen.kind === 'product');
  const list = screens.find((screen) => screen.kind === 'product_list');
  const listName = list ? listNameOf(list) : 'All Products';
  return {
    commerce,
    productName: (product && productNameOf(product)) ?? 'Linen Shirt',
    price: priceOf(screens) ?? '49.00',
    currency: CURRENCIES.find(([pattern]) => everything.some((text) => pattern.test(text)))?.[1] ?? 'USD',
    orderId: orderIdOf(everything) ?? 'ord_48213',
    searchQuery: commerce ? 'linen shirt' : 'weekly report',
    listName,
    listId: snakeCase(listName),
    itemNoun: itemNounOf(screens.flatMap((screen) => screen.texts)),
  };
}

/** Counts of time, amounts and people say how long or how many, not what a list holds. */
const NOT_ITEMS =
  /^(secs?|seconds?|mins?|minutes?|hrs?|hours?|days?|weeks?|months?|years?|times?|kgs?|lbs?|reps?|stars?|views?|likes?|saves?|followers?|people|users?|members?|results?|reviews?|ratings?|items?|percent|pts|points|kms?|miles?)$/;

/** Words that end in an s without being plurals ('£312.40 this month'). */
const NOT_PLURAL = /^(this|was|has|his|its|yes|plus|thus|always|perhaps|across|whereas|news)$|(ss|us|is)$/;

/** What a product's items are called when its texts never count them. */
export const UNKNOWN_ITEM = 'Item';

/** The plural noun counted most often in the texts ('412 songs', '25 songs' → 'Song'). */
function itemNounOf(texts: string[]): string {
  const counts = new Map<string, number>();
  for (const text of texts) {
    for (const match of text.matchAll(/\b\d+\s+([a-z]{3,}s)\b/gi)) {
      const plural = (match[1] ?? '').toLowerCase();
      if (NOT_ITEMS.test(plural) || NOT_PLURAL.test(plural)) continue;
      counts.set(plural, (counts.get(plural) ?? 0) + 1);
    }
  }
  const [best] = [...counts].sort((a, b) => b[1] - a[1]);
  if (best) return titleCase(singularOf(best[0]));
  return ITEMS_OF_KIND.find(([cue]) => texts.some((text) => cue.test(text)))?.[1] ?? UNKNOWN_ITEM;
}

/** Where the texts never count the items: what a product of a kind calls them, by the words it shows (as Spotify's 'Track'). */
const ITEMS_OF_KIND: ReadonlyArray<readonly [RegExp, string]> = [
  [/\b(playlists?|albums?)\b/i, 'Track'],
  [/\b(podcasts?|episodes?)\b/i, 'Episode'],
];

/** A list page named after its category ('Sale', 'New In'), or 'All Products' when named after its kind. */
function listNameOf(screen: Screen): string {
  const generic = /\b(product (list|listing|grid)|listing|catalog|catalogue)\b/.test(keyOf(screen.name));
  return isNameable(screen.name) && !generic ? titleCase(screen.name) : 'All Products';
}

/** A product page is named after its product ('Linen Overshirt'), or shows it as its heading. */
function productNameOf(screen: Screen): string | null {
  const generic = (text: string) => /\b(product|details?|page)\b/.test(keyOf(text));
  const name = [screen.name, ...screen.headings].find((text) => isNameable(text) && !generic(text));
  return name ? titleCase(name) : null;
}

const PRICE = /[$€£]\s?\d/;

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

/**
 * A form's fields as properties: only safe derivatives of what a user typed. Fields the event's spec tracks itself
 * (Signed Up's email, flagged pii) are `covered` and left out.
 */
export function fieldProperties(
  fields: FormField[],
  taken: Iterable<string> = [],
  covered: (label: string) => boolean = () => false,
): TrackingProperty[] {
  const properties: TrackingProperty[] = [];
  const seen = new Set<string>(taken);
  for (const field of fields) {
    if (covered(field.label)) continue;
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
