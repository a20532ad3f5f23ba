/** Headings (product-spec §2) of the signed-in routes whose screens later issues build; product pages get their links from the sidebar. */
import { PlaceholderPage } from '../../components/placeholder-page';
import { FeatureGate } from '../billing/feature-gate';

export function AnalyticsPage() {
  return (
    <FeatureGate feature="analytics">
      <PlaceholderPage title="Analytics Strategy - AI-powered metrics and KPI recommendations" />
    </FeatureGate>
  );
}
