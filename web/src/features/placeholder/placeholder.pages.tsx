/** Headings (product-spec §2) of the signed-in routes whose screens later issues build. */
import { useParams } from 'react-router-dom';
import { PlaceholderPage } from '../../components/placeholder-page';

export function OnboardingVideoUploadPage() {
  return (
    <PlaceholderPage
      title="Upload Demo Video"
      subtitle="Step 2 of 2"
      links={[{ to: '/onboarding-name', label: 'Back' }]}
    />
  );
}

export function OnboardingProcessingPage() {
  return (
    <PlaceholderPage
      title="Video Uploaded Successfully!"
      links={[{ to: '/dashboard', label: 'Go to Dashboard' }]}
    />
  );
}

export function PaymentProcessingPage() {
  return <PlaceholderPage title="Payment processing" links={[{ to: '/dashboard', label: 'Dashboard' }]} />;
}

function productLinks(productId: string) {
  const base = `/products/${encodeURIComponent(productId)}`;
  return [
    { to: base, label: 'Overview' },
    { to: `${base}/tracking-plan`, label: 'Tracking Plan' },
    { to: `${base}/analytics`, label: 'Analytics Strategy' },
    { to: `${base}/saved`, label: 'Saved Items' },
    { to: `${base}/knowledge-base`, label: 'Knowledge Base' },
  ];
}

function useProductId(): string {
  return useParams().productId ?? '';
}

export function ProductOverviewPage() {
  return <PlaceholderPage title="Overview" links={productLinks(useProductId())} />;
}

export function TrackingPlanPage() {
  return (
    <PlaceholderPage
      title="Generate Tracking Plan"
      subtitle="Tracking Plans History"
      links={productLinks(useProductId())}
    />
  );
}

export function AnalyticsPage() {
  return (
    <PlaceholderPage
      title="Analytics Strategy - AI-powered metrics and KPI recommendations"
      links={productLinks(useProductId())}
    />
  );
}

export function KnowledgeBasePage() {
  return <PlaceholderPage title="Knowledge Base" links={productLinks(useProductId())} />;
}

export function SavedPage() {
  return (
    <PlaceholderPage
      title="Saved Items - Manage your saved tracking plans and analytics strategies"
      links={productLinks(useProductId())}
    />
  );
}

export function AdminPage() {
  return <PlaceholderPage title="Admin panel" links={[{ to: '/dashboard', label: 'Back to Dashboard' }]} />;
}
