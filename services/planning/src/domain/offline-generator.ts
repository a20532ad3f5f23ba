/**
 * The offline tracking-plan generator: a deterministic function from a product's analysis (screens, their
 * elements and the actions seen in the video, key actions and journeys) to the plan an analytics engineer
 * would write, in Segment's spec: the object-action convention and its semantic events.
 *
 * - Screen views follow Segment's page()/screen() model: one 'Page Viewed' event for a website, one 'Screen
 *   Viewed' for a phone app, whose page_name/screen_name says which screen, rather than an event per screen.
 * - Screens of a kind the spec has a view event for send it as well: a product list 'Product List Viewed', a
 *   product 'Product Viewed', the cart 'Cart Viewed', the checkout 'Checkout Started', search results 'Products
 *   Searched'. A phone app's plan carries the app's lifecycle events ('Application Opened' ...).
 * - Recognised actions get their spec names and properties ('Product Added', 'Order Completed', 'Signed Up',
 *   'Invite Sent' ...; see plan-vocabulary.ts).
 * - Every navigation link is one 'Navigation Clicked' event with link_text and destination_screen, and every
 *   tab one 'Tab Selected' event, rather than an event per link.
 * - Other primary buttons (a verb, at most four words) are '<Label> Clicked' or 'Object Action' ('CSV
 *   Downloaded'); field labels, headings, prices, counts and OCR fragments never name an event.
 * - A form's fields become properties of its submit event, reduced so that no personal data is ever an example.
 * - The same action on several screens is one event whose screen_name says where it happened.
 * - Funnels follow the journeys (the screens' view events and the recognised actions between them), plus a
 *   purchase funnel when the product sells things.
 */
import {
  ACCOUNT_ENTRY_LABEL,
  namesNextStep,
  noticeOf,
  showsValue,
  type EventCategory,
  type Funnel,
  type ProductAnalysis,
  type ProductType,
  type TrackingEvent,
  type TrackingPlanContent,
  type TrackingProperty,
} from '@tracklens/contracts';
import { CTA_VERBS, eventName, keyOf, titleCase, wordsOf } from './naming';
import { checkboxProperty, examplesOf, fieldProperties, property, type PlanExamples } from './plan-properties';
import { withAllowedValues } from './plan-enums';
import { isAllChip, isNameable, productTypeOf, screensOf, type Interaction, type Screen, type ScreenKind } from './plan-screens';
import {
  panelViewOf,
  chipChosen,
  startsOrEndsWhatFollows,
  FORM_SCREENS,
  GENERIC_SUBMIT,
  invitationDialogOf,
  lifecycleEvents,
  namedActionOf,
  noticedEventsOf,
  bookingConfirmedOf,
  pageViewOf,
  recognise,
  screenActionOf,
  screenEventsOf,
  readsPromptQuestion,
  semanticViewOf,
  settingDialogOf,
  type PageView,
  type Recognised,
} from './plan-vocabulary';
import type { EventSource } from './plan-evidence';
import type { GeneratedPlan } from './ports';
import { withoutPersonalData } from './privacy';

const MAX_EVENTS = 300;
const MAX_NAVIGATION_EXAMPLES = 5;
/** A journey name of more words reads as a sentence: the funnel is numbered instead. */
const MAX_JOURNEY_NAME_WORDS = 6;

/** Verb labels that are not worth an event: dismissing is not an action a product is measured by. */
const NOT_PRIMARY = new Set(['cancel', 'close', 'dismiss', 'back', 'ok', 'okay', 'skip', 'menu', 'more', 'no', 'yes']);
/** 'Order summary' is a heading the analysis took for a button; 'Order now' is an action. */
const VERB_NEEDS_OBJECT = new Set(['order']);

/** Verbs whose click is the action itself, named object-first ('Download CSV' → 'CSV Downloaded'). */
const PAST_TENSE: Record<string, string> = {
  archive: 'Archived',
  book: 'Booked',
  complete: 'Completed',
  connect: 'Connected',
  copy: 'Copied',
  delete: 'Deleted',
  disable: 'Disabled',
  download: 'Downloaded',
  duplicate: 'Duplicated',
  enable: 'Enabled',
  end: 'Ended',
  export: 'Exported',
  finish: 'Finished',
  import: 'Imported',
  join: 'Joined',
  play: 'Played',
  post: 'Posted',
  print: 'Printed',
  pause: 'Paused',
  publish: 'Published',
  rate: 'Rated',
  reset: 'Reset',
  restore: 'Restored',
  resume: 'Resumed',
  save: 'Saved',
  schedule: 'Scheduled',
  // What a send button sends goes at once ('Send reply' → 'Reply Sent'), as a share does.
  send: 'Sent',
  share: 'Shared',
  start: 'Started',
  stop: 'Stopped',
  upload: 'Uploaded',
};
/** The same verbs when they name what a form does ('Create Project' submitted → 'Project Created'). */
const SUBMIT_PAST_TENSE: Record<string, string> = {
  ...PAST_TENSE,
  add: 'Added',
  apply: 'Applied',
  create: 'Created',
  request: 'Requested',
  submit: 'Submitted',
  update: 'Updated',
  // A plan changes when its form is sent; an 'Upgrade plan' button elsewhere leads there, as 'Start free trial' does.
  upgrade: 'Upgraded',
};
/** What a verb acts on when the label names nothing else ('Upgrade' submitted → 'Plan Upgraded'); otherwise the screen. */
const DEFAULT_OBJECT: Record<string, string> = { upgrade: 'Plan' };
/** Verbs whose bare button opens what it starts. */
const STARTS = new Set(['start', 'resume']);
/** Buttons that send what was written beside them; a 'Submit' sends the form its screen is. */
const SENDS_WRITING = new Set(['post', 'send', 'publish', 'add']);
/** What a field the user writes in holds ('Add a comment…' → comment): what a 'Post' or 'Send' beside it sends. */
const WRITTEN_THING = /\b(comment|reply|review|message|note|answer|question)s?\b/;

/**
 * The one kind of text the screen's fields are all written for, if they are ('Add a comment'); a form that also
 * asks for a name or an e-mail is a form of its own ('Contact Us').
 */
function writtenThing(screen: Screen): string | undefined {
  const labels = screen.fields.map((field) => keyOf(field.label)).filter((label) => !/\bsearch\b/.test(label));
  const things = new Set(labels.map((label) => WRITTEN_THING.exec(label)?.[1]));
  const [thing] = things;
  return things.size === 1 ? thing : undefined;
}
const ARTICLES = new Set(['a', 'an', 'the', 'your', 'my', 'our', 'this', 'all']);
/** Words after a verb that are not what it acts on: 'Send to Sam', 'Start free', 'Try it now', 'Start over'. */
const NOT_AN_OBJECT = /^(to|for|with|in|on|now|free|here|today|again|over|it)$/i;
/** Words that make a button the submit of the form on its screen. */
const SUBMIT_WORDS = new Set([
  'submit', 'sign', 'log', 'login', 'register', 'create', 'save', 'send', 'continue', 'next', 'pay', 'place', 'subscribe',
  'checkout', 'apply', 'confirm', 'update', 'join', 'book', 'add', 'finish', 'done', 'get', 'start', 'request',
]);

export function generateOfflinePlan(analysis: ProductAnalysis, productType?: ProductType): TrackingPlanContent {
  return offlinePlan(analysis, productType).content;
}

/**
 * The plan, and what made each of its events: the generator knows which screen and control each comes from.
 * The product's type is its owner's word when given (a phone app recorded in a device frame reads much like a
 * web page); otherwise it is read from the screens (a tab bar that stays).
 */
export function offlinePlan(analysis: ProductAnalysis, declaredType?: ProductType): GeneratedPlan {
  const shown = screensOf(analysis);
  const chrome = chromeLabelsOf(shown);
  const screens = shown.map((screen) => withSubmit(screen, chrome));
  const checkouts = screens.filter((screen) => screen.kind === 'checkout').map((screen) => screen.key);
  const productType = declaredType ?? productTypeOf(screens);
  const context: Context = {
    screens,
    byKey: new Map(screens.map((screen) => [screen.key, screen])),
    examples: examplesOf(screens),
    navigationLabels: navigationLabelsOf(screens),
    pageView: pageViewOf(productType),
    checkoutStep: (screen) => checkouts.indexOf(screen.key) + 1,
  };
  const plan = new PlanBuilder();
  const [first] = screens;
  // The SDK sends the lifecycle whatever the screen: no screen shows it.
  if (productType === 'mobile_app' && first) {
    for (const lifecycle of lifecycleEvents()) plan.add(candidateOf(first, null, { ...lifecycle, everywhere: true, screenshot: null }));
  }
  const actions = new Map(screens.map((screen) => [
    screen.key,
    screen.interactions.flatMap((interaction) => actionCandidate(screen, interaction, context) ?? []),
  ]));
  for (const screen of screens) {
    plan.add(viewCandidate(screen, context));
    const semantic = semanticViewOf(listsProducts(screen, context) ? { ...screen, kind: 'product_list' } : screen, context.examples, context.checkoutStep(screen));
    if (semantic) plan.add(candidateOf(screen, null, { ...semantic, category: 'page_view' }));
    for (const recognised of screenEventsOf(screen, context.examples, productType)) plan.add(recognisedCandidate(screen, null, recognised, []));
    const booked = checkouts.length === 0 ? bookingConfirmedOf(screen) : null;
    if (booked) plan.add(recognisedCandidate(screen, null, booked, []));
    for (const candidate of actions.get(screen.key) ?? []) plan.add(candidate);
    // A notice confirms what a control of its screen, or of the screen before it, did ('Send money', then 'Transfer
    // sent'): that control's event already tracks it.
    const controls = screens.filter((other) => other === screen || other.exits.includes(screen.key)).flatMap((other) => actions.get(other.key) ?? []);
    const tracked = new Set(controls.map((candidate) => lastWord(candidate.name)));
    for (const noticed of noticedEventsOf(screen)) {
      if (!tracked.has(lastWord(noticed.name))) plan.add({ ...recognisedCandidate(screen, null, noticed, []), optional: true });
    }
  }
  const events = withAllowedValues(plan.events(context), screens);
  return { content: { events, funnels: funnelsOf(analysis, context, plan) }, sources: plan.sources() };
}

interface Context {
  screens: Screen[];
  byKey: Map<string, Screen>;
  examples: PlanExamples;
  /** Keys of labels that move between screens everywhere: header links, a tab bar. */
  navigationLabels: Set<string>;
  /** Page Viewed for a website, Screen Viewed for a phone app (which also gets the lifecycle events). */
  pageView: PageView;
  /** The screen's number among the checkout's screens (1 for the first), 0 for any other screen. */
  checkoutStep: (screen: Screen) => number;
}

/**
 * Whether a shop's home screen lists products: the video picked a product from it. Its view is then the spec's
 * list view too (a phone shop's home is often its menu).
 */
function listsProducts(screen: Screen, { byKey, examples }: Context): boolean {
  if (!examples.commerce || screen.kind !== 'home') return false;
  return screen.interactions.some((i) => i.seen && i.toScreen !== null && byKey.get(i.toScreen)?.kind === 'product');
}

/**
 * A step of a booking or a sign-up that asks for someone's details ('Patient Details', 'Guest Information'): its
 * form is its point, and its name already says what is sent ('Patient Details Submitted').
 */
const DETAILS_STEP = /^\w+( \w+)? (details|information|info)$/;

/**
 * The screen's form and what sends it: the submit the video showed, else its first submit-like button. On a
 * screen whose form is its point (sign in, sign up, checkout, invite, a details step) the video leaving the
 * screen is that form being sent, even when the analysis did not see the button.
 */
function withSubmit(screen: Screen, chrome: ReadonlySet<string>): Screen {
  if (screen.fields.length === 0) return screen;
  // A header's 'Sign in' beside a form that asks no password sends nothing of it. Buttons of every page are the
  // form's only when it has no other, and leaving a screen whose form is its point is that form sent.
  const accountForm = screen.kind === 'login' || screen.kind === 'sign_up' || screen.fields.some((field) => /password/i.test(field.label));
  const sends = screen.interactions.filter(
    (i) => i.kind === 'click' && !i.phrase && SUBMIT_WORDS.has(firstWord(i.label)) && !showsValue(i.label) &&
      (accountForm || !ACCOUNT_ENTRY_LABEL.test(keyOf(i.label))),
  );
  const exit = FORM_SCREENS.has(screen.kind) || DETAILS_STEP.test(keyOf(screen.title)) ? screen.exits[0] : undefined;
  const button =
    screen.interactions.find((i) => i.kind === 'submit') ?? sends.find((i) => !chrome.has(keyOf(i.label))) ?? (exit ? undefined : sends[0]);
  if (!button && !exit) return screen;
  const submit: Interaction = button
    ? { ...button, kind: 'submit', toScreen: button.toScreen ?? exit ?? null }
    : { kind: 'submit', label: '', toScreen: exit ?? null, seen: true };
  const interactions = button ? screen.interactions.map((i) => (i === button ? submit : i)) : [submit, ...screen.interactions];
  // The move the form made is its submit, not navigation.
  const moved = (i: Interaction) => i !== submit && i.label === '' && exit !== undefined && i.toScreen === submit.toScreen;
  return { ...screen, interactions: interactions.filter((i) => !moved(i)) };
}

/** Labels of these kinds of control found on `atLeast` screens or more. */
function repeatedLabels(screens: Screen[], kinds: Interaction['kind'][], atLeast: number): Set<string> {
  const counts = new Map<string, number>();
  for (const screen of screens) {
    for (const label of new Set(screen.interactions.filter((i) => kinds.includes(i.kind)).map((i) => keyOf(i.label)))) {
      counts.set(label, (counts.get(label) ?? 0) + 1);
    }
  }
  return new Set([...counts].filter(([label, count]) => label !== '' && count >= atLeast).map(([label]) => label));
}

/** Labels of buttons found on three screens or more: a header's or a footer's ('Sign in', 'Register'). */
const chromeLabelsOf = (screens: Screen[]): Set<string> => repeatedLabels(screens, ['click'], 3);

/** Labels of links and tabs found on two screens or more, and tabs named after a screen: the navigation. */
function navigationLabelsOf(screens: Screen[]): Set<string> {
  const names = screens.flatMap((screen) => [screen.key, keyOf(screen.title)]).filter((label) => label);
  return new Set([...repeatedLabels(screens, ['navigate', 'tab'], 2), ...names]);
}

interface Candidate {
  /** Candidates with the same id are one event. */
  id: string;
  name: string;
  /** The name to fall back on when `name` belongs to another event ('Add Product Clicked'). */
  fallbackName: string | null;
  /** Views and recognised events own their names; generic ones give way. */
  owner: boolean;
  screen: Screen;
  /** The control used on the screen; null for what the screen itself sends (its views, what is typed on it). */
  interaction: Interaction | null;
  event: TrackingEvent;
  /** One event for the whole product (navigation, tabs): its trigger does not list screens. */
  everywhere: boolean;
  /** For funnels: the kinds of screen the event leads to, or 'next' when the form sent leads on. */
  leadsTo: ScreenKind[] | 'next';
  /** For the navigation event: the link's text and where it went. */
  linkText?: string;
  /** Left out when another event has its name, rather than renamed. */
  optional?: boolean;
}

/** The one view event of every screen (Segment's page() or screen()), its screen a property. */
function viewCandidate(screen: Screen, { pageView }: Context): Candidate {
  return candidateOf(screen, null, {
    id: VIEW_ID,
    name: pageView.name,
    everywhere: true,
    category: 'page_view',
    trigger: pageView.trigger,
    description: pageView.description,
    properties: [property(pageView.property, 'string', pageView.propertyDescription, screen.title, true)],
  });
}

const VIEW_ID = 'view';

function actionCandidate(screen: Screen, interaction: Interaction, context: Context): Candidate | null {
  if (readsPromptQuestion(screen, interaction)) return null;
  // A tab that moves between screens ('Today' in a phone's tab bar) is navigation, whatever its word would mean.
  if (interaction.kind === 'tab' && context.navigationLabels.has(keyOf(interaction.label))) return navigationCandidate(screen, interaction, context);
  const submits = interaction.kind === 'submit';
  const destination = interaction.toScreen ? (context.byKey.get(interaction.toScreen)?.kind ?? null) : null;
  const recognised = recognise({ interaction, screen, submitsForm: submits, examples: context.examples, destination });
  if (recognised) {
    // The checkout's own screen starts it: the button that leads there is how, not a second event.
    if (recognised.id === 'checkout_started' && context.screens.some((s) => s.kind === 'checkout')) return null;
    const form = recognised.takesForm
      ? fieldProperties(screen.fields, recognised.properties.map((p) => p.name), recognised.coversField)
      : [];
    return recognisedCandidate(screen, interaction, recognised, [...form, ...(submits ? checkboxProperties(screen) : [])]);
  }
  switch (interaction.kind) {
    case 'submit':
      return submitCandidate(screen, interaction);
    case 'navigate':
      return navigationCandidate(screen, interaction, context);
    case 'tab':
      return isCategoryChip(screen, interaction)
        ? recognisedCandidate(screen, interaction, chipChosen(screen, chipsOf(screen, context), context.examples), [])
        : tabCandidate(screen, interaction);
    case 'checkbox':
      return checkboxCandidate(screen, interaction);
    case 'open_modal':
      return modalCandidate(screen, interaction, context);
    case 'click':
      return clickCandidate(screen, interaction, context);
    case 'input':
    case 'select':
      return null;
  }
}

function recognisedCandidate(screen: Screen, interaction: Interaction | null, recognised: Recognised, extra: TrackingProperty[]): Candidate {
  return actionOf(screen, interaction, { ...recognised, properties: [...recognised.properties, ...extra] });
}

interface CandidateParts {
  id: string;
  name: string;
  /** Views and recognised events own their names (the default); generic ones give way. */
  owner?: boolean;
  fallbackName?: string | null;
  trigger: string;
  description: string;
  properties: TrackingProperty[];
  category?: EventCategory;
  /** The screen's own screenshot unless told otherwise. */
  screenshot?: string | null;
  leadsTo?: ScreenKind[] | 'next';
  everywhere?: boolean;
  linkText?: string;
}

function candidateOf(screen: Screen, interaction: Interaction | null, parts: CandidateParts): Candidate {
  const candidate: Candidate = {
    id: parts.id,
    name: parts.name,
    fallbackName: parts.fallbackName ?? null,
    owner: parts.owner ?? true,
    screen,
    interaction,
    everywhere: parts.everywhere ?? false,
    leadsTo: parts.leadsTo ?? [],
    event: {
      name: '',
      trigger: parts.trigger,
      description: parts.description,
      category: parts.category ?? 'user_action',
      screenshot_path: parts.screenshot === undefined ? screen.screenshotPath : parts.screenshot,
      properties: parts.properties,
    },
  };
  if (parts.linkText !== undefined) candidate.linkText = parts.linkText;
  return candidate;
}

/** An action on a screen: screen_name says which. */
function actionOf(screen: Screen, interaction: Interaction | null, parts: CandidateParts): Candidate {
  const where = property('screen_name', 'string', 'Screen the user was on', screen.title, true);
  return candidateOf(screen, interaction, { ...parts, properties: [where, ...parts.properties.filter((p) => p.name !== 'screen_name')] });
}

function checkboxProperties(screen: Screen): TrackingProperty[] {
  return screen.interactions.filter((i) => i.kind === 'checkbox').map((i) => checkboxProperty(i.label));
}

/** 'Create Project' → 'Project Created'; a generic 'Submit' or none → '<Screen> Form Submitted'. */
function submitCandidate(screen: Screen, interaction: Interaction): Candidate | null {
  const label = interaction.label;
  const words = wordsOf(label);
  // 'Next: seats' names the step it leads to, not what its form sends.
  const generic = GENERIC_SUBMIT.has(keyOf(label)) || namesNextStep(label);
  const verb = firstWord(label);
  let object = words.slice(1);
  while (object.length > 0 && ARTICLES.has((object[0] ?? '').toLowerCase())) object = object.slice(1);
  const past = SUBMIT_PAST_TENSE[verb];
  // 'Post' under 'Add a comment…' posts the comment, 'Send' beside 'Send message' the message.
  const written = past && object.length === 0 && SENDS_WRITING.has(verb) ? writtenThing(screen) : undefined;
  let name: string;
  if (written && past) name = eventName(written, past);
  else if (generic) name = eventName(screen.title, keyOf(screen.title).endsWith('form') || DETAILS_STEP.test(keyOf(screen.title)) ? '' : 'Form', 'Submitted');
  else if (!isNameable(label)) return null;
  else if (past && object.length > 0 && !NOT_AN_OBJECT.test(object[0] ?? '')) name = eventName(object.join(' '), past);
  else name = eventName(label, 'Submitted');
  const on = `on the ${screen.title} screen`;
  return actionOf(screen, interaction, {
    id: `submit:${keyOf(name)}`,
    name,
    owner: false,
    fallbackName: eventName(screen.title, 'Form', 'Submitted'),
    trigger: label ? `User submits the form with '${label}' ${on}` : `User sends the form ${on}`,
    description: `The form ${on} is submitted.`,
    properties: [...fieldProperties(screen.fields), ...checkboxProperties(screen)],
    leadsTo: 'next',
  });
}

function navigationCandidate(screen: Screen, interaction: Interaction, { byKey }: Context): Candidate | null {
  // A move the form or a recognised action explains (signing in leads to the dashboard) is not navigation.
  if (!interaction.label && screen.interactions.some((i) => i.kind === 'submit' && i.toScreen === interaction.toScreen)) return null;
  const destination = interaction.toScreen ? byKey.get(interaction.toScreen)?.title : undefined;
  const parts: CandidateParts = {
    id: 'navigation',
    name: 'Navigation Clicked',
    everywhere: true,
    trigger: 'User clicks a navigation link, menu item or tab',
    description: 'One event for every navigation link (header, footer, menus, tab bar): link_text and destination_screen say which.',
    properties: [
      property('link_text', 'string', 'Text of the link or menu item clicked', '', true),
      property('destination_screen', 'string', 'Screen the link leads to', destination ?? '', false),
    ],
  };
  if (interaction.label && isNameable(interaction.label)) parts.linkText = interaction.label;
  return actionOf(screen, interaction, parts);
}

function tabCandidate(screen: Screen, interaction: Interaction): Candidate | null {
  if (!isNameable(interaction.label)) return null;
  return actionOf(screen, interaction, {
    id: 'tab',
    name: 'Tab Selected',
    everywhere: true,
    trigger: 'User switches to another tab within a screen',
    description: 'A tab is selected: tab_name says which.',
    properties: [property('tab_name', 'string', 'Label of the selected tab', interaction.label, true)],
  });
}

/**
 * 'All', 'Strength', 'Cardio' above a list: chips that narrow the list to a category, not tabs of the screen, in a
 * shop's list or any app's (workouts, transactions, restaurants). A screen's own tabs have no 'All'.
 */
function isCategoryChip(screen: Screen, interaction: Interaction): boolean {
  return screen.interactions.some(isAllChip) && interaction.kind === 'tab';
}

/**
 * The labels of a screen's chip row: its tabs that do not move between screens, and its 'All', which other screens
 * may read as a link and which, lit, may read as a button (see isAllChip).
 */
function chipsOf(screen: Screen, { navigationLabels }: Context): string[] {
  const chip = (i: Interaction) =>
    keyOf(i.label) === 'all' ? isAllChip(i) : i.kind === 'tab' && !navigationLabels.has(keyOf(i.label)) && isNameable(i.label);
  return screen.interactions.filter(chip).map((i) => i.label);
}

function checkboxCandidate(screen: Screen, interaction: Interaction): Candidate | null {
  // On a form, a checkbox is part of what is sent (see checkboxProperties).
  if (screen.interactions.some((i) => i.kind === 'submit') || !isNameable(interaction.label)) return null;
  const name = eventName(interaction.label, 'Toggled');
  return actionOf(screen, interaction, {
    id: `toggle:${keyOf(interaction.label)}`,
    name,
    owner: false,
    trigger: `User checks or unchecks '${interaction.label}' on the ${screen.title} screen`,
    description: `The '${interaction.label}' option is changed.`,
    properties: [property('checked', 'boolean', 'Whether the option is now checked', 'true', true)],
  });
}

function modalCandidate(screen: Screen, interaction: Interaction, { byKey, examples }: Context): Candidate | null {
  // A dialog the analysis made a screen of has its own view event.
  const opened = interaction.toScreen ? byKey.get(interaction.toScreen) : byKey.get(keyOf(interaction.label));
  if (opened) return null;
  const label = firstWord(interaction.label) === 'open' ? wordsOf(interaction.label).slice(1).join(' ') : interaction.label;
  if (!isNameable(label)) return null;
  // A dialog for one thing ('Select Dates', 'Invite Teammate') is where that thing is done: its event is the
  // thing, not the opening.
  const done = panelViewOf(label, screen, examples) ?? invitationDialogOf(label, screen) ?? namedActionOf(label, screen.title, examples) ??
    settingDialogOf(label, screen);
  if (done) return recognisedCandidate(screen, interaction, done, []);
  return actionOf(screen, interaction, {
    id: `modal:${keyOf(label)}`,
    name: eventName(label, 'Opened'),
    owner: false,
    fallbackName: eventName(label, 'Dialog', 'Opened'),
    trigger: `User opens '${label}' on the ${screen.title} screen`,
    description: `The ${label} dialog is opened.`,
    properties: [property('modal_name', 'string', 'Name of the dialog that was opened', label, true)],
  });
}

function clickCandidate(screen: Screen, interaction: Interaction, context: Context): Candidate | null {
  const { label } = interaction;
  if (interaction.phrase) return null;
  // 'Continue' on 'Select Dates' is the screen's own action (screenEventsOf), not a button worth its own event.
  if (GENERIC_SUBMIT.has(keyOf(label)) && screenActionOf(screen, context.examples)) return null;
  if (startsOrEndsWhatFollows(label, screen.exits.flatMap((key) => context.byKey.get(key) ?? []))) return null;
  if (!isCallToAction(label)) {
    // What the video showed being clicked to move on was a way to navigate, whatever it says.
    return interaction.toScreen && interaction.seen ? navigationCandidate(screen, interaction, context) : null;
  }
  // A button that opens a sign-up or sign-in form only leads to it: the form's event is the action.
  const toForm = interaction.toScreen ? context.byKey.get(interaction.toScreen)?.kind : undefined;
  // What the screens it leads to confirm names what a label without an object acted on ('Share', then 'Your post is shared').
  // A toast on the same screen confirms it as well ('Send' on a ticket, then 'Ticket transfer sent').
  const confirmed = [...(interaction.toScreen ? [interaction.toScreen] : []), ...screen.exits]
    .flatMap((key) => context.byKey.get(key)?.texts ?? [])
    .concat(screen.texts)
    .flatMap((text) => noticeOf(text) ?? []);
  const name = toForm === 'sign_up' || toForm === 'login'
    ? eventName(label, 'Clicked')
    : bookingStarted(label, screenReached(screen, interaction, context)) ??
      clickName(screen, label, (past) => confirmed.find((notice) => notice.done === past.toLowerCase())?.thing, screenReached(screen, interaction, context));
  const clicked = eventName(label, 'Clicked');
  return actionOf(screen, interaction, {
    id: `click:${keyOf(name)}`,
    name,
    owner: false,
    fallbackName: clicked === name ? null : clicked,
    trigger: `User clicks '${label}' on the ${screen.title} screen`,
    description: `The '${label}' button is clicked.`,
    properties: [
      property('button_text', 'string', 'Text of the button', label, false),
      ...(interaction.toScreen && context.byKey.has(interaction.toScreen)
        ? [property('destination_screen', 'string', 'Screen the button leads to', context.byKey.get(interaction.toScreen)?.title ?? '', false)]
        : []),
    ],
    leadsTo: [],
  });
}

/**
 * Where a control led: the screen the video showed it open, or the one way on from a screen that has one besides
 * its tabs (a tab leads to its own screen, not where a button does).
 */
function screenReached(screen: Screen, interaction: Interaction, { byKey }: Context): Screen | undefined {
  const tabs = new Set(screen.interactions.filter((i) => i.kind === 'tab').map((i) => keyOf(i.label)));
  const ways = screen.exits.length === 1 ? screen.exits : screen.exits.filter((key) => !tabs.has(key));
  const key = interaction.toScreen ?? (ways.length === 1 ? ways[0] : undefined);
  return key === undefined ? undefined : byKey.get(key);
}

/**
 * A booking button that opens a form to fill in first starts the booking ('Book an appointment' → Appointment Booking
 * Started): it is booked when that form is sent.
 */
function bookingStarted(label: string, destination: Screen | undefined): string | undefined {
  const [verb = '', ...rest] = wordsOf(label).map((word) => word.toLowerCase());
  const form = destination && destination.fields.length > 0 && destination.kind !== 'order_confirmation' && !/\bconfirm/i.test(destination.name);
  if (!/^(book|reserve)$/.test(verb) || !form) return undefined;
  return eventName(...rest.filter((word) => !ARTICLES.has(word) && !NOT_AN_OBJECT.test(word)), 'Booking', 'Started');
}

/** A badge saying where something stands ('Invite pending', 'Payment failed'): read, never clicked to act. */
const STATUS_WORD = /^(pending|expired|accepted|declined|active|inactive|paid|unpaid|overdue|failed|shipped|delivered|sent|draft|archived)$/;

/**
 * How or how well, after a verb: a feature's promise ('Book faster next time', 'Book instantly, get reminders')
 * set in bold or on a card reads like a button but acts on nothing.
 */
const MANNER = /^(faster|quicker|easier|smarter|better|instantly|quickly|easily|securely|safely|anytime|anywhere|together|effortlessly|seamlessly|confidently)$/;

/** A primary button: starts with an action verb, nameable, not a way to dismiss something nor a promise. */
function isCallToAction(label: string): boolean {
  // A comma joins the clauses of a sentence; a colon gives a fact its value ('Next available: Today').
  if (!isNameable(label) || /[,:]/.test(label)) return false;
  const words = wordsOf(label).map((word) => word.toLowerCase());
  const verb = words[0] ?? '';
  if (words.length === 2 && STATUS_WORD.test(words[1] ?? '')) return false;
  if (MANNER.test(words[1] ?? '')) return false;
  if (NOT_PRIMARY.has(verb) || !CTA_VERBS.has(verb)) return false;
  return !VERB_NEEDS_OBJECT.has(verb) || words[1] === 'now';
}

/**
 * 'Download CSV' → 'CSV Downloaded', 'Save' → '<Screen> Saved' or what a notice says was saved, 'Shop now' → 'Shop
 * Now Clicked'.
 */
function clickName(screen: Screen, label: string, confirmedThing: (past: string) => string | undefined, reached?: Screen): string {
  const words = wordsOf(label);
  const verb = firstWord(label);
  const past = PAST_TENSE[verb];
  let object = words.slice(1);
  while (object.length > 0 && ARTICLES.has((object[0] ?? '').toLowerCase())) object = object.slice(1);
  if (!past || NOT_AN_OBJECT.test(object[0] ?? '')) return eventName(label, 'Clicked');
  // A trial starts when the account is made: 'Start free trial' is the way to the sign-up form.
  if (verb === 'start' && object.some((word) => /^trial$/i.test(word))) return eventName(label, 'Clicked');
  if (object.length === 0 || keyOf(object.join(' ')) === 'changes') {
    const written = SENDS_WRITING.has(verb) ? writtenThing(screen) : undefined;
    // What a bare 'Start' starts is the screen it opens ('Lesson'), when that screen is a thing of its own.
    const started = STARTS.has(verb) && reached && reached !== screen && wordsOf(reached.title).length <= 2 ? reached.title : undefined;
    return eventName(DEFAULT_OBJECT[verb] ?? confirmedThing(past) ?? written ?? started ?? screen.title, past);
  }
  return eventName(object.join(' '), past);
}

function lastWord(name: string): string {
  return (wordsOf(name).at(-1) ?? '').toLowerCase();
}

function firstWord(label: string): string {
  return (wordsOf(label)[0] ?? '').toLowerCase();
}

interface Merged {
  event: TrackingEvent;
  screens: string[];
  trigger: string;
  candidates: Candidate[];
  linkTexts: string[];
  destinations: string[];
}

/** Gathers candidates into unique events: one per id, each name owned by one id. */
class PlanBuilder {
  private readonly byId = new Map<string, Merged>();
  private readonly order: string[] = [];
  private readonly candidates: Candidate[] = [];

  add(candidate: Candidate): void {
    this.candidates.push(candidate);
  }

  /** The plan's events, in the order they first occur; candidates know their final names afterwards. */
  events(context: Context): TrackingEvent[] {
    const owners = new Map<string, string>();
    const named = [...this.candidates.filter((c) => !c.optional), ...this.candidates.filter((c) => c.optional)];
    for (const candidate of named) if (candidate.owner && !candidate.optional && !owners.has(candidate.name)) owners.set(candidate.name, candidate.id);
    const names = new Map<string, string>();
    const taken = new Set<string>(owners.keys());
    for (const candidate of named) {
      if (names.has(candidate.id)) continue;
      const name = this.nameFor(candidate, owners, taken);
      if (!name) continue;
      names.set(candidate.id, name);
      taken.add(name);
    }
    for (const candidate of this.candidates) {
      const name = names.get(candidate.id);
      if (!name) continue;
      candidate.name = name;
      this.merge(candidate, name);
    }
    return this.order
      .map((id) => this.byId.get(id))
      .filter((merged): merged is Merged => merged !== undefined)
      .map((merged) => finished(merged, context));
  }

  all(): Candidate[] {
    return this.candidates.filter((candidate) => this.byId.has(candidate.id));
  }

  /** Each event's screens and controls, by its name (after `events`). */
  sources(): Map<string, EventSource[]> {
    return new Map(
      [...this.byId.values()].map(({ event, candidates }) => [
        event.name,
        candidates.map(({ screen, interaction }) => ({ screen: screen.key, interaction })),
      ]),
    );
  }

  private nameFor(candidate: Candidate, owners: Map<string, string>, taken: Set<string>): string | null {
    const free = (name: string) => {
      const owner = owners.get(name);
      return owner ? owner === candidate.id : !taken.has(name);
    };
    if (candidate.optional) return free(candidate.name) ? candidate.name : null;
    const options = [candidate.name, candidate.fallbackName, eventName(candidate.screen.title, candidate.name)];
    for (const option of options) if (option && free(option)) return option;
    for (let n = 2; n < 100; n++) {
      const numbered = `${eventName(candidate.screen.title, candidate.name)} ${n}`;
      if (!taken.has(numbered)) return numbered;
    }
    return null;
  }

  private merge(candidate: Candidate, name: string): void {
    const known = this.byId.get(candidate.id);
    if (!known) {
      if (this.order.length >= MAX_EVENTS) return;
      this.order.push(candidate.id);
      this.byId.set(candidate.id, {
        event: { ...candidate.event, name, properties: candidate.event.properties.map((p) => ({ ...p })) },
        screens: [candidate.screen.title],
        trigger: candidate.event.trigger,
        candidates: [candidate],
        linkTexts: candidate.linkText ? [candidate.linkText] : [],
        destinations: destinationOf(candidate),
      });
      return;
    }
    known.candidates.push(candidate);
    if (candidate.linkText && !known.linkTexts.some((text) => keyOf(text) === keyOf(candidate.linkText ?? ''))) {
      known.linkTexts.push(candidate.linkText);
    }
    for (const destination of destinationOf(candidate)) if (!known.destinations.includes(destination)) known.destinations.push(destination);
    if (!known.screens.includes(candidate.screen.title)) known.screens.push(candidate.screen.title);
    known.event.screenshot_path ??= candidate.event.screenshot_path;
    const names = new Set(known.event.properties.map((p) => p.name));
    for (const extra of candidate.event.properties) {
      if (!names.has(extra.name)) known.event.properties.push({ ...extra, required: false });
    }
  }
}

function submits(candidate: Candidate): boolean {
  return candidate.interaction?.kind === 'submit';
}

function destinationOf(candidate: Candidate): string[] {
  const value = candidate.event.properties.find((p) => p.name === 'destination_screen')?.example;
  return value ? [value] : [];
}

/** The merged event as the plan shows it: where it happens, and the navigation's real examples. */
function finished(merged: Merged, context: Context): TrackingEvent {
  const { event, screens } = merged;
  if (merged.candidates[0]?.id === VIEW_ID) {
    // The recording shows some of the product's screens: they are examples, not the allowed values.
    const where = event.properties[0];
    if (where) where.description = `${where.description}, e.g. ${screens.join(', ')}`;
    return event;
  }
  if (event.category === 'user_action') {
    const where = event.properties.find((p) => p.name === 'screen_name');
    if (where && screens.length > 1) where.description = `Screen the user was on: ${screens.join(', ')}`;
    const others = screens.slice(1);
    if (!merged.candidates[0]?.everywhere && others.length > 0) event.trigger = `${merged.trigger} (also on ${others.join(', ')})`;
  }
  if (merged.candidates[0]?.id === 'navigation') {
    const [linkText, destination] = navigationExample(merged, context);
    for (const p of event.properties) {
      if (p.name === 'link_text') p.example = linkText;
      if (p.name === 'destination_screen') p.example = destination;
    }
    const texts = merged.linkTexts.slice(0, MAX_NAVIGATION_EXAMPLES);
    if (texts.length > 0) event.trigger = `${merged.trigger} (e.g. ${texts.join(', ')})`;
  }
  return event;
}

/** A link text and the screen it leads to that belong together: seen together, or the text naming the screen. */
function navigationExample(merged: Merged, context: Context): [string, string] {
  const seen = merged.candidates.find((c) => c.linkText && destinationOf(c).length > 0);
  if (seen?.linkText) return [seen.linkText, destinationOf(seen)[0] ?? ''];
  for (const text of merged.linkTexts) {
    const named = destinationNamed(text, context);
    if (named) return [text, named];
  }
  const [text] = merged.linkTexts;
  const destination = merged.destinations[0] ?? (text ? titleCase(text) : (context.screens[1] ?? context.screens[0])?.title) ?? 'Home';
  return [text ?? destination, destination];
}

/** The screen a link's text names, when there is one ('Checkout' → Checkout). */
function destinationNamed(text: string | undefined, context: Context): string | null {
  if (!text) return null;
  const key = keyOf(text);
  return context.screens.find((screen) => screen.key === key || keyOf(screen.title) === key)?.title ?? null;
}

/**
 * One funnel per journey: each screen's view (the spec's view event of its kind, else the page or screen view)
 * with, between two screens, the actions that move the user on (the one the video showed, or a recognised one
 * that leads to that kind of screen); then, when the product sells things, the purchase funnel of the e-commerce
 * spec. A step is an event name, once per funnel: the page or screen view stands for the first screen without a
 * view of its own, and the funnel's description names that screen, as a funnel tool's step filter would.
 */
function funnelsOf(analysis: ProductAnalysis, context: Context, plan: PlanBuilder): Funnel[] {
  const candidates = plan.all();
  const generic = candidates.find((c) => c.id === VIEW_ID)?.name ?? '';
  const viewOf = new Map<string, string>();
  for (const candidate of candidates) {
    if (candidate.event.category !== 'page_view' || candidate.id === VIEW_ID) continue;
    if (!viewOf.has(candidate.screen.key)) viewOf.set(candidate.screen.key, candidate.name);
  }
  const stepOf = (screen: Screen) => viewOf.get(screen.key) ?? generic;
  const movesOn = (from: Screen, to: Screen) =>
    candidates
      .filter((c) => c.screen.key === from.key && c.event.category === 'user_action' && !c.everywhere)
      .filter((c) => c.interaction?.toScreen === to.key || (Array.isArray(c.leadsTo) ? c.leadsTo.includes(to.kind) : submits(c) && from.exits.includes(to.key)))
      .map((c) => c.name);

  // Where a journey ends, the form sent there is its goal ('Invite Sent' after the invite dialog).
  const completes = (screen: Screen) =>
    candidates.filter((c) => c.screen.key === screen.key && submits(c)).map((c) => c.name);

  const funnels: Funnel[] = [];
  const names = new Set<string>();
  const add = (name: string, description: string, screens: Screen[], steps: string[]) => {
    const unique = steps.filter((step, i) => step && steps.indexOf(step) === i);
    if (unique.length < 2 || funnels.some((funnel) => funnel.steps.join('\u0000') === unique.join('\u0000'))) return;
    funnels.push({ name: uniqueName(name, names), description: withViewStep(description, unique, screens, stepOf, context), steps: unique });
  };

  analysis.journeys.forEach((journey, index) => {
    const screens = journey.steps.map((step) => context.byKey.get(keyOf(step))).filter((s): s is Screen => s !== undefined);
    const steps = screens.flatMap((screen, i) => {
      const next = screens[i + 1];
      return [stepOf(screen), ...(next ? movesOn(screen, next) : completes(screen))];
    });
    const description = withoutPersonalData(journey.description.trim()) || `Users moving through ${screens.map((s) => s.title).join(' → ')}`;
    add(journeyName(journey.name, context) || `Journey ${index + 1}`, description, screens, steps);
  });

  // Without journeys (analysis not finalised), the video's own order is the one flow we know.
  if (analysis.journeys.length === 0) {
    const { screens } = context;
    const description = `Users moving through the screens in the order the demo showed them: ${screens.map((s) => s.title).join(' → ')}`;
    add('Main Flow', description, screens, screens.map(stepOf));
  }

  const purchase = purchaseSteps(new Set(candidates.map((c) => c.name)));
  if (purchase.length >= 3) add('Purchase Funnel', 'From browsing products to a completed order.', [], purchase);
  return funnels;
}

/** The description of a funnel whose page or screen view step stands for one screen: says which, and how to filter. */
function withViewStep(
  description: string,
  steps: string[],
  screens: Screen[],
  stepOf: (screen: Screen) => string,
  { pageView: { name, noun, property } }: Context,
): string {
  const screen = steps.includes(name) ? screens.find((s) => stepOf(s) === name) : undefined;
  if (!screen) return description;
  const sentence = /[.!?]$/.test(description) ? description : `${description}.`;
  return `${sentence} The ${name} step is the ${screen.title} ${noun} (${property} = '${screen.title}').`;
}

/** The e-commerce spec's purchase funnel, with the steps this plan has. */
function purchaseSteps(events: Set<string>): string[] {
  if (!events.has('Product Added') && !events.has('Order Completed')) return [];
  const steps = ['Product List Viewed', 'Product Viewed', 'Product Added', 'Checkout Started', 'Payment Info Entered', 'Order Completed'];
  return steps.filter((step) => events.has(step));
}

/** A journey named after its screens ('Everyday essentials thoughtfully made to Checkout') uses their titles. */
function journeyName(name: string, context: Context): string {
  const between = /^(.+) to (.+)$/i.exec(name.trim());
  const from = between?.[1] ? context.byKey.get(keyOf(between[1])) : undefined;
  const to = between?.[2] ? context.byKey.get(keyOf(between[2])) : undefined;
  if (from && to) return titleCase(`${from.title} to ${to.title}`);
  const words = wordsOf(name);
  return words.length > 0 && words.length <= MAX_JOURNEY_NAME_WORDS ? titleCase(name) : '';
}

function uniqueName(wanted: string, taken: Set<string>): string {
  let name = wanted;
  for (let n = 2; taken.has(name); n++) name = `${wanted} ${n}`;
  taken.add(name);
  return name;
}
