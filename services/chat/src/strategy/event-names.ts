/**
 * Event names in free text: how a name a strategy writes is matched to the plan's spelling (exactly, or as a
 * near miss: case, spacing, punctuation, snake_case, a plural, one typo in a long name) and where a text
 * names events at all (quoted names, Title Case names ending in an action, snake_case names).
 */
import { labelWords, type TrackingPlanContent } from '@tracklens/contracts';

export type NameMatch =
  { kind: 'exact'; name: string } | { kind: 'near'; name: string } | { kind: 'unknown' };

/** The plan's event names, indexed for matching. */
export interface PlanNames {
  names: ReadonlySet<string>;
  /** Loose key → the plan's names with that key, in plan order. */
  byKey: ReadonlyMap<string, string[]>;
  /** Property names of the plan: a snake_case word that is one of these is a property, not an event. */
  properties: ReadonlySet<string>;
}

/** Below this length a one-letter difference is another word ('Tab Selected', 'Tag Selected'), not a typo. */
const TYPO_MIN_KEY_LENGTH = 12;

export function planNames(plan: TrackingPlanContent | null): PlanNames {
  const names = new Set<string>();
  const byKey = new Map<string, string[]>();
  const properties = new Set<string>();
  for (const event of plan?.events ?? []) {
    names.add(event.name);
    const key = looseKey(event.name);
    const known = byKey.get(key);
    if (known) known.push(event.name);
    else byKey.set(key, [event.name]);
    for (const property of event.properties) properties.add(property.name);
  }
  return { names, byKey, properties };
}

/** 'Products Added', 'product_added' and 'ProductAdded' all give 'productadded'. */
export function looseKey(name: string): string {
  return labelWords(name)
    .map((word) => singular(word.toLowerCase()))
    .join('');
}

function singular(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && word.endsWith('sses')) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us'))
    return word.slice(0, -1);
  return word;
}

export function matchName(raw: string, plan: PlanNames): NameMatch {
  const trimmed = raw.trim();
  if (plan.names.has(trimmed)) return { kind: 'exact', name: trimmed };
  const key = looseKey(trimmed);
  if (!key) return { kind: 'unknown' };
  const near = plan.byKey.get(key)?.[0];
  if (near) return { kind: 'near', name: near };
  if (key.length >= TYPO_MIN_KEY_LENGTH) {
    const typos = [...plan.byKey.entries()].filter(([candidate]) => withinOneEdit(key, candidate));
    const only = typos.length === 1 ? typos[0]?.[1][0] : undefined;
    if (only) return { kind: 'near', name: only };
  }
  return { kind: 'unknown' };
}

/** Optimal string alignment distance of at most one (one insertion, deletion, substitution or swap). */
function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1 || a === b) return a === b;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** An event name as the plan convention writes it: Title Case words ('refund_requested' → 'Refund Requested'). */
export function eventNameOf(raw: string): string {
  return labelWords(raw)
    .map((word) =>
      word.length > 1 && word === word.toUpperCase()
        ? word
        : word.charAt(0).toUpperCase() + word.slice(1).toLowerCase(),
    )
    .join(' ');
}

/** A word that ends an "Object Action" name: a past participle ('Completed', 'Sent', 'Shown'). */
const IRREGULAR_ACTIONS = new Set([
  'sent',
  'set',
  'read',
  'put',
  'run',
  'paid',
  'sold',
  'bought',
  'found',
  'built',
  'held',
  'kept',
  'lost',
  'left',
  'met',
  'won',
  'done',
  'made',
  'seen',
  'begun',
  'spent',
  'shut',
  'quit',
  'shown',
  'drawn',
  'known',
  'thrown',
  'withdrawn',
  'taken',
  'given',
  'written',
  'chosen',
  'hidden',
  'broken',
  'eaten',
  'driven',
  'frozen',
  'spoken',
  'agreed',
  'succeeded',
  'proceeded',
  'exceeded',
  'opened',
  'joined',
  'shared',
  'uploaded',
  'upgraded',
  'downgraded',
  'cancelled',
  'canceled',
]);

export function isActionWord(word: string): boolean {
  const lower = word.toLowerCase();
  if (IRREGULAR_ACTIONS.has(lower)) return true;
  return lower.length > 4 && lower.endsWith('ed') && !lower.endsWith('eed');
}

/** Words that start a formula or a sentence rather than an event name ('Count Order Completed'). */
const LEADING_WORDS = new Set([
  'a',
  'after',
  'all',
  'an',
  'and',
  'any',
  'at',
  'average',
  'before',
  'between',
  'by',
  'count',
  'daily',
  'distinct',
  'divided',
  'each',
  'every',
  'first',
  'for',
  'from',
  'in',
  'last',
  'median',
  'monthly',
  'new',
  'number',
  'of',
  'on',
  'or',
  'per',
  'rate',
  'ratio',
  'returning',
  'share',
  'sum',
  'the',
  'then',
  'to',
  'total',
  'unique',
  'users',
  'weekly',
  'when',
  'where',
  'who',
  'with',
  'needs',
  'add',
  'track',
  'send',
  'fire',
  'event',
  'events',
  'if',
  'once',
  'only',
  'until',
  'within',
  'without',
]);

export interface Mention {
  start: number;
  end: number;
  /** The text as written, without its quotes. */
  raw: string;
  quoted: boolean;
  match: NameMatch;
}

const QUOTED = /(?<![A-Za-z0-9])['‘"“`]([A-Za-z][A-Za-z0-9 _-]{0,58}[A-Za-z0-9])['’"”`](?![A-Za-z0-9])/g;
const TITLE_RUN = /\b[A-Z][A-Za-z0-9]*(?: [A-Z][A-Za-z0-9]*)+\b/g;
const SNAKE = /\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/g;
/** A property compared with a value ("page_name = 'Order Confirmation'"): the value names a screen, not an event. */
const PROPERTY_FILTER = /\b[a-z][a-z0-9]*(?:_[a-z0-9]+)* ?!?==? ?['‘"“`][^'’"”`]*['’"”`]/g;

export interface MentionOptions {
  /**
   * Which names that look like events but are not the plan's to report: none; quoted ones (in prose, where
   * Title Case is also a heading's); or all, with plan names in other case (in a metric's formula).
   */
  unknowns: 'none' | 'quoted' | 'all';
}

/**
 * Where `text` names events: quoted names that are (near) plan events or look like event names, Title Case
 * runs holding a plan event (or, with `unknowns`, ending in an action word), and snake_case names of events;
 * never the value a property is compared with. Mentions do not overlap and are in text order.
 */
export function eventMentions(text: string, plan: PlanNames, options: MentionOptions): Mention[] {
  const mentions: Mention[] = [];
  const taken: Array<[number, number]> = [];
  const free = (start: number, end: number) => taken.every(([s, e]) => end <= s || start >= e);
  const add = (mention: Mention) => {
    mentions.push(mention);
    taken.push([mention.start, mention.end]);
  };
  for (const found of text.matchAll(PROPERTY_FILTER)) {
    const start = found.index ?? 0;
    taken.push([start, start + found[0].length]);
  }

  for (const found of text.matchAll(QUOTED)) {
    const raw = found[1] ?? '';
    const start = (found.index ?? 0) + 1;
    const match = matchName(raw, plan);
    const words = labelWords(raw);
    const looksLikeEvent =
      words.length >= 2 &&
      words.length <= 6 &&
      isActionWord(words[words.length - 1] ?? '') &&
      !plan.properties.has(raw);
    if (!free(start - 1, start + raw.length + 1)) continue;
    if (match.kind !== 'unknown' || (options.unknowns !== 'none' && looksLikeEvent)) {
      // The span covers the quotes too, so that a correction keeps them.
      add({ start: start - 1, end: start + raw.length + 1, raw, quoted: true, match });
    }
  }

  for (const found of text.matchAll(TITLE_RUN)) {
    const runStart = found.index ?? 0;
    const words = tokenise(found[0], runStart);
    let unmatchedFrom = 0;
    let i = 0;
    while (i < words.length) {
      let matched = false;
      for (let j = words.length; j > i; j--) {
        const first = words[i];
        const last = words[j - 1];
        if (!first || !last || j - i < 1 || (j - i === 1 && !plan.names.has(first.word))) continue;
        const raw = text.slice(first.start, last.end);
        const match = matchName(raw, plan);
        if (match.kind === 'unknown' || !free(first.start, last.end)) continue;
        add({ start: first.start, end: last.end, raw, quoted: false, match });
        i = j;
        unmatchedFrom = j;
        matched = true;
        break;
      }
      if (!matched) i++;
    }
    if (options.unknowns !== 'all' || unmatchedFrom >= words.length) continue;
    const rest = words.slice(unmatchedFrom);
    const last = rest[rest.length - 1];
    if (!last || !isActionWord(last.word)) continue;
    let from = 0;
    while (from < rest.length - 1 && LEADING_WORDS.has(rest[from]?.word.toLowerCase() ?? '')) from++;
    const first = rest[from];
    if (!first || rest.length - from < 2 || !free(first.start, last.end)) continue;
    add({
      start: first.start,
      end: last.end,
      raw: text.slice(first.start, last.end),
      quoted: false,
      match: { kind: 'unknown' },
    });
  }

  if (options.unknowns === 'all') {
    // Inside a formula, a plan name in other case ('order completed') is that event too.
    for (const name of plan.names) {
      if (!name.includes(' ')) continue;
      const pattern = new RegExp(
        `\\b${name
          .split(' ')
          .map((word) => `${escapeRegExp(word)}s?`)
          .join('[ _-]?')}\\b`,
        'gi',
      );
      for (const found of text.matchAll(pattern)) {
        const start = found.index ?? 0;
        const end = start + found[0].length;
        if (found[0] === name || !free(start, end)) continue;
        add({ start, end, raw: found[0], quoted: false, match: { kind: 'near', name } });
      }
    }
  }

  for (const found of text.matchAll(SNAKE)) {
    const raw = found[0];
    const start = found.index ?? 0;
    if (plan.properties.has(raw) || !free(start, start + raw.length)) continue;
    const match = matchName(raw, plan);
    const parts = raw.split('_');
    const looksLikeEvent =
      options.unknowns === 'all' && parts.length <= 6 && isActionWord(parts[parts.length - 1] ?? '');
    if (match.kind !== 'unknown' || looksLikeEvent)
      add({ start, end: start + raw.length, raw, quoted: false, match });
  }

  return mentions.sort((a, b) => a.start - b.start);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function tokenise(run: string, offset: number): Array<{ word: string; start: number; end: number }> {
  const words: Array<{ word: string; start: number; end: number }> = [];
  for (const found of run.matchAll(/\S+/g)) {
    const start = offset + (found.index ?? 0);
    words.push({ word: found[0], start, end: start + found[0].length });
  }
  return words;
}

/** `text` with each mention that matched the plan written in the plan's spelling (quotes kept). */
export function withPlanSpelling(text: string, mentions: Mention[]): string {
  let out = '';
  let at = 0;
  for (const mention of mentions) {
    if (mention.match.kind !== 'near') continue;
    const name = mention.quoted
      ? `${text[mention.start]}${mention.match.name}${text[mention.end - 1]}`
      : mention.match.name;
    out += text.slice(at, mention.start) + name;
    at = mention.end;
  }
  return out + text.slice(at);
}
