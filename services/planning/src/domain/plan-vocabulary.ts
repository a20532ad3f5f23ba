/**
 * The events an analytics engineer expects by name: the Segment/Amplitude-style specs for e-commerce and SaaS
 * ('Product Added', 'Checkout Started', 'Order Completed', 'Signed In', 'Teammate Invited' ...), recognised from a
 * control's label and the screen it is on, with the properties those specs give them.
 */
import type { TrackingProperty } from '@tracklens/contracts';
import { keyOf, snakeCase, wordsOf } from './naming';
import type { PlanExamples } from './plan-properties';
import { property } from './plan-properties';
import type { Interaction, Screen, ScreenKind } from './plan-screens';

export interface Recognised {
  /** The same id on several screens is one event. */
  id: string;
  name: string;
  trigger: string;
  description: string;
  properties: TrackingProperty[];
  /** The form's fields (safe derivatives) become properties too. */
  takesForm: boolean;
  /** Screens the event moves a user towards, for funnels; 'next' when it is the form that leads on. */
  leadsTo: ScreenKind[] | 'next';
}

export interface RecogniseInput {
  interaction: Interaction;
  screen: Screen;
  /** The interaction sends the screen's form (seen, chosen as its submit, or inferred from the video). */
  submitsForm: boolean;
  examples: PlanExamples;
}

interface Rule {
  /** The label (lower-case words) names this event. */
  label?: RegExp;
  /** Recognised only when the interaction completes something: the screen's form, or a click on a `formOf` screen. */
  completes?: boolean;
  /** Only on these screens. */
  on?: ScreenKind[];
  /** A form sent without a (known) label on this kind of screen is this event. */
  formOf?: ScreenKind;
  kinds?: Interaction['kind'][];
  make: (input: RecogniseInput) => Recognised;
}

const NOT_TABS: Interaction['kind'][] = ['click', 'submit', 'navigate', 'open_modal', 'input', 'select'];

function productProperties(examples: PlanExamples): TrackingProperty[] {
  return [
    property('product_id', 'string', 'Identifier of the product', 'prod_1042', true),
    property('product_name', 'string', 'Name of the product', examples.productName, true),
    property('price', 'number', 'Unit price of the product', examples.price, false),
    property('currency', 'string', 'ISO 4217 currency of the price', examples.currency, false),
  ];
}

/** What follows a label's verb, as a value: 'Sort by: Featured' → 'featured'; `fallback` when nothing does. */
function valueAfter(label: string, verb: RegExp, fallback: string): string {
  const rest = label.replace(verb, '');
  return wordsOf(rest).length > 0 ? snakeCase(rest) : fallback;
}

const RULES: Rule[] = [
  {
    label: /\badd\b.*\b(cart|bag|basket)\b/,
    kinds: NOT_TABS,
    make: ({ examples }) => ({
      id: 'product_added',
      name: 'Product Added',
      trigger: 'User adds a product to the cart',
      description: 'A product is added to the cart.',
      properties: [...productProperties(examples), property('quantity', 'number', 'Number of units added', '1', true)],
      takesForm: false,
      leadsTo: ['cart'],
    }),
  },
  {
    label: /\b(wish ?list|favou?rites?|save for later)\b/,
    kinds: NOT_TABS,
    make: ({ examples }) => ({
      id: 'product_added_to_wishlist',
      name: 'Product Added To Wishlist',
      trigger: 'User adds a product to the wishlist',
      description: 'A product is saved to the wishlist.',
      properties: productProperties(examples).slice(0, 2),
      takesForm: false,
      leadsTo: [],
    }),
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
      properties: [...productProperties(examples).slice(0, 2), property('quantity', 'number', 'Number of units removed', '1', false)],
      takesForm: false,
      leadsTo: [],
    }),
  },
  {
    label: /^((proceed|continue|go) to checkout|(secure )?checkout( now)?|check out|buy now)$/,
    kinds: NOT_TABS,
    make: ({ examples }) => ({
      id: 'checkout_started',
      name: 'Checkout Started',
      trigger: 'User starts the checkout from the cart',
      description: 'The user moves from the cart to the checkout.',
      properties: [
        property('cart_total', 'number', 'Value of the cart when the checkout starts', examples.price, true),
        property('currency', 'string', 'ISO 4217 currency of the cart', examples.currency, true),
        property('item_count', 'number', 'Number of items in the cart', '1', false),
      ],
      takesForm: false,
      leadsTo: ['checkout'],
    }),
  },
  {
    label: /^(place (my |your |the )?order|complete (my |your |the )?(order|purchase)|confirm (and pay|order|purchase|payment)|submit order|pay( now| securely)?|pay \d.*|purchase)$/,
    formOf: 'checkout',
    kinds: NOT_TABS,
    make: ({ examples }) => ({
      id: 'order_completed',
      name: 'Order Completed',
      trigger: 'User places the order at the end of the checkout',
      description: 'The order is placed and paid.',
      properties: [
        property('order_id', 'string', 'Identifier of the order', examples.orderId, true),
        property('total', 'number', 'Total value of the order', examples.price, true),
        property('currency', 'string', 'ISO 4217 currency of the order', examples.currency, true),
        property('item_count', 'number', 'Number of items in the order', '1', false),
        property('payment_method', 'string', 'How the order was paid (never the card itself)', 'card', false),
      ],
      takesForm: true,
      leadsTo: ['order_confirmation'],
    }),
  },
  {
    label: /^(search|find)\b/,
    kinds: ['click', 'submit', 'navigate', 'input'],
    make: ({ examples }) => ({
      id: 'search',
      name: examples.commerce ? 'Products Searched' : 'Search Performed',
      trigger: examples.commerce ? 'User searches the products' : 'User runs a search',
      description: 'A search is run.',
      properties: [property('query', 'string', 'What the user searched for', examples.searchQuery, true)],
      takesForm: false,
      leadsTo: ['search_results'],
    }),
  },
  {
    label: /^sort\b/,
    make: ({ interaction, examples }) => ({
      id: 'list_sorted',
      name: examples.commerce ? 'Product List Sorted' : 'List Sorted',
      trigger: `User changes the sort order ('${interaction.label}')`,
      description: 'The list is sorted another way.',
      properties: [property('sort_by', 'string', 'Sort order chosen', valueAfter(interaction.label, /^sort( by)?/i, 'price'), true)],
      takesForm: false,
      leadsTo: [],
    }),
  },
  {
    label: /^filter\b/,
    make: ({ interaction, examples }) => ({
      id: 'list_filtered',
      name: examples.commerce ? 'Product List Filtered' : 'List Filtered',
      trigger: `User filters the list ('${interaction.label}')`,
      description: 'A filter is applied to the list.',
      properties: [
        property('filter_name', 'string', 'What the filter is on', valueAfter(interaction.label, /^filter( by)?/i, 'category'), true),
        property('filter_value', 'string', 'Value chosen', examples.commerce ? 'shirts' : 'active', true),
      ],
      takesForm: false,
      leadsTo: [],
    }),
  },
  {
    label: /^(sign ?up|register|create (an |your |my |a free )?account|join( now| free| for free)?|get started|start (my |your )?(free )?trial)( free| now| for free)?$/,
    completes: true,
    formOf: 'sign_up',
    make: () => ({
      id: 'account_created',
      name: 'Account Created',
      trigger: 'User sends the sign-up form',
      description: 'A new account is created.',
      properties: [property('method', 'string', 'How the user signed up', 'email', true)],
      takesForm: true,
      leadsTo: 'next',
    }),
  },
  {
    label: /^(log ?in|login|sign ?in|continue with email)$/,
    completes: true,
    formOf: 'login',
    make: () => ({
      id: 'signed_in',
      name: 'Signed In',
      trigger: 'User sends the sign-in form',
      description: 'The user signs in.',
      properties: [property('method', 'string', 'How the user signed in', 'email', true)],
      takesForm: false,
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
      properties: [],
      takesForm: false,
      leadsTo: [],
    }),
  },
  {
    label: /^(send (an |the )?invit(e|es|ation|ations)|invite( (a |your |new )?(teammates?|members?|users?|people|colleagues?|team ?mates?))?|add (a )?(teammate|member|user))$/,
    completes: true,
    formOf: 'invite',
    make: ({ screen }) => ({
      id: 'teammate_invited',
      name: 'Teammate Invited',
      trigger: 'User sends an invitation to a teammate',
      description: 'A teammate is invited to the workspace.',
      properties: [
        property('role', 'string', 'Role the teammate is invited with', 'member', screen.fields.some((f) => /\brole\b/.test(keyOf(f.label)))),
        property('invitee_email_domain', 'string', "Domain of the invitee's e-mail address (never the address itself)", 'example.com', false),
      ],
      takesForm: false,
      leadsTo: 'next',
    }),
  },
  {
    label: /^(save|update|apply)\b/,
    on: ['settings'],
    kinds: ['click', 'submit'],
    make: ({ screen }) => ({
      id: 'settings_saved',
      name: 'Settings Saved',
      trigger: 'User saves the settings',
      description: 'Changed settings are saved.',
      properties: settingsSection(screen),
      takesForm: true,
      leadsTo: [],
    }),
  },
  {
    label: /^(save|update) (settings|preferences)$/,
    kinds: ['click', 'submit'],
    make: ({ screen }) => ({
      id: 'settings_saved',
      name: 'Settings Saved',
      trigger: 'User saves the settings',
      description: 'Changed settings are saved.',
      properties: settingsSection(screen),
      takesForm: true,
      leadsTo: [],
    }),
  },
  {
    label: /^follow$/,
    make: () => ({
      id: 'user_followed',
      name: 'User Followed',
      trigger: 'User follows another user',
      description: 'The user follows someone.',
      properties: [property('followed_user_id', 'string', 'Identifier of the user followed', 'usr_2048', true)],
      takesForm: false,
      leadsTo: [],
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
      takesForm: false,
      leadsTo: [],
    }),
  },
];

function settingsSection(screen: Screen): TrackingProperty[] {
  const tab = screen.interactions.find((interaction) => interaction.kind === 'tab');
  return tab ? [property('settings_section', 'string', 'Section of the settings that was saved', snakeCase(tab.label), false)] : [];
}

/** Labels that say nothing about what a form does: the screen's kind says it ('Continue' on Sign Up). */
export const GENERIC_SUBMIT = new Set(['', 'submit', 'continue', 'next', 'send', 'confirm', 'done', 'ok', 'go', 'finish']);

/** Screens whose form is the point of the screen: sending it is inferred when the video moved on from it. */
export const FORM_SCREENS: ReadonlySet<ScreenKind> = new Set(['login', 'sign_up', 'checkout', 'invite']);

export function recognise(input: RecogniseInput): Recognised | null {
  const { interaction, screen, submitsForm } = input;
  const label = keyOf(interaction.label);
  for (const rule of RULES) {
    if (rule.kinds && !rule.kinds.includes(interaction.kind)) continue;
    if (rule.on && !rule.on.includes(screen.kind)) continue;
    const ownScreen = rule.formOf === screen.kind;
    // 'Sign Up' on a landing page opens the form; on the sign-up screen (or as its submit) it creates the account.
    const completing = submitsForm || (ownScreen && interaction.kind === 'click');
    const byForm = submitsForm && ownScreen && GENERIC_SUBMIT.has(label);
    const byLabel = rule.label?.test(label) === true && (!rule.completes || completing);
    if (byForm || byLabel) return rule.make(input);
  }
  return null;
}
