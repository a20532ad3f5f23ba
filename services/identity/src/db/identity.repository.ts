/** All SQL of identity. */
import { and, eq, gt, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { enqueueEvent, type Database } from '@tracklens/kit';
import type { SubscriptionStatus, User } from '@tracklens/contracts';
import type { IdentityStore, NewAccount } from '../domain/identity';
import { credentials, loginFailures, sessions, users } from './schema';

type UserRow = typeof users.$inferSelect;

function toUser(row: UserRow): User {
  // The counters are billing's for one UTC month; last month's numbers say nothing about this one.
  const current = !row.usageMonth || row.usageMonth >= new Date().toISOString().slice(0, 7);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    subscriptionStatus: row.subscriptionStatus as SubscriptionStatus,
    videosUploaded: current ? row.videosUploaded : 0,
    trackingPlansGenerated: current ? row.trackingPlansGenerated : 0,
    createdAt: row.createdAt.toISOString(),
  };
}

export class IdentityRepository implements IdentityStore {
  constructor(private readonly db: Database) {}

  /** Creates the user, the credential, the first session and the registered event in one transaction; null when the email is taken. */
  async createAccount(account: NewAccount): Promise<User | null> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({ id: account.id, name: account.name, email: account.email })
        .onConflictDoNothing({ target: users.email })
        .returning();
      if (!row) return null;
      await tx.insert(credentials).values({ userId: row.id, passwordHash: account.passwordHash });
      await tx.insert(sessions).values({ id: account.session.id, userId: row.id, expiresAt: account.session.expiresAt });
      await enqueueEvent(tx, account.event.subject, account.event.envelope);
      return toUser(row);
    });
  }

  async findCredentialsByEmail(email: string): Promise<{ user: User; passwordHash: string } | null> {
    const [row] = await this.db
      .select({ user: users, passwordHash: credentials.passwordHash })
      .from(users)
      .innerJoin(credentials, eq(credentials.userId, users.id))
      .where(eq(users.email, email));
    return row ? { user: toUser(row.user), passwordHash: row.passwordHash } : null;
  }

  async findUser(id: string): Promise<User | null> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id));
    return row ? toUser(row) : null;
  }

  async createSession(session: { id: string; userId: string; expiresAt: Date }): Promise<void> {
    await this.db.insert(sessions).values(session);
  }

  async isSessionActive(sessionId: string, userId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(
        and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.endedAt), gt(sessions.expiresAt, sql`now()`)),
      );
    return Boolean(row);
  }

  async endSession(sessionId: string): Promise<void> {
    await this.db.update(sessions).set({ endedAt: sql`now()` }).where(and(eq(sessions.id, sessionId), isNull(sessions.endedAt)));
  }

  async recordLoginFailure(email: string, address: string): Promise<void> {
    await this.db.insert(loginFailures).values({ email, address });
  }

  /** Failed sign-ins for this e-mail in the last 15 minutes, and from this address in the last minute. */
  async recentLoginFailures(email: string, address: string): Promise<{ byEmail: number; byAddress: number }> {
    const lastMinute = sql`now() - interval '1 minute'`;
    const [row] = await this.db
      .select({
        byEmail: sql<number>`count(*) filter (where ${loginFailures.email} = ${email})::int`,
        byAddress: sql<number>`count(*) filter (where ${loginFailures.address} = ${address} and ${loginFailures.at} > ${lastMinute})::int`,
      })
      .from(loginFailures)
      .where(
        and(
          gt(loginFailures.at, sql`now() - interval '15 minutes'`),
          or(eq(loginFailures.email, email), and(eq(loginFailures.address, address), gt(loginFailures.at, lastMinute))),
        ),
      );
    return { byEmail: Number(row?.byEmail ?? 0), byAddress: Number(row?.byAddress ?? 0) };
  }

  /** Mirrors billing.subscription.changed; an event older than the last one applied changes nothing. */
  async mirrorSubscriptionStatus(change: { userId: string; status: SubscriptionStatus; at: Date }): Promise<void> {
    await this.db
      .update(users)
      .set({ subscriptionStatus: change.status, subscriptionSyncedAt: change.at, updatedAt: sql`now()` })
      .where(
        and(
          eq(users.id, change.userId),
          or(isNull(users.subscriptionSyncedAt), lte(users.subscriptionSyncedAt, change.at)),
        ),
      );
  }

  /** Mirrors billing.usage.changed; an earlier month, or an older event of the same month, changes nothing. */
  async mirrorUsage(usage: { userId: string; month: string; videosUploaded: number; trackingPlansGenerated: number; at: Date }): Promise<void> {
    await this.db
      .update(users)
      .set({
        videosUploaded: usage.videosUploaded,
        trackingPlansGenerated: usage.trackingPlansGenerated,
        usageMonth: usage.month,
        usageSyncedAt: usage.at,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(users.id, usage.userId),
          or(
            isNull(users.usageMonth),
            lt(users.usageMonth, usage.month),
            and(eq(users.usageMonth, usage.month), or(isNull(users.usageSyncedAt), lte(users.usageSyncedAt, usage.at))),
          ),
        ),
      );
  }

  /** Housekeeping: failures older than an hour and sessions past expiry carry no meaning. */
  async prune(): Promise<void> {
    await this.db.delete(loginFailures).where(lt(loginFailures.at, sql`now() - interval '1 hour'`));
    await this.db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`));
  }
}
