/** The offline user-flow builder on the fixture products: what the recording shows, cut to what the question asks. */
import { userFlowSchema, type UserFlow } from '@tracklens/contracts';
import { offlineFlowBuilder, NEEDS_ANALYSIS_DESCRIPTION } from '../src/flow/offline-flow-builder';
import { fixtureContext, type FixtureName } from './fixtures';

const signal = new AbortController().signal;

async function flowOf(name: FixtureName, message: string, history = ''): Promise<UserFlow> {
  return offlineFlowBuilder.build(fixtureContext(name), { message, history }, { signal });
}

const screenLabels = (flow: UserFlow) =>
  flow.nodes.filter((node) => node.type === 'screen' && !node.proposed).map((node) => node.label);
const labelOf = (flow: UserFlow, id: string) => flow.nodes.find((node) => node.id === id)?.label;
/** The screen an edge reaches, looking through a decision node to the screen before it. */
const sourceScreen = (flow: UserFlow, id: string): string | undefined => {
  const node = flow.nodes.find((n) => n.id === id);
  if (node?.type !== 'decision') return node?.label;
  const into = flow.edges.find((edge) => edge.to === id);
  return into ? sourceScreen(flow, into.from) : undefined;
};
const step = (flow: UserFlow, from: string, to: string) =>
  flow.edges.find((edge) => sourceScreen(flow, edge.from) === from && labelOf(flow, edge.to) === to);

describe('offlineFlowBuilder', () => {
  it('should draw the main flow through the screens in the order the video visits them, start first and end last', async () => {
    const flow = await flowOf('shop', 'Show the main user flow');
    const context = fixtureContext('shop');

    expect(userFlowSchema.parse(flow)).toEqual(flow);
    expect(flow.source).toBe('offline');
    expect(screenLabels(flow)).toEqual(context.analysis?.pageSpecs.map((spec) => spec.screenName));
    expect(flow.nodes[0]?.type).toBe('start');
    expect(flow.nodes[flow.nodes.length - 1]?.type).toBe('end');
    const checkout = flow.nodes.find((node) => node.label === 'Checkout');
    expect(checkout).toMatchObject({
      pageSpecId: 'spec-shop-checkout',
      screenshot_path: '/api/images/users/demo/products/shop/frames/checkout.jpg',
      atSec: 50,
    });
    expect(flow.title).toContain('Northwind Goods');
    expect(flow.description).toContain('Product Details');
    expect(flow.description).toContain('Order Completed');
    expect(flow.description).not.toMatch(/[#*_`]/);
  });

  it("should put the plan's events and the actions that caused them on the edges", async () => {
    const flow = await flowOf('shop', 'Show the main user flow');

    expect(step(flow, 'Product Details', 'Cart')).toMatchObject({ event: 'Product Added' });
    expect(step(flow, 'Cart', 'Checkout')).toMatchObject({ event: 'Checkout Started' });
    expect(step(flow, 'Checkout', 'Order Confirmation')).toMatchObject({
      label: "Submit 'Place Order'",
      event: 'Order Completed',
    });
    expect(step(flow, 'Create Account', 'My Account')).toMatchObject({ event: 'Signed Up' });
    // A link to a product has no click event of its own: the product page's view fires.
    expect(step(flow, 'All Products', 'Product Details')).toMatchObject({ event: 'Product Viewed' });
  });

  it("should put the promotion's click on the edge its banner's call to action leads along", async () => {
    const flow = await flowOf('shop', 'Show the main user flow');

    expect(step(flow, 'Home', 'All Products')).toMatchObject({
      label: "Click 'Shop now'",
      event: 'Promotion Clicked',
    });
  });

  it('should join a revisit to the earlier node as an edge back', async () => {
    const flow = await flowOf('shop', 'Show the main user flow');

    expect(flow.nodes.filter((node) => node.label === 'Home')).toHaveLength(1);
    expect(step(flow, 'Order Confirmation', 'Home')).toMatchObject({ label: "Click 'Continue Shopping'" });
  });

  it('should put a decision where the recording leaves a screen for different screens', async () => {
    const flow = await flowOf('saas', 'Show the main user flow');
    const decision = flow.nodes.find((node) => node.type === 'decision' && node.label.includes('Landing'));

    expect(decision).toBeDefined();
    const targets = flow.edges
      .filter((edge) => edge.from === decision?.id)
      .map((edge) => labelOf(flow, edge.to));
    expect(targets).toEqual(['Pricing', 'Sign Up']);
  });

  it('should follow the best matching plan funnel as the happy path', async () => {
    const flow = await flowOf('shop', 'Show the main user flow');

    expect(flow.happyPath?.map((id) => labelOf(flow, id))).toEqual([
      'Home',
      'All Products',
      'Product Details',
      'Cart',
      'Checkout',
    ]);
  });

  it("should lay every plan funnel's steps on the screens they happen on", async () => {
    const context = fixtureContext('shop');
    const flow = await flowOf('shop', 'Show the main user flow');
    const funnels = context.plan!.content.funnels;
    expect(flow.funnels?.length).toBeGreaterThanOrEqual(2);
    for (const overlay of flow.funnels ?? []) {
      const funnel = funnels.find((candidate) => candidate.name === overlay.name)!;
      expect(overlay.steps.length).toBeGreaterThanOrEqual(2);
      for (const { event, nodeId } of overlay.steps) {
        expect(funnel.steps).toContain(event);
        expect(flow.nodes.find((node) => node.id === nodeId)?.type).toBe('screen');
      }
    }
    const checkout = flow.funnels?.find((overlay) => /checkout|purchase|order/i.test(overlay.name));
    expect(checkout?.steps.map((s) => labelOf(flow, s.nodeId))).toContain('Checkout');
  });

  it('should answer a question about what comes after one screen with the flow from that screen on', async () => {
    const flow = await flowOf('shop', 'What happens after checkout?');

    expect(screenLabels(flow)).toEqual(['Checkout', 'Order Confirmation', 'Home']);
    expect(flow.edges[0]).toMatchObject({ from: 'start', to: 'screen-checkout' });
    expect(flow.title).toBe('Northwind Goods: after Checkout');
  });

  it('should answer a question about the sign-up with the screens around it', async () => {
    const flow = await flowOf('saas', 'Map the sign-up flow');

    expect(screenLabels(flow)).toEqual(
      expect.arrayContaining(['Sign Up', 'Create Workspace', 'Invite Teammates', 'Landing']),
    );
    expect(screenLabels(flow)).not.toContain('Billing');
    expect(screenLabels(flow)).not.toContain('Project Board');
  });

  it('should answer a question naming a plan event with the flow from its screen', async () => {
    const flow = await flowOf('shop', "What happens after 'Order Completed'?");

    expect(screenLabels(flow)[0]).toBe('Checkout');
  });

  it("should draw a plan funnel's screens with the funnel as the happy path", async () => {
    const flow = await flowOf('saas', 'Show the onboarding funnel flow');

    expect(screenLabels(flow)).toEqual(['Landing', 'Sign Up', 'Create Workspace', 'Invite Teammates']);
    expect(flow.happyPath).toHaveLength(4);
  });

  it('should give the same flow for the same question and product', async () => {
    const first = await flowOf('large', 'Show the main user flow');
    const second = await flowOf('large', 'Show the main user flow');

    expect(second).toEqual(first);
  });

  it('should add a follow-up as proposed nodes and edges to the flow asked before', async () => {
    const history = 'user: Show the main user flow\nassistant: Here is the main user flow.';
    const before = await flowOf('shop', 'Show the main user flow');
    const flow = await flowOf('shop', 'Add a password reset path', history);

    const proposed = flow.nodes.filter((node) => node.proposed);
    expect(proposed.map((node) => node.label)).toEqual(['Forgot Password', 'Reset Password']);
    for (const node of before.nodes) expect(flow.nodes).toContainEqual(node);
    const fromSignIn = flow.edges.find((edge) => edge.from === 'screen-sign-in' && edge.proposed);
    expect(fromSignIn?.to).toBe(proposed[0]?.id);
    expect(flow.edges.filter((edge) => edge.proposed).every((edge) => edge.event === undefined)).toBe(true);
    expect(flow.description).toContain('Password Reset Requested');
    expect(flow.nodes[flow.nodes.length - 1]?.type).toBe('end');
  });

  it('should keep the sub-flow of the earlier question when a follow-up adds to it', async () => {
    const history = 'user: What happens after checkout?\nassistant: Here it is.';
    const flow = await flowOf('app', 'Add a guest checkout step after Cart', history);

    expect(flow.nodes.find((node) => node.proposed)?.label).toBe('Guest Checkout');
    expect(screenLabels(flow)[0]).toBe('Checkout');
    expect(screenLabels(flow)).not.toContain('Welcome');
    expect(flow.edges.find((edge) => edge.to === 'proposed-guest-checkout')?.from).toBe('screen-checkout');
  });

  it('should answer with start and end and what to do when the product has no analysis', async () => {
    const context = { ...fixtureContext('shop'), analysis: null, plan: null };
    const flow = await offlineFlowBuilder.build(
      context,
      { message: 'Show the main user flow', history: '' },
      { signal },
    );

    expect(flow.nodes.map((node) => node.type)).toEqual(['start', 'end']);
    expect(flow.description).toBe(NEEDS_ANALYSIS_DESCRIPTION);
    expect(flow.description).toMatch(/analys/);
    expect(flow.description).toMatch(/finalis/);
  });

  it('should say the steps carry no events when the product has no plan yet', async () => {
    const context = { ...fixtureContext('shop'), plan: null };
    const flow = await offlineFlowBuilder.build(
      context,
      { message: 'Show the main user flow', history: '' },
      { signal },
    );

    expect(flow.edges.every((edge) => edge.event === undefined)).toBe(true);
    expect(flow.description).toContain('no tracking plan yet');
    expect(flow.happyPath).toBeUndefined();
  });

  it('should label steps as taps on a phone app and as clicks on a website', async () => {
    const app = await flowOf('app', 'Show the main user flow');
    const shop = await flowOf('shop', 'Show the main user flow');

    expect(step(app, 'Dish Details', 'Cart')).toMatchObject({
      label: "Tap 'Add to cart'",
      event: 'Product Added',
    });
    expect(step(shop, 'Product Details', 'Cart')).toMatchObject({ label: "Click 'Add to Cart'" });
    expect(app.description).toContain('app');
    expect(shop.description).toContain('site');
  });

  it.each(['shop', 'saas', 'app', 'large'] as const)(
    'should only put plan events on the edges of %s, between nodes that exist',
    async (name) => {
      const events = new Set(fixtureContext(name).plan?.content.events.map((event) => event.name));
      for (const message of [
        'Show the main user flow',
        'What happens after checkout?',
        'Map the sign-up flow',
      ]) {
        const flow = await flowOf(name, message);
        const ids = new Set(flow.nodes.map((node) => node.id));
        expect(ids.size).toBe(flow.nodes.length);
        for (const edge of flow.edges) {
          if (edge.event !== undefined) expect(events).toContain(edge.event);
          expect(ids).toContain(edge.from);
          expect(ids).toContain(edge.to);
        }
        expect(flow.nodes.length).toBeLessThanOrEqual(30);
      }
    },
  );

  it('should build the main flow of a 20-screen product in well under 50 ms', async () => {
    const context = fixtureContext('large');
    const question = { message: 'Show the main user flow', history: '' };
    await offlineFlowBuilder.build(context, question, { signal });
    const runs = 20;
    const started = performance.now();
    for (let i = 0; i < runs; i++) await offlineFlowBuilder.build(context, question, { signal });
    const perFlow = (performance.now() - started) / runs;

    expect(perFlow).toBeLessThan(25);
    const flow = await offlineFlowBuilder.build(context, question, { signal });
    expect(screenLabels(flow)).toHaveLength(20);
  });
});
