/**
 * What part of the recorded journey a question asks to see: the whole journey, a plan funnel, the screens
 * around a screen or a topic (sign-up, checkout, onboarding ...), or what comes after or before one; and which
 * messages of the thread add proposed steps to the flow before them.
 */
import type { Funnel } from '@tracklens/contracts';
import { eventMentions, planNames } from '../strategy/event-names';
import { parseHistory, recogniseIntent, type Topic } from '../strategy/intent';
import type { JourneyGraph, JourneyScreen } from './journey-graph';

export type FlowScope =
  | { kind: 'whole' }
  | { kind: 'funnel'; funnel: Funnel; screens: JourneyScreen[] }
  | { kind: 'around' | 'after' | 'before'; screens: JourneyScreen[]; subject: string };

/** How many earlier questions a chain of additions may reach back through. */
const MAX_FOLLOW_UPS = 6;

const WHOLE = /\b(main|whole|full|entire|complete|overall|all|every)\b|\bend[\s-]to[\s-]end\b/;
const AFTER =
  /\b(after|afterwards?|once|onwards?|following|then what|what happens next|from (the )?[\w\s'-]{1,40} on)\b/;
const BEFORE =
  /\b(before|leading (up )?to|leads? to|get(s|ting)? to|reach(es|ing)?|arrive at|how do (users|people|visitors|customers) (get|find))\b/;
const ADDITION =
  /^\s*(please\s+|can you\s+|could you\s+|now\s+|also\s+|and\s+)*(add|include|insert|append|show also|also show)\b|\b(add|include|insert)\b.{0,60}\b(path|step|screen|page|branch|flow|node|option|state|case)\b/;

const TOPIC_SUBJECTS: Record<Topic, string> = {
  checkout: 'Checkout',
  cart: 'Cart',
  signup: 'Sign-up',
  login: 'Sign-in',
  onboarding: 'Onboarding',
  search: 'Search',
  product: 'Product page',
  invite: 'Invitation',
  upgrade: 'Upgrade',
};

/** A message that adds to the flow before it rather than asking for another one. */
export function isAddition(message: string): boolean {
  return ADDITION.test(message.toLowerCase());
}

/**
 * The questions the flow is built from, oldest first: the last one that asks for a flow of its own, then the
 * additions after it (only the current message when it stands alone).
 */
export function questionChain(message: string, history: string): string[] {
  const asked = parseHistory(history)
    .filter((turn) => turn.role === 'user' && turn.content.length > 0)
    .map((turn) => turn.content);
  const chain = [message];
  let current = message;
  while (chain.length <= MAX_FOLLOW_UPS && asked.length > 0) {
    const before = asked.pop();
    if (before === undefined) break;
    if (!isAddition(current) && !refersBack(current)) break;
    chain.unshift(before);
    current = before;
  }
  return chain;
}

/** A message that names nothing of its own ('and for phones?') keeps the part of the flow asked before. */
function refersBack(message: string): boolean {
  return /^\s*(and|now|ok|okay|then|same|also)\b|\b(it|this|that|these|those|the same|instead)\b/i.test(
    message,
  );
}

/** The part of the journey a question asks for; null when it names nothing of the product. */
export function readScope(message: string, graph: JourneyGraph): FlowScope | null {
  const text = ` ${message.toLowerCase().replace(/[’‘]/g, "'").replace(/\s+/g, ' ')} `;
  const direction: 'around' | 'after' | 'before' = AFTER.test(text)
    ? 'after'
    : BEFORE.test(text)
      ? 'before'
      : 'around';

  // An event of the plan the question names stands for the screen it happens on.
  const names = planNames(
    graph.model.hasPlan ? { events: graph.model.events, funnels: graph.model.funnels } : null,
  );
  for (const mention of eventMentions(message, names, { unknowns: 'none' })) {
    if (mention.match.kind === 'unknown') continue;
    const screen = graph.screenOfEvent(mention.match.name);
    if (screen) return { kind: direction, screens: [screen], subject: mention.match.name };
  }

  const focus = recogniseIntent(message, '', graph.model).focus;
  if (focus?.kind === 'funnel' && direction === 'around') {
    const screens = funnelScreens(focus.funnel, graph);
    if (screens.length >= 2) return { kind: 'funnel', funnel: focus.funnel, screens };
  }
  if (focus?.kind === 'screen') {
    const screen = graph.screenNamed(focus.screen.name);
    if (screen) {
      const topic = focus.topic;
      const subject = topic && direction === 'around' ? TOPIC_SUBJECTS[topic] : screen.name;
      return {
        kind: direction,
        screens: direction === 'around' ? topicScreens(screen, topic, graph) : [screen],
        subject,
      };
    }
  }
  if (focus?.kind === 'funnel') {
    const first = funnelScreens(focus.funnel, graph)[0];
    if (first) return { kind: direction, screens: [first], subject: focus.funnel.name };
  }
  if (WHOLE.test(text)) return { kind: 'whole' };
  return null;
}

/** The screens of a funnel's steps, in step order, each once. */
export function funnelScreens(funnel: Funnel, graph: JourneyGraph): JourneyScreen[] {
  const screens: JourneyScreen[] = [];
  for (const step of funnel.steps) {
    const screen = graph.screenOfEvent(step);
    if (screen && !screens.includes(screen)) screens.push(screen);
  }
  return screens;
}

/** The screens a topic covers: every sign-up screen and the onboarding after it, every checkout step ... */
function topicScreens(screen: JourneyScreen, topic: Topic | null, graph: JourneyGraph): JourneyScreen[] {
  const ofKind = (kind: JourneyScreen['kind']) => graph.screens.filter((s) => s.kind === kind);
  const onboarding = graph.model.onboarding
    .map((info) => graph.screenNamed(info.name))
    .filter((s): s is JourneyScreen => s !== undefined);
  let screens: JourneyScreen[];
  switch (topic) {
    case 'signup':
    case 'onboarding':
      screens = [...ofKind('signup'), ...onboarding];
      break;
    case 'checkout':
      screens = ofKind('checkout');
      break;
    case 'login':
      screens = ofKind('login');
      break;
    default:
      screens = [];
  }
  if (!screens.includes(screen)) screens.push(screen);
  return [...new Set(screens)].sort((a, b) => a.index - b.index);
}
