/**
 * The events an analytics engineer expects by name: Segment's semantic events (the e-commerce v2, B2B SaaS, mobile
 * lifecycle and video specs: 'Product Viewed', 'Checkout Started', 'Order Completed', 'Signed Up', 'Invite Sent',
 * 'Application Opened' ...) with the spec's property names, recognised from a control's label, the screen it is on
 * and where it led; the view events of the kinds of screen the spec has one for; and the app's lifecycle events.
 * Segment writes 'Product Added to Wishlist': plan names capitalise every word, so it is 'Product Added To Wishlist'.
 */
import {
  CONSENT_ANSWER_ORDER,
  consentAnswerOf,
  facetOf,
  itemActionVerb,
  mentionsCookies,
  noticeOf,
  pictureCounterOf,
  type ProductType,
  savedToListOf,
  type TrackingProperty,
} from '@tracklens/contracts';
import { CTA_VERBS, keyOf, singularOf, snakeCase, titleCase, withArticle, wordsOf } from './naming';
import { personalProperty, productsProperty, property, UNKNOWN_ITEM, type PlanExamples } from './plan-properties';
import type { Interaction, Screen, ScreenKind } from './plan-screens';
import { DATE_RANGE, isNameable } from './plan-screens';
import { asEnum } from './plan-enums';
import { personalDataOf } from './privacy';

export interface Recognised {
  /** The same id on several screens is one event. */
  id: string;
  name: string;
  trigger: string;
  description: string;
  properties: TrackingProperty[];
  /** The form's fields (safe derivatives) become properties too. */
  takesForm?: boolean;
  /** Fields the spec's own properties already track (Signed Up's email): left out of the form's properties. */
  coversField?: (label: string) => boolean;
  /** Screens the event moves a user towards, for funnels; 'next' when it is the form that leads on; none by default. */
  leadsTo?: ScreenKind[] | 'next';
}

export interface RecogniseInput {
  interaction: Interaction;
  screen: Screen;
  /** The interaction sends the screen's form (seen, chosen as its submit, or inferred from the video). */
  submitsForm: boolean;
  examples: PlanExamples;
  /** The kind of screen the interaction led to, when the video showed it. */
  destination?: ScreenKind | null;
}

interface Rule {
  /** The label (lower-case words) names this event: a pattern, or any test of it. */
  label?: Pick<RegExp, 'test'>;
  /** Recognised only when the interaction completes something: the screen's form, or a click on a `formOf` screen. */
  completes?: boolean;
  /** Only on these screens. */
  on?: ScreenKind[];
  /** A form sent without a (known) label on this kind of screen is this event. */
  formOf?: ScreenKind;
  /** Without a label: a move to one of these kinds of screen is this event (a product clicked in a list). */
  to?: ScreenKind[];
  /** Only in a product that sells things. */
  commerce?: boolean;
  /** With `to`: only for a move whose control was not read (the video showed where it went, not what was clicked). */
  unread?: boolean;
  kinds?: Interaction['kind'][];
  /** Only where the screen shows what the control answers (a cookie banner's sentence, a permission prompt's question). */
  shows?: (screen: Screen) => boolean;
  /** The event; null where what the screen shows says the rule does not apply after all, and the next rule is tried. */
  make: (input: RecogniseInput) => Recognised | null;
}

/** What a lesson's exercise says: the lesson itself, or what it asks the learner to do. */
const EXERCISE = /\b(lessons?|exercises?|quiz(zes)?|translate)\b|^(write|type|say|match|complete|fill in) (this|these|the|each|all|what)\b|^which (one|word|picture)\b/i;

function showsExercise(screen: Screen): boolean {
  return [screen.name, ...screen.headings, ...screen.texts].some((text) => EXERCISE.test(text));
}

const NOT_TABS: Interaction['kind'][] = ['click', 'submit', 'navigate', 'open_modal', 'input', 'select'];

/** A spec event that takes no form and leads nowhere in particular: a screen's view, an app's lifecycle. */
function specEvent(id: string, name: string, trigger: string, description: string, properties: TrackingProperty[]): Recognised {
  return { id, name, trigger, description, properties };
}

/** The product a commerce event is about, as the e-commerce spec describes it. */
function productProperties(examples: PlanExamples): TrackingProperty[] {
  return [
    property('product_id', 'string', 'Database id of the product', 'prod_1042', true),
    property('sku', 'string', 'Stock keeping unit of the product', 'SKU-1042', false),
    property('category', 'string', 'Category of the product', examples.listName === 'All Products' ? '' : examples.listName, false),
    property('name', 'string', 'Name of the product', examples.productName, true),
    property('brand', 'string', 'Brand of the product', '', false),
    property('variant', 'string', 'Variant of the product (size, colour)', '', false),
    property('price', 'number', 'Unit price of the product', examples.price, false),
    property('currency', 'string', 'ISO 4217 currency of the price', examples.currency, false),
  ];
}

const cartId = () => property('cart_id', 'string', 'Id of the cart', 'cart_5521', false);
const checkoutId = (required = false) => property('checkout_id', 'string', 'Id of the checkout', 'chk_7731', required);
const orderId = (examples: PlanExamples, required = false) => property('order_id', 'string', 'Id of the order', examples.orderId, required);
const paymentMethod = () => property('payment_method', 'string', 'How the order is paid (never the card itself)', 'card', false);
const shippingMethod = () => property('shipping_method', 'string', 'How the order is delivered', 'standard', false);

function checkoutStepProperties(step: number): TrackingProperty[] {
  return [
    checkoutId(true),
    property('step', 'number', 'Number of the checkout step', String(step), true),
    shippingMethod(),
    paymentMethod(),
  ];
}

function checkoutStepCompleted(): Recognised {
  return {
    id: 'checkout_step_completed',
    name: 'Checkout Step Completed',
    trigger: 'User completes a step of the checkout',
    description: 'A checkout step is completed.',
    properties: checkoutStepProperties(1),
    leadsTo: 'next',
  };
}

function couponProperties(examples: PlanExamples): TrackingProperty[] {
  return [
    orderId(examples),
    cartId(),
    property('coupon_id', 'string', 'Id or code of the coupon', 'SPRING10', true),
  ];
}

function promotionProperties(screen: Screen): TrackingProperty[] {
  const banner = screen.headings.find(isNameable) ?? '';
  return [
    property('promotion_id', 'string', 'Id of the promotion', 'promo_hero', true),
    property('creative', 'string', 'Creative of the promotion (banner, tile)', 'hero_banner', false),
    property('name', 'string', 'Name of the promotion', banner, false),
    property('position', 'string', 'Where the promotion is on the page', `${snakeCase(screen.title)}_hero`, false),
  ];
}

/** Sent with the event that ends a checkout or starts one. */
function orderProperties(examples: PlanExamples): TrackingProperty[] {
  return [
    orderId(examples, true),
    property('total', 'number', 'Revenue with discounts and coupons, shipping and taxes', examples.price, true),
    property('revenue', 'number', 'Revenue of the products, without shipping and taxes', examples.price, false),
    property('shipping', 'number', 'Shipping cost', '0.00', false),
    property('tax', 'number', 'Total tax of the order', '0.00', false),
    property('discount', 'number', 'Total discount of the order', '0.00', false),
    property('coupon', 'string', 'Coupon code redeemed with the order', '', false),
    property('currency', 'string', 'ISO 4217 currency of the order', examples.currency, true),
    productsProperty(examples, 'Products in the order, one object each'),
  ];
}

function productClicked(examples: PlanExamples): Recognised {
  return {
    id: 'product_clicked',
    name: 'Product Clicked',
    trigger: 'User clicks a product in a list',
    description: 'A product of a list or search result is clicked.',
    properties: [...productProperties(examples), property('position', 'number', 'Position of the product in the list', '1', false)],
    leadsTo: ['product'],
  };
}

function orderCompleted(examples: PlanExamples, trigger: string): Recognised {
  return {
    id: 'order_completed',
    name: 'Order Completed',
    trigger,
    description: 'The order is placed and paid.',
    properties: orderProperties(examples),
  };
}

function checkoutStarted(examples: PlanExamples, trigger: string): Recognised {
  return {
    id: 'checkout_started',
    name: 'Checkout Started',
    trigger,
    description: 'The user starts the checkout: the order as it stands.',
    properties: [
      orderId(examples),
      property('value', 'number', 'Revenue of the order with discounts and coupons', examples.price, true),
      property('revenue', 'number', 'Revenue of the products, without shipping and taxes', examples.price, false),
      property('currency', 'string', 'ISO 4217 currency of the order', examples.currency, true),
      productsProperty(examples, 'Products in the order, one object each'),
    ],
    leadsTo: ['checkout'],
  };
}

function searched(examples: PlanExamples, label = ''): Recognised {
  const things = examples.commerce ? undefined : searchedThingsOf(label);
  return {
    ...(things
      ? { id: `searched:${snakeCase(things)}`, name: `${titleCase(things)} Searched`, trigger: `User searches the ${things}`, description: `A search of the ${things} is run.` }
      : {
          id: 'search',
          name: examples.commerce ? 'Products Searched' : 'Search Performed',
          trigger: examples.commerce ? 'User searches the products' : 'User runs a search',
          description: 'A search is run.',
        }),
    // What the user typed may name a person or an address (plan-enums flags it as personal data).
    properties: [property('query', 'string', 'What the user searched for', examples.searchQuery, true)],
    leadsTo: ['search_results'],
  };
}

/**
 * What a search box says it searches, as Segment names a search by its object ('Products Searched'): one noun, plural
 * as written or after a count ('Search 240 workouts', 'Search 2,400 banks' → 'banks'); undefined for several things
 * ('Search merchants, notes or amounts') or one that may not take an s ('Search music').
 */
function searchedThingsOf(label: string): string | undefined {
  const words = wordsOf(keyOf(label));
  if (!/^(search|find)$/.test(words[0] ?? '')) return undefined;
  const rest = words.slice(1).filter((word) => !/^(for|all|our|the|by)$/.test(word));
  const counted = rest.length > 0 && /^\d/.test(rest[0] ?? '');
  const [noun, ...more] = rest.filter((word) => !/^\d+$/.test(word));
  if (noun === undefined || more.length > 0 || noun.length < 3 || !/^[a-z]+$/.test(noun)) return undefined;
  const plural = singularOf(noun) !== noun;
  return plural ? noun : counted ? `${noun}s` : undefined;
}

/** Spec properties of a form about a person, for the fields the form shows: `prefix` 'invitee_' for an invitation. */
function personProperties(screen: Screen, prefix: string, always: TrackingProperty[]): TrackingProperty[] {
  const labels = screen.fields.map((field) => keyOf(field.label));
  const has = (pattern: RegExp) => labels.some((label) => pattern.test(label));
  const whose = prefix ? "the invitee's" : "the user's";
  const properties = [...always];
  if (has(/\b(full |your |display )?name$/) && !has(/\b(first|last|user) ?name$/)) {
    properties.push(personalProperty(`${prefix}first_name`, `First name of ${whose} name as typed`));
    properties.push(personalProperty(`${prefix}last_name`, `Last name of ${whose} name as typed`));
  }
  if (has(/\bfirst name$/)) properties.push(personalProperty(`${prefix}first_name`, `First name ${prefix ? 'of the invitee' : 'the user typed'}`));
  if (has(/\blast name$/)) properties.push(personalProperty(`${prefix}last_name`, `Last name ${prefix ? 'of the invitee' : 'the user typed'}`));
  return properties;
}

/** The person's own fields that a Signed Up or Invite Sent tracks as spec properties. */
const PERSON_FIELD = (label: string) => {
  const about = personalDataOf(keyOf(label));
  return about === 'email' || about === 'name' || about === 'phone' || /^(job )?title$/.test(keyOf(label));
};

function signedUp(screen: Screen): Recognised {
  const labels = screen.fields.map((field) => keyOf(field.label));
  const has = (pattern: RegExp) => labels.some((label) => pattern.test(label));
  const type = property('type', 'string', 'The type of signup, e.g. organic or invited', 'organic', true);
  const email = personalProperty('email', 'E-mail address the user signed up with', labels.length === 0 || has(/\be ?mail\b/));
  const properties = personProperties(screen, '', labels.length === 0 || has(/\be ?mail\b/) ? [type, email] : [type]);
  if (has(/^user ?name$/)) properties.push(personalProperty('username', 'Username the user chose'));
  if (has(/^(job )?title$/)) properties.push(property('title', 'string', "The user's job title", 'Head of Growth', false));
  if (has(/\b(phone|telephone|mobile number)\b/)) properties.push(personalProperty('phone', 'Phone number the user gave'));
  return {
    id: 'signed_up',
    name: 'Signed Up',
    trigger: 'User sends the sign-up form',
    description: 'A user signs up.',
    properties,
    takesForm: true,
    coversField: PERSON_FIELD,
    leadsTo: 'next',
  };
}

/** A control that invites someone, as lower-case words. */
const INVITE_ACTION =
  /^(send (an |the )?invit(e|es|ation|ations)|invite( (a |your |new )?(teammates?|members?|users?|people|colleagues?|team ?mates?))?|add (a )?(teammate|member|user))$/;
/** A product's confirmation that an invitation went, as lower-case words. */
const INVITE_CONFIRMED = /^(invite|invitation)s? (was |has been )?sent\b/;

/**
 * Invite Sent for an invitation's dialog opened over a screen with the address to send it to: the dialog is the
 * invitation's form, as an invite screen is (its send button is often under the cursor when the dialog is read).
 * The screen's other fields may be the user's own (a profile's name), so only the address and a role are the
 * invitee's. Null for any other dialog.
 */
export function invitationDialogOf(label: string, screen: Screen): Recognised | null {
  if (!INVITE_ACTION.test(keyOf(label)) || !screen.fields.some((field) => /\be ?mail\b/.test(keyOf(field.label)))) return null;
  return inviteSent(screen, false);
}

/** `ownForm`: the screen's fields are the invitation's (an invite screen), so its name fields are the invitee's. */
function inviteSent(screen: Screen, ownForm = true): Recognised {
  const role = screen.fields.some((f) => /\brole\b/.test(keyOf(f.label)));
  const email = personalProperty('invitee_email', 'E-mail address the invitation is sent to', true);
  return {
    id: 'invite_sent',
    name: 'Invite Sent',
    trigger: 'User sends an invitation to a teammate',
    description: 'A teammate is invited to the account.',
    properties: [
      ...(ownForm ? personProperties(screen, 'invitee_', [email]) : [email]),
      property('invitee_role', 'string', 'Role the invitee is given', 'member', role),
    ],
    leadsTo: 'next',
  };
}

const username = () => personalProperty('username', 'Username of the user, as they sign in');

/** A banner's call to action on a shop's front page: the banner is an internal promotion. */
const PROMOTION_CTA = /^(shop|buy|discover|explore|see|view)( the)? (now|sale|deals?|offers?|collection|new in|all)$/;

function productAddedToWishlist(examples: PlanExamples): Recognised {
  return {
    id: 'product_added_to_wishlist',
    name: 'Product Added To Wishlist',
    trigger: 'User adds a product to the wishlist',
    description: 'A product is saved to the wishlist.',
    properties: [
      ...productProperties(examples),
      property('wishlist_id', 'string', 'Id of the wishlist', 'wl_204', false),
      property('wishlist_name', 'string', 'Name of the wishlist', 'Favourites', false),
    ],
  };
}

/**
 * The item on screen kept in one of the user's lists, as a toast says without naming the control (a heart, a
 * bookmark icon): a shop's wishlist; else the item saved ('Listing Saved'), or, where the product never says
 * what its items are, a favorite added.
 */
function itemSaved(examples: PlanExamples, list: string): Recognised {
  if (examples.commerce) return productAddedToWishlist(examples);
  const item = examples.itemNoun;
  if (item === UNKNOWN_ITEM && /^favou?rites?$/.test(list)) {
    return {
      id: 'favorite_added',
      name: 'Favorite Added',
      trigger: `User adds an item to their ${list}`,
      description: `An item is kept in the user's ${list}.`,
      properties: [itemIdProperty(item, 'added')],
    };
  }
  return {
    id: `saved:${keyOf(item)}`,
    name: `${item} Saved`,
    trigger: `User saves ${withArticle(item.toLowerCase())} to their ${list}`,
    description: `${withArticle(item.toLowerCase(), true)} is kept in one of the user's lists.`,
    properties: [itemIdProperty(item, 'saved')],
  };
}

/** The id of the item an action is about ('song_id'), as the product lists it. */
function itemIdProperty(item: string, done: string): TrackingProperty {
  return property(`${snakeCase(item)}_id`, 'string', `Id of the ${item.toLowerCase()} ${done}`, `${snakeCase(item).slice(0, 3)}_1042`, true);
}

function productAdded(examples: PlanExamples): Recognised {
  return {
    id: 'product_added',
    name: 'Product Added',
    trigger: 'User adds a product to the cart',
    description: 'A product is added to the cart.',
    properties: [...productProperties(examples), property('quantity', 'number', 'Number of units added', '1', true), cartId()],
    leadsTo: ['cart'],
  };
}

/** Whether the screen shows a cookie banner's sentence ('We use cookies'). */
const showsCookieBanner = (screen: Screen): boolean => screen.texts.some(mentionsCookies);
/** A cookie banner's button: it gives one of the banner's answers. */
const CONSENT_BUTTON = { test: (label: string): boolean => consentAnswerOf(label) !== undefined };

/** The user's answer to a cookie banner, and the answers its buttons offer. */
function cookieConsentGiven(screen: Screen): Recognised {
  const offered = new Set(screen.interactions.map((i) => consentAnswerOf(i.label)));
  // Every banner offers to accept, which is what it asks, though its button (often white on a dark fill) went unread.
  const answers = CONSENT_ANSWER_ORDER.filter((answer) => answer === 'accept_all' || offered.has(answer));
  return {
    id: 'cookie_consent_given',
    name: 'Cookie Consent Given',
    trigger: `User answers the cookie banner on the ${screen.title} screen`,
    description: 'The visitor answers the cookie banner: what they allow decides which tools may track them.',
    properties: [property('consent_choice', 'string', 'What the visitor chose', answers[0] ?? '', true, { values: answers })],
  };
}

/** Every line a screen shows, as keys: its headings, its texts and its controls' labels. */
function shownLines(screen: Screen): string[] {
  return [...screen.headings, ...screen.texts, ...screen.interactions.map((interaction) => interaction.label)].map(keyOf);
}

/** What a phone's permission prompt asks for, by the words of its question, and the name its answer is tracked by. */
const PERMISSIONS: Array<[RegExp, string]> = [
  [/\blocation\b/, 'Location'],
  // iOS asks to 'Send You Notifications', a line the question often wraps before.
  [/\b(notifications?|send you alerts)\b|\bsend you$/, 'Notification'],
  [/\bcamera\b/, 'Camera'],
  [/\b(photos?|photo library)\b/, 'Photo Library'],
  [/\bcontacts\b/, 'Contacts'],
  [/\bmicrophone\b/, 'Microphone'],
  [/\bbluetooth\b/, 'Bluetooth'],
  [/\btrack your activity\b/, 'Tracking'],
];
/** A settings screen's own save ('Save', 'Save changes', 'Update', 'Apply'). */
const SAVES_SETTINGS = /^(save|update|apply)\b/;
const GRANTS = /^allow( once| while using( the)? app| all| access| full access)?$/;
const LOCATION_ANSWERS = ['allow once', 'allow while using app'];
const DENIES = /^(don ?t|do not) allow$/;
/** The prompt's question ('“Gigly” would like to use your location', 'Allow Lingo Leap to access your location?'). */
const PERMISSION_PROMPT = /\b(would like to|wants to|uses your|to use your|to access your|access to your|allow( \S+){1,3} to)\b/;
/** The rest of a question wrapped over lines is short ('notifications?', 'Send You Notifications'). */
const WRAPPED_REST_WORDS = 3;

/**
 * The permission the screen's prompt asks for, by the words of its question, or of the line its question wraps
 * onto (read as a line of its own, even as a button); undefined without a prompt.
 */
function permissionAsked(screen: Screen): string | undefined {
  const lines = shownLines(screen);
  const prompts = lines.filter((line) => PERMISSION_PROMPT.test(line));
  const named = (candidates: string[]) => PERMISSIONS.find(([words]) => candidates.some((line) => words.test(line)))?.[1];
  const wrappedRest = () => named(lines.filter((line) => wordsOf(line).length <= WRAPPED_REST_WORDS));
  if (prompts.length > 0) return named(prompts) ?? wrappedRest();
  // The question, small and over a dimmed screen, may go unread. The phone's location prompt alone offers both 'Allow
  // Once' and 'Allow While Using App'; any prompt's 'Don't Allow' beside 'Allow' says one is there, and the line its
  // question wraps onto ('Send You Notifications') what it asks.
  if (LOCATION_ANSWERS.every((answer) => lines.includes(answer))) return 'Location';
  return lines.some((line) => DENIES.test(line)) && lines.some((line) => GRANTS.test(line)) ? wrappedRest() : undefined;
}

/**
 * A piece of the phone's permission prompt read as the app's own: the line its question wraps onto read as a control
 * or as the title of a dialog the app opened ('Send You Notifications'), or its first words taken for such a title
 * ('“Gigly” Would Like'). The prompt is the system's; its answer is what is tracked.
 */
export function readsPromptQuestion(screen: Screen, interaction: Interaction): boolean {
  const permission = permissionAsked(screen);
  const label = keyOf(interaction.label);
  if (permission === undefined || label === '') return false;
  // iOS's location prompt carries its own switch ('Precise: On').
  if (permission === 'Location' && /^precise( on| off)?$/.test(label)) return true;
  const namesPermission = wordsOf(label).length <= WRAPPED_REST_WORDS && PERMISSIONS.some(([words, name]) => name === permission && words.test(label));
  if (interaction.kind === 'open_modal') {
    return namesPermission || [...screen.headings, ...screen.texts].map(keyOf).some((line) => PERMISSION_PROMPT.test(line) && `${line} `.startsWith(`${label} `));
  }
  return namesPermission && !interaction.seen && !GRANTS.test(label);
}

/** Whose data a consent screen names ('your Monzo data', 'your Google account'), a line of its own or the question's end. */
const DATA_OF = /\byour ((?:\w+ ){0,2}?\w+) (data|account|information|info)\b/;

/**
 * A request of another service's data that is no phone permission ('Pennywise would like to access your Monzo data',
 * an open-banking or OAuth consent): whose data, '' where the screen does not say; undefined without one.
 */
function dataAccessAsked(screen: Screen): string | undefined {
  if (permissionAsked(screen) !== undefined) return undefined;
  const lines = [...screen.headings, ...screen.texts].map(keyOf);
  if (!lines.some((line) => PERMISSION_PROMPT.test(line))) return undefined;
  const owner = lines.map((line) => DATA_OF.exec(line)?.[1]).find((found) => found !== undefined);
  return owner === undefined ? '' : titleCase(owner);
}

/** Access to another service's data granted on its consent screen. */
function dataAccessGranted(provider: string): Recognised {
  return {
    id: 'data_access_granted',
    name: 'Data Access Granted',
    trigger: `User allows access to their ${provider ? `${provider} ` : ''}data on the consent screen`,
    description: "Another service's data is shared with the product.",
    properties: [property('provider', 'string', 'Service whose data is shared', provider, true)],
  };
}

/** The permission granted in a phone's prompt ('Allow While Using App' under a question about the location). */
function permissionGranted(permission: string, label: string): Recognised {
  return {
    id: `permission_granted:${snakeCase(permission)}`,
    name: `${permission} Permission Granted`,
    trigger: `User allows the app's request for the ${permission.toLowerCase()} permission`,
    description: `The ${permission.toLowerCase()} permission is granted in the phone's prompt.`,
    properties: [property('grant', 'string', 'How long the permission is granted for', snakeCase(label), false)],
  };
}

/** What a box that sends a newsletter says it is ('The Morning Briefing', 'Get our weekly digest in your inbox'). */
const NEWSLETTER = /\b(newsletters?|briefing|digest|bulletin|mailing list|in your inbox|weekly (e ?mail|email|roundup)|daily (e ?mail|email|roundup))\b/;
const NEWSLETTER_ANSWER = /^(sign ?up|subscribe|join|submit|send|get (it|them|the \w+)|notify me|keep me (posted|updated))( now| free| for free)?$/;
const EMAIL_FIELD = /\be ?-?mail\b|\bemail address\b|^your address$/;

/**
 * The newsletter a form that only takes an e-mail address is under ('The Morning Briefing'): signing up there
 * subscribes to it, no account is made. Undefined for any other form.
 */
function newsletterOf(screen: Screen): string | undefined {
  const fields = screen.fields.map((field) => keyOf(field.label));
  const emailOnly = fields.length >= 1 && fields.every((field) => EMAIL_FIELD.test(field));
  return emailOnly ? [...screen.headings, ...screen.texts].find((text) => NEWSLETTER.test(keyOf(text))) : undefined;
}

function newsletterSubscribed(screen: Screen): Recognised {
  const named = newsletterOf(screen) ?? '';
  return {
    id: 'newsletter_subscribed',
    name: 'Newsletter Subscribed',
    trigger: `User subscribes to the newsletter on the ${screen.title} screen`,
    description: 'An e-mail address is subscribed to a newsletter.',
    properties: [
      property('newsletter_name', 'string', 'Newsletter subscribed to', wordsOf(named).length <= 4 ? named : '', false),
      property('source', 'string', 'Screen the form is on', screen.title, false),
    ],
  };
}

/** 'Add to playlist', 'Add it to my collection': any list but the cart, whose own events track what goes in. */
const ADD_TO_LIST = /^add (it |this )?to (a |the |my |your )?(?!cart\b|bag\b|basket\b)(\w+( \w+)?)$/;
/** 'Add to calendar', 'Add to Apple Wallet': the phone's or the account's own calendar or wallet. */
const KEPT_ON_DEVICE = /^add (it |this )?to (a |the |my |your )?(apple |google |outlook )?(calendar|wallet)$/;

/** The verbs of a button that confirms the option chosen above it, and what each says was done. */
const CONFIRMS_CHOICE: Readonly<Record<string, string>> = {
  confirm: 'Confirmed', request: 'Requested', book: 'Booked', order: 'Ordered', reserve: 'Reserved',
};

const RULES: Rule[] = [
  // A cookie banner's button answers the banner, a prompt's 'Allow' grants a permission, an e-mail sent under a
  // newsletter's name subscribes to it: whatever else their labels say ('Sign up', 'Manage preferences').
  {
    label: CONSENT_BUTTON,
    shows: showsCookieBanner,
    kinds: ['click', 'navigate'],
    make: ({ screen }) => cookieConsentGiven(screen),
  },
  // The bare 'Create' of a 'New Budget' screen makes the budget.
  {
    label: /^(create|save|add|done|submit)$/,
    shows: (screen) => creationOf(screen) !== undefined,
    kinds: ['click', 'submit'],
    make: ({ screen }) => created(creationOf(screen) ?? ''),
  },
  {
    label: GRANTS,
    shows: (screen) => permissionAsked(screen) !== undefined,
    kinds: ['click', 'submit'],
    make: ({ screen, interaction }) => permissionGranted(permissionAsked(screen) ?? '', interaction.label),
  },
  {
    label: GRANTS,
    shows: (screen) => dataAccessAsked(screen) !== undefined,
    kinds: ['click', 'submit'],
    make: ({ screen }) => dataAccessGranted(dataAccessAsked(screen) ?? ''),
  },
  {
    label: NEWSLETTER_ANSWER,
    shows: (screen) => newsletterOf(screen) !== undefined,
    kinds: ['click', 'submit'],
    make: ({ screen }) => newsletterSubscribed(screen),
  },
  {
    label: /\badd\b.*\b(cart|bag|basket)\b|^add (it |this )?to (the |my |your )?order$/,
    kinds: NOT_TABS,
    make: ({ examples }) => productAdded(examples),
  },
  {
    // A product's screen left for the cart by a control the recording did not read (under the cursor): the
    // product went into the cart, as a shop's product page sends its shopper there.
    to: ['cart'],
    on: ['product'],
    unread: true,
    kinds: ['click', 'navigate', 'submit'],
    make: ({ examples }) => productAdded(examples),
  },
  {
    label: /\b(wish ?list|favou?rites?|save for later)\b/,
    kinds: NOT_TABS,
    make: ({ examples }) => productAddedToWishlist(examples),
  },
  {
    // Any other list a user keeps (a playlist, a collection, a board), or the calendar or wallet what was booked goes to.
    label: ADD_TO_LIST,
    kinds: NOT_TABS,
    make: ({ interaction, examples }) => addedTo(interaction.label, examples),
  },
  {
    label: /^(remove|delete)\b(.*\b(cart|bag|basket|item|product)\b)?/,
    on: ['cart', 'checkout'],
    kinds: NOT_TABS,
    make: ({ examples }) => ({
      id: 'product_removed',
      name: 'Product Removed',
      trigger: 'User removes a product from the cart',
      description: 'A product is removed from the cart.',
      properties: [...productProperties(examples), property('quantity', 'number', 'Number of units removed', '1', false), cartId()],
    }),
  },
  {
    to: ['product'],
    on: ['product_list', 'search_results', 'home'],
    kinds: ['click', 'navigate'],
    make: ({ examples }) => productClicked(examples),
  },
  {
    // A product list's own button on one of its items ('Select' on a flight, 'See availability' on a hotel) picks
    // that item, wherever it shows it (a page of its own, or its options in place). Search results list products
    // only where the product sells them.
    label: /^(select|choose|view|see)( (this|it|deal|details|offer|options|availability|avail|prices|rooms|fares))?$/,
    on: ['product_list', 'search_results'],
    kinds: ['click', 'submit'],
    make: ({ screen, examples }) => (screen.kind === 'product_list' || examples.commerce ? productClicked(examples) : null),
  },
  {
    to: ['article', 'story', 'profile'],
    on: ['search_results'],
    kinds: ['click', 'navigate'],
    make: ({ examples }) => ({
      id: 'search_result_clicked',
      name: 'Search Result Clicked',
      trigger: 'User opens one of the search results',
      description: 'A result of a search is opened.',
      properties: [
        property('query', 'string', 'Query the results are for', examples.searchQuery, false),
        property('position', 'number', 'Position of the result in the list', '1', false),
      ],
    }),
  },
  {
    label: PROMOTION_CTA,
    on: ['home', 'welcome'],
    commerce: true,
    kinds: ['click', 'navigate'],
    make: ({ screen, interaction }) => ({
      id: 'promotion_clicked',
      name: 'Promotion Clicked',
      trigger: interaction.label
        ? `User clicks '${interaction.label}' on the promotion of the ${screen.title} page`
        : `User clicks the promotion on the ${screen.title} page`,
      description: 'An internal promotion (a banner) is clicked.',
      properties: promotionProperties(screen),
    }),
  },
  {
    label: /^share\b/,
    on: ['product'],
    kinds: NOT_TABS,
    make: ({ examples }) => ({
      id: 'product_shared',
      name: 'Product Shared',
      trigger: 'User shares a product',
      description: 'A product is shared with someone.',
      properties: [
        ...productProperties(examples).slice(0, 4),
        property('share_via', 'string', 'How the product is shared', 'email', false),
        personalProperty('share_message', 'Message the user typed with the share'),
        personalProperty('recipient', 'Who the product is shared with'),
      ],
    }),
  },
  {
    label: /^(write|submit|post|leave|add) (a |your )?review$/,
    kinds: NOT_TABS,
    make: () => ({
      id: 'product_reviewed',
      name: 'Product Reviewed',
      trigger: 'User submits a review of a product',
      description: 'A product is reviewed.',
      properties: [
        property('product_id', 'string', 'Database id of the product', 'prod_1042', true),
        property('review_id', 'string', 'Id of the review', 'rev_3301', false),
        personalProperty('review_body', 'Text of the review as the user typed it'),
        property('rating', 'number', 'Rating given', '5', false),
      ],
    }),
  },
  {
    // A lesson's exercise is answered with a 'Check', which marks it right or wrong; elsewhere a bare
    // 'Check' is what was left of a longer label ('Check in').
    label: /^check( (my |your )?answer)?$/,
    kinds: NOT_TABS,
    shows: showsExercise,
    make: () => specEvent('answer_checked', 'Answer Checked', "User checks their answer to one of the lesson's exercises", 'An answer is checked, right or wrong.', [
      property('exercise_type', 'string', 'Kind of exercise', 'multiple_choice', false),
      property('is_correct', 'boolean', 'The answer was right', 'true', true),
    ]),
  },
  {
    label: /^((proceed|continue|go) to checkout|(secure )?checkout( now)?|check out|buy now)$/,
    kinds: NOT_TABS,
    make: ({ examples }) => checkoutStarted(examples, 'User starts the checkout from the cart'),
  },
  {
    label: /^(continue|proceed|next|go)( to)? (shipping|delivery|payment|billing|review)\b/,
    on: ['checkout'],
    kinds: NOT_TABS,
    make: () => checkoutStepCompleted(),
  },
  {
    label: /^(place (my |your |the )?order|complete (my |your |the )?(order|purchase)|confirm (and pay|order|purchase|payment)|submit order|pay( now| securely)?|pay \d.*|purchase)$/,
    formOf: 'checkout',
    kinds: NOT_TABS,
    make: ({ examples }) => ({
      ...orderCompleted(examples, 'User places the order at the end of the checkout'),
      takesForm: true,
      leadsTo: ['order_confirmation'],
    }),
  },
  {
    // In a cart or a checkout, or beside a promo code's field wherever the payment is taken ('Booking Payment').
    label: /^(apply|redeem)\b.*\b(coupon|promo|discount|voucher|code)\b|^apply$/,
    shows: (screen) => screen.kind === 'cart' || screen.kind === 'checkout' || screen.fields.some((field) => COUPON_FIELD.test(keyOf(field.label))),
    kinds: NOT_TABS,
    make: ({ examples }) => ({
      id: 'coupon_applied',
      name: 'Coupon Applied',
      trigger: 'User applies a coupon code to the cart or order',
      description: 'A coupon is applied.',
      properties: couponProperties(examples),
    }),
  },
  {
    label: /^(search|find)\b/,
    kinds: ['click', 'submit', 'navigate', 'input'],
    make: ({ examples, interaction }) => searched(examples, interaction.label),
  },
  {
    label: DATE_RANGE,
    kinds: ['select', 'click', 'tab'],
    make: ({ interaction, screen }) => dateRangeChanged(screen, snakeCase(interaction.label)),
  },
  {
    label: /^sort\b/,
    make: ({ interaction, screen, examples }) =>
      examples.commerce
        ? listFiltered(examples, [], [{ type: valueAfter(interaction.label, /^sort( by)?/i, 'price'), value: 'desc' }], interaction.label)
        : screenSorted(screen, interaction.label),
  },
  {
    label: /^filter\b/,
    make: ({ interaction, screen, examples }) =>
      screenFiltered(screen, examples, { type: valueAfter(interaction.label, /^filter( by)?/i, 'category'), value: '' }, interaction.label),
  },
  {
    label: /^(sign ?up|register|create (an |your |my |a free )?account|join( now| free| for free)?|get started|start (my |your )?(free )?trial)( free| now| for free)?$/,
    completes: true,
    formOf: 'sign_up',
    make: ({ screen }) => signedUp(screen),
  },
  {
    label: /^start (my |your |a )?(\d+ days? )?(free )?trial( now)?$/,
    on: ['pricing', 'settings', 'dashboard'],
    kinds: NOT_TABS,
    make: () => ({
      id: 'trial_started',
      name: 'Trial Started',
      trigger: 'User starts a trial',
      description: 'A trial of a paid plan starts.',
      properties: [
        property('trial_start_date', 'string', 'When the trial starts (ISO 8601)', '2026-03-04T10:00:00Z', true),
        property('trial_end_date', 'string', 'When the trial ends (ISO 8601)', '2026-03-18T10:00:00Z', true),
        property('trial_plan_name', 'string', 'Plan the trial is of', 'Pro', false),
      ],
    }),
  },
  {
    label: /^(choose|select|pick|get|buy|start( with)?|go|try|upgrade to|subscribe( to)?)\b/,
    on: ['pricing'],
    kinds: ['click', 'navigate', 'submit'],
    make: ({ interaction }) => ({
      id: 'plan_selected',
      name: 'Plan Selected',
      trigger: 'User picks a plan on the pricing page',
      description: 'A plan is chosen; the sign-up or checkout that follows is for it.',
      properties: [
        property('plan', 'string', 'Plan chosen', planOf(interaction.label), true),
        property('billing_period', 'string', 'Billing period shown when the plan was chosen', 'monthly', false),
      ],
      leadsTo: ['sign_up', 'checkout'],
    }),
  },
  {
    // Shown side by side and seen whole: whichever the user picks, the prices change with it.
    // 'Save 17%' is the badge of the yearly option, often all that is read of it.
    label: /^(pay |billed |bill )?(monthly|yearly|annual|annually|quarterly)\b|^save \d+( percent)?$/,
    on: ['pricing', 'checkout'],
    make: ({ interaction }) => ({
      id: 'billing_period_changed',
      name: 'Billing Period Changed',
      trigger: 'User switches the billing period the prices are shown for',
      description: 'Prices are shown for another billing period.',
      properties: [property('billing_period', 'string', 'Billing period chosen', billingPeriodOf(interaction.label), true)],
    }),
  },
  {
    label: /^create (a |an |your |new )?(workspace|organi[sz]ation|team|company)$/,
    kinds: ['click', 'submit'],
    make: () => ({
      id: 'account_created',
      name: 'Account Created',
      trigger: 'User creates an account for their team or company',
      description: 'A new account (workspace, organisation) is created.',
      properties: [property('account_name', 'string', 'Name of the account', 'Acme Inc', true)],
      takesForm: true,
      leadsTo: 'next',
    }),
  },
  {
    label: /^(delete|close) (my |your |the |this )?(account|workspace|organi[sz]ation)$/,
    kinds: NOT_TABS,
    make: () => ({
      id: 'account_deleted',
      name: 'Account Deleted',
      trigger: 'User deletes the account',
      description: 'An account is deleted.',
      properties: [property('account_name', 'string', 'Name of the account', 'Acme Inc', true)],
    }),
  },
  {
    // 'Sign in to continue', 'Log in to your account': the verb opens the button, the rest says why.
    label: /^(log ?in|login|sign ?in)( with \w+( \w+)?| to( \w+){1,3})?$|^continue with e ?mail$/,
    completes: true,
    formOf: 'login',
    make: () => ({
      id: 'signed_in',
      name: 'Signed In',
      trigger: 'User sends the sign-in form',
      description: 'The user signs in.',
      properties: [username()],
      leadsTo: 'next',
    }),
  },
  {
    label: /^(log ?out|logout|sign ?out)$/,
    make: () => ({
      id: 'signed_out',
      name: 'Signed Out',
      trigger: 'User signs out',
      description: 'The user signs out.',
      properties: [username()],
    }),
  },
  {
    label: INVITE_ACTION,
    completes: true,
    formOf: 'invite',
    make: ({ screen }) => inviteSent(screen),
  },
  {
    // The confirmation shown once the invitation went ('Invite sent to maria@…'), read where its button was not.
    label: INVITE_CONFIRMED,
    kinds: NOT_TABS,
    make: ({ screen }) => inviteSent(screen, false),
  },
  {
    label: /^(play|watch)( (the |a )?(video|trailer|demo|film|episode|now))?$/,
    kinds: NOT_TABS,
    make: () => ({
      id: 'video_playback_started',
      name: 'Video Playback Started',
      trigger: 'User starts playing a video',
      description: 'A video starts playing.',
      properties: [
        property('session_id', 'string', 'Id of the playback session', 'vps_7801', true),
        property('content_asset_ids', 'array', 'Ids of the videos in the session', 'vid_1042', false, { items: 'string' }),
        property('position', 'number', 'Playhead position in seconds', '0', false),
        property('total_length', 'number', 'Length of the video in seconds', '120', false),
        property('video_player', 'string', 'Name of the video player', 'html5', false),
        property('livestream', 'boolean', 'Whether the video is a livestream', 'false', false),
      ],
    }),
  },
  {
    label: SAVES_SETTINGS,
    on: ['settings'],
    kinds: ['click', 'submit'],
    make: ({ screen }) => settingsUpdated(screen),
  },
  {
    label: /^(save|update) (settings|preferences)$/,
    kinds: ['click', 'submit'],
    make: ({ screen }) => settingsUpdated(screen),
  },
  {
    label: /^follow$/,
    make: () => ({
      id: 'user_followed',
      name: 'User Followed',
      trigger: 'User follows another user',
      description: 'The user follows someone.',
      properties: [property('followed_user_id', 'string', 'Identifier of the user followed', 'usr_2048', true)],
    }),
  },
  {
    label: /^like$/,
    make: () => ({
      id: 'post_liked',
      name: 'Post Liked',
      trigger: 'User likes a post',
      description: 'A post is liked.',
      properties: [property('post_id', 'string', 'Identifier of the post', 'post_3301', true)],
    }),
  },
  {
    // A verb and the option it confirms ('Confirm Economy'), on a screen for choosing.
    label: new RegExp(`^(${Object.keys(CONFIRMS_CHOICE).join('|')}) \\w+$`),
    kinds: ['click', 'submit'],
    make: ({ screen, interaction }) => choiceConfirmed(screen, interaction),
  },
  {
    // A verb that reaches a person and their name ('Contact Marco').
    label: /^(contact|message|call|text|chat with) \w+$/,
    make: ({ screen, interaction }) => personContacted(screen, interaction),
  },
];

/**
 * A row of category chips over a list ('All', 'Strength', 'Cardio'), seen whole so its labels are the allowed
 * values: in a shop the spec's list filter; on a screen named by the plural of what it lists ('Workouts',
 * 'Transactions') that list filtered, as any other filter of it; elsewhere the category chosen. The example is a
 * chip that narrows ('Strength'), not the 'All' that undoes it.
 */
export function chipChosen(screen: Screen, chips: string[], examples: PlanExamples): Recognised {
  const chosen = chips.find((chip) => keyOf(chip) !== 'all') ?? chips[0] ?? '';
  const values = chips.map(snakeCase);
  if (examples.commerce) return listFiltered(examples, [{ type: 'category', value: snakeCase(chosen) }], [], chosen);
  if (listsByPlural(screen)) {
    const filtered = screenFiltered(screen, examples, { type: 'category', value: snakeCase(chosen) }, chosen);
    return { ...filtered, properties: filtered.properties.map((p) => (p.name === 'filter_value' ? asEnum(p, values) : p)) };
  }
  return {
    id: 'category_selected',
    name: 'Category Selected',
    trigger: `User narrows the list to a category ('${chosen}')`,
    description: 'The list shows one category.',
    properties: [asEnum(property('category', 'string', 'Category chosen', snakeCase(chosen), true), values)],
  };
}

/** The screen is named by the plural of what it lists, one word ('Workouts', 'Transactions'). */
function listsByPlural(screen: Screen): boolean {
  const [word, ...more] = wordsOf(listObjectOf(screen)).map((w) => w.toLowerCase());
  return word !== undefined && more.length === 0 && word.length > 3 && singularOf(word) !== word;
}

/** A screen that confirms something is done ('Workout Complete', 'Transfer Confirmation'): reaching it is that thing completed. */
const DONE_SCREEN = /^(\w+( \w+)?) (complete|completed|finished|done|confirmation|confirmed)$/;
/** Things whose start or end is another event's: an order's confirmation follows Order Completed. */
const TRACKED_ELSEWHERE = /^(order|purchase|checkout|payment|booking|sign ?up|registration|setup|profile)$/;
/** A screen of something under way ('Active Workout'): reaching it is that thing started. */
const UNDER_WAY_SCREEN = /^(?:active|ongoing|live|current) (\w+( \w+)?)$/;

/** A form for applying, enrolling or reserving ('Job Application'): reaching it starts that. */
const PROCESS_FORM = /^(?:\w+ )?(application|enrollment|enrolment|reservation)$/;

const REACHED = [
  { pattern: UNDER_WAY_SCREEN, does: 'starts', past: 'started', form: false },
  { pattern: PROCESS_FORM, does: 'starts', past: 'started', form: true },
  { pattern: DONE_SCREEN, does: 'completes', past: 'completed', form: false },
] as const;

/**
 * The thing whose start or completion reaching this screen is ('Active Workout' → workout), with how; a screen
 * that says what was just done to a thing ('Tour Requested') is that, as a notice saying it would be.
 */
function reachedOf(screen: Screen): { thing: string; does: string; past: string } | null {
  if (screen.kind !== 'other') return null;
  const named = keyOf(screen.name);
  for (const { pattern, does, past, form } of REACHED) {
    const thing = form && screen.fields.length === 0 ? undefined : pattern.exec(named)?.[1];
    if (thing && !TRACKED_ELSEWHERE.test(thing)) return { thing, does, past };
  }
  const said = noticeOf(named);
  return said && !TRACKED_ELSEWHERE.test(said.thing) ? { thing: said.thing, does: said.done, past: said.done } : null;
}

/**
 * A control that starts or finishes the thing a screen it leads to shows under way or done ('Start workout' before
 * Active Workout, 'Finish workout' before Workout Complete, 'Apply now' before Job Application): that screen's event
 * is the action, not a second one.
 */
export function startsOrEndsWhatFollows(label: string, destinations: Screen[]): boolean {
  const key = keyOf(label);
  return destinations.some((screen) => {
    const thing = reachedOf(screen)?.thing;
    if (thing === undefined) return false;
    // The verb on the button that opens such a form ('Apply now' before Job Application).
    const verb = PROCESS_FORM.test(thing) ? itemActionVerb(thing) : undefined;
    return new RegExp(`^\\W*(start|begin|resume|finish|end|complete|stop) (a |the |my |your )?${thing}$`).test(key) ||
      (verb !== undefined && new RegExp(`^\\W*${verb}( now| today| for this \\w+)?$`).test(key));
  });
}

/** Reaching the screen of a thing under way or done ('Active Workout', 'Workout Complete'): the thing started or completed. */
function reached({ thing, does, past }: { thing: string; does: string; past: string }, screen: Screen): Recognised {
  return {
    id: `${past}:${thing}`,
    name: `${titleCase(thing)} ${titleCase(past)}`,
    trigger: `User ${does} ${withArticle(thing)} and reaches the ${screen.title} screen`,
    description: `${withArticle(thing, true)} is ${past}.`,
    properties: [property(`${snakeCase(thing)}_id`, 'string', `Id of the ${thing}`, `${snakeCase(thing).slice(0, 3)}_3301`, true)],
  };
}

/** 'Add to playlist' → 'Playlist'. */
function listOfLabel(label: string): string {
  const words = wordsOf(keyOf(label).replace(DIALOG_WORD, ''));
  const to = words.findIndex((word) => word.toLowerCase() === 'to');
  return titleCase(words.slice(to + 1).filter((word) => !/^(a|the|my|your)$/i.test(word)).join(' ')) || 'List';
}

/**
 * A calendar or a wallet keeps what was booked as an event or a pass, not what the product lists: Calendar Event
 * Added, Wallet Pass Added, with the provider chosen.
 */
function keptOnDevice(label: string): Recognised {
  const key = keyOf(label);
  const wallet = /\bwallet$/.test(key);
  const provider = /\b(apple|google|outlook)\b/.exec(key)?.[1] ?? (wallet ? 'apple' : 'google');
  const where = wallet ? 'wallet' : 'calendar';
  return {
    id: wallet ? 'wallet_pass_added' : 'calendar_event_added',
    name: wallet ? 'Wallet Pass Added' : 'Calendar Event Added',
    trigger: `User adds what they booked to their ${where} ('${label}')`,
    description: wallet ? 'A pass for what was booked is added to a wallet.' : 'What was booked is added to a calendar as an event.',
    properties: [property(`${where}_provider`, 'string', `The ${where} it is added to`, provider, false)],
  };
}

/** What a label that adds to something ('Add to playlist', 'Add to calendar', a dialog so named) adds it to. */
function addedTo(label: string, examples: PlanExamples): Recognised {
  return KEPT_ON_DEVICE.test(keyOf(label).replace(DIALOG_WORD, '')) ? keptOnDevice(label) : addedToList(listOfLabel(label), examples);
}

function addedToList(list: string, examples: PlanExamples): Recognised {
  const item = examples.itemNoun;
  return {
    id: `added_to:${keyOf(list)}`,
    name: `${item} Added To ${list}`,
    trigger: `User adds a ${item.toLowerCase()} to a ${list.toLowerCase()}`,
    description: `A ${item.toLowerCase()} is added to one of the user's ${list.toLowerCase()}s.`,
    properties: [
      itemIdProperty(item, 'added'),
      property(`${snakeCase(list)}_id`, 'string', `Id of the ${list.toLowerCase()}`, `${snakeCase(list).slice(0, 3)}_204`, false),
    ],
  };
}

const CHOOSE = /^(select|choose|pick) (a |an |the |your )?(\w+( \w+)?)$/;
/** A screen named for what is picked on it ('Language Selection', 'Seat Selection'). */
const SELECTION = /^(\w+( \w+)?) selection$/;
const DIALOG_WORD = / (modal|dialog|sheet|popup|popover|drawer|screen|page|step)$/;

/**
 * A screen or dialog that does one thing and is named after it ('Add to Playlist Modal', 'Select Dates'): moving on
 * from it is doing it, whatever its button says ('Continue', 'Done').
 */
export function screenActionOf(screen: Screen, examples: PlanExamples): Recognised | null {
  if (screen.exits.length === 0) return null;
  return namedActionOf(screen.name, screen.title, examples) ?? instructedChoiceOf(screen) ?? onboardingAnswerOf(screen);
}

/** An onboarding's step, numbered ('Onboarding Step 2') or a question named by its topic ('Onboarding Experience'). */
const ONBOARDING_STEP = /^onboarding (?:step \d+|(\w+))$/;

/** Moving on from an onboarding's question is answering it: its topic chosen ('Experience Selected'). */
function onboardingAnswerOf(screen: Screen): Recognised | null {
  const topic = ONBOARDING_STEP.exec(screen.key)?.[1];
  return topic ? chosenEvent(singularOf(topic), screen.title) : null;
}

/** A line that tells the user how many to pick ('Pick at least one goal', 'Choose up to 3 topics'). */
const CHOICE_INSTRUCTION = /^(?:select|choose|pick) (?:at least |up to |any )?(?:one|two|three|four|five|\d+)(?: or more)? (\w+)$/;

/**
 * A question screen of an onboarding ('What would you like to work on?') that tells the user how many to pick:
 * moving on from it is choosing them ('Goal Selected'), whatever its question or button says.
 */
function instructedChoiceOf(screen: Screen): Recognised | null {
  const picked = [...screen.headings, ...screen.texts].map((line) => CHOICE_INSTRUCTION.exec(keyOf(line))?.[1]).find((word) => word !== undefined);
  return picked ? chosenEvent(singularOf(picked), screen.title) : null;
}

/**
 * What a screen or dialog named after one thing it does is for ('Add to Playlist', 'Select Dates' → Dates
 * Selected), or null when its name says no such thing. `where` is the screen it happens on.
 */
export function namedActionOf(name: string, where: string, examples: PlanExamples): Recognised | null {
  const key = keyOf(name).replace(DIALOG_WORD, '');
  if (ADD_TO_LIST.test(key)) return addedTo(name, examples);
  const chosen = CHOOSE.exec(key)?.[3] ?? SELECTION.exec(key)?.[1];
  return chosen ? chosenEvent(chosen, where) : null;
}

/** A screen for choosing one of a kind of thing ('Ride Selection', 'Ride Options'): the thing. */
const CHOICE_SCREEN = /^(\w+) (selection|options|choice)$/;

/**
 * A button whose words follow the option chosen on a screen for choosing ('Confirm Comfort', then 'Confirm Economy'
 * on Ride Selection) confirms the choice: one event named by the thing chosen (Ride Confirmed), never by the option,
 * which is its property, with the options its label showed as the allowed values.
 */
function choiceConfirmed(screen: Screen, interaction: Interaction): Recognised | null {
  const thing = CHOICE_SCREEN.exec(keyOf(screen.title))?.[1];
  const [verb = '', option = ''] = keyOf(interaction.label).split(' ');
  const done = CONFIRMS_CHOICE[verb];
  if (!thing || !done) return null;
  const options = screen.interactions
    .map((other) => keyOf(other.label).split(' '))
    .flatMap(([otherVerb, otherOption, ...rest]) => (otherVerb === verb && otherOption !== undefined && rest.length === 0 ? [otherOption] : []));
  const values = [...new Set(options)].map(snakeCase);
  if (values.length < 2) return null;
  return {
    id: `confirmed:${thing}`,
    name: `${titleCase(thing)} ${done}`,
    trigger: `User confirms the ${thing} chosen on the ${screen.title} screen ('${interaction.label}')`,
    description: `The ${thing} chosen is ${done.toLowerCase()}.`,
    properties: [asEnum(property(`${snakeCase(thing)}_type`, 'string', `Type of ${thing} chosen`, snakeCase(option), true), values)],
  };
}

/** The part a person plays in a marketplace, as the screen names it ('Your driver is on the way'). */
const ROLE = /\b(driver|courier|rider|host|guest|seller|buyer|agent|landlord|tenant|tutor|teacher|instructor|coach|trainer|doctor|dentist|therapist|stylist|cleaner|walker|sitter|owner)\b/;

/**
 * A button that reaches a person by their name ('Contact Marco' under 'Your driver is on the way') is named by the
 * part they play (Driver Contacted): a person's name is theirs, never in an event's name. The name is one that the
 * screen's own lines write capitalised after their first word ('Message sent to Marco').
 */
function personContacted(screen: Screen, interaction: Interaction): Recognised | null {
  const person = wordsOf(interaction.label).at(-1) ?? '';
  if (!/^\p{Lu}\p{Ll}+$/u.test(person)) return null;
  const named = screen.texts.some((text) => keyOf(text) !== keyOf(interaction.label) && wordsOf(text).slice(1).includes(person));
  const role = [screen.name, ...screen.headings, ...screen.texts].map((line) => ROLE.exec(keyOf(line))?.[1]).find((word) => word !== undefined);
  if (!named || !role) return null;
  return {
    id: `contacted:${role}`,
    name: `${titleCase(role)} Contacted`,
    trigger: `User contacts the ${role} from the ${screen.title} screen`,
    description: `The user reaches the ${role}.`,
    properties: [],
  };
}

/** Something chosen on a screen made for choosing it, and moved on from ('Dates Selected'). */
function chosenEvent(chosen: string, where: string): Recognised {
  return {
    id: `selected:${chosen}`,
    name: `${titleCase(chosen)} Selected`,
    trigger: `User chooses ${chosen} on the ${where} screen and moves on`,
    description: `The user chooses ${chosen} and moves on.`,
    properties: [property(snakeCase(chosen), 'string', `What was chosen in ${where}`, '', true)],
    leadsTo: 'next',
  };
}

/** 'Choose Growth' → 'growth', 'Get Premium Duo' → 'premium_duo'; a label naming no plan gives 'pro'. */
function planOf(label: string): string {
  const rest = wordsOf(label)
    .slice(1)
    .filter((word) => !/^(with|to|the|a|an|plan|now|started|free|today|it)$/i.test(word));
  return rest.length > 0 && rest.length <= 3 ? snakeCase(rest.join(' ')) : 'pro';
}

/** 'Annual (save 17%)' → 'yearly': one value per period whatever the page calls it. */
function billingPeriodOf(label: string): string {
  const key = keyOf(label);
  if (/\b(yearly|annual|annually|save)\b/.test(key)) return 'yearly';
  return /\bquarterly\b/.test(key) ? 'quarterly' : 'monthly';
}

/** 'Sort by: Featured' → 'featured'; `fallback` when nothing follows the verb. */
function valueAfter(label: string, verb: RegExp, fallback: string): string {
  const rest = label.replace(verb, '');
  return wordsOf(rest).length > 0 ? snakeCase(rest) : fallback;
}

interface Criterion {
  type: string;
  value: string;
}

/**
 * A filter on what a screen lists. In a shop it is the spec's Product List Filtered; elsewhere it is named by
 * the screen, the object of its list ('Inbox Filtered', 'Projects Filtered'), so that two filtered lists stay two
 * events. `filter.value` is the value read on the screen, or empty where none was.
 */
function screenFiltered(screen: Screen, examples: PlanExamples, filter: Criterion, label: string): Recognised {
  if (examples.commerce) return listFiltered(examples, [{ type: filter.type, value: filter.value || 'shirts' }], [], label);
  const object = listObjectOf(screen);
  return {
    id: object ? `${snakeCase(object)}_filtered` : 'list_filtered',
    name: object ? `${object} Filtered` : 'List Filtered',
    trigger: `User filters the ${object || 'list'} ('${label}')`,
    description: 'A filter is applied to the list.',
    properties: [
      property('filter_name', 'string', 'What the filter is on', filter.type, true),
      property('filter_value', 'string', 'Value chosen', filter.value || 'active', true),
    ],
  };
}

/** A sort of what a screen lists, named by the screen as its filters are ('Search Results Sorted'). */
function screenSorted(screen: Screen, label: string): Recognised {
  const object = listObjectOf(screen);
  return {
    id: object ? `${snakeCase(object)}_sorted` : 'list_sorted',
    name: object ? `${object} Sorted` : 'List Sorted',
    trigger: `User changes the sort order of the ${object || 'list'} ('${label}')`,
    description: 'The list is sorted another way.',
    properties: [property('sort_by', 'string', 'Sort order chosen', valueAfter(label, /^sort( by)?/i, 'price'), true)],
  };
}

/**
 * What a screen lists, by its title, or '' where that is no short name. A first screen is titled Home for where it
 * stands; its own name says what it lists ('Inbox').
 */
function listObjectOf(screen: Screen): string {
  const named = (screen.kind === 'home' || screen.kind === 'welcome') && isNameable(screen.name) ? screen.name : screen.title;
  return wordsOf(named).length <= 3 ? titleCase(named) : '';
}

/** Sorting a product list is filtering it in the e-commerce spec: one event, its filters and sorts as objects. */
function listFiltered(examples: PlanExamples, filters: Criterion[], sorts: Criterion[], label: string): Recognised {
  const some = (criteria: Criterion[], fallback: Criterion) => JSON.stringify(criteria.length > 0 ? criteria : [fallback]);
  return {
    id: 'product_list_filtered',
    name: 'Product List Filtered',
    trigger: `User filters or sorts the product list ('${label}')`,
    description: 'The product list is filtered or sorted another way.',
    properties: [
      property('list_id', 'string', 'Id of the list', examples.listId, false),
      property('category', 'string', 'Category of the list', examples.listName, false),
      property('filters', 'array', 'Filters applied, one object each ({type, value})', some(filters, { type: 'size', value: 'M' }), false, { items: 'object' }),
      property('sorts', 'array', 'Sorts applied, one object each ({type, value})', some(sorts, { type: 'price', value: 'desc' }), false, { items: 'object' }),
    ],
  };
}

/**
 * A dialog on the settings named by the one setting it edits ('Reminder time': a thing, not a verb), with a way to
 * save it: that setting updated, which says more than the settings saved.
 */
export function settingDialogOf(label: string, screen: Screen): Recognised | null {
  const key = keyOf(label).replace(DIALOG_WORD, '');
  const words = wordsOf(key);
  const saves = screen.interactions.some((i) => SAVES_SETTINGS.test(keyOf(i.label)));
  if (screen.kind !== 'settings' || !saves || words.length === 0 || words.length > 3 || CTA_VERBS.has(words[0] ?? '')) return null;
  return {
    id: `setting_updated:${snakeCase(key)}`,
    name: `${titleCase(key)} Updated`,
    trigger: `User saves a new ${key} in its dialog on the ${screen.title} screen`,
    description: `The ${key} setting is changed.`,
    properties: [property(snakeCase(key), 'string', `The ${key} chosen`, '', true)],
    takesForm: true,
  };
}

/** Settings changed and kept, by their Save or by the notice that says so: what changed, not the button ('Saved'). */
function settingsUpdated(screen: Screen): Recognised {
  return {
    id: 'settings_updated',
    name: 'Settings Updated',
    trigger: 'User saves changed settings',
    description: 'Changed settings are saved.',
    properties: settingsSection(screen),
    takesForm: true,
  };
}

function settingsSection(screen: Screen): TrackingProperty[] {
  const tab = screen.interactions.find((interaction) => interaction.kind === 'tab');
  return tab ? [property('settings_section', 'string', 'Section of the settings that was saved', snakeCase(tab.label), false)] : [];
}

/** Labels that say nothing about what a form does: the screen's kind says it ('Continue' on Sign Up). */
export const GENERIC_SUBMIT = new Set(['', 'submit', 'continue', 'next', 'send', 'confirm', 'done', 'ok', 'go', 'finish']);

/** A button that signs in or up with another service's account. */
const SOCIAL_ACCOUNT = /^(continue|sign ?in|log ?in|sign ?up) with \w+( \w+)?$/;

/** Screens whose form is the point of the screen: sending it is inferred when the video moved on from it. */
export const FORM_SCREENS: ReadonlySet<ScreenKind> = new Set(['login', 'sign_up', 'checkout', 'invite']);

export function recognise(input: RecogniseInput): Recognised | null {
  const { interaction, screen, submitsForm } = input;
  const label = keyOf(interaction.label);
  // A checkout form that leads to another step of the checkout completes that step, not the order.
  if (submitsForm && screen.kind === 'checkout' && input.destination === 'checkout' && GENERIC_SUBMIT.has(label)) {
    return checkoutStepCompleted();
  }
  for (const rule of RULES) {
    if (rule.kinds && !rule.kinds.includes(interaction.kind)) continue;
    if (rule.on && !rule.on.includes(screen.kind)) continue;
    if (rule.commerce && !input.examples.commerce) continue;
    if (rule.shows && !rule.shows(screen)) continue;
    if (rule.to) {
      if (rule.unread && label !== '') continue;
      const made = input.destination && rule.to.includes(input.destination) ? rule.make(input) : null;
      if (made) return made;
      continue;
    }
    const ownScreen = rule.formOf === screen.kind;
    // 'Sign Up' on a landing page opens the form; on the sign-up screen (or as its submit) it creates the account.
    const completing = submitsForm || (ownScreen && interaction.kind === 'click');
    // 'Continue with Google' signs in on a sign-in screen and signs up on a sign-up screen.
    const byForm = ownScreen && ((submitsForm && GENERIC_SUBMIT.has(label)) || (completing && SOCIAL_ACCOUNT.test(label)));
    const byLabel = rule.label?.test(label) === true && (!rule.completes || completing);
    const made = byForm || byLabel ? rule.make(input) : null;
    if (made) return made;
  }
  // A select showing its facet and value ('Status: Pending') that no rule named is a filter on what the screen lists.
  const shown = interaction.kind === 'select' ? facetOf(interaction.label) : null;
  if (!shown) return null;
  return screenFiltered(screen, input.examples, { type: snakeCase(shown.facet), value: snakeCase(shown.value) }, interaction.label);
}

/**
 * A phone app's call to start its subscription, as a heading or a button ('Start your 7-day free trial', 'Try 2
 * weeks free'): the app's paywall, as the subscription tools for apps (RevenueCat, Superwall) call it. A text
 * that only mentions the trial ('Your 7-day free trial has started') is no offer.
 */
const TRIAL_OFFER =
  /^(start (your |a )?(\d+ days? )?free trial|start free trial|try (it |us )?free|try (\d+|one|two|three|seven|fourteen) (days?|weeks?|months?) (for )?free)$/;

/** What a paywall says in place of the content ("You've reached your free article limit", 'Subscribe to keep reading'). */
const PAYWALL =
  /\b(reached (your|the) (free )?(article|story|monthly|reading)? ?limit|read (all )?\d+ of your \d+ free|no free (articles|stories) left|subscribe to (continue|keep) reading|to (continue|keep) reading,? (subscribe|sign in|log in))\b/;

const FAQ_HEADING = /\b(faqs?|frequently asked questions|common questions|questions and answers)\b/;

/** A field where the user types what pays: the checkout's payment step. */
const PAYMENT_FIELD = /\b(card|payment|cvv|cvc|expiry|expiration|iban|pay ?pal)\b/;
const COUPON_FIELD = /\b(coupon|promo|discount|voucher|gift card)\b/;

/** Panels that show what a page of a kind would: the cart ('Your Bag' drawer), one product (a dish's sheet, a quick view). */
const PANEL_KINDS: Array<[RegExp, ScreenKind]> = [
  [/^(your |my |shopping )?(cart|basket|bag)$/, 'cart'],
  [/^(product( detail| details)?|quick ?view)$/, 'product'],
];

/** A panel opened over a page that shows the cart or one product is that viewed, as its page would be. */
export function panelViewOf(label: string, over: Screen, examples: PlanExamples): Recognised | null {
  const key = keyOf(label).replace(DIALOG_WORD, '');
  const kind = PANEL_KINDS.find(([pattern]) => pattern.test(key))?.[1];
  return kind ? semanticViewOf({ ...over, kind }, examples, 0) : null;
}

/**
 * The spec's view event of a kind of screen, sent beside the generic page or screen view: a list, a product, the
 * cart, search results, an article, a story, and the checkout (its first screen starts it, each later one is a step). `checkoutStep`
 * is the screen's number among the checkout screens.
 */
export function semanticViewOf(screen: Screen, examples: PlanExamples, checkoutStep: number): Recognised | null {
  switch (screen.kind) {
    case 'product_list':
      return specEvent('product_list_viewed', 'Product List Viewed', 'User opens a product list (a category, a collection, all products)', 'A list of products is shown.', [
        property('list_id', 'string', 'Id of the list', examples.listId, false),
        property('category', 'string', 'Category of the list', examples.listName, false),
        productsProperty(examples, 'Products shown, one object each (product_id, sku, name, price, position)'),
      ]);
    case 'product':
      return specEvent('product_viewed', 'Product Viewed', "User opens a product's page", "A product's details are shown.", productProperties(examples));
    case 'cart':
      return specEvent('cart_viewed', 'Cart Viewed', 'User opens the cart', 'The cart is shown.', [
        cartId(),
        productsProperty(examples, 'Products in the cart, one object each'),
      ]);
    case 'checkout':
      if (checkoutStep <= 1) return checkoutStarted(examples, 'User reaches the checkout');
      return specEvent('checkout_step_viewed', 'Checkout Step Viewed', 'User reaches a later step of the checkout', 'A checkout step is shown.', checkoutStepProperties(checkoutStep));
    case 'search_results':
      return { ...searched(examples), trigger: 'User runs a search and sees its results' };
    case 'story':
      return specEvent('story_viewed', 'Story Viewed', "User opens someone's story", 'A story is shown full screen.', [
        property('story_id', 'string', 'Id of the story', '', true),
        property('author_id', 'string', 'Id of the account that posted it', '', false),
      ]);
    case 'article':
      return specEvent('article_viewed', 'Article Viewed', 'User opens an article', 'An article is shown.', [
        property('article_id', 'string', 'Id of the article', '', true),
        property('title', 'string', 'Headline of the article', screen.headings.find((heading) => wordsOf(heading).length >= 4) ?? '', false),
        property('category', 'string', 'Section the article is filed in', '', false),
      ]);
    case 'gallery':
      return specEvent('photo_gallery_opened', 'Photo Gallery Opened', 'User opens the photos of what the page shows', 'The photo gallery is shown.', [
        property('item_id', 'string', 'Id of what the photos show (the product, the listing)', '', false),
        property('photo_count', 'number', 'Photos in the gallery', photoCountOf(screen), false),
      ]);
    case 'other':
      return creationStarted(screen) ?? recordViewed(screen);
    case 'profile':
      return recordViewed(screen);
    default:
      return null;
  }
}

/** How many photos the gallery says it holds ('Pool at night · 2 / 48'), or ''. */
function photoCountOf(screen: Screen): string {
  for (const text of screen.texts) {
    const size = pictureCounterOf(text);
    if (size !== null) return String(size);
  }
  return '';
}

/** The page of one record, as the analysis names it: 'Issue Detail', a 'Doctor Profile', someone else's 'User Profile'. */
const RECORD_PAGE = /^(?!(?:my|your|edit|public) )(\w+(?: \w+)?) (?:detail|profile)$/;

/**
 * One record's page viewed ('Issue Viewed', 'Ticket Viewed', 'Profile Viewed'), by the record's id: the screen view
 * says a page of the kind was seen, this event says which record, which is what analysts count and join on.
 */
function recordViewed(screen: Screen): Recognised | null {
  const key = keyOf(screen.name);
  const object = key === 'user profile' ? 'profile' : RECORD_PAGE.exec(key)?.[1];
  if (!object || !isNameable(object)) return null;
  const name = titleCase(object);
  return specEvent(`${snakeCase(object)}_viewed`, `${name} Viewed`, `User opens a ${object}'s page`, `One ${object} is shown.`, [
    property(`${snakeCase(object)}_id`, 'string', `Id of the ${object}`, '', true),
  ]);
}

/** The form that makes a record, as the analysis names it ('New Campaign'). */
const CREATION_FORM = /^new (\w+(?: \w+)?)$/;

/** What a 'New <thing>' screen makes ('budget'), or undefined. */
function creationOf(screen: Screen): string | undefined {
  const object = CREATION_FORM.exec(keyOf(screen.name))?.[1];
  return object && isNameable(object) ? object : undefined;
}

function created(object: string): Recognised {
  return {
    ...specEvent(`${snakeCase(object)}_created`, `${titleCase(object)} Created`, `User creates the ${object}`, `A new ${object} is made.`, []),
    leadsTo: 'next',
  };
}

/**
 * The form that makes a record opened ('Campaign Creation Started'): the first step of a funnel whose end is the
 * record made, however the form was reached (a 'Create' button, a menu, a shortcut). A list of what is new ('New
 * Releases') has no fields.
 */
function creationStarted(screen: Screen): Recognised | null {
  const object = creationOf(screen);
  if (!object || screen.fields.length === 0) return null;
  return { ...specEvent(`${snakeCase(object)}_creation_started`, `${titleCase(object)} Creation Started`, `User opens the form to create a ${object}`, `The form that makes a ${object} is shown.`, []), leadsTo: 'next' };
}

/**
 * A booking's confirmation reached where no checkout took a payment (an appointment, a table): the booking's own end,
 * Booking Confirmed. Where a checkout paid for it, Order Completed is that end.
 */
export function bookingConfirmedOf(screen: Screen): Recognised | null {
  if (!/\bbooking (confirmation|confirmed)$/.test(keyOf(screen.name))) return null;
  return {
    id: 'booking_confirmed',
    name: 'Booking Confirmed',
    trigger: `User completes a booking and reaches the ${screen.title} screen`,
    description: 'A booking is made and confirmed.',
    properties: [property('booking_id', 'string', 'Id of the booking', 'bkg_3301', true)],
  };
}

/** What the spec tracks on a screen besides its controls: payment details typed, a coupon typed, a banner seen. */
export function screenEventsOf(screen: Screen, examples: PlanExamples, productType: ProductType): Recognised[] {
  const events: Recognised[] = [];
  if (screen.texts.some((text) => INVITE_CONFIRMED.test(keyOf(text)))) events.push(inviteSent(screen, false));
  const fields = screen.fields.map((field) => keyOf(field.label));
  const paymentFields = fields.filter((field) => PAYMENT_FIELD.test(field)).length;
  const takesPayment = paymentFields > 0;
  // A cart that takes the card is a one-page checkout: seeing it starts the checkout as well.
  if (screen.kind === 'cart' && takesPayment) events.push(checkoutStarted(examples, 'User reaches the one-page checkout'));
  // A form that asks for the card itself (its number and expiry) takes payment whatever the screen is called ('Book
  // Payment', 'Billing'); elsewhere one payment word is enough.
  if (((screen.kind === 'checkout' || screen.kind === 'cart') && takesPayment) || paymentFields >= 2) {
    events.push({
      id: 'payment_info_entered',
      name: 'Payment Info Entered',
      trigger: 'User enters their payment details in the checkout',
      description: 'Payment details are entered (only how the order is paid is tracked, never the card).',
      properties: [checkoutId(), orderId(examples), paymentMethod()],
      // Typed before the order is placed: a step of the funnel to the confirmation.
      leadsTo: ['order_confirmation'],
    });
  }
  // Shops send Order Completed as the confirmation shows: the order is placed then, whichever control placed it
  // (one the recording hid under the cursor included).
  if (screen.kind === 'order_confirmation') {
    events.push(orderCompleted(examples, `User placed the order and reaches the ${screen.title} screen`));
  }
  if ((screen.kind === 'cart' || screen.kind === 'checkout') && fields.some((field) => COUPON_FIELD.test(field))) {
    events.push({
      id: 'coupon_entered',
      name: 'Coupon Entered',
      trigger: 'User types a coupon code',
      description: 'A coupon code is entered.',
      properties: couponProperties(examples),
    });
  }
  // Search results are a product list too: the spec's list view carries the products shown.
  if (screen.kind === 'search_results' && examples.commerce) {
    const list = semanticViewOf({ ...screen, kind: 'product_list' }, { ...examples, listName: 'Search Results', listId: 'search_results' }, 0);
    if (list) events.push(list);
  }
  const questions = screen.texts.filter((text) => /\?\s*$/.test(text) && wordsOf(text).length >= 3);
  if (screen.headings.some((heading) => FAQ_HEADING.test(keyOf(heading))) && questions.length > 0) {
    const [question = ''] = questions;
    events.push({
      id: 'faq_expanded',
      name: 'FAQ Expanded',
      trigger: `User opens a question of the FAQ on the ${screen.title} page`,
      description: 'An answer of the frequently asked questions is shown.',
      properties: [property('question', 'string', 'The question opened', wordsOf(question).length <= 12 ? question.trim() : '', true)],
    });
  }
  // A phone's prompt for a permission is answered whichever button the video shows pressed (often unread in the
  // system's own face): what the app tracks is the grant.
  const permission = productType === 'mobile_app' ? permissionAsked(screen) : undefined;
  if (permission) events.push(permissionGranted(permission, 'Allow'));
  // Leaving a phone app's welcome for anything but signing in starts its onboarding (its questions, then an account).
  if (productType === 'mobile_app' && screen.kind === 'welcome' && screen.exits.some((exit) => !/\b(log ?in|sign ?in)\b/.test(exit))) {
    events.push({ ...specEvent('onboarding_started', 'Onboarding Started', `User moves on from the ${screen.title} screen`, "The app's onboarding begins.", []), leadsTo: 'next' });
  }
  // Leaving an onboarding's last step for the app completes the onboarding.
  if (ONBOARDING_STEP.test(screen.key) && screen.exits.some((exit) => !ONBOARDING_STEP.test(exit))) {
    events.push({ ...specEvent('onboarding_completed', 'Onboarding Completed', `User moves on from the ${screen.title} screen, the onboarding's last`, "The app's onboarding is done.", []), leadsTo: 'next' });
  }
  const narrowed = narrowedCountOf(screen);
  if (narrowed) events.push(screenFiltered(screen, examples, { type: 'filter', value: '' }, narrowed));
  const kept = screen.texts.map(savedToListOf).find((list) => list !== null);
  if (kept) events.push(itemSaved(examples, kept));
  const streak = streakOf(screen);
  if (streak !== undefined) events.push(streakExtended(screen, streak));
  const rated = ratedOf(screen);
  if (rated) events.push(itemRated(rated, screen));
  const period = periodChangedTo(screen);
  if (period) events.push(dateRangeChanged(screen, period));
  const paywall = paywallOf(screen, productType);
  if (paywall) events.push(paywall);
  if (paywall && showsDecline(screen)) events.push(paywallDismissed(screen));
  const arrival = reachedOf(screen);
  if (arrival) events.push(reached(arrival, screen));
  const done = screenActionOf(screen, examples);
  if (done) events.push(done);
  const promotion = screen.interactions.some((i) => PROMOTION_CTA.test(keyOf(i.label)));
  if (examples.commerce && (screen.kind === 'home' || screen.kind === 'welcome') && promotion) {
    events.push({
      id: 'promotion_viewed',
      name: 'Promotion Viewed',
      trigger: `User sees the promotion on the ${screen.title} page`,
      description: 'An internal promotion (a banner) is shown.',
      properties: promotionProperties(screen),
    });
  }
  return events;
}

/** A count of what a list shows: '48 dermatologists', '688 properties found'. */
const LIST_COUNT = /^(\d[\d,]*) ([a-z]+s)\b/;

/**
 * The count a list fell to on its own screen ('48 dermatologists', then '36 dermatologists'): a filter was applied,
 * whether or not the video read the control.
 */
function narrowedCountOf(screen: Screen): string | undefined {
  const counts = new Map<string, number>();
  for (const text of screen.texts) {
    const [, digits = '', noun = ''] = LIST_COUNT.exec(keyOf(text)) ?? [];
    if (!digits) continue;
    const count = Number(digits.replace(/,/g, ''));
    const before = counts.get(noun);
    if (before !== undefined && count < before) return text;
    counts.set(noun, count);
  }
  return undefined;
}

/** What kind of paywall a screen shows: the values of Paywall Viewed's paywall_type. */
const PAYWALL_TYPES = ['metered', 'hard', 'free_trial'] as const;

/**
 * Paywall Viewed: a wall in place of the content ("You've reached your free article limit": metered when it
 * counts free articles, hard otherwise), or a phone app's offer of its subscription (see TRIAL_OFFER).
 */
function paywallOf(screen: Screen, productType: ProductType): Recognised | null {
  const wall = [...screen.headings, ...screen.texts].map(keyOf).find((text) => PAYWALL.test(text));
  const offered = productType === 'mobile_app' &&
    [...screen.headings, ...screen.interactions.map((interaction) => interaction.label)].map(keyOf).some((offer) => TRIAL_OFFER.test(offer));
  const seen: { type: (typeof PAYWALL_TYPES)[number]; trigger: string; description: string } | null = wall
    ? {
        type: /\bfree\b/.test(wall) ? 'metered' : 'hard',
        trigger: `User is stopped by the paywall on the ${screen.title} screen`,
        description: 'The paywall is shown instead of the content, asking the reader to subscribe.',
      }
    : offered
      ? {
          type: 'free_trial',
          trigger: `User is shown the subscription offer on the ${screen.title} screen`,
          description: "The app's paywall offers its subscription, a free trial to start.",
        }
      : null;
  if (!seen) return null;
  return {
    id: 'paywall_viewed',
    name: 'Paywall Viewed',
    trigger: seen.trigger,
    description: seen.description,
    properties: [
      property('paywall_type', 'enum', 'What the wall is: metered after free articles, hard, or a free trial offered', seen.type, false, {
        values: [...PAYWALL_TYPES],
      }),
    ],
  };
}

function dateRangeChanged(screen: Screen, example: string): Recognised {
  return {
    id: 'date_range_changed',
    name: 'Date Range Changed',
    trigger: `User changes the period the ${screen.title} screen shows`,
    description: 'Another date range is chosen for the figures shown.',
    properties: [property('date_range', 'string', 'Date range chosen', example, true)],
  };
}

/** A period a report states at its start ('Oct 8 - Oct 14, 2025 · compared with previous period'). */
const STATED_PERIOD = /^((jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]* \d{1,2}(, \d{4})? ?[-–] ?((jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]* )?\d{1,2}(, \d{4})?)\b/i;

/** The period a screen states, when the video shows it stating another one later: the later one. */
function periodChangedTo(screen: Screen): string | undefined {
  const periods = [...new Set(screen.texts.map((text) => STATED_PERIOD.exec(text.trim())?.[1]).filter((period) => period !== undefined))];
  return periods.length >= 2 ? periods.at(-1) : undefined;
}

/** A question that asks the user to rate what they just did ('How was this session?', 'Rate your trip'). */
const RATING_QUESTION = /^(how was (this|your|the) (\w+)|rate (this|your|the) (\w+))$/;

/** What the screen asks the user to rate, undefined where it asks nothing. */
function ratedOf(screen: Screen): string | undefined {
  for (const line of shownLines(screen)) {
    const asked = RATING_QUESTION.exec(line);
    if (asked) return asked[3] ?? asked[5];
  }
  return undefined;
}

function itemRated(rated: string, screen: Screen): Recognised {
  const thing = titleCase(singularOf(rated));
  return {
    id: `${snakeCase(thing)}_rated`,
    name: `${thing} Rated`,
    trigger: `User rates the ${thing.toLowerCase()} on the ${screen.title} screen`,
    description: `The user gives the ${thing.toLowerCase()} a rating.`,
    properties: [property('rating', 'number', 'Rating given', '5', true)],
  };
}

/** A paywall's way out without subscribing ('No thanks', 'Maybe later'), a button that may read as a line of text. */
const DECLINE = /^(no thanks|not now|maybe later|continue (with|on) (the )?(free|basic|limited)( plan| version)?)$/;

function showsDecline(screen: Screen): boolean {
  return shownLines(screen).some((line) => DECLINE.test(line));
}

/** The paywall closed without a subscription, by its decline. */
function paywallDismissed(screen: Screen): Recognised {
  return {
    id: 'paywall_dismissed',
    name: 'Paywall Dismissed',
    trigger: `User declines the subscription offer on the ${screen.title} screen`,
    description: 'The paywall is closed without subscribing.',
    properties: [],
  };
}

/** A screen that celebrates the user's streak ('1 day streak!', '7-day streak'): its days, undefined on any other. */
function streakOf(screen: Screen): number | undefined {
  const days = /^(\d+) day streak$/.exec(keyOf(screen.name))?.[1];
  return days === undefined ? undefined : Number(days);
}

/** The streak's screen shows once a day's first activity extends it, as gamified apps show it. */
function streakExtended(screen: Screen, days: number): Recognised {
  return {
    id: 'streak_extended',
    name: 'Streak Extended',
    trigger: `User extends their streak and reaches the ${screen.title} screen`,
    description: "The user's streak of active days grows by one.",
    properties: [property('streak_days', 'number', 'Days in a row the user has been active', String(days), true)],
  };
}

/** A notice that settings were kept ('Settings saved', 'Preferences updated'): Settings Updated, as their Save is. */
const SETTINGS_NOTICE = /^(settings|preferences|changes)$/;
const KEPT = /^(saved|updated|applied)$/;

/**
 * What the screen's notices said the user's action did ('Promo applied' → Promo Applied, 'Message sent to Marco' →
 * Message Sent): the analysis keeps only notices that appeared as the user acted. An order, a payment or a sign-up
 * confirmed is the spec's own event.
 */
export function noticedEventsOf(screen: Screen): Recognised[] {
  const events = new Map<string, Recognised>();
  for (const text of screen.texts) {
    const notice = noticeOf(text);
    if (!notice || TRACKED_ELSEWHERE.test(notice.thing) || INVITE_CONFIRMED.test(keyOf(text))) continue;
    if (SETTINGS_NOTICE.test(notice.thing) && KEPT.test(notice.done)) {
      const updated = settingsUpdated(screen);
      events.set(updated.name, updated);
      continue;
    }
    const name = `${titleCase(notice.thing)} ${titleCase(notice.done)}`;
    if (!isNameable(name)) continue;
    events.set(name, {
      id: `noticed:${keyOf(name)}`,
      name,
      trigger: `The ${screen.title} screen confirms that the user's ${notice.thing} is ${notice.done}`,
      description: `${withArticle(notice.thing, true)} is ${notice.done}.`,
      properties: [],
    });
  }
  return [...events.values()];
}

/** Segment's page() or screen() call as one event of every screen, `property` saying which: a phone app's screen, else a page. */
export function pageViewOf(productType: ProductType) {
  const app = productType === 'mobile_app';
  const noun = app ? 'screen' : 'page';
  return {
    name: app ? 'Screen Viewed' : 'Page Viewed',
    noun,
    property: `${noun}_name`,
    propertyDescription: `Name of the ${noun} viewed`,
    trigger: `User opens any ${noun} of the ${app ? 'app' : 'website'}`,
    description: `One event for every ${noun} (Segment's ${noun}() call): ${noun}_name says which.`,
  };
}
export type PageView = ReturnType<typeof pageViewOf>;

/**
 * The app's lifecycle, which the SDK sends by itself and a recording never shows, and which every app's plan
 * carries: its first launch, each launch, going to the background, and a launch after an update.
 */
export function lifecycleEvents(): Recognised[] {
  const version = (required: boolean) => property('version', 'string', 'Version of the app', '2.4.0', required);
  const build = (required: boolean) => property('build', 'string', 'Build number of the app', '2401', required);
  return [
    specEvent('application_installed', 'Application Installed', 'The app is opened for the first time after it was installed', 'The app is installed.', [
      version(true),
      build(true),
    ]),
    specEvent('application_opened', 'Application Opened', 'The app is launched or comes back to the foreground', 'The app is opened.', [
      property('from_background', 'boolean', 'Whether the app was in the background', 'false', true),
      property('referring_application', 'string', 'App that opened this one, if any', '', false),
      property('url', 'string', 'Deep link the app was opened with, if any', '', false),
      version(true),
      build(true),
    ]),
    specEvent('application_backgrounded', 'Application Backgrounded', 'The app goes to the background', 'The app is no longer in the foreground.', []),
    specEvent('application_updated', 'Application Updated', 'The app is opened for the first time after an update', 'The app was updated.', [
      property('previous_version', 'string', 'Version of the app before the update', '2.3.1', true),
      property('previous_build', 'string', 'Build number before the update', '2310', true),
      version(true),
      build(true),
    ]),
  ];
}
