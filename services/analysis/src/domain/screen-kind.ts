/**
 * What a product's page specs are as other services read them (GetProductAnalysis): the labels of controls
 * cleaned of OCR noise ('Already have an account? Log in' is the 'Log in' link, 'Cart (1)' the 'Cart 1' link)
 * and each screen recognised as a kind, from its name, controls and words. Pure, whatever read the screen (OCR,
 * the model or the user).
 */
import {
  ORDER_PLACED_SCREEN_NAME,
  PLANS_SCREEN_NAME,
  facetOf,
  isItemAction,
  labelWords,
  type AnalysedPageSpec,
  type PageSpec,
  type ProductKnowledge,
  type ScreenKind,
  type UiElement,
} from '@tracklens/contracts';

const MAX_LABEL_WORDS = 6;
const CONTROL_KINDS: ReadonlySet<UiElement['kind']> = new Set([
  'button',
  'link',
  'tab',
  'checkbox',
  'input',
  'select',
]);

/** The comparable form of a label or name: lower-case words ('Sign-Up!' → 'sign up'). */
function keyOf(text: string): string {
  return labelWords(text)
    .map((word) => word.toLowerCase())
    .join(' ');
}

/**
 * The clickable part of a label, or null for one that cannot be a control: 'Already have an account? Log in' →
 * 'Log in', 'Acme Inc. / Settings' → 'Settings', 'Search products.' → 'Search products'; sentences are null. A
 * filter showing its value keeps the colon that says which is which ('Status: Pending').
 */
export function cleanLabel(raw: string): string | null {
  const shown = facetOf(raw);
  if (shown) {
    const facet = labelWords(shown.facet).join(' ');
    const value = labelWords(shown.value).join(' ');
    if (facet && value) return `${facet}: ${value}`;
  }
  const segments = raw
    .split(/[?!]\s+|\.\s+|\s+[/|·•–—-]\s+/)
    .map((segment) => segment.trim())
    .filter((segment) => labelWords(segment).length > 0);
  const words = labelWords(segments[segments.length - 1] ?? '');
  if (words.length === 0 || words.length > MAX_LABEL_WORDS) return null;
  if (words.join('').replace(/[^A-Za-z]/g, '').length < 2) return null;
  return words.join(' ');
}

/** Verbs of the key-action phrases product knowledge writes, followed by a control's label. */
const LABELLED_PHRASE = /^(Click|Open|Enter|Choose|Switch to|Toggle|Submit with) (.+)$/;

/** A key action with its label cleaned ('Open Cart (1)' → 'Open Cart 1'), or null when the label is noise. */
export function cleanKeyAction(phrase: string): string | null {
  const text = phrase.trim();
  if (/^(go to|scroll)\b/i.test(text) || /^submit the form$/i.test(text)) return text;
  const labelled = LABELLED_PHRASE.exec(text);
  if (!labelled) return cleanLabel(text);
  const label = cleanLabel(labelled[2] ?? '');
  return label ? `${labelled[1]} ${label}` : null;
}

/** A spec's controls and action targets cleaned; a control whose label is only noise is left out. */
function cleanSpec<T extends Pick<PageSpec, 'elements' | 'actions'>>(spec: T): T {
  const elements = spec.elements.flatMap((element) => {
    if (!CONTROL_KINDS.has(element.kind)) return [element];
    const label = cleanLabel(element.label);
    return label ? [{ kind: element.kind, label }] : [];
  });
  const actions = spec.actions.map(({ target, ...action }) => {
    const label = target ? cleanLabel(target) : null;
    return label ? { ...action, target: label } : action;
  });
  return { ...spec, elements, actions };
}

/** The page specs and key actions other services receive: cleaned labels, and each spec's screen kind. */
export function analysedSpecs(specs: PageSpec[]): AnalysedPageSpec[] {
  const kinds = screenKinds(specs);
  return specs.map((spec) => ({ ...cleanSpec(spec), screenKind: kinds.get(spec.id) ?? 'other' }));
}

export function cleanKeyActions(keyActions: ProductKnowledge['keyActions']): ProductKnowledge['keyActions'] {
  return keyActions.map(({ screenName, keyActions: phrases }) => ({
    screenName,
    keyActions: phrases.map(cleanKeyAction).filter((phrase): phrase is string => phrase !== null),
  }));
}

/**
 * Names that say the kind, checked in this order ('Thank you for your order' is a checkout's end, not a cart);
 * they include every name the offline reader gives a page it recognised (pipeline/ocr/screen-naming.ts).
 */
const NAMED_KINDS: Array<[ScreenKind, RegExp]> = [
  ['checkout', ORDER_PLACED_SCREEN_NAME],
  ['checkout', /\b(checkout|check out|payment details|shipping details)\b/],
  // What confirms another process is not that process's form ('Sign Up Confirmation').
  ['other', /\bconfirmation$/],
  ['cart', /\b(cart|shopping bag|your bag|basket)\b/],
  ['login', /\b(sign in|log in|login|signin|welcome back)\b/],
  ['signup', /\b(sign up|signup|create (an |your |a free )?account|register|registration|join now)\b/],
  ['other', /\binvite\b/],
  ['settings', /\b(settings|preferences)\b/],
  ['dashboard', /\b(dashboard|overview)\b/],
  ['content', PLANS_SCREEN_NAME],
  ['search', /\b(search results|results for)\b/],
  // An event's page sells its tickets: the catalogue's item of a ticketing app.
  ['product', /\b(product (detail|details|page|info)|listing details?|pdp|event detail)\b/],
  [
    'listing',
    /\b(all products|products|product (list|listing|grid)|listing|restaurant menu|shop all|catalog|catalogue|collections?|category|new in|new arrivals|best ?sellers|sale)\b/,
  ],
  ['content', /\b(feed|timeline)\b/],
  ['content', /\b(profile|my account)\b/],
  ['content', /^(home|homepage|home page|landing|landing page)$/],
  ['content', /^onboarding( step \d+)?$/],
];

const PRODUCT_ACTIONS = /^(add to (cart|bag|basket|wish ?list|favou?rites)|buy now)\b/;

/** One screen of the video: every spec of the same name, read together. */
interface ScreenEvidence {
  name: string;
  /** Position among the video's screens, by first appearance. */
  index: number;
  labels: string[];
  texts: string[];
  links: number;
}

/** The kind of every spec; specs of the same screen name share it. */
function screenKinds(specs: PageSpec[]): Map<string, ScreenKind> {
  const ordered = [...specs].sort(
    (a, b) =>
      a.order - b.order || a.firstSeenSec - b.firstSeenSec || a.screenName.localeCompare(b.screenName),
  );
  const screens = new Map<string, ScreenEvidence & { ids: string[] }>();
  ordered.forEach((spec, position) => {
    const name = spec.screenName.trim() || `Screen ${position + 1}`;
    const key = keyOf(name) || `screen ${position + 1}`;
    let screen = screens.get(key);
    if (!screen) {
      screen = { name, index: screens.size, labels: [], texts: [spec.description], links: 0, ids: [] };
      screens.set(key, screen);
    }
    screen.ids.push(spec.id);
    const clean = cleanSpec(spec);
    for (const element of clean.elements) {
      if (CONTROL_KINDS.has(element.kind)) screen.labels.push(keyOf(element.label));
      else screen.texts.push(element.label);
    }
    for (const action of clean.actions) if (action.target) screen.labels.push(keyOf(action.target));
    // The navigation a screen offers is counted as read, noise and all.
    screen.links += spec.elements.filter((element) => element.kind === 'link').length;
  });
  const kinds = new Map<string, ScreenKind>();
  for (const screen of screens.values()) {
    const kind = screenKindOf(screen);
    for (const id of screen.ids) kinds.set(id, kind);
  }
  return kinds;
}

function screenKindOf({ name, index, labels, texts, links }: ScreenEvidence): ScreenKind {
  const named = keyOf(name);
  for (const [kind, pattern] of NAMED_KINDS) if (pattern.test(named)) return kind;
  const says = texts.map(keyOf).join(' \u0000 ');
  // The first screen under a marketing headline is where the product opens.
  if (index === 0 && (labelWords(name).length > 3 || links >= 3)) return 'content';
  if (labels.includes('edit profile') || (labels.includes('followers') && labels.includes('following')))
    return 'content';
  if (/\bshowing \d+ of \d+\b/.test(says) || labels.some((label) => /^sort\b/.test(label))) return 'listing';
  if (labels.some((label) => PRODUCT_ACTIONS.test(label))) return 'product';
  // One course, job or stay of the catalogue, named after what it is ('Course Detail').
  if (/ detail$/.test(named) && labels.some(isItemAction)) return 'product';
  return 'other';
}
