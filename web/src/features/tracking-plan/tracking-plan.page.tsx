/**
 * The tracking plan page `/products/{productId}/tracking-plan` (product-spec §2): 'Back to {product name}' and
 * the Generate Plan and History tabs, behind the tracking_plan feature gate. Generation state and the plan list
 * live here so that switching tabs keeps them.
 */
import ArrowLeftOutlined from '@ant-design/icons/ArrowLeftOutlined';
import Tabs from 'antd/es/tabs';
import { Link } from 'react-router-dom';
import type { Product } from '../../api/catalog.api';
import { useGetTrackingPlansQuery } from '../../api/planning.api';
import { FeatureGate } from '../billing/feature-gate';
import { ProductRoute } from '../product/product-route';
import { GeneratePanel } from './generate-panel';
import { HistoryPanel } from './history-panel';
import { usePlanGeneration } from './use-plan-generation';
import '../product/product.css';
import './tracking-plan.css';

const hidden = { 'aria-hidden': true, 'aria-label': undefined } as const;

export default function TrackingPlanPage() {
  return (
    <FeatureGate feature="tracking_plan">
      <ProductRoute>{(product) => <TrackingPlans product={product} />}</ProductRoute>
    </FeatureGate>
  );
}

function TrackingPlans({ product }: { product: Product }) {
  const generation = usePlanGeneration(product.id);
  // product-spec §7: the plan list is refetched on mount, always stale.
  const { data: plans, isLoading } = useGetTrackingPlansQuery(product.id, {
    refetchOnMountOrArgChange: true,
  });

  return (
    <main className="product-page tracking-plan-page">
      <Link to={`/products/${encodeURIComponent(product.id)}`} className="kb-back">
        <ArrowLeftOutlined {...hidden} /> Back to {product.name}
      </Link>
      <header className="product-page__header">
        <h1 className="product-page__title">Tracking Plan</h1>
        <p className="product-page__meta">
          Every event and property worth tracking in {product.name}, with the screen it happens on.
        </p>
      </header>
      <Tabs
        className="tp-tabs"
        defaultActiveKey="generate"
        items={[
          {
            key: 'generate',
            label: 'Generate Plan',
            children: (
              <GeneratePanel
                productId={product.id}
                generation={generation}
                plans={plans}
                plansLoading={isLoading}
              />
            ),
          },
          {
            key: 'history',
            label: 'History',
            children: <HistoryPanel productId={product.id} plans={plans} isLoading={isLoading} />,
          },
        ]}
      />
    </main>
  );
}
