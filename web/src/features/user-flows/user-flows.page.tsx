/**
 * The user flows page `/products/{productId}/user-flows`: 'Back to {product name}', and chats that answer with
 * the product's flows, drawn as diagrams from the recorded screens, beside the selected chat's thread. Built like
 * the analytics strategy page (product-spec §2), behind the chat feature gate.
 */
import { userFlowDirection } from '@tracklens/contracts/user-flow-mermaid';
import type { Product } from '../../api/catalog.api';
import type { ChatMessage } from '../../api/chat.api';
import { FeatureGate } from '../billing/feature-gate';
import type { ChatKind } from '../chat/chat-kind';
import { ChatPageHeader } from '../chat/chat-page-header';
import { ChatWorkspace } from '../chat/chat-workspace';
import { MessageContent } from '../chat/message-content';
import { ProductRoute } from '../product/product-route';
import FlowView from './flow-view';
import { userFlowOf } from './user-flow-content';
import '../product/product.css';
import './user-flows.css';

export const FLOW_CHAT: ChatKind = {
  chatType: 'user_flow',
  placeholder: 'Ask for a flow: the main user flow, the sign-up flow, what happens after checkout...',
  intro:
    'Ask for a flow and see it as a diagram of your recorded screens, with the events of your tracking plan on its steps.',
  firstQuestion: 'Ask for your first flow, for example ‘Show the main user flow’',
  generated: 'User flow generated',
  failedTitle: 'Error generating user flow',
  failedText: 'Failed to generate user flow. Please try again.',
};

export default function UserFlowsPage() {
  return (
    <FeatureGate feature="chat">
      <ProductRoute>{(product) => <UserFlows product={product} />}</ProductRoute>
    </FeatureGate>
  );
}

function UserFlows({ product }: { product: Product }) {
  const direction = userFlowDirection(product.type);

  function answer(message: ChatMessage) {
    const flow = userFlowOf(message.metadata?.user_flow);
    return (
      <div className="flow-answer">
        <MessageContent content={message.content} />
        {/* The answer's text is the flow's title and description. */}
        {flow && <FlowView flow={flow} direction={direction} productId={product.id} titled={false} />}
      </div>
    );
  }

  return (
    <main className="product-page chat-page">
      <ChatPageHeader
        product={product}
        name="User Flows"
        subtitle="Your product's journeys, drawn from the recorded screens"
      />
      <ChatWorkspace kind={FLOW_CHAT} productId={product.id} renderAnswer={answer} />
    </main>
  );
}
