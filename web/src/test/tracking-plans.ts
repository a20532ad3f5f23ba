/** Tracking plans and saved items as the planning and catalog services answer them, for web tests. */
import type { TrackingPlan, TrackingPlanContent } from '@tracklens/contracts';
import type { SavedItem } from '../api/catalog.api';

/** A generated plan's content: two events (one without properties, one without a screenshot) and a funnel. */
export function aPlanContent(): TrackingPlanContent {
  return {
    events: [
      {
        name: 'Sign Up Submitted',
        trigger: 'User submits the sign-up form',
        description: 'The sign-up form is sent.',
        category: 'user_action',
        screenshot_path: '/api/images/u/p/sign-up.jpg',
        properties: [
          { name: 'plan', type: 'string', description: 'Chosen plan', example: 'pro', required: true },
          { name: 'seats', type: 'number', description: 'Seats requested', example: '3', required: false },
        ],
      },
      {
        name: 'Home Viewed',
        trigger: 'User opens the Home screen',
        description: 'The landing page.',
        category: 'page_view',
        screenshot_path: null,
        properties: [],
      },
    ],
    funnels: [
      { name: 'Onboarding', description: 'A visitor signs up.', steps: ['Home Viewed', 'Sign Up Submitted'] },
    ],
  };
}

export function aTrackingPlan(overrides: Partial<TrackingPlan> = {}): TrackingPlan {
  return {
    id: 'plan-1',
    productId: 'prod-1',
    title: 'Acme Shop Tracking Plan',
    status: 'completed',
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    completedAt: new Date(Date.now() - 60_000).toISOString(),
    content: aPlanContent(),
    error: null,
    ...overrides,
  };
}

export function aSavedItem(overrides: Partial<SavedItem> = {}): SavedItem {
  return {
    id: 'item-1',
    userId: 'user-1',
    productId: 'prod-1',
    type: 'tracking_plan',
    name: 'Checkout plan',
    content: JSON.stringify({ title: 'Generated Tracking Plan', events: aPlanContent().events }),
    createdAt: '2026-01-05T10:00:00.000Z',
    ...overrides,
  };
}
