import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

export type Schema = typeof schema;

/** The one database type the application code uses, whichever driver is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
