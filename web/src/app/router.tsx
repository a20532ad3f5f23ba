/** Every route of product-spec §2. Pages load on demand so the landing page stays small. */
import { lazy } from 'react';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router-dom';
import { RouteErrorScreen, SessionGate } from '../features/session/session-gate';
import { RequireAuth } from './require-auth';

const LandingPage = lazy(() => import('../features/landing/landing.page'));
const PricingPage = lazy(() => import('../features/pricing/pricing.page'));
const AuthPage = lazy(() => import('../features/auth/auth.page'));
const NotFoundPage = lazy(() => import('../features/not-found/not-found.page'));
const AppLayout = lazy(() => import('../features/session/app-layout'));
const OnboardingNamePage = lazy(() => import('../features/onboarding/onboarding-name.page'));
const OnboardingVideoUploadPage = lazy(() => import('../features/onboarding/onboarding-video-upload.page'));
const OnboardingProcessingPage = lazy(() => import('../features/onboarding/onboarding-processing.page'));
const DashboardPage = lazy(() => import('../features/dashboard/dashboard.page'));
const ProductOverviewPage = lazy(() => import('../features/product/product-overview.page'));
const KnowledgeBasePage = lazy(() => import('../features/knowledge-base/knowledge-base.page'));
const TrackingPlanPage = lazy(() => import('../features/tracking-plan/tracking-plan.page'));
const AnalyticsStrategyPage = lazy(() => import('../features/analytics-strategy/analytics-strategy.page'));
const UserFlowsPage = lazy(() => import('../features/user-flows/user-flows.page'));
const SavedPage = lazy(() => import('../features/saved/saved.page'));
const AdminPage = lazy(() => import('../features/admin/admin.page'));
const PaymentProcessingPage = lazy(() => import('../features/payment/payment-processing.page'));

export const routes: RouteObject[] = [
  {
    element: <SessionGate />,
    errorElement: <RouteErrorScreen />,
    children: [
      { path: '/', element: <LandingPage /> },
      { path: '/pricing', element: <PricingPage /> },
      { path: '/login', element: <AuthPage mode="login" /> },
      { path: '/signup', element: <AuthPage mode="signup" /> },
      {
        element: (
          <RequireAuth>
            <AppLayout />
          </RequireAuth>
        ),
        children: [
          { path: '/onboarding', element: <Navigate to="/onboarding-name" replace /> },
          { path: '/onboarding-name', element: <OnboardingNamePage /> },
          { path: '/onboarding-video-upload', element: <OnboardingVideoUploadPage /> },
          { path: '/onboarding-processing', element: <OnboardingProcessingPage /> },
          { path: '/payment-processing', element: <PaymentProcessingPage /> },
          { path: '/dashboard', element: <DashboardPage /> },
          { path: '/products/:productId', element: <ProductOverviewPage /> },
          { path: '/products/:productId/tracking-plan', element: <TrackingPlanPage /> },
          { path: '/products/:productId/analytics', element: <AnalyticsStrategyPage /> },
          { path: '/products/:productId/user-flows', element: <UserFlowsPage /> },
          { path: '/products/:productId/knowledge-base', element: <KnowledgeBasePage /> },
          { path: '/products/:productId/saved', element: <SavedPage /> },
          { path: '/admin', element: <AdminPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
