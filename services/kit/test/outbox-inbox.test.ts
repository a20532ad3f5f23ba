import { spawn } from 'node:child_process';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import {
  OutboxRelay,
  createEnvelope,
  enqueueEvent,
  handleOnce,
  outbox,
  openDatabase,
  pgliteDataDir,
  rowsOf,
  type DatabaseHandle,
  type EventBus,
  type EventEnvelope,
  type EventHandler,
} from '../src';
import { eventually, freshDatabaseUrl, silentLogger, tempDir, testBus } from '../src/testing';
import { notes } from './fixtures/schema';

const migrationsFolder = path.join(__dirname, 'fixtures', 'drizzle');

/** A producer name of its own per test, so NATS streams and durables never collide between runs. */
function producer(): string {
  return `kt${randomUUID().slice(0, 8)}`;
}

async function openTestDatabase(dataDir?: string): Promise<{ handle: DatabaseHandle; url: string | undefined }> {
  const url = await freshDatabaseUrl('kit');
  const handle = await openDatabase({ url, dataDir: url ? undefined : dataDir, migrationsFolder });
  return { handle, url };
}

async function countNotes(handle: DatabaseHandle, body: string): Promise<number> {
  const rows = await handle.db.select().from(notes).where(eq(notes.body, body));
  return rows.length;
}

describe('outbox and inbox', () => {
  let bus: EventBus;
  const handles: DatabaseHandle[] = [];
  const relays: OutboxRelay[] = [];

  beforeEach(async () => {
    bus = await testBus('kit');
  });

  afterEach(async () => {
    for (const relay of relays.splice(0)) await relay.stop();
    await bus.close();
    for (const handle of handles.splice(0)) await handle.close();
  });

  async function database(dataDir?: string): Promise<DatabaseHandle> {
    const { handle } = await openTestDatabase(dataDir);
    handles.push(handle);
    return handle;
  }

  function relayFor(handle: DatabaseHandle): OutboxRelay {
    const relay = new OutboxRelay({ db: handle.db, bus, logger: silentLogger, pollMs: 50 });
    relays.push(relay);
    return relay;
  }

  it('should publish an event written in the same transaction as the state change', async () => {
    const name = producer();
    const source = await database();
    const sink = await database();
    const received: EventEnvelope[] = [];
    await bus.subscribe(
      { durable: `${name}-sink`, subject: `${name}.note.created`, maxDeliveries: 3 },
      handleOnce(sink.db, `${name}-sink`, async (envelope) => {
        received.push(envelope);
      }),
    );
    const envelope = createEnvelope(name, `${name}.note.created`, { body: 'hello' });
    await source.db.transaction(async (tx) => {
      await tx.insert(notes).values({ id: randomUUID(), body: 'hello' });
      await enqueueEvent(tx, `${name}.note.created`, envelope);
    });
    relayFor(source).start();
    await eventually(() => expect(received.map((e) => e.id)).toEqual([envelope.id]));
    await eventually(async () => {
      const [row] = await source.db.select().from(outbox).where(eq(outbox.id, envelope.id));
      expect(row?.status).toBe('sent');
    });
  });

  it('should not write the event when the transaction rolls back', async () => {
    const name = producer();
    const source = await database();
    const envelope = createEnvelope(name, `${name}.note.created`, { body: 'lost' });
    await expect(
      source.db.transaction(async (tx) => {
        await enqueueEvent(tx, `${name}.note.created`, envelope);
        throw new Error('state change failed');
      }),
    ).rejects.toThrow('state change failed');
    expect(await source.db.select().from(outbox)).toHaveLength(0);
  });

  it('should deliver an event committed by a publisher killed before it published, once restarted', async () => {
    const name = producer();
    const subject = `${name}.note.created`;
    const dataDir = pgliteDataDir(tempDir(), 'crash');
    const { handle: first, url } = await openTestDatabase(dataDir);
    await first.close(); // the child owns the database now (PGlite allows one process per folder)

    const eventId = randomUUID();
    const output = await runCrashingPublisher({ url, dataDir, eventId, subject });
    expect(output).toContain('committed');

    const restarted = await database(url ? undefined : dataDir);
    if (url) {
      // openTestDatabase made a fresh database; reopen the child's instead.
      await restarted.close();
      handles.pop();
      handles.push(await openDatabase({ url, migrationsFolder }));
    }
    const reopened = handles[handles.length - 1]!;
    const [pending] = await reopened.db.select().from(outbox).where(eq(outbox.id, eventId));
    expect(pending?.status).toBe('pending');

    const sink = await database();
    const received: string[] = [];
    await bus.subscribe(
      { durable: `${name}-sink`, subject, maxDeliveries: 3 },
      handleOnce(sink.db, `${name}-sink`, async (envelope) => {
        received.push(envelope.id);
      }),
    );
    relayFor(reopened).start();
    await eventually(() => expect(received).toEqual([eventId]));
  });

  it('should apply a redelivered event once when the acknowledgement was lost after commit', async () => {
    const name = producer();
    const source = await database();
    const sink = await database();
    let deliveries = 0;
    const applyOnce = handleOnce(sink.db, `${name}-sink`, async (envelope, tx) => {
      await tx.insert(notes).values({ id: randomUUID(), body: (envelope.data as { body: string }).body });
    });
    const ackLost: EventHandler = async (envelope, delivery) => {
      deliveries++;
      await applyOnce(envelope, delivery);
      if (deliveries === 1) throw new Error('connection dropped before ack');
    };
    await bus.subscribe({ durable: `${name}-sink`, subject: `${name}.note.created`, maxDeliveries: 5 }, ackLost);
    await source.db.transaction(async (tx) => {
      await enqueueEvent(tx, `${name}.note.created`, createEnvelope(name, `${name}.note.created`, { body: 'once' }));
    });
    relayFor(source).start();
    await eventually(() => expect(deliveries).toBeGreaterThanOrEqual(2));
    await new Promise((r) => setTimeout(r, 300));
    expect(await countNotes(sink, 'once')).toBe(1);
  });

  it('should skip an event id the consumer already processed', async () => {
    const sink = await database();
    let effects = 0;
    const handler = handleOnce(sink.db, 'dedupe', async () => {
      effects++;
    });
    const envelope = createEnvelope('kt', 'kt.note.created', {});
    const delivery = { subject: 'kt.note.created', deliveryCount: 1 };
    expect(await handler(envelope, delivery)).toBe('handled');
    expect(await handler(envelope, { ...delivery, deliveryCount: 2 })).toBe('skipped');
    expect(effects).toBe(1);
  });

  it('should roll back a failing handler, redeliver with backoff and dead-letter after the maximum', async () => {
    const name = producer();
    const subject = `${name}.note.created`;
    const source = await database();
    const sink = await database();
    const attempts: number[] = [];
    await bus.subscribe(
      { durable: `${name}-sink`, subject, maxDeliveries: 3 },
      handleOnce(sink.db, `${name}-sink`, async (_envelope, tx) => {
        await tx.insert(notes).values({ id: randomUUID(), body: 'never' });
        attempts.push(Date.now());
        throw new Error('always fails');
      }),
    );
    const dead: string[] = [];
    await bus.subscribe({ durable: `${name}-dlq`, subject: `dlq.${subject}`, maxDeliveries: 1 }, async (envelope) => {
      dead.push(envelope.id);
    });
    const envelope = createEnvelope(name, subject, {});
    await source.db.transaction(async (tx) => enqueueEvent(tx, subject, envelope));
    relayFor(source).start();
    await eventually(() => expect(dead).toEqual([envelope.id]), 20_000);
    expect(attempts).toHaveLength(3);
    expect(attempts[2]! - attempts[1]!).toBeGreaterThanOrEqual(attempts[1]! - attempts[0]!);
    expect(await countNotes(sink, 'never')).toBe(0);
  });

  it('should keep retrying publication while the bus is down and publish once it is back', async () => {
    const name = producer();
    const source = await database();
    let up = false;
    const published: string[] = [];
    const flakyBus: EventBus = {
      kind: 'in-process',
      publish: async (_subject, envelope) => {
        if (!up) throw new Error('bus unreachable');
        published.push(envelope.id);
      },
      subscribe: () => Promise.reject(new Error('unused')),
      ping: async () => undefined,
      close: async () => undefined,
    };
    const envelope = createEnvelope(name, `${name}.note.created`, {});
    await source.db.transaction(async (tx) => enqueueEvent(tx, `${name}.note.created`, envelope));
    const relay = new OutboxRelay({ db: source.db, bus: flakyBus, logger: silentLogger, pollMs: 20 });
    expect(await relay.publishPending()).toBe(0);
    const [failed] = rowsOf<{ attempts: number }>(
      await source.db.execute(sql`select attempts from outbox where id = ${envelope.id}`),
    );
    expect(failed?.attempts).toBe(1);
    up = true;
    await source.db.execute(sql`update outbox set next_attempt_at = now()`);
    expect(await relay.publishPending()).toBe(1);
    expect(published).toEqual([envelope.id]);
  });
});

/** Runs a child process that commits a state change with its outbox row and is SIGKILLed before any relay runs. */
function runCrashingPublisher(args: { url: string | undefined; dataDir: string; eventId: string; subject: string }): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(__dirname, 'fixtures', 'crashing-publisher.js')], {
      env: { ...process.env, CRASH_ARGS: JSON.stringify(args) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (_code, signal) => (signal === 'SIGKILL' ? resolve(output) : reject(new Error(`child did not crash: ${output}`))));
  });
}
