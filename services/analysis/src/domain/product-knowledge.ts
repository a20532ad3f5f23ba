/**
 * What a product's reviewed page specs say about it, built deterministically: a summary, the journeys a
 * user takes (the whole flow, its connected stretches, and each form) and the key actions of every screen.
 */
import type { Journey, PageSpec, ProductKnowledge, UiElement, UserAction } from '@tracklens/contracts';

type Spec = Pick<PageSpec, 'screenName' | 'elements' | 'actions' | 'order'>;

export const MAIN_FLOW = 'Main Flow';
const KEY_ACTIONS_PER_SCREEN = 10;

export function buildProductKnowledge(specs: Spec[]): ProductKnowledge {
  const ordered = [...specs].sort((a, b) => a.order - b.order);
  const journeys = [mainFlow(ordered), ...formJourneys(ordered), ...connectedStretches(ordered)];
  const unique = journeys.filter((journey, i) => journeys.findIndex((other) => sameJourney(other, journey)) === i);
  const navigation = siteNavigation(ordered);
  const keyActions = ordered.map((spec) => ({ screenName: spec.screenName, keyActions: keyActionsOf(spec, navigation) }));
  return { summary: summaryOf(ordered, unique, keyActions), journeys: unique, keyActions };
}

function sameJourney(a: Journey, b: Journey): boolean {
  return a.name.toLowerCase() === b.name.toLowerCase() || a.steps.join('\u0000') === b.steps.join('\u0000');
}

function mainFlow(specs: Spec[]): Journey {
  return {
    name: MAIN_FLOW,
    description: 'Every screen in the order the demo shows it.',
    steps: specs.map((spec) => spec.screenName),
  };
}

const LINKS: ReadonlySet<UserAction['kind']> = new Set(['navigate', 'submit', 'open_modal', 'click']);

function leadsTo(from: Spec, to: Spec): boolean {
  return from.actions.some((action) => LINKS.has(action.kind) && action.toScreen === to.screenName);
}

/** The ordered screens split where the demo does not move on from one screen to the next itself. */
function connectedStretches(specs: Spec[]): Journey[] {
  const stretches: Spec[][] = [];
  for (const [i, spec] of specs.entries()) {
    const previous = specs[i - 1];
    const current = stretches[stretches.length - 1];
    if (current && previous && leadsTo(previous, spec)) current.push(spec);
    else stretches.push([spec]);
  }
  if (stretches.length < 2) return [];
  return stretches
    .filter((stretch) => stretch.length >= 2)
    .map((stretch) => ({
      name: `${stretch[0]?.screenName} to ${stretch[stretch.length - 1]?.screenName}`,
      description: 'Screens the user moves through one after another.',
      steps: stretch.map((spec) => spec.screenName),
    }));
}

/** A form the user fills in and submits is a journey of its own, named after its submit button. */
function formJourneys(specs: Spec[]): Journey[] {
  const journeys: Journey[] = [];
  for (const spec of specs) {
    const inputs = spec.elements.filter((element) => element.kind === 'input').map((element) => element.label);
    for (const submit of spec.actions.filter((action) => action.kind === 'submit' && action.target)) {
      const steps = [spec.screenName, ...(submit.toScreen && submit.toScreen !== spec.screenName ? [submit.toScreen] : [])];
      journeys.push({
        name: titleCase(submit.target ?? spec.screenName),
        description: inputs.length
          ? `Fill in ${listOf(inputs)} on ${spec.screenName} and press ${submit.target}.`
          : `Press ${submit.target} on ${spec.screenName}.`,
        steps,
      });
    }
  }
  return journeys;
}

const ELEMENT_VERBS: Partial<Record<UiElement['kind'], string>> = {
  button: 'Click',
  link: 'Open',
  input: 'Enter',
  tab: 'Switch to',
  checkbox: 'Toggle',
  select: 'Choose',
};

function actionText(action: UserAction): string | null {
  switch (action.kind) {
    case 'click':
      return action.target ? `Click ${action.target}` : null;
    case 'type':
      return action.target ? `Enter ${action.target}` : null;
    case 'submit':
      return action.target ? `Submit with ${action.target}` : 'Submit the form';
    case 'open_modal':
      return action.target ? `Open ${action.target}` : null;
    case 'navigate':
      return action.toScreen ? `Go to ${action.toScreen}` : null;
    case 'scroll':
      // Scrolling is how a demo shows a page, not something the product is used for.
      return null;
  }
}

/** Links found on two screens or more are the site's navigation (header, footer), not a screen's own actions. */
function siteNavigation(specs: Spec[]): ReadonlySet<string> {
  const counts = new Map<string, number>();
  for (const spec of specs) {
    const links = new Set(spec.elements.filter((element) => element.kind === 'link').map((element) => labelKey(element.label)));
    for (const link of links) counts.set(link, (counts.get(link) ?? 0) + 1);
  }
  return new Set([...counts].filter(([, count]) => count >= 2).map(([link]) => link));
}

function labelKey(label: string): string {
  return label.trim().toLowerCase();
}

/** What a user does on a screen: what the video showed, then what the screen offers besides the site navigation. */
export function keyActionsOf(spec: Pick<Spec, 'elements' | 'actions'>, navigation: ReadonlySet<string> = new Set()): string[] {
  const seen = [...spec.actions].sort((a, b) => a.atSec - b.atSec).map(actionText);
  const visible = spec.elements.map((element) => {
    const verb = ELEMENT_VERBS[element.kind];
    if (element.kind === 'link' && navigation.has(labelKey(element.label))) return null;
    return verb && element.label.trim() ? `${verb} ${element.label.trim()}` : null;
  });
  const unique = new Map<string, string>();
  for (const text of [...seen, ...visible]) if (text && !unique.has(text.toLowerCase())) unique.set(text.toLowerCase(), text);
  return [...unique.values()].slice(0, KEY_ACTIONS_PER_SCREEN);
}

function summaryOf(specs: Spec[], journeys: Journey[], keyActions: Array<{ keyActions: string[] }>): string {
  const names = specs.map((spec) => spec.screenName);
  const screens = `The product demo shows ${names.length} ${names.length === 1 ? 'screen' : 'screens'}: ${listOf(names)}.`;
  const others = journeys.filter((journey) => journey.name !== MAIN_FLOW).map((journey) => journey.name);
  const flows = others.length ? ` Journeys besides the main flow: ${listOf(others)}.` : '';
  const actions = keyActions.reduce((sum, screen) => sum + screen.keyActions.length, 0);
  return `${screens}${flows} ${actions} key ${actions === 1 ? 'action was' : 'actions were'} identified across the screens.`;
}

function listOf(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

function titleCase(text: string): string {
  return text
    .trim()
    .split(/\s+/)
    .map((word) => (word ? word[0]?.toUpperCase() + word.slice(1) : word))
    .join(' ');
}
