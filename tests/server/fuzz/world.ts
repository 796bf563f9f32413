import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { hashPassword } from '../../../server/auth/passwords';
import { issueToken } from '../../../server/auth/tokens';
import { executeRows } from '../../../server/db/client';
import { PASSWORD } from '../support/accounts';
import { createTestApi, ROOMY, type TestApi } from '../support/api';
import type { Dictionary } from './inputs';

/**
 * The system fuzz cases run against: one app on a fresh seeded database; for each case a customer
 * of its own, in a state fast-check chooses; the values of the running system a field may take
 * (the dictionary); and a fingerprint of the tables a refused request must not change.
 */

export const SANDBOX_SECRET = 'fuzz-sandbox-secret-0123456789abcdef';

/** Who sends the request: nobody, the case's customer (verified or not), an operator, or a made-up token. */
export type Auth = 'none' | 'verified' | 'unverified' | 'operator' | 'unknownToken';

export interface CustomerPlan {
  auth: Auth;
  /** 0, less than anything costs, or more than everything costs. */
  balance: 'empty' | 'little' | 'plenty';
  /** No line; the cheapest product once; three products, one of them at the line limit (99). */
  cart: 'empty' | 'one' | 'several';
  /** A card top-up waiting for the provider. */
  pendingTopUp: boolean;
}

export const customerPlan: fc.Arbitrary<CustomerPlan> = fc.record({
  auth: fc.oneof(
    { weight: 2, arbitrary: fc.constant<Auth>('verified') },
    { weight: 1, arbitrary: fc.constantFrom<Auth>('none', 'unverified', 'operator', 'unknownToken') },
  ),
  balance: fc.constantFrom('empty', 'little', 'plenty'),
  cart: fc.constantFrom('empty', 'one', 'several'),
  pendingTopUp: fc.boolean(),
});

const BALANCES = { empty: 0, little: 1_000, plenty: 100_000_000 } as const;

export interface Customer {
  id: number;
  email: string;
  /** The bearer token the request carries, if any. */
  token: string | undefined;
  dictionary: Dictionary;
}

interface StoredCustomer {
  id: number;
  email: string;
  sessionToken: string;
  values: Dictionary;
}

/** Per table: how many rows were inserted, updated or deleted so far (committed). */
export type Snapshot = Record<string, number>;

const WATCHED_TABLES = [
  'users',
  'sessions',
  'user_tokens',
  'carts',
  'cart_lines',
  'orders',
  'order_lines',
  'payments',
  'webhook_events',
  'balance_ledger',
  'deliveries',
  'audit_log',
  'game_servers',
  'product_commands',
  'currencies',
  'static_pages',
  'static_page_translations',
  'languages',
  'translations',
  'social_links',
] as const;

/**
 * Counts every row change of the watched tables in a table of its own, in the same transaction
 * as the change (so a rolled-back change counts nothing). Comparing the counts before and after
 * a request costs one small read, however many rows the fuzz run has written.
 */
const watchChanges = [
  'create table fuzz_row_changes (table_name text primary key, n bigint not null)',
  `create function fuzz_count_change() returns trigger language plpgsql as $$
   begin
     update fuzz_row_changes set n = n + 1 where table_name = tg_table_name;
     return null;
   end $$`,
  ...WATCHED_TABLES.flatMap((table) => [
    `insert into fuzz_row_changes values ('${table}', 0)`,
    `create trigger fuzz_count_change after insert or update or delete on ${table}
     for each row execute function fuzz_count_change()`,
  ]),
];

export interface World {
  api: TestApi;
  /** A customer no earlier case has used, in the planned state. */
  customerFor(plan: CustomerPlan): Promise<Customer>;
  snapshot(): Promise<Snapshot>;
  close(): Promise<void>;
}

async function column<T>(api: TestApi, query: string): Promise<T[]> {
  const rows = await executeRows<{ v: T }>(api.database.db, sql.raw(query));
  return rows.map((row) => row.v);
}

/** Values found in a URL the API answered: path segments, and query values for their names. */
function urlValues(url: string): Dictionary {
  const parsed = new URL(url, 'http://shop.test');
  return [
    ...parsed.pathname
      .split('/')
      .filter(Boolean)
      .map((value) => ({ value })),
    ...[...parsed.searchParams].map(([name, value]) => ({ value, field: new RegExp(`^${name}$`) })),
  ];
}

const BATCH = 12;

export async function createWorld(): Promise<World> {
  const api = await createTestApi({
    rateLimits: { global: ROOMY, perIp: ROOMY, perAccount: ROOMY },
    env: { SANDBOX_WEBHOOK_SECRET: SANDBOX_SECRET },
  });
  const { db } = api.database;
  for (const statement of watchChanges) await db.execute(sql.raw(statement));
  const passwordHash = await hashPassword(PASSWORD);
  const [countryId] = await column<number>(api, 'select id as v from countries order by id limit 1');
  const products = await column<number>(
    api,
    'select id as v from products where active order by price_minor, id',
  );
  if (countryId === undefined || products.length < 3)
    throw new Error('the seeded database lacks countries or products');
  const carts = {
    empty: [],
    one: [[products[0], 1]],
    several: [
      [products[0], 2],
      [products[1], 99],
      [products[2], 1],
    ],
  };
  const tagged = (field: RegExp, values: unknown[]): Dictionary => values.map((value) => ({ value, field }));
  const catalogue: Dictionary = [
    ...tagged(/^id$/, products),
    ...tagged(/^id$/, await column<number>(api, 'select id as v from products where not active')),
    ...tagged(/country/, await column<number>(api, 'select id as v from countries order by id limit 20')),
    ...tagged(/lang/, await column<number>(api, 'select id as v from languages order by id')),
    ...tagged(/currency/, await column<string>(api, 'select code as v from currencies')),
    // The console's currency pages: a path's `code`, a version an update can match, a rate.
    ...tagged(/^code$/, await column<string>(api, 'select code as v from currencies')),
    ...tagged(/^code$/, ['CHF']),
    ...tagged(/^version$/, [1]),
    ...tagged(/^value$/, ['1.25', '0,5']),
    ...tagged(/category/, await column<string>(api, 'select distinct category as v from products')),
    ...tagged(/idOrSlug/, await column<string>(api, 'select slug as v from static_pages')),
    ...tagged(/idOrSlug/, await column<string>(api, 'select id::text as v from static_pages')),
    ...tagged(/^phone$/, ['+49 30 901820']),
    ...tagged(/phoneE164/, ['+4930901820']),
    ...tagged(/city/, ['Berlin']),
    ...tagged(/name/, ['Alex']),
    ...tagged(/^player$/, ['Steve', '.Steve']),
    ...tagged(/sandbox|stripe/, ['sandbox']),
  ];

  let batchNumber = 0;
  /** Customers of one state, made a batch at a time in one statement (a case takes one each). */
  async function createBatch(
    plan: Omit<CustomerPlan, 'auth'> & { verified: boolean; operator: boolean },
  ): Promise<StoredCustomer[]> {
    batchNumber += 1;
    const input = Array.from({ length: BATCH }, (_, i) => ({
      email: `fuzz.${batchNumber}.${i}.${process.pid}@example.com`,
      session: issueToken(),
      reset: issueToken(),
      verify: issueToken(),
    }));
    const rows = await executeRows<{ id: number; email: string; line_ids: number[] | null }>(
      db,
      sql`with input as (
            select * from jsonb_to_recordset(${JSON.stringify(
              input.map((c) => ({
                email: c.email,
                session_hash: c.session.tokenHash,
                reset_hash: c.reset.tokenHash,
                verify_hash: c.verify.tokenHash,
              })),
            )}::jsonb) as i(email text, session_hash text, reset_hash text, verify_hash text)
          ), u as (
            insert into users (name, surname, email, phone, phone_e164, password_hash, country_id, city,
                               email_verified_at, balance_minor, player, role)
            select 'Alex', 'Stone', email, '+49 30 901820', '+4930901820', ${passwordHash}, ${countryId},
                   'Berlin', case when ${plan.verified} then now() end, ${BALANCES[plan.balance]}, 'Steve',
                   (case when ${plan.operator} then 'operator' else 'customer' end)::account_role
            from input returning id, email
          ), s as (
            insert into sessions (token_hash, user_id, expires_at)
            select i.session_hash, u.id, now() + interval '30 days' from input i join u using (email)
          ), t as (
            insert into user_tokens (kind, token_hash, user_id, expires_at)
            select 'reset_password'::user_token_kind, i.reset_hash, u.id, now() + interval '1 hour' from input i join u using (email)
            union all
            select 'verify_email'::user_token_kind, i.verify_hash, u.id, now() + interval '1 day' from input i join u using (email)
          ), l as (
            insert into balance_ledger (user_id, amount_minor, reason, idempotency_key)
            select id, ${BALANCES[plan.balance]}, 'adjustment', 'fuzz-grant:' || id from u
            where ${BALANCES[plan.balance]} > 0
          ), c as (
            insert into carts (user_id) select id from u where ${plan.cart !== 'empty'} returning id, user_id
          ), lines as (
            insert into cart_lines (cart_id, product_id, count)
            select c.id, line.product, line.count from c
            cross join jsonb_to_recordset(${JSON.stringify(
              carts[plan.cart].map(([product, count]) => ({ product, count })),
            )}::jsonb) as line(product int, count int)
            returning id, cart_id
          )
          select u.id, u.email,
                 (select array_agg(lines.id) from lines join c on c.id = lines.cart_id where c.user_id = u.id) as line_ids
          from u`,
    );
    return Promise.all(
      input.map(async (c) => {
        const row = rows.find((r) => r.email === c.email);
        if (row === undefined) throw new Error(`customer ${c.email} was not stored`);
        const values: Dictionary = [
          { value: PASSWORD, field: /password/ },
          { value: `new.${c.email}`, field: /email|username/ },
          { value: c.email, field: /email|username/ },
          { value: c.email.toUpperCase(), field: /email|username/ },
          { value: c.reset.token, field: /token/ },
          { value: c.verify.token, field: /token/ },
          ...(row.line_ids ?? []).map((value) => ({ value, field: /^id$/ })),
          { value: row.id },
        ];
        if (plan.pendingTopUp && plan.verified) {
          const response = await api.app.inject({
            method: 'POST',
            url: '/api/balance/top-up',
            headers: { authorization: `Bearer ${c.session.token}` },
            payload: { amount: 2000, currency: 'EUR', payment_method: 'card' },
          });
          if (response.statusCode !== 200) throw new Error(`fixture top-up failed: ${response.body}`);
          const answer = response.json() as { payment_id?: string; redirect_url: string };
          if (answer.payment_id !== undefined) values.push({ value: answer.payment_id, field: /^(id|ref)$/ });
          values.push(...urlValues(answer.redirect_url));
        }
        return { id: row.id, email: c.email, sessionToken: c.session.token, values };
      }),
    );
  }

  const pools = new Map<string, StoredCustomer[]>();
  /** The previous case's customer: its refs and lines are someone else's to the next case. */
  let previous: StoredCustomer | undefined;

  return {
    api,
    async customerFor(plan) {
      const state = {
        verified: plan.auth !== 'unverified',
        // An operator's calls reach the console's handlers; on others an operator is a customer.
        operator: plan.auth === 'operator',
        balance: plan.balance,
        cart: plan.cart,
        pendingTopUp: plan.pendingTopUp,
      };
      const key = JSON.stringify(state);
      let pool = pools.get(key);
      if (pool === undefined || pool.length === 0) {
        pool = await createBatch(state);
        pools.set(key, pool);
      }
      const stored = pool.pop() as StoredCustomer;
      const others = previous?.values ?? [];
      previous = stored;
      const token =
        plan.auth === 'none'
          ? undefined
          : plan.auth === 'unknownToken'
            ? issueToken().token
            : stored.sessionToken;
      return {
        id: stored.id,
        email: stored.email,
        token,
        dictionary: [...stored.values, ...others, ...catalogue],
      };
    },
    async snapshot() {
      const rows = await executeRows<{ table_name: string; n: string | number }>(
        db,
        sql`select table_name, n from fuzz_row_changes`,
      );
      return Object.fromEntries(rows.map((row) => [row.table_name, Number(row.n)]));
    },
    close: () => api.close(),
  };
}
