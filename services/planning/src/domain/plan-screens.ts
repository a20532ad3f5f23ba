/**
 * The screens of a product as a tracking plan sees them: specs of the same screen merged, key actions read back
 * into the interactions they describe, and each screen's kind (the analysis's, told finer where plans differ:
 * 'Everyday essentials thoughtfully made' on the first screen is the 'Home' screen) with a short title to name
 * its events by, whatever the analysis called it. The analysis sends labels already cleaned of OCR noise.
 */
import type { AnalysedPageSpec, ProductAnalysis, ProductType, ScreenKind as AnalysedKind } from '@tracklens/contracts';
import { keyOf, titleCase, wordsOf } from './naming';
import { ORDER_PLACED_SCREEN_NAME, PLANS_SCREEN_NAME, facetOf, screenshotPathOf } from '@tracklens/contracts';

export type ScreenKind =
  | 'home'
  | 'welcome'
  | 'product_list'
  | 'product'
  | 'cart'
  | 'checkout'
  | 'order_confirmation'
  | 'sign_up'
  | 'login'
  | 'invite'
  | 'settings'
  | 'dashboard'
  | 'pricing'
  | 'search_results'
  | 'feed'
  | 'profile'
  | 'article'
  | 'story'
  | 'gallery'
  | 'other';

/** 'input' is a search box and 'select' a sort or filter: they act on the screen rather than fill a form. */
export type InteractionKind = 'click' | 'submit' | 'navigate' | 'tab' | 'checkbox' | 'open_modal' | 'select' | 'input';

export interface Interaction {
  kind: InteractionKind;
  /** The control's label; empty for a move the video showed without saying what was clicked. */
  label: string;
  /** Key of the screen the interaction led to, when the video showed it. */
  toScreen: string | null;
  /** The video showed it happen (rather than only a visible element or a key action). */
  seen: boolean;
  /** Only a key action's words ('Browse the catalogue'), no control on screen: named only when recognised. */
  phrase?: boolean;
}

export interface FormField {
  label: string;
  /** A select offers choices: its value is never a number to sum. */
  choice: boolean;
}

export interface Screen {
  key: string;
  /** The name the analysis gave the screen. */
  name: string;
  kind: ScreenKind;
  /** Short Title Case name events are named by ('Product List'). */
  title: string;
  description: string;
  screenshotPath: string | null;
  interactions: Interaction[];
  fields: FormField[];
  /** Headings and texts: what the screen says, for examples (a price, an order number). */
  texts: string[];
  headings: string[];
  /** Keys of the screens the video moved to from this one, in order. */
  exits: string[];
}

const MAX_INTERACTIONS_PER_SCREEN = 40;
const MAX_FIELDS_PER_FORM = 12;

/** Screens in video order; specs of the same screen (by name) merge into one. */
export function screensOf(analysis: ProductAnalysis): Screen[] {
  const specs = [...analysis.pageSpecs].sort(
    (a, b) => a.order - b.order || a.firstSeenSec - b.firstSeenSec || a.screenName.localeCompare(b.screenName),
  );
  const drafts = new Map<string, Draft>();
  specs.forEach((spec, index) => {
    const name = spec.screenName.trim() || `Screen ${index + 1}`;
    const key = keyOf(name) || `screen ${index + 1}`;
    let draft = drafts.get(key);
    if (!draft) {
      draft = {
        key,
        name,
        analysedKind: spec.screenKind,
        description: spec.description.trim(),
        screenshotPath: null,
        interactions: [],
        fields: [],
        texts: [],
        headings: [],
        links: [],
      };
      drafts.set(key, draft);
    }
    draft.screenshotPath ??= screenshotPathOf(spec.screenshotKey);
    readSpec(spec, draft);
  });
  for (const { screenName, keyActions } of analysis.keyActions) {
    const draft = drafts.get(keyOf(screenName));
    if (draft) for (const action of keyActions) readKeyAction(action, draft);
  }
  return asLists([...drafts.values()].map((draft, index) => settle(draft, index)));
}

/**
 * A screen the analysis had no kind for that the video left for a product is the list it was picked from: the
 * results of a search when the screen before it was searched from, else a product list.
 */
function asLists(screens: Screen[]): Screen[] {
  const kinds = new Map(screens.map((screen) => [screen.key, screen.kind]));
  return screens.map((screen) => {
    if (screen.kind !== 'other' || !screen.exits.some((exit) => kinds.get(exit) === 'product')) return screen;
    const searched = screens.some((from) => from.exits.includes(screen.key) && from.interactions.some((i) => i.kind === 'input'));
    const listed: Screen = { ...screen, kind: searched ? 'search_results' : 'product_list' };
    return { ...listed, title: titleOf(listed) };
  });
}

/** A screen while its specs are read: kind, title and exits are settled once all are in. */
interface Draft extends Omit<Screen, 'kind' | 'title' | 'exits'> {
  analysedKind: AnalysedKind;
  links: string[];
}

function readSpec(spec: AnalysedPageSpec, draft: Draft): void {
  const actions = [...spec.actions].sort((a, b) => a.atSec - b.atSec);
  for (const action of actions) {
    const label = action.target ?? '';
    const toScreen = action.toScreen?.trim() ? keyOf(action.toScreen) : null;
    switch (action.kind) {
      case 'type':
        addField(draft, label, false);
        break;
      case 'submit':
      case 'click':
      case 'open_modal':
        draft.interactions.push({ kind: action.kind, label, toScreen, seen: true });
        break;
      case 'navigate':
        draft.interactions.push({ kind: 'navigate', label, toScreen, seen: true });
        break;
      case 'scroll':
        break;
    }
  }
  for (const element of spec.elements) {
    switch (element.kind) {
      case 'button':
        draft.interactions.push({ kind: 'click', label: element.label, toScreen: null, seen: false });
        break;
      case 'link':
        draft.links.push(element.label);
        draft.interactions.push({ kind: 'navigate', label: element.label, toScreen: null, seen: false });
        break;
      case 'tab':
        draft.interactions.push({ kind: 'tab', label: element.label, toScreen: null, seen: false });
        break;
      case 'checkbox':
        draft.interactions.push({ kind: 'checkbox', label: element.label, toScreen: null, seen: false });
        break;
      case 'input':
        addField(draft, element.label, false);
        break;
      case 'select':
        addField(draft, element.label, true);
        break;
      case 'heading':
        draft.headings.push(element.label);
        draft.texts.push(element.label);
        break;
      case 'text':
        // A search box's placeholder read as text ('Q Search destinations', the magnifier read as a Q) is the box.
        if (SEARCH_PLACEHOLDER.test(keyOf(element.label))) addField(draft, element.label.replace(/^\W*q\b\W*/i, ''), false);
        draft.texts.push(element.label);
        break;
    }
  }
}

const SEARCH_PLACEHOLDER = /^(q )?search\b/;
/** A period a report or a list is shown for ('Last 30 days'): the screen's date picker, not a form's field. */
export const DATE_RANGE =
  /^((last|past|previous|this|next) (\d+ )?(hours?|days?|weeks?|months?|quarters?|years?)|today|yesterday|all time|custom range|date range)$/;

const MENU_ACTION = /^(add (it |this )?to|share|export|download)\b/;

/**
 * A search box or a sort/filter select acts on the screen (a select showing its facet and value, 'Status: Pending',
 * is such a filter); every other field belongs to its form.
 */
function addField(draft: Draft, label: string, choice: boolean): void {
  const key = keyOf(label);
  const acts = /^(sort|filter)\b/.test(key) || DATE_RANGE.test(key) || (choice && facetOf(label) !== null);
  if (/^search\b/.test(key)) draft.interactions.push({ kind: 'input', label, toScreen: null, seen: false });
  // A menu that sends what is shown somewhere ('Add to calendar ▾', 'Share ▾') is a control, not a field.
  else if (choice && MENU_ACTION.test(key)) draft.interactions.push({ kind: 'click', label, toScreen: null, seen: false });
  else if (acts) draft.interactions.push({ kind: 'select', label, toScreen: null, seen: false });
  else draft.fields.push({ label, choice });
}

/**
 * Key actions are phrases ('Click Add to cart', 'Open Shop', 'Enter Email', 'Go to Checkout'); each is read back
 * into the interaction it names so that it merges with the element it came from instead of doubling it. A phrase
 * of another shape (a model's 'Add a product to the cart') is an interaction of its own.
 */
function readKeyAction(text: string, draft: Draft): void {
  const phrase = text.trim();
  const match = (pattern: RegExp) => pattern.exec(phrase)?.[1]?.trim() ?? null;
  let target: string | null;
  if (/^scroll\b/i.test(phrase) || /^submit the form$/i.test(phrase)) return;
  if ((target = match(/^submit with (.+)$/i))) draft.interactions.push({ kind: 'submit', label: target, toScreen: null, seen: false });
  else if ((target = match(/^go to (.+)$/i))) draft.interactions.push({ kind: 'navigate', label: '', toScreen: keyOf(target), seen: false });
  else if ((target = match(/^click (.+)$/i))) draft.interactions.push({ kind: 'click', label: target, toScreen: null, seen: false });
  else if ((target = match(/^open (.+)$/i))) draft.interactions.push({ kind: 'navigate', label: target, toScreen: null, seen: false });
  else if ((target = match(/^switch to (.+)$/i))) draft.interactions.push({ kind: 'tab', label: target, toScreen: null, seen: false });
  else if ((target = match(/^toggle (.+)$/i))) draft.interactions.push({ kind: 'checkbox', label: target, toScreen: null, seen: false });
  else if ((target = match(/^enter (.+)$/i))) addField(draft, target, false);
  else if ((target = match(/^choose (.+)$/i))) addField(draft, target, true);
  else draft.interactions.push({ kind: 'click', label: phrase, toScreen: null, seen: false, phrase: true });
}

/**
 * Whether the recording is of a website or a phone app: a phone app moves between its screens with a tab bar that
 * stays on them, a website with header links that do. A product showing both, or neither, is taken for a website,
 * the commoner of the two.
 */
export function productTypeOf(screens: Screen[]): ProductType {
  const names = new Set(screens.flatMap((screen) => [screen.key, keyOf(screen.title)]));
  const labelsOf = (kind: InteractionKind) => {
    const counts = new Map<string, number>();
    for (const screen of screens) {
      const labels = new Set(screen.interactions.filter((i) => i.kind === kind && i.label).map((i) => keyOf(i.label)));
      for (const label of labels) counts.set(label, (counts.get(label) ?? 0) + 1);
    }
    return counts;
  };
  // A tab bar's tabs stay on screen, or are named after the screens they open ('Workouts', 'Progress').
  const tabBar = [...labelsOf('tab')].filter(([label, count]) => count >= 2 || names.has(label)).length;
  const header = [...labelsOf('navigate')].filter(([, count]) => count >= 2).length;
  return tabBar >= 2 && header < 2 ? 'mobile_app' : 'website';
}

/** Kind ranks when the same label was read several ways: what the video showed wins over what was visible. */
const KIND_RANK: Record<InteractionKind, number> = { submit: 6, input: 5, select: 5, open_modal: 4, click: 3, tab: 2, checkbox: 2, navigate: 1 };

/**
 * The 'All' of a chip row over a list: read as a tab or, lit and filled, as a button. Other screens may read an 'All'
 * as a link; a screen's own tabs have none.
 */
export const isAllChip = (interaction: Interaction): boolean =>
  keyOf(interaction.label) === 'all' && (interaction.kind === 'tab' || interaction.kind === 'click');

/**
 * A row of chips over a list ('All', 'Sleep', 'Focus') reads as tabs, and each chip, a filled pill when lit, as a
 * button on some frame: on a screen with such a row, a control read as a tab stays a tab unless it was seen acting.
 */
function keepChipsTabs(read: Interaction[], byLabel: Map<string, Interaction>): void {
  if (![...byLabel.values()].some(isAllChip)) return;
  const readAsTab = new Set(read.filter((i) => i.kind === 'tab').map((i) => keyOf(i.label)));
  for (const [key, interaction] of byLabel) if (interaction.kind === 'click' && !interaction.seen && readAsTab.has(key)) interaction.kind = 'tab';
}

function settle(draft: Draft, index: number): Screen {
  const byLabel = new Map<string, Interaction>();
  const moves: Interaction[] = [];
  for (const raw of draft.interactions) {
    const label = raw.label.trim();
    if (!label) {
      if (raw.toScreen && raw.toScreen !== draft.key) moves.push({ ...raw, label });
      continue;
    }
    const key = keyOf(label);
    const known = byLabel.get(key);
    if (known) {
      if (KIND_RANK[raw.kind] > KIND_RANK[known.kind]) known.kind = raw.kind;
      known.toScreen ??= raw.toScreen;
      known.seen ||= raw.seen;
      if (!raw.phrase) delete known.phrase;
      continue;
    }
    if (byLabel.size < MAX_INTERACTIONS_PER_SCREEN) byLabel.set(key, { ...raw, label });
  }
  keepChipsTabs(draft.interactions, byLabel);
  const interactions = withoutRows(withoutCutShort([...byLabel.values()])).concat(uniqueMoves(moves, byLabel));
  const fields = uniqueFields(draft.fields, byLabel);
  const exits = [...new Set([...draft.interactions].filter((i) => i.seen && i.toScreen && i.toScreen !== draft.key).map((i) => i.toScreen ?? ''))];
  const screen: Screen = {
    key: draft.key,
    name: draft.name,
    kind: 'other',
    title: '',
    description: draft.description,
    screenshotPath: draft.screenshotPath,
    interactions,
    fields,
    texts: draft.texts,
    headings: draft.headings,
    exits,
  };
  screen.kind = kindOf(screen, draft.analysedKind, index, draft.links.length);
  screen.title = titleOf(screen);
  return screen;
}

/** A word saying what happened ('completed', 'clicked'), not a word that only ends so ('speed', 'proceed'). */
const PARTICIPLE = /^(?!(speed|proceed|feed|seed|need|shed)$)\w{3,}ed$/;
/** Verbs a control's label starts with though a participle ends it ('Get started', 'Keep me signed'). */
const CONTROL_VERB = /^(get|stay|keep|be|let)$/;
/** Rows of a table are many on one screen; one or two such labels may still be controls. */
const MIN_ROWS = 3;

/**
 * The rows of a data table (a list of events, of orders) are content the screen shows, not its controls: labels
 * that read as records (a participle ends what a record says happened, 'Order Completed'), a label cut down to
 * their shared first word ('Checkout' beside 'Checkout Started'), and one of theirs that goes on after its
 * participle ('Checkout clicked legacy', an event renamed in the table).
 */
function withoutRows(interactions: Interaction[]): Interaction[] {
  const control = (i: Interaction) => i.kind === 'click' || i.kind === 'navigate';
  const words = (i: Interaction) => keyOf(i.label).split(' ');
  const isRecord = (i: Interaction) => {
    const [first = '', ...rest] = words(i);
    return rest.length > 0 && !CONTROL_VERB.test(first) && PARTICIPLE.test(rest.at(-1) ?? '');
  };
  const rows = interactions.filter((i) => control(i) && !i.seen && isRecord(i));
  if (rows.length < MIN_ROWS) return interactions;
  const firstWords = new Set(rows.map((i) => words(i)[0]));
  const ofTheirs = (i: Interaction) => {
    const [first = '', ...rest] = words(i);
    return firstWords.has(first) && (rest.length === 0 || rest.slice(0, -1).some((word) => PARTICIPLE.test(word)));
  };
  const isRow = (i: Interaction) => rows.includes(i) || (control(i) && !i.seen && ofTheirs(i));
  return interactions.filter((i) => !isRow(i));
}

/**
 * A label read whole on one frame and cut at the edge of its box on another ('New patient' and 'New pat'): the cut
 * one is the same control, and what the video showed of it joins the whole label.
 */
function withoutCutShort(interactions: Interaction[]): Interaction[] {
  const words = (i: Interaction) => wordsOf(i.label).map((word) => word.toLowerCase());
  const wholeOf = (cut: Interaction) => {
    const short = words(cut);
    const last = short.at(-1) ?? '';
    if (short.length < 2 || last.length < 2) return undefined;
    return interactions.find((other) => {
      const long = words(other);
      const next = long[short.length - 1] ?? '';
      return other !== cut && long.length >= short.length && next.length > last.length && cutFrom(last, next) &&
        short.slice(0, -1).every((word, i) => word === long[i]);
    });
  };
  return interactions.filter((interaction) => {
    const whole = wholeOf(interaction);
    if (!whole) return true;
    whole.toScreen ??= interaction.toScreen;
    whole.seen ||= interaction.seen;
    return false;
  });
}

/** A word's first letters, the last of them maybe misread where the box cut it ('pat' of 'patient', 'unlit' of 'unlimited'). */
function cutFrom(cut: string, whole: string): boolean {
  if (whole.startsWith(cut)) return true;
  return cut.length >= 4 && whole.startsWith(cut.slice(0, -1));
}

/** Moves without a label, one per destination. */
function uniqueMoves(moves: Interaction[], labelled: Map<string, Interaction>): Interaction[] {
  const destinations = new Set([...labelled.values()].map((i) => i.toScreen).filter((to) => to !== null));
  const unique = new Map<string, Interaction>();
  for (const move of moves) {
    const to = move.toScreen ?? '';
    const known = unique.get(to);
    if (known) known.seen ||= move.seen;
    else if (!destinations.has(to)) unique.set(to, move);
  }
  return [...unique.values()];
}

function uniqueFields(fields: FormField[], interactions: Map<string, Interaction>): FormField[] {
  const seen = new Set<string>();
  const unique: FormField[] = [];
  for (const field of fields) {
    const label = field.label.trim();
    if (!label || !isNameable(label) || seen.has(keyOf(label)) || interactions.has(keyOf(label))) continue;
    if (unique.length >= MAX_FIELDS_PER_FORM) break;
    seen.add(keyOf(label));
    unique.push({ label, choice: field.choice });
  }
  return unique;
}

/**
 * A label cut short where the reader lost its end ('Pay with', 'Discover We', 'Log' of 'Log in', 'Get' of 'Get started'): it ends on a
 * word that needs another after it, or is a verb that never stands alone; an app store's badge reads its first line
 * alone ('Get it on' over 'Google Play').
 */
const CUT_SHORT = /\s(with|to|for|and|or|of|the|a|an|we|you|your|our|my|from|at|by)$|^(log|sign|check|opt|get)$|^(get it|download) on$/;

/**
 * Whether a label can name an event or be an example: no digits (a badge 'Cart 1', a price), no stray single
 * letters (OCR's 'D Goods'), at least three letters and at most four words.
 */
export function isNameable(label: string): boolean {
  const words = wordsOf(label);
  if (words.length === 0 || words.length > 4) return false;
  if (CUT_SHORT.test(words.join(' ').toLowerCase())) return false;
  if (words.some((word) => /\d/.test(word))) return false;
  if (words.some((word) => word.length === 1 && word.toLowerCase() !== 'a')) return false;
  return words.join('').length >= 3;
}

/** The analysis's kinds that plans use as they are. */
const AS_ANALYSED: Partial<Record<AnalysedKind, ScreenKind>> = {
  login: 'login',
  signup: 'sign_up',
  cart: 'cart',
  product: 'product',
  listing: 'product_list',
  search: 'search_results',
  settings: 'settings',
  dashboard: 'dashboard',
};

/** Kinds a plan tells apart among the analysis's content and other screens, by name and in this order. */
const FINER_KINDS: Array<[ScreenKind, RegExp]> = [
  ['invite', /\binvite\b/],
  // A name ending in its plans ('Premium Plans') too.
  ['pricing', new RegExp(`${PLANS_SCREEN_NAME.source}|\\bplans$`)],
  ['feed', /\b(feed|timeline)\b/],
  ['profile', /\b(profile|my account)\b/],
  ['article', /^(article|blog post|news article|article detail|post detail)$/],
  ['story', /^stor(y|ies)$/],
  ['gallery', /^((photo|image|picture)s? )?gallery$|^(all )?photos$/],
  ['home', /^(home|homepage|home page|landing|landing page)$/],
];

function kindOf(screen: Screen, analysed: AnalysedKind, index: number, linkCount: number): ScreenKind {
  const name = keyOf(screen.name);
  if (analysed === 'checkout') return ORDER_PLACED_SCREEN_NAME.test(name) ? 'order_confirmation' : 'checkout';
  // A sign-in form that offers to create an account is still a sign-in: what it says tells them apart.
  if (analysed === 'signup' && saysSignIn(screen)) return 'login';
  const known = AS_ANALYSED[analysed];
  if (known) return known;
  for (const [kind, pattern] of FINER_KINDS) if (pattern.test(name)) return kind;
  // The first screen under a marketing headline is where the product opens: a site's home or an app's welcome.
  if (index === 0 && (wordsOf(screen.name).length > 3 || linkCount >= 3)) return linkCount >= 2 ? 'home' : 'welcome';
  const labels = screen.interactions.map((i) => keyOf(i.label));
  // An app's first screen that offers a way in to those who have an account greets the rest: its welcome.
  if (index === 0 && labels.some((label) => /^(i )?already have an account\b/.test(label))) return 'welcome';
  if (labels.includes('edit profile') || (labels.includes('followers') && labels.includes('following'))) return 'profile';
  return 'other';
}

function saysSignIn(screen: Screen): boolean {
  const said = [...screen.headings, ...screen.texts].map(keyOf);
  return said.some((text) => /^(welcome back|(sign|log) ?in)\b/.test(text)) && !said.some((text) => /^(create|sign ?up|join|register)\b/.test(text));
}

const TITLES: Partial<Record<ScreenKind, string>> = {
  home: 'Home',
  welcome: 'Welcome',
  product_list: 'Product List',
  product: 'Product',
  cart: 'Cart',
  checkout: 'Checkout',
  order_confirmation: 'Order Confirmation',
  sign_up: 'Sign Up',
  login: 'Login',
  settings: 'Settings',
  dashboard: 'Dashboard',
  pricing: 'Pricing',
  search_results: 'Search Results',
  feed: 'Feed',
  profile: 'Profile',
  article: 'Article',
  story: 'Story',
  gallery: 'Photo Gallery',
};

const FILLERS = new Set(['a', 'an', 'the', 'your', 'my', 'our', 'this', 'to', 'of', 'for', 'and', 'with', 'in', 'on']);
/** A pronoun and its verb run together ("You've arrived", "We're done"): no word of a title. */
const CONTRACTION = /\b(i|you|we|they|it|that|let|there|here)['’](m|re|ve|ll|d|s)\b/gi;
const MAX_TITLE_WORDS = 3;

/**
 * Kinds whose screens are instances of one template ('Linen Overshirt' and 'Wool Coat' are both the Product
 * screen; 'Maya Chen' is a Profile): they are always named by their kind, so that they share one view event.
 */
const TEMPLATE_KINDS: ReadonlySet<ScreenKind> = new Set([
  'home', 'welcome', 'product_list', 'product', 'cart', 'checkout', 'order_confirmation', 'sign_up', 'login', 'search_results', 'profile',
  'article', 'story', 'gallery',
]);

function titleOf(screen: Screen): string {
  const known = TITLES[screen.kind];
  const words = wordsOf(screen.name.replace(CONTRACTION, ' '));
  if (known && (TEMPLATE_KINDS.has(screen.kind) || words.length > MAX_TITLE_WORDS)) return known;
  const meaningful = words.filter((word) => !FILLERS.has(word.toLowerCase()));
  if (screen.kind === 'invite') {
    const invitee = meaningful.find((word) => /^(teammates?|members?|users?|people|colleagues?|team)$/i.test(word));
    return invitee ? titleCase(`Invite ${invitee}`) : 'Invite';
  }
  const isFiller = (word: string | undefined) => word !== undefined && FILLERS.has(word.toLowerCase());
  let short = words.slice(0, MAX_TITLE_WORDS);
  while (short.length > 1 && isFiller(short[0])) short = short.slice(1);
  while (short.length > 1 && isFiller(short[short.length - 1])) short = short.slice(0, -1);
  return titleCase(short.join(' ')) || 'Screen';
}
