import path from 'node:path';
import type { Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import express from 'express';
import { sql } from 'drizzle-orm';
import { Registry } from 'prom-client';
import { closeServer, listen, openDatabase, registerHealthRoutes, rowsOf, type DatabaseHandle } from '../src';
import { freshDatabaseUrl } from '../src/testing';
import { notes } from './fixtures/schema';

const migrationsFolder = path.join(__dirname, 'fixtures', 'drizzle');

describe('POST /debug/clear', () => {
  let handle: DatabaseHandle;
  let server: Server;
  let base: string;

  beforeAll(async () => {
    handle = await openDatabase({ url: await freshDatabaseUrl('kit_clear'), migrationsFolder });
    const app = express();
    registerHealthRoutes(app, {
      service: 'notes',
      checks: {},
      registry: new Registry(),
      debugStats: () => handle.tableCounts(),
      debugClear: () => handle.clearTables(),
    });
    server = await listen(app, '127.0.0.1', 0);
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });

  afterAll(async () => {
    await closeServer(server);
    await handle.close();
  });

  async function stats(): Promise<Record<string, number>> {
    return ((await (await fetch(`${base}/debug/stats`)).json()) as { stats: Record<string, number> }).stats;
  }

  async function migrationsApplied(): Promise<number> {
    const result = await handle.db.execute(sql`select count(*)::int as count from drizzle.__drizzle_migrations`);
    return Number(rowsOf<{ count: number }>(result)[0]?.count ?? 0);
  }

  it('should refuse anything but a JSON request, so no web page can send it cross-site', async () => {
    await handle.db.insert(notes).values({ id: randomUUID(), body: 'kept' });
    const form = await fetch(`${base}/debug/clear`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: '{}',
    });
    expect(form.status).toBe(415);
    expect((await stats()).notes).toBeGreaterThan(0);
  });

  it("should empty every table of the service's database and keep the migration bookkeeping", async () => {
    await handle.db.insert(notes).values({ id: randomUUID(), body: 'gone soon' });
    const applied = await migrationsApplied();
    expect(applied).toBeGreaterThan(0);

    const response = await fetch(`${base}/debug/clear`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { service: string; tables: string[] };
    expect(body.service).toBe('notes');
    expect(body.tables).toEqual(expect.arrayContaining(['notes', 'outbox', 'inbox']));
    expect(Object.values(await stats()).every((count) => count === 0)).toBe(true);
    expect(await migrationsApplied()).toBe(applied);
    // The emptied tables still take rows.
    await handle.db.insert(notes).values({ id: randomUUID(), body: 'after' });
    expect((await stats()).notes).toBe(1);
  });
});
