/** A real billing service on its own database and the run's bus, with a clock the test moves. */
import { randomUUID } from 'node:crypto';
import {
  SESSION_COOKIE,
  createEnvelope,
  createGrpcClient,
  loadGrpcService,
  signSession,
  type EventBus,
  type EventEnvelope,
  type GrpcClient,
  type RunningService,
} from '@tracklens/kit';
import { freshDatabaseUrl, testBus, testConfig } from '@tracklens/kit/testing';
import { subjects, type UserRegistered } from '@tracklens/contracts';
import { createBillingService } from '../src/service';

export class TestClock {
  constructor(public at: Date) {}
  now(): Date {
    return new Date(this.at.getTime());
  }
  set(iso: string): void {
    this.at = new Date(iso);
  }
}

export interface TestBilling {
  service: RunningService;
  bus: EventBus;
  clock: TestClock;
  base: string;
  grpc: GrpcClient;
  /** Every billing event seen on the bus, oldest first. */
  events: EventEnvelope[];
  cookieFor(userId: string): string;
  /** Publishes identity.user.registered as identity would. */
  register(user?: Partial<UserRegistered>): Promise<UserRegistered>;
  stop(): Promise<void>;
}

export async function startBilling(
  env: Record<string, string | undefined> = {},
  start = '2026-03-15T12:00:00Z',
): Promise<TestBilling> {
  const bus = await testBus('billing');
  const config = await testConfig({ DATABASE_URL: await freshDatabaseUrl('billing'), ...env });
  const clock = new TestClock(new Date(start));
  const service = await createBillingService({ config, bus, inMemoryDatabase: true, clock });
  const grpc = createGrpcClient(
    loadGrpcService(config.protoDir, 'billing/v1/billing.proto', 'billing.v1.BillingService'),
    `127.0.0.1:${service.grpcPort}`,
    { deadlineMs: 10_000 },
  );
  const events: EventEnvelope[] = [];
  const listener = await bus.subscribe(
    { durable: `billing-test-${randomUUID().slice(0, 8)}`, subject: 'billing.>', maxDeliveries: 1 },
    async (envelope) => {
      events.push(envelope);
    },
  );
  return {
    service,
    bus,
    clock,
    base: `http://127.0.0.1:${service.httpPort}`,
    grpc,
    events,
    cookieFor: (userId) =>
      `${SESSION_COOKIE}=${signSession(config.jwtSecret, { userId, sessionId: randomUUID() })}`,
    register: async (user = {}) => {
      const data: UserRegistered = {
        userId: randomUUID(),
        name: 'Ada Lovelace',
        email: `ada.${randomUUID().slice(0, 8)}@example.com`,
        ...user,
      };
      await bus.publish(subjects.userRegistered, createEnvelope('identity', subjects.userRegistered, data));
      return data;
    },
    stop: async () => {
      grpc.close();
      await listener.stop();
      await service.stop();
      await bus.close();
    },
  };
}

export interface ReserveReply {
  granted: boolean;
  reservation_id: string;
  code: string;
  message: string;
  video_duration: number;
  video_duration_minutes: number;
  expires_at: string;
}

export function reserve(
  billing: TestBilling,
  userId: string,
  feature: string,
  extra: { amount?: number; video_duration_sec?: number; reference?: string } = {},
): Promise<ReserveReply> {
  return billing.grpc.call<ReserveReply>('ReserveQuota', { user_id: userId, feature, amount: 1, ...extra });
}

/** JSON request with an optional session cookie. */
export async function call(
  billing: TestBilling,
  method: string,
  path: string,
  options: { userId?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (options.userId) headers.cookie = billing.cookieFor(options.userId);
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${billing.base}${path}`, {
    method,
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

export function usageEventsOf(billing: TestBilling, userId: string): EventEnvelope[] {
  return billing.events.filter(
    (e) => e.type === subjects.usageChanged && (e.data as { userId: string }).userId === userId,
  );
}

export function statusEventsOf(billing: TestBilling, userId: string): string[] {
  return billing.events
    .filter(
      (e) => e.type === subjects.subscriptionChanged && (e.data as { userId: string }).userId === userId,
    )
    .map((e) => (e.data as { status: string }).status);
}
