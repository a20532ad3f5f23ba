/** The one naming convention of tracking plans: events "Object Action" in Title Case, properties in snake_case. */
import { EVENT_NAME_PATTERN, PROPERTY_NAME_PATTERN, labelWords } from '@tracklens/contracts';

/** Longest event name kept: an analyst reads 'Product Added To Wishlist', not a sentence. */
export const EVENT_NAME_MAX_WORDS = 5;

/** Verbs that start a call to action: a button whose label starts otherwise is not a primary action. */
export const CTA_VERBS = new Set([
  'add', 'apply', 'archive', 'book', 'browse', 'buy', 'claim', 'compare', 'connect', 'contact', 'continue', 'copy', 'create',
  'customize', 'delete', 'discover', 'donate', 'download', 'duplicate', 'edit', 'explore', 'export', 'find', 'follow', 'generate',
  'get', 'import', 'install', 'invite', 'join', 'learn', 'like', 'load', 'manage', 'message', 'new', 'order', 'pay', 'place',
  'play', 'post', 'preview', 'print', 'proceed', 'publish', 'read', 'redeem', 'register', 'remove', 'request', 'reserve', 'reset',
  'restore', 'retry', 'save', 'schedule', 'see', 'select', 'send', 'share', 'shop', 'show', 'sign', 'start', 'submit',
  'subscribe', 'try', 'unlock', 'update', 'upgrade', 'upload', 'verify', 'view', 'watch', 'write', 'checkout', 'login', 'logout',
  'next', 'done', 'finish', 'confirm', 'log', 'open', 'go', 'take', 'enable', 'disable', 'activate', 'accept', 'complete', 'end',
  'rate', 'choose', 'pick', 'mark', 'resume', 'pause', 'stop',
]);

/** Splits text into words of letters and digits ('Sign-up', 'sign_up' and 'SignUp' all give [sign, up]). */
export const wordsOf = labelWords;

/** 'CSV' and 'KPI' stay capitals; every other word gets one leading capital. */
function titleWord(word: string): string {
  if (word.length <= 4 && word.length > 1 && word === word.toUpperCase() && /[A-Z]/.test(word)) return word;
  return word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
}

export function titleCase(text: string): string {
  return wordsOf(text).map(titleWord).join(' ');
}

/** An event name made of parts (each may hold several words), cut to a readable length. */
export function eventName(...parts: string[]): string {
  const words = parts.flatMap(wordsOf).map(titleWord);
  if (words.length <= EVENT_NAME_MAX_WORDS) return words.join(' ');
  // Keep the action (the last word) when cutting: 'Very Long ... Clicked'.
  return [...words.slice(0, EVENT_NAME_MAX_WORDS - 1), words[words.length - 1]].join(' ');
}

/** 'a workout', 'an account' ('An account' to start a sentence): the article a noun takes, by its first letter. */
export function withArticle(noun: string, startsSentence = false): string {
  const article = /^[aeiou]/i.test(noun) ? 'an' : 'a';
  return `${startsSentence ? titleWord(article) : article} ${noun}`;
}

/** A noun in the singular: 'stories' → 'story', 'boxes' → 'box', 'goals' → 'goal', 'class' stays. */
export function singularOf(word: string): string {
  return word.replace(/ies$/, 'y').replace(/(ss|x|ch|sh)es$/, '$1').replace(/([^s])s$/, '$1');
}

/** The comparable form of a label or screen name: lower-case words ('Sign-Up!' → 'sign up'). */
export function keyOf(text: string): string {
  return wordsOf(text)
    .map((word) => word.toLowerCase())
    .join(' ');
}

export function snakeCase(text: string): string {
  const snake = wordsOf(text)
    .map((word) => word.toLowerCase())
    .join('_');
  // A property name starts with a letter.
  return /^[a-z]/.test(snake) ? snake : `p_${snake}`;
}

export function isEventName(name: string): boolean {
  return EVENT_NAME_PATTERN.test(name);
}

export function isPropertyName(name: string): boolean {
  return PROPERTY_NAME_PATTERN.test(name);
}
