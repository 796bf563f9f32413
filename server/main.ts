// Starts the API server (and the built storefront): config → database → migrate and seed → listen.
import { eq } from 'drizzle-orm';
import { buildApp } from './app';
import { loadConfig } from './config';
import { type Database, openDatabase, prepareDatabase } from './db';
import { settings } from './db/schema';
import { missingHandlers } from './handlers';
import { requestLogSerializer } from './http/log';

const SHUTDOWN_GRACE_MS = 10_000;
const GOOGLE_TAG_TTL_MS = 30_000;

/** The `google_tag` setting, re-read at most every 30 s (the CSP of each page depends on it). */
function googleTagReader(db: Database): () => Promise<string | null> {
  let cached: { at: number; tag: string | null } | undefined;
  return async () => {
    if (cached && Date.now() - cached.at < GOOGLE_TAG_TTL_MS) return cached.tag;
    const [row] = await db
      .select({ value: settings.value })
      .from(settings)
      .where(eq(settings.key, 'google_tag'));
    const tag = typeof row?.value === 'string' && row.value !== '' ? row.value : null;
    cached = { at: Date.now(), tag };
    return tag;
  };
}

async function main(): Promise<void> {
  const config = loadConfig();
  const production = process.env.NODE_ENV === 'production';
  const missing = missingHandlers();
  if (missing.length > 0) {
    const list = missing.join(', ');
    if (production)
      throw new Error(`Refusing to start: operations of openapi.yaml without a handler: ${list}`);
    console.warn(`\n*** ${missing.length} operations have no handler yet and answer 501: ${list}\n`);
  }

  const database = await openDatabase(config);
  try {
    const { seeded } = await prepareDatabase(database, { migrationsFolder: config.migrationsDir });
    const app = await buildApp({
      config,
      database,
      requireAllHandlers: production,
      logger: { level: process.env.LOG_LEVEL ?? 'info', serializers: { req: requestLogSerializer } },
      googleTag: googleTagReader(database.db),
    });
    if (seeded) app.log.info('the database was empty: seeded the demo store');

    let stopping = false;
    const stop = async (signal: NodeJS.Signals) => {
      if (stopping) process.exit(1);
      stopping = true;
      app.log.info({ signal }, 'shutting down');
      setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
      try {
        await app.close();
        await database.close();
        process.exit(0);
      } catch (error) {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      }
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);

    await app.listen({ port: config.port, host: config.host });
    app.log.info(`Blockfront is up on ${config.publicUrl} (database: ${database.driver})`);
  } catch (error) {
    await database.close();
    throw error;
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
