/**
 * Names as each tool wants them, from the plan's display names ('Order Completed', 'billing_cycle'):
 * snake_case ids for Snowplow and RudderStack, camelCase and PascalCase identifiers for TypeScript.
 */
import { labelWords } from '@tracklens/contracts';

/** 'Order Completed' → 'order_completed'; an id starts with a letter. */
export function snakeId(name: string): string {
  const snake = labelWords(name)
    .map((word) => word.toLowerCase())
    .join('_');
  return /^[a-z]/.test(snake) ? snake : `e_${snake}`;
}

/** 'Order Completed' → 'orderCompleted'. */
export function camelId(name: string): string {
  const pascal = pascalId(name);
  return pascal.charAt(0).toLowerCase() + pascal.slice(1);
}

/** 'Order Completed' → 'OrderCompleted'; an identifier starts with a letter. */
export function pascalId(name: string): string {
  const words = labelWords(name).map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase());
  const pascal = words.join('');
  return /^[A-Za-z]/.test(pascal) ? pascal : `E${pascal}`;
}

/**
 * Groups of names a tool would take for one: equal once rendered by `render` and compared without case
 * ('Sign Up' and 'Sign-up' both become 'sign_up'). Each group is listed once, in the plan's order.
 */
export function caseCollisions(names: readonly string[], render: (name: string) => string): string[][] {
  const groups = new Map<string, string[]>();
  for (const name of names) {
    const key = render(name).toLowerCase();
    const group = groups.get(key) ?? [];
    if (!group.includes(name)) group.push(name);
    groups.set(key, group);
  }
  return [...groups.values()].filter((group) => group.length > 1);
}

/** One readable warning per colliding group. */
export function collisionWarnings(kind: string, names: readonly string[], render: (name: string) => string): string[] {
  return caseCollisions(names, render).map(
    (group) => `${kind} ${group.map((name) => `'${name}'`).join(' and ')} become the same name '${render(group[0] ?? '')}'`,
  );
}
