import type { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Database } from './database';
import { type PreparedColumns, pgliteRunner } from './pglite-runner';

/**
 * Named SQL statements for the hottest paths (the session lookup, the cart): prepared once per
 * connection, then only bound and executed.
 *
 * Why not Drizzle for these: on PGlite every Drizzle query costs about 0.2 ms of query building
 * and row mapping plus PGlite's six wire-protocol round trips (parse, describe, bind, describe,
 * execute, sync), each one a call into the WASM backend with a new parse and plan. A statement
 * here is parsed and described once per session; each run is then one round trip (bind, execute
 * and sync in one batch) on a plan the backend keeps. On PostgreSQL it is node-postgres's named
 * prepared statement.
 *
 * Rules for a statement's SQL, so that both drivers give the same JavaScript values:
 * - parameters are `$1…$n`, sent as text: cast them where the type is not clear (`$1::int`);
 * - result columns are only int4, float8, bool or text: cast bigint to float8 (exact up to
 *   2^53, like Drizzle's number mode) and timestamps to epoch milliseconds;
 * - many columns or rows are better answered as one JSON text column (`json_build_object(…)::text`,
 *   `json_agg(…)::text`) and read with JSON.parse: each field costs a little JavaScript on PGlite,
 *   and a twelve-line cart measured markedly cheaper as one JSON value than as rows.
 */
export interface Statement<Row extends Record<string, unknown>> {
  readonly name: string;
  readonly text: string;
  /** Never read: carries the row type. */
  readonly row?: Row;
}

export type StatementParam = string | number | boolean | null;

const NAME = /^bf_[a-z0-9_]{1,60}$/;
const names = new Set<string>();

/** Declares a statement; `name` is unique in the process (`bf_…`), its text fixed. */
export function defineStatement<Row extends Record<string, unknown>>(
  name: string,
  text: string,
): Statement<Row> {
  if (!NAME.test(name)) throw new Error(`Statement name must match ${NAME}: ${name}`);
  if (names.has(name)) throw new Error(`Statement ${name} is defined twice`);
  names.add(name);
  return { name, text };
}

type Runner = (statement: Statement<Record<string, unknown>>, params: StatementParam[]) => Promise<unknown[]>;

/** Fast paths by database: only the top-level connections of `fromPglite` and `fromPool`. */
const runners = new WeakMap<Database, Runner>();

/** For transactions begun with `transaction()` on such a connection: PGlite. */
const transactionRunners = new WeakMap<Database, Runner>();

export function registerPglite(db: Database, client: PGlite): void {
  // One backend session: its prepared statements serve both, in and out of transactions.
  const prepared: PreparedColumns = new Map();
  runners.set(db, pgliteRunner(client, prepared, 'outside'));
  transactionRunners.set(db, pgliteRunner(client, prepared, 'inside'));
}

type Transactor = <T>(fn: (tx: Database) => Promise<T>) => Promise<T>;

/** For transactions begun with `transaction()` on a pool: PostgreSQL only. */
const transactors = new WeakMap<Database, Transactor>();

/**
 * `onConnection` makes the Drizzle database of one checked-out connection (made once per
 * connection: the pool hands the same client objects out again).
 */
export function registerPool(
  db: Database,
  pool: pg.Pool,
  onConnection: (client: pg.PoolClient) => Database,
): void {
  runners.set(db, namedRunner(pool));
  const connections = new WeakMap<pg.PoolClient, Database>();
  transactors.set(db, async (fn) => {
    const client = await pool.connect();
    try {
      let single = connections.get(client);
      if (single === undefined) {
        single = onConnection(client);
        connections.set(client, single);
      }
      // Drizzle's begin, commit or rollback, on this one connection; its statements are named
      // statements of this connection, prepared at their first run on it.
      return await single.transaction(async (tx) => {
        runners.set(tx, namedRunner(client));
        return fn(tx);
      });
    } finally {
      client.release();
    }
  });
}

function namedRunner(queryable: pg.Pool | pg.PoolClient): Runner {
  return async (statement, params) => {
    const result = await queryable.query({ name: statement.name, text: statement.text, values: params });
    return result.rows;
  };
}

/**
 * `db.transaction(fn)`, where statements run on the fast path too: on PGlite the session's
 * prepared statements; on PostgreSQL named statements of the connection the transaction holds.
 */
export function transaction<T>(db: Database, fn: (tx: Database) => Promise<T>): Promise<T> {
  const transactor = transactors.get(db);
  if (transactor) return transactor(fn);
  const inside = transactionRunners.get(db);
  return db.transaction(async (tx) => {
    if (inside) runners.set(tx, inside);
    return fn(tx);
  });
}

/**
 * Runs a statement. In a transaction not begun by `transaction()`, or on a connection this module
 * does not know, it goes through Drizzle on that connection, as an ordinary parameterised query.
 */
export async function runStatement<Row extends Record<string, unknown>>(
  db: Database,
  statement: Statement<Row>,
  params: StatementParam[],
): Promise<Row[]> {
  const runner = runners.get(db);
  const rows = runner ? await runner(statement, params) : await viaDrizzle(db, statement, params);
  return rows as Row[];
}

async function viaDrizzle(
  db: Database,
  statement: Statement<Record<string, unknown>>,
  params: StatementParam[],
): Promise<unknown[]> {
  const result = (await db.execute(toSql(statement.text, params))) as { rows?: unknown };
  if (!Array.isArray(result.rows)) throw new Error('The database driver returned no rows array');
  return result.rows;
}

/** `$n` placeholders as Drizzle parameters. */
function toSql(text: string, params: StatementParam[]): SQL {
  const chunks: SQL[] = [];
  let last = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) {
    const index = Number(match[1]) - 1;
    if (index < 0 || index >= params.length) throw new Error(`Statement parameter $${match[1]} is not given`);
    chunks.push(sql.raw(text.slice(last, match.index)), sql`${params[index]}`);
    last = match.index + match[0].length;
  }
  chunks.push(sql.raw(text.slice(last)));
  return sql.join(chunks);
}
