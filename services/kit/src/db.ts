/** drizzle-orm over embedded PGlite (a data folder per service) or PostgreSQL; migrations run at open. */
import fs from 'node:fs';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';

const execFileAsync = promisify(execFile);

/** A database or a transaction on it: repositories accept either. */
export type Database = PgDatabase<PgQueryResultHKT>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  ping(): Promise<void>;
  tableCounts(): Promise<Record<string, number>>;
  /** Empties every table of this database except the migration bookkeeping; answers the tables emptied. */
  clearTables(): Promise<string[]>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL URL; when absent PGlite is used. */
  url?: string | undefined;
  /** PGlite data folder; absent means in memory. */
  dataDir?: string | undefined;
  /** Folder of drizzle-kit migrations. */
  migrationsFolder: string;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
}

/**
 * kit's own tables (outbox, inbox, jobs), created in every service's database after the service's own
 * migrations and tracked apart from them.
 */
const platformMigrations = { migrationsFolder: path.join(__dirname, '..', 'drizzle'), migrationsTable: '__kit_migrations' };

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  return options.url ? openPostgres(options.url, options) : openPglite(options);
}

/**
 * Embedded databases hold little (one user's products and plans), and all-in-one runs seven of them in one
 * process: PostgreSQL's default 128 MB of shared buffers each made 0.9 GB of the process's memory at rest.
 */
const PGLITE_CONF = ['shared_buffers=16MB'];

async function openPglite(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const client = await startPglite(options.dataDir);
  const db = drizzlePglite({ client });
  await migratePglite(db, { migrationsFolder: options.migrationsFolder });
  await migratePglite(db, platformMigrations);
  const handle = db as unknown as Database;
  return {
    db: handle,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    tableCounts: () => countRows(handle),
    clearTables: () => truncateTables(handle),
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

/**
 * A new data folder is made by initdb inside the database's WebAssembly memory, which grows for it and never
 * shrinks, and a closed database's memory goes back only at a full collection, which an idle process may not
 * run for a long time: seven fresh databases held 0.9 GB after a first start against 0.5 GB once reopened. So
 * a new folder is made in a process of its own, whose memory is all returned when it ends (a worker thread's
 * is not: the allocator keeps it).
 */
async function startPglite(dataDir: string | undefined): Promise<PGlite> {
  if (dataDir && !fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    fs.mkdirSync(dataDir, { recursive: true });
    await createPgliteDataDir(dataDir);
  }
  const client = new PGlite({ ...(dataDir ? { dataDir } : {}), postgresqlconf: PGLITE_CONF });
  await client.waitReady;
  return client;
}

/** Runs initdb for `dataDir` in a process of its own and resolves once the folder is complete and the process gone. */
async function createPgliteDataDir(dataDir: string): Promise<void> {
  const source = `
    const { PGlite } = require(process.argv[1]);
    (async () => {
      const client = new PGlite({ dataDir: process.argv[2], postgresqlconf: JSON.parse(process.argv[3]) });
      await client.waitReady;
      await client.close();
    })().catch((error) => {
      process.stderr.write(String(error && error.stack ? error.stack : error));
      process.exit(1);
    });
  `;
  const args = ['-e', source, require.resolve('@electric-sql/pglite'), dataDir, JSON.stringify(PGLITE_CONF)];
  try {
    await execFileAsync(process.execPath, args, { maxBuffer: 1024 * 1024 });
  } catch (error) {
    const stderr = (error as { stderr?: unknown }).stderr;
    throw new Error(`creating the database in ${dataDir} failed: ${typeof stderr === 'string' && stderr ? stderr : String(error)}`);
  }
}

async function openPostgres(url: string, options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  await ensurePostgresDatabase(url);
  // A database that drops packets instead of refusing must still fail a request in time (503), not hang it.
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10, connectionTimeoutMillis: 5000 });
  pool.on('error', () => undefined); // idle client errors surface on the next query instead
  const db = drizzlePg({ client: pool });
  // Replicas starting together must not run the same migration twice.
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock(727001)');
    const migrator = drizzlePg({ client: lockClient });
    await migratePg(migrator, { migrationsFolder: options.migrationsFolder });
    await migratePg(migrator, platformMigrations);
  } finally {
    await lockClient.query('select pg_advisory_unlock(727001)').catch(() => undefined);
    lockClient.release();
  }
  const handle = db as unknown as Database;
  let closed = false;
  return {
    db: handle,
    kind: 'postgres',
    ping: async () => {
      await pool.query('select 1');
    },
    tableCounts: () => countRows(handle),
    clearTables: () => truncateTables(handle),
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/** Creates the database named in the URL when it does not exist yet (one database per service). */
export async function ensurePostgresDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  if (!name) return;
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const existing = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (existing.rowCount === 0) {
      await client.query(`create database "${name.replace(/"/g, '""')}"`).catch((error: { code?: string }) => {
        if (error.code !== '42P04') throw error; // created meanwhile by a sibling process
      });
    }
  } finally {
    await client.end();
  }
}

/** The URL of a service's own database on the server of a base URL: <database>_<service>. */
export function serviceDatabaseUrl(baseUrl: string, service: string): string {
  const url = new URL(baseUrl);
  const base = decodeURIComponent(url.pathname.replace(/^\//, '')) || 'tracklens';
  url.pathname = `/${base}_${service}`;
  return url.toString();
}

export function pgliteDataDir(dataDir: string, service: string): string {
  return path.join(dataDir, service, 'pgdata');
}

/** The service's own tables; drizzle keeps its migration bookkeeping in the `drizzle` schema, never here. */
async function publicTables(db: Database): Promise<string[]> {
  const tables = await db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return rowsOf<{ table_name: string }>(tables).map((row) => row.table_name);
}

async function countRows(db: Database): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await publicTables(db)) {
    const result = await db.execute<{ count: number }>(
      sql`select count(*)::int as count from ${sql.identifier(table)}`,
    );
    counts[table] = Number(rowsOf<{ count: number }>(result)[0]?.count ?? 0);
  }
  return counts;
}

/** One TRUNCATE of all tables at once, so foreign keys between them never stop it half way. */
async function truncateTables(db: Database): Promise<string[]> {
  // A migrations table someone kept in public (migrationsSchema: 'public') is still bookkeeping.
  const tables = (await publicTables(db)).filter((table) => !/^__.*migrations$/.test(table));
  if (tables.length === 0) return [];
  await db.execute(sql`truncate table ${sql.join(tables.map((table) => sql.identifier(table)), sql`, `)} restart identity cascade`);
  return tables;
}

/** PGlite and node-postgres both answer execute() with an object holding rows. */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
