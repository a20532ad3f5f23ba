/** Small data factories for web tests. */
import type { SubscriptionInfo } from '../api/billing.api';
import type { User } from '../api/identity.api';

export function aUser(overrides: Partial<User> = {}): User {
  return {
    id: 'user-1',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    subscriptionStatus: 'free',
    videosUploaded: 0,
    trackingPlansGenerated: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function aSubscription(overrides: Partial<SubscriptionInfo> = {}): SubscriptionInfo {
  return {
    hasActiveSubscription: false,
    subscriptionStatus: 'free',
    promptsUsed: 0,
    promptsRemaining: 1000,
    stripeCustomerId: null,
    stripeSubscriptionId: null,
    analyticsMessages: 0,
    trackingPlansGenerated: 0,
    videosUploaded: 0,
    currentPeriodEnd: null,
    ...overrides,
  };
}
