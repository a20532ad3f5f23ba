/**
 * Reads a screen from OCR text and its geometry: the main heading names it, short boxed lines with a
 * verb are buttons, the top row holds navigation links, labels near boxes are fields.
 */
import { consentAnswerOf, facetOf, isNoticeText, mentionsCookies } from '@tracklens/contracts';
import type { Box, FrameUnderstanding, KeyFrame, UiElement, UserAction } from '../types';
import { activeItem, luminance } from './active-item';
import { correctLabel } from './label-correction';
import { createNameCleaner, isKnownWord, joinedWord, RecordingWords, type NameCleaner, type ReadWord } from './name-cleaner';
import { COMMON_HOST, kindListed, nameScreen, normalizeName, repairedAddress, searchedIn, urlPathOf, type NamingEvidence } from './screen-naming';
import type { OcrLine, OcrPage, OcrWord } from './tesseract-engine';
import {
  ACTION_VERBS,
  CHECKBOX_PHRASES,
  FIELD_INSTRUCTION,
  FIELD_LABELS,
  LINK_PHRASES,
  NOT_A_NAME,
  PLACEHOLDER_PREFIXES,
  SELECT_PREFIXES,
} from './vocabulary';

/** A run of words on one line without a wide gap: one label, button or phrase. */
export interface TextItem {
  text: string;
  box: Box;
  /** Font size estimate, in frame pixels. */
  size: number;
  confidence: number;
  /** Its box's rounded ends were read round the text: a pill, boxed whatever its pixels say. */
  pill?: boolean;
}

const MIN_CONFIDENCE = 55;
// Typed values read poorly (a caret, an input border, odd characters) yet count where the pixels changed.
const LOOSE_CONFIDENCE = 15;
const MAX_ELEMENTS = 30;
/** Words this far apart (in line heights) may still be the halves of one word OCR split. */
const SPLIT_WORD_GAP = 2.5;

export function splitIntoItems(lines: OcrLine[], frameHeight = Number.POSITIVE_INFINITY, minConfidence = MIN_CONFIDENCE): TextItem[] {
  const items: TextItem[] = [];
  for (const line of rejoinSplitWords(lines)) {
    let current: typeof line.words = [];
    const flush = (): void => {
      // An input's edge or a caret reads as a doubtful one-letter word at either end: not part of the text.
      const doubtful = (word: (typeof current)[number] | undefined): boolean =>
        word !== undefined && word.text.length === 1 && word.confidence < 60 && current.length > 1;
      while (doubtful(current[0])) current = current.slice(1);
      while (doubtful(current[current.length - 1])) current = current.slice(0, -1);
      if (current.length === 0) return;
      const x0 = Math.min(...current.map((w) => w.box.x));
      const y0 = Math.min(...current.map((w) => w.box.y));
      const x1 = Math.max(...current.map((w) => w.box.x + w.box.width));
      const y1 = Math.max(...current.map((w) => w.box.y + w.box.height));
      const confidence = current.reduce((sum, w) => sum + w.confidence, 0) / current.length;
      // Font size: the median height of real words (a dash or a box edge read as a letter is not a word).
      const words = current.filter((w) => (w.text.match(/[A-Za-z0-9]/g) ?? []).length >= 2);
      const tallness = median((words.length > 0 ? words : current).map((w) => w.box.height));
      // Something overlapping the text (the cursor on a button) swells word boxes upwards, never the
      // width: a size the text's width cannot explain is capped (glyphs are about half as wide as tall).
      const characters = current.reduce((sum, w) => sum + w.text.length, 0) + current.length - 1;
      const size = Math.min(tallness, ((x1 - x0) / (characters * 0.55)) * 1.3);
      items.push({ text: current.map((w) => w.text).join(' '), box: { x: x0, y: y0, width: x1 - x0, height: y1 - y0 }, size, confidence });
      current = [];
    };
    const lineHeight = Math.max(6, median(line.words.map((w) => w.box.height)));
    for (const word of line.words) {
      // Box edges read as bars: they separate buttons sitting side by side.
      if (/^[|[\](){}!]+$/.test(word.text)) {
        flush();
        continue;
      }
      const last = current[current.length - 1];
      const whole = last && wordSplitAt(last, word, lineHeight);
      if (last && whole) {
        current[current.length - 1] = { text: whole, confidence: (last.confidence + word.confidence) / 2, box: around(last.box, word.box) };
        continue;
      }
      if (last && word.box.x - (last.box.x + last.box.width) > lineHeight * 1.3) flush();
      current.push(word);
    }
    flush();
  }
  // Text taller than a tenth of the screen is an image read as letters.
  const maxSize = frameHeight * 0.09;
  return items
    .map((item) => withoutPillEnds({ ...item, text: cleanText(item.text) }))
    .filter((item) => item.confidence >= minConfidence && isReadable(item) && item.size <= maxSize);
}

/**
 * A pill's rounded ends read as brackets round its label, the left one perhaps as a 'C' glued to it ('Csign in)'):
 * the label alone, and the item marked as boxed. The ends make its line look taller than its type.
 */
function withoutPillEnds(item: TextItem): TextItem {
  const label = /^\(?([A-Za-z][^()]*)\)$/.exec(item.text)?.[1];
  if (label === undefined) return item;
  const unglued = /^C([a-z].*)$/.exec(label)?.[1];
  const text = unglued !== undefined && isButtonText(unglued) && !isButtonText(label) ? `${unglued.charAt(0).toUpperCase()}${unglued.slice(1)}` : label;
  return { ...item, text, pill: true };
}

function cleanText(text: string): string {
  return text
    .replace(/[|_~`^{}[\]<>«»©®™•·]+/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[^A-Za-z0-9$€£(]+/, '')
    .replace(/[^A-Za-z0-9)?!.%$€£:*'"]+$/, '')
    .trim();
}

function letters(text: string): number {
  return (text.match(/[A-Za-z]/g) ?? []).length;
}

/** OCR of icons and images yields short gibberish with low confidence: keep what reads as words. */
function isReadable(item: TextItem): boolean {
  const alnum = (item.text.match(/[A-Za-z0-9]/g) ?? []).length;
  if (alnum < 2) return false;
  if (alnum / item.text.replace(/\s/g, '').length < 0.6) return false;
  // A lone short token like "Ee" or "oO" is noise; real short labels are words or numbers.
  const words = item.text.split(' ');
  const shortJunk = words.every((w) => w.length <= 2) && !/^\d+$/.test(item.text) && !/^(ok|go|no|hi)$/i.test(item.text);
  return !shortJunk;
}

const lower = (text: string): string => text.toLowerCase();
const firstWord = (text: string): string => lower(text.split(/\s+/)[0] ?? '').replace(/[^a-z]/g, '');
const wordCount = (text: string): number => text.split(/\s+/).filter(Boolean).length;
const centerY = (box: Box): number => box.y + box.height / 2;
const inside = (box: Box, area: Box): boolean =>
  box.x + box.width / 2 >= area.x && box.x + box.width / 2 <= area.x + area.width &&
  centerY(box) >= area.y && centerY(box) <= area.y + area.height;

/**
 * The word `left` and `right` are the halves of, read whole, where they lie close enough on a line `height` tall:
 * a gap inside a bold word reads as a space, at times one as wide as the gap between two buttons.
 */
function wordSplitAt(left: OcrWord, right: OcrWord, height: number): string | undefined {
  const gap = right.box.x - (left.box.x + left.box.width);
  return gap >= 0 && gap <= height * SPLIT_WORD_GAP ? joinedWord(left.text, right.text) : undefined;
}

/**
 * Tesseract ends a line at a wide gap, even one inside a bold word ('See availal' then 'ity >'): a line that
 * starts on the same row just after another ends, with a first word that completes the other's last, is
 * read on as part of it, and the word is joined where items are split.
 */
function rejoinSplitWords(lines: OcrLine[]): OcrLine[] {
  const continues = (line: OcrLine, next: OcrLine): boolean => {
    const last = line.words[line.words.length - 1];
    const first = next.words[0];
    if (!last || !first || next === line) return false;
    const shared = Math.min(last.box.y + last.box.height, first.box.y + first.box.height) - Math.max(last.box.y, first.box.y);
    return shared * 2 >= Math.min(last.box.height, first.box.height) && wordSplitAt(last, first, last.box.height) !== undefined;
  };
  const following = new Map<OcrLine, OcrLine>();
  const followers = new Set<OcrLine>();
  for (const line of lines) {
    const next = lines.find((other) => !followers.has(other) && continues(line, other));
    if (next) {
      following.set(line, next);
      followers.add(next);
    }
  }
  if (following.size === 0) return lines;
  return lines
    .filter((line) => !followers.has(line))
    .map((line) => {
      let whole = line;
      for (let next = following.get(line); next; next = following.get(next)) {
        whole = { text: `${whole.text} ${next.text}`, confidence: (whole.confidence + next.confidence) / 2, box: around(whole.box, next.box), words: [...whole.words, ...next.words] };
      }
      return whole;
    });
}

/** The smallest box holding both. */
function around(a: Box, b: Box): Box {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { x, y, width: Math.max(a.x + a.width, b.x + b.width) - x, height: Math.max(a.y + a.height, b.y + b.height) - y };
}

export function overlapArea(a: Box, b: Box): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** Title Case for names shouted in capitals ("YOUR CART" → "Your Cart"). */
export function titleCaseIfShouted(text: string): string {
  if (letters(text) < 2 || text !== text.toUpperCase()) return text;
  return text.toLowerCase().replace(/\b([a-z])/g, (c) => c.toUpperCase());
}

function asLabel(text: string): string {
  const trimmed = text.replace(/[:*]+$/, '').trim();
  const shouted = titleCaseIfShouted(trimmed);
  return shouted.charAt(0).toUpperCase() + shouted.slice(1);
}

interface Rows {
  /** Items of the navigation bar along the top edge. */
  nav: TextItem[];
  /** A lone centred title in the top bar (phone apps put the screen name there). */
  barTitle?: TextItem;
}

function topBar(items: TextItem[], frameHeight: number, frameWidth: number, viewTop = 0): Rows {
  const portrait = frameHeight > frameWidth * 1.2;
  const limit = viewTop + (frameHeight - viewTop) * (portrait ? 0.085 : 0.1);
  const band = items.filter((item) => item.box.y + item.box.height <= limit + 4);
  const seed = [...band].sort((a, b) => a.box.y - b.box.y)[0];
  if (!seed) return { nav: [] };
  // Only the first row is the bar; a page title just under a slim bar is content.
  const top = band.filter((item) => centerY(item.box) <= centerY(seed.box) + Math.max(seed.box.height, 12));
  // Phone status bar: the clock and battery share the top strip with nothing else readable.
  const meaningful = top.filter((item) => !/^\d{1,2}[:.]\d{2}/.test(item.text) && letters(item.text) >= 2);
  if (meaningful.length === 1) {
    const only = meaningful[0];
    const centred = only && Math.abs(only.box.x + only.box.width / 2 - frameWidth / 2) < frameWidth * 0.15;
    if (only && centred) return { nav: [], barTitle: only };
  }
  return { nav: top };
}

/**
 * A phone's status bar: the clock (read whole or as its minutes, '41' of '9:41') and the signal, wifi and battery
 * icons (read as 'All )') in the top strip of a portrait frame. It belongs to the phone, not to the app.
 */
function phoneStatusBar(items: TextItem[], frameHeight: number, frameWidth: number): Set<TextItem> {
  if (frameHeight < frameWidth * 1.5) return new Set();
  const strip = items.filter((item) => item.box.y + item.box.height <= frameHeight * 0.055 && item.text.length <= 8);
  const clock = strip.some((item) => /^\d{1,2}([:.]\d{2})?$/.test(item.text) && item.box.x < frameWidth * 0.35);
  return clock ? new Set(strip) : new Set();
}

/** A phone tab bar: three or more short labels in one row along the bottom edge. */
function bottomTabs(items: TextItem[], frameHeight: number, frameWidth: number): TextItem[] {
  if (frameHeight < frameWidth * 1.2) return [];
  const bottom = items.filter((item) => item.box.y > frameHeight * 0.9 && wordCount(item.text) <= 2);
  return bottom.length >= 3 ? bottom : [];
}

/** How far from its own sentence, in its lines, a banner's text and buttons go. */
const BANNER_LINES = 5;

/** A line of a cookie banner that says what it asks ('We use cookies'); a footer's 'Cookie settings' link is none. */
const asksConsent = (item: TextItem): boolean => mentionsCookies(item.text) && wordCount(item.text) >= 3;

/** A cookie banner's sentence that says what it asks and the buttons that answer it ('Accept all', 'Reject all'). */
function consentElements(page: OcrPage, banner: Set<TextItem>): UiElement[] {
  const items = [...banner].sort((a, b) => a.box.y - b.box.y || a.box.x - b.box.x);
  const said = items.find(asksConsent);
  if (!said) return [];
  const buttons = items.filter(
    (item) => item !== said && wordCount(item.text) <= 4 && letters(item.text) >= 2 &&
      (isButtonText(item.text) || consentAnswerOf(item.text) !== undefined || looksBoxed(page, item.box)),
  );
  return [
    { kind: 'text', label: said.text.replace(/\s+/g, ' ').slice(0, 140) },
    ...buttons.map((item): UiElement => ({ kind: 'button', label: asLabel(item.text) })),
  ];
}

/**
 * Rows of texts that belong to a cookie/consent banner (never a name, never the product's controls): the lines that
 * say what it asks and the rows next to them, a banner's height at most: on a dense page, rows next to each other
 * run down the whole page.
 */
function bannerItems(items: TextItem[]): Set<TextItem> {
  const banner = new Set<TextItem>();
  const seeds = items.filter(asksConsent);
  const reach = Math.max(0, ...seeds.map((seed) => seed.box.height)) * BANNER_LINES;
  const near = (item: TextItem): boolean => seeds.some((seed) => Math.abs(centerY(item.box) - centerY(seed.box)) < reach);
  const queue = [...seeds];
  seeds.forEach((seed) => banner.add(seed));
  while (queue.length > 0) {
    const seed = queue.pop();
    if (!seed) break;
    for (const item of items) {
      if (banner.has(item) || !near(item)) continue;
      const gap = Math.abs(centerY(item.box) - centerY(seed.box));
      if (gap < Math.max(seed.box.height, item.box.height) * 2.2) {
        banner.add(item);
        queue.push(item);
      }
    }
  }
  return banner;
}

/**
 * Whether the text sits in a filled or outlined box that stands out from what surrounds it: the look of
 * a button. Compares a ring hugging the text with a ring further out, on the OCR image.
 */
function looksBoxed(page: OcrPage, box: Box): boolean {
  const s = page.scale;
  const h = box.height * s;
  const ring = (pad: number, thickness: number): { level: number; spread: number } => {
    const x0 = Math.round(box.x * s - pad);
    const y0 = Math.round(box.y * s - pad);
    const x1 = Math.round((box.x + box.width) * s + pad);
    const y1 = Math.round((box.y + box.height) * s + pad);
    const values: number[] = [];
    const sample = (x: number, y: number): void => {
      if (x < 0 || y < 0 || x >= page.width || y >= page.height) return;
      values.push(page.gray[y * page.width + x] ?? 255);
    };
    for (let t = 0; t < thickness; t += 1) {
      for (let x = x0; x <= x1; x += 2) {
        sample(x, y0 - t);
        sample(x, y1 + t);
      }
      for (let y = y0; y <= y1; y += 2) {
        sample(x0 - t, y);
        sample(x1 + t, y);
      }
    }
    if (values.length === 0) return { level: 255, spread: 255 };
    // The median is the background even where the ring crosses other text.
    values.sort((a, b) => a - b);
    const level = values[Math.floor(values.length / 2)] ?? 255;
    const spread = (values[Math.floor(values.length * 0.8)] ?? 255) - (values[Math.floor(values.length * 0.2)] ?? 0);
    return { level, spread };
  };
  const near = ring(Math.max(3, h * 0.35), 2);
  if (near.spread >= 20) return false;
  const far = ring(Math.max(12, h * 1.6), 2);
  return (far.spread < 60 && Math.abs(near.level - far.level) > 18) || centredInFill(page, box);
}

/** Differs from a fill's level by more than this: the fill has ended. */
const FILL_EDGE = 18;

/**
 * Whether the text is a label centred in a filled shape that ends close around it: a wide call to action
 * ('Complete purchase' across a checkout's summary), whose fill the outer ring of `looksBoxed` still crosses
 * beside the label. A toast's, a banner's or a card's text starts at its left edge, not in its middle. Read on
 * the colours' luma: the gray image has light text on a dark fill turned dark on light, fill and page alike.
 */
function centredInFill(page: OcrPage, box: Box): boolean {
  const { rgb, width, height, scale: s } = page.color;
  const x0 = Math.round(box.x * s);
  const x1 = Math.round((box.x + box.width) * s);
  const y0 = Math.round(box.y * s);
  const y1 = Math.round((box.y + box.height) * s);
  const h = Math.max(1, y1 - y0);
  const luma = (x: number, y: number): number | undefined =>
    x < 0 || y < 0 || x >= width || y >= height ? undefined : luminance(rgb, (y * width + x) * 3);
  const pad = Math.max(3, Math.round(h * 0.35));
  const beside: number[] = [];
  for (let y = y0; y <= y1; y += 2) {
    for (const x of [x0 - pad, x1 + pad]) {
      const value = luma(x, y);
      if (value !== undefined) beside.push(value);
    }
  }
  beside.sort((a, b) => a - b);
  const level = beside[Math.floor(beside.length / 2)];
  if (level === undefined || (beside[beside.length - 1] ?? 0) - (beside[0] ?? 0) > 20) return false;
  /** Steps from (x, y) until two pixels in a row leave the fill; the distance, or undefined past `reach`. */
  const edge = (x: number, y: number, dx: number, dy: number, reach: number): number | undefined => {
    for (let step = 1; step <= reach; step += 1) {
      const here = luma(x + dx * step, y + dy * step);
      const next = luma(x + dx * (step + 1), y + dy * (step + 1));
      if (here === undefined || next === undefined) return undefined;
      if (Math.abs(here - level) > FILL_EDGE && Math.abs(next - level) > FILL_EDGE) return step;
    }
    return undefined;
  };
  const midY = Math.round((y0 + y1) / 2);
  const reach = Math.max(3 * (x1 - x0), 6 * h);
  const left = edge(x0, midY, -1, 0, reach);
  const right = edge(x1, midY, 1, 0, reach);
  if (left === undefined || right === undefined) return false;
  if (Math.abs(left - right) > Math.max(6, 0.15 * (left + right))) return false;
  // The fill closes above and below within a control's height, beside the label where no glyph stands.
  const besideX = x0 - pad;
  const up = edge(besideX, y0, 0, -1, 2 * h);
  const down = edge(besideX, y1, 0, 1, 2 * h);
  return up !== undefined && down !== undefined;
}

/**
 * Whether a thin line frames the text closely on all four sides: an outlined control (a select showing its
 * value, a secondary button), white inside like the page around it, so `looksBoxed` cannot see it. A table
 * row's rules frame its cells above and below only, a card's border stands much further off.
 */
function looksOutlined(page: OcrPage, box: Box): boolean {
  const s = page.scale;
  const x0 = Math.round(box.x * s);
  const y0 = Math.round(box.y * s);
  const x1 = Math.round((box.x + box.width) * s);
  const y1 = Math.round((box.y + box.height) * s);
  const h = Math.max(1, y1 - y0);
  const midX = Math.round((x0 + x1) / 2);
  const midY = Math.round((y0 + y1) / 2);
  const at = (x: number, y: number): number | undefined =>
    x < 0 || y < 0 || x >= page.width || y >= page.height ? undefined : page.gray[y * page.width + x];
  /** Walks out from the text's edge: a line is a short run darker than the background it starts on. */
  const lineWithin = (x: number, y: number, dx: number, dy: number, reach: number): boolean => {
    const background = at(x + dx, y + dy);
    if (background === undefined) return false;
    const thin = Math.max(3, Math.round(h * 0.25));
    let run = 0;
    for (let step = 2; step <= reach; step += 1) {
      const value = at(x + dx * step, y + dy * step);
      if (value === undefined) return false;
      if (background - value > 25) run += 1;
      else if (run > 0 && run <= thin) return true;
      else run = 0;
    }
    return false;
  };
  const across = Math.max(8, Math.round(h * 2.2));
  const up = Math.max(6, Math.round(h * 1.3));
  return (
    lineWithin(x0, midY, -1, 0, across) &&
    lineWithin(x1, midY, 1, 0, across) &&
    lineWithin(midX, y0, 0, -1, up) &&
    lineWithin(midX, y1, 0, 1, up)
  );
}

/** A control showing its facet and value ('Status: Pending'), framed: a filter's select; unframed, a fact. */
function isFacetControl(page: OcrPage, item: TextItem): boolean {
  return facetOf(item.text) !== null && (looksBoxed(page, item.box) || looksOutlined(page, item.box));
}

function matchesField(text: string): string | undefined {
  const t = lower(text).replace(/[:*]+$/, '').trim();
  if (FIELD_LABELS.includes(t)) return asLabel(text);
  const asked = FIELD_INSTRUCTION.exec(t)?.[3];
  if (asked && FIELD_LABELS.includes(asked)) return asLabel(asked);
  for (const prefix of PLACEHOLDER_PREFIXES) {
    if (t.startsWith(prefix) && wordCount(t) <= 5) {
      const rest = t.slice(prefix.length).replace(/^(your|a|an|the)\s+/, '').replace(/[.…]+$/, '').trim();
      const known = FIELD_LABELS.find((label) => rest === label || rest.startsWith(`${label} `));
      if (known) return asLabel(known);
      if (prefix === 'search ') return 'Search';
    }
  }
  if (/^[\w.+-]+@[\w-]+\.[\w.]+$/.test(t)) return undefined;
  return undefined;
}

/**
 * A control's icon before its label reads as a stray character or two ('⤓ Export CSV' as '1 Export CSV', a sort
 * icon before 'Sort by' as 'Ut'): dropped when what follows is a button's label or a sort or filter menu's, so the
 * label names the control and the stray glyphs do not refuse it.
 */
function withoutIcon(text: string): string {
  const match = /^(\S{1,2})\s+(.+)$/.exec(text);
  const [, glyphs, label] = match ?? [];
  if (!glyphs || !label || /^[aAI]$/.test(glyphs)) return text;
  if (glyphs.length === 1 && isButtonText(label)) return label;
  return /^(sort|filter) by\b/i.test(label) && !isKnownWord(glyphs) ? label : text;
}

function isButtonText(text: string): boolean {
  const words = wordCount(text);
  return words <= 4 && ACTION_VERBS.has(firstWord(text)) && letters(text) >= 2 && !/[.!?]$/.test(text.trim());
}

function isLinkText(text: string): boolean {
  const t = lower(text);
  return LINK_PHRASES.some((phrase) => t.startsWith(phrase)) && wordCount(text) <= 7;
}

function isCheckboxText(text: string): boolean {
  const t = lower(text).replace(/^[^a-z]+/, '');
  return CHECKBOX_PHRASES.some((phrase) => t.startsWith(phrase));
}

function isSelectText(text: string): boolean {
  const t = lower(text);
  return SELECT_PREFIXES.some((prefix) => t.startsWith(prefix)) || /\s[v▾⌄]$/.test(t);
}

const MONTH = '(jan(uary)?|feb(ruary)?|mar(ch)?|apr(il)?|may|june?|july?|aug(ust)?|sep(t(ember)?)?|oct(ober)?|nov(ember)?|dec(ember)?)\\.?';
const DATE = new RegExp(`^(${MONTH} \\d{1,2}(st|nd|rd|th)?|\\d{1,2}(st|nd|rd|th)? ${MONTH})(,? \\d{4})?$`);

/** A headline that promises what the product does for its user, rather than titling a screen. */
const PROMISE = /^(find|discover|explore|get|start|search|shop|browse|book|plan|order|meet|learn|build|grow|make|track|watch|listen to|save on)\b.*\b(your|the|a|new|next|best|more)\b/;

/** A city and its state or country code ('Brooklyn, NY', 'San Diego, CA v'). */
const PLACE = /^[A-Z][a-z]+(?: [A-Z][a-z]+)?, [A-Z]{2}(?: \W?[v⌄▾]?)?$/;
const QUESTION = /\?\s*$/;

function isNameCandidate(item: TextItem): boolean {
  const t = lower(item.text);
  if (NOT_A_NAME.some((phrase) => t.includes(phrase))) return false;
  // Typed values (an email, a URL) are never a screen's name.
  if (/@|https?:|www\./.test(t) || COMMON_HOST.test(t)) return false;
  if (letters(item.text) < 3 || wordCount(item.text) > 9) return false;
  if (letters(item.text) / item.text.replace(/\s/g, '').length < 0.6) return false;
  // A date set in bold ('Jun 1', '12 March') is a value shown on the screen.
  if (DATE.test(t)) return false;
  return item.confidence >= 65;
}

/**
 * A word whose first letters the edge of its tile cut off ('ilk' of a 'Milk' read whole on the same frame, the tile
 * sliding in): read in lower case, as no title starts, and a letter or two short of a word beside it.
 */
function cutAtItsStart(item: TextItem, readWords: string[]): boolean {
  const word = item.text.trim();
  if (!/^[a-z]+$/.test(word)) return false;
  return readWords.some((other) => other.length > word.length && other.length <= word.length + 2 && other.endsWith(word));
}

/**
 * The second line of a heading wrapped over two lines ("Fresh picks for / every season"): just below it,
 * overlapping it horizontally, and also set in large type (word boxes make sizes rough, hence the slack).
 */
function wrappedLine(heading: TextItem, candidates: TextItem[], bodySize: number): TextItem | undefined {
  const next = candidates.find(
    (item) =>
      item !== heading &&
      item.size >= heading.size * 0.5 && item.size <= heading.size * 1.25 && item.size >= bodySize * 1.4 &&
      item.box.y > heading.box.y &&
      item.box.y - (heading.box.y + heading.box.height) < heading.size * 0.7 &&
      overlapArea({ ...item.box, y: 0, height: 1 }, { ...heading.box, y: 0, height: 1 }) > 0,
  );
  return next && wordCount(heading.text) + wordCount(next.text) <= 9 ? next : undefined;
}

/**
 * The last lines of wrapped paragraphs ('…Get the spicy miso / next time'): each starts at the left edge of a
 * longer line just above it, in the same type, a line's spacing below. What they say is the sentence's end,
 * not a control, though it may start like a button's label.
 */
function wrappedTails(body: TextItem[]): Set<TextItem> {
  return new Set(
    body.filter((item) => body.some((line) => wordCount(line.text) >= 4 && line.box.width > item.box.width && continuesBelow(line, item))),
  );
}

/** `lower` is the next line of `upper`'s paragraph: the same type, the same left edge, a line's spacing below. */
function continuesBelow(upper: TextItem, lower: TextItem): boolean {
  return upper !== lower && Math.abs(upper.box.x - lower.box.x) < lower.size * 0.8 &&
    lower.size >= upper.size * 0.8 && lower.size <= upper.size * 1.25 &&
    lower.box.y > upper.box.y && lower.box.y - (upper.box.y + upper.box.height) < lower.size * 0.8;
}

/**
 * The first lines of wrapped titles ('Checkout button overlaps / promo banner on Safari 17', a card's): a line in
 * the same type goes on just below, at the same left edge, in lower case, as a sentence does and no second button
 * of a stack does. What they say is the title's start, not a control, though it may start like a button's label.
 */
function wrappedHeads(body: TextItem[]): Set<TextItem> {
  return new Set(
    body.filter((item) => !/[.!?:]$/.test(item.text.trim()) && body.some((line) => /^[a-z]/.test(line.text) && continuesBelow(item, line))),
  );
}

/** A site's footer, told by its legal line: '© 2025 Workwell Inc.' (the sign may not survive the reading), 'All rights reserved'. */
const LEGAL_LINE = /©|\(c\) \d{4}|\ball rights reserved\b|^(19|20)\d{2},? [^.]{0,40}\b(inc|ltd|llc|gmbh|company|corp|corporation|limited)\b/i;

/**
 * A footer's columns of links over its legal line ('Post a job', 'Search resumes', 'Hiring events' under
 * 'Employers'): links to pages, whatever verb starts them. A column is three or more short lines of one size, one
 * under the other at the same left edge.
 */
function footerLinks(body: TextItem[]): Set<TextItem> {
  const legal = body.find((item) => LEGAL_LINE.test(item.text));
  if (!legal) return new Set();
  const short = body.filter((item) => item !== legal && wordCount(item.text) <= 4 && item.box.y < legal.box.y);
  const links = new Set<TextItem>();
  for (const item of short) {
    if (links.has(item)) continue;
    const column = short
      .filter((other) => Math.abs(other.box.x - item.box.x) < item.size * 0.5 && Math.abs(other.size - item.size) < item.size * 0.2)
      .sort((a, b) => a.box.y - b.box.y);
    // Only lines one under the other: a gap of more than two lines ends the column.
    const runs: TextItem[][] = [];
    for (const line of column) {
      const run = runs[runs.length - 1];
      const last = run?.[run.length - 1];
      if (run && last && line.box.y - (last.box.y + last.box.height) < line.size * 1.6) run.push(line);
      else runs.push([line]);
    }
    for (const run of runs) if (run.length >= 3) run.forEach((line) => links.add(line));
  }
  return links;
}

function screenNameFrom(text: string): string {
  const cleaned = text.replace(/[.:!,;]+$/, '').replace(/\s+/g, ' ').trim();
  return titleCaseIfShouted(cleaned).slice(0, 80);
}

function listing(labels: string[]): string {
  if (labels.length <= 1) return labels[0] ?? '';
  return `${labels.slice(0, -1).join(', ')} and ${labels[labels.length - 1]}`;
}

function describe(name: string, heading: string, subtitle: string | undefined, elements: UiElement[], isModal: boolean): string {
  const of = (kind: UiElement['kind']): string[] =>
    elements.filter((element) => element.kind === kind).map((element) => element.label).slice(0, 5);
  const inputs = of('input');
  const buttons = of('button');
  const tabs = of('tab');
  const links = of('link');
  const kind = isModal ? 'dialog' : inputs.length >= 2 ? 'form' : 'screen';
  const kindWord = new RegExp(`\\b${kind}$`, 'i').test(name) || (isModal && / Modal$/.test(name)) ? '' : ` ${kind}`;
  const titledAs = heading && normalizeName(heading) !== normalizeName(name) ? ` titled “${heading}”` : '';
  const opening = `${isModal ? name.replace(/ Modal$/, '') : name}${kindWord}${titledAs}${subtitle ? ` (“${subtitle}”)` : ''}`;
  const parts: string[] = [];
  if (inputs.length > 0) parts.push(`${listing(inputs)} field${inputs.length > 1 ? 's' : ''}`);
  if (tabs.length > 0) parts.push(`${listing(tabs)} tabs`);
  const article = /^[aeiou]/i.test(buttons[0] ?? '') ? 'an ' : 'a ';
  if (buttons.length > 0) parts.push(`${buttons.length > 1 ? '' : article}${listing(buttons)} button${buttons.length > 1 ? 's' : ''}`);
  if (parts.length === 0 && links.length > 0) parts.push(`navigation links to ${listing(links.slice(0, 4))}`);
  return parts.length > 0 ? `${opening} with ${listing(parts)}.` : `${opening}.`;
}

/** Tabs: a compact row of three or more one- or two-word items below the heading, away from the top bar. */
function tabRow(items: TextItem[], heading: TextItem | undefined, frameHeight: number): TextItem[] {
  const pool = items.filter(
    (item) =>
      wordCount(item.text) <= 2 && !/\d/.test(item.text) && item.box.y > (heading ? heading.box.y : 0) &&
      item.box.y < frameHeight * 0.6 && !isButtonText(item.text),
  );
  for (const seed of pool) {
    const row = pool
      .filter((item) => Math.abs(centerY(item.box) - centerY(seed.box)) < seed.box.height * 0.5)
      .sort((a, b) => a.box.x - b.box.x);
    if (row.length < 3 || row.length > 7) continue;
    const gaps = row.slice(1).map((item, i) => item.box.x - ((row[i]?.box.x ?? 0) + (row[i]?.box.width ?? 0)));
    if (gaps.every((gap) => gap > 0 && gap < seed.box.height * 5)) return row;
  }
  return [];
}

/** The nearest field label above or to the left of a piece of text (what a typed value belongs to). */
function labelFor(value: TextItem, labels: Array<{ item: TextItem; label: string }>): string | undefined {
  let best: { label: string; distance: number } | undefined;
  for (const { item, label } of labels) {
    const above = item.box.y < value.box.y && value.box.y - (item.box.y + item.box.height) < value.box.height * 4 &&
      Math.abs(item.box.x - value.box.x) < value.box.height * 6;
    const left = Math.abs(centerY(item.box) - centerY(value.box)) < value.box.height && item.box.x < value.box.x;
    const sameBox = overlapArea(item.box, value.box) > 0;
    if (!above && !left && !sameBox) continue;
    const distance = Math.hypot(item.box.x - value.box.x, item.box.y - value.box.y);
    if (!best || distance < best.distance) best = { label, distance };
  }
  return best?.label;
}

/** A browser's toolbar drawn above the page: its address bar tells the page's path. */
export interface BrowserChrome {
  urlPath: string;
  /** The URL carried a search ('/jobs?q=…'). */
  searched: boolean;
  /** Frame y where the page itself starts. */
  bottom: number;
}

/** A URL alone on a line near the top edge, left of centre: the address bar of a browser window. */
export function findBrowserChrome(items: TextItem[], frameWidth: number, frameHeight: number): BrowserChrome | undefined {
  const band = items
    .filter((item) => item.box.y + item.box.height < frameHeight * 0.16 && item.box.x < frameWidth * 0.5)
    .sort((a, b) => a.box.y - b.box.y);
  for (const item of band) {
    // The site-info icon before the URL is read as a mark or a letter of its own ('O_www.…', '@ www.…').
    const text = item.text.replace(/^[^a-z0-9]*(?:[a-z0-9][^a-z0-9./:]+)?(?=[a-z0-9])/i, '');
    const bare = repairedAddress(text.replace(/\s+/g, ''));
    const urlPath = urlPathOf(bare);
    if (!urlPath) continue;
    // The whole text must be the URL ("acme.io" inside a sentence is not an address bar).
    if (!/^(https?:\/\/)?[a-z0-9.-]+(:\d+)?(\/\S*)?$/i.test(bare)) continue;
    if (!/\//.test(bare) && !COMMON_HOST.test(bare)) continue;
    return { urlPath, searched: searchedIn(bare), bottom: item.box.y + item.box.height + Math.max(8, item.box.height) };
  }
  return undefined;
}

/** A sidebar: three or more short labels stacked along a common left edge in the left quarter. */
function sideNav(items: TextItem[], frameWidth: number): TextItem[] {
  const pool = items.filter((item) => item.box.x < frameWidth * 0.22 && wordCount(item.text) <= 3 && letters(item.text) >= 3 &&
    item.box.x + item.box.width < frameWidth * 0.3);
  let best: TextItem[] = [];
  for (const seed of pool) {
    const column = pool
      .filter((item) => Math.abs(item.box.x - seed.box.x) < Math.max(8, seed.box.height * 0.8))
      .sort((a, b) => a.box.y - b.box.y);
    // Stacked close together: a gap bigger than a few lines ends the menu.
    const run: TextItem[] = [];
    for (const item of column) {
      const last = run[run.length - 1];
      if (last && item.box.y - last.box.y > last.box.height * 5) {
        if (run.length > best.length) best = [...run];
        run.length = 0;
      }
      run.push(item);
    }
    if (run.length > best.length) best = [...run];
  }
  // Entries of a menu are words, not values or form labels (a form's left column is not a sidebar).
  if (best.length < 3 || best.some((item) => /[\d@$€£]/.test(item.text) || matchesField(item.text) !== undefined)) return [];
  // The brand above the menu is set larger than the entries.
  const size = median(best.map((item) => item.size));
  return best.filter((item) => item.size <= size * 1.3);
}

/**
 * A top row that starts with the brand heading a sidebar is the page's own header beside it (title,
 * breadcrumb, filters), not a navigation bar: only the brand stays, the rest belongs to the page.
 */
function besideSidebar(row: TextItem[], side: TextItem[]): TextItem[] {
  if (side.length === 0) return row;
  const sidebarRight = Math.max(...side.map((item) => item.box.x + item.box.width));
  const brand = [...row].sort((a, b) => a.box.x - b.box.x)[0];
  if (!brand || brand.box.x > sidebarRight) return row;
  const top = Math.min(...side.map((item) => item.box.y));
  return brand.box.y < top ? row.filter((item) => item.box.x < sidebarRight) : row;
}

/** The highlighted entry of the primary navigation: sidebar first, then phone tab bar, then top links. */
function selectedNavigation(
  side: TextItem[],
  tabBar: TextItem[],
  nav: TextItem[],
  color: OcrPage['color'] | undefined,
  titled: boolean,
): TextItem | undefined {
  // Destinations may be named by a verb or a field's word ('Explore', 'Search'), as a tab bar's are.
  const entries = (group: TextItem[], sized = true, destinations = false): TextItem[] => {
    const size = median(group.map((item) => item.size));
    // A logo split by the cursor or set in a larger type is not an entry.
    return group.filter((item) => (destinations || (!isButtonText(item.text) && !matchesField(item.text))) && !/\d/.test(item.text) &&
      wordCount(item.text) <= 3 && (!sized || item.size <= size * 1.25));
  };
  const topLinks = entries([...nav].sort((a, b) => a.box.x - b.box.x).slice(1));
  // The sidebar lost its brand by size already; its highlighted entry is often bold, which reads larger.
  // A phone's tab bar holds only destinations, whatever verb names them ("Explore"); its tab stays lit on the
  // screens opened from it, so it names only a screen without a title of its own.
  const tab = activeItem(entries(tabBar), color) ?? (titled ? undefined : activeItem(entries(tabBar, false, true), color));
  return activeItem(entries(side, false), color) ?? tab ?? activeItem(topLinks, color);
}

/** What the understanding of earlier frames of the same video tells about later ones. */
export interface VideoContext {
  /** Heading of the frame recognised as the home page. */
  homeHeading?: string;
  /** Ids listed in a column of a table seen so far, with the column's header ("4471" → "Ticket"). */
  idKinds?: Record<string, string>;
  /** The last screen named after a kind of thing in the plural ("Workouts"): what a detail opened from it shows. */
  listName?: string;
  /** How many frames read each label of a phone's tab bar, by its lower-case form. */
  tabBarLabels?: Map<string, { label: string; frames: number }>;
}

/** The short line just above the heading, aligned with it and set smaller: where apps put a breadcrumb. */
function lineAbove(heading: TextItem | undefined, body: TextItem[]): TextItem | undefined {
  if (!heading) return undefined;
  return body.find(
    (item) =>
      item !== heading && item.size < heading.size * 0.85 && wordCount(item.text) <= 8 &&
      Math.abs(item.box.x - heading.box.x) < heading.size * 1.5 &&
      item.box.y + item.box.height <= heading.box.y + 2 && heading.box.y - (item.box.y + item.box.height) < heading.size * 1.5,
  );
}

/**
 * Ids stacked in a table column under a header ("TICKET" over 4471, 4468, 4462): a later page showing
 * one of them shows a record of that kind, whatever its breadcrumb calls it.
 */
function learnIdColumns(body: TextItem[], known: Record<string, string>): void {
  const ids = body.filter((item) => /^#?\d{3,}$/.test(item.text));
  for (const id of ids) {
    const column = ids.filter((other) => Math.abs(other.box.x - id.box.x) < Math.max(6, id.box.height));
    if (column.length < 3) continue;
    const top = Math.min(...column.map((other) => other.box.y));
    const header = body
      .filter((item) => letters(item.text) >= 2 && !/\d/.test(item.text) && wordCount(item.text) <= 2 &&
        Math.abs(item.box.x - id.box.x) < id.box.height * 2 && item.box.y < top && top - item.box.y < id.box.height * 6)
      .sort((a, b) => b.box.y - a.box.y)[0];
    if (header) known[id.text.replace('#', '')] = asLabel(header.text);
  }
}

/**
 * A frame read and laid out, its names not yet cleaned: which words are noise is known only once every
 * frame of the video has been read (see name-cleaner.ts).
 */
export interface PageReading {
  /** What names the screen, as read: its heading, address bar path and controls among it. */
  evidence: NamingEvidence;
  actions: UserAction[];
  words: string[];
  subtitle?: string;
  section?: string;
  /** The site's name in the navigation bar: never the name of a screen. */
  brand?: string;
  /** A cookie banner over the screen, its sentence and its buttons: what the user consents with, never the screen's name. */
  consent: UiElement[];
  /** Every word read on the frame: what a near miss on it is corrected to first. */
  read: ReadWord[];
  /** The labels read in a phone's tab bar, when the frame shows one and none of them is lit. */
  unlitTabs?: string[];
}

/** One frame understood on its own: its words cleaned against its own reading only. */
export function understandPage(page: OcrPage, frame: KeyFrame, context: VideoContext = {}): FrameUnderstanding {
  const reading = readPage(page, frame, context);
  const words = new RecordingWords();
  words.addReading(reading.read);
  return finishPage(reading, words, context);
}

export function readPage(page: OcrPage, frame: KeyFrame, context: VideoContext = {}): PageReading {
  const all = splitIntoItems(page.lines, frame.height);
  const scope = frame.overlay;
  // An address is told by its shape, however unsure tesseract was of it (its gray pill reads poorly).
  const chrome = findBrowserChrome(splitIntoItems(page.lines, frame.height, 0), frame.width, frame.height);
  const viewTop = chrome && !scope ? chrome.bottom : 0;
  const status = scope ? new Set<TextItem>() : phoneStatusBar(all, frame.height, frame.width);
  const items = scope ? all.filter((item) => inside(item.box, scope)) : all.filter((item) => centerY(item.box) > viewTop && !status.has(item));
  const banner = bannerItems(items);
  // A phone's top row is its status bar: the app's bar below it is content (its title, its back button).
  const { nav: topRow, barTitle } = scope || status.size > 0
    ? { nav: [] as TextItem[], barTitle: undefined }
    : topBar(items, frame.height, frame.width, viewTop);
  const tabBar = scope ? [] : bottomTabs(items, frame.height, frame.width);
  const side = scope ? [] : sideNav(items.filter((item) => !topRow.includes(item) && !banner.has(item)), frame.width);
  const nav = besideSidebar(topRow, side);
  const navSet = new Set([...nav, ...tabBar, ...side]);
  const body = items.filter((item) => !banner.has(item) && !navSet.has(item));

  const bodyHeight = median(body.map((item) => item.size)) || 12;
  const viewHeight = frame.height - viewTop;
  // Boxed verbs are buttons, never the screen's name, unless they are set much larger than the body (a pill's ends
  // read round its label make it look larger than it is).
  const readWords = items.flatMap((item) => lower(item.text).split(/[^a-z]+/));
  const candidates = body.filter(
    (item) =>
      isNameCandidate(item) && !cutAtItsStart(item, readWords) &&
      !(isButtonText(item.text) && (item.pill === true || (item.size < bodyHeight * 1.5 && looksBoxed(page, item.box)))),
  );
  // Bigger is more important; a little preference for text higher up, where titles live.
  const headingScore = (item: TextItem): number => item.size * (1 - 0.35 * ((centerY(item.box) - viewTop) / viewHeight));
  const largest = (items: TextItem[]): TextItem | undefined =>
    items.reduce<TextItem | undefined>((best, item) => (!best || headingScore(item) > headingScore(best) ? item : best), undefined);
  let heading = largest(candidates);
  // A question set large asks for something ('Where to?' in a search field): a title that is no question names
  // the screen, when there is one.
  if (heading && QUESTION.test(heading.text)) {
    heading = largest(candidates.filter((item) => !QUESTION.test(item.text) && item.size >= bodyHeight * 1.2)) ?? heading;
  }
  const headingIsBig = heading !== undefined && heading.size >= bodyHeight * 1.2;
  const titled = barTitle && isNameCandidate(barTitle) && (!headingIsBig || (heading?.size ?? 0) < barTitle.size * 1.3)
    ? barTitle
    : heading;
  const wrapped = titled ? wrappedLine(titled, candidates, bodyHeight) : undefined;
  const headingText = titled ? screenNameFrom(wrapped ? `${titled.text} ${wrapped.text}` : titled.text) : '';

  const elements: UiElement[] = [];
  const seen = new Set<string>();
  const add = (kind: UiElement['kind'], label: string): void => {
    const clean = label.trim();
    const key = `${kind}:${lower(clean)}`;
    if (!clean || seen.has(key) || elements.length >= MAX_ELEMENTS) return;
    seen.add(key);
    elements.push({ kind, label: clean });
  };
  if (headingText) add('heading', headingText);

  const brand = [...nav].sort((a, b) => a.box.x - b.box.x)[0];
  for (const item of nav) {
    if (item === brand && (nav.length > 1 || side.length > 0)) continue;
    if (isButtonText(item.text) && (item.pill === true || looksBoxed(page, item.box))) add('button', asLabel(item.text));
    else if (isFacetControl(page, item)) add('select', asLabel(item.text));
    else if (wordCount(item.text) <= 4) add('link', asLabel(item.text));
  }

  const tabs = new Set(tabRow(body, titled, frame.height));
  const typed = new Set<string>();
  const fieldLabels: Array<{ item: TextItem; label: string }> = [];
  for (const item of body) {
    const field = matchesField(item.text);
    if (field) fieldLabels.push({ item, label: field });
  }
  const changed = frame.changedRegions;
  const actions: UserAction[] = [];
  // Typed values (emails, numbers) read with low confidence: they count here, where the pixels changed.
  const loose = splitIntoItems(page.lines, frame.height, LOOSE_CONFIDENCE).filter(
    (item) => (scope ? inside(item.box, scope) : centerY(item.box) > viewTop) && !navSet.has(item),
  );
  for (const item of loose) {
    if (item.text === titled?.text || fieldLabels.some((f) => f.item.text === item.text) || isButtonText(item.text)) continue;
    const area = item.box.width * item.box.height;
    const changedArea = changed.reduce((sum, region) => sum + overlapArea(region, item.box), 0);
    if (area > 0 && changedArea / area > 0.3) {
      const label = labelFor(item, fieldLabels);
      if (label) {
        typed.add(item.text);
        actions.push({ kind: 'type', target: label, atSec: round(frame.endSec) });
      }
    }
  }

  let subtitle: string | undefined;
  const tails = wrappedTails(body);
  const heads = wrappedHeads(body);
  const inSentence = (item: TextItem) => tails.has(item) || heads.has(item);
  const footer = footerLinks(body);
  for (const item of body) {
    if (item === titled || item === wrapped || typed.has(item.text) || tabs.has(item)) continue;
    const text = withoutIcon(item.text);
    if (tabs.size > 0 && tabs.has(item)) continue;
    const field = fieldLabels.find((f) => f.item === item)?.label;
    // A notice ('Promo applied') says what the user's action did, when it appears as they act (see the merge step).
    if (isNoticeText(text)) add('text', text);
    else if (field) add('input', field);
    else if (isCheckboxText(text)) add('checkbox', asLabel(text));
    else if (isSelectText(text)) add('select', asLabel(text.replace(/\s[v▾⌄]$/, '')));
    else if (isFacetControl(page, item)) add('select', asLabel(text));
    else if (!inSentence(item) && wordCount(text) <= 4 && letters(text) >= 3 && !/\d/.test(text) && looksBoxed(page, item.box))
      add('button', asLabel(text));
    else if (footer.has(item) && letters(text) >= 3) add('link', asLabel(text));
    else if (!inSentence(item) && isLinkText(text)) add('link', asLabel(text));
    else if (!inSentence(item) && isButtonText(text)) add('button', asLabel(text));
    else if (item.size >= bodyHeight * 1.45 && isNameCandidate(item)) add('heading', screenNameFrom(text));
    else if (!subtitle && titled && item.box.y > titled.box.y && wordCount(text) >= 4 && letters(text) >= 12) {
      subtitle = text.replace(/\s+/g, ' ').slice(0, 140);
      add('text', subtitle);
    }
  }
  for (const tab of [...tabs, ...tabBar]) add('tab', asLabel(tab.text));
  for (const item of side) add('link', asLabel(item.text));

  // A promise for a title ('Find your next home') names no screen, nor a place the screen is shown for ('Brooklyn,
  // NY', its picker's arrow read or not): the tab lit under it does.
  const promise = (PROMISE.test(lower(headingText)) && wordCount(headingText) >= 3) || PLACE.test(headingText);
  const selected = scope ? undefined : selectedNavigation(side, tabBar, nav, page.color, headingIsBig && !promise);
  const section = tabs.size >= 3 ? activeItem([...tabs], page.color) : undefined;
  const breadcrumb = lineAbove(titled, body);
  if (!scope) learnIdColumns(body, (context.idKinds ??= {}));
  const evidence: NamingEvidence = {
    ...(chrome && !scope ? { urlPath: chrome.urlPath, ...(chrome.searched ? { urlSearched: true } : {}) } : {}),
    ...(headingText ? { heading: headingText } : {}),
    ...(selected ? { activeNav: asLabel(selected.text), ...(tabBar.includes(selected) ? { activeTab: true } : {}) } : {}),
    texts: body.map((item) => item.text),
    sizes: body.map((item) => item.size),
    elements,
    // A phone's status bar (clock, signal) is not navigation.
    navCount: nav.filter((item) => !/^\d{1,2}[:.]\d{2}/.test(item.text) && letters(item.text) >= 3).length,
    heroHeading: titled !== undefined && titled === heading && titled.size >= bodyHeight * 1.8 &&
      centerY(titled.box) - viewTop < viewHeight * 0.6,
    isModal: Boolean(scope),
    isFirstFrame: frame.index === 0,
    ...(breadcrumb ? { breadcrumb: breadcrumb.text } : {}),
    // What the list pages before this frame taught, not what later ones will.
    ...(context.idKinds ? { knownIds: { ...context.idKinds } } : {}),
  };

  // Submitting is decided by the merge step, which knows whether the form led to another screen.
  const words = Array.from(
    new Set(
      items
        .filter((item) => !banner.has(item) && !typed.has(item.text))
        .flatMap((item) => lower(item.text).split(/[^a-z0-9$]+/))
        .filter((word) => word.length >= 2),
    ),
  );
  const brandText = brand && (nav.length > 1 || side.length > 0) ? brand.text : undefined;
  const tabLabels = [...new Set(tabBar.map((item) => asLabel(item.text)))];
  for (const label of tabLabels) {
    const known = (context.tabBarLabels ??= new Map()).get(lower(label));
    context.tabBarLabels.set(lower(label), { label, frames: (known?.frames ?? 0) + 1 });
  }
  return {
    evidence,
    actions: dedupeActions(actions),
    words,
    consent: consentElements(page, banner),
    ...(subtitle ? { subtitle } : {}),
    ...(section ? { section: asLabel(section.text) } : {}),
    ...(brandText ? { brand: brandText } : {}),
    read: page.lines.flatMap((line) => line.words),
    // A tab read lit, though a titled screen is not named by it, is the lit one.
    ...(tabLabels.length >= 2 && !selected && !activeItem(tabBar, page.color) ? { unlitTabs: tabLabels } : {}),
  };
}

/** Labels that name something and reach event names: only words survive in them. */
const NAMING_KINDS: ReadonlySet<UiElement['kind']> = new Set(['button', 'link', 'tab', 'heading']);

/**
 * The frame's names and labels cleaned against every reading of the video (`words`), then the screen
 * named from the cleaned evidence. Frames are finished in video order: a frame named Home tells later
 * ones what the home page looks like.
 */
export function finishPage(reading: PageReading, words: RecordingWords, context: VideoContext = {}): FrameUnderstanding {
  const cleaner = createNameCleaner(words, reading.read);
  const { heading: readHeading, activeNav: litNav, breadcrumb, ...read } = reading.evidence;
  const unread = litNav === undefined && !read.isModal ? unreadTab(reading.unlitTabs, context) : undefined;
  const activeNav = litNav ?? unread;
  const rest = unread === undefined ? read : { ...read, activeTab: true };
  const elements = cleanElements(rest.elements, cleaner);
  const heading = readHeading === undefined ? undefined : cleaner.name(readHeading);
  const nav = activeNav === undefined ? undefined : cleaner.label(activeNav);
  const crumbs = breadcrumb === undefined ? undefined : cleaner.name(breadcrumb);
  const section = reading.section === undefined ? undefined : cleaner.label(reading.section);
  const evidence: NamingEvidence = {
    ...rest,
    elements,
    ...(heading ? { heading } : {}),
    ...(nav ? { activeNav: nav } : {}),
    ...(crumbs ? { breadcrumb: crumbs } : {}),
    ...(context.homeHeading ? { homeHeading: context.homeHeading } : {}),
    ...(context.listName ? { listName: context.listName } : {}),
  };
  const screenName = cleanScreenName(evidence, cleaner, reading.brand);
  if (screenName === 'Home' && heading && !context.homeHeading) context.homeHeading = heading;
  if (!rest.isModal && kindListed(screenName)) context.listName = screenName;
  return {
    screenName,
    description: screenName ? describe(screenName, heading ?? '', reading.subtitle, elements, rest.isModal) : '',
    // A cookie banner's controls are the screen's too, though nothing names the screen by them.
    elements: cleanElements([...rest.elements, ...reading.consent], cleaner),
    actions: reading.actions,
    words: reading.words,
    ...(heading ? { heading } : {}),
    ...(section ? { section } : {}),
    ...(rest.urlPath ? { urlPath: rest.urlPath } : {}),
  };
}

/**
 * The lit tab of a phone's tab bar, when it is the one label the frame did not read: the lit tab is set apart
 * (bold, in colour, on a pill) and reads worst. Known labels are those the tab bar of most frames read, by the
 * time every frame is read; one label missing of them is the lit one, two missing tell nothing.
 */
function unreadTab(readLabels: string[] | undefined, context: VideoContext): string | undefined {
  if (!readLabels || !context.tabBarLabels) return undefined;
  const read = new Set(readLabels.map(lower));
  // A label misread on a frame or two ('Horn' for Home) is no tab: the bar's own labels are read on most frames.
  const most = Math.max(...[...context.tabBarLabels.values()].map((tab) => tab.frames));
  const known = [...context.tabBarLabels.values()].filter((tab) => tab.frames >= Math.max(2, most / 2));
  if (![...read].every((label) => known.some((tab) => lower(tab.label) === label))) return undefined;
  const missing = known.filter((tab) => !read.has(lower(tab.label)));
  return missing.length === 1 ? missing[0]?.label : undefined;
}

/** Controls and headings with their labels cleaned; one that is only noise is left out. */
function cleanElements(elements: UiElement[], cleaner: NameCleaner): UiElement[] {
  const seen = new Set<string>();
  const cleaned: UiElement[] = [];
  for (const element of elements) {
    let label: string | undefined = element.label;
    if (element.kind === 'heading') label = cleaner.name(label);
    // A notice names an event: its words are cleaned as a label's are.
    else if (element.kind === 'text' && isNoticeText(label)) label = cleaner.label(label);
    else if (NAMING_KINDS.has(element.kind)) label = cleaner.label(element.kind === 'button' ? correctLabel(label) : label);
    if (!label) continue;
    const key = `${element.kind}:${lower(label)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    cleaned.push({ kind: element.kind, label });
  }
  return cleaned;
}

/**
 * The screen's name from cleaned evidence. A name the cleaner cannot vouch for, or the site's own name,
 * gives way to the next thing that names the screen, down to its kind.
 */
function cleanScreenName(evidence: NamingEvidence, cleaner: NameCleaner, brand: string | undefined): string {
  let current = evidence;
  for (;;) {
    const naming = nameScreen(current);
    if (!naming.name || naming.source === 'archetype') return naming.name;
    const name = cleaner.name(naming.name);
    const isBrand = brand !== undefined && normalizeName(naming.name.replace(/ Modal$/, '')) === normalizeName(brand);
    if (name && !isBrand) return name;
    current = { ...current };
    if (naming.source === 'url') delete current.urlPath;
    else if (naming.source === 'navigation') delete current.activeNav;
    else delete current.heading;
  }
}

function dedupeActions(actions: UserAction[]): UserAction[] {
  const seen = new Set<string>();
  return actions.filter((action) => {
    const key = `${action.kind}:${action.target ?? ''}:${action.toScreen ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const round = (value: number): number => Math.round(value * 100) / 100;
