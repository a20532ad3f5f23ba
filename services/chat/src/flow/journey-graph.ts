/**
 * The recorded journey as a graph: the finalised page specs in the order the video visits them, joined by the
 * transitions it shows (an action's toScreen), each labelled with its action and the plan event that fires on it.
 * A screen the recording reaches without a recorded action is joined to where the recording stood before it.
 */
import {
  labelWords,
  type AnalysedPageSpec,
  type ScreenKind,
  type TrackingEvent,
  type UserAction,
  screenshotPathOf,
} from '@tracklens/contracts';
import type { StrategyContext } from '../domain/strategist';
import { looseKey } from '../strategy/event-names';
import { productModel, type ProductModel, type ScreenInfo } from '../strategy/product-model';

export interface JourneyScreen {
  /** The flow's node id. */
  id: string;
  name: string;
  kind: ScreenKind;
  spec: AnalysedPageSpec;
  /** The strategist's view of the screen: its plan view and user actions. */
  info: ScreenInfo | undefined;
  /** Place in the recording, 0 for the first screen. */
  index: number;
  /** The screenshot as browsers load it. */
  screenshotPath: string | undefined;
}

export interface Transition {
  from: JourneyScreen;
  to: JourneyScreen;
  /** null when the recording reaches the screen without an action it recorded. */
  action: UserAction | null;
  label: string | undefined;
  event: string | undefined;
}

export interface JourneyGraph {
  model: ProductModel;
  mobile: boolean;
  screens: JourneyScreen[];
  transitions: Transition[];
  screenNamed(name: string): JourneyScreen | undefined;
  /** The plan's page view of a screen. */
  viewOf(screen: JourneyScreen): string | undefined;
  /** The screen a plan event happens on. */
  screenOfEvent(event: string): JourneyScreen | undefined;
}

/** Events on every screen: they say nothing about one step. */
const EVERYWHERE = new Set(['Navigation Clicked', 'Tab Selected']);
const FILLER = new Set([
  'to',
  'the',
  'a',
  'an',
  'go',
  'my',
  'your',
  'of',
  'and',
  'in',
  'on',
  'for',
  'with',
  'at',
]);

export function journeyGraph(context: StrategyContext): JourneyGraph {
  const model = productModel(context);
  const events = context.plan?.content.events ?? [];
  const specs = [...(context.analysis?.pageSpecs ?? [])].sort(
    (a, b) => a.order - b.order || a.firstSeenSec - b.firstSeenSec,
  );
  const screens: JourneyScreen[] = [];
  const byKey = new Map<string, JourneyScreen>();
  const ids = new Set<string>();
  for (const spec of specs) {
    const name = spec.screenName.trim();
    const key = looseKey(name);
    if (!key || byKey.has(key)) continue;
    let id = `screen-${slug(name)}`;
    for (let i = 2; ids.has(id); i++) id = `screen-${slug(name)}-${i}`;
    ids.add(id);
    const screen: JourneyScreen = {
      id,
      name,
      kind: spec.screenKind,
      spec,
      info: model.screenNamed(name),
      index: screens.length,
      screenshotPath: screenshotPathOf(spec.screenshotKey) ?? undefined,
    };
    screens.push(screen);
    byKey.set(key, screen);
  }
  const screenNamed = (name: string) => byKey.get(looseKey(name));
  const byPath = new Map<string, JourneyScreen>();
  for (const screen of screens)
    if (screen.screenshotPath && !byPath.has(screen.screenshotPath))
      byPath.set(screen.screenshotPath, screen);

  const viewOf = (screen: JourneyScreen) =>
    screen.info?.view ??
    events.find((event) => event.category === 'page_view' && event.screenshot_path === screen.screenshotPath)
      ?.name;
  const eventsOn = (screen: JourneyScreen): TrackingEvent[] => {
    const named = new Set(screen.info?.actions ?? []);
    return events.filter(
      (event) =>
        event.category === 'user_action' &&
        !EVERYWHERE.has(event.name) &&
        (named.has(event.name) || (named.size === 0 && event.screenshot_path === screen.screenshotPath)),
    );
  };
  const mobile = model.mobile;
  const transition = (from: JourneyScreen, to: JourneyScreen, action: UserAction | null): Transition => ({
    from,
    to,
    action,
    label: action ? actionLabel(action, mobile) : undefined,
    event: (action ? actionEvent(action, from, eventsOn(from), model) : undefined) ?? viewOf(to),
  });

  const transitions: Transition[] = [];
  const joined = (from: JourneyScreen, to: JourneyScreen) =>
    transitions.some((t) => t.from === from && t.to === to);
  for (const screen of screens) {
    for (const action of [...screen.spec.actions].sort((a, b) => a.atSec - b.atSec)) {
      const target = action.toScreen ? screenNamed(action.toScreen) : undefined;
      if (target && target !== screen && !joined(screen, target))
        transitions.push(transition(screen, target, action));
    }
  }

  // Each screen after the first is entered from a screen seen before it: by a recorded action, else from the
  // screen a journey of the analysis puts before it, else from where the recording stood.
  for (let i = 1; i < screens.length; i++) {
    const screen = screens[i];
    const previous = screens[i - 1];
    if (!screen || !previous) continue;
    if (transitions.some((t) => t.to === screen && t.from.index < screen.index)) continue;
    const from =
      journeyPredecessor(screen, context, screenNamed) ??
      authChoiceOrigin(screen, previous, transitions) ??
      standingAfter(previous, transitions);
    if (from !== screen && !joined(from, screen)) transitions.push(transition(from, screen, null));
  }
  transitions.sort((a, b) => a.from.index - b.from.index || a.to.index - b.to.index);

  return {
    model,
    mobile,
    screens,
    transitions,
    screenNamed,
    viewOf,
    screenOfEvent(event) {
      const named = model.screenOf(event);
      const screen = named ? screenNamed(named) : undefined;
      if (screen) return screen;
      const path = events.find((e) => e.name === event)?.screenshot_path;
      return path ? byPath.get(path) : undefined;
    },
  };
}

/** The screen a journey of the analysis puts right before this one, when the recording showed it earlier. */
function journeyPredecessor(
  screen: JourneyScreen,
  context: StrategyContext,
  screenNamed: (name: string) => JourneyScreen | undefined,
): JourneyScreen | undefined {
  for (const journey of context.analysis?.journeys ?? []) {
    const steps = journey.steps.map(screenNamed);
    for (let i = 1; i < steps.length; i++) {
      const before = steps[i - 1];
      if (steps[i] === screen && before && before.index < screen.index) return before;
    }
  }
  return undefined;
}

/** A sign-in and a sign-up shown one after the other are a choice: both are entered from the same screen. */
function authChoiceOrigin(
  screen: JourneyScreen,
  previous: JourneyScreen,
  transitions: Transition[],
): JourneyScreen | undefined {
  const auth = new Set<ScreenKind>(['login', 'signup']);
  if (!auth.has(screen.kind) || !auth.has(previous.kind) || screen.kind === previous.kind) return undefined;
  return transitions.find((t) => t.to === previous && t.from.index < previous.index)?.from;
}

/** Where the recording stands after a screen: the earlier screen its last action went back to, or the screen. */
function standingAfter(screen: JourneyScreen, transitions: Transition[]): JourneyScreen {
  const back = transitions.filter((t) => t.from === screen && t.to.index < screen.index).pop();
  return back?.to ?? screen;
}

/** 'Click 'Shop now'', 'Tap 'Add to cart'' on a phone, 'Submit 'Place Order''. */
export function actionLabel(action: UserAction, mobile: boolean): string {
  const press = mobile ? 'Tap' : 'Click';
  const verb = {
    click: press,
    navigate: press,
    submit: 'Submit',
    open_modal: 'Open',
    type: 'Type in',
    scroll: 'Scroll',
  }[action.kind];
  const target = action.target?.trim();
  return target ? `${verb} '${target}'` : verb;
}

/** What a trigger quotes: "User clicks 'Shop now' on the promotion" quotes 'Shop now'; an apostrophe opens nothing. */
const QUOTED = /(?<![A-Za-z0-9])['‘"“]([^'’"”]+)['’"”](?![A-Za-z0-9])/g;

/**
 * The plan's user action on the source screen that this action is: '{Target} Clicked' or the one whose trigger
 * quotes the target, else the one sharing most words with the target ('Place Order' → 'Order Completed'), else
 * for a form sent on a sign-up, sign-in or checkout screen the plan's event for that role.
 */
export function actionEvent(
  action: UserAction,
  screen: JourneyScreen,
  candidates: TrackingEvent[],
  model: ProductModel,
): string | undefined {
  const target = action.target?.trim() ?? '';
  if (target) {
    const clicked = looseKey(`${target} Clicked`);
    const control = looseKey(target);
    const exact =
      candidates.find((event) => looseKey(event.name) === clicked) ??
      // A spec event named for what the click means ('Promotion Clicked') says in its trigger which control it is.
      candidates.find((event) =>
        [...event.trigger.matchAll(QUOTED)].some((quote) => looseKey(quote[1] ?? '') === control),
      );
    if (exact) return exact.name;
    const words = new Set(stems(target));
    let best: { name: string; score: number } | null = null;
    for (const event of candidates) {
      const score = stems(event.name).filter((word) => words.has(word)).length;
      if (score > 0 && (!best || score > best.score)) best = { name: event.name, score };
    }
    if (best) return best.name;
  }
  if (action.kind === 'submit') {
    const role =
      screen.kind === 'signup'
        ? model.role('signup')
        : screen.kind === 'login'
          ? model.role('signedIn')
          : screen.kind === 'checkout'
            ? model.role('orderCompleted')
            : null;
    if (role?.inPlan) return role.name;
  }
  return undefined;
}

/** Word stems good enough to see that 'Send invites' and 'Teammate Invited' share a word. */
function stems(text: string): string[] {
  return labelWords(text)
    .map((word) => word.toLowerCase())
    .filter((word) => !FILLER.has(word))
    .map((word) => {
      let stem = word;
      if (stem.length > 4 && stem.endsWith('ies')) stem = `${stem.slice(0, -3)}y`;
      else if (stem.length > 5 && stem.endsWith('ing')) stem = stem.slice(0, -3);
      else if (stem.length > 4 && (stem.endsWith('ed') || stem.endsWith('es'))) stem = stem.slice(0, -2);
      else if (stem.length > 3 && stem.endsWith('s') && !stem.endsWith('ss')) stem = stem.slice(0, -1);
      else if (stem.length > 3 && stem.endsWith('e')) stem = stem.slice(0, -1);
      return stem.replace(/([b-df-hj-np-tv-z])\1$/, '$1');
    });
}

export function slug(text: string): string {
  return (
    labelWords(text)
      .map((word) => word.toLowerCase())
      .join('-') || 'screen'
  );
}
