import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type DatabaseHandle, fromPglite, fromPool } from '../../../server/db/client';
import { acquireLockFile, LockedError } from '../../../server/db/lock-file';
import { defaultMigrationsFolder, migrate } from '../../../server/db/migrate';
import { defaultCataloguesDir, seed } from '../../../server/db/seed';

/**
 * Fresh databases for tests. With DATABASE_URL set, each one is a new PostgreSQL database cloned
 * from a migrated and seeded template database; otherwise an in-memory PGlite started from a
 * data-dir dump of the same template. Templates are keyed by what builds them, built once and
 * shared by every test file and worker.
 */

const root = path.resolve(import.meta.dirname, '../../..');

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

function hashFiles(hash: ReturnType<typeof createHash>, files: string[]): void {
  for (const file of files) hash.update(path.relative(root, file)).update('\0').update(fs.readFileSync(file));
}

/**
 * The seed code as this process loaded it: its sources are read here, while this module is
 * evaluated, right after the static imports above loaded `seed` from them. Hashing them later
 * (when a template is needed) could key a template on an edited seed that this process never
 * ran, and later processes would then reuse a template built by the old seed.
 */
const seedCodeHash = (() => {
  const hash = createHash('sha256');
  hashFiles(hash, [
    ...filesUnder(path.join(root, 'server/db/seed')).filter((file) => file.endsWith('.ts')),
    // How a template is built, too.
    fileURLToPath(import.meta.url),
    path.join(root, 'node_modules/i18n-iso-countries/package.json'),
  ]);
  return hash.digest('hex');
})();

/**
 * What a template is built from: the seed code above, and what migrate() and the seed read from
 * disk when they run (the migrations, the message catalogues), read here at the same moment.
 */
function templateKey(): string {
  const hash = createHash('sha256').update(seedCodeHash);
  hashFiles(hash, [
    ...filesUnder(defaultMigrationsFolder()),
    ...filesUnder(defaultCataloguesDir()),
    path.join(root, 'node_modules/@electric-sql/pglite/package.json'),
  ]);
  return hash.digest('hex').slice(0, 16);
}

export interface TestDatabaseOptions {
  /** 'seeded' (default): migrated and seeded. 'empty': no tables at all. */
  contents?: 'seeded' | 'empty';
}

export function createTestDatabase(options: TestDatabaseOptions = {}): Promise<DatabaseHandle> {
  const contents = options.contents ?? 'seeded';
  const url = process.env.DATABASE_URL;
  return url ? createPostgresDatabase(url, contents) : createPgliteDatabase(contents);
}

// --- PGlite --------------------------------------------------------------------------------------

const templateDir = path.join(os.tmpdir(), 'blockfront-test-templates');
const pgliteTemplates = new Map<string, Promise<Blob>>();

async function buildPgliteTemplate(file: string, contents: 'seeded' | 'empty'): Promise<void> {
  const handle = fromPglite(await PGlite.create());
  try {
    if (contents === 'seeded') {
      await migrate(handle);
      await seed(handle.db);
    }
    if (handle.native.driver !== 'pglite') throw new Error('expected PGlite');
    // Only the store's database is ever opened: without template0 and template1 a template is
    // 28 MB instead of 43 MB, and each test database starts in ~300 ms instead of ~540 ms.
    const { client } = handle.native;
    await client.exec(
      "update pg_database set datistemplate = false where datname in ('template0', 'template1')",
    );
    await client.exec('drop database template0');
    await client.exec('drop database template1');
    await client.exec('checkpoint');
    const dump = await client.dumpDataDir('none');
    const partial = `${file}.${process.pid}.partial`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file);
  } finally {
    await handle.close();
  }
}

async function loadPgliteTemplate(contents: 'seeded' | 'empty'): Promise<Blob> {
  fs.mkdirSync(templateDir, { recursive: true });
  const file = path.join(templateDir, `pglite-${contents}-${templateKey()}.tar`);
  while (!fs.existsSync(file)) {
    let release: (() => void) | undefined;
    try {
      release = acquireLockFile(`${file}.lock`);
    } catch (error) {
      if (!(error instanceof LockedError)) throw error;
      await sleep(100);
      continue;
    }
    try {
      if (!fs.existsSync(file)) {
        for (const old of fs.readdirSync(templateDir)) {
          if (old.startsWith(`pglite-${contents}-`) && old.endsWith('.tar'))
            fs.rmSync(path.join(templateDir, old));
        }
        await buildPgliteTemplate(file, contents);
      }
    } finally {
      release();
    }
  }
  return new Blob([fs.readFileSync(file)]);
}

async function createPgliteDatabase(contents: 'seeded' | 'empty'): Promise<DatabaseHandle> {
  let template = pgliteTemplates.get(contents);
  if (template === undefined) {
    template = loadPgliteTemplate(contents);
    pgliteTemplates.set(contents, template);
  }
  const client = await PGlite.create({ loadDataDir: await template });
  return fromPglite(client);
}

// --- PostgreSQL ----------------------------------------------------------------------------------

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

function urlFor(base: string, database: string): string {
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
}

async function ensurePostgresTemplate(admin: pg.Client, url: string, name: string): Promise<void> {
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (exists.rowCount) return;
  // Templates of earlier schema or seed versions are no longer needed.
  const stale = await admin.query<{ datname: string }>(
    "select datname from pg_database where datname like 'bf\\_tpl\\_%' and datname <> $1",
    [name],
  );
  for (const row of stale.rows)
    await admin.query(`drop database if exists ${ident(row.datname)} with (force)`);
  const building = `${name}_building`;
  await admin.query(`drop database if exists ${ident(building)} with (force)`);
  await admin.query(`create database ${ident(building)}`);
  const handle = fromPool(new pg.Pool({ connectionString: urlFor(url, building), max: 2 }));
  try {
    await migrate(handle);
    await seed(handle.db);
  } finally {
    await handle.close();
  }
  // Renamed only when complete, so a failed build never serves as a template.
  await admin.query(`alter database ${ident(building)} rename to ${ident(name)}`);
}

async function createPostgresDatabase(url: string, contents: 'seeded' | 'empty'): Promise<DatabaseHandle> {
  const template = `bf_tpl_${templateKey()}`;
  const name = `bf_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock(hashtext($1))', [template]);
    try {
      if (contents === 'seeded') {
        await ensurePostgresTemplate(admin, url, template);
        await admin.query(`create database ${ident(name)} template ${ident(template)}`);
      } else {
        await admin.query(`create database ${ident(name)} template template0`);
      }
    } finally {
      await admin.query('select pg_advisory_unlock(hashtext($1))', [template]);
    }
  } finally {
    await admin.end();
  }
  const handle = fromPool(new pg.Pool({ connectionString: urlFor(url, name), max: 5 }));
  return {
    ...handle,
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists ${ident(name)} with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
