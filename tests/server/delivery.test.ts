// The delivery queue (ADR 0031): rows written where an order becomes paid, the store agent's
// lease / start / report, lease expiry, the operator's operations and their audit rows.
import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { executeRows } from '../../server/db/client';
import { auditLog, deliveries, gameServers, orders, productCommands, users } from '../../server/db/schema';
import { offlineUuid } from '../../server/delivery/queue';
import { listOperations, loadContract } from '../../server/http/openapi';
import { createTestApi } from './support/api';
import {
  createCustomer,
  moneySnapshot,
  moneySuite,
  sandboxDecision,
  type TestCustomer,
  type TestProduct,
  testRateLimits,
} from './support/money';

const suite = moneySuite();
const db = () => suite.api.database.db;

async function operator(): Promise<TestCustomer> {
  const customer = await createCustomer(db());
  await db().update(users).set({ role: 'operator' }).where(eq(users.id, customer.id));
  return customer;
}

async function serverId(name: string): Promise<number> {
  const [row] = await db().select().from(gameServers).where(eq(gameServers.name, name));
  if (row === undefined) throw new Error(`no game server ${name}`);
  return row.id;
}

/** A new game server with its secret, and the product's commands set to `templates` on it. */
async function network(templates: Array<[string, 'online' | 'any']>, product: TestProduct) {
  const op = await operator();
  const created = await suite.api.call('createGameServer', {
    token: op.token,
    body: { name: `srv-${Math.random().toString(36).slice(2, 10)}` },
  });
  expect(created.status).toBe(201);
  const server = (created.body as { payload: { id: number; name: string; secret: string } }).payload;
  const saved = await suite.api.call('setProductCommands', {
    token: op.token,
    params: { id: product.id },
    body: {
      commands: templates.map(([template, condition]) => ({
        game_server_id: server.id,
        template,
        condition,
      })),
    },
  });
  expect(saved.status).toBe(200);
  return { op, server };
}

async function buy(
  customer: TestCustomer,
  lines: Array<[TestProduct, number]>,
  body: Record<string, unknown> = { payment_method: 'balance' },
) {
  for (const [product, count] of lines) {
    const added = await suite.api.call('addToCart', {
      token: customer.token,
      body: { id: product.id, count },
    });
    expect(added.status).toBe(200);
  }
  return suite.api.call('checkout', { token: customer.token, body });
}

async function paidOrder(lines: Array<[TestProduct, number]>, player = 'Steve'): Promise<number> {
  const customer = await createCustomer(db(), { balanceMinor: 10_000_000 });
  const response = await buy(customer, lines, { payment_method: 'balance', player });
  expect(response.status, response.text).toBe(200);
  return (response.body as { order_id: number }).order_id;
}

function lease(secret: string, body: Record<string, unknown> = {}) {
  return suite.api.call('leaseDeliveries', { token: secret, body });
}

type Leased = { delivery_id: number; attempt: number; order_id: number; command: string; player: string };
async function leased(secret: string, body: Record<string, unknown> = {}): Promise<Leased[]> {
  const response = await lease(secret, body);
  expect(response.status, response.text).toBe(200);
  return (response.body as { payload: Leased[] }).payload;
}

function start(secret: string, delivery_id: number, attempt: number) {
  return suite.api.call('startDelivery', { token: secret, body: { delivery_id, attempt } });
}

function report(secret: string, results: Array<Record<string, unknown>>) {
  return suite.api.call('reportDeliveries', { token: secret, body: { results } });
}

async function rowsOf(orderId: number) {
  return db()
    .select()
    .from(deliveries)
    .where(eq(deliveries.orderId, orderId))
    .orderBy(asc(deliveries.position));
}

async function rowOf(id: number) {
  const [row] = await db().select().from(deliveries).where(eq(deliveries.id, id));
  if (row === undefined) throw new Error(`no delivery ${id}`);
  return row;
}

/** Ages a delivery's lease so that the next call sees it expired. */
async function expireLease(id: number) {
  await db()
    .update(deliveries)
    .set({ leaseExpiresAt: sql`now() - interval '1 second'` })
    .where(eq(deliveries.id, id));
}

describe('delivery rows are written where an order becomes paid', () => {
  it('coins checkout: one row per line, game server and command, in order, placeholders filled', async () => {
    const a = suite.product(0);
    const b = suite.product(1);
    const { server } = await network(
      [
        ['say one {player} {quantity}', 'any'],
        ['say two {order} {product} {uuid}', 'online'],
      ],
      a,
    );
    const op = await operator();
    await suite.api.call('setProductCommands', {
      token: op.token,
      params: { id: b.id },
      body: { commands: [{ game_server_id: server.id, template: 'say three {player}', condition: 'any' }] },
    });
    const orderId = await paidOrder([
      [a, 2],
      [b, 1],
    ]);
    const rows = await rowsOf(orderId);
    expect(
      rows.map((row) => [row.position, row.gameServerId, row.command, row.condition, row.state, row.attempt]),
    ).toEqual([
      [0, server.id, 'say one Steve 2', 'any', 'queued', 1],
      [1, server.id, `say two ${orderId} ${a.slug} ${offlineUuid('Steve')}`, 'online', 'queued', 1],
      [2, server.id, 'say three Steve', 'any', 'queued', 1],
    ]);
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(order?.player).toBe('Steve');
  });

  it('uses the offline-mode UUID of the name (Java’s nameUUIDFromBytes)', () => {
    expect(offlineUuid('Steve')).toBe('5627dd98-e6be-3c21-b8a8-e92344183641');
  });

  it('card payment: the webhook that marks the order paid writes the rows, once', async () => {
    const product = suite.product(3);
    await network([['say card {player}', 'any']], product);
    const customer = await createCustomer(db(), { player: 'Alex_2' });
    const response = await buy(customer, [[product, 1]], { payment_method: 'card' });
    expect(response.status).toBe(200);
    const { order_id: orderId, payment_id: ref } = response.body as { order_id: number; payment_id: string };
    expect(await rowsOf(orderId)).toEqual([]);
    await sandboxDecision(suite.api, ref, 'pay');
    const rows = await rowsOf(orderId);
    expect(rows.map((row) => row.command)).toContain('say card Alex_2');
    const count = rows.length;
    await sandboxDecision(suite.api, ref, 'pay');
    expect(await rowsOf(orderId)).toHaveLength(count);
  });

  it('a declined card payment writes none', async () => {
    const product = suite.product(3);
    const customer = await createCustomer(db());
    const response = await buy(customer, [[product, 1]], { payment_method: 'card' });
    const { order_id: orderId, payment_id: ref } = response.body as { order_id: number; payment_id: string };
    await sandboxDecision(suite.api, ref, 'decline');
    expect(await rowsOf(orderId)).toEqual([]);
  });
});

describe('the player at checkout', () => {
  it('is required when the cart holds a product with commands: 422 errors.player, nothing written', async () => {
    const customer = await createCustomer(db(), { balanceMinor: 10_000_000, player: null });
    const before = await moneySnapshot(db());
    const response = await buy(customer, [[suite.product(0), 1]]);
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      status: 'ERROR',
      message: 'Please enter the player name the order is for.',
      errors: { player: ['Please enter the player name the order is for.'] },
    });
    const after = await moneySnapshot(db());
    expect(after).toEqual({ ...before, cart_lines: after.cart_lines });
  });

  it('refuses unknown names and names that try to inject a command, in every form', async () => {
    const customer = await createCustomer(db(), { balanceMinor: 10_000_000 });
    for (const player of ['Steve\nop Steve', '; op', 'Steve;op', 'ab', 'Steve op', '.', 'x'.repeat(17)]) {
      const response = await buy(customer, [[suite.product(0), 1]], { payment_method: 'balance', player });
      expect(response.status, JSON.stringify(player)).toBe(422);
      expect(Object.keys((response.body as { errors: object }).errors)).toEqual(['player']);
    }
    expect(await db().select().from(orders).where(eq(orders.userId, customer.id))).toEqual([]);
  });

  it('gifting: the name sent wins over the profile’s; a Bedrock name with the prefix is taken', async () => {
    const customer = await createCustomer(db(), { balanceMinor: 10_000_000, player: 'Steve' });
    const response = await buy(customer, [[suite.product(0), 1]], {
      payment_method: 'balance',
      player: '.Gamer_Tag',
    });
    expect(response.status).toBe(200);
    const [order] = await db().select().from(orders).where(eq(orders.userId, customer.id));
    expect(order?.player).toBe('.Gamer_Tag');
  });

  it('the first player named at checkout is kept on a profile that has none; a gift never replaces it', async () => {
    const customer = await createCustomer(db(), { balanceMinor: 10_000_000, player: null });
    const playerOf = async () =>
      (await db().select({ player: users.player }).from(users).where(eq(users.id, customer.id)))[0]?.player;
    const first = await buy(customer, [[suite.product(0), 1]], {
      payment_method: 'balance',
      player: 'Alex_2',
    });
    expect(first.status, first.text).toBe(200);
    expect(await playerOf()).toBe('Alex_2');
    const gift = await buy(customer, [[suite.product(0), 1]], { payment_method: 'balance', player: 'Notch' });
    expect(gift.status, gift.text).toBe(200);
    expect(await playerOf()).toBe('Alex_2');
  });

  it('is not asked for a cart without commands', async () => {
    const product = suite.product(5);
    const op = await operator();
    const saved = await db().select().from(productCommands).where(eq(productCommands.productId, product.id));
    await suite.api.call('setProductCommands', {
      token: op.token,
      params: { id: product.id },
      body: { commands: [] },
    });
    try {
      const customer = await createCustomer(db(), { balanceMinor: 10_000_000, player: null });
      const response = await buy(customer, [[product, 1]]);
      expect(response.status).toBe(200);
      const orderId = (response.body as { order_id: number }).order_id;
      expect(await rowsOf(orderId)).toEqual([]);
      const history = await suite.api.call('listOrders', { token: customer.token });
      expect((history.body as { payload: Array<{ delivery: unknown }> }).payload[0]?.delivery).toEqual({
        status: 'none',
      });
    } finally {
      if (saved.length > 0)
        await db()
          .insert(productCommands)
          .values(saved.map(({ id: _id, ...row }) => row));
    }
  });

  it('the profile keeps a player: set, refused when invalid, cleared when blank', async () => {
    const customer = await createCustomer(db(), { player: null });
    const profile = {
      name: 'Alex',
      surname: 'Miner',
      phone: '+49 30 901820',
      phoneE164: '+4930901820',
      country: (await executeRows<{ id: number }>(db(), sql`select id from countries where iso = 'DE'`))[0]
        ?.id,
      city: 'Berlin',
    };
    const put = (player: unknown) =>
      suite.api.call('updateProfile', { token: customer.token, body: { ...profile, player } });
    const read = async () =>
      (
        (await suite.api.call('getProfile', { token: customer.token })).body as {
          payload: { player: unknown };
        }
      ).payload.player;
    expect(await read()).toBeNull();
    expect((await put('Notch')).status).toBe(200);
    expect(await read()).toBe('Notch');
    const refused = await put('Steve\nop Steve');
    expect(refused.status).toBe(422);
    expect(Object.keys((refused.body as { errors: object }).errors)).toEqual(['player']);
    expect(await read()).toBe('Notch');
    expect((await put('')).status).toBe(200);
    expect(await read()).toBeNull();
  });
});

describe('the store agent: lease, start, report', () => {
  it('needs the game server’s secret', async () => {
    expect((await lease('gs_not-a-secret')).status).toBe(401);
    const customer = await createCustomer(db());
    expect((await lease(customer.token)).status).toBe(401);
    expect((await suite.api.call('reportDeliveries', { body: { results: [] } })).status).toBe(401);
  });

  it('leases in order, starts once, reports idempotently', async () => {
    const product = suite.product(6);
    const { server } = await network(
      [
        ['say a {player}', 'any'],
        ['say b {player}', 'any'],
      ],
      product,
    );
    const first = await paidOrder([[product, 1]]);
    const second = await paidOrder([[product, 1]]);
    const got = await leased(server.secret, { max: 10 });
    expect(got.map((d) => [d.order_id, d.command])).toEqual([
      [first, 'say a Steve'],
      [first, 'say b Steve'],
      [second, 'say a Steve'],
      [second, 'say b Steve'],
    ]);
    expect(got.every((d) => d.attempt === 1)).toBe(true);
    // Nothing more to lease while they are held.
    expect(await leased(server.secret)).toEqual([]);

    const [d] = got;
    if (d === undefined) throw new Error('nothing leased');
    expect((await start(server.secret, d.delivery_id, 1)).status).toBe(200);
    // A second start of the same attempt (another agent, or a retry) may not run it.
    expect((await start(server.secret, d.delivery_id, 1)).status).toBe(409);
    expect((await start(server.secret, d.delivery_id, 2)).status).toBe(409);

    const result = { delivery_id: d.delivery_id, attempt: 1, outcome: 'done', reply: 'ok' };
    expect((await report(server.secret, [result])).status).toBe(200);
    const done = await rowOf(d.delivery_id);
    expect(done).toMatchObject({ state: 'done', reply: 'ok', leaseCount: 1 });
    // The same report again, or a different outcome later, changes nothing.
    expect((await report(server.secret, [result])).status).toBe(200);
    expect((await report(server.secret, [{ ...result, outcome: 'failed', reply: 'late' }])).status).toBe(200);
    expect(await rowOf(d.delivery_id)).toEqual(done);
  });

  it('ignores a report from another game server', async () => {
    const product = suite.product(6);
    const { server } = await network([['say x', 'any']], product);
    const other = await network([['say y', 'any']], suite.product(7));
    await paidOrder([[product, 1]]);
    const [d] = await leased(server.secret);
    if (d === undefined) throw new Error('nothing leased');
    await report(other.server.secret, [{ delivery_id: d.delivery_id, attempt: 1, outcome: 'done' }]);
    expect((await rowOf(d.delivery_id)).state).toBe('leased');
    expect((await start(other.server.secret, d.delivery_id, 1)).status).toBe(409);
  });

  it('an `online` command goes only while its player is online, and holds the order’s later commands', async () => {
    const product = suite.product(8);
    const { server } = await network(
      [
        ['say first', 'online'],
        ['say second', 'any'],
      ],
      product,
    );
    const orderId = await paidOrder([[product, 1]], 'Notch');
    expect(await leased(server.secret, { online_players: ['Steve'] })).toEqual([]);
    const got = await leased(server.secret, { online_players: ['notch'] });
    expect(got.map((d) => [d.order_id, d.command])).toEqual([
      [orderId, 'say first'],
      [orderId, 'say second'],
    ]);
  });

  it('an expired lease returns to queued with the same attempt; after the maximum it is failed', async () => {
    const product = suite.product(9);
    const { server } = await network([['say expire', 'any']], product);
    const orderId = await paidOrder([[product, 1]]);
    const [id] = (await rowsOf(orderId)).map((row) => row.id);
    if (id === undefined) throw new Error('no row');
    for (let n = 1; n <= 5; n += 1) {
      const got = await leased(server.secret);
      expect(got.map((d) => [d.delivery_id, d.attempt])).toEqual([[id, 1]]);
      await expireLease(id);
      // A start after the lease expired is refused: the agent must not run it.
      expect((await start(server.secret, id, 1)).status).toBe(409);
    }
    expect(await leased(server.secret)).toEqual([]);
    expect(await rowOf(id)).toMatchObject({ state: 'failed', leaseCount: 5, attempt: 1, startedAt: null });
  });

  it('a started attempt whose lease expires is never leased again: it is uncertain', async () => {
    const product = suite.product(10);
    const { server } = await network([['say started', 'any']], product);
    const orderId = await paidOrder([[product, 1]]);
    const [d] = await leased(server.secret);
    if (d === undefined) throw new Error('nothing leased');
    expect((await start(server.secret, d.delivery_id, 1)).status).toBe(200);
    await expireLease(d.delivery_id);
    expect(await leased(server.secret)).toEqual([]);
    expect(await rowOf(d.delivery_id)).toMatchObject({ state: 'uncertain', attempt: 1 });
    // The agent's late report still counts: the attempt ran once.
    await report(server.secret, [{ delivery_id: d.delivery_id, attempt: 1, outcome: 'done', reply: 'late' }]);
    expect(await rowOf(d.delivery_id)).toMatchObject({ state: 'done', reply: 'late' });
    expect((await rowsOf(orderId)).length).toBe(1);
  });

  it('a report for an expired lease still counts when the delivery was not leased again', async () => {
    const product = suite.product(11);
    const { server } = await network([['say late', 'any']], product);
    await paidOrder([[product, 1]]);
    const [d] = await leased(server.secret);
    if (d === undefined) throw new Error('nothing leased');
    await expireLease(d.delivery_id);
    await report(server.secret, [{ delivery_id: d.delivery_id, attempt: 1, outcome: 'failed', reply: 'no' }]);
    expect(await rowOf(d.delivery_id)).toMatchObject({ state: 'failed', reply: 'no' });
  });

  it('long-polls: a lease that waits gets an order paid meanwhile', async () => {
    const product = suite.product(4);
    const { server } = await network([['say poll {player}', 'any']], product);
    await leased(server.secret, { max: 100 });
    const started = Date.now();
    const waiting = leased(server.secret, { wait: 10 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const orderId = await paidOrder([[product, 1]]);
    const got = await waiting;
    expect(got.map((d) => d.order_id)).toContain(orderId);
    expect(Date.now() - started).toBeLessThan(9_000);
    // With nothing to hand out it answers an empty list when the wait is over.
    const t0 = Date.now();
    expect(await leased(server.secret, { wait: 0.6 })).toEqual([]);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(550);
  });

  it('long-polls over a real connection too', async () => {
    const { server } = await network([['say socket', 'any']], suite.product(4));
    await leased(server.secret, { max: 100 });
    const address = await suite.api.app.listen({ port: 0, host: '127.0.0.1' });
    const t0 = Date.now();
    const response = await fetch(`${address}/api/game/deliveries/lease`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.secret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ wait: 1.2 }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'OK', payload: [] });
    expect(Date.now() - t0).toBeGreaterThanOrEqual(1_100);
  });
  it('queues the delivery-completed mail when the last delivery of an order is done, once', async () => {
    const product = suite.product(11);
    const { server } = await network(
      [
        ['say first', 'any'],
        ['say second', 'any'],
      ],
      product,
    );
    const orderId = await paidOrder([[product, 1]], 'Alex_42');
    const mailsOf = () =>
      executeRows<{ payload: { orderId: number; player: string } }>(
        db(),
        sql`select payload from mail_queue where kind = 'delivery_completed' and (payload->>'orderId')::int = ${orderId}`,
      );
    const [first, second] = await leased(server.secret);
    if (first === undefined || second === undefined) throw new Error('not leased');
    await report(server.secret, [{ delivery_id: first.delivery_id, attempt: 1, outcome: 'done' }]);
    expect(await mailsOf()).toEqual([]);
    const last = { delivery_id: second.delivery_id, attempt: 1, outcome: 'done' };
    await report(server.secret, [last]);
    await report(server.secret, [last]);
    expect(await mailsOf()).toEqual([{ payload: expect.objectContaining({ orderId, player: 'Alex_42' }) }]);
  });

  it('queues one delivery mail when two game servers report the last deliveries of an order at once', async () => {
    const [a, b] = [suite.product(10), suite.product(11)];
    const one = await network([['say a', 'any']], a);
    const two = await network([['say b', 'any']], b);
    const orderId = await paidOrder([
      [a, 1],
      [b, 1],
    ]);
    const [first] = await leased(one.server.secret);
    const [second] = await leased(two.server.secret);
    if (first === undefined || second === undefined) throw new Error('not leased');
    await Promise.all([
      report(one.server.secret, [{ delivery_id: first.delivery_id, attempt: 1, outcome: 'done' }]),
      report(two.server.secret, [{ delivery_id: second.delivery_id, attempt: 1, outcome: 'done' }]),
    ]);
    const mails = await executeRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from mail_queue
          where kind = 'delivery_completed' and (payload->>'orderId')::int = ${orderId}`,
    );
    expect(mails).toEqual([{ n: 1 }]);
  });
});

/** A well-formed image upload (multipart), so only who asks is judged. */
function imageForm(): FormData {
  const form = new FormData();
  form.append('version', '1');
  form.append(
    'file',
    new Blob([new Uint8Array(Buffer.from('89504e470d0a1a0a', 'hex'))], { type: 'image/png' }),
    'a.png',
  );
  return form;
}

describe('the operator', () => {
  it('answers 401 without a session and 403 to a customer, on every operator operation', async () => {
    const customer = await createCustomer(db());
    const keyed = { 'idempotency-key': crypto.randomUUID() };
    const calls: Array<[string, Record<string, unknown>]> = [
      ['listGameServers', {}],
      ['createGameServer', { body: { name: 'nope' } }],
      ['renameGameServer', { params: { id: 1 }, body: { name: 'nope' } }],
      ['rotateGameServerSecret', { params: { id: 1 } }],
      ['getProductCommands', { params: { id: 1 } }],
      ['setProductCommands', { params: { id: 1 }, body: { commands: [] } }],
      ['listDeliveries', {}],
      ['requeueDelivery', { params: { id: 1 } }],
      ['resolveDelivery', { params: { id: 1 }, body: { outcome: 'done', note: 'x' } }],
      ['getOperatorSettings', {}],
      [
        'updateOperatorSettings',
        { headers: { 'if-match': `"${'0'.repeat(16)}"` }, body: { vat_percent: 1 } },
      ],
      ['listAuditLog', {}],
      ['listCustomers', {}],
      ['getCustomer', { params: { id: customer.id } }],
      [
        'adjustCustomerBalance',
        { params: { id: customer.id }, headers: keyed, body: { amount: 100, reason: 'x' } },
      ],
      ['revokeCustomerSessions', { params: { id: customer.id }, body: {} }],
      ['resendCustomerVerification', { params: { id: customer.id }, body: {} }],
      ['getOperatorOverview', {}],
      ['listOperatorOrders', {}],
      ['getOperatorOrder', { params: { id: 1 } }],
      ['refundOrder', { params: { id: 1 }, headers: keyed, body: { to: 'balance', amount: 1, reason: 'x' } }],
      ['listOperatorProducts', {}],
      ['getOperatorProduct', { params: { id: 1 } }],
      [
        'createProduct',
        {
          body: { slug: 'nope', category: 'nope', price: 1, texts: { en: { title: 'x', description: '' } } },
        },
      ],
      ['updateProduct', { params: { id: 1 }, body: { version: 1, price: 1 } }],
      ['listOperatorCategories', {}],
      ['setProductImage', { params: { id: 1 }, form: imageForm() }],
      ['listOperatorCurrencies', {}],
      ['getOperatorCurrency', { params: { code: 'USD' } }],
      ['createCurrency', { body: { code: 'CHF', value: '0.93', symbol: 'CHF' } }],
      ['updateCurrency', { params: { code: 'USD' }, body: { version: 1, value: '2' } }],
      ['listOperatorPages', {}],
      ['getOperatorPage', { params: { id: 1 } }],
      ['createPage', { body: { slug: 'nope', texts: { en: { title: 'x', content: '' } } } }],
      ['updatePage', { params: { id: 1 }, body: { version: 1, slug: 'nope' } }],
      ['deletePage', { params: { id: 1 } }],
      ['previewPage', { body: { content: '<p>x</p>' } }],
      ['listOperatorLanguages', {}],
      ['createLanguage', { body: { code: 'fr', title: 'Français' } }],
      ['listLanguageMessages', { params: { id: 1 } }],
      ['setLanguageMessage', { params: { id: 1, key: 'shell.nav.cart' }, body: { value: 'Cart' } }],
      ['deleteLanguageMessage', { params: { id: 1, key: 'shell.nav.cart' } }],
      ['listOperatorSocialLinks', {}],
      [
        'createSocialLink',
        { body: { title: 'Twitch', link: 'https://www.twitch.tv/', img: '/images/social/discord.svg' } },
      ],
      ['updateSocialLink', { params: { id: 1 }, body: { title: 'Twitch' } }],
      ['deleteSocialLink', { params: { id: 1 } }],
    ];
    const operatorOperations = listOperations(loadContract())
      .filter(({ path }) => path.startsWith('/operator/'))
      .map(({ operationId }) => operationId);
    expect(calls.map(([operationId]) => operationId).sort()).toEqual(operatorOperations.sort());
    const before = await db().select().from(auditLog);
    for (const [operationId, options] of calls) {
      expect((await suite.api.call(operationId, options)).status, operationId).toBe(401);
      const forbidden = await suite.api.call(operationId, { ...options, token: customer.token });
      expect(forbidden.status, operationId).toBe(403);
      expect(forbidden.body).toEqual({ status: 'ERROR', message: 'This needs an operator account.' });
    }
    expect(await db().select().from(auditLog)).toEqual(before);
  });

  it('creates, renames and rotates game servers; the secret is shown once and stored hashed', async () => {
    const op = await operator();
    const created = await suite.api.call('createGameServer', { token: op.token, body: { name: 'Skyblock' } });
    expect(created.status).toBe(201);
    const { id, secret } = (created.body as { payload: { id: number; secret: string } }).payload;
    expect(JSON.stringify(await db().select().from(gameServers))).not.toContain(secret);
    expect((await lease(secret)).status).toBe(200);
    const list = await suite.api.call('listGameServers', { token: op.token });
    expect(JSON.stringify(list.body)).not.toContain(secret);

    const taken = await suite.api.call('createGameServer', { token: op.token, body: { name: 'skyblock' } });
    expect(taken.status).toBe(422);
    expect(Object.keys((taken.body as { errors: object }).errors)).toEqual(['name']);

    const renamed = await suite.api.call('renameGameServer', {
      token: op.token,
      params: { id },
      body: { name: 'Skyblock 2' },
    });
    expect((renamed.body as { payload: { name: string } }).payload.name).toBe('Skyblock 2');

    const rotated = await suite.api.call('rotateGameServerSecret', { token: op.token, params: { id } });
    const fresh = (rotated.body as { payload: { secret: string } }).payload.secret;
    expect(fresh).not.toBe(secret);
    expect((await lease(secret)).status).toBe(401);
    expect((await lease(fresh)).status).toBe(200);
    expect(
      (await suite.api.call('rotateGameServerSecret', { token: op.token, params: { id: 999_999 } })).status,
    ).toBe(404);

    const audit = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(id)));
    expect(audit.map((row) => [row.action, row.actorUserId, row.before, row.after])).toEqual([
      ['game_server.create', op.id, null, { name: 'Skyblock' }],
      ['game_server.rename', op.id, { name: 'Skyblock' }, { name: 'Skyblock 2' }],
      ['game_server.rotate_secret', op.id, null, { secret_rotated_at: expect.any(String) }],
    ]);
    expect(JSON.stringify(audit)).not.toContain(fresh);
  });

  it('refuses bad templates with a message per field, and saves nothing', async () => {
    const op = await operator();
    const product = suite.product(0);
    const lobby = await serverId('lobby');
    const before = await suite.api.call('getProductCommands', {
      token: op.token,
      params: { id: product.id },
    });
    const response = await suite.api.call('setProductCommands', {
      token: op.token,
      params: { id: product.id },
      body: {
        commands: [
          { game_server_id: lobby, template: 'give {player} {item}', condition: 'any' },
          { game_server_id: lobby, template: 'say hi\nop {player}', condition: 'any' },
          { game_server_id: lobby, template: `say ${'x'.repeat(240)} {player}`, condition: 'any' },
          { game_server_id: 999_999, template: 'say ok', condition: 'any' },
          { game_server_id: lobby, template: 'say fine {player}', condition: 'online' },
        ],
      },
    });
    expect(response.status).toBe(422);
    expect((response.body as { errors: Record<string, string[]> }).errors).toEqual({
      'commands.0.template': [
        'Unknown placeholder {item}. Use {player}, {uuid}, {quantity}, {order}, {product}.',
      ],
      'commands.1.template': ['A command must be one line.'],
      'commands.2.template': [
        expect.stringMatching(/^With its values the command can be 2\d\d characters long/),
      ],
      'commands.3.game_server_id': ['There is no game server with this id.'],
    });
    const after = await suite.api.call('getProductCommands', { token: op.token, params: { id: product.id } });
    expect(after.body).toEqual(before.body);
    expect(
      (await suite.api.call('getProductCommands', { token: op.token, params: { id: 999_999 } })).status,
    ).toBe(404);
  });

  it('lists deliveries by state, server, order and player; requeues and resolves with audit rows', async () => {
    const product = suite.product(2);
    const { op, server } = await network([['say requeue {player}', 'any']], product);
    const orderId = await paidOrder([[product, 1]], 'Herobrine');
    const [d] = await leased(server.secret);
    if (d === undefined) throw new Error('nothing leased');
    await start(server.secret, d.delivery_id, 1);
    await report(server.secret, [{ delivery_id: d.delivery_id, attempt: 1, outcome: 'uncertain' }]);

    const list = async (query: Record<string, string | number>) =>
      (
        (await suite.api.call('listDeliveries', { token: op.token, query })).body as {
          payload: Array<{ id: number }>;
        }
      ).payload.map((row) => row.id);
    expect(await list({ state: 'uncertain', game_server_id: server.id })).toEqual([d.delivery_id]);
    expect(await list({ player: 'herobrine', game_server_id: server.id })).toEqual([d.delivery_id]);
    expect(await list({ order_id: orderId, game_server_id: server.id })).toEqual([d.delivery_id]);
    expect(await list({ state: 'done', game_server_id: server.id })).toEqual([]);

    // Resolving a leased or done one is a conflict; requeueing a queued one too.
    const requeued = await suite.api.call('requeueDelivery', {
      token: op.token,
      params: { id: d.delivery_id },
      body: { note: 'checked: not given' },
    });
    expect(requeued.status).toBe(200);
    expect((requeued.body as { payload: unknown }).payload).toMatchObject({
      state: 'queued',
      attempt: 2,
      lease_count: 0,
      started_at: null,
      note: 'checked: not given',
    });
    expect(
      (await suite.api.call('requeueDelivery', { token: op.token, params: { id: d.delivery_id } })).status,
    ).toBe(409);
    const [again] = await leased(server.secret);
    expect(again).toMatchObject({ delivery_id: d.delivery_id, attempt: 2 });
    // A late report of the first attempt does not settle the second.
    await report(server.secret, [{ delivery_id: d.delivery_id, attempt: 1, outcome: 'done' }]);
    expect((await rowOf(d.delivery_id)).state).toBe('leased');
    expect(
      (
        await suite.api.call('resolveDelivery', {
          token: op.token,
          params: { id: d.delivery_id },
          body: { outcome: 'done', note: 'x' },
        })
      ).status,
    ).toBe(409);
    await report(server.secret, [
      { delivery_id: d.delivery_id, attempt: 2, outcome: 'failed', reply: 'Unknown command' },
    ]);
    const resolved = await suite.api.call('resolveDelivery', {
      token: op.token,
      params: { id: d.delivery_id },
      body: { outcome: 'done', note: 'gave it by hand' },
    });
    expect((resolved.body as { payload: unknown }).payload).toMatchObject({
      state: 'done',
      note: 'gave it by hand',
    });
    // Settled by hand as done, the order is delivered: its mail is queued with the change.
    const mails = await executeRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from mail_queue
          where kind = 'delivery_completed' and (payload->>'orderId')::int = ${orderId}`,
    );
    expect(mails).toEqual([{ n: 1 }]);

    const audit = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(d.delivery_id)));
    expect(audit.map((row) => [row.action, row.actor, row.before, row.after])).toEqual([
      [
        'delivery.requeue',
        expect.stringContaining('@'),
        { state: 'uncertain', attempt: 1, lease_count: 1, note: null },
        { state: 'queued', attempt: 2, lease_count: 0, note: 'checked: not given' },
      ],
      [
        'delivery.resolve',
        expect.stringContaining('@'),
        { state: 'failed', attempt: 2, lease_count: 1, note: 'checked: not given' },
        { state: 'done', attempt: 2, lease_count: 1, note: 'gave it by hand' },
      ],
    ]);
    // Rows are never deleted.
    await expect(db().delete(deliveries).where(eq(deliveries.id, d.delivery_id))).rejects.toThrow();
  });

  it('order history shows each order’s delivery', async () => {
    const product = suite.product(7);
    const { server } = await network(
      [
        ['say one', 'any'],
        ['say two', 'online'],
      ],
      product,
    );
    const customer = await createCustomer(db(), { balanceMinor: 10_000_000, player: 'Alex_2' });
    const response = await buy(customer, [[product, 1]]);
    const orderId = (response.body as { order_id: number }).order_id;
    const status = async () =>
      (
        (await suite.api.call('listOrders', { token: customer.token })).body as {
          payload: Array<{ id: number; delivery: Record<string, unknown> }>;
        }
      ).payload.find((order) => order.id === orderId)?.delivery;
    // Other products of the demo seed deliver on the seeded servers too; only this one's rows are here.
    expect(await status()).toEqual({ status: 'queued', player: 'Alex_2' });
    const [one] = await leased(server.secret);
    if (one === undefined) throw new Error('nothing leased');
    await start(server.secret, one.delivery_id, 1);
    await report(server.secret, [{ delivery_id: one.delivery_id, attempt: 1, outcome: 'done' }]);
    expect(await status()).toEqual({ status: 'waiting', player: 'Alex_2', server: server.name });
    const [two] = await leased(server.secret, { online_players: ['Alex_2'] });
    if (two === undefined) throw new Error('nothing leased');
    await start(server.secret, two.delivery_id, 1);
    await report(server.secret, [{ delivery_id: two.delivery_id, attempt: 1, outcome: 'done' }]);
    expect(await status()).toEqual({
      status: 'delivered',
      player: 'Alex_2',
      delivered_at: expect.any(String),
    });
  });
});

describe('npm run operator, through the running server', () => {
  it('grants the role only from this machine with the key', async () => {
    const api = await createTestApi({ rateLimits: testRateLimits, adminKey: 'k'.repeat(43) });
    try {
      const customer = await createCustomer(api.database.db);
      const [user] = await api.database.db.select().from(users).where(eq(users.id, customer.id));
      const email = user?.email ?? '';
      const grant = (headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
        api.call('grantOperator', { body: { email }, headers, remoteAddress });
      expect((await grant({})).status).toBe(401);
      expect((await grant({ 'blockfront-admin-key': 'x'.repeat(43) })).status).toBe(401);
      expect((await grant({ 'blockfront-admin-key': 'k'.repeat(43) }, '10.0.0.7')).status).toBe(403);
      expect(
        (
          await api.call('grantOperator', {
            body: { email: 'nobody@example.com' },
            headers: { 'blockfront-admin-key': 'k'.repeat(43) },
          })
        ).status,
      ).toBe(404);
      const granted = await grant({ 'blockfront-admin-key': 'k'.repeat(43) });
      expect(granted.status).toBe(200);
      const [after] = await api.database.db.select().from(users).where(eq(users.id, customer.id));
      expect(after?.role).toBe('operator');
      const audit = await api.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, String(customer.id)));
      expect(audit).toMatchObject([{ action: 'account.grant_operator', actor: 'cli', actorUserId: null }]);
      expect((await api.call('listGameServers', { token: customer.token })).status).toBe(200);
    } finally {
      await api.close();
    }
  });
});
