import type { User } from '@tracklens/contracts';
import {
  FIRST_LOGIN_DELAY_MS,
  FREE_FAILURES_PER_EMAIL,
  Identity,
  MAX_LOGIN_DELAY_MS,
  loginDelayMs,
  type IdentityStore,
  type PasswordHasher,
} from './identity';

describe(loginDelayMs.name, () => {
  it('should cost nothing for the first failures, then double per failure up to the cap', () => {
    expect(loginDelayMs(0)).toBe(0);
    expect(loginDelayMs(FREE_FAILURES_PER_EMAIL - 1)).toBe(0);
    expect(loginDelayMs(FREE_FAILURES_PER_EMAIL)).toBe(FIRST_LOGIN_DELAY_MS);
    expect(loginDelayMs(FREE_FAILURES_PER_EMAIL + 1)).toBe(2 * FIRST_LOGIN_DELAY_MS);
    expect(loginDelayMs(FREE_FAILURES_PER_EMAIL + 20)).toBe(MAX_LOGIN_DELAY_MS);
    expect(loginDelayMs(10_000)).toBe(MAX_LOGIN_DELAY_MS);
  });
});

describe(Identity.name, () => {
  const user: User = {
    id: 'user-1',
    name: 'Ada',
    email: 'ada@example.com',
    subscriptionStatus: 'free',
    videosUploaded: 0,
    trackingPlansGenerated: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
  };

  /** A store that counts its reads, with sessions that can be ended and a user that can change. */
  function countingStore() {
    const reads = { sessions: 0, users: 0 };
    const ended = new Set<string>();
    let current = user;
    const store: Pick<IdentityStore, 'isSessionActive' | 'endSession' | 'findUser'> = {
      isSessionActive: (sessionId) => {
        reads.sessions += 1;
        return Promise.resolve(!ended.has(sessionId));
      },
      endSession: (sessionId) => {
        ended.add(sessionId);
        return Promise.resolve();
      },
      findUser: () => {
        reads.users += 1;
        return Promise.resolve(current);
      },
    };
    return { reads, store: store as IdentityStore, change: (next: User) => (current = next) };
  }
  const hasher: PasswordHasher = { hash: () => Promise.resolve('h'), verify: () => Promise.resolve(false) };

  it('should remember a live session for the cache time and forget it at logout', async () => {
    const { reads, store } = countingStore();
    const identity = new Identity(store, hasher, Promise.resolve('h'), 60_000);
    await expect(identity.isSessionActive('s1', 'user-1')).resolves.toBe(true);
    await expect(identity.isSessionActive('s1', 'user-1')).resolves.toBe(true);
    expect(reads.sessions).toBe(1);
    await expect(identity.isSessionActive('s1', 'user-2')).resolves.toBe(true);
    expect(reads.sessions).toBe(2);
    await identity.logout('s1');
    await expect(identity.isSessionActive('s1', 'user-1')).resolves.toBe(false);
  });

  it('should remember the caller for the cache time, until their record changes', async () => {
    const { reads, store, change } = countingStore();
    const identity = new Identity(store, hasher, Promise.resolve('h'), 60_000);
    await expect(identity.me('user-1')).resolves.toEqual(user);
    await identity.me('user-1');
    expect(reads.users).toBe(1);
    change({ ...user, subscriptionStatus: 'active' });
    identity.forgetUser('user-1');
    await expect(identity.me('user-1')).resolves.toMatchObject({ subscriptionStatus: 'active' });
  });

  it('should ask the store every time when the cache time is zero', async () => {
    const { reads, store } = countingStore();
    const identity = new Identity(store, hasher, Promise.resolve('h'), 0);
    await identity.isSessionActive('s1', 'user-1');
    await identity.isSessionActive('s1', 'user-1');
    await identity.me('user-1');
    await identity.me('user-1');
    expect(reads).toEqual({ sessions: 2, users: 2 });
  });
});
