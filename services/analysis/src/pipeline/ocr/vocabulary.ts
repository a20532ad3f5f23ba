/** Words that tell what a piece of screen text is: a button's verb, a field's label, a link's phrase. */

/** Joining words: a name neither counts them among its words nor ends on one, and they never carry it alone. */
export const JOINING_WORDS: ReadonlySet<string> = new Set(['a', 'an', 'and', 'as', 'at', 'by', 'for', 'in', 'of', 'on', 'or', 'the', 'to', 'with', 'vs']);

/** First words of button labels. */
export const ACTION_VERBS = new Set([
  'add', 'apply', 'book', 'buy', 'cancel', 'checkout', 'check', 'choose', 'close', 'confirm', 'connect', 'continue',
  'create', 'delete', 'done', 'download', 'edit', 'export', 'filter', 'finish', 'follow', 'get', 'go', 'invite',
  'join', 'log', 'login', 'logout', 'next', 'ok', 'open', 'order', 'pay', 'place', 'post', 'proceed', 'publish',
  'register', 'remove', 'reset', 'save', 'search', 'see', 'select', 'send', 'share', 'shop', 'show', 'sign',
  'signup', 'skip', 'start', 'submit', 'subscribe', 'try', 'update', 'upgrade', 'upload', 'verify', 'view', 'back',
  'accept', 'allow', 'agree', 'like', 'message', 'new', 'track', 'explore', 'learn', 'discover', 'buy',
]);

/** Button labels that send a form: typing then one of these is a submit. */
export const SUBMIT_VERBS = new Set([
  'sign', 'signup', 'log', 'login', 'create', 'submit', 'place', 'pay', 'save', 'send', 'continue', 'confirm',
  'register', 'checkout', 'proceed', 'next', 'finish', 'apply', 'invite', 'update', 'join', 'get', 'post',
]);

/** Labels and placeholders of text fields, lower case. */
export const FIELD_LABELS = [
  'email', 'e-mail', 'email address', 'password', 'confirm password', 'new password', 'current password',
  'full name', 'name', 'first name', 'last name', 'username', 'user name', 'phone', 'phone number', 'mobile',
  'address', 'street address', 'address line 1', 'address line 2', 'apartment', 'city', 'state', 'zip',
  'zip code', 'postal code', 'postcode', 'country', 'card number', 'name on card', 'cardholder name', 'expiry',
  'expiry date', 'expiration', 'expiration date', 'cvc', 'cvv', 'security code', 'search', 'company',
  'company name', 'website', 'message', 'comment', 'comments', 'notes', 'coupon', 'coupon code', 'promo code',
  'discount code', 'gift card', 'quantity', 'qty', 'date of birth', 'birthday', 'title', 'description', 'bio',
  'job title', 'role', 'team name', 'workspace name', 'display name', 'location', 'subject', 'amount', 'code',
  'verification code', 'url', 'tags',
];

export const PLACEHOLDER_PREFIXES = ['enter ', 'type ', 'search ', 'your ', 'e.g.', 'eg ', 'add a ', 'write '];

/**
 * A field's label phrased as what to do ('Create a password', 'Choose a username', 'Confirm your password'): the
 * article tells it from a button ('Create password', 'Set password'), which names its object bare.
 */
export const FIELD_INSTRUCTION = /^(create|choose|pick|set|confirm|repeat|re-?enter|re-?type) (a|an|your) (.+)$/;

export const CHECKBOX_PHRASES = [
  'remember me', 'keep me signed in', 'keep me logged in', 'stay signed in', 'i agree', 'i accept',
  'i have read', 'subscribe to', 'send me', 'email me', 'notify me', 'save this', 'use as billing',
  'same as shipping', 'billing address same', 'make default', 'show password',
];

export const LINK_PHRASES = [
  'forgot password', 'forgot your password', 'learn more', 'view all', 'see all', 'show all', 'read more',
  'terms', 'privacy', 'help', 'contact', 'back to', 'already have an account', "don't have an account",
  'need help', 'see details', 'view details', 'edit profile', 'continue shopping',
];

export const SELECT_PREFIXES = ['select ', 'choose ', 'sort by', 'filter by', 'all categories'];

/** Text that is never a screen's name: chrome, legal and status-bar noise. */
export const NOT_A_NAME = [
  'cookie', 'cookies', 'accept all', 'privacy policy', 'terms of service', 'all rights reserved', 'copyright',
];
