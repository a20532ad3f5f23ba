/**
 * What a question asks for: KPIs, a north star, an AARRR stage, a funnel or a screen of the product, a
 * dashboard, HEART dimensions, or an explanation of an earlier metric; with the period it wants and the part of
 * the product it is about. A follow-up ('make it weekly', 'what about retention for these?', 'explain the
 * second one') takes what it leaves out from the earlier questions of the thread.
 */
import { labelWords, type Funnel } from '@tracklens/contracts';
import type { ProductModel, ScreenInfo } from './product-model';

export type IntentKind =
  | 'kpis'
  | 'north_star'
  | 'aarrr'
  | 'acquisition'
  | 'activation'
  | 'retention'
  | 'revenue'
  | 'referral'
  | 'funnel'
  | 'dashboard'
  | 'heart'
  | 'explain';

export type AarrrStage = 'acquisition' | 'activation' | 'retention' | 'revenue' | 'referral';
export type HeartDimension = 'Happiness' | 'Engagement' | 'Adoption' | 'Retention' | 'Task Success';
export type Period = 'day' | 'week' | 'month';
/** A part of a product a question can name without naming its screen. */
export type Topic =
  'checkout' | 'cart' | 'signup' | 'login' | 'onboarding' | 'search' | 'product' | 'invite' | 'upgrade';

export type Focus =
  | { kind: 'funnel'; funnel: Funnel }
  | { kind: 'screen'; screen: ScreenInfo; topic: Topic | null }
  | { kind: 'topic'; topic: Topic };

export interface Intent {
  kind: IntentKind;
  focus: Focus | null;
  /** The period the question asked for; null for each metric's own. */
  period: Period | null;
  /** For 'aarrr': the stages asked about (all five when none was named). */
  stages: AarrrStage[];
  /** For 'heart': the dimensions asked about (all five when none was named). */
  heart: HeartDimension[];
  /** For 'explain': which metric of the earlier answer (1-based; -1 the last), or words of its name. */
  ordinal: number | null;
  metricWords: string[];
  /** The earlier question this one follows up, resolved; null for a question that stands alone. */
  previous: Intent | null;
}

export interface Turn {
  role: 'user' | 'assistant';
  content: string;
}

/** How many earlier questions a chain of follow-ups may reach back through. */
const MAX_FOLLOW_UP_DEPTH = 6;

/** The thread from its 'user: …' / 'assistant: …' lines; a line without a role continues the message before it. */
export function parseHistory(history: string): Turn[] {
  const turns: Turn[] = [];
  for (const line of history.split(/\r?\n/)) {
    const start = /^(user|assistant):\s?(.*)$/i.exec(line);
    if (start)
      turns.push({
        role: (start[1] ?? '').toLowerCase() === 'user' ? 'user' : 'assistant',
        content: start[2] ?? '',
      });
    else if (turns.length > 0) {
      const last = turns[turns.length - 1];
      if (last) last.content += `\n${line}`;
    }
  }
  return turns.map((turn) => ({ ...turn, content: turn.content.trim() }));
}

export function recogniseIntent(message: string, history: string, model: ProductModel): Intent {
  const asked = parseHistory(history)
    .filter((turn) => turn.role === 'user' && turn.content.length > 0)
    .map((turn) => turn.content);
  return resolve(message, asked, model, 0);
}

function resolve(message: string, earlier: string[], model: ProductModel, depth: number): Intent {
  const read = readMessage(message, model, earlier.length > 0);
  const before = earlier[earlier.length - 1];
  const needsEarlier = read.explain || read.refersBack || read.kind === null;
  const previous =
    needsEarlier && before !== undefined && depth < MAX_FOLLOW_UP_DEPTH
      ? resolve(before, earlier.slice(0, -1), model, depth + 1)
      : null;
  if (read.explain && previous) {
    return {
      kind: 'explain',
      focus: previous.focus,
      period: read.period ?? previous.period,
      stages: previous.stages,
      heart: previous.heart,
      ordinal: read.ordinal,
      metricWords: read.ordinal === null ? read.words : [],
      previous,
    };
  }
  const kind =
    read.kind ??
    (previous?.kind === 'explain' ? (previous.previous?.kind ?? 'kpis') : previous?.kind) ??
    'kpis';
  const inherits = previous !== null && (read.refersBack || read.kind === null);
  return {
    kind,
    focus: read.focus ?? (inherits ? previous.focus : null),
    period: read.period ?? (previous ? previous.period : null),
    stages: read.stages.length > 0 ? read.stages : kind === previous?.kind ? previous.stages : [],
    heart: read.heart.length > 0 ? read.heart : kind === previous?.kind ? previous.heart : [],
    ordinal: null,
    metricWords: [],
    previous: inherits ? previous : null,
  };
}

interface Reading {
  kind: IntentKind | null;
  focus: Focus | null;
  period: Period | null;
  stages: AarrrStage[];
  heart: HeartDimension[];
  explain: boolean;
  refersBack: boolean;
  ordinal: number | null;
  /** The message's meaningful words, for finding a metric it names. */
  words: string[];
}

const STAGE_PATTERNS: Array<[AarrrStage, RegExp]> = [
  [
    'acquisition',
    /acquisi|traffic|\bvisitors?\b|\bchannels?\b|\butm\b|campaigns?|marketing|\bseo\b|\bads\b|\binstalls?\b|\bdownloads?\b|top of (the )?funnel|where .{0,30}come from/,
  ],
  [
    'activation',
    /activat|onboard|\baha\b|first (value|use|session|order|project|purchase|run|week)|time to value|get started|getting started|set ?up completion/,
  ],
  [
    'retention',
    /retention|retain|churn|come back|coming back|\breturn(s|ing)?\b|stick(y|iness)|\b[dwm]au\b|cohort|repeat|loyal|habit/,
  ],
  [
    'revenue',
    /revenue|moneti[sz]|paying|\bpayments?\b|purchases?|\baov\b|order value|\bltv\b|lifetime value|\barpu\b|\bmrr\b|\barr\b|upgrad|\bpaid\b|subscription|\bsales\b|basket size|\bmoney\b|conversion to paid/,
  ],
  ['referral', /referr|invit|viral|word of mouth|\bshar(e|es|ing)\b|k[\s-]?factor|recommend/],
];

/** When a question touches several stages without naming them ('come back after the first order'), the later stage is what it asks about. */
const STAGE_PRIORITY: AarrrStage[] = ['retention', 'revenue', 'referral', 'activation', 'acquisition'];

function namedStages(text: string): AarrrStage[] {
  const named = new Set(
    [...text.matchAll(/\b(acquisition|activation|retention|revenue|referral)s?\b/g)].map(
      (found) => found[1] as AarrrStage,
    ),
  );
  return STAGE_PATTERNS.map(([stage]) => stage).filter((stage) => named.has(stage));
}

const HEART_PATTERNS: Array<[HeartDimension, RegExp]> = [
  ['Happiness', /happiness|happy|satisf|\bnps\b|\bcsat\b|sentiment|\bdelight/],
  ['Engagement', /engag/],
  ['Adoption', /adopt/],
  [
    'Task Success',
    /task success|success rate|error rate|errors?\b|time on task|time to complete|complete (a |their )?tasks?|efficien/,
  ],
];

const ORDINALS: Record<string, number> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
  tenth: 10,
  last: -1,
  '1st': 1,
  '2nd': 2,
  '3rd': 3,
  '4th': 4,
  '5th': 5,
  '6th': 6,
  '7th': 7,
  '8th': 8,
  '9th': 9,
  '10th': 10,
};

const FILLER_WORDS = new Set([
  'a',
  'an',
  'the',
  'and',
  'or',
  'of',
  'to',
  'for',
  'in',
  'on',
  'at',
  'by',
  'with',
  'my',
  'our',
  'your',
  'me',
  'i',
  'we',
  'it',
  'is',
  'are',
  'be',
  'do',
  'does',
  'how',
  'what',
  'which',
  'should',
  'can',
  'could',
  'would',
  'about',
  'this',
  'that',
  'these',
  'those',
  'explain',
  'tell',
  'more',
  'one',
  'metric',
  'metrics',
  'please',
  'mean',
  'means',
  'again',
  'row',
]);

function readMessage(message: string, model: ProductModel, inThread: boolean): Reading {
  const text = ` ${message.toLowerCase().replace(/[’‘]/g, "'").replace(/\s+/g, ' ')} `;
  const stages = STAGE_PATTERNS.filter(([, pattern]) => pattern.test(text)).map(([stage]) => stage);
  const heartWord = /\bheart\b/.test(text);
  let heart = HEART_PATTERNS.filter(([, pattern]) => pattern.test(text)).map(([dimension]) => dimension);
  if (heartWord && heart.length > 0 && stages.includes('retention')) heart = [...heart, 'Retention'];
  const ordinal = ordinalOf(text);
  const refersBack =
    inThread &&
    /\b(these|those|them|it|that|this|the same|above|previous|earlier|instead|each of them|that one|this one)\b/.test(
      text,
    );
  const explainWords =
    /\b(explain|elaborate|tell me more|more about|more detail|walk me through|break (it|that|this) down|what (does|do|is) .{0,60}\b(mean|measure)|how (do i|to|would i|should i) (calculate|compute|build|read) (it|that|this|the)\b)/.test(
      text,
    );

  const focus = focusOf(text, model);
  let kind: IntentKind | null = null;
  if (/\b(dashboards?|scorecard)\b/.test(text) && dashboardMeant(text, model)) kind = 'dashboard';
  else if (
    /\b(weekly|monthly|daily) (report|review|update|email)\b|\breport(ing)? (layout|template)\b/.test(text)
  )
    kind = 'dashboard';
  else if (
    /north[\s-]?star|\bnsm\b|one metric that matters|\bomtm\b|single (most )?important (metric|number)|one (number|metric) (to|that|i)/.test(
      text,
    )
  )
    kind = 'north_star';
  else if (heartWord || heart.length > 0) kind = 'heart';
  else if (/\baarrr\b|pirate|every stage|each stage|all (the )?stages|full[\s-]funnel metrics/.test(text))
    kind = 'aarrr';
  else if (
    /funnel|drop[\s-]?offs?\b|drop(s|ping)? off|drop[\s-]?outs?\b|abandon|where (do |are |did )?(users|people|customers|visitors|buyers) (drop|leave|quit|get stuck|fall|give up)|conversion (rate )?(of|through|from|between|on|in|at|across)|step[\s-]by[\s-]step conversion|\bbounce|leak/.test(
      text,
    )
  ) {
    kind = 'funnel';
  } else if (namedStages(text).length >= 2) kind = 'aarrr';
  else if (stages.length > 0) kind = STAGE_PRIORITY.find((stage) => stages.includes(stage)) ?? null;
  else if (
    /\bkpis?\b|key (performance )?(indicators|metrics)|which metrics|what metrics|what (numbers|should (i|we) (watch|track|measure|monitor|look at))|measure success|success metrics|\bhealth\b|how (is|are) (my|our) (product|app|site|business) doing/.test(
      text,
    )
  ) {
    kind = 'kpis';
  } else if (focus && /\b(measur|track|metric|conver|perform|doing|work)/.test(text)) kind = 'funnel';
  // KPIs of a part of the product the question names are that part's funnel.
  if (kind === 'kpis' && focus && focus.kind !== 'topic') kind = 'funnel';

  const explain = explainWords && (ordinal !== null || refersBack || kind === null);
  return {
    kind: explain ? null : kind,
    focus,
    period: periodOf(text),
    stages: kind === 'aarrr' ? (namedStages(text).length >= 2 ? namedStages(text) : stages) : [],
    heart: kind === 'heart' ? heart : [],
    explain,
    refersBack,
    ordinal,
    words: labelWords(text)
      .map((word) => word.toLowerCase())
      .filter((word) => !FILLER_WORDS.has(word) && !(word in ORDINALS)),
  };
}

/** 'my weekly dashboard' is a dashboard to build; 'drop-off on the Dashboard' is the product's screen. */
function dashboardMeant(text: string, model: ProductModel): boolean {
  const screenNamed = model.screens.some((screen) => /\bdashboard\b/i.test(screen.name));
  if (!screenNamed) return true;
  if (
    /\b(on|from|to|of|at|leave|leaving) the dashboard( screen| page)?\b|\bdashboard (screen|page)\b/.test(
      text,
    )
  )
    return false;
  return true;
}

function periodOf(text: string): Period | null {
  if (/\b(daily|per day|each day|every day|day over day|a day|dau)\b/.test(text)) return 'day';
  if (/\b(weekly|per week|each week|every week|week over week|a week|wau|by week)\b/.test(text))
    return 'week';
  if (/\b(monthly|per month|each month|every month|month over month|a month|mau|by month)\b/.test(text))
    return 'month';
  return null;
}

function ordinalOf(text: string): number | null {
  const numbered = /(?:#|\bnumber |\bno\.? ?|\brow |\bmetric |\bitem )(\d{1,2})\b/.exec(text);
  if (numbered?.[1]) return Number(numbered[1]);
  const word =
    /\b(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last|1st|2nd|3rd|[4-9]th|10th)\b(?! (week|day|month|time|step|order|purchase|session|value|use|project))/.exec(
      text,
    );
  return word?.[1] ? (ORDINALS[word[1]] ?? null) : null;
}

const TOPIC_PATTERNS: Array<[Topic, RegExp]> = [
  [
    'checkout',
    /check[\s-]?out|\bpayments?\b|\bpay\b|\bpurchas(e|es|ing)\b|\bbuy(ing)?\b|place (an |the )?order/,
  ],
  ['cart', /\b(cart|basket|bag)\b/],
  ['onboarding', /onboard|activation funnel|set[\s-]?up flow|first[\s-]run/],
  ['signup', /sign[\s-]?ups?\b|registration|register|create (an |your |their )?account/],
  ['login', /\blog[\s-]?in|sign[\s-]?in\b/],
  ['search', /\bsearch/],
  ['product', /product (page|detail)|item (page|detail)|detail page/],
  ['invite', /invit/],
  ['upgrade', /upgrad|billing|pricing|paywall/],
];

const TOPIC_KINDS: Partial<Record<Topic, ScreenInfo['kind']>> = {
  checkout: 'checkout',
  cart: 'cart',
  signup: 'signup',
  login: 'login',
  search: 'search',
  product: 'product',
};

const GENERIC_SCREEN_WORDS = new Set([
  'screen',
  'page',
  'view',
  'the',
  'a',
  'your',
  'my',
  'of',
  'to',
  'and',
  'for',
  'in',
  'on',
  'details',
  'detail',
]);

/** The funnel, screen or topic a question names; the most specific when it names several. */
function focusOf(text: string, model: ProductModel): Focus | null {
  const words = new Set(labelWords(text).map(singularKey));
  const contains = (name: string, ignore: Set<string>) => {
    const needed = labelWords(name)
      .map(singularKey)
      .filter((word) => !ignore.has(word));
    return needed.length > 0 && needed.every((word) => words.has(word)) ? needed.length : 0;
  };
  let best: { focus: Focus; score: number } | null = null;
  const offer = (focus: Focus, score: number) => {
    if (score > 0 && (!best || score > best.score)) best = { focus, score };
  };
  const topic = TOPIC_PATTERNS.find(([, pattern]) => pattern.test(text))?.[0] ?? null;

  for (const funnel of model.funnels) {
    const matched = contains(funnel.name, new Set(['funnel', 'flow', 'journey']));
    if (matched > 0 && /funnel|flow|journey|drop|conversion|step/.test(text))
      offer({ kind: 'funnel', funnel }, 10 + matched);
  }
  for (const screen of model.screens) {
    const matched = contains(screen.name, GENERIC_SCREEN_WORDS);
    if (matched > 0) offer({ kind: 'screen', screen, topic: topicOfScreen(screen) ?? topic }, 5 + matched);
  }
  if (topic) {
    const kind = TOPIC_KINDS[topic];
    const screen = kind
      ? model.screens.find((s) => s.kind === kind && !/confirm|thank|success/i.test(s.name))
      : undefined;
    if (screen) offer({ kind: 'screen', screen, topic }, 4);
    else if (topic === 'onboarding' && model.onboarding[0])
      offer({ kind: 'screen', screen: model.onboarding[0], topic }, 4);
    else offer({ kind: 'topic', topic }, 3);
  }
  return (best as { focus: Focus; score: number } | null)?.focus ?? null;
}

export function topicOfScreen(screen: ScreenInfo): Topic | null {
  const kinds = Object.entries(TOPIC_KINDS) as Array<[Topic, ScreenInfo['kind']]>;
  const byKind = kinds.find(([, kind]) => kind === screen.kind)?.[0];
  if (byKind) return byKind;
  if (/\binvite/i.test(screen.name)) return 'invite';
  if (/\b(billing|pricing|upgrade|plans?)\b/i.test(screen.name)) return 'upgrade';
  return null;
}

function singularKey(word: string): string {
  const lower = word.toLowerCase();
  if (lower.length > 4 && lower.endsWith('ies')) return `${lower.slice(0, -3)}y`;
  return lower.length > 3 && lower.endsWith('s') && !lower.endsWith('ss') ? lower.slice(0, -1) : lower;
}
