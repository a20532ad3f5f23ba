/** The model flow builder through the official openai SDK against a local server speaking the chat completions API. */
import { createLogger, createModelClient } from '@tracklens/kit';
import { chatCompletion, scriptedChatCompletions } from '@tracklens/kit/testing';
import { userFlowSchema } from '@tracklens/contracts';
import { USER_FLOW_JSON_SCHEMA, modelFlowBuilder, type ModelFlow } from '../src/flow/model-flow-builder';
import { fixtureContext } from './fixtures';

const signal = new AbortController().signal;

function client(baseUrl: string) {
  return createModelClient({
    apiKey: 'sk-test',
    baseUrl,
    model: 'test-model',
    logger: createLogger('chat', 'silent'),
    maxAttempts: 1,
  });
}

/** A model flow with a real screen, an invented one, a misspelt event, an unknown event and a dangling edge. */
const modelAnswer: ModelFlow = {
  title: 'Checkout of Northwind Goods',
  description: 'From the cart to the order confirmation.',
  nodes: [
    { id: 'end', type: 'end', label: 'End', proposed: false },
    { id: 'start', type: 'start', label: 'Start', proposed: false },
    { id: 'cart', type: 'screen', label: 'cart', proposed: false },
    { id: 'checkout', type: 'screen', label: 'Checkout', proposed: true },
    { id: 'payment', type: 'screen', label: 'Payment Provider', proposed: false },
    { id: 'done', type: 'screen', label: 'Order Confirmation', proposed: false },
  ],
  edges: [
    { from: 'start', to: 'cart', label: null, event: 'Cart Viewed', proposed: false },
    {
      from: 'cart',
      to: 'checkout',
      label: "Click 'Proceed to Checkout'",
      event: 'checkout_started',
      proposed: false,
    },
    { from: 'checkout', to: 'payment', label: 'Pay', event: 'Payment Redirected', proposed: false },
    { from: 'payment', to: 'done', label: null, event: 'Order Complete', proposed: false },
    { from: 'done', to: 'nowhere', label: null, event: null, proposed: false },
    { from: 'done', to: 'end', label: null, event: null, proposed: false },
  ],
  happy_path: ['cart', 'checkout', 'done', 'ghost'],
};

const question = {
  message: 'What happens after checkout?',
  history: 'user: Show the main user flow\nassistant: Here is the main user flow.',
};

describe('modelFlowBuilder', () => {
  it('should ask with the strict JSON schema and a prompt holding the screens with their actions, the plan and the thread', async () => {
    const server = await scriptedChatCompletions([
      { status: 200, body: chatCompletion(JSON.stringify(modelAnswer)) },
    ]);
    try {
      const context = fixtureContext('shop');
      await modelFlowBuilder(client(server.baseUrl)).build(context, question, { signal });

      const [request] = server.seen;
      expect(request?.body).toMatchObject({
        response_format: {
          type: 'json_schema',
          json_schema: { name: 'user_flow', strict: true, schema: USER_FLOW_JSON_SCHEMA },
        },
      });
      const messages = request?.body.messages as Array<{ role: string; content: string }>;
      const prompt = JSON.parse(String(messages[1]?.content));
      expect(prompt.question).toBe(question.message);
      expect(prompt.conversation_history).toBe(question.history);
      expect(prompt.screens.map((s: { name: string }) => s.name)).toEqual(
        context.analysis?.pageSpecs.map((spec) => spec.screenName),
      );
      const checkout = prompt.screens.find((s: { name: string }) => s.name === 'Checkout');
      expect(checkout).toMatchObject({ kind: 'checkout', seen_from_sec: 50, seen_to_sec: 59 });
      expect(checkout.actions).toContainEqual({
        kind: 'submit',
        target: 'Place Order',
        to_screen: 'Order Confirmation',
        at_sec: 54,
      });
      expect(prompt.tracking_plan.funnels.map((f: { name: string }) => f.name)).toContain('Purchase');
      expect(JSON.stringify(prompt)).not.toContain('users/demo');
    } finally {
      await server.close();
    }
  });

  it("should tie screens to page specs, mark invented ones proposed and correct events to the plan's spelling", async () => {
    const server = await scriptedChatCompletions([
      { status: 200, body: chatCompletion(JSON.stringify(modelAnswer)) },
    ]);
    try {
      const flow = await modelFlowBuilder(client(server.baseUrl)).build(fixtureContext('shop'), question, {
        signal,
      });

      expect(userFlowSchema.parse(flow)).toEqual(flow);
      expect(flow.source).toBe('model');
      expect(flow.nodes[0]?.type).toBe('start');
      expect(flow.nodes[flow.nodes.length - 1]?.type).toBe('end');
      expect(flow.nodes.find((node) => node.id === 'cart')).toEqual({
        id: 'cart',
        type: 'screen',
        label: 'Cart',
        pageSpecId: 'spec-shop-cart',
        screenshot_path: '/api/images/users/demo/products/shop/frames/cart.jpg',
        atSec: 40,
      });
      // A recorded screen is never proposed, whatever the model said.
      expect(flow.nodes.find((node) => node.id === 'checkout')?.proposed).toBeUndefined();
      expect(flow.nodes.find((node) => node.id === 'payment')).toEqual({
        id: 'payment',
        type: 'screen',
        label: 'Payment Provider',
        proposed: true,
      });

      const edge = (from: string, to: string) => flow.edges.find((e) => e.from === from && e.to === to);
      expect(edge('cart', 'checkout')?.event).toBe('Checkout Started');
      expect(edge('payment', 'done')).toMatchObject({ event: 'Order Completed', proposed: true });
      expect(edge('checkout', 'payment')).toMatchObject({
        label: 'Pay (Payment Redirected)',
        proposed: true,
      });
      expect(edge('checkout', 'payment')?.event).toBeUndefined();
      expect(flow.edges.some((e) => e.to === 'nowhere')).toBe(false);
      expect(flow.happyPath).toEqual(['cart', 'checkout', 'done']);
      // The plan's funnels lie on the recorded screens the model drew, never on proposed ones.
      const overlaid = (flow.funnels ?? []).flatMap((funnel) => funnel.steps.map((step) => step.nodeId));
      expect(overlaid).toContain('cart');
      expect(overlaid).not.toContain('payment');
    } finally {
      await server.close();
    }
  });

  it('should answer without asking the model when the product has no analysis', async () => {
    const server = await scriptedChatCompletions([]);
    try {
      const context = { ...fixtureContext('shop'), analysis: null };
      const flow = await modelFlowBuilder(client(server.baseUrl)).build(context, question, { signal });

      expect(server.seen).toHaveLength(0);
      expect(flow.nodes.map((node) => node.type)).toEqual(['start', 'end']);
    } finally {
      await server.close();
    }
  });

  it('should reject an answer that does not follow the schema', async () => {
    const server = await scriptedChatCompletions([
      { status: 200, body: chatCompletion(JSON.stringify({ title: 'x', nodes: [{ id: 1 }] })) },
    ]);
    try {
      await expect(
        modelFlowBuilder(client(server.baseUrl)).build(fixtureContext('shop'), question, { signal }),
      ).rejects.toMatchObject({ name: 'ModelAnswerError', problem: 'invalid' });
    } finally {
      await server.close();
    }
  });
});
