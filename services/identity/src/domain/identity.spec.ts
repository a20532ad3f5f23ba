import { FIRST_LOGIN_DELAY_MS, FREE_FAILURES_PER_EMAIL, MAX_LOGIN_DELAY_MS, loginDelayMs } from './identity';

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
