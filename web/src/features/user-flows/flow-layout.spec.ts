import type { UserFlow } from '../../api/chat.api';
import { aFlow } from '../../test/chat';
import { NODE_SIZE, layoutFlow, type FlowNode } from './flow-layout';

/** A start, 28 screens in a row with a branch back every fifth one, and an end. */
function aLongFlow(): UserFlow {
  const screens = Array.from({ length: 28 }, (_, index) => ({
    id: `s${index}`,
    type: 'screen' as const,
    label: `Screen ${index}`,
    screenshot_path: `/api/images/s${index}.png`,
    atSec: index * 3,
  }));
  const ids = ['start', ...screens.map((screen) => screen.id), 'end'];
  return aFlow({
    nodes: [
      { id: 'start', type: 'start', label: 'Start' },
      ...screens,
      { id: 'end', type: 'end', label: 'End' },
    ],
    edges: [
      ...ids.slice(1).map((to, index) => ({
        from: ids[index] ?? '',
        to,
        label: `Tap next on step ${index}`,
        event: `Step ${index} Completed`,
      })),
      ...[5, 10, 15, 20, 25].map((index) => ({ from: `s${index}`, to: `s${index - 3}`, label: 'Back' })),
    ],
    happyPath: ids,
  });
}

function overlap(a: FlowNode, b: FlowNode): boolean {
  const [aw, ah, bw, bh] = [a.width ?? 0, a.height ?? 0, b.width ?? 0, b.height ?? 0];
  return (
    a.position.x < b.position.x + bw &&
    b.position.x < a.position.x + aw &&
    a.position.y < b.position.y + bh &&
    b.position.y < a.position.y + ah
  );
}

describe(layoutFlow.name, () => {
  it('should place the 30 nodes of a long flow at their real sizes without any two overlapping', () => {
    const { nodes, edges } = layoutFlow(aLongFlow(), 'LR');
    expect(nodes).toHaveLength(30);
    expect(edges).toHaveLength(34);
    expect(nodes.find((node) => node.id === 's3')).toMatchObject(NODE_SIZE.screen);
    for (const [index, a] of nodes.entries())
      for (const b of nodes.slice(index + 1))
        expect([a.id, b.id, overlap(a, b)]).toEqual([a.id, b.id, false]);
  });

  it('should lay a phone app out top to bottom and a website left to right', () => {
    const byId = (nodes: FlowNode[]) => new Map(nodes.map((node) => [node.id, node.position]));
    const tall = byId(layoutFlow(aFlow(), 'TD').nodes);
    const wide = byId(layoutFlow(aFlow(), 'LR').nodes);
    const chain = ['start', 'sign_in', 'catalog', 'in_stock', 'cart', 'end'];
    for (const [index, id] of chain.slice(1).entries()) {
      const before = chain[index] ?? '';
      expect(tall.get(id)?.y).toBeGreaterThan(tall.get(before)?.y ?? Infinity);
      expect(wide.get(id)?.x).toBeGreaterThan(wide.get(before)?.x ?? Infinity);
    }
    expect(layoutFlow(aFlow(), 'TD').nodes[0]?.data.horizontal).toBe(false);
  });

  it('should label edges with the action and the event, dash the proposed ones and mark the happy path', () => {
    const { edges, nodes } = layoutFlow(aFlow(), 'LR');
    const edge = (from: string, to: string) => edges.find((one) => one.source === from && one.target === to);
    expect(edge('sign_in', 'catalog')).toMatchObject({
      label: 'Tap Sign In · Sign In Clicked',
      className: 'flow-edge flow-edge--happy',
    });
    expect(edge('in_stock', 'wishlist')).toMatchObject({
      label: 'Proposed: No',
      className: 'flow-edge flow-edge--proposed',
    });
    expect(nodes.find((node) => node.id === 'sign_in')).toMatchObject({
      ariaRole: 'button',
      ariaLabel: 'Screen: Sign In, at 00:02, opens its screenshot',
    });
    expect(nodes.find((node) => node.id === 'cart')?.ariaRole).toBe('group');
  });
});
