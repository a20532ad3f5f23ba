/**
 * The product as a strategist reads it: its screens (as the analysis names them) with the plan's events that
 * happen on each, what kind of product it is, and the plan's events for the roles metrics are built from
 * (the sign-up, the order, the product's key action ...), or the name to add when the plan has none.
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

export interface ScreenInfo {
  /** As the analysis names it (or the plan's title when there is no analysis). */
  name: string;
  kind: ScreenKind;
  /** The plan's short title of the screen ('Product' for 'Linen Overshirt'); '' when the plan has no view of it. */
  title: string;
  view: string | null;
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
}

export type Role =
  | 'entry'
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
  hasProperty(event: string, property: string): boolean;
  /** The plan's user actions worth adopting (features), best first, without auth, navigation and the key action. */
  features(): EventRef[];
}

/** Events on every screen that say nothing about one feature. */
const EVERYWHERE = new Set(['Navigation Clicked', 'Tab Selected']);
const AUTH =
  /^(account created|signed (in|out|up)|sign (up|in)( form)? submitted|login( form)? submitted|registration (completed|submitted))$/;
const ONBOARDING_WORDS =
  /\b(onboard\w*|welcome|get started|set ?up|setup|preferences?|personali[sz]e\w*|choose|pick|interests?|workspace|tour)\b/;

export function productModel(context: StrategyContext): ProductModel {
  const events = context.plan?.content.events ?? [];
  const eventNames = new Set(events.map((event) => event.name));
  const byName = new Map(events.map((event) => [event.name, event]));
  const screens = context.analysis ? screensFromAnalysis(context, events) : screensFromPlan(events);
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
    if (screen.view && !screenOfEvent.has(screen.view)) screenOfEvent.set(screen.view, screen.name);
    for (const action of screen.actions)
      if (!screenOfEvent.has(action)) screenOfEvent.set(action, screen.name);
  }

  const mobile = context.product.type === 'mobile_app';
  const archetype = archetypeOf(screens, eventNames, context);
  const onboarding = onboardingScreens(screens, context.analysis?.journeys ?? []);
  const found = (names: string[]) => names.find((name) => eventNames.has(name));
  const matching = (pattern: RegExp, category?: TrackingEvent['category']) =>
    events.find((event) => pattern.test(key(event.name)) && (!category || event.category === category))?.name;
  const viewOfKind = (...kinds: ScreenKind[]) =>
    screens.find((screen) => kinds.includes(screen.kind) && screen.view)?.view ?? undefined;
  const screenOfKind = (...kinds: ScreenKind[]) =>
    screens.find((screen) => kinds.includes(screen.kind))?.name ?? null;
  const confirmation = screens.find(
    (screen) => screen.kind === 'checkout' && /confirm|thank|success|placed/.test(key(screen.name)),
  );
  const checkoutScreen = screens.find((screen) => screen.kind === 'checkout' && screen !== confirmation);

  const cache = new Map<Role, EventRef>();
  const ref = (name: string | undefined, suggestion: string, screen: string | null): EventRef =>
    name
      ? { name, inPlan: true, screen: screenOfEvent.get(name) ?? screen }
      : { name: suggestion, inPlan: false, screen };

  const resolve = (role: Role): EventRef => {
    switch (role) {
      case 'entry': {
        const first = entryScreen(screens);
        return ref(
          first?.view ?? undefined,
          first ? `${first.title || titleOf(first.name)} Viewed` : 'Home Viewed',
          first?.name ?? null,
        );
      }
      case 'home': {
        const home = homeScreen(screens, onboarding);
        return ref(
          home?.view ?? undefined,
          home ? `${home.title || titleOf(home.name)} Viewed` : 'Home Viewed',
          home?.name ?? null,
        );
      }
      case 'appOpened':
        return ref(found(['Application Opened', 'App Opened']), 'Application Opened', null);
      case 'appInstalled':
        return ref(found(['Application Installed', 'App Installed']), 'Application Installed', null);
      case 'signupView':
        return ref(viewOfKind('signup'), 'Sign Up Viewed', screenOfKind('signup'));
      case 'signup':
        return ref(
          found(['Account Created', 'Sign Up Completed', 'Signed Up']) ??
            matching(
              /^(sign ?up( form)? (submitted|completed)|registration (completed|submitted)|user registered)$/,
            ),
          'Account Created',
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
        return ref(
          found(['Product Viewed']) ?? viewOfKind('product'),
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
        return ref(found(['Cart Viewed']) ?? viewOfKind('cart'), 'Cart Viewed', screenOfKind('cart'));
      case 'checkoutStarted':
        return ref(
          found(['Checkout Started']),
          'Checkout Started',
          screenOfKind('cart') ?? checkoutScreen?.name ?? null,
        );
      case 'checkoutView':
        return ref(
          checkoutScreen?.view ?? found(['Checkout Viewed']),
          'Checkout Viewed',
          checkoutScreen?.name ?? null,
        );
      case 'orderCompleted':
        return ref(
          found(['Order Completed', 'Purchase Completed']) ??
            matching(/^order (placed|submitted|confirmed)$/) ??
            confirmation?.view ??
            undefined,
          'Order Completed',
          checkoutScreen?.name ?? null,
        );
      case 'invite':
        return ref(
          found(['Teammate Invited']) ?? matching(/^(\w+ )?invited$|^invit(e|ation)s? sent$/, 'user_action'),
          archetype === 'saas' ? 'Teammate Invited' : 'Invite Sent',
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
        return ref(pricing?.view ?? undefined, 'Pricing Viewed', pricing?.name ?? null);
      }
      case 'billingView': {
        const billing = screens.find((screen) => /\b(billing|subscription|upgrade)\b/.test(key(screen.name)));
        return ref(billing?.view ?? undefined, 'Billing Viewed', billing?.name ?? null);
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
      if (
        AUTH.test(name) ||
        /^(settings saved|teammate invited|plan upgraded|signed out)$|toggled$|searched$|sorted$|filtered$|opened$/.test(
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
        if (AUTH.test(key(event.name)) || /^(signed out|settings saved)$/.test(key(event.name))) continue;
        refs.push({ name: event.name, inPlan: true, screen: screenOfEvent.get(event.name) ?? null });
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

function screensFromAnalysis(context: StrategyContext, events: TrackingEvent[]): ScreenInfo[] {
  const analysis = context.analysis;
  if (!analysis) return [];
  const views = events.filter((event) => event.category === 'page_view');
  const viewByPath = new Map<string, TrackingEvent>();
  for (const view of views)
    if (view.screenshot_path && !viewByPath.has(view.screenshot_path))
      viewByPath.set(view.screenshot_path, view);
  const specs = [...analysis.pageSpecs].sort((a, b) => a.order - b.order || a.firstSeenSec - b.firstSeenSec);
  const screens: ScreenInfo[] = [];
  for (const spec of specs) {
    const name = spec.screenName.trim();
    if (!name || screens.some((screen) => key(screen.name) === key(name))) continue;
    const path = screenshotPathOf(spec.screenshotKey);
    const view = (path ? viewByPath.get(path) : undefined) ?? viewNamed(views, spec.screenKind, name);
    const labels = spec.elements.map((element) => element.label).join(' ');
    screens.push({
      name,
      kind: spec.screenKind,
      title: view ? titleOfView(view) : '',
      view: view?.name ?? null,
      actions: [],
      order: screens.length,
      words: key(`${name} ${spec.description} ${labels}`),
    });
  }
  return screens;
}

/** The view of a screen without a screenshot to match: named after it, or after its kind ('Product Viewed'). */
function viewNamed(views: TrackingEvent[], kind: ScreenKind, name: string): TrackingEvent | undefined {
  const byName = views.find(
    (view) => key(view.name) === `${key(name)} viewed` || key(titleOfView(view)) === key(name),
  );
  if (byName) return byName;
  const titles =
    kind === 'checkout'
      ? /confirm|thank|success|placed/.test(key(name))
        ? ['Order Confirmation']
        : ['Checkout']
      : (KIND_TITLES[kind] ?? []);
  return views.find((view) => titles.some((title) => key(titleOfView(view)) === key(title)));
}

function titleOfView(view: TrackingEvent): string {
  const example = view.properties.find((p) => p.name === 'screen_name')?.example;
  if (example) return example;
  return /opens the (.+?) screen/.exec(view.trigger)?.[1] ?? view.name.replace(/ Viewed$/, '');
}

/** Without an analysis, the plan's views are the screens, their kind guessed from their title. */
function screensFromPlan(events: TrackingEvent[]): ScreenInfo[] {
  return events
    .filter((event) => event.category === 'page_view')
    .map((view, order) => {
      const title = titleOfView(view);
      return {
        name: title,
        kind: kindFromTitle(title),
        title,
        view: view.name,
        actions: [],
        order,
        words: key(`${title} ${view.description}`),
      };
    });
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
      .find((action) => !/ clicked$| enabled$| toggled$| invited$/.test(key(action)));
    if (done) return done;
  }
  return undefined;
}
