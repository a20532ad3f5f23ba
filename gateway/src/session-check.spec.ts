import { createSessionChecker } from './session-check';

describe(createSessionChecker.name, () => {
  function fakeIdentity(active: (sessionId: string) => boolean): {
    calls: string[];
    call: <Res>(method: string, request: object) => Promise<Res>;
  } {
    const calls: string[] = [];
    return {
      calls,
      call: <Res>(method: string, request: object) => {
        const sessionId = 'session_id' in request ? String(request.session_id) : '';
        calls.push(`${method} ${sessionId}`);
        return Promise.resolve({ active: active(sessionId) } as Res);
      },
    };
  }

  const claims = { userId: 'u1', sessionId: 's1' };

  it('should trust a live session for the cache time, then ask again', async () => {
    let at = 0;
    const identity = fakeIdentity(() => true);
    const checker = createSessionChecker({ identity, cacheMs: 1000, now: () => at });
    await expect(checker.isSessionActive(claims)).resolves.toBe(true);
    at = 999;
    await expect(checker.isSessionActive(claims)).resolves.toBe(true);
    at = 1000;
    await expect(checker.isSessionActive(claims)).resolves.toBe(true);
    expect(identity.calls).toEqual(['CheckSession s1', 'CheckSession s1']);
  });

  it('should never cache an ended session', async () => {
    const identity = fakeIdentity(() => false);
    const checker = createSessionChecker({ identity, cacheMs: 60_000 });
    await expect(checker.isSessionActive(claims)).resolves.toBe(false);
    await expect(checker.isSessionActive(claims)).resolves.toBe(false);
    expect(identity.calls).toHaveLength(2);
  });

  it('should ask again after evict', async () => {
    let live = true;
    const checker = createSessionChecker({ identity: fakeIdentity(() => live), cacheMs: 60_000 });
    await checker.isSessionActive(claims);
    live = false;
    checker.evict('s1');
    await expect(checker.isSessionActive(claims)).resolves.toBe(false);
  });

  it('should not answer from the cache for another user with the same session id', async () => {
    const identity = fakeIdentity(() => true);
    const checker = createSessionChecker({ identity, cacheMs: 60_000 });
    await checker.isSessionActive(claims);
    await checker.isSessionActive({ userId: 'u2', sessionId: 's1' });
    expect(identity.calls).toHaveLength(2);
  });

  it('should keep at most maxEntries sessions', async () => {
    const identity = fakeIdentity(() => true);
    const checker = createSessionChecker({ identity, cacheMs: 60_000, maxEntries: 2 });
    for (const sessionId of ['s1', 's2', 's3', 's1'])
      await checker.isSessionActive({ userId: 'u1', sessionId });
    expect(identity.calls).toEqual([
      'CheckSession s1',
      'CheckSession s2',
      'CheckSession s3',
      'CheckSession s1',
    ]);
  });

  it('should pass on the rejection of an unreachable identity', async () => {
    const identity = { call: () => Promise.reject(new Error('unavailable')) };
    const checker = createSessionChecker({ identity, cacheMs: 60_000 });
    await expect(checker.isSessionActive(claims)).rejects.toThrow('unavailable');
  });
});
