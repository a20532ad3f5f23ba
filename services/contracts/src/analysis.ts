/** analysis: page specs (product-spec §3) and the product knowledge built when the user finalises them. */
import { z } from 'zod';
import { text } from './text';

export const uiElementKindSchema = z.enum(['button', 'link', 'input', 'heading', 'text', 'tab', 'checkbox', 'select']);
export const uiElementSchema = z.object({ kind: uiElementKindSchema, label: z.string() });
export type UiElement = z.infer<typeof uiElementSchema>;

/** A filter control that shows what it is set to: its facet, a colon, the value ('Status: Pending'). */
const FACET_VALUE = /^([a-z]+(?: [a-z]+)?):\s*([a-z][a-z ]{0,30}?)\s*$/i;

/**
 * The facet and value of a label that shows both ('Status: Pending' → Status, Pending), or null. A select so
 * labelled filters what its screen lists; the analysis reads it so, and the plan tracks it so.
 */
export function facetOf(label: string): { facet: string; value: string } | null {
  const match = FACET_VALUE.exec(label.trim());
  return match?.[1] && match[2] ? { facet: match[1], value: match[2] } : null;
}

/** A button's facet that names the step it leads to ('Next: payment'), not a fact. */
const STEP_FACET = /^(next|continue|step \d+)$/i;

export function namesNextStep(label: string): boolean {
  return STEP_FACET.test(facetOf(label)?.facet ?? '');
}

/** A label that shows a fact and its value ('Next available: Today'): a filter's or a fact's, never what sends a form. */
export function showsValue(label: string): boolean {
  return facetOf(label) !== null && !namesNextStep(label);
}

/**
 * A course, a job or a stay is enrolled in, applied for or booked, though it may go in a cart as well: a page with
 * such a button ('Enroll now', 'Apply', 'Book') is one item of what the product offers, named after what it is.
 */
const ITEM_ACTION = /^(enrol|enroll|apply|book|reserve|join|subscribe|register|rent|hire)( now| today| for free)?$/i;

export function isItemAction(label: string): boolean {
  return ITEM_ACTION.test(label.trim());
}

/**
 * What is done to one item and the page where it is done, named as a noun ('/jobs/…/apply' is the Job Application,
 * reached by 'Apply now'): the analysis names such pages by it, the plan finds the button that opens them.
 */
const ITEM_ACTION_NOUNS: Readonly<Record<string, string>> = {
  apply: 'Application', book: 'Booking', reserve: 'Reservation', enroll: 'Enrollment', enrol: 'Enrolment',
  register: 'Registration', subscribe: 'Subscription', rent: 'Rental', donate: 'Donation', review: 'Review', edit: 'Edit',
};

/**
 * A screen's name that says it offers the product's plans: a pricing page, or a phone app's paywall. The analysis
 * and the plan both tell such a screen by its name.
 */
export const PLANS_SCREEN_NAME = /\b(pricing|paywall|plans and pricing|choose (a|your) plan)\b/;

/**
 * A screen's name that says an order was placed: its confirmation, or a delivery's tracking where it was confirmed.
 * The analysis and the plan both tell the end of a checkout by it.
 */
export const ORDER_PLACED_SCREEN_NAME =
  /\b(thank you|thanks for your (order|purchase)|order (confirmed|confirmation|complete|completed|placed|received|success|tracking)|purchase complete)\b/;

/**
 * A button's label that enters an account ('Sign in', 'Create account'): a header's beside any form sends only the
 * account's own. The analysis and the plan both tell which button sent a form.
 */
export const ACCOUNT_ENTRY_LABEL = /^(sign ?in|log ?in|login|sign ?up|register|create (an |your )?account|join)$/i;

/** 'apply' → 'Application'; undefined for any other word. */
export function itemActionNoun(verb: string): string | undefined {
  return Object.hasOwn(ITEM_ACTION_NOUNS, verb) ? ITEM_ACTION_NOUNS[verb] : undefined;
}

/** 'application' → 'apply'; undefined for any other word. */
export function itemActionVerb(noun: string): string | undefined {
  return Object.keys(ITEM_ACTION_NOUNS).find((verb) => ITEM_ACTION_NOUNS[verb]?.toLowerCase() === noun.toLowerCase());
}

/**
 * A cookie banner, as the analysis reads it off a screen and the plan tracks its answer: the words that say what it
 * asks ('We use cookies', 'Your consent choices') and the answers its buttons give.
 */
export function mentionsCookies(text: string): boolean {
  return /cookie|consent|gdpr/i.test(text);
}

export type ConsentAnswer = 'accept_all' | 'reject_all' | 'custom';
const CONSENT_ANSWERS: ReadonlyArray<readonly [ConsentAnswer, RegExp]> = [
  ['accept_all', /^(accept|allow|agree|i agree|i accept|got it|ok|okay)\b/],
  ['reject_all', /^(reject|decline|refuse|deny|(necessary|essential)( only)?|only (necessary|essential))\b/],
  ['custom', /^(manage|customi[sz]e|settings|preferences|cookie settings|choose|save (my )?(choices|preferences))\b/],
];
/** Every answer, in the order a plan lists them. */
export const CONSENT_ANSWER_ORDER: readonly ConsentAnswer[] = CONSENT_ANSWERS.map(([answer]) => answer);

/** The answer a banner's button gives ('Accept all' → accept_all, 'Manage preferences' → custom), whatever its case. */
export function consentAnswerOf(label: string): ConsentAnswer | undefined {
  const words = labelWords(label).join(' ').toLowerCase();
  return CONSENT_ANSWERS.find(([, pattern]) => pattern.test(words))?.[0];
}

/** Participles a product's notices say an action with ('Promo applied', 'Message sent to Marco'). */
const DONE_WORDS =
  'applied|sent|saved|shared|created|added|removed|deleted|updated|submitted|requested|booked|scheduled|reserved|' +
  'published|posted|copied|uploaded|subscribed|confirmed|cancell?ed|archived|invited|followed|redeemed|verified|' +
  'connected|downloaded|exported|imported|placed|completed|transferred|frozen|unfrozen|enabled|disabled|activated|' +
  'deactivated|paused|resumed|renewed|blocked|unblocked|locked|unlocked|favorited|favourited|bookmarked|pinned|muted|' +
  'unmuted|restored|changed|renamed|moved|linked|unlinked|joined|enrolled|registered|purchased|unsubscribed|unfollowed';
const DONE = new RegExp(`^(${DONE_WORDS})$`);
/** Words that start a notice's where or for whom, never a word of its thing. */
const PREPOSITION = 'in|at|to|for|from|on|with';
const THING_WORD = `(?!(?:is|was|were|has|have|been|${PREPOSITION}) )[a-z]+`;
/** Where or for whom, between the thing and its participle ('Your booking in Barcelona is confirmed'). */
const QUALIFIER = `(?: (?:${PREPOSITION}) [a-z0-9]+(?: [a-z0-9]+)?)?`;
const NOTICE = new RegExp(
  `^(?:[^a-z]+ )?(?:(?:your|the|a|an) )?(${THING_WORD}(?: ${THING_WORD}){0,2})${QUALIFIER} (?:(?:is|was|were|has been|have been) )?` +
    `(${DONE_WORDS})(?: (?:to|with|for|on) [^.!]{1,40}| [-·|:–—] .{1,60})?$`,
);
/** A toast's words as its patterns read them: lower case, without check marks and stops. */
const saidIn = (text: string): string => text.toLowerCase().replace(/[✓✔!.]+/g, ' ').replace(/\s+/g, ' ').trim();
/**
 * What a notice's subject never is: a person, a cart's items (the commerce events name them), or a word that says
 * when or how ('Last updated', 'Successfully saved').
 */
const NOT_DONE_TO = /^(you|we|i|it|this|that|they|he|she|everything|nothing|all|item|items|product|products|last|just|auto|already|not|never|\w+ly)$/;

/**
 * The action a product's notice says was done, as its thing and participle ('Promo applied' → promo, applied;
 * 'Your post is shared' → post, shared), or null for any other text. A notice that appears on a screen as the user
 * acts (a toast, an inline confirmation) tells what the action did.
 */
export function noticeOf(text: string): { thing: string; done: string } | null {
  return noticeIn(text) ?? noticeIn(toastTitleOf(text));
}

/**
 * A toast's title and its body read as one line ('Account created Welcome, Sofia'): the title, up to the first
 * participle a capitalised word follows. Empty when the line is not so.
 */
function toastTitleOf(text: string): string {
  const words = text.split(/\s+/);
  const end = words.findIndex((word, i) => DONE.test(word.toLowerCase()) && /^\p{Lu}/u.test(words[i + 1] ?? ''));
  return end > 0 ? words.slice(0, end + 1).join(' ') : '';
}

function noticeIn(text: string): { thing: string; done: string } | null {
  const match = NOTICE.exec(saidIn(text));
  const thing = match?.[1];
  const done = match?.[2];
  if (!thing || !done || thing.split(' ').some((word) => NOT_DONE_TO.test(word))) return null;
  // A notice is a sentence: 'Checkout Step Completed' set in Title Case is a name (an event's in a table, a button's).
  const titled = new RegExp(`\\b${done[0]?.toUpperCase() ?? ''}${done.slice(1)}\\b`).test(text);
  if (titled && text !== text.toUpperCase()) return null;
  return { thing, done: done === 'canceled' ? 'cancelled' : done };
}

/** Lists a user keeps and a toast names ('Added to wishlist') that are not the cart or a calendar. */
const KEPT_IN = /^(wish ?list|favou?rites|saved|list|collection|bookmarks|library|board|trip|homes|places|stays|events)$/;
/**
 * A toast that says the item on screen was kept in one of the user's lists without naming the item ('Saved to your
 * list', 'Added to wishlist', '♥ Saved to your homes View', 'Saved to Barcelona trip'): the list's last word, or null.
 * The cart, a calendar or a wallet is no list the user keeps.
 */
export function savedToListOf(text: string): string | null {
  const match = /^(?:[^a-z]+ )?(?:saved|added) to (?:your |my |the |a )?((?:[a-z]+ ){0,2}?[a-z]+)(?: (?:view(?: list| all)?|undo|see (?:list|all)))?$/.exec(saidIn(text));
  const list = match?.[1]?.split(' ').at(-1);
  return list !== undefined && KEPT_IN.test(list) ? list : null;
}

/** Pictures a set must hold before its counter makes a gallery: a step, a question or a page counts a few. */
const MIN_GALLERY = 6;

/**
 * A lightbox's caption ending in where its picture stands in the set ('Deluxe Double Room with balcony · 2 / 48'):
 * the set's size, or null. A step, a question, a page or a rating counts its place the same way and is none.
 */
export function pictureCounterOf(text: string): number | null {
  const counter = /^(.*\p{L}.*?)\s*[-·:]?\s+(\d{1,3}) ?\/ ?(\d{1,3})$/u.exec(text);
  if (!counter || /\b(step|question|page|rated|rating|score|of)\b/i.test(counter[1] as string)) return null;
  const [at, of] = [Number(counter[2]), Number(counter[3])];
  return at >= 1 && at <= of && of >= MIN_GALLERY ? of : null;
}

/** A line that tells what the user's action did, as the analysis keeps it on a screen: see `noticeOf` and `savedToListOf`. */
export function isNoticeText(text: string): boolean {
  return noticeOf(text) !== null || savedToListOf(text) !== null;
}

export const userActionKindSchema = z.enum(['click', 'type', 'navigate', 'scroll', 'open_modal', 'submit']);
export const userActionSchema = z.object({
  kind: userActionKindSchema,
  target: z.string().optional(),
  toScreen: z.string().optional(),
  atSec: z.number(),
  /**
   * Object storage key of the frame the action happened on (a click's moment, not only the screen's settled
   * frame); absent in analyses that predate it, null when the frame was not kept.
   */
  screenshotKey: z.string().nullable().optional(),
});
export type UserAction = z.infer<typeof userActionSchema>;

/** An interval of the video during which a screen was on view. */
export const timeRangeSchema = z.object({ startSec: z.number(), endSec: z.number() });
export type TimeRange = z.infer<typeof timeRangeSchema>;

export const pageSpecSchema = z.object({
  id: z.string(),
  videoId: z.string(),
  productId: z.string(),
  screenName: z.string(),
  description: z.string(),
  /** Object storage key; browsers load it as /api/images/{screenshotKey}. null when there is no screenshot. */
  screenshotKey: z.string().nullable(),
  elements: z.array(uiElementSchema),
  actions: z.array(userActionSchema),
  firstSeenSec: z.number(),
  lastSeenSec: z.number(),
  /**
   * Every visit of the screen, in order (a revisited screen has several); absent in data that predates it,
   * which reads as the one range [firstSeenSec, lastSeenSec].
   */
  timeRanges: z.array(timeRangeSchema).optional(),
  order: z.number().int(),
});
export type PageSpec = z.infer<typeof pageSpecSchema>;

/** What kind of screen a page spec shows, as analysis recognises it (a checkout's confirmation is a checkout). */
export const screenKindSchema = z.enum([
  'login',
  'signup',
  'checkout',
  'cart',
  'product',
  'listing',
  'search',
  'settings',
  'dashboard',
  'content',
  'other',
]);
export type ScreenKind = z.infer<typeof screenKindSchema>;

/** A page spec as GetProductAnalysis answers it: its screen kind, its labels cleaned of OCR noise. */
export const analysedPageSpecSchema = pageSpecSchema.extend({ screenKind: screenKindSchema });
export type AnalysedPageSpec = z.infer<typeof analysedPageSpecSchema>;

export const journeySchema = z.object({ name: z.string(), description: z.string(), steps: z.array(z.string()) });
export type Journey = z.infer<typeof journeySchema>;

/** What GetProductAnalysis answers (proto/analysis/v1), in camelCase. */
export const productAnalysisSchema = z.object({
  productId: z.string(),
  finalized: z.boolean(),
  status: z.string(),
  summary: z.string(),
  pageSpecs: z.array(analysedPageSpecSchema),
  journeys: z.array(journeySchema),
  keyActions: z.array(z.object({ screenName: z.string(), keyActions: z.array(z.string()) })),
});
export type ProductAnalysis = z.infer<typeof productAnalysisSchema>;

/**
 * The words of a label or screen name, as analysis cleans labels and planning names events by them: runs of
 * letters and digits, accents dropped, camelCase split ('Sign-up', 'sign_up' and 'SignUp' all give [Sign, up]).
 */
export function labelWords(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word.length > 0);
}

/** The server's error messages for page specs (product-spec §8 words where the specification has them). */
export const PAGE_SPEC_MESSAGES = {
  missingInformation: 'Missing information: Please provide both screen name and description.',
  nothingToFinalize: 'No page specifications to finalize',
  videoRequired: 'Video ID is required',
  videoNotFound: 'Video not found',
  productNotFound: 'Product not found',
  pageSpecNotFound: 'Page spec not found',
  analysisNotReady: 'The video analysis has not finished yet',
  notRetryable: 'Only a failed analysis can be restarted',
} as const;

export const SCREEN_NAME_MAX = 200;
export const SCREEN_DESCRIPTION_MAX = 5000;

/** A page spec as the REST routes answer it: the contract shape, and whether the user added it. */
export const videoPageSpecSchema = pageSpecSchema.extend({ isUserAdded: z.boolean() });
export type VideoPageSpec = z.infer<typeof videoPageSpecSchema>;

const videoId = text({ label: 'Video ID', required: PAGE_SPEC_MESSAGES.videoRequired, max: 200 });

/** POST /api/products/{id}/page-specs/enhance: a screen the user adds; the analysis enhances it. */
export const enhancePageSpecBodySchema = z.object({
  screenName: text({ label: 'Screen name', required: PAGE_SPEC_MESSAGES.missingInformation, max: SCREEN_NAME_MAX }),
  description: text({
    label: 'Description',
    required: PAGE_SPEC_MESSAGES.missingInformation,
    max: SCREEN_DESCRIPTION_MAX,
    multiline: true,
  }),
  videoId,
});
export type EnhancePageSpecBody = z.infer<typeof enhancePageSpecBodySchema>;

/** POST /api/products/{id}/page-specs/finalize. Without videoId the product's video awaiting review is meant. */
export const finalizePageSpecsBodySchema = z.object({
  videoId: videoId.optional(),
});
export type FinalizePageSpecsBody = z.infer<typeof finalizePageSpecsBodySchema>;

/** Product knowledge built when the user finalises a video's page specs. */
export const productKnowledgeSchema = z.object({
  summary: z.string(),
  journeys: z.array(journeySchema),
  keyActions: z.array(z.object({ screenName: z.string(), keyActions: z.array(z.string()) })),
});
export type ProductKnowledge = z.infer<typeof productKnowledgeSchema>;

/** The answer of finalize: the video is completed and its product knowledge built. */
export const finalizePageSpecsResponseSchema = z.object({
  success: z.literal(true),
  videoId: z.string(),
  productId: z.string(),
  status: z.literal('completed'),
  knowledge: productKnowledgeSchema,
});
export type FinalizePageSpecsResponse = z.infer<typeof finalizePageSpecsResponseSchema>;
