/** identity's rules: accounts, sign-in with rate limiting, sessions that can be ended. */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { SESSION_TTL_SECONDS, TtlCache, createEnvelope, errors, type OutgoingEvent } from '@tracklens/kit';
import { subjects, type LoginBody, type RegisterBody, type User, type UserRegistered } from '@tracklens/contracts';

/** Failed sign-ins from one address in a minute; the next attempt from it is refused (429). */
export const MAX_FAILED_LOGINS_PER_MINUTE = 10;
/**
 * One e-mail's failed sign-ins (in the last 15 minutes) that cost nothing. Past them, every attempt for
 * that e-mail waits before its password is checked, FIRST_LOGIN_DELAY_MS doubled per further failure, up to
 * MAX_LOGIN_DELAY_MS. Never a refusal: anyone could lock a user out by failing on purpose from many addresses.
 * The wait comes before the check, right password included, so a guess's answer cannot be had sooner.
 */
export const FREE_FAILURES_PER_EMAIL = 5;
export const FIRST_LOGIN_DELAY_MS = 250;
export const MAX_LOGIN_DELAY_MS = 4000;
export const INVALID_CREDENTIALS = 'Invalid email or password';
export const DUPLICATE_EMAIL = 'An account with this email already exists';

/** A new user with their credential, first session and registered event, stored together. */
export interface NewAccount {
  id: string;
  name: string;
  email: string;
  passwordHash: string;
  session: { id: string; expiresAt: Date };
  event: OutgoingEvent;
}

/** What identity needs from its storage (src/db/identity.repository.ts implements it). */
export interface IdentityStore {
  createAccount(account: NewAccount): Promise<User | null>;
  findCredentialsByEmail(email: string): Promise<{ user: User; passwordHash: string } | null>;
  findUser(id: string): Promise<User | null>;
  createSession(session: { id: string; userId: string; expiresAt: Date }): Promise<void>;
  isSessionActive(sessionId: string, userId: string): Promise<boolean>;
  endSession(sessionId: string): Promise<void>;
  recordLoginFailure(email: string, address: string): Promise<void>;
  /** Failed sign-ins for the e-mail in the last 15 minutes, and from the address in the last minute. */
  recentLoginFailures(email: string, address: string): Promise<{ byEmail: number; byAddress: number }>;
}

/** How long an attempt for an e-mail with `failures` recent failed sign-ins waits before its password is checked. */
export function loginDelayMs(failures: number): number {
  if (failures < FREE_FAILURES_PER_EMAIL) return 0;
  return Math.min(MAX_LOGIN_DELAY_MS, FIRST_LOGIN_DELAY_MS * 2 ** (failures - FREE_FAILURES_PER_EMAIL));
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
}

export interface SignedIn {
  user: User;
  sessionId: string;
}

export class Identity {
  /**
   * Live sessions and the users /api/user/me answers, trusted for `cacheMs` (SESSION_CHECK_CACHE_MS, as at the
   * gateway): a page load asks for both on every request, and an embedded database answers a query in about a
   * millisecond. A logout or a change made here forgets them at once; another replica's change is seen within
   * cacheMs.
   */
  private readonly liveSessions: TtlCache<string, string>;
  private readonly users: TtlCache<string, User>;

  constructor(
    private readonly store: IdentityStore,
    private readonly hasher: PasswordHasher,
    /** A hash of a random password, verified against when the email is unknown so both paths take as long. */
    private readonly decoyHash: Promise<string>,
    cacheMs = 0,
  ) {
    this.liveSessions = new TtlCache({ ttlMs: cacheMs });
    this.users = new TtlCache({ ttlMs: cacheMs });
  }

  async register(body: RegisterBody): Promise<SignedIn> {
    const id = randomUUID();
    const session = { id: randomUUID(), expiresAt: sessionExpiry() };
    const data: UserRegistered = { userId: id, name: body.name, email: body.email };
    const user = await this.store.createAccount({
      id,
      name: body.name,
      email: body.email,
      passwordHash: await this.hasher.hash(body.password),
      session,
      event: { subject: subjects.userRegistered, envelope: createEnvelope('identity', subjects.userRegistered, data) },
    });
    if (!user) throw errors.conflict(DUPLICATE_EMAIL, 'EMAIL_TAKEN');
    return { user, sessionId: session.id };
  }

  async login(body: LoginBody, address: string): Promise<SignedIn> {
    const failures = await this.store.recentLoginFailures(body.email, address);
    if (failures.byAddress >= MAX_FAILED_LOGINS_PER_MINUTE) {
      throw errors.tooManyRequests('Too many failed sign-in attempts. Please try again in a minute.', 60);
    }
    const delayMs = loginDelayMs(failures.byEmail);
    if (delayMs > 0) await sleep(delayMs);
    const found = await this.store.findCredentialsByEmail(body.email);
    const valid = found
      ? await this.hasher.verify(found.passwordHash, body.password)
      : await this.hasher.verify(await this.decoyHash, body.password).then(() => false);
    if (!found || !valid) {
      await this.store.recordLoginFailure(body.email, address);
      throw errors.unauthorized('INVALID_CREDENTIALS', INVALID_CREDENTIALS);
    }
    const sessionId = randomUUID();
    await this.store.createSession({ id: sessionId, userId: found.user.id, expiresAt: sessionExpiry() });
    return { user: found.user, sessionId };
  }

  async logout(sessionId: string | undefined): Promise<void> {
    if (!sessionId) return;
    this.liveSessions.delete(sessionId);
    await this.store.endSession(sessionId);
    // Again after the write: a check that read the session before it ended may have remembered it meanwhile.
    this.liveSessions.delete(sessionId);
  }

  /** The caller's own user; a live session whose user is gone answers USER_NOT_FOUND. */
  async me(userId: string): Promise<User> {
    const cached = this.users.get(userId);
    if (cached) return cached;
    const user = await this.store.findUser(userId);
    if (!user) throw errors.unauthorized('USER_NOT_FOUND', 'User not found');
    this.users.set(userId, user);
    return user;
  }

  /** Forgets every remembered session and user: their tables were emptied (the admin panel's staging clear). */
  forgetAll(): void {
    this.liveSessions.clear();
    this.users.clear();
  }

  /** Forgets what is remembered of a user whose record changed (billing's mirrored subscription and usage). */
  forgetUser(userId: string): void {
    this.users.delete(userId);
  }

  /** Only your own id is visible; any other id answers 404 as if it did not exist. */
  async getUser(callerId: string, userId: string | null): Promise<User> {
    const user = userId !== null && callerId === userId ? await this.store.findUser(userId) : null;
    if (!user) throw errors.notFound('User not found');
    return user;
  }

  async findUser(userId: string): Promise<User> {
    const user = await this.store.findUser(userId);
    if (!user) throw errors.notFound('User not found');
    return user;
  }

  async isSessionActive(sessionId: string, userId: string): Promise<boolean> {
    if (this.liveSessions.get(sessionId) === userId) return true;
    const active = await this.store.isSessionActive(sessionId, userId);
    if (active) this.liveSessions.set(sessionId, userId);
    return active;
  }
}

function sessionExpiry(): Date {
  return new Date(Date.now() + SESSION_TTL_SECONDS * 1000);
}
