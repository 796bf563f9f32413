import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { count, eq, getTableName, ilike, is, like, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, executeRows, fromPool, openDatabase } from '../../server/db/client';
import { prepareDatabase } from '../../server/db/index';
import { acquireLockFile, LockedError } from '../../server/db/lock-file';
import { migrate, withSchemaLock } from '../../server/db/migrate';
import * as schema from '../../server/db/schema';
import { getOrCreateSecret } from '../../server/db/secrets';
import { defaultCataloguesDir, seed, seedIfEmpty, seedTranslations } from '../../server/db/seed';
import { seedLanguages } from '../../server/db/seed/reference-data';
import { expectConsoleError } from '../support/console-guard';
import { createTestDatabase } from './support/db';

const tables = Object.values(schema).flatMap((value) => (is(value, PgTable) ? [value] : []));

function pgCode(error: unknown): string | undefined {
  let current: unknown = error;
  while (typeof current === 'object' && current !== null) {
    if ('code' in current && typeof current.code === 'string' && /^[0-9A-Z]{5}$/.test(current.code))
      return current.code;
    current = 'cause' in current ? current.cause : undefined;
  }
  return undefined;
}

async function rejectionCode(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (error) {
    return pgCode(error);
  }
  return 'resolved';
}

/** Every row of every table, as JSON ordered by its text, to compare whole databases. */
async function snapshot(handle: DatabaseHandle): Promise<Record<string, string[]>> {
  const result: Record<string, string[]> = {};
  for (const table of tables) {
    const rows = await handle.db.select().from(table);
    result[getTableName(table)] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return result;
}

describe('migrations', () => {
  it('create every table of the schema on an empty database and run only once', {
    timeout: 60_000,
  }, async () => {
    const handle = await createTestDatabase({ contents: 'empty' });
    try {
      await Promise.all([migrate(handle), migrate(handle), migrate(handle)]);
      const rows = await executeRows<{ table_name: string }>(
        handle.db,
        sql`select table_name from information_schema.tables where table_schema = 'public'`,
      );
      const names = rows.map((row) => row.table_name).sort();
      expect(names).toEqual(tables.map((table) => getTableConfig(table).name).sort());

      const appliedCount = async () =>
        (
          await executeRows<{ n: number }>(
            handle.db,
            sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
          )
        )[0]?.n;
      const journal = JSON.parse(
        fs.readFileSync(
          path.resolve(import.meta.dirname, '../../server/db/migrations/meta/_journal.json'),
          'utf8',
        ),
      ) as { entries: unknown[] };
      expect(await appliedCount()).toBe(journal.entries.length);

      await migrate(handle);
      expect(await appliedCount()).toBe(journal.entries.length);
    } finally {
      await handle.close();
    }
  });

  it('prepareDatabase seeds an empty database once', { timeout: 60_000 }, async () => {
    const handle = await createTestDatabase({ contents: 'empty' });
    try {
      const results = await Promise.all([prepareDatabase(handle), prepareDatabase(handle)]);
      expect(results.map((result) => result.seeded).sort()).toEqual([false, true]);
      const [languages] = await handle.db.select({ n: count() }).from(schema.languages);
      expect(languages?.n).toBe(3);
    } finally {
      await handle.close();
    }
  });
});

describe('the seeded database', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  }, 60_000);
  afterAll(async () => {
    await handle.close();
  });

  const countOf = async (table: PgTable) => (await handle.db.select({ n: count() }).from(table))[0]?.n;

  it('holds the demo store', async () => {
    const { db } = handle;
    const languages = await db.select().from(schema.languages).orderBy(schema.languages.id);
    expect(languages.map((language) => [language.code, language.isDefault])).toEqual([
      ['en', true],
      ['de', false],
      ['es', false],
    ]);

    const currencies = await db.select().from(schema.currencies);
    expect(currencies.map((currency) => currency.code).sort()).toEqual(['EUR', 'GBP', 'JPY', 'KWD', 'USD']);
    expect(currencies.filter((currency) => currency.isDefault)).toEqual([
      { code: 'EUR', value: '1.00000000', symbol: '€', isDefault: true, hidden: false, version: 1 },
    ]);
    expect(currencies.filter((currency) => currency.hidden)).toEqual([]);

    expect(await countOf(schema.countries)).toBeGreaterThanOrEqual(249);
    const [germany] = await db.select().from(schema.countries).where(eq(schema.countries.iso, 'DE'));
    expect(germany).toMatchObject({
      title: 'Germany',
      titles: { en: 'Germany', de: 'Deutschland', es: 'Alemania' },
    });

    const products = await db.select().from(schema.products);
    expect(products.length).toBeGreaterThanOrEqual(10);
    expect(products.length).toBeLessThanOrEqual(14);
    for (const product of products) {
      expect(Number.isSafeInteger(product.priceMinor)).toBe(true);
      expect(product.imgUrl).toBe(`/images/products/${product.slug}.svg`);
      expect(fs.existsSync(path.resolve(import.meta.dirname, `../../public${product.imgUrl}`))).toBe(true);
    }
    expect(await countOf(schema.productTranslations)).toBe(products.length * 2);

    const pages = await db.select().from(schema.staticPages);
    expect(pages).toHaveLength(5);
    expect(pages.filter((page) => page.isTerms)).toHaveLength(1);
    expect(pages.filter((page) => page.isPrivacy)).toHaveLength(1);
    expect(pages.filter((page) => /cookie/i.test(page.title))).toHaveLength(1);
    expect(pages.map((page) => page.slug).sort()).toEqual([
      'cookie-policy',
      'faq',
      'privacy',
      'rules',
      'terms',
    ]);
    const translatedCookiePages = await db
      .select()
      .from(schema.staticPageTranslations)
      .where(ilike(schema.staticPageTranslations.title, '%cookie%'));
    expect(translatedCookiePages).toHaveLength(2);

    for (const link of await db.select().from(schema.socialLinks)) {
      expect(fs.existsSync(path.resolve(import.meta.dirname, `../../public${link.img}`))).toBe(true);
    }
    // The message catalogues shipped next to the seed (none, or one per language), every key.
    const shipped = seedLanguages.reduce((sum, { code }) => {
      const file = path.join(defaultCataloguesDir(), `${code}.json`);
      return fs.existsSync(file) ? sum + Object.keys(JSON.parse(fs.readFileSync(file, 'utf8'))).length : sum;
    }, 0);
    // …and the titles of the shop's categories (at least two, for its filter), in every language.
    const categories = [...new Set(products.map((product) => product.category))];
    expect(categories.length).toBeGreaterThanOrEqual(2);
    const categoryTitles = await db
      .select()
      .from(schema.translations)
      .where(like(schema.translations.key, 'category.%'));
    expect(categoryTitles.map((row) => row.key.slice('category.'.length)).sort()).toEqual(
      categories.flatMap((category) => seedLanguages.map(() => category)).sort(),
    );
    expect(await countOf(schema.translations)).toBe(shipped + categoryTitles.length);
  });

  it('has every setting of docs/product.md §3', async () => {
    const rows = await handle.db.select().from(schema.settings);
    const settings = Object.fromEntries(rows.map((row) => [row.key, row.value]));
    expect(Object.keys(settings).sort()).toEqual(
      [
        'requisites',
        'support_email',
        'copyright',
        'company_name',
        'company_reg_number',
        'company_address',
        'is_reg_enabled',
        'min_top_up',
        'top_up_presets',
        'vat_percent',
        'payment_methods',
        'welcome_bonus_tokens',
        'points_conversion_rate',
        'image_generation_price',
        'background_removal_price',
        'upscale_price',
        'image_generation_sizes',
        'upscale_factors',
        'google_tag',
        'game_server',
        'internal_currency',
        // Not a setting of its own: the footer texts in the other languages (docs/decisions/0019).
        'text_translations',
      ].sort(),
    );
    const others = seedLanguages.filter((language) => !language.isDefault).map((language) => language.code);
    expect(Object.keys(settings.text_translations as object).sort()).toEqual([...others].sort());
    expect(settings).toMatchObject({
      is_reg_enabled: true,
      payment_methods: ['balance', 'card'],
      image_generation_sizes: ['1024x1024', '1536x1024', '1024x1536'],
      upscale_factors: [2, 4],
      google_tag: '',
      game_server: { host: 'play.blockfront.example', port: 25565 },
      internal_currency: { name: 'Coins' },
    });
  });

  it('is idempotent: seeding again changes nothing', async () => {
    const before = await snapshot(handle);
    await seed(handle.db);
    expect(await seedIfEmpty(handle.db)).toBe(false);
    expect(await snapshot(handle)).toEqual(before);
  });

  it('loads message catalogues, adding only missing keys', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bf-catalogues-'));
    try {
      fs.writeFileSync(
        path.join(dir, 'en.json'),
        JSON.stringify({ 'nav.shop': 'SHOP', 'nav.faq': { defaultMessage: 'FAQ' } }),
      );
      fs.writeFileSync(path.join(dir, 'de.json'), JSON.stringify({ 'nav.shop': 'SHOP' }));
      expect(await seedTranslations(handle.db, dir)).toBe(3);

      fs.writeFileSync(
        path.join(dir, 'en.json'),
        JSON.stringify({ 'nav.shop': 'STORE', 'nav.home': 'Home' }),
      );
      expect(await seedTranslations(handle.db, dir)).toBe(1);
      const [shop] = await handle.db
        .select()
        .from(schema.translations)
        .where(eq(schema.translations.key, 'nav.shop'));
      expect(shop?.value).toBe('SHOP');

      fs.writeFileSync(path.join(dir, 'es.json'), JSON.stringify({ 'nav.shop': 42 }));
      await expect(seedTranslations(handle.db, dir)).rejects.toThrow(
        'es.json is not a map of message ids to strings',
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  describe('constraints', () => {
    let userId: number;
    beforeAll(async () => {
      const [country] = await handle.db.select().from(schema.countries).where(eq(schema.countries.iso, 'DE'));
      if (!country) throw new Error('no country');
      const [user] = await handle.db
        .insert(schema.users)
        .values({
          name: 'Alex',
          surname: 'Stone',
          email: 'alex@example.com',
          phone: '+49 30 1234567',
          phoneE164: '+49301234567',
          passwordHash: 'argon2id-hash',
          countryId: country.id,
          city: 'Berlin',
        })
        .returning();
      if (!user) throw new Error('no user');
      userId = user.id;
    });

    it('rejects an email that differs only in case', async () => {
      const [existing] = await handle.db.select().from(schema.users).where(eq(schema.users.id, userId));
      if (!existing) throw new Error('no user');
      const { id: _id, createdAt: _c, updatedAt: _u, ...copy } = existing;
      expect(
        await rejectionCode(handle.db.insert(schema.users).values({ ...copy, email: 'Alex@Example.COM' })),
      ).toBe('23505');
    });

    it('rejects a second ledger row with the same idempotency key', async () => {
      const entry = {
        userId,
        amountMinor: 500,
        reason: 'welcome_bonus' as const,
        idempotencyKey: `welcome:${userId}`,
      };
      await handle.db.insert(schema.balanceLedger).values(entry);
      expect(await rejectionCode(handle.db.insert(schema.balanceLedger).values(entry))).toBe('23505');
    });

    it('keeps the ledger append-only', async () => {
      const [row] = await handle.db
        .insert(schema.balanceLedger)
        .values({ userId, amountMinor: 100, reason: 'adjustment', idempotencyKey: `adjust:${userId}` })
        .returning();
      if (!row) throw new Error('no ledger row');
      const where = eq(schema.balanceLedger.id, row.id);
      expect(
        await rejectionCode(handle.db.update(schema.balanceLedger).set({ amountMinor: 1 }).where(where)),
      ).toBe('23001');
      expect(await rejectionCode(handle.db.delete(schema.balanceLedger).where(where))).toBe('23001');
      expect(await rejectionCode(handle.db.execute(sql`truncate balance_ledger cascade`))).toBe('23001');
    });

    it('never lets a cached balance go negative', async () => {
      const debit = handle.db
        .update(schema.users)
        .set({ balanceMinor: -1 })
        .where(eq(schema.users.id, userId));
      expect(await rejectionCode(debit)).toBe('23514');
    });

    it('keeps one cart line per product and one default language', async () => {
      const [cart] = await handle.db.insert(schema.carts).values({ userId }).returning();
      const [product] = await handle.db.select().from(schema.products).limit(1);
      if (!cart || !product) throw new Error('no cart or product');
      const line = { cartId: cart.id, productId: product.id, count: 1 };
      await handle.db.insert(schema.cartLines).values(line);
      expect(await rejectionCode(handle.db.insert(schema.cartLines).values(line))).toBe('23505');
      expect(
        await rejectionCode(
          handle.db.update(schema.languages).set({ isDefault: true }).where(eq(schema.languages.code, 'de')),
        ),
      ).toBe('23505');
    });
  });

  it('stores one server secret per name, stable across calls', async () => {
    const [first, second] = await Promise.all([
      getOrCreateSecret(handle.db, 'sandbox_webhook'),
      getOrCreateSecret(handle.db, 'sandbox_webhook'),
    ]);
    expect(first).toMatch(/^[\w-]{43}$/);
    expect(second).toBe(first);
  });

  it('serialises holders of the schema lock', async () => {
    const events: string[] = [];
    const hold = (name: string) =>
      withSchemaLock(handle, async () => {
        events.push(`${name}:start`);
        await sleep(50);
        events.push(`${name}:end`);
      });
    await Promise.all([hold('a'), hold('b')]);
    // Either may win the lock; they must never overlap.
    expect([
      ['a:start', 'a:end', 'b:start', 'b:end'],
      ['b:start', 'b:end', 'a:start', 'a:end'],
    ]).toContainEqual(events);
  });
});

describe('the embedded database lock', () => {
  const deadPid = () => {
    const child = spawnSync(process.execPath, ['-e', '']);
    if (child.pid === undefined) throw new Error('no child pid');
    return child.pid;
  };

  // PostgreSQL runs skip the embedded-database case: it is slow (an on-disk initdb) and driver-specific.
  it.skipIf(Boolean(process.env.DATABASE_URL))(
    'refuses a second opener of the same data dir, frees the lock on close and keeps the data',
    { timeout: 60_000 },
    async () => {
      const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bf-data-')), 'nested', 'data');
      try {
        const first = await openDatabase({ dataDir, databaseUrl: undefined });
        expect(first.driver).toBe('pglite');
        expect(fs.readFileSync(path.join(dataDir, '.lock'), 'utf8')).toBe(`${process.pid}\n`);
        await expect(openDatabase({ dataDir, databaseUrl: undefined })).rejects.toThrow(
          /The data directory is in use by another process \(pid \d+/,
        );
        await first.db.execute(sql`create table kept (value text)`);
        await first.db.execute(sql`insert into kept values ('still here')`);
        await first.close();
        expect(fs.existsSync(path.join(dataDir, '.lock'))).toBe(false);

        const reopened = await openDatabase({ dataDir, databaseUrl: undefined });
        try {
          expect(await executeRows(reopened.db, sql`select value from kept`)).toEqual([
            { value: 'still here' },
          ]);
        } finally {
          await reopened.close();
        }
      } finally {
        fs.rmSync(path.dirname(path.dirname(dataDir)), { recursive: true, force: true });
      }
    },
  );

  it.runIf(Boolean(process.env.DATABASE_URL))(
    'uses PostgreSQL and no data dir when DATABASE_URL is set',
    async () => {
      const dataDir = path.join(os.tmpdir(), `bf-unused-${process.pid}`);
      const handle = await openDatabase({ dataDir, databaseUrl: process.env.DATABASE_URL });
      try {
        expect(handle.driver).toBe('pg');
        expect(await executeRows(handle.db, sql`select 1 as one`)).toEqual([{ one: 1 }]);
        expect(fs.existsSync(dataDir)).toBe(false);
      } finally {
        await handle.close();
      }
    },
  );

  it.runIf(Boolean(process.env.DATABASE_URL))(
    'survives the server ending its connections (restart, failover) and reconnects',
    async () => {
      // A bare pool: fromPool itself must keep a lost connection from ending the process. It says
      // so on the console, once per connection that ended.
      expectConsoleError(/PostgreSQL connection lost/);
      const handle = fromPool(new pg.Pool({ connectionString: process.env.DATABASE_URL }));
      const admin = await openDatabase({ dataDir: os.tmpdir(), databaseUrl: process.env.DATABASE_URL });
      try {
        const [own] = await executeRows<{ pid: number }>(handle.db, sql`select pg_backend_pid() as pid`);
        await executeRows(admin.db, sql`select pg_terminate_backend(${own?.pid ?? 0})`);
        await sleep(200); // the ended connection reports its error while idle in the pool
        expect(await executeRows(handle.db, sql`select 1 as one`)).toEqual([{ one: 1 }]);
      } finally {
        await Promise.all([handle.close(), admin.close()]);
      }
    },
  );

  it('names the server, not the password, when PostgreSQL cannot be reached', async () => {
    await expect(
      openDatabase({ dataDir: os.tmpdir(), databaseUrl: 'postgres://shop:hunter2@127.0.0.1:1/shop' }),
    ).rejects.toThrow(/^Cannot connect to PostgreSQL at 127\.0\.0\.1:1\/shop: (?!.*hunter2)/);
  });

  it('refuses a lock held by another live process and takes over one left by a dead process', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bf-lock-'));
    const lockPath = path.join(dir, '.lock');
    try {
      fs.writeFileSync(lockPath, `${process.ppid}\n`);
      expect(() => acquireLockFile(lockPath)).toThrow(LockedError);
      expect(() => acquireLockFile(lockPath)).toThrow(`pid ${process.ppid}`);

      fs.writeFileSync(lockPath, `${deadPid()}\n`);
      const release = acquireLockFile(lockPath);
      expect(fs.readFileSync(lockPath, 'utf8')).toBe(`${process.pid}\n`);
      release();
      expect(fs.existsSync(lockPath)).toBe(false);

      fs.writeFileSync(lockPath, `${process.pid}\n`);
      const releaseAgain = acquireLockFile(lockPath);
      releaseAgain();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
