import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Config } from '../config';
import type { Database, Schema } from './database';
import { acquireLockFile } from './lock-file';
import * as schema from './schema';
import { registerPglite, registerPool } from './statement';

/** The driver-specific side, for code that needs one connection (advisory locks, migrations). */
export type NativeDatabase =
  | { driver: 'pglite'; client: PGlite; db: PgliteDatabase<Schema> }
  | { driver: 'pg'; pool: pg.Pool };

export interface DatabaseHandle {
  db: Database;
  driver: NativeDatabase['driver'];
  native: NativeDatabase;
  close(): Promise<void>;
}

export type DatabaseConfig = Pick<Config, 'dataDir' | 'databaseUrl'>;

/**
 * Opens PostgreSQL through node-postgres when `databaseUrl` is set; otherwise the embedded
 * PGlite database in `<dataDir>/pgdata`, guarded by the lock file `<dataDir>/.lock`.
 */
export async function openDatabase(config: DatabaseConfig): Promise<DatabaseHandle> {
  if (config.databaseUrl !== undefined) return connectPostgres(config.databaseUrl);

  fs.mkdirSync(config.dataDir, { recursive: true });
  const releaseLock = acquireLockFile(path.join(config.dataDir, '.lock'));
  try {
    const client = await PGlite.create(path.join(config.dataDir, 'pgdata'));
    return fromPglite(client, releaseLock);
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/**
 * A connection that cannot be made within this time fails (a 503 to the client) instead of
 * leaving the request waiting for as long as an unreachable host takes to refuse.
 */
const CONNECT_TIMEOUT_MS = 5_000;

async function connectPostgres(databaseUrl: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: databaseUrl, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  try {
    const client = await pool.connect();
    client.release();
  } catch (error) {
    await pool.end();
    const url = new URL(databaseUrl);
    throw new Error(
      `Cannot connect to PostgreSQL at ${url.hostname}:${url.port || 5432}${url.pathname}: ${(error as Error).message}`,
    );
  }
  return fromPool(pool);
}

export function fromPglite(client: PGlite, onClose: () => void = () => {}): DatabaseHandle {
  const db = drizzlePglite({ client, schema });
  registerPglite(db, client);
  return {
    db,
    driver: 'pglite',
    native: { driver: 'pglite', client, db },
    async close() {
      try {
        await client.close();
      } finally {
        onClose();
      }
    },
  };
}

export function fromPool(pool: pg.Pool): DatabaseHandle {
  // A connection the server ends (restart, failover, a dropped database) emits 'error' on its
  // client, idle in the pool or checked out; without a listener that error ends the process.
  const connectionLost = (error: Error) => console.error(`PostgreSQL connection lost: ${error.message}`);
  pool.on('error', connectionLost);
  pool.on('connect', (client) => client.on('error', connectionLost));
  const db: NodePgDatabase<Schema> = drizzlePg({ client: pool, schema });
  registerPool(db, pool, (client) => drizzlePg({ client, schema }));
  return {
    db,
    driver: 'pg',
    native: { driver: 'pg', pool },
    close: () => pool.end(),
  };
}

/**
 * Runs raw SQL and returns its rows. `db.execute` is typed per driver; both drivers answer with
 * `{ rows }`, so this is the driver-agnostic way to read a raw query.
 */
export async function executeRows<T extends Record<string, unknown>>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as { rows?: unknown };
  if (!Array.isArray(result.rows)) throw new Error('The database driver returned no rows array');
  return result.rows as T[];
}
