/**
 * Stage 4: key frames become page specs. Consecutive frames of one screen (same name, mostly the same
 * words, or reached by scrolling) form a visit; a later visit of a known screen joins its spec.
 */
import type { DetectedScreen, FrameUnderstanding, KeyFrame, UiElement, UserAction } from './types';
import { normalizeName, pathSegments, shortName } from './ocr/screen-naming';
import { SUBMIT_VERBS } from './ocr/vocabulary';

/** Word-set overlap above which two frames show the same screen. */
const SAME_SCREEN_WORDS = 0.5;

interface Visit {
  frames: Array<{ frame: KeyFrame; seen: FrameUnderstanding }>;
  isModal: boolean;
}

export function jaccard(a: readonly string[] | undefined, b: readonly string[] | undefined): number {
  if (!a || !b || a.length === 0 || b.length === 0) return 0;
  const left = new Set(a);
  const right = new Set(b);
  let shared = 0;
  for (const word of left) if (right.has(word)) shared += 1;
  return shared / (left.size + right.size - shared);
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
  return visit.frames.map((entry) => entry.seen.urlPath).filter((url) => url !== undefined);
}

/**
 * A frame continues a visit when it bears the visit's name, shows the same address or shares most of a frame's content. A scrolled
 * frame's own name does not count: further down a home page, its product grid is not a product listing.
 */
function matchesVisit(visit: Visit, seen: FrameUnderstanding): boolean {
  if (sameText(visitName(visit), seen.screenName)) return true;
  // One address in the browser's bar is one page, whatever each frame's name says.
  if (seen.urlPath && visit.frames.some((entry) => entry.seen.urlPath === seen.urlPath)) return true;
  return visit.frames.some(
    (entry) => jaccard(entry.seen.words, seen.words) > SAME_SCREEN_WORDS ||
      (sameText(entry.seen.heading, seen.heading) && jaccard(entry.seen.words, seen.words) > 0.25),
  );
}

function groupVisits(frames: KeyFrame[], seen: FrameUnderstanding[]): Visit[] {
  const visits: Visit[] = [];
  frames.forEach((frame, i) => {
    const understanding = seen[i];
    if (!understanding) return;
    const current = visits[visits.length - 1];
    const last = current?.frames[current.frames.length - 1];
    const isModal = frame.overlay !== undefined;
    const continues =
      current !== undefined && last !== undefined && current.isModal === isModal &&
      !elsewhere(urlsOf(current).at(-1), understanding.urlPath) &&
      (frame.scrolledFromPrevious || matchesVisit(current, understanding) ||
        (!last.frame.scrolledFromPrevious && sameText(last.seen.screenName, understanding.screenName)));
    if (continues) current.frames.push({ frame, seen: understanding });
    else visits.push({ frames: [{ frame, seen: understanding }], isModal });
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
  const named = visit.frames.find((entry) => entry.seen.screenName.trim() !== '');
  return named?.seen.screenName.trim() ?? '';
}

function visitWords(visit: Visit): string[] {
  return Array.from(new Set(visit.frames.flatMap((entry) => entry.seen.words ?? [])));
}

function findRevisited(specs: Spec[], visit: Visit): Spec | undefined {
  const name = normalizeName(visitName(visit));
  const words = visitWords(visit);
  const headings = visit.frames.map((entry) => entry.seen.heading);
  const urls = urlsOf(visit);
  return specs.find((spec) => {
    const isModal = spec.visits[0]?.isModal ?? false;
    if (isModal !== visit.isModal) return false;
    const known = spec.visits.flatMap(urlsOf);
    if (urls.length > 0 && known.length > 0 && urls.every((url) => known.every((other) => elsewhere(url, other)))) return false;
    if (name !== '' && normalizeName(spec.name) === name) return true;
    const overlap = jaccard([...spec.words], words);
    const sharedHeading = spec.visits.some((known) => known.frames.some((entry) => headings.some((heading) => sameText(entry.seen.heading, heading))));
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
    const frames = spec.visits.flatMap((visit) => visit.frames.map((entry) => entry.seen));
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

const round = (value: number): number => Math.round(value * 100) / 100;

function textRichness(entry: { seen: FrameUnderstanding }): number {
  return (entry.seen.words?.length ?? 0) + entry.seen.elements.length * 2;
}

function mergeElements(specVisits: Visit[]): UiElement[] {
  const seen = new Set<string>();
  const elements: UiElement[] = [];
  for (const visit of specVisits) {
    for (const { seen: understanding } of visit.frames) {
      for (const element of understanding.elements) {
        const key = `${element.kind}:${element.label.toLowerCase()}`;
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
      if (j > 0 && entry.frame.scrolledFromPrevious) addAction(spec, { kind: 'scroll', atSec: round(entry.frame.startSec) });
    });
    const next = visits[i + 1];
    const nextSpec = next ? specOfVisit.get(next) : undefined;
    if (!next || !nextSpec || nextSpec === spec) return;
    const atSec = round(next.frames[0]?.frame.startSec ?? 0);
    if (next.isModal && !visit.isModal) {
      addAction(spec, { kind: 'open_modal', target: nextSpec.name, toScreen: nextSpec.name, atSec });
      return;
    }
    const lastSeen = visit.frames[visit.frames.length - 1]?.seen;
    const typed = visit.frames.some((entry) => entry.seen.actions.some((action) => action.kind === 'type'));
    const submit = lastSeen?.elements.find(
      (element) => element.kind === 'button' && SUBMIT_VERBS.has(element.label.toLowerCase().split(/\s+/)[0] ?? ''),
    );
    if (typed && submit) addAction(spec, { kind: 'submit', target: submit.label, toScreen: nextSpec.name, atSec });
    addAction(spec, { kind: 'navigate', toScreen: nextSpec.name, atSec });
  });

  const screenOfFrame = frames.map((frame) => {
    const visit = visits.find((candidate) => candidate.frames.some((entry) => entry.frame === frame));
    return visit ? specOfVisit.get(visit)?.name : undefined;
  });
  const screens = specs.map((spec, order): DetectedScreen => {
    const entries = spec.visits.flatMap((visit) => visit.frames);
    const best = entries.reduce((a, b) => (textRichness(b) > textRichness(a) ? b : a));
    const named = entries.find((entry) => normalizeName(entry.seen.screenName) === normalizeName(spec.name)) ?? best;
    const own = entries.flatMap((entry) => entry.seen.actions);
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
