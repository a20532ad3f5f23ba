/**
 * Where the video shows each event of a plan, whichever generator wrote it: a view event's screen was on view at
 * the start of each of its visits; an action event happened at the moments its control was used on its screens.
 * The offline generator says which screens and controls made each event. A model does not: its events name their
 * screens and controls in their trigger and properties (screen_name, button_text, link_text ...) and carry their
 * screen's screenshot, and those clues are read instead.
 */
import {
  labelWords,
  screenshotPathOf,
  type AnalysedPageSpec,
  type EventEvidence,
  type ProductAnalysis,
  type TimeRange,
  type TrackingEvent,
  type TrackingPlanContent,
  type UserAction,
} from '@tracklens/contracts';
import { keyOf } from './naming';
import { screensOf, type Interaction } from './plan-screens';
import { FORM_SCREENS } from './plan-vocabulary';

/** What made an event: a screen (its key) and the control used there, none for the screen itself (its view). */
export interface EventSource {
  screen: string;
  interaction: Interaction | null;
}
/** Each event's sources, by event name. */
export type PlanSources = ReadonlyMap<string, readonly EventSource[]>;

/** An analyst steps through a few moments, not every one: the earliest are kept. */
export const MAX_EVIDENCE_PER_EVENT = 5;

/** Properties whose example is the text of the control used (a button's, a link's, a tab's, a dialog's). */
const CONTROL_PROPERTIES = new Set(
  'button_text link_text tab_name modal_name cta_text option_name'.split(' '),
);
const FILLERS = new Set('a an the to of for and with in on your my our this now'.split(' '));

/** Properties that say which screen an event happened on. */
const SCREEN_PROPERTY = /^(screen|page)(_name|_title)?$/;
/** A view event of every screen (Segment's page call) rather than of some. */
const EVERY_SCREEN = /\b(any|every|each) (page|screen)\b/i;

/** One page spec as evidence sees it: its screen's title in the plan, its visits and its frame. */
interface Place {
  spec: AnalysedPageSpec;
  /** The screen's key, as sources name it. */
  key: string;
  /** Comparable names of the screen: the analysis's and the plan's title ('linen overshirt', 'product'). */
  names: Set<string>;
  screenshot: string | null;
  ranges: TimeRange[];
  /** A screen whose form is its point (sign in, sign up, checkout, invite): leaving it is sending the form. */
  formScreen: boolean;
}

/** A moment an action event may claim: one action of one spec. */
interface Moment {
  place: Place;
  action: UserAction;
}

/** The plan with each event's evidence; events seen nowhere in the video get none. */
export function withEvidence(content: TrackingPlanContent, analysis: ProductAnalysis, sources?: PlanSources): TrackingPlanContent {
  const places = placesOf(analysis);
  const eventSources = content.events.map((event) => sources?.get(event.name));
  const eventPlaces = content.events.map((event, i) => {
    const known = eventSources[i];
    return known ? places.filter((place) => known.some((source) => source.screen === place.key)) : placesOfEvent(event, places);
  });
  const claimed = claimActions(content.events, eventSources, eventPlaces, places);
  const events = content.events.map((event, i): TrackingEvent => {
    const where = eventPlaces[i] ?? [];
    const evidence =
      event.category === 'page_view'
        ? visitsOf(where)
        : (claimed.get(i) ?? []).map((moment) => actionEvidence(moment));
    const kept = earliest(evidence.filter((item): item is EventEvidence => item !== null));
    const { evidence: _old, ...rest } = event;
    return kept.length > 0 ? { ...rest, evidence: kept } : rest;
  });
  return { ...content, events };
}

function placesOf(analysis: ProductAnalysis): Place[] {
  const screens = new Map(screensOf(analysis).map((screen) => [screen.key, screen]));
  return analysis.pageSpecs.map((spec) => {
    const own = keyOf(spec.screenName);
    const screen = screens.get(own);
    const title = screen?.title;
    return {
      spec,
      key: own,
      names: new Set([own, ...(title ? [keyOf(title)] : [])].filter((name) => name !== '')),
      screenshot: screenshotPathOf(spec.screenshotKey),
      ranges: spec.timeRanges ?? [{ startSec: spec.firstSeenSec, endSec: spec.lastSeenSec }],
      formScreen: screen !== undefined && FORM_SCREENS.has(screen.kind),
    };
  });
}

/**
 * The screens an event is about: those its texts name ('on the Cart screen', '(also on Home, Search)', the
 * screen_name property and its list of screens; a view event's own name), and the one whose screenshot it shows.
 */
function placesOfEvent(event: TrackingEvent, places: Place[]): Place[] {
  const named = new Set<string>();
  const add = (text: string | undefined) => {
    const key = keyOf(text ?? '');
    if (key) named.add(key);
  };
  if (event.category === 'page_view' && EVERY_SCREEN.test(`${event.trigger} ${event.description}`))
    return places;
  for (const property of event.properties) {
    if (!SCREEN_PROPERTY.test(property.name)) continue;
    add(property.example);
    // 'Screen the user was on: Home, Cart', 'Name of the page viewed, e.g. Home, Sign Up'.
    /(?::|\be\.g\.)\s*([^:]+)$/i.exec(property.description)?.[1]?.split(',').forEach(add);
  }
  for (const match of event.trigger.matchAll(/\bon the (.+?) (?:screen|page)\b/gi)) add(match[1]);
  /\(also on ([^)]+)\)/i.exec(event.trigger)?.[1]?.split(',').forEach(add);
  if (event.category === 'page_view') add(event.name.replace(/\s+viewed$/i, ''));
  return places.filter(
    (place) =>
      [...place.names].some((name) => named.has(name)) ||
      (event.screenshot_path !== null && place.screenshot === event.screenshot_path),
  );
}

/** A view event was seen each time one of its screens came on view, with the screen's frame. */
function visitsOf(places: Place[]): Array<EventEvidence | null> {
  return places.flatMap((place) =>
    place.ranges.map((range) =>
      place.screenshot
        ? { videoId: place.spec.videoId, atSec: range.startSec, screenshot_path: place.screenshot }
        : null,
    ),
  );
}

/** An action's own frame; an analysis that kept none shows the screen's. */
function actionEvidence({ place, action }: Moment): EventEvidence | null {
  const screenshot = screenshotPathOf(action.screenshotKey) ?? place.screenshot;
  return screenshot
    ? { videoId: place.spec.videoId, atSec: action.atSec, screenshot_path: screenshot }
    : null;
}

/**
 * Each action of the video goes to the one action event that describes it best on its screen, so that a click
 * is never the evidence of two events: the event its control made, else the one whose clues fit it best. A move
 * without a label that a form sent at the same moment is the form's submit, as plans count it; scrolling and
 * typing are evidence only of an event that names their target.
 */
function claimActions(
  events: TrackingEvent[],
  eventSources: Array<readonly EventSource[] | undefined>,
  eventPlaces: Place[][],
  places: Place[],
): Map<number, Moment[]> {
  const clues = events.map(cluesOf);
  const claimed = new Map<number, Moment[]>();
  for (const place of places) {
    for (const action of place.spec.actions) {
      if (explainedBySubmit(action, place.spec.actions)) continue;
      let best = -1;
      let bestScore = 0;
      events.forEach((event, i) => {
        const clue = clues[i];
        if (event.category !== 'user_action' || !clue || !eventPlaces[i]?.includes(place)) return;
        const known = eventSources[i];
        const score = known ? (known.some((source) => madeBy(action, place, source)) ? MADE_BY : 0) : scoreOf(action, place, clue, places);
        if (score > bestScore) {
          best = i;
          bestScore = score;
        }
      });
      if (best >= 0) claimed.set(best, [...(claimed.get(best) ?? []), { place, action }]);
    }
  }
  return claimed;
}

function explainedBySubmit(action: UserAction, actions: UserAction[]): boolean {
  return (
    action.kind === 'navigate' &&
    !action.target &&
    actions.some(
      (other) =>
        other.kind === 'submit' && other.toScreen === action.toScreen && other.atSec === action.atSec,
    )
  );
}

/** An event's own control outscores any clue. */
const MADE_BY = 100;

/** The action used the source's control on its screen: the same label, or an unlabelled move to where it leads. */
function madeBy(action: UserAction, place: Place, { screen, interaction }: EventSource): boolean {
  if (!interaction || screen !== place.key) return false;
  const target = keyOf(action.target ?? '');
  if (target) return target === keyOf(interaction.label);
  return action.kind !== 'scroll' && action.kind !== 'type' && interaction.toScreen !== null && keyOf(action.toScreen ?? '') === interaction.toScreen;
}

interface Clues {
  /** The controls the event names: quoted in its texts, in its control properties, its navigation examples. */
  labels: Set<string>;
  /** Stems of the words of its name ('CSV Downloaded' → csv, download). */
  nameStems: Set<string>;
  destination: string;
  navigation: boolean;
  form: boolean;
  dialog: boolean;
}

function cluesOf(event: TrackingEvent): Clues {
  const labels = new Set<string>();
  const add = (text: string | undefined) => {
    const key = keyOf(text ?? '');
    if (key) labels.add(key);
  };
  for (const text of [event.trigger, event.description])
    for (const match of text.matchAll(/'([^']+)'/g)) add(match[1]);
  /\(e\.g\. ([^)]+)\)/i.exec(event.trigger)?.[1]?.split(',').forEach(add);
  for (const property of event.properties)
    if (CONTROL_PROPERTIES.has(property.name) || property.name.endsWith('_text')) add(property.example);
  const names = new Set(event.properties.map((property) => property.name));
  const texts = `${event.name} ${event.trigger} ${event.description}`.toLowerCase();
  return {
    labels,
    nameStems: new Set(stemsOf(event.name)),
    destination: keyOf(
      event.properties.find((property) => property.name === 'destination_screen')?.example ?? '',
    ),
    navigation: names.has('link_text') || /\bnavigation\b/.test(texts),
    form: /\b(form|submit|submits|submitted|sends)\b/.test(texts),
    dialog: names.has('modal_name') || /\b(dialog|modal)\b/.test(texts),
  };
}

/** How well an action fits an event on the same screen; 0 is not at all. */
function scoreOf(action: UserAction, place: Place, clue: Clues, places: Place[]): number {
  const target = keyOf(action.target ?? '');
  let score = 0;
  if (target) {
    const stems = stemsOf(action.target ?? '');
    if (clue.labels.has(target)) score += 4;
    else if (stems.length > 0 && stems.every((stem) => clue.nameStems.has(stem))) score += 3;
    else if (stems.some((stem) => clue.nameStems.has(stem))) score += 1;
  }
  if (action.kind === 'scroll' || action.kind === 'type') return score >= 3 ? score : 0;
  const destination = action.toScreen
    ? places.find((other) => other.names.has(keyOf(action.toScreen ?? '')))
    : undefined;
  if (clue.destination && destination?.names.has(clue.destination)) score += 2;
  if (action.kind === 'navigate' && !target && clue.navigation) score += 2;
  if (action.kind === 'navigate' && !target && clue.form && place.formScreen) score += 3;
  if (action.kind === 'submit' && clue.form) score += 1;
  if (action.kind === 'open_modal' && clue.dialog) score += 1;
  return score;
}

/** The first moments, one per instant, at most MAX_EVIDENCE_PER_EVENT. */
function earliest(evidence: EventEvidence[]): EventEvidence[] {
  const seen = new Set<string>();
  return [...evidence]
    .sort((a, b) => a.atSec - b.atSec || a.videoId.localeCompare(b.videoId))
    .filter((item) => {
      const key = `${item.videoId}@${item.atSec}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, MAX_EVIDENCE_PER_EVENT);
}

/** Words without their endings, so that a control and the event it names meet ('Sign in' and 'Signed In'). */
function stemsOf(text: string): string[] {
  return labelWords(text)
    .map((word) => word.toLowerCase())
    .filter((word) => !FILLERS.has(word))
    .map((word) => word.replace(/(ing|ed|es|s|e)$/, '') || word);
}
