// Starts the API server (and the built storefront): config → database → migrate and seed → listen.
import { randomBytes } from 'node:crypto';
import { removeAdminFile, writeAdminFile } from './admin-file';
import { buildApp } from './app';
import { readGoogleTag } from './catalogue/settings-cache';
import { isLocalUrl, loadConfig } from './config';
import { openDatabase, prepareDatabase } from './db';
import { demoOperatorCredentials } from './db/seed/delivery';
import { loggerOptions } from './http/log';
import { startExpirySweep } from './payments/pending';

const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    const { seeded } = await prepareDatabase(database, { migrationsFolder: config.migrationsDir });
    const adminKey = randomBytes(32).toString('base64url');
    const app = await buildApp({
      config,
      database,
      adminKey,
      logger: loggerOptions(process.env.LOG_LEVEL ?? 'info'),
      googleTag: () => readGoogleTag(database.db),
    });
    if (seeded) app.log.info('the database was empty: seeded the demo store');
    // Card payments left pending too long expire here, on every node alike (ADR 0028).
    const sweep = startExpirySweep({
      db: database.db,
      timeoutMs: config.paymentPendingTimeoutMs,
      provider: async () => (await app.ctx.payments.configured())?.provider,
      log: app.log,
    });
    app.addHook('onClose', () => sweep.stop());

    let stopping = false;
    const stop = async (signal: NodeJS.Signals) => {
      if (stopping) process.exit(1);
      stopping = true;
      app.log.info({ signal }, 'shutting down');
      setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
      try {
        removeAdminFile(config.dataDir);
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
    // `npm run operator` finds this process here; loopback, whatever HOST is (ADR 0031).
    if (database.driver === 'pglite') {
      writeAdminFile(config.dataDir, {
        url: `http://127.0.0.1:${config.port}`,
        key: adminKey,
        pid: process.pid,
      });
    }
    app.log.info(`Blockfront is up on ${config.publicUrl} (database: ${database.driver})`);
    if (isLocalUrl(config.publicUrl)) {
      const operator = await demoOperatorCredentials(database.db);
      if (operator !== null) {
        app.log.info(
          `demo operator (local store only): ${operator.email} / ${operator.password} — \`npm run operator -- grant <email>\` makes others`,
        );
      }
    }
  } catch (error) {
    await database.close();
    throw error;
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
