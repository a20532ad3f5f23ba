/**
 * A user flow as Mermaid flowchart text, one implementation for the chat service and the web. No zod and no
 * node APIs here: the web bundles this module.
 *
 *   flowchart LR                                   (TD for a phone app: screens stack like the app's)
 *     accTitle: {title}
 *     accDescr: {description}
 *     n_start(["Start"])                           start and end: stadium; screen: rectangle;
 *     n_screen_home["Home"]                        decision: rhombus {"..."}; action: parallelogram [/"..."/]
 *     n_start -->|"Home Viewed"| n_screen_home     edge label: its action, then its event after ' · '
 *     n_a -.->|"..."| n_b                          a proposed edge is dashed
 *     classDef proposed stroke-dasharray: 5 5      proposed nodes dashed, the happy path's nodes bold
 *
 * Every label is quoted and written with Mermaid's entity codes (#quot;, #35; ...), so no text can end a label
 * or start a statement; node ids are made from the flow's ids and never collide with Mermaid's keywords.
 */
import type { ProductType } from './catalog';
import type { UserFlow, UserFlowNode } from './chat';

export type UserFlowDirection = 'LR' | 'TD';

/** Websites read left to right; a phone app's screens stack top down. */
export function userFlowDirection(productType: ProductType): UserFlowDirection {
  return productType === 'mobile_app' ? 'TD' : 'LR';
}

/** What joins an edge's action and its event in the edge's label. */
export const EDGE_LABEL_SEPARATOR = ' · ';

export function userFlowMermaid(flow: UserFlow, direction: UserFlowDirection): string {
  const ids = userFlowMermaidIds(flow);
  const lines = [`flowchart ${direction}`];
  lines.push(`  accTitle: ${singleLine(flow.title)}`);
  lines.push(`  accDescr: ${singleLine(flow.description)}`);
  for (const node of flow.nodes) {
    const id = ids.get(node.id);
    if (id) lines.push(`  ${id}${shaped(node)}`);
  }
  for (const edge of flow.edges) {
    const from = ids.get(edge.from);
    const to = ids.get(edge.to);
    if (!from || !to) continue;
    const arrow = edge.proposed ? '-.->' : '-->';
    const text = [edge.label?.trim(), edge.event?.trim()].filter((part) => part).join(EDGE_LABEL_SEPARATOR);
    lines.push(`  ${from} ${arrow}${text ? `|"${mermaidText(text)}"|` : ''} ${to}`);
  }
  const proposed = flow.nodes.filter((node) => node.proposed).flatMap((node) => ids.get(node.id) ?? []);
  const happy = (flow.happyPath ?? [])
    .flatMap((id) => ids.get(id) ?? [])
    .filter((id) => !proposed.includes(id));
  if (proposed.length > 0) {
    lines.push('  classDef proposed stroke-dasharray: 5 5');
    lines.push(`  class ${[...new Set(proposed)].join(',')} proposed`);
  }
  if (happy.length > 0) {
    lines.push('  classDef happy stroke-width:3px');
    lines.push(`  class ${[...new Set(happy)].join(',')} happy`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The Mermaid id of each node of the flow: 'n_' and the flow's id with everything but letters, digits and '_'
 * replaced, numbered when two would collide (the prefix keeps ids such as 'end' from being keywords).
 */
export function userFlowMermaidIds(flow: UserFlow): Map<string, string> {
  const ids = new Map<string, string>();
  const taken = new Set<string>();
  for (const node of flow.nodes) {
    if (ids.has(node.id)) continue;
    const base = `n_${node.id.replace(/[^A-Za-z0-9_]/g, '_')}`;
    let id = base;
    for (let i = 2; taken.has(id); i++) id = `${base}_${i}`;
    taken.add(id);
    ids.set(node.id, id);
  }
  return ids;
}

function shaped(node: UserFlowNode): string {
  const text = `"${mermaidText(node.label)}"`;
  switch (node.type) {
    case 'start':
    case 'end':
      return `([${text}])`;
    case 'decision':
      return `{${text}}`;
    case 'action':
      return `[/${text}/]`;
    case 'screen':
      return `[${text}]`;
  }
}

/**
 * Text for inside a quoted label: one line, with every character Mermaid or HTML could read as syntax written
 * as an entity code, '#' included, so that text which already looks like an entity code is shown as written.
 */
export function mermaidText(text: string): string {
  return singleLine(text).replace(/[#"&<>|[\]{}()`%;\\]/g, (char) =>
    char === '"' ? '#quot;' : `#${char.charCodeAt(0)};`,
  );
}

/** accTitle and accDescr run to the end of their line. */
function singleLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
