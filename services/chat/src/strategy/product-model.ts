/**
 * The product as a strategist reads it: its screens (as the analysis names them) with the plan's events that
 * happen on each, what kind of product it is, and the plan's events for the roles metrics are built from
 * (the sign-up, the order, the product's key action ...), or the name to add when the plan has none.
 *
 * Plans name screen views two ways: one event per screen ('Pricing Viewed', in plans made before Segment's
 * convention was followed), or Segment's page()/screen() model, one 'Page Viewed' or 'Screen Viewed' whose
 * page_name or screen_name says which screen, beside the spec's own view of a kind of screen ('Product Viewed',
 * 'Checkout Started'). A screen's view is its own event when it has one, else the shared view filtered to it.
 */
import {
  labelWords,
  type Funnel,
  type Journey,
  type ProductType,
  type ScreenKind,
  type TrackingEvent,
  screenshotPathOf,
} from '@tracklens/contracts';
import type { StrategyContext } from '../domain/strategist';

/** What a product is, as far as its metrics go: it sells things, it is a tool teams work in, or neither. */
export type Archetype = 'commerce' | 'saas' | 'content';

/** Which screen a view every screen sends is of: `page_name = 'Pricing'`. */
export interface ScreenFilter {
  property: string;
  value: string;
}

export interface ScreenInfo {
  /** As the analysis names it (or the plan's title when there is no analysis). */
  name: string;
  kind: ScreenKind;
  /** The plan's short title of the screen ('Product' for 'Linen Overshirt'); '' when the plan has no view of it. */
  title: string;
  /** The plan's view of the screen; with `viewFilter`, the view every screen sends. */
  view: string | null;
  viewFilter: ScreenFilter | null;
  /** The plan's user actions that happen on this screen, in plan order (navigation and tabs left out). */
  actions: string[];
  order: number;
  /** Words of the screen's name, description and labels, for recognising what it is for. */
  words: string;
}

/** An event a metric uses: the plan's, or the one to add. */
export interface EventRef {
  name: string;
  inPlan: boolean;
  /** The screen it happens on, as the analysis names it; null for a product-wide event. */
  screen: string | null;
  /** For the view every screen sends: the screen it counts. */
  where?: ScreenFilter;
}

/** An event as formulas write it: quoted, with its screen when it is the shared view ('Page Viewed' (page_name = 'Pricing')). */
export function quoted(ref: EventRef): string {
  const filter = filterOf(ref);
  return filter ? `'${ref.name}' (${filter})` : `'${ref.name}'`;
}

/** An event as sentences and metric names write it: its name, with its screen when it is the shared view. */
export function labelOf(ref: EventRef): string {
  const filter = filterOf(ref);
  return filter ? `${ref.name} (${filter})` : ref.name;
}

/** The filter that picks a shared view's screen ("page_name = 'Pricing'"); '' for any other event. */
export function filterOf({ where }: EventRef): string {
  if (!where) return '';
  const quote = where.value.includes("'") ? '"' : "'";
  return `${where.property} = ${quote}${where.value}${quote}`;
}

export type Role =
  | 'entry'
  | 'visit'
  | 'appOpened'
  | 'appInstalled'
  | 'signupView'
  | 'signup'
  | 'signedIn'
  | 'onboardingDone'
  | 'search'
  | 'productView'
  | 'productAdded'
  | 'cartView'
  | 'checkoutStarted'
  | 'checkoutView'
  | 'orderCompleted'
  | 'invite'
  | 'inviteAccepted'
  | 'share'
  | 'upgrade'
  | 'pricingView'
  | 'billingView'
  | 'subscriptionCancelled'
  | 'core'
  | 'home'
  | 'feedback'
  | 'survey'
  | 'error'
  | 'pushTapped'
  | 'pushOptIn';

export interface ProductModel {
  name: string;
  type: ProductType;
  mobile: boolean;
  archetype: Archetype;
  hasPlan: boolean;
  planTitle: string | null;
  screens: ScreenInfo[];
  events: TrackingEvent[];
  eventNames: ReadonlySet<string>;
  funnels: Funnel[];
  /** Screens of the onboarding (after sign-up, before the product's main screen), in order. */
  onboarding: ScreenInfo[];
  role(role: Role): EventRef;
  /** The screen an event of the plan happens on (its first one). */
  screenOf(event: string): string | null;
  screenNamed(name: string): ScreenInfo | undefined;
  /** A plan event by name, with the screen it happens on. */
  eventRef(name: string): EventRef;
  /** The screen's view: the plan's, or the one to add. */
  viewOf(screen: ScreenInfo): EventRef;
  /** A plan funnel's steps; a shared view step counts the screen the funnel's description names. */
  stepsOf(funnel: Funnel): EventRef[];
  hasProperty(event: string, property: string): boolean;
  /** The plan's user actions worth adopting (features), best first, without auth, navigation and the key action. */
  features(): EventRef[];
}

/** Events on every screen that say nothing about one feature. */
const EVERYWHERE = new Set(['Navigation Clicked', 'Tab Selected']);
/** An app's lifecycle, which the SDK sends by itself, and what a user only sees: neither is a feature used. */
const NOT_USED = /^(app|application) (installed|opened|backgrounded|updated)$| viewed$/;
const AUTH =
  /^(account created|signed (in|out|up)|sign (up|in)( form)? submitted|login( form)? submitted|registration (completed|submitted))$/;
const ONBOARDING_WORDS =
  /\b(onboard\w*|welcome|get started|set ?up|setup|preferences?|personali[sz]e\w*|choose|pick|interests?|workspace|tour)\b/;

export function productModel(context: StrategyContext): ProductModel {
  const events = context.plan?.content.events ?? [];
  const eventNames = new Set(events.map((event) => event.name));
  const byName = new Map(events.map((event) => [event.name, event]));
  const views = viewConvention(events);
  const screens = context.analysis
    ? screensFromAnalysis(context, events, views)
    : screensFromPlan(events, views);
  const screenByTitle = new Map<string, ScreenInfo>();
  for (const screen of screens)
    if (screen.title && !screenByTitle.has(key(screen.title))) screenByTitle.set(key(screen.title), screen);
  for (const event of events) {
    if (event.category !== 'user_action' || EVERYWHERE.has(event.name)) continue;
    const screen = screensOfEvent(event)
      .map((title) => screenByTitle.get(key(title)))
      .find((s) => s !== undefined);
    if (screen) screen.actions.push(event.name);
  }
  const screenOfEvent = new Map<string, string>();
  for (const screen of screens) {
    // The view every screen sends happens on none of them in particular.
    if (screen.view && !screen.viewFilter && !screenOfEvent.has(screen.view))
      screenOfEvent.set(screen.view, screen.name);
    for (const action of screen.actions)
      if (!screenOfEvent.has(action)) screenOfEvent.set(action, screen.name);
  }

  const mobile = context.product.type === 'mobile_app';
  const archetype = archetypeOf(screens, eventNames, context);
  const onboarding = onboardingScreens(screens, context.analysis?.journeys ?? []);
  const found = (names: string[]) => names.find((name) => eventNames.has(name));
  const matching = (pattern: RegExp, category?: TrackingEvent['category']) =>
    events.find((event) => pattern.test(key(event.name)) && (!category || event.category === category))?.name;
  const screenOfKind = (...kinds: ScreenKind[]) =>
    screens.find((screen) => kinds.includes(screen.kind))?.name ?? null;

  /**
   * The view of a screen, or of one the recording did not show (`title` names it). A plan that sends one view
   * for every screen has it already, filtered to the screen; otherwise the view to add follows the plan's way.
   */
  const viewRef = (screen: ScreenInfo | undefined, title: string): EventRef => {
    if (screen?.view) {
      return {
        name: screen.view,
        inPlan: eventNames.has(screen.view),
        screen: screen.name,
        ...(screen.viewFilter ? { where: screen.viewFilter } : {}),
      };
    }
    const value = screen ? screen.title || titleOf(screen.name) : title;
    if (views.shared) {
      return {
        name: views.shared.event.name,
        inPlan: true,
        screen: screen?.name ?? null,
        where: { property: views.shared.property, value: views.shared.documented(value) },
      };
    }
    // Without a plan, Segment's convention; beside a plan's views of one screen each, one more of those.
    if (context.plan && views.own.length > 0)
      return { name: `${value} Viewed`, inPlan: false, screen: screen?.name ?? null };
    return {
      name: mobile ? 'Screen Viewed' : 'Page Viewed',
      inPlan: false,
      screen: screen?.name ?? null,
      where: { property: mobile ? 'screen_name' : 'page_name', value },
    };
  };
  const viewOfKind = (...kinds: ScreenKind[]) => {
    const screen = screens.find((s) => kinds.includes(s.kind) && s.view);
    return screen ? viewRef(screen, screen.name) : undefined;
  };
  const confirmation = screens.find(
    (screen) => screen.kind === 'checkout' && CONFIRMATION.test(key(screen.name)),
  );
  const checkoutScreen = screens.find((screen) => screen.kind === 'checkout' && screen !== confirmation);

  const cache = new Map<Role, EventRef>();
  const ref = (name: string | undefined, suggestion: string, screen: string | null): EventRef =>
    name
      ? { name, inPlan: true, screen: screenOfEvent.get(name) ?? screen }
      : { name: suggestion, inPlan: false, screen };
  /** The plan's event of a role when it has one, else the screen's view when that stands for it. */
  const refOrView = (
    name: string | undefined,
    view: EventRef | undefined,
    suggestion: string,
    screen: string | null,
  ) => (name ? ref(name, suggestion, screen) : (view ?? ref(undefined, suggestion, screen)));

  const resolve = (role: Role): EventRef => {
    switch (role) {
      case 'entry':
        return viewRef(entryScreen(screens), 'Home');
      case 'visit':
        // A view every page sends counts visitors wherever they land; beside views of one screen each, the first's.
        if (views.shared) return { name: views.shared.event.name, inPlan: true, screen: null };
        if (context.plan && views.own.length > 0) return resolve('entry');
        return { name: mobile ? 'Screen Viewed' : 'Page Viewed', inPlan: false, screen: null };
      case 'home':
        return viewRef(homeScreen(screens, onboarding), 'Home');
      case 'appOpened':
        return ref(found(['Application Opened', 'App Opened']), 'Application Opened', null);
      case 'appInstalled':
        return ref(found(['Application Installed', 'App Installed']), 'Application Installed', null);
      case 'signupView': {
        const signup = screens.find((screen) => screen.kind === 'signup');
        return viewRef(signup, 'Sign Up');
      }
      case 'signup':
        return ref(
          found(['Signed Up', 'Sign Up Completed']) ??
            matching(
              /^(sign ?up( form)? (submitted|completed)|registration (completed|submitted)|user registered)$/,
            ) ??
            accountCreatedOnSignup(),
          'Signed Up',
          screenOfKind('signup'),
        );
      case 'signedIn':
        return ref(
          found(['Signed In']) ?? matching(/^(log ?in|login|sign ?in)( form)? submitted$/),
          'Signed In',
          screenOfKind('login'),
        );
      case 'onboardingDone': {
        const done = found(['Onboarding Completed']) ?? onboardingCompletion(onboarding);
        return ref(done, 'Onboarding Completed', onboarding[onboarding.length - 1]?.name ?? null);
      }
      case 'search':
        return ref(
          found(['Products Searched', 'Search Performed']) ?? matching(/searched$/),
          archetype === 'commerce' ? 'Products Searched' : 'Search Performed',
          screenOfKind('search'),
        );
      case 'productView':
        return refOrView(
          found(['Product Viewed']),
          viewOfKind('product'),
          'Product Viewed',
          screenOfKind('product'),
        );
      case 'productAdded':
        return ref(
          found(['Product Added']) ?? matching(/added to (cart|bag|basket)$/),
          'Product Added',
          screenOfKind('product'),
        );
      case 'cartView':
        return refOrView(found(['Cart Viewed']), viewOfKind('cart'), 'Cart Viewed', screenOfKind('cart'));
      case 'checkoutStarted':
        return ref(
          found(['Checkout Started']),
          'Checkout Started',
          screenOfKind('cart') ?? checkoutScreen?.name ?? null,
        );
      case 'checkoutView':
        return checkoutScreen?.view
          ? viewRef(checkoutScreen, checkoutScreen.name)
          : ref(found(['Checkout Viewed']), 'Checkout Viewed', checkoutScreen?.name ?? null);
      case 'orderCompleted':
        return refOrView(
          found(['Order Completed', 'Purchase Completed']) ??
            matching(/^order (placed|submitted|confirmed)$/),
          confirmation?.view ? viewRef(confirmation, confirmation.name) : undefined,
          'Order Completed',
          checkoutScreen?.name ?? null,
        );
      case 'invite':
        return ref(
          found(['Invite Sent', 'Teammate Invited']) ??
            matching(/^(\w+ )?invited$|^invit(e|ation)s? sent$/, 'user_action'),
          'Invite Sent',
          screens.find((screen) => /\binvite/.test(key(screen.name)))?.name ?? null,
        );
      case 'inviteAccepted':
        return ref(found(['Invite Accepted', 'Invitation Accepted']), 'Invite Accepted', null);
      case 'share':
        return ref(
          matching(/ shared$/, 'user_action'),
          archetype === 'commerce' ? (mobile ? 'Referral Code Shared' : 'Product Shared') : 'Content Shared',
          archetype === 'commerce' && !mobile ? screenOfKind('product') : null,
        );
      case 'upgrade':
        return ref(
          found(['Plan Upgraded', 'Subscription Started']) ??
            matching(/^(plan|subscription) (upgraded|started|purchased)$|upgraded$/),
          mobile ? 'Subscription Started' : 'Plan Upgraded',
          screens.find((screen) => /\b(billing|plans?|upgrade|subscription)\b/.test(key(screen.name)))
            ?.name ?? null,
        );
      case 'pricingView': {
        const pricing = screens.find((screen) => /\b(pricing|plans)\b/.test(key(screen.name)));
        return viewRef(pricing, 'Pricing');
      }
      case 'billingView': {
        const billing = screens.find((screen) => /\b(billing|subscription|upgrade)\b/.test(key(screen.name)));
        return viewRef(billing, 'Billing');
      }
      case 'subscriptionCancelled':
        return ref(
          found(['Subscription Cancelled', 'Plan Downgraded']) ?? matching(/(cancel+ed|downgraded)$/),
          'Subscription Cancelled',
          null,
        );
      case 'core':
        return coreAction();
      case 'feedback':
        return ref(
          matching(/\b(rated|review (submitted|posted)|rating submitted)$/, 'user_action'),
          archetype === 'commerce' ? (mobile ? 'Order Rated' : 'Review Submitted') : 'Feedback Submitted',
          archetype === 'commerce' && mobile
            ? (screens.find((screen) => /\b(track|status|deliver)/.test(key(screen.name)))?.name ?? null)
            : null,
        );
      case 'survey':
        return ref(
          matching(/^(survey|nps( survey)?|feedback)( answered| submitted| completed)$/),
          'Survey Answered',
          null,
        );
      case 'error':
        return ref(matching(/^error (shown|displayed|occurred)$|failed$/), 'Error Shown', null);
      case 'pushTapped':
        return ref(
          found(['Push Notification Tapped', 'Push Notification Opened']),
          'Push Notification Tapped',
          null,
        );
      case 'pushOptIn':
        return ref(
          matching(/^push notifications? (toggled|enabled|allowed)$|^notifications? (enabled|allowed)$/),
          'Push Notifications Enabled',
          screens.find((screen) => screen.kind === 'settings')?.name ?? null,
        );
    }
  };

  /** 'Account Created' sent by the sign-up form, as plans named the sign-up before Segment's 'Signed Up'. */
  const accountCreatedOnSignup = (): string | undefined => {
    const created = byName.get('Account Created');
    if (!created) return undefined;
    const signup = screens.find((screen) => screen.kind === 'signup');
    const onSignup = signup?.actions.includes(created.name) || /\bsign-?up form\b/i.test(created.trigger);
    return onSignup ? created.name : undefined;
  };

  /** The action the product exists for: the order of a shop, else the plan's strongest creating action. */
  const coreAction = (): EventRef => {
    if (archetype === 'commerce') return resolve('orderCompleted');
    const onboardingNames = new Set(onboarding.flatMap((screen) => [...screen.actions, screen.view ?? '']));
    const keyScreens = new Set(
      screens.filter((screen) => screen.kind === 'dashboard' || screen.order > 0).map((s) => s.name),
    );
    const funnelSteps = new Set((context.plan?.content.funnels ?? []).flatMap((funnel) => funnel.steps));
    let best: { name: string; score: number } | null = null;
    for (const event of events) {
      if (event.category !== 'user_action' || EVERYWHERE.has(event.name)) continue;
      const name = key(event.name);
      if (NOT_USED.test(name)) continue;
      if (
        AUTH.test(name) ||
        /^(settings saved|teammate invited|invite sent|plan upgraded|trial started|signed out)$|toggled$|searched$|sorted$|filtered$|opened$/.test(
          name,
        )
      )
        continue;
      let score = 0;
      if (
        / (created|completed|published|uploaded|finished|booked|posted|sent|added|logged|started|submitted)$/.test(
          name,
        )
      )
        score += 3;
      if (/ clicked$/.test(name)) score -= 2;
      if (/ form submitted$/.test(name)) score -= 1;
      if (funnelSteps.has(event.name)) score += 2;
      if (onboardingNames.has(event.name)) score -= 4;
      const where = screenOfEvent.get(event.name);
      if (where && keyScreens.has(where)) score += 1;
      if (!best || score > best.score) best = { name: event.name, score };
    }
    if (best && best.score > 0) return ref(best.name, best.name, null);
    const dashboard = screens.find((screen) => screen.kind === 'dashboard');
    const object = dashboard
      ? labelWords(dashboard.name)
          .map((word) => word.toLowerCase())
          .find((word) => word !== 'dashboard' && word !== 'my')
      : undefined;
    const suggestion = object ? `${titleOf(singularWord(object))} Created` : 'Key Action Completed';
    return ref(undefined, suggestion, dashboard?.name ?? null);
  };

  return {
    name: context.product.name,
    type: context.product.type,
    mobile,
    archetype,
    hasPlan: context.plan !== null,
    planTitle: context.plan?.title ?? null,
    screens,
    events,
    eventNames,
    funnels: context.plan?.content.funnels ?? [],
    onboarding,
    role(role) {
      let known = cache.get(role);
      if (!known) {
        known = resolve(role);
        cache.set(role, known);
      }
      return known;
    },
    screenOf: (event) => screenOfEvent.get(event) ?? null,
    screenNamed: (name) => screens.find((screen) => key(screen.name) === key(name)),
    eventRef: (name) => ({ name, inPlan: eventNames.has(name), screen: screenOfEvent.get(name) ?? null }),
    viewOf: (screen) => viewRef(screen, screen.name),
    stepsOf(funnel) {
      const filters = viewFiltersIn(funnel.description);
      let shared = 0;
      return funnel.steps.map((name) => {
        if (name !== views.shared?.event.name) return this.eventRef(name);
        const where = filters[shared++];
        const screen = where
          ? screens.find((s) => s.viewFilter && key(s.viewFilter.value) === key(where.value))
          : undefined;
        return {
          name,
          inPlan: eventNames.has(name),
          screen: screen?.name ?? null,
          ...(where ? { where } : {}),
        };
      });
    },
    hasProperty: (event, property) => byName.get(event)?.properties.some((p) => p.name === property) ?? false,
    features() {
      const core = this.role('core').name;
      const skip = new Set([
        core,
        this.role('signup').name,
        this.role('signedIn').name,
        this.role('onboardingDone').name,
      ]);
      const refs: EventRef[] = [];
      for (const event of events) {
        if (event.category !== 'user_action' || EVERYWHERE.has(event.name) || skip.has(event.name)) continue;
        const name = key(event.name);
        if (AUTH.test(name) || NOT_USED.test(name) || /^(signed out|settings saved)$/.test(name)) continue;
        refs.push(this.eventRef(event.name));
      }
      // Actions that create or complete something first, then the rest in plan order.
      const weight = (name: string) =>
        / (created|completed|added|shared|invited|published|uploaded|saved|enabled)$/.test(key(name))
          ? 0
          : / clicked$/.test(key(name))
            ? 2
            : 1;
      return refs
        .map((r, i) => ({ r, i }))
        .sort((a, b) => weight(a.r.name) - weight(b.r.name) || a.i - b.i)
        .map(({ r }) => r);
    },
  };
}

function key(text: string): string {
  return labelWords(text)
    .map((word) => word.toLowerCase())
    .join(' ');
}

function titleOf(text: string): string {
  return labelWords(text)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(' ');
}

function singularWord(word: string): string {
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  return word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
}

/** The screens an action happens on: the titles its screen_name property lists, else those its trigger names. */
function screensOfEvent(event: TrackingEvent): string[] {
  const where = event.properties.find((p) => p.name === 'screen_name');
  const listed = /:\s*(.+)$/.exec(where?.description ?? '')?.[1];
  if (listed) return listed.split(',').map((title) => title.trim());
  const titles: string[] = [];
  if (where?.example) titles.push(where.example);
  const on = /\bon the (.+?) screen\b/.exec(event.trigger)?.[1];
  if (on) titles.push(on);
  const also = /\(also on ([^)]+)\)/.exec(event.trigger)?.[1];
  if (also) titles.push(...also.split(',').map((title) => title.trim()));
  return titles;
}

const KIND_TITLES: Partial<Record<ScreenKind, string[]>> = {
  product: ['Product'],
  listing: ['Product List'],
  search: ['Search Results', 'Search'],
  cart: ['Cart'],
  signup: ['Sign Up'],
  login: ['Login', 'Sign In'],
  settings: ['Settings'],
  dashboard: ['Dashboard'],
};

/** The spec's own view of a kind of screen, sent beside the shared view (the checkout's is told by its step). */
const SPEC_VIEWS: Partial<Record<ScreenKind, string>> = {
  listing: 'Product List Viewed',
  product: 'Product Viewed',
  search: 'Products Searched',
  cart: 'Cart Viewed',
};

const CONFIRMATION = /confirm|thank|success|placed/;

/** The titles a plan gives a screen of this kind ('Product' for any product page); a checkout's by its step. */
function kindTitles(kind: ScreenKind, name: string): string[] {
  if (kind === 'checkout') return CONFIRMATION.test(key(name)) ? ['Order Confirmation'] : ['Checkout'];
  return KIND_TITLES[kind] ?? [];
}

/**
 * The spec's own view of each screen in turn, when the plan has it. Called in screen order, it counts the checkout
 * steps: the first one's view is 'Checkout Started', a later one's 'Checkout Step Viewed'; a confirmation has none.
 */
function specViewsIn(names: ReadonlySet<string>): (kind: ScreenKind, name: string) => string | undefined {
  let checkoutSteps = 0;
  const viewOf = (kind: ScreenKind, name: string) => {
    if (kind !== 'checkout') return SPEC_VIEWS[kind];
    if (CONFIRMATION.test(key(name))) return undefined;
    checkoutSteps++;
    return checkoutSteps === 1 ? 'Checkout Started' : 'Checkout Step Viewed';
  };
  return (kind, name) => {
    const view = viewOf(kind, name);
    return view && names.has(view) ? view : undefined;
  };
}
const SHARED_VIEW = /^(page|screen) viewed$/;
/** Words a plan leaves out of a screen's short title ('My Account' is the Account page). */
const FILLERS = new Set('a an the your my our this to of for and with in on'.split(' '));
const MAX_TITLE_WORDS = 3;

interface SharedView {
  event: TrackingEvent;
  /** The property that says which screen: page_name, screen_name. */
  property: string;
  /** The screens the plan names as its values, in its order. */
  values: string[];
  /** A screen's title as the plan spells it among its values, else as it is. */
  documented(title: string): string;
}

/** How the plan names views: the view every screen sends, if any, and the views of one screen or kind each. */
interface ViewConvention {
  shared: SharedView | null;
  own: TrackingEvent[];
}

function viewConvention(events: TrackingEvent[]): ViewConvention {
  const views = events.filter((event) => event.category === 'page_view');
  const event = views.find((view) => SHARED_VIEW.test(key(view.name)));
  const own = views.filter((view) => view !== event);
  if (!event) return { shared: null, own };
  const fallback = /^screen/i.test(event.name) ? 'screen_name' : 'page_name';
  const property =
    event.properties.find((p) => p.name === fallback) ??
    event.properties.find((p) => p.name === 'page_name' || p.name === 'screen_name') ??
    event.properties.find((p) => /_name$/.test(p.name));
  const listed = /\be\.g\.,?\s*(.+?)\.?$/.exec(property?.description ?? '')?.[1]?.split(/,\s*/) ?? [];
  const values = [...(property?.values ?? []), property?.example ?? '', ...listed]
    .map((value) => value.trim())
    .filter((value, i, all) => value && all.findIndex((other) => key(other) === key(value)) === i);
  return {
    shared: {
      event,
      property: property?.name ?? fallback,
      values,
      documented: (title) => values.find((value) => key(value) === key(title)) ?? title,
    },
    own,
  };
}

/** The screens a funnel's description says its shared view steps are, in order ("(page_name = 'Home')"). */
function viewFiltersIn(description: string): ScreenFilter[] {
  return [...description.matchAll(/\b([a-z]+_name) = ['"‘“]([^'"’”]+)['"’”]/g)].map((found) => ({
    property: found[1] ?? '',
    value: found[2] ?? '',
  }));
}

function screensFromAnalysis(
  context: StrategyContext,
  events: TrackingEvent[],
  convention: ViewConvention,
): ScreenInfo[] {
  const analysis = context.analysis;
  if (!analysis) return [];
  const { shared, own: views } = convention;
  const viewByPath = new Map<string, TrackingEvent>();
  for (const view of views)
    if (view.screenshot_path && !viewByPath.has(view.screenshot_path))
      viewByPath.set(view.screenshot_path, view);
  // Each event carries the screenshot and the title of the screen it was first seen on.
  const titleByPath = new Map<string, string>();
  for (const event of events) {
    const title = event.properties.find((p) => p.name === 'screen_name' || p.name === 'page_name')?.example;
    if (event.screenshot_path && title && !titleByPath.has(event.screenshot_path))
      titleByPath.set(event.screenshot_path, title);
  }
  const specViewOf = specViewsIn(new Set(events.map((event) => event.name)));
  const specs = [...analysis.pageSpecs].sort((a, b) => a.order - b.order || a.firstSeenSec - b.firstSeenSec);
  const screens: ScreenInfo[] = [];
  for (const spec of specs) {
    const name = spec.screenName.trim();
    if (!name || screens.some((screen) => key(screen.name) === key(name))) continue;
    const path = screenshotPathOf(spec.screenshotKey);
    const labels = spec.elements.map((element) => element.label).join(' ');
    const screen: ScreenInfo = {
      name,
      kind: spec.screenKind,
      title: '',
      view: null,
      viewFilter: null,
      actions: [],
      order: screens.length,
      words: key(`${name} ${spec.description} ${labels}`),
    };
    const view = (path ? viewByPath.get(path) : undefined) ?? viewNamed(views, spec.screenKind, name);
    if (!shared) {
      screen.title = view ? titleOfView(view) : '';
      screen.view = view?.name ?? null;
    } else {
      screen.title =
        (path ? titleByPath.get(path) : undefined) ??
        planTitle(shared, name, spec.screenKind, screens.length);
      const ownView = view?.name ?? specViewOf(spec.screenKind, name);
      screen.view = ownView ?? shared.event.name;
      screen.viewFilter = ownView
        ? null
        : { property: shared.property, value: shared.documented(screen.title) };
    }
    screens.push(screen);
  }
  return screens;
}

/**
 * A screen's title among the shared view's values: its own name, its kind's title ('Product' for any product
 * page) or its first words without fillers, as a plan titles screens; the short name when the plan lists none.
 */
function planTitle(shared: SharedView, name: string, kind: ScreenKind, index: number): string {
  const words = labelWords(name);
  let short = words.slice(0, MAX_TITLE_WORDS);
  while (short.length > 1 && FILLERS.has((short[0] ?? '').toLowerCase())) short = short.slice(1);
  while (short.length > 1 && FILLERS.has((short[short.length - 1] ?? '').toLowerCase()))
    short = short.slice(0, -1);
  const shortTitle = titleOf(short.join(' ')) || titleOf(name);
  const home =
    index === 0 || /^(home|homepage|home page|landing|landing page)$/.test(key(name))
      ? ['Home', 'Welcome']
      : [];
  const candidates = [name, ...kindTitles(kind, name), shortTitle, ...home];
  const documented = candidates.find((title) => shared.values.some((value) => key(value) === key(title)));
  return documented ? shared.documented(documented) : shortTitle;
}

/** The view of a screen without a screenshot to match: named after it, or after its kind ('Product Viewed'). */
function viewNamed(views: TrackingEvent[], kind: ScreenKind, name: string): TrackingEvent | undefined {
  const byName = views.find(
    (view) => key(view.name) === `${key(name)} viewed` || key(titleOfView(view)) === key(name),
  );
  if (byName) return byName;
  const titles = kindTitles(kind, name);
  return views.find((view) => titles.some((title) => key(titleOfView(view)) === key(title)));
}

function titleOfView(view: TrackingEvent): string {
  const example = view.properties.find((p) => p.name === 'screen_name')?.example;
  if (example) return example;
  return /opens the (.+?) screen/.exec(view.trigger)?.[1] ?? view.name.replace(/ Viewed$/, '');
}

/**
 * Without an analysis, the plan's screens: the shared view's values, each seen through the spec's view of its
 * kind when the plan has one, else the views of one screen each; their kind guessed from their title.
 */
function screensFromPlan(events: TrackingEvent[], { shared, own }: ViewConvention): ScreenInfo[] {
  if (!shared) {
    return own.map((view, order) => {
      const title = titleOfView(view);
      return screenOfPlan(title, view.name, null, order, view.description);
    });
  }
  const specViewOf = specViewsIn(new Set(events.map((event) => event.name)));
  return shared.values.map((title, order) => {
    const view = specViewOf(kindFromTitle(title), title);
    return screenOfPlan(
      title,
      view ?? shared.event.name,
      view ? null : { property: shared.property, value: title },
      order,
      '',
    );
  });
}

function screenOfPlan(
  title: string,
  view: string,
  viewFilter: ScreenFilter | null,
  order: number,
  description: string,
): ScreenInfo {
  return {
    name: title,
    kind: kindFromTitle(title),
    title,
    view,
    viewFilter,
    actions: [],
    order,
    words: key(`${title} ${description}`),
  };
}

function kindFromTitle(title: string): ScreenKind {
  const words = key(title);
  const kinds: Array<[ScreenKind, RegExp]> = [
    ['checkout', /checkout|order confirmation|payment/],
    ['cart', /\b(cart|basket|bag)\b/],
    ['product', /^product$|details?$/],
    ['listing', /\b(list|catalog|catalogue|menu|category)\b/],
    ['search', /\bsearch\b/],
    ['signup', /sign ?up|register|create account/],
    ['login', /log ?in|sign ?in/],
    ['settings', /settings|account|profile|billing/],
    ['dashboard', /dashboard|overview|projects/],
  ];
  return kinds.find(([, pattern]) => pattern.test(words))?.[0] ?? 'content';
}

function archetypeOf(
  screens: ScreenInfo[],
  events: ReadonlySet<string>,
  context: StrategyContext,
): Archetype {
  if (
    screens.some((screen) => screen.kind === 'cart' || screen.kind === 'checkout') ||
    events.has('Order Completed') ||
    events.has('Product Added')
  ) {
    return 'commerce';
  }
  const saasWords = /\b(workspace|team|teammates?|projects?|trial|billing|dashboard|invite|admin|upgrade)\b/;
  const text = key(`${context.product.description} ${context.analysis?.summary ?? ''}`);
  if (
    screens.some((screen) => screen.kind === 'dashboard') ||
    events.has('Teammate Invited') ||
    saasWords.test(text)
  )
    return 'saas';
  return 'content';
}

/** Where the product opens: the first screen unless it is a sign-in or sign-up. */
function entryScreen(screens: ScreenInfo[]): ScreenInfo | undefined {
  return screens.find((screen) => screen.kind !== 'login' && screen.kind !== 'signup') ?? screens[0];
}

/** The screen a returning user lands on: the dashboard, else a home or feed after the onboarding, else the entry. */
function homeScreen(screens: ScreenInfo[], onboarding: ScreenInfo[]): ScreenInfo | undefined {
  const dashboard = screens.find((screen) => screen.kind === 'dashboard');
  if (dashboard) return dashboard;
  const named = screens.find(
    (screen) => /^(home|feed|home feed|today|discover|explore)$/.test(key(screen.name)) && screen.order > 0,
  );
  if (named) return named;
  const last = onboarding[onboarding.length - 1];
  return (
    (last ? screens.find((screen) => screen.order > last.order && screen.kind !== 'login') : undefined) ??
    entryScreen(screens)
  );
}

/**
 * The onboarding: the screens between the sign-up and the product's main screen in the journey that holds the
 * sign-up, or screens whose words say they are an onboarding step.
 */
function onboardingScreens(screens: ScreenInfo[], journeys: Journey[]): ScreenInfo[] {
  const signup = screens.find((screen) => screen.kind === 'signup');
  const byName = (name: string) => screens.find((screen) => key(screen.name) === key(name));
  if (signup) {
    for (const journey of journeys) {
      const steps = journey.steps.map(byName).filter((s): s is ScreenInfo => s !== undefined);
      const at = steps.indexOf(signup);
      if (at < 0) continue;
      const after = steps.slice(at + 1);
      const end = after.findIndex(
        (screen) =>
          ['dashboard', 'listing', 'product', 'search'].includes(screen.kind) ||
          /^(home|feed|home feed)$/.test(key(screen.name)),
      );
      const between = (end < 0 ? after.slice(0, -1) : after.slice(0, end)).filter(
        (screen) => screen.kind === 'other' || screen.kind === 'content',
      );
      if (between.length > 0) return between;
    }
  }
  return screens.filter(
    (screen) =>
      screen.kind === 'other' &&
      ONBOARDING_WORDS.test(screen.words) &&
      (!signup || screen.order > signup.order),
  );
}

/** The onboarding's last form or completing action: sending it is finishing the onboarding. */
function onboardingCompletion(onboarding: ScreenInfo[]): string | undefined {
  for (const screen of [...onboarding].reverse()) {
    // Inviting is a step a user may skip: it is referral, not the end of the onboarding.
    const done = [...screen.actions]
      .reverse()
      .find((action) => !/ clicked$| enabled$| toggled$| invited$|^invite sent$/.test(key(action)));
    if (done) return done;
  }
  return undefined;
}
