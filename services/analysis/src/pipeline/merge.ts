/**
 * Stage 4: key frames become page specs. Consecutive frames of one screen (same name, mostly the same
 * words, reached by scrolling, a tab switched under the same heading, or a panel opened over the page) form
 * a visit; a later visit of a known screen joins its spec.
 */
import { ACCOUNT_ENTRY_LABEL, isNoticeText, showsValue } from '@tracklens/contracts';
import type { DetectedScreen, FrameUnderstanding, KeyFrame, UiElement, UserAction } from './types';
import { normalizeName, pathOfItem, pathSegments, shortName } from './ocr/screen-naming';
import { SUBMIT_VERBS } from './ocr/vocabulary';

/** Word-set overlap above which two frames show the same screen. */
const SAME_SCREEN_WORDS = 0.5;

interface Entry {
  frame: KeyFrame;
  seen: FrameUnderstanding;
}

interface Visit {
  frames: Entry[];
}

/**
 * A dialog, sheet or drawer over the page: its panel is what was read, so it says nothing about the page
 * beneath, and to whoever reads the plan it is part of that page, not a screen of its own.
 */
const isOverlay = (entry: Entry): boolean => entry.frame.overlay !== undefined;

/** The frames that show the page itself, or every frame when all of them are overlays. */
function pageFrames(visit: Visit): Entry[] {
  const page = visit.frames.filter((entry) => !isOverlay(entry));
  return page.length > 0 ? page : visit.frames;
}

export function jaccard(a: readonly string[] | undefined, b: readonly string[] | undefined): number {
  if (!a || !b || a.length === 0 || b.length === 0) return 0;
  const left = new Set(a);
  const right = new Set(b);
  let shared = 0;
  for (const word of left) if (right.has(word)) shared += 1;
  return shared / (left.size + right.size - shared);
}

/** Fewer words than this say too little to be compared. */
const MIN_WORDS_TO_COMPARE = 3;

/** Every word of `words` is among `known`. */
function containedIn(words: readonly string[], known: readonly string[]): boolean {
  const all = new Set(known);
  return words.every((word) => all.has(word));
}

const sameText = (a: string | undefined, b: string | undefined): boolean => {
  const left = normalizeName(a ?? '');
  return left !== '' && left === normalizeName(b ?? '');
};

/** The first meaningful segment of a path ("/album/midnight-tides" → "album"): one kind of page, whatever the item. */
const section = (urlPath: string): string => pathSegments(urlPath)[0] ?? '';

/** Both addresses were read and they lead to different parts of the site: a navigation, whatever else looks alike. */
function elsewhere(a: string | undefined, b: string | undefined): boolean {
  return a !== undefined && b !== undefined && section(a) !== section(b);
}

/** The addresses a visit's frames showed, in order. */
function urlsOf(visit: Visit): string[] {
  return pageFrames(visit).map((entry) => entry.seen.urlPath).filter((url) => url !== undefined);
}

/**
 * A frame continues a visit when it bears the visit's name, shows the same address or shares most of a frame's content. A scrolled
 * frame's own name does not count: further down a home page, its product grid is not a product listing.
 */
function matchesVisit(visit: Visit, seen: FrameUnderstanding): boolean {
  if (sameText(visitName(visit), seen.screenName)) return true;
  // One address in the browser's bar is one page, whatever each frame's name says.
  if (seen.urlPath && pageFrames(visit).some((entry) => entry.seen.urlPath === seen.urlPath)) return true;
  // A frame that names nothing and shows no word the screen had not (a scroll into its pictures, where only the bars
  // and a caption or two read) is more of that screen.
  if (seen.screenName.trim() === '' && (seen.words?.length ?? 0) >= MIN_WORDS_TO_COMPARE && containedIn(seen.words ?? [], visitWords(visit))) return true;
  // Closing a panel shows the page beneath as it was; a page that shares only the site's header (and a heading
  // read in it) is where the panel led, as a search panel leads to its results.
  const afterPanel = visit.frames.at(-1)?.frame.overlay !== undefined;
  return pageFrames(visit).some(
    (entry) => jaccard(entry.seen.words, seen.words) > SAME_SCREEN_WORDS ||
      (!afterPanel && sameText(entry.seen.heading, seen.heading) && jaccard(entry.seen.words, seen.words) > 0.25),
  );
}

/** A confirmation echoes what it confirms (the item, the total): its words alone do not make it the form's screen. */
function confirmsAnother(name: string, other: string): boolean {
  return / Confirmation$/.test(name) && !sameText(name, other);
}

function groupVisits(frames: KeyFrame[], seen: FrameUnderstanding[]): Visit[] {
  const visits: Visit[] = [];
  frames.forEach((frame, i) => {
    const understanding = seen[i];
    if (!understanding) return;
    const current = visits[visits.length - 1];
    const last = current ? pageFrames(current).at(-1) : undefined;
    // A panel opens over the page on view: the key frame before it is that page, whatever the panel reads.
    const opensOver = frame.overlay !== undefined;
    const confirms = current !== undefined && confirmsAnother(understanding.screenName, visitName(current));
    const continues =
      current !== undefined && last !== undefined &&
      (opensOver ||
        (!elsewhere(urlsOf(current).at(-1), understanding.urlPath) &&
          (frame.scrolledFromPrevious || frame.switchedInPlace === true || (!confirms && matchesVisit(current, understanding)) ||
            (!last.frame.scrolledFromPrevious && sameText(last.seen.screenName, understanding.screenName)))));
    if (continues) current.frames.push({ frame, seen: understanding });
    else visits.push({ frames: [{ frame, seen: understanding }] });
  });
  return visits;
}

interface Spec {
  visits: Visit[];
  name: string;
  words: Set<string>;
}

/** The name of a visit: the first named frame (the top of the page, before any scroll). */
function visitName(visit: Visit): string {
  const named = pageFrames(visit).find((entry) => entry.seen.screenName.trim() !== '');
  return named?.seen.screenName.trim() ?? '';
}

function visitWords(visit: Visit): string[] {
  return Array.from(new Set(pageFrames(visit).flatMap((entry) => entry.seen.words ?? [])));
}

function findRevisited(specs: Spec[], visit: Visit): Spec | undefined {
  const name = normalizeName(visitName(visit));
  const words = visitWords(visit);
  const headings = pageFrames(visit).map((entry) => entry.seen.heading);
  const urls = urlsOf(visit);
  return specs.find((spec) => {
    const known = spec.visits.flatMap(urlsOf);
    const named = name !== '' && normalizeName(spec.name) === name;
    // Items of one kind are one screen wherever the site files them ('/world/…' and '/climate/…' are both Articles).
    const sameKindOfItem = named && [...urls, ...known].every(pathOfItem);
    if (!sameKindOfItem && urls.length > 0 && known.length > 0 && urls.every((url) => known.every((other) => elsewhere(url, other)))) return false;
    if (named) return true;
    if (confirmsAnother(visitName(visit), spec.name)) return false;
    const overlap = jaccard([...spec.words], words);
    const sharedHeading = spec.visits.some((known) => pageFrames(known).some((entry) => headings.some((heading) => sameText(entry.seen.heading, heading))));
    return overlap > 0.6 || (sharedHeading && overlap > 0.3);
  });
}

/** The most frequent non-empty value, or undefined. */
function mostCommon(values: Array<string | undefined>): string | undefined {
  const counts = new Map<string, number>();
  for (const value of values) if (value) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
}

/**
 * Two specs of one name would be one screen to whoever reads the plan: the later ones get the selected
 * tab or their own heading ("Settings - Billing"), or a number when nothing tells them apart.
 */
function makeNamesUnique(specs: Spec[]): void {
  const taken = new Set<string>();
  for (const spec of specs) {
    const base = spec.name;
    if (!taken.has(normalizeName(base))) {
      taken.add(normalizeName(base));
      continue;
    }
    const frames = spec.visits.flatMap((visit) => pageFrames(visit).map((entry) => entry.seen));
    const hints = [mostCommon(frames.map((seen) => seen.section)), mostCommon(frames.map((seen) => seen.heading))]
      .filter((hint): hint is string => hint !== undefined && !normalizeName(base).includes(normalizeName(hint)))
      .map((hint) => `${base} - ${shortName(hint)}`);
    const free = hints.find((candidate) => !taken.has(normalizeName(candidate)));
    let name = free;
    for (let n = 2; !name; n += 1) if (!taken.has(normalizeName(`${base} ${n}`))) name = `${base} ${n}`;
    spec.name = name;
    taken.add(normalizeName(name));
  }
}

/**
 * The button that sent a form: something was typed on `typedOn` and the last of them, `shown`, shows a button
 * that sends ("Send invite", "Create account").
 */
function sentBy(typedOn: Entry[], shown: Entry): UiElement | undefined {
  const typed = typedOn.flatMap((entry) => entry.seen.actions.filter((action) => action.kind === 'type').map((action) => action.target ?? ''));
  if (typed.length === 0) return undefined;
  // A header's 'Sign in' sends only an account's own form: a password, or nothing typed but who the user is. A label
  // showing a fact's value ('Next available: Today') sends nothing; 'Next: payment' does.
  const signsIn = [shown, ...typedOn].some((entry) => entry.seen.elements.some((element) => element.kind === 'input' && /password/i.test(element.label))) ||
    typed.every((field) => ACCOUNT_FIELD.test(field));
  return shown.seen.elements.find((element) => {
    const label = element.label.toLowerCase();
    return element.kind === 'button' && SUBMIT_VERBS.has(label.split(/[\s:]+/)[0] ?? '') && !showsValue(label) &&
      (signsIn || !ACCOUNT_ENTRY_LABEL.test(label));
  });
}

/** The fields of who enters an account. */
const ACCOUNT_FIELD = /e-?mail|user ?name|phone|mobile|password/i;

/** What a panel over the page is called: its own name, without the word that only says it is a panel. */
function panelName(seen: FrameUnderstanding): string | undefined {
  const name = (seen.screenName.trim() || seen.heading?.trim() || '').replace(/\s+(modal|dialog|sheet|drawer|popup|overlay)$/i, '');
  return name === '' ? undefined : name;
}

const round = (value: number): number => Math.round(value * 100) / 100;

function textRichness(entry: { seen: FrameUnderstanding }): number {
  return (entry.seen.words?.length ?? 0) + entry.seen.elements.length * 2;
}

/** A notice the screen shows ('Promo applied', 'Saved to your list'): see `isNoticeText`. */
const isNotice = (element: UiElement): boolean => element.kind === 'text' && isNoticeText(element.label);

function mergeElements(specVisits: Visit[]): UiElement[] {
  const seen = new Set<string>();
  const elements: UiElement[] = [];
  const keyOf = (element: UiElement): string => `${element.kind}:${element.label.toLowerCase()}`;
  for (const visit of specVisits) {
    // A notice already there when the screen was reached ('Free delivery applied') says nothing the user did.
    const [arrival] = visit.frames;
    const standing = new Set(arrival?.seen.elements.filter(isNotice).map(keyOf));
    for (const entry of visit.frames) {
      for (const element of entry.seen.elements) {
        const key = keyOf(element);
        if (isNotice(element) && (entry === arrival || standing.has(key))) continue;
        if (seen.has(key)) continue;
        seen.add(key);
        elements.push(element);
      }
    }
  }
  return elements.slice(0, 40);
}

function dedupeActions(actions: UserAction[]): UserAction[] {
  const seen = new Set<string>();
  return [...actions]
    .sort((a, b) => a.atSec - b.atSec)
    .filter((action) => {
      const key = `${action.kind}:${action.target ?? ''}:${action.toScreen ?? ''}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/** Turns the ordered, understood key frames into one spec per distinct screen. */
export function mergeScreens(frames: KeyFrame[], seen: FrameUnderstanding[]): DetectedScreen[] {
  return mergeFrames(frames, seen).screens;
}

export interface MergedFrames {
  screens: DetectedScreen[];
  /** The name of the screen each frame was assigned to, by frame position (undefined: not understood). */
  screenOfFrame: Array<string | undefined>;
}

/** Like mergeScreens, and tells which screen each key frame belongs to. */
export function mergeFrames(frames: KeyFrame[], seen: FrameUnderstanding[]): MergedFrames {
  const visits = groupVisits(frames, seen);
  const specs: Spec[] = [];
  const specOfVisit = new Map<Visit, Spec>();
  for (const visit of visits) {
    const known = findRevisited(specs, visit);
    if (known) {
      known.visits.push(visit);
      visitWords(visit).forEach((word) => known.words.add(word));
      if (!known.name) known.name = visitName(visit);
      specOfVisit.set(visit, known);
    } else {
      const spec: Spec = { visits: [visit], name: visitName(visit), words: new Set(visitWords(visit)) };
      specs.push(spec);
      specOfVisit.set(visit, spec);
    }
  }
  specs.forEach((spec, i) => {
    if (!spec.name) spec.name = `Screen ${i + 1}`;
  });
  makeNamesUnique(specs);

  const extraActions = new Map<Spec, UserAction[]>();
  const addAction = (spec: Spec, action: UserAction): void => {
    extraActions.set(spec, [...(extraActions.get(spec) ?? []), action]);
  };
  visits.forEach((visit, i) => {
    const spec = specOfVisit.get(visit);
    if (!spec) return;
    visit.frames.forEach((entry, j) => {
      if (j > 0 && entry.frame.scrolledFromPrevious) {
        addAction(spec, { kind: 'scroll', atSec: round(entry.frame.startSec), imagePath: entry.frame.imagePath });
      }
      const before = visit.frames[j - 1];
      if (before && isOverlay(entry) && !isOverlay(before)) {
        // Shown on the page as the user clicked, as a move to another screen is.
        const target = panelName(entry.seen);
        const at = { atSec: round(entry.frame.startSec), imagePath: before.frame.imagePath };
        addAction(spec, target ? { kind: 'open_modal', target, ...at } : { kind: 'open_modal', ...at });
      }
      if (before && isOverlay(before) && !isOverlay(entry)) {
        // The panel closed on its page: a form typed into in it was sent, as when a page's form leads elsewhere.
        const opened = visit.frames.slice(0, j).findLastIndex((shown) => !isOverlay(shown));
        const sent = sentBy(visit.frames.slice(opened + 1, j), before);
        if (sent) {
          addAction(spec, { kind: 'submit', target: sent.label, atSec: round(entry.frame.startSec), imagePath: before.frame.imagePath });
        }
      }
    });
    const next = visits[i + 1];
    const nextSpec = next ? specOfVisit.get(next) : undefined;
    const last = visit.frames.at(-1);
    if (!next || !nextSpec || nextSpec === spec || !last) return;
    // A key frame is grabbed just before its screen changes: the last one of a visit is the screen as the user
    // clicked, within a sample of the click, so the move needs no frame of its own.
    const at = { atSec: round(next.frames[0]?.frame.startSec ?? 0), imagePath: last.frame.imagePath };
    const submit = sentBy(visit.frames, last);
    if (submit) addAction(spec, { kind: 'submit', target: submit.label, toScreen: nextSpec.name, ...at });
    addAction(spec, { kind: 'navigate', toScreen: nextSpec.name, ...at });
  });

  const screenOfFrame = frames.map((frame) => {
    const visit = visits.find((candidate) => candidate.frames.some((entry) => entry.frame === frame));
    return visit ? specOfVisit.get(visit)?.name : undefined;
  });
  const screens = specs.map((spec, order): DetectedScreen => {
    const entries = spec.visits.flatMap((visit) => visit.frames);
    // The page is pictured and described by its own frames, not by a panel over it.
    const page = spec.visits.flatMap(pageFrames);
    const best = page.reduce((a, b) => (textRichness(b) > textRichness(a) ? b : a));
    const named = page.find((entry) => normalizeName(entry.seen.screenName) === normalizeName(spec.name)) ?? best;
    // What the understanding read on a frame happened on that frame.
    const own = entries.flatMap((entry) => entry.seen.actions.map((action) => ({ ...action, imagePath: entry.frame.imagePath })));
    const describedBy = named.seen.description ? named.seen : best.seen;
    let description = describedBy.description || `${spec.name} screen.`;
    // A name made unique ("Settings - Billing") replaces the frame's own name at the start of its description.
    if (describedBy.screenName && describedBy.screenName !== spec.name && description.startsWith(describedBy.screenName)) {
      description = spec.name + description.slice(describedBy.screenName.length);
    }
    return {
      screenName: spec.name,
      description,
      screenshotPath: best.frame.imagePath,
      elements: mergeElements(spec.visits),
      actions: dedupeActions([...own, ...(extraActions.get(spec) ?? [])]),
      firstSeenSec: round(Math.min(...entries.map((entry) => entry.frame.startSec))),
      lastSeenSec: round(Math.max(...entries.map((entry) => entry.frame.endSec))),
      order,
      visits: spec.visits.map((visit) => ({
        startSec: round(visit.frames[0]?.frame.startSec ?? 0),
        endSec: round(visit.frames[visit.frames.length - 1]?.frame.endSec ?? 0),
      })),
    };
  });
  return { screens, screenOfFrame };
}
