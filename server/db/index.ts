import type { DatabaseHandle } from './client';
import { migrate, withSchemaLock } from './migrate';
import { seedIfEmpty } from './seed';

export type { DatabaseConfig, DatabaseHandle } from './client';
export { openDatabase } from './client';
export type { Database } from './database';
export { migrate, withSchemaLock } from './migrate';
export { seed, seedIfEmpty } from './seed';

/**
 * Start-up: migrate, then seed an empty database, both under the schema advisory lock so that
 * API nodes starting together do the work once.
 */
export async function prepareDatabase(
  handle: DatabaseHandle,
  options: { migrationsFolder?: string | undefined; cataloguesDir?: string | undefined } = {},
): Promise<{ seeded: boolean }> {
  await migrate(handle, { migrationsFolder: options.migrationsFolder });
  const seeded = await withSchemaLock(handle, (db) =>
    seedIfEmpty(db, { cataloguesDir: options.cataloguesDir }),
  );
  return { seeded };
}
