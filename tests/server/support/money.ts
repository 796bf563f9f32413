import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { createSession } from '../../../server/auth/sessions';
import { forgetSettings } from '../../../server/catalogue/settings-cache';
import { executeRows } from '../../../server/db/client';
import type { Database } from '../../../server/db/database';
import { countries, users } from '../../../server/db/schema';
import { appendLedgerEntry } from '../../../server/ledger/ledger';
import { sandboxPageKey } from '../../../server/payments/sandbox';
import { createTestApi, type TestApi } from './api';

let sequence = 0;

export interface TestCustomer {
  id: number;
  token: string;
}

/** A customer inserted straight into the database (verified unless told), with a session. */
export async function createCustomer(
  db: Database,
  options: { verified?: boolean; balanceMinor?: number; player?: string | null } = {},
): Promise<TestCustomer> {
  sequence += 1;
  const number = sequence; // taken before the first await: customers may be created concurrently
  const [country] = await db.select({ id: countries.id }).from(countries).limit(1);
  if (country === undefined) throw new Error('the test database has no countries');
  const [user] = await db
    .insert(users)
    .values({
      name: 'Alex',
      surname: 'Miner',
      email: `customer${number}-${process.pid}-${Date.now()}@example.test`,
      phone: '+49 30 1234567',
      phoneE164: '+49301234567',
      passwordHash: 'not-a-real-hash',
      countryId: country.id,
      city: 'Berlin',
      emailVerifiedAt: options.verified === false ? null : new Date(),
      // The demo products deliver in game: checkout takes the profile's player (ADR 0031).
      player: options.player === undefined ? 'Steve' : options.player,
    })
    .returning({ id: users.id });
  if (user === undefined) throw new Error('user was not stored');
  if (options.balanceMinor !== undefined && options.balanceMinor > 0) {
    const amountMinor = options.balanceMinor;
    await db.transaction((tx) =>
      appendLedgerEntry(tx, {
        userId: user.id,
        amountMinor,
        reason: 'adjustment',
        idempotencyKey: `test-grant:${user.id}`,
      }),
    );
  }
  const { token } = await createSession(db, user.id);
  return { id: user.id, token };
}

/** A customer given the operator role, with a session and the email the audit log names. */
export async function createOperator(db: Database): Promise<TestCustomer & { email: string }> {
  const customer = await createCustomer(db);
  const [row] = await db
    .update(users)
    .set({ role: 'operator' })
    .where(eq(users.id, customer.id))
    .returning({ email: users.email });
  if (row === undefined) throw new Error('no operator row');
  return { ...customer, email: row.email };
}

export async function cachedBalance(db: Database, userId: number): Promise<number> {
  const [row] = await db.select({ balance: users.balanceMinor }).from(users).where(eq(users.id, userId));
  if (row === undefined) throw new Error(`no user ${userId}`);
  return row.balance;
}

/** Users whose cached balance differs from the sum of their ledger rows (must always be none). */
export async function ledgerMismatches(db: Database): Promise<Array<{ id: number }>> {
  return executeRows<{ id: number }>(
    db,
    sql`select u.id from users u
        left join (select user_id, sum(amount_minor) as total from balance_ledger group by user_id) l
          on l.user_id = u.id
        where u.balance_minor <> coalesce(l.total, 0)`,
  );
}

/** Row counts of the money tables, to assert that a refused request changed nothing. */
export async function moneySnapshot(db: Database): Promise<Record<string, unknown>> {
  const [row] = await executeRows<Record<string, unknown>>(
    db,
    sql`select
      (select count(*)::int from balance_ledger) as ledger,
      (select coalesce(sum(balance_minor), 0)::text from users) as balances,
      (select count(*)::int from orders) as orders,
      (select count(*)::int from order_lines) as order_lines,
      (select count(*)::int from payments) as payments,
      (select string_agg(status::text, ',' order by id) from payments) as payment_statuses,
      (select string_agg(status::text, ',' order by id) from orders) as order_statuses,
      (select count(*)::int from webhook_events) as webhook_events,
      (select coalesce(string_agg(cart_id || ':' || product_id || 'x' || count, ',' order by id), '') from cart_lines) as cart_lines`,
  );
  if (row === undefined) throw new Error('snapshot query returned nothing');
  return row;
}

export interface TestProduct {
  id: number;
  slug: string;
  title: string;
  priceMinor: number;
  imgUrl: string;
}

/** The seeded products that are for sale, cheapest first. */
export async function activeProducts(db: Database): Promise<TestProduct[]> {
  return executeRows<TestProduct & Record<string, unknown>>(
    db,
    sql`select id, slug, title, price_minor::int as "priceMinor", img_url as "imgUrl"
        from products where active order by price_minor, id`,
  );
}

/** A language's id, on an app's database or a database itself. */
export async function languageId(on: TestApi | Database, code: string): Promise<number> {
  const db = 'database' in on ? on.database.db : on;
  const [row] = await executeRows<{ id: number }>(db, sql`select id from languages where code = ${code}`);
  if (row === undefined) throw new Error(`no language ${code}`);
  return row.id;
}

/** Generous limits: these tests send hundreds of requests from one address. */
export const testRateLimits = { global: { max: 1_000_000, windowMs: 60_000 } };

/**
 * Sets a store setting for the duration of `run`, then puts the old value back; the node's
 * settings cache forgets both changes, as it does after an operator's change.
 */
export async function withSetting<T>(
  db: Database,
  key: string,
  value: unknown,
  run: () => Promise<T>,
): Promise<T> {
  const [old] = await executeRows<{ value: unknown }>(db, sql`select value from settings where key = ${key}`);
  await db.execute(
    sql`insert into settings (key, value) values (${key}, ${JSON.stringify(value)}::jsonb)
        on conflict (key) do update set value = excluded.value`,
  );
  forgetSettings(db);
  try {
    return await run();
  } finally {
    if (old === undefined) await db.execute(sql`delete from settings where key = ${key}`);
    else
      await db.execute(
        sql`update settings set value = ${JSON.stringify(old.value)}::jsonb where key = ${key}`,
      );
    forgetSettings(db);
  }
}

export const FORM = 'application/x-www-form-urlencoded';

/** The points_conversion_rate the money suites run at (coins per unit of the default currency). */
export const MONEY_SUITE_POINTS_RATE = 1;

/**
 * The app a money test file runs against, built once per file. After every test each user's
 * cached balance must still equal the sum of their ledger rows.
 */
export function moneySuite(options: { env?: Record<string, string> } = {}) {
  let api: TestApi | undefined;
  let products: TestProduct[] = [];
  const suite = {
    get api(): TestApi {
      if (api === undefined) throw new Error('moneySuite: the app is built in beforeAll');
      return api;
    },
    /** The active products, in display order. */
    get products(): TestProduct[] {
      return products;
    },
    product(index: number): TestProduct {
      const found = products[index];
      if (found === undefined) throw new Error(`no product ${index}`);
      return found;
    },
  };
  beforeAll(async () => {
    api = await createTestApi({ rateLimits: testRateLimits, ...options });
    // The money arithmetic of these files is written at 1 coin per unit of the default currency;
    // the demo seed has its own rate (server/db/seed/reference-data.ts),
    // which only changes the scale. A test that is about the rate sets its own (withSetting).
    await api.database.db.execute(
      sql`update settings set value = ${JSON.stringify(MONEY_SUITE_POINTS_RATE)}::jsonb
          where key = 'points_conversion_rate'`,
    );
    // The demo seed holds its ranks to 1 per order and per customer; these files buy any product
    // in any number, so they lift the limits (a test about limits sets its own).
    await api.database.db.execute(sql`update products set max_per_order = null, max_per_customer = null`);
    products = await activeProducts(api.database.db);
  });
  afterAll(async () => {
    await api?.close();
  });
  afterEach(async () => {
    expect(await ledgerMismatches(suite.api.database.db)).toEqual([]);
  });
  return suite;
}

/**
 * The app a console test file runs against, built once per file with its demo data, and an operator
 * signed in on it (`op`).
 */
export function operatorSuite() {
  let api: TestApi | undefined;
  let op: (TestCustomer & { email: string }) | undefined;
  beforeAll(async () => {
    api = await createTestApi();
    op = await createOperator(api.database.db);
  });
  afterAll(async () => {
    await api?.close();
  });
  return {
    get api(): TestApi {
      if (api === undefined) throw new Error('operatorSuite: the app is built in beforeAll');
      return api;
    },
    get op(): TestCustomer & { email: string } {
      if (op === undefined) throw new Error('operatorSuite: the operator is made in beforeAll');
      return op;
    },
  };
}

/** The key the sandbox puts in a payment's redirect URL (what the customer's browser follows). */
export async function sandboxKey(api: TestApi, ref: string): Promise<string> {
  const secret = (await api.app.ctx.payments.configured())?.sandboxSecret;
  if (secret === undefined) throw new Error('the app does not run the sandbox');
  return sandboxPageKey(secret, ref);
}

/** The sandbox page's choice for a payment, posted as the page's form does (key included). */
export async function sandboxDecision(api: TestApi, ref: string, choice: string) {
  return api.call('sandboxPaymentDecision', {
    params: { ref },
    query: { key: await sandboxKey(api, ref) },
    payload: `choice=${choice}`,
    contentType: FORM,
  });
}
