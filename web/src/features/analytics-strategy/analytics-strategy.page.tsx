/**
 * The analytics strategy page `/products/{productId}/analytics` (product-spec §2): 'Back to {product name}', the
 * founder call banner, and the strategy chats beside the selected one's thread, behind the analytics feature gate.
 */
import type { Product } from '../../api/catalog.api';
import { FeatureGate } from '../billing/feature-gate';
import type { ChatKind } from '../chat/chat-kind';
import { ChatPageHeader } from '../chat/chat-page-header';
import { ChatWorkspace } from '../chat/chat-workspace';
import { MessageContent } from '../chat/message-content';
import { ProductRoute } from '../product/product-route';
import { FounderCallBanner } from './founder-call-banner';
import { StrategyActions } from './strategy-actions';
import '../product/product.css';
import './analytics-strategy.css';

export const STRATEGY_CHAT: ChatKind = {
  chatType: 'analytics_strategy',
  placeholder: 'Ask about KPIs, metrics, dashboard design, or business intelligence strategies...',
  intro:
    "Ask which KPIs to watch, how to build a funnel or a dashboard: the answers use your tracking plan's events.",
  firstQuestion: 'Ask your first question, for example ‘Which KPIs should I watch?’',
  generated: 'Strategy generated',
  failedTitle: 'Error generating strategy',
  failedText: 'Failed to generate analytics strategy. Please try again.',
};

export default function AnalyticsStrategyPage() {
  return (
    <FeatureGate feature="analytics">
      <ProductRoute>{(product) => <AnalyticsStrategy product={product} />}</ProductRoute>
    </FeatureGate>
  );
}

function AnalyticsStrategy({ product }: { product: Product }) {
  return (
    <main className="product-page chat-page">
      <ChatPageHeader
        product={product}
        name="Analytics Strategy"
        subtitle="AI-powered metrics and KPI recommendations"
      />
      <FounderCallBanner />
      <ChatWorkspace
        kind={STRATEGY_CHAT}
        productId={product.id}
        renderAnswer={(message) => (
          <MessageContent
            content={message.content}
            strategy={message.metadata?.analytics_strategy}
            productId={product.id}
          />
        )}
        actions={(messages, session) => (
          <StrategyActions productId={product.id} session={session} messages={messages} />
        )}
      />
    </main>
  );
}
