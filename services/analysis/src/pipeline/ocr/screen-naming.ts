/**
 * Names a screen the way an analytics engineer would ("Cart", "Product Detail", "Login") rather than by
 * its marketing headline: from the browser's address bar when the recording shows one, from the kind of
 * page the words and controls reveal, from the highlighted navigation item, and only then from a
 * shortened heading. Pure functions over what OCR read, so every rule has a unit test.
 */
import { isItemAction, itemActionNoun, noticeOf, pictureCounterOf } from '@tracklens/contracts';
import type { UiElement } from '../types';
import { JOINING_WORDS } from './vocabulary';

export interface NamingEvidence {
  /** Path read from a browser address bar ("/products/123"), when the recording shows one. */
  urlPath?: string;
  /** The address bar's URL carried a search ('?q=…'). */
  urlSearched?: boolean;
  /** The page's main heading as read (a phone's centred bar title counts). */
  heading?: string;
  /** The highlighted item of the sidebar, top navigation or phone tab bar. */
  activeNav?: string;
  /** The highlighted item is a phone's tab: it stays lit on the screens opened from it. */
  activeTab?: boolean;
  /** Every readable text of the page body (not the navigation, banners or browser chrome). */
  texts: string[];
  /** Font size of each text, same order as `texts`, when known (a price set large is the product's). */
  sizes?: number[];
  elements: UiElement[];
  /** Items in the top navigation row. */
  navCount: number;
  /** The heading is set well above body size, in the upper part of the screen: a hero. */
  heroHeading: boolean;
  isModal: boolean;
  /** The first key frame of the video: where a marketing site's home page is. */
  isFirstFrame: boolean;
  /** The heading of the page recognised as the home page earlier in the video (a revisit looks the same). */
  homeHeading?: string;
  /** The short line just above the heading, where apps put a breadcrumb ("Inbox › #4471"). */
  breadcrumb?: string;
  /** What earlier list pages of the video called their ids, by number ("4471" → "Ticket"). */
  knownIds?: Record<string, string>;
  /** The last screen of the video before this one named after a kind of thing, in the plural ("Workouts"). */
  listName?: string;
}

export type NameSource = 'url' | 'archetype' | 'navigation' | 'heading' | 'none';

export interface ScreenNaming {
  name: string;
  source: NameSource;
}

interface Archetype {
  name: string;
  /** Strong archetypes are told apart by unmistakable controls and win over the navigation's label. */
  strong: boolean;
}

/** Words that carry no meaning in a short name ("Your Cart" is the Cart). */
const FILLER_WORDS = new Set(['a', 'an', 'the', 'your', 'our', 'my', 'this', 'here']);
const MAX_NAME_WORDS = 4;
/** A name that already says the screen lies over another (a lightbox's gallery) is not called a modal besides. */
const SAYS_OVERLAY = /\b(gallery|lightbox)$/i;

/** "everyday ESSENTIALS, made" → "Everyday Essentials Made": capitalised words, small words lower case. */
export function titleCase(text: string): string {
  const words = text.split(/\s+/).filter(Boolean);
  return words
    .map((word, i) => {
      const bare = word.toLowerCase();
      if (i > 0 && JOINING_WORDS.has(bare)) return bare;
      // Acronyms and brand spellings ("FAQ", "iPhone") stay as written.
      if (/[A-Z]/.test(word.slice(1)) && word !== word.toUpperCase()) return word;
      if (word.length <= 4 && word === word.toUpperCase() && /[A-Z]{2}/.test(word)) return word;
      return bare.charAt(0).toUpperCase() + bare.slice(1);
    })
    .join(' ');
}

/** A name as compared: lower case, words only ("Sign-In", "sign in" and "/sign-in" are one name). */
export function normalizeName(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
}

const sameWords = (a: string, b: string): boolean => normalizeName(a) === normalizeName(b);

/** A heading cut down to a name: no punctuation, no filler words, at most four words, Title Case. */
export function shortName(heading: string): string {
  // A headline's first clause carries its subject ("Your usual, ready when you arrive" → "Your usual").
  const clauses = heading.split(/\s*[,;:!?|–—]\s*|\s+-\s+/).filter((clause) => clause.trim() !== '');
  const first = clauses[0] ?? heading;
  const words = (first.trim().split(/\s+/).length >= 2 ? first : heading)
    .replace(/[“”"!?.,:;()[\]]+/g, ' ')
    // An apostrophe inside a word stays ("You're"); quotes around words go.
    .replace(/’/g, "'")
    .replace(/(?<![a-z])'|'(?![a-z])/gi, ' ')
    .split(/\s+/)
    .filter(Boolean);
  const meaningful = words.filter((word) => !FILLER_WORDS.has(word.toLowerCase()));
  // Joining words ride along: the limit counts the words that carry meaning.
  const kept: string[] = [];
  let counted = 0;
  for (const word of meaningful.length > 0 ? meaningful : words) {
    if (counted === MAX_NAME_WORDS) break;
    kept.push(word);
    if (!JOINING_WORDS.has(word.toLowerCase())) counted += 1;
  }
  // A name does not end on a joining word ("Sign in to" → "Sign In").
  while (kept.length > 1 && JOINING_WORDS.has((kept[kept.length - 1] ?? '').toLowerCase())) kept.pop();
  return titleCase(kept.join(' '));
}

// ---------------------------------------------------------------------------------------------------
// Address bar

const URL_PATTERN = /(?:https?:\/\/)?((?:[a-z0-9-]+\.)+[a-z]{2,}|localhost|\d{1,3}(?:\.\d{1,3}){3})(?::\d{2,5})?(\/[^\s]*)?/i;

/** Top levels of the hosts products live on; 'com' before 'co', so the longer one is tried first. */
const COMMON_TOP_LEVELS = 'com|io|app|net|org|shop|dev|co|store|local|fm|ai|so';
/** A host's common top level in a text ('acme.shop', 'app.quantly.io/…'): an address, not words. */
export const COMMON_HOST = new RegExp(`\\.(${COMMON_TOP_LEVELS})\\b`, 'i');

/**
 * The slash after a host read as a letter or a bar ('app.quantly.iojacme-store/events'): a common top level
 * followed by one of those and a name that runs to a slash or the end, no dot in it, as no host continues so.
 */
const SLASH_READ_AS_LETTER = new RegExp(`(\\.(?:${COMMON_TOP_LEVELS}))[jlI|1](?=[a-z0-9-]+(?:\\/|$))`, 'i');

/** The dot before a common top level read as a colon ('app.tanager:io/issues'): a port is digits. */
const DOT_READ_AS_COLON = new RegExp(`(?<=[a-z0-9]):(?=(?:${COMMON_TOP_LEVELS})(?:\\/|$))`, 'i');

/** An address as OCR read it, with the slash and the dot it is known to misread put back. */
export function repairedAddress(text: string): string {
  return text.trim().replace(SLASH_READ_AS_LETTER, '$1/').replace(DOT_READ_AS_COLON, '.');
}

/**
 * A query that carries what was looked for ('/jobs?q=designer', '?query=', '?keywords='): the page lists results.
 * A lone 'q' is often read as '9', 'g' or ':' where tesseract cut the line after it.
 */
const SEARCH_QUERY = /[?&](q|query|search|keywords?|term)(=|$)|\?[9g:]=?$/i;

/** The URL as read by OCR was a search ('shop.example.com/boots?q=rain'), whatever its path. */
export function searchedIn(text: string): boolean {
  return SEARCH_QUERY.test(text);
}

/** The path of a URL as read by OCR ("shop.example.com/cart?x=1" → "/cart"), or undefined. */
export function urlPathOf(text: string): string | undefined {
  const match = URL_PATTERN.exec(repairedAddress(text));
  if (!match) return undefined;
  const host = match[1] ?? '';
  // A bare word with a dot ("e.g") is not a host: it needs a letter-only top level of 2+ letters.
  if (!/localhost|\d/.test(host) && !/\.[a-z]{2,}$/i.test(host)) return undefined;
  let path = match[2] ?? '/';
  const hash = path.indexOf('#/');
  if (hash >= 0) path = path.slice(hash + 1);
  return path.replace(/[?#].*$/, '') || '/';
}

const SINGULAR: Record<string, string> = {
  categories: 'category', addresses: 'address', stories: 'story', companies: 'company', people: 'person',
};

function singular(word: string): string {
  const lower = word.toLowerCase();
  if (SINGULAR[lower]) return SINGULAR[lower];
  if (lower.endsWith('ss') || lower.length <= 3) return lower;
  return lower.endsWith('s') ? lower.slice(0, -1) : lower;
}

/** The kind of thing a screen named after it in the plural lists ('Workouts' → workout); undefined for any other name. */
export function kindListed(screenName: string): string | undefined {
  return /^[A-Z][a-z]+[^su]s$/.test(screenName) && screenName !== 'News' ? singular(screenName) : undefined;
}

/** Segments that name a page by themselves, whatever the site calls them. */
const SEGMENT_NAMES: Record<string, string> = {
  login: 'Login', signin: 'Login', 'sign-in': 'Login', 'log-in': 'Login',
  signup: 'Sign Up', 'sign-up': 'Sign Up', register: 'Sign Up', join: 'Sign Up', 'create-account': 'Sign Up',
  cart: 'Cart', basket: 'Cart', bag: 'Cart',
  search: 'Search Results', results: 'Search Results',
  products: 'Product Listing', shop: 'Product Listing', catalog: 'Product Listing', catalogue: 'Product Listing',
  collections: 'Product Listing', category: 'Product Listing', categories: 'Product Listing',
  'thank-you': 'Order Confirmation', thankyou: 'Order Confirmation', confirmation: 'Order Confirmation',
  'order-confirmation': 'Order Confirmation', success: 'Order Confirmation', complete: 'Order Confirmation',
  'forgot-password': 'Forgot Password', 'reset-password': 'Reset Password',
  verify: 'Verify Email', 'verify-email': 'Verify Email', 'confirm-email': 'Verify Email', 'email-verification': 'Verify Email',
  faq: 'FAQ',
};

/** Collections of a workspace's records, whose next segment is one record's key. */
const CONTAINERS = /^(projects|teams|workspaces|orgs|organi[sz]ations|repos|repositories|boards|channels|spaces|sites|apps|clients|companies|groups)$/;
/** What follows a collection and is a page of it, not a record ('/projects/new'). */
const NOT_A_KEY = /^(new|create|add|edit|import|all|archived?|search|settings|overview|list)$/;
/** A segment that opens the form for a new record of the collection before it. */
const CREATE = /^(new|create|add)$/;
/**
 * A last segment that says the process before it is done. One that says what was done ('/invite/sent') names
 * the screen as it is.
 */
const COMPLETED = /^(done|success|successful|complete|completed|confirmed|confirmation|thanks|thank[-_]?you|finished)$/;
/** Processes that make the user a member, whose end may welcome them. */
const JOINED = /^(subscribe|subscription|signup|sign-up|register|join|upgrade|membership)$/;
/** Processes whose end is an order's confirmation. */
const PURCHASE = /^(checkouts?|orders?|carts?|baskets?|bags?|payments?|pay|purchases?)$/;

/** Whether a path shows one item of a collection ('/world/europe-heatwave-power-grid', '/products/123'). */
export function pathOfItem(path: string): boolean {
  const segments = pathSegments(path);
  return segments.length >= 2 && isIdentifier(segments[segments.length - 1] ?? '');
}

/** An id rather than a word: numbers, hex or uuid runs, slugs with digits, long slugs of several words. */
function isIdentifier(segment: string): boolean {
  if (/^\d+$/.test(segment)) return true;
  if (/^[0-9a-f-]{8,}$/i.test(segment) && /\d/.test(segment)) return true;
  if (/\d/.test(segment) && /[a-z]/i.test(segment) && segment.length >= 6) return true;
  return segment.split('-').length >= 3;
}

const words = (segment: string): string => segment.replace(/[-_+.]+/g, ' ').trim();

/** The segments of a path that say where in the site it is: no locale, no "/app" prefix, no file extension. */
export function pathSegments(path: string): string[] {
  return path
    .split('/')
    .map((segment) => decodeSafely(segment).toLowerCase().replace(/\.(html?|php|aspx?)$/, ''))
    .filter((segment) => segment !== '' && !/^(en|en-us|en-gb|us|uk|app|#)$/.test(segment));
}

/**
 * A segment whose thin first letter the slash before it swallowed in the reading ('/lights' for '/flights'): the page's
 * own word one letter longer at its start, where the page shows it and not the segment as read.
 */
function withLetterAfterSlash(segment: string, shown: readonly string[]): string {
  if (!/^[a-z]{3,}$/.test(segment)) return segment;
  const words = new Set(shown.flatMap((line) => line.toLowerCase().split(/[^a-z]+/)));
  if (words.has(segment)) return segment;
  const whole = [...'filt'].map((letter) => letter + segment).find((word) => words.has(word));
  return whole ?? segment;
}

/**
 * A screen name from a URL path: "/cart" → "Cart", "/products/123" → "Product Detail", "/" → "Home"; a slug
 * that spells the page's heading is an item too ("/album/midnight-tides" under "Midnight Tides"). A path
 * searched ('/jobs?q=…') lists what was found: Job Search Results.
 */
export function nameFromUrlPath(path: string, heading?: string, searched = false, shown: readonly string[] = []): string | undefined {
  const name = nameOfPath(path, heading, shown);
  if (!searched || name === undefined) return name;
  if (name === 'Product Listing') return 'Search Results';
  // One word in the plural names what is listed ('Jobs').
  const listed = kindListed(name);
  return listed ? titleCase(`${listed} Search Results`) : name;
}

function nameOfPath(path: string, heading?: string, shown: readonly string[] = []): string | undefined {
  const read = pathSegments(path).map((segment) => withLetterAfterSlash(segment, shown));
  if (read.length === 0) return 'Home';
  // A workspace's record is keyed by a word as often as by an id ('/projects/web/board'): the key is no section,
  // and the collection before it is one record of its kind ('Project Board').
  const keyed = (i: number): boolean =>
    i > 0 && i < read.length && CONTAINERS.test(read[i - 1] ?? '') && !SEGMENT_NAMES[read[i] ?? ''] && !NOT_A_KEY.test(read[i] ?? '');
  const segments = read.map((segment, i) => (keyed(i + 1) ? singular(segment) : keyed(i) ? '0' : segment));
  const last = segments[segments.length - 1] ?? '';
  // What is done to one item, as the last segment after its key ('/jobs/8412/apply'): Job Application.
  const action = itemActionNoun(last);
  if (action && segments.length >= 3 && isIdentifier(segments[segments.length - 2] ?? '')) {
    const item = words(singular(segments[segments.length - 3] ?? ''));
    return titleCase(action === 'Edit' ? `Edit ${item}` : `${item} ${action}`);
  }
  // The form that makes a record of a collection ('/campaigns/new') and the steps it takes ('/campaigns/new/template'):
  // New Campaign, Campaign Template. A shop's '/products/new' lists what is new instead.
  const made = (i: number): boolean => i >= 1 && CREATE.test(segments[i] ?? '') && !SEGMENT_NAMES[segments[i - 1] ?? ''] && !isIdentifier(segments[i - 1] ?? '');
  if (made(segments.length - 1)) return titleCase(`New ${words(singular(segments[segments.length - 2] ?? ''))}`);
  if (segments.length >= 3 && made(segments.length - 2) && !isIdentifier(last)) {
    return titleCase(`${words(singular(segments[segments.length - 3] ?? ''))} ${words(last)}`);
  }
  // A slug of several words that spells the heading is the item's title, not a section ("/settings/billing"), and so
  // is one that ends a breadcrumb of the whole path ('Audience Contacts Priya Natarajan'). A line that only repeats the
  // slug is no proof: a feature's page shows its name ('/product/session-replay').
  const trail = read.map(words).join(' ');
  const titleSlug = words(last).includes(' ') &&
    ((heading !== undefined && sameWords(last, heading)) || (read.length >= 3 && shown.some((line) => sameWords(line, trail))));
  if (segments.length >= 2 && (isIdentifier(last) || titleSlug)) {
    const owner = segments[segments.length - 2] ?? '';
    const ownerName = SEGMENT_NAMES[owner];
    if (ownerName === 'Product Listing') return 'Product Detail';
    // What is done to the item, before its key ('/book/hotel-arbor-eixample'): the page where it is done, Booking.
    const done = itemActionNoun(owner);
    if (done && done !== 'Edit') return done;
    return recordName(words(singular(owner)));
  }
  if (segments.length === 1 && SEGMENT_NAMES[last]) return SEGMENT_NAMES[last];
  // The last two meaningful segments say where in the site we are ("/checkout/payment" → "Checkout Payment").
  const meaningful = segments.filter((segment) => !isIdentifier(segment));
  const tail = meaningful.slice(-2);
  // A path that ends on a process done confirms what came before it ('/transfer/done', '/booking/success'); a
  // purchase's end is the order's.
  // A membership's first page welcomes its new member ('/subscribe/welcome').
  const done = tail.length === 2 && (COMPLETED.test(tail[1] ?? '') || (tail[1] === 'welcome' && JOINED.test(tail[0] ?? '')));
  if (done && !PURCHASE.test(tail[0] ?? '')) {
    const process = tail[0] ?? '';
    // The process's collection names one of them ('/bookings/…/confirmation': Booking Confirmation).
    return titleCase(`${SEGMENT_NAMES[process] ?? itemActionNoun(process) ?? words(singular(process))} Confirmation`);
  }
  if (tail.length === 2 && SEGMENT_NAMES[tail[1] ?? ''] && ['Login', 'Sign Up', 'Verify Email', 'Cart', 'Order Confirmation'].includes(SEGMENT_NAMES[tail[1] ?? ''] ?? '')) {
    return SEGMENT_NAMES[tail[1] ?? ''];
  }
  // A step of what is done to an item names the doing ('/book/…/payment': Booking Payment).
  const doing = itemActionNoun(tail[0] ?? '');
  if (tail.length === 2 && doing && doing !== 'Edit') return titleCase(`${doing} ${words(tail[1] ?? '')}`);
  // A path that says what was done to a thing names one of them ('/applications/…/submitted': Application Submitted).
  const saysDone = tail.length === 2 && noticeOf(`${words(tail[0] ?? '')} ${tail[1] ?? ''}`) !== null;
  return titleCase((saysDone ? [singular(tail[0] ?? ''), tail[1] ?? ''] : tail).map(words).join(' '));
}

function decodeSafely(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

// ---------------------------------------------------------------------------------------------------
// Archetypes

const has = (texts: string[], pattern: RegExp): boolean => texts.some((text) => pattern.test(text));
const count = (texts: string[], pattern: RegExp): number => texts.filter((text) => pattern.test(text)).length;

/** Who wrote a story: 'By' and a name ('By Elena Marsh and Tomasz Wójcik · 2h ago', whatever separates the rest). */
const BYLINE = /^(By|BY) \p{Lu}[\p{L}'’.-]+/u;
/** A title that asks for one choice: "Choose your bank", "Select a seat". */
const CHOICE_HEADING = /^(?:choose|select|pick) (?:your|a|an) ([a-z]+(?: [a-z]+)?)$/;
/** A step that shows what was chosen back before it is sent: "Review and confirm", "Review your booking". */
const REVIEW_STEP = /^review (and|&) (confirm|book|submit)\b|^review (your )?(booking|appointment|reservation|visit|stay)\b|^(check|confirm) your (booking|appointment|reservation)( details)?$/;
/** When a story was written: a date with its month named, or a time ago, or an update. */
const ARTICLE_DATE =
  /\b(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.? \d{1,2},? \d{4}\b|\b\d{1,2} (jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]* \d{4}\b|\b(updated|published)\b|\b\d{1,2} ?(h|hrs?|hours?|mins?|minutes?|days?) ago\b/;
const PRICE = /(^|\s)[$€£]\s?\d{1,5}([.,]\d{2})?\b|\b\d{1,5}[.,]\d{2}\s?(€|eur|usd)\b/i;
const BIG_NUMBER = /^[+-]?[$€£]?\d{1,3}([,.]\d{3})*([.,]\d+)?\s?(%|k|m|bn|pts|h|min|s|ms|x)?$/i;

function labels(elements: UiElement[], kind: UiElement['kind']): string[] {
  return elements.filter((element) => element.kind === kind).map((element) => element.label.toLowerCase());
}

/** A form that asks who the guest or the buyer is: names, an e-mail, a phone (`fields` of them at least). */
function asksWhoComes(evidence: NamingEvidence, fields = 2): boolean {
  return labels(evidence.elements, 'input').filter((label) => /\bname\b|e-?mail|phone/.test(label)).length >= fields;
}

/** The last word of a booking's path that says who comes ('/booking/passengers'), or the booking itself ('/book'). */
const BOOKED_PEOPLE = /^(passengers?|guests?|travell?ers?|patients?|attendees?|participants?)$/;
const BOOKING = /^(book|booking|reservation)$/;

/** What an onboarding's question asks about, by its words, in the order they are tried. */
const QUESTION_TOPICS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\b(work on|focus on|achieve|improve|goals?|hop(e|ing) to|brings? you|looking for)\b/, 'Goals'],
  [/\bhow (much|often|long) have you\b|\b(experience[ds]?|familiar)\b|\bbefore\b/, 'Experience'],
  [/^when (do|would|should|can) you\b|\bwhat time\b|\bremind/, 'Reminder'],
  [/\binterest(s|ed)?\b|\btopics?\b/, 'Interests'],
];

/** A language on a line of its own, as a picker lists it; its flag may read as a glyph or two before it. */
const LANGUAGES = /^\W{0,3}(spanish|french|german|italian|portuguese|japanese|korean|chinese|mandarin|english|dutch|russian|arabic|hindi|turkish|swedish|greek|polish)( \(.*\))?$/;

/** What kind of page this is, from its words and controls; undefined when nothing is telling. */
export function classifyArchetype(evidence: NamingEvidence): Archetype | undefined {
  const texts = evidence.texts.map((text) => text.toLowerCase());
  const heading = (evidence.heading ?? '').toLowerCase();
  const inputs = labels(evidence.elements, 'input');
  const buttons = labels(evidence.elements, 'button');
  const all = [heading, ...texts];
  const hasInput = (pattern: RegExp): boolean => inputs.some((label) => pattern.test(label)) || has(texts, new RegExp(`^(${pattern.source})\\*?:?$`));
  const password = hasInput(/password/);
  const strong = (name: string): Archetype => ({ name, strong: true });
  const weak = (name: string): Archetype => ({ name, strong: false });

  // A receipt sent (or a ticket's way into the phone's wallet offered beside it) ends a purchase.
  if (has(all, /thank(s| you)\b.*\border|\border\b.*\b(confirmed|placed|received)\b|\border (number|no\.?|#)|^order #/) ||
      (has(all, /^thank you/) && has(all, /\border\b/)) || has(all, /\b(a |your )?receipt (was |has been |is )?(sent|on its way)\b/)) {
    // A delivery's order is confirmed where it is then followed, made and brought within the hour: its tracking.
    // A shop's delivery date ('Estimated delivery: Thursday') is no live status.
    const followed = has(all, /^(preparing|cooking|picking up) your order\b|\bout for delivery\b|\barriv(es|ing) in \d+ ?min|\bestimated arrival\b/);
    return strong(followed ? 'Order Tracking' : 'Order Confirmation');
  }
  // A stay, a table or a ticket is booked rather than ordered. "You're all set" alone closes a sign-up as
  // often as a booking: the page must say it is a booking or a reservation.
  if (has(all, /\b(booking|reservation)\b.*\b(confirmed|complete|received)\b|\b(has|received) your (booking|reservation)\b|^you'?re booked\b|\bbooking (number|no\.?|#|reference)/)) {
    return strong('Booking Confirmation');
  }
  // A plan taken out: the page says it is done and what the subscription costs and when ('Free until 14 June', 'Then
  // $69.99/year').
  if (has(all, /^(you'?re (all set|subscribed)|welcome to (premium|plus|pro)\b|subscription (confirmed|active))/) &&
      has(all, /\b(free until|trial ends|then \$|renews|billed (monthly|yearly|annually))\b|^then$/)) {
    return strong('Subscription Confirmation');
  }

  // A product's page may count its pictures too ('1 / 6' under the photo): it also prices the product.
  if (inputs.length === 0 && evidence.texts.some((text) => pictureCounterOf(text) !== null) && !texts.some((text) => PRICE.test(text))) return strong('Photo Gallery');

  const signupWords = /^(sign ?up|create (an |your )?account|register|join( now| free)?|get started)$/;
  const signupHeading = /\b(sign ?up|create (an |your )?account|register|join)\b/.test(heading);
  const loginWords = /\b(sign ?in|log ?in|welcome back)\b/;
  // A sign-in form offers to create an account as well: its heading says which of the two it is.
  const signupButton = !loginWords.test(heading) && buttons.some((label) => signupWords.test(label));
  const signup = password && (signupHeading || signupButton || hasInput(/confirm password|full name|^name$|first name/));
  if (signup) return strong('Sign Up');
  // Its e-mail box and 'Send link' are a passwordless sign-in's too, and its text a sign-in's link: the heading says it.
  if (/\b(forgot|reset)\b.*\bpassword\b/.test(heading) && !password) return strong('Forgot Password');
  // A password box whose label did not read (a placeholder inside it) still has its way back in beside it.
  const forgotLink = has([...texts, ...labels(evidence.elements, 'link')], /^forgot (your )?password\??$/);
  if ((password || forgotLink) && (loginWords.test(heading) || buttons.some((label) => loginWords.test(label)) || has(texts, loginWords))) return strong('Login');
  if (password && hasInput(/e-?mail|username|user name/)) return strong('Login');
  // Passwordless sign-in: an email field and a sign-in button, nothing else to fill in.
  if (!password && inputs.length >= 1 && inputs.length <= 2 && hasInput(/e-?mail|username/) &&
      buttons.some((label) => /^(sign ?in|log ?in|continue with email|send (me )?(a )?(magic )?link)$/.test(label))) return strong('Login');

  const payment = hasInput(/card number|name on card|cardholder|expir|cvc|cvv|security code/) || has(texts, /^card number/);
  const shipping = hasInput(/address|postal|zip|postcode|city/) || has(texts, /^(shipping|delivery|billing) (address|details|method)/);
  // A checkout's steps shown as a trail ('Cart › Information › Shipping › Payment', read as one line or
  // several): the cart is only its first step.
  const checkoutSteps = /\b(cart|information)\W+(information|shipping|delivery)\W+(shipping|delivery|payment)\b/.test(texts.join(' '));
  // A form for card details under a heading that says so ('Payment details') pays for something, whatever its
  // button says ('Start Premium') and though it is the last of a sign-up's steps.
  const paymentHeading = payment && /^(payment|billing|card)( (details|method|information|info))?$|^(add|enter) (a |your )?(payment|card)\b/.test(heading);
  // A page of a shop's kind is titled by a few words ('Secure checkout', 'Your basket'); a sentence that mentions one
  // is a record's title ('Checkout button overlaps promo banner on Safari 17').
  const title = heading.split(/\s+/).length <= 5 ? heading : '';
  if (/\bcheckout\b|\bconfirm (and|&) pay\b/.test(title) || checkoutSteps || paymentHeading ||
      ((payment || shipping) && has(all, /place order|pay now|\bpay [$€£]|complete (order|purchase)|continue to (payment|shipping|delivery)|\bcheckout\b|order summary/))) {
    return strong('Checkout');
  }
  // A cart drawer is titled at its top ('Your cart (1)') above its items, whatever line reads largest.
  const cartTitle = has(texts.slice(0, 2), /^(your |my |shopping )?(cart|basket|bag)\b/);
  if (/\b(cart|basket|bag)\b/.test(title) || (has(texts, /^subtotal\b/) && (cartTitle || has(texts, /^(order )?total\b/)))) return strong('Cart');

  // A step whose title asks for one choice ('Choose your bank', 'Choose your seats') is that thing's selection, as
  // analysts name such steps. Plans, and a product's size or colour, have pages of their own.
  const chosen = CHOICE_HEADING.exec(heading)?.[1];
  if (chosen && !evidence.isModal && !password && !/\b(plans?|subscription|membership|size|colou?r)\b/.test(chosen)) {
    return strong(`${titleCase(chosen.split(' ').map(singular).join(' '))} Selection`);
  }
  // A search box over what was searched lately or is suggested: where a search is typed. The box may read as a
  // button, its magnifier as a letter ('Q Search destination').
  const searchBox = [...inputs, ...buttons].some((label) => /^(\W+|q )?search\b/.test(label));
  if (searchBox && has(texts, /^(recent|suggested|popular|trending)( and suggested| searches| destinations)?$|^(recent|popular) searches\b/)) {
    return strong('Search');
  }
  // Results are counted as such, or as the things searched for ('312 stays'); 'N matches' also counts the
  // suggestions under a search box being typed into, so it says nothing.
  // Or by what was found, with the distance or the order they are listed in ('48 dermatologists · Within 5 miles').
  if (has(all, /\bresults? for\b|^search results|^\d[\d,]* (results|items found|stays|homes|properties|hotels|rentals|listings)\b|showing results/) ||
      has(texts, /^\d[\d,]* [a-z]+s\b.*\b(sorted by|within \d+ ?(mi|miles|km))\b/)) {
    return strong('Search Results');
  }

  // One story of a publication under its headline: its byline and when it was written or how long it reads, once
  // (a front page or a list of stories shows many). A headline of several lines may be read by its last alone.
  const bylines = count(evidence.texts, BYLINE);
  const readingTimes = count(texts, /\b\d{1,2} ?min(ute)?s? read\b/);
  const dated = has(texts, ARTICLE_DATE);
  if (bylines <= 1 && readingTimes <= 1 && (readingTimes === 1 || (bylines === 1 && dated)) && heading !== '' && !evidence.isModal) {
    return strong('Article');
  }

  const prices = texts.map((text, i) => ({ text, size: evidence.sizes?.[i] ?? 0 })).filter((entry) => PRICE.test(entry.text));
  const addToCart = has([...buttons, ...texts], /^(add to (cart|bag|basket|order|trolley)|buy now)|^add\b.*[$€£]\s?\d/);
  const priceSizes = prices.map((entry) => entry.size).sort((a, b) => a - b);
  const medianPrice = priceSizes[Math.floor(priceSizes.length / 2)] ?? 0;
  const featuredPrice = priceSizes.length >= 2 && (priceSizes[priceSizes.length - 1] ?? 0) >= medianPrice * 1.3 && medianPrice > 0;
  // A shop's front page opens on a hero and then its departments ('Shop by activity'); a hero's light words over
  // a photo may not read at all, and the departments' heading is then the largest on the first screen.
  const frontSection = evidence.isFirstFrame && /^(shop|browse|explore) by\b|^shop (all|the)\b|^(featured|popular|top) (categories|departments|collections)\b/.test(heading);
  const isHome = (evidence.heroHeading || frontSection) && evidence.navCount >= 3 && !evidence.isModal &&
    (evidence.isFirstFrame || (evidence.homeHeading !== undefined && sameWords(evidence.homeHeading, heading)));
  // One product: its price set large, the purchase controls or the attributes a product page shows.
  const productTraits = has(texts, /\breviews?\b|^size$|^colou?r$|^quantity$|^qty\b|in stock|wishlist/);
  // Choosing a size or an option is done on one product, whose options may each show a price ('Large +£2.00').
  const choosesOption = has([...texts, ...labels(evidence.elements, 'select')], /^(choose|select|pick) (a |an |your )?(size|colou?r|option|variant|flavou?r|style|fit)\b/);
  const singlePrice = prices.length >= 1 && (prices.length <= 3 || featuredPrice || choosesOption);
  // A list sorted, filtered or counted is a listing, though its cards have their own 'Add to cart'.
  // Its sort control's icon may read as a letter or two before it ('Jf Sort by'), or the control shows the order
  // chosen ('Price: low to high'); a count of results or items says it too.
  const listing = has(all, /^(\W*\w{0,2}\W+)?(sort by|filter by)\b|^showing \d+ (of|products|items)|\b\d[\d,]* (results|matches)\b|^\d[\d,]* (items|products|styles)$|\b(low to high|high to low)$/);
  // One home, stay, car or job of a marketplace, priced and asked about rather than put in a cart.
  const inquiry = has([...buttons, ...texts], /^(contact (the )?(agent|seller|host|owner|dealer|landlord|recruiter)|request (a |an )?(tour|viewing|showing|info)|schedule (a )?(tour|viewing|showing)|make an offer|message (the )?(host|seller|agent|owner)|check availability)$/);
  // The user's account: a way to sign out beside the account's rows (its orders, its wishlist, a total spent).
  const accountMenu = has(texts, /^(log ?out|sign ?out)$/) && count(texts, /notifications|payment|settings|orders|rewards|addresses|help|member since/) >= 2;
  // A form that asks who the guest or the buyer is (names, an e-mail, a phone) books or buys what it shows beside it.
  const asksWho = asksWhoComes(evidence);
  // One doctor's page: their name and title ('Dr. Amelia Hart, MD') and a way to book them, nothing to fill in yet.
  const doctor = has([heading, ...texts.slice(0, 12)], /^dr\.? [a-z][a-z'-]+( [a-z][a-z.'-]*){0,3}(,? [a-z]{2,4}\.?)?$/);
  const booksVisit = has([...buttons, ...texts], /^book (an? )?(appointment|visit|consultation)\b|^book (now|online)$/);
  if (doctor && booksVisit && inputs.length === 0 && !password && !evidence.isModal) return strong('Doctor Profile');
  // The last step before a visit, a stay or a table is booked: what was chosen shown back to be checked. Its
  // heading says 'review', which is no product's reviews.
  if (REVIEW_STEP.test(heading) && has(all, /\b(appointment|booking|reservation|visit|stay|book)\b/) && !evidence.isModal) {
    return strong('Review Booking');
  }
  if ((singlePrice || prices.length === 0) && inquiry && heading !== '' && !isHome && !listing && !asksWho) return strong('Listing Detail');
  if (singlePrice && (addToCart || productTraits) && heading !== '' && !isHome && !listing && !accountMenu && !asksWho &&
      !/\b(cart|basket|bag|order)\b/.test(heading)) {
    return strong('Product Detail');
  }

  // A story fills the screen with its photo: little reads but a reply box ('Send message') and a caption.
  if (!evidence.isModal && !evidence.activeNav && evidence.navCount === 0 && all.filter((text) => text !== '').length <= 4 &&
      has(all, /^\W*(send (a )?message|reply to @?[\w.]+)\b/)) {
    return strong('Story');
  }

  // One event: when its doors open, or a way to put it in the calendar beside ways to share or save it. What was
  // booked or requested offers the calendar too, on its confirmation.
  const doors = has(texts, /\bdoors( open)?\b\W*\d{1,2}(:\d{2})? ?(am|pm)\b/);
  const calendar = has(buttons, /^add to (my )?(calendar|cal)$/) && has(buttons, /^(share|save|get tickets|buy tickets|interested|going)$/);
  const settled = has(all, /\b(requested|confirmed|booked|scheduled|you'?re (all set|going))\b/);
  if (heading !== '' && !listing && !evidence.isModal && !settled && (doors || calendar)) return strong('Event Detail');

  // One thing of a list opened from it: its own tabs (an overview, its reviews) under a title of its own. The list
  // says what kind of thing it is.
  const detailTabs = has(texts, /^(overview|about|details|description)$/) && has(texts, /^reviews?( \(?\d[\d,.k]*\)?)?$|^ratings?$/);
  const listKind = evidence.listName === undefined ? undefined : kindListed(evidence.listName);
  if (detailTabs && !evidence.isModal && listKind) return strong(recordName(listKind));
  // A session under way ('Finish workout', its time elapsed, what is up next): the screen the user is active on.
  // The button's icon may read as a letter or punctuation before it ('(finish workout').
  const session = /^\W*(finish|end|complete|stop) (workout|session|run|ride|walk|class|lesson|activity|quiz|practice)$/;
  const underWay = has(texts, /\belapsed\b|^up next\b|\b(set|round|exercise|question) \d+ of \d+/);
  const ongoing = [...buttons, ...texts].map((text) => session.exec(text)?.[2]).find((noun) => noun !== undefined);
  if (ongoing && underWay) return strong(titleCase(`active ${ongoing}`));

  // A list of languages, each on a line of its own, is where one is picked (the course to learn, the app's own).
  if (!password && inputs.length === 0 && count(texts, LANGUAGES) >= 3) return strong('Language Selection');
  // An onboarding asks the newcomer about themselves, a question a screen and no tab bar yet: what it asks about
  // names the step, as analysts do ('What would you like to work on?' is Onboarding Goals). A question about a
  // thing shown ('Which one is "the coffee"?') is a quiz's.
  const asksUser = /\?$|^(what|how|when|which|who|why|do|are|have|would)\b/.test(heading) && /\byou(r)?\b/.test(heading);
  const topic = QUESTION_TOPICS.find(([pattern]) => pattern.test(heading))?.[1];
  if (asksUser && topic && evidence.navCount === 0 && !evidence.isModal && !password && inputs.length === 0) return strong(`Onboarding ${topic}`);
  // A lesson's exercises are answered and checked one a screen, with no tab bar ('Which one is "the coffee"?',
  // 'Write this in Spanish', then 'Check'): the lesson, whichever exercise it shows.
  if (evidence.navCount === 0 && !evidence.isModal && !password && has(buttons, /^check( (my |your )?answer)?$/)) return strong('Lesson');
  const stepOf = /\bstep (\d+) of \d+\b/.exec(all.join(' '));
  if (stepOf) return strong(`Onboarding Step ${stepOf[1] ?? ''}`);
  const fewControls = evidence.elements.filter((element) => element.kind === 'button' || element.kind === 'link').length <= 4;
  if (evidence.navCount === 0 && fewControls && !password && buttons.concat(texts).some((text) => /^(get started|skip|let'?s go|start now)$/.test(text))) {
    return strong('Onboarding');
  }
  // An app's welcome screen: a big promise, a way in for newcomers and one for people with an account. A page
  // with an address is a website, whose front page says the same to its visitors: it is the site's home.
  // Its promise often sits low, above the buttons, and its newcomers' button may not read (white on a colour): the way
  // back in for those who already have an account says it alone.
  // 'Continue with Apple' lets in newcomers and members alike.
  const either = has(buttons, /^continue with (apple|google|facebook|e-?mail|phone)$/);
  const newcomers = either || has([...buttons, ...texts], /^(create (an |your )?account|sign ?up|get started|join)$/);
  const returning = has(texts, /already hav|an account\??$/);
  const members = either || returning || has(texts, /^(log|sign) ?in$/);
  if (evidence.urlPath === undefined && evidence.navCount === 0 && inputs.length === 0 && evidence.isFirstFrame &&
      (returning || ((newcomers || members) && (members || fewControls) && (evidence.heroHeading || newcomers)))) return strong('Welcome');

  // An app's home screen greets its user by name; the app's own name for it, its selected tab ('Today'), comes first.
  // A page titled otherwise ('My appointments') only greets its user under its title; a line spoken to the user
  // ('Sam, coffee time?') is no title.
  const greeting = /^(good (morning|afternoon|evening)|hi|hello|hey|welcome back),? [a-z]+|^good (morning|afternoon|evening)$/;
  const titled = heading !== '' && !/[?!,]/.test(heading) && !greeting.test(heading) && !isLayoutPhrase(heading);
  if (!password && inputs.length === 0 && !titled && has([heading, ...texts.slice(0, 6)], greeting)) {
    return weak('Home');
  }

  // An app's paywall offers its subscription beside the way to restore one bought before, which the app stores ask of
  // every paywall.
  const restore = has([...buttons, ...labels(evidence.elements, 'link'), ...texts], /^restore( purchases?)?$/);
  if (evidence.urlPath === undefined && !evidence.isModal && restore && has(all, /\bfree trial\b|\bper (week|month|year)\b|\/\s?(wk|week|mo|month|yr|year)\b|\bsubscribe\b|\bpremium\b/)) {
    return strong('Paywall');
  }
  // A page that asks for card details is paying for a plan, not choosing one.
  if (/\bpricing\b|\bplans\b/.test(heading) || (!payment && count(texts, /(\/\s?|per )(mo|month|year|yr)\b/) >= 2)) return strong('Pricing');

  if (isHome) return weak('Home');

  // A restaurant's dishes are listed under its courses ('Mains', 'Sides', 'Drinks'): its menu.
  const courses = count(texts, /^(starters|appeti[sz]ers|mains|main courses|sides|desserts|drinks|beverages|small plates|salads|sharers)$/);
  if (courses >= 2 && (prices.length >= 1 || addToCart || listing)) return strong('Restaurant Menu');
  // Prices alone may be a table of orders or of revenue in an app: without a way to buy, the app's selected
  // section names the page first. An app's tables are sorted and filtered too ('Filter by name'): a listing of
  // products shows a price.
  if ((listing && (prices.length >= 1 || addToCart)) || (prices.length >= 4 && (addToCart || productTraits))) return strong('Product Listing');
  // Amounts set against a total or a target ('£303.55 of £400.00', 'Target £4,000') are progress, a budget's or a
  // goal's, not prices.
  const progress = count(texts, /[$€£]\s?\d[\d,.]*( spent| saved)? of [$€£]\s?\d|^target [$€£]\s?\d/) >= 2;
  if (prices.length >= 4 && !progress) return weak('Product Listing');
  if (/\bsettings\b|\bpreferences\b/.test(heading)) return strong('Settings');
  if (has(all, /^edit profile$/) || (has(texts, /\bfollowers\b/) && has(texts, /\bfollowing\b/)) || /\b(my )?profile\b/.test(heading) || accountMenu) {
    // Someone else's profile is followed or messaged from it (an outlined 'Message' reads as a field); the user's
    // own is edited.
    const controls = [...labels(evidence.elements, 'button'), ...labels(evidence.elements, 'input')];
    const someoneElse = !has([...all, ...controls], /^edit profile$/) && has(controls, /^(follow|following|message)$/);
    // The user's own page goes by the app's name for it where its lit tab gives one ('Account', 'Me').
    const ownName = evidence.activeNav && /^(my )?(account|profile)$|^me$/i.test(evidence.activeNav) ? titleCase(evidence.activeNav) : 'Profile';
    return strong(someoneElse ? 'User Profile' : ownName);
  }
  if (/\b(dashboard|overview)\b/.test(heading)) return weak('Dashboard');
  const kpis = count(texts, BIG_NUMBER);
  if (kpis >= 3 && has(texts, /\bvs\.? (last|previous)|last \d+ days|this (week|month)|\b(revenue|active users|conversion|sessions)\b/)) return weak('Dashboard');
  return undefined;
}

/** The whole rule: address bar, page kind, highlighted navigation, heading; a modal says so. */
export function nameScreen(evidence: NamingEvidence): ScreenNaming {
  const archetype = classifyArchetype(evidence);
  const urlPath = evidence.urlPath === undefined ? undefined : withoutWorkspace(evidence.urlPath, evidence);
  const fromUrl = urlPath && !evidence.isModal ? nameFromUrlPath(urlPath, evidence.heading, evidence.urlSearched, evidence.texts) : undefined;
  const heading = evidence.heading ? shortName(evidence.heading) : '';
  let naming: ScreenNaming;
  if (fromUrl && (!archetype || evidence.urlPath !== '/' || !archetype.strong)) {
    // The address bar wins unless the page plainly is a known kind the path does not name.
    const urlWords = fromUrl.toLowerCase().split(' ');
    const contains = archetype ? archetype.name.toLowerCase().split(' ').every((word) => urlWords.includes(word)) : true;
    // A shop's goods are its products whatever its paths call them ('/books/…'); what is enrolled in or applied
    // for is what its path says ('/course/…').
    const genericDetail = / Detail$/.test(fromUrl) &&
      ((archetype?.name === 'Product Detail' && !evidence.elements.some((element) => element.kind === 'button' && isItemAction(element.label))) ||
        archetype?.name === 'Article');
    // A path and a selection that name one thing ('/booking/seats', 'Choose your seats'): the title says what is done.
    const selectsPath = archetype?.name.endsWith(' Selection') === true &&
      singular(urlWords.at(-1) ?? '') === singular(archetype.name.split(' ').at(-2) ?? '');
    naming = archetype?.strong && !contains && (genericDetail || selectsPath || SEGMENT_GENERIC.has(fromUrl))
      ? { name: archetype.name, source: 'archetype' }
      : { name: fromUrl, source: 'url' };
  } else if (archetype?.strong) naming = { name: archetype.name, source: 'archetype' };
  else if (evidence.activeNav && !evidence.isModal) {
    naming = {
      name: detailName(evidence) ?? openedFromTab(evidence) ?? homeFeed(evidence) ?? tabTitle(evidence) ?? shortName(evidence.activeNav),
      source: 'navigation',
    };
  }
  // A panel's own title says what it is for ('Select tickets') better than a guess from its prices.
  else if (archetype && !(evidence.isModal && heading && !isLayoutPhrase(heading))) naming = { name: archetype.name, source: 'archetype' };
  else if (heading && !isLayoutPhrase(heading)) naming = { name: heading, source: 'heading' };
  else naming = { name: '', source: 'none' };
  // Plans of a named product ("/premium" listing plans and prices) are that product's plans. Only the address
  // bar can name a Pricing page otherwise: Pricing is a strong kind, ahead of navigation and heading.
  if (archetype?.name === 'Pricing' && naming.source === 'url' && /^[A-Z][a-z]+$/.test(naming.name) &&
      !/^(pricing|plans?|upgrade|billing|checkout|cart|account|settings|profile|home|search|login|payment)$/i.test(naming.name)) {
    naming = { ...naming, name: `${naming.name} Plans` };
  }
  // A booking's step that asks who comes ('/booking/passengers', '/book' asking names and an e-mail): their details.
  const booked = naming.source === 'url' ? naming.name.toLowerCase().split(' ').at(-1) : undefined;
  // A path that names who comes needs one field of theirs to say so; one that names the booking, two.
  if (booked && ((BOOKED_PEOPLE.test(booked) && asksWhoComes(evidence, 1)) || (BOOKING.test(booked) && asksWhoComes(evidence))) && !evidence.isModal) {
    naming = { ...naming, name: `${titleCase(booked === 'book' ? 'booking' : singular(booked))} Details` };
  }
  if (evidence.isModal && naming.name && !SAYS_OVERLAY.test(naming.name)) naming = { ...naming, name: `${naming.name.replace(/ (Modal|Dialog)$/i, '')} Modal` };
  return naming;
}

/**
 * Words a page uses to lay out or greet ("Featured", "Welcome back", "Recently played"): a heading of only
 * these says nothing about what the screen is.
 */
const LAYOUT_WORDS = new Set([
  'featured', 'welcome', 'back', 'recently', 'played', 'viewed', 'recommended', 'popular', 'trending', 'now', 'top',
  'picks', 'highlights', 'latest', 'new', 'just', 'for', 'you', 'more', 'see', 'all', 'hi', 'hello', 'hey', 'good',
  'morning', 'afternoon', 'evening', 'today', 'this', 'week', 'editor', "editor's", 'spotlight', 'in',
]);

function isLayoutPhrase(name: string): boolean {
  const words = name.toLowerCase().split(/\s+/).filter(Boolean);
  return words.length > 0 && words.every((word) => LAYOUT_WORDS.has(word));
}

/**
 * The path without a workspace's slug that opens it ('/acme-store/events' in an app whose pages show 'Acme Store'
 * as their breadcrumb's root or a line of their own): the slug names the account the pages belong to, never the
 * page. Undefined when nothing is left, so the page's own evidence names it.
 */
function withoutWorkspace(path: string, evidence: NamingEvidence): string | undefined {
  const [first, ...rest] = pathSegments(path);
  if (first === undefined || !words(first).includes(' ')) return path;
  const root = evidence.breadcrumb?.split(CRUMB_SEPARATOR)[0];
  const shown = [...(root ? [root] : []), ...evidence.texts.filter((text) => !evidence.heading || !sameWords(text, evidence.heading))];
  if (!shown.some((text) => sameWords(text, words(first)))) return path;
  return rest.length > 0 ? `/${rest.join('/')}` : undefined;
}

/** Paths that say little about the page ("/", "/home", "/app"): a recognised page kind is better. */
const SEGMENT_GENERIC = new Set(['Home', 'Index', 'Page', 'Main', 'Default', 'Account', 'Auth']);

// ---------------------------------------------------------------------------------------------------
// Master and detail

const CRUMB_SEPARATOR = /\s*[›>»/\\|]\s*/;
/** A record's id, with the kind of record before it when the page says so ("Ticket #4471", "Order no. 12"). */
const ID_CRUMB = /^(?:([a-z][a-z ]*?)\s+)?(?:#|no\.?\s*)?(\d[\w-]*)$/i;
/** Words that only say "this is an id": never the kind of record. */
const ID_WORDS = new Set(['id', 'no', 'nr', 'number', 'ref', 'reference', 'key']);

/** The crumbs of a breadcrumb ("Inbox › #4471" → Inbox, #4471); a separator OCR lost is found after the section. */
export function breadcrumbTrail(text: string, section: string): string[] {
  const crumbs = text.split(CRUMB_SEPARATOR).map((crumb) => crumb.trim()).filter(Boolean);
  if (crumbs.length >= 2) return crumbs;
  // A thin "›" often reads as nothing ("Inbox #4471"): the section's own words open the line.
  const words = text.trim().split(/\s+/);
  const opening = section.trim().split(/\s+/).length;
  const head = words.slice(0, opening).join(' ');
  return words.length > opening && sameWords(head, section) ? [head, words.slice(opening).join(' ')] : crumbs;
}

/** The kind of record a phrase names, singular and without id words ("Tickets" → "ticket", "Order ID" → "order"). */
function recordKind(phrase: string): string {
  const kept = phrase.toLowerCase().split(/\s+/).filter((word) => word !== '' && !ID_WORDS.has(word));
  const last = kept.pop();
  return last ? [...kept, singular(last)].join(' ') : '';
}

/**
 * A page one level below the highlighted section ("Inbox › #4471" under "Inbox", its own heading) shows
 * one record of that section: "<Record> Detail", the record's kind taken from the crumb ("Ticket #4471"),
 * from the list column its id was seen in, or else from the section the trail starts at.
 */
export function detailName(evidence: NamingEvidence): string | undefined {
  const { breadcrumb, activeNav, heading } = evidence;
  if (!breadcrumb || !activeNav || !heading || sameWords(heading, activeNav)) return undefined;
  const trail = breadcrumbTrail(breadcrumb, activeNav);
  const page = trail[trail.length - 1] ?? '';
  const parent = trail[trail.length - 2] ?? '';
  if (trail.length < 2 || !trail.slice(0, -1).some((crumb) => sameWords(crumb, activeNav))) return undefined;
  const id = ID_CRUMB.exec(page);
  // Without an id, only a record's own title (several words, like the heading) makes this a detail page.
  if (!id && page.split(/\s+/).length < 3) return undefined;
  const kinds = [id?.[1], id ? evidence.knownIds?.[id[2] ?? ''] : undefined, parent];
  const kind = kinds.map((phrase) => recordKind(phrase ?? '')).find((phrase) => phrase !== '');
  return kind ? recordName(kind) : undefined;
}

/** People an app keeps records of: one of them opened is their profile, as a thing opened is its detail. */
const PEOPLE = /^(contact|customer|client|member|user|patient|doctor|candidate|employee|subscriber|lead|teammate|student|instructor)$/;

/** The page of one record of a list of `kind` ('Contact' → 'Contact Profile', 'Workout' → 'Workout Detail'). */
function recordName(kind: string): string {
  return titleCase(`${kind} ${PEOPLE.test(kind.toLowerCase()) ? 'Profile' : 'Detail'}`);
}

/** A lit tab's own title says what it keeps where the tab's word alone does not ('Saved' → 'Saved homes'). */
function tabTitle({ activeNav, heading }: NamingEvidence): string | undefined {
  if (!activeNav || !heading) return undefined;
  const title = heading.trim().toLowerCase().split(/\s+/);
  const tab = activeNav.trim().toLowerCase().split(/\s+/);
  const extended = title.length === tab.length + 1 && tab.every((word, i) => title[i] === word) && /^[a-z]{3,}$/.test(title.at(-1) ?? '');
  return extended && !isLayoutPhrase(heading) ? titleCase(heading) : undefined;
}

/**
 * A social app's Home tab shows the posts of the people followed, liked and commented on, under a row of their
 * stories that starts with the user's own: its Home Feed.
 */
function homeFeed({ activeNav, texts }: NamingEvidence): string | undefined {
  const said = texts.map((text) => text.toLowerCase());
  const posts = count(said, /\bliked by\b|^view all \d[\d,]* comments\b|\b\d[\d,.]*k? (likes|comments)\b/);
  const stories = has(said, /^your story$/);
  return activeNav && sameWords(activeNav, 'Home') && (posts >= 2 || stories) ? 'Home Feed' : undefined;
}

/**
 * One thing of a phone tab's list, opened from it: the tab names things in the plural ('Tickets') and stays lit,
 * but the screen has a title of its own and no longer shows the list's ('Big Mouth Comedy Night'): Ticket Detail.
 */
function openedFromTab(evidence: NamingEvidence): string | undefined {
  const { activeNav, activeTab, heading, texts } = evidence;
  const kind = activeNav && activeTab ? kindListed(shortName(activeNav)) : undefined;
  if (!kind || !activeNav || !heading || heading.split(/\s+/).length < 2 || sameWords(heading, activeNav)) return undefined;
  return texts.some((text) => sameWords(text, activeNav)) ? undefined : recordName(kind);
}
