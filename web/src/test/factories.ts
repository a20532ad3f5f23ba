/** Small data factories for web tests. */
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
