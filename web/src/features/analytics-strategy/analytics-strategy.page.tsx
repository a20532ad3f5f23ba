/**
 * The analytics strategy page `/products/{productId}/analytics` (product-spec §2): 'Back to {product name}', the
 * chat sessions beside the selected session's thread, behind the analytics feature gate. The selected session is
 * in the address (?chat=) so a reload comes back to it and to its running job.
 */
import ArrowLeftOutlined from '@ant-design/icons/ArrowLeftOutlined';
import { Link, useSearchParams } from 'react-router-dom';
import type { Product } from '../../api/catalog.api';
import { useCreateChatSessionMutation, useGetChatSessionsQuery } from '../../api/chat.api';
import { toast } from '../../components/toast';
import { FeatureGate } from '../billing/feature-gate';
import { ProductRoute } from '../product/product-route';
import { errorMessageOr } from '../tracking-plan/error-message';
import { ChatThread, NoChatSelected } from './chat-thread';
import { FounderCallBanner } from './founder-call-banner';
import { SessionsPanel } from './sessions-panel';
import { useStrategyJobs } from './use-strategy-jobs';
import '../product/product.css';
import './analytics-strategy.css';

const hidden = { 'aria-hidden': true, 'aria-label': undefined } as const;
const CHAT_TYPE = 'analytics_strategy';

export default function AnalyticsStrategyPage() {
  return (
    <FeatureGate feature="analytics">
      <ProductRoute>{(product) => <AnalyticsStrategy product={product} />}</ProductRoute>
    </FeatureGate>
  );
}

function AnalyticsStrategy({ product }: { product: Product }) {
  const [params, setParams] = useSearchParams();
  const jobs = useStrategyJobs(product.id);
  const { data: sessions, isLoading } = useGetChatSessionsQuery({
    productId: product.id,
    chatType: CHAT_TYPE,
  });
  const [createSession, { isLoading: creating }] = useCreateChatSessionMutation();
  const selected = sessions?.find((session) => session.id === params.get('chat')) ?? null;

  function select(id: string | null): void {
    setParams(id ? { chat: id } : {}, { replace: true });
  }

  async function startChat(): Promise<void> {
    try {
      const session = await createSession({ productId: product.id, chatType: CHAT_TYPE }).unwrap();
      select(session.id);
    } catch (error) {
      toast.error('Error creating chat', errorMessageOr(error, 'Failed to create chat. Please try again.'));
    }
  }

  return (
    <main className="product-page strategy-page">
      <Link to={`/products/${encodeURIComponent(product.id)}`} className="kb-back">
        <ArrowLeftOutlined {...hidden} /> Back to {product.name}
      </Link>
      <header className="product-page__header">
        <h1 className="strategy-page__title">
          <span className="strategy-page__name">Analytics Strategy</span>
          <span className="visually-hidden"> - </span>
          <span className="strategy-page__subtitle">AI-powered metrics and KPI recommendations</span>
        </h1>
      </header>
      <FounderCallBanner />
      <div className="strategy-layout">
        <SessionsPanel
          productId={product.id}
          sessions={sessions}
          isLoading={isLoading}
          activeId={selected?.id ?? null}
          creating={creating}
          onSelect={select}
          onCreate={() => void startChat()}
          onDeleted={(id) => {
            if (id === selected?.id) select(null);
          }}
        />
        {selected ? (
          <ChatThread key={selected.id} productId={product.id} session={selected} jobs={jobs} />
        ) : (
          <NoChatSelected starting={creating} onStart={() => void startChat()} />
        )}
      </div>
    </main>
  );
}
