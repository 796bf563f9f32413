import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { executeRows } from '../../server/db/client';

import { createCustomer, languageId, moneySnapshot, moneySuite, type TestCustomer } from './support/money';

const suite = moneySuite();

const { product } = suite;

interface CartBody {
  status: string;
  cart: Array<{
    id: number;
    item_id: number;
    count: number;
    item: { title: string; price: number; img_url: string; in_game: boolean };
  }>;
}

async function add(customer: TestCustomer, id: number, count: number, extra: Record<string, unknown> = {}) {
  return suite.api.call('addToCart', { token: customer.token, body: { id, count, ...extra } });
}

async function cartOf(customer: TestCustomer) {
  const response = await suite.api.call('getCart', { token: customer.token });
  expect(response.status).toBe(200);
  return (response.body as CartBody).cart;
}

/** A new customer with one of the first product and two of the second in the cart, line by line. */
async function customerWithTwoLines() {
  const customer = await createCustomer(suite.api.database.db);
  await add(customer, product(0).id, 1);
  await add(customer, product(1).id, 2);
  const [first, second] = await cartOf(customer);
  if (first === undefined || second === undefined) throw new Error('expected two lines');
  return { customer, first, second };
}

describe('getCart', () => {
  it('answers an empty cart for a new customer', async () => {
    const customer = await createCustomer(suite.api.database.db);
    expect(await cartOf(customer)).toEqual([]);
  });

  it('needs a session', async () => {
    expect((await suite.api.call('getCart')).status).toBe(401);
    expect((await suite.api.call('getCart', { token: 'x'.repeat(43) })).status).toBe(401);
  });

  it('answers titles in the language of lang_id, and the default language otherwise', async () => {
    const customer = await createCustomer(suite.api.database.db);
    const vip = suite.products.find((p) => p.slug === 'rank-vip');
    if (vip === undefined) throw new Error('seed has no rank-vip');
    await add(customer, vip.id, 1);
    const de = await suite.api.call('getCart', {
      token: customer.token,
      query: { lang_id: await languageId(suite.api.database.db, 'de') },
    });
    expect((de.body as CartBody).cart[0]?.item.title).toBe('VIP-Rang');
    const unknown = await suite.api.call('getCart', { token: customer.token, query: { lang_id: 99999 } });
    expect((unknown.body as CartBody).cart[0]?.item.title).toBe('VIP Rank');
  });
});

describe('addToCart', () => {
  it('creates a line with the product, then adds to it', async () => {
    const customer = await createCustomer(suite.api.database.db);
    const p = product(0);
    const first = await add(customer, p.id, 2);
    expect(first.status).toBe(200);
    const cart = (first.body as CartBody).cart;
    expect(cart).toEqual([
      {
        id: expect.any(Number),
        item_id: p.id,
        count: 2,
        max_count: 99,
        // The demo products carry delivery commands (ADR 0031).
        item: {
          title: p.title,
          price: p.priceMinor,
          img_url: p.imgUrl,
          in_game: true,
          max_per_order: null,
          max_per_customer: null,
        },
      },
    ]);
    const again = await add(customer, p.id, 3);
    expect((again.body as CartBody).cart).toEqual([{ ...cart[0], count: 5 }]);
  });

  it('says a product without delivery commands is not delivered in game', async () => {
    const customer = await createCustomer(suite.api.database.db);
    const p = product(3);
    const { db } = suite.api.database;
    const commands = await executeRows<{
      game_server_id: number;
      position: number;
      template: string;
      condition: string;
    }>(
      db,
      sql`select game_server_id, position, template, condition::text from product_commands where product_id = ${p.id}`,
    );
    expect(commands.length).toBeGreaterThan(0);
    await db.execute(sql`delete from product_commands where product_id = ${p.id}`);
    try {
      const cart = (await add(customer, p.id, 1)).body as CartBody;
      expect(cart.cart[0]?.item.in_game).toBe(false);
    } finally {
      for (const c of commands) {
        await db.execute(
          sql`insert into product_commands (product_id, game_server_id, position, template, condition)
              values (${p.id}, ${c.game_server_id}, ${c.position}, ${c.template}, ${c.condition}::delivery_condition)`,
        );
      }
    }
    expect((await cartOf(customer))[0]?.item.in_game).toBe(true);
  });

  it('keeps lines in the order they were added', async () => {
    const customer = await createCustomer(suite.api.database.db);
    const order = [product(3), product(1), product(2)];
    for (const p of order) await add(customer, p.id, 1);
    await add(customer, product(1).id, 1);
    const cart = await cartOf(customer);
    expect(cart.map((line) => line.item_id)).toEqual(order.map((p) => p.id));
  });

  it('holds at most 99 per line: beyond is a 422 on count and the line stays', async () => {
    const customer = await createCustomer(suite.api.database.db);
    const p = product(0);
    expect((await add(customer, p.id, 99)).status).toBe(200);
    const before = await moneySnapshot(suite.api.database.db);
    const over = await add(customer, p.id, 1);
    expect(over.status).toBe(422);
    expect(over.body).toMatchObject({ status: 'ERROR', errors: { count: [expect.stringContaining('99')] } });
    expect(await moneySnapshot(suite.api.database.db)).toEqual(before);
    expect((await cartOf(customer))[0]?.count).toBe(99);
  });

  it('concurrent adds never push a line past 99', async () => {
    const customer = await createCustomer(suite.api.database.db);
    const p = product(0);
    const results = await Promise.all(Array.from({ length: 12 }, () => add(customer, p.id, 10)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(9);
    expect(results.filter((r) => r.status === 422)).toHaveLength(3);
    expect((await cartOf(customer))[0]?.count).toBe(90);
  });

  // On PostgreSQL (`npm run test:postgres`) these run on separate connections: the cart one of
  // them creates must be the cart every other add of that customer puts its line into.
  it('concurrent first adds of one customer keep every line (pairs)', async () => {
    const statuses: number[] = [];
    for (let pair = 0; pair < 5; pair += 1) {
      const customer = await createCustomer(suite.api.database.db);
      const [a, b] = [product(0), product(1)];
      const results = await Promise.all([add(customer, a.id, 1), add(customer, b.id, 1)]);
      statuses.push(...results.map((r) => r.status));
      results.forEach((r, i) => {
        expect((r.body as CartBody).cart.map((line) => line.item_id)).toContain([a, b][i]?.id);
      });
      expect((await cartOf(customer)).map((line) => line.item_id).sort()).toEqual([a.id, b.id].sort());
    }
    expect(statuses).toEqual(Array.from({ length: 10 }, () => 200));
  });

  it('concurrent first adds of 8 customers x 10 products keep all 80 lines', async () => {
    const customers = await Promise.all(
      Array.from({ length: 8 }, () => createCustomer(suite.api.database.db)),
    );
    const ten = Array.from({ length: 10 }, (_, i) => product(i));
    const results = await Promise.all(
      customers.flatMap((customer) =>
        ten.map(async (p) => ({ customer, p, result: await add(customer, p.id, 1) })),
      ),
    );
    const failed = results.filter(({ result }) => result.status !== 200);
    expect(failed.map(({ result }) => [result.status, result.text])).toEqual([]);
    for (const { p, result } of results) {
      expect((result.body as CartBody).cart.find((line) => line.item_id === p.id)?.count).toBe(1);
    }
    for (const customer of customers) {
      const cart = await cartOf(customer);
      expect(cart.map((line) => line.item_id).sort()).toEqual(ten.map((p) => p.id).sort());
      expect(cart.every((line) => line.count === 1)).toBe(true);
    }
  });

  it('answers 404 for an unknown or inactive product and changes nothing', async () => {
    const customer = await createCustomer(suite.api.database.db);
    const p = product(1);
    await suite.api.database.db.execute(sql`update products set active = false where id = ${p.id}`);
    try {
      const before = await moneySnapshot(suite.api.database.db);
      for (const id of [p.id, 999999, 2147483647, 2147483648, Number.MAX_SAFE_INTEGER]) {
        const response = await add(customer, id, 1);
        expect(response.status, `product ${id}`).toBe(404);
        expect(response.body).toMatchObject({ status: 'ERROR', message: 'This product is not available.' });
      }
      expect(await moneySnapshot(suite.api.database.db)).toEqual(before);
    } finally {
      await suite.api.database.db.execute(sql`update products set active = true where id = ${p.id}`);
    }
  });

  it('answers the 404 message in the language of lang_id', async () => {
    const customer = await createCustomer(suite.api.database.db);
    const response = await add(customer, 999999, 1, {
      lang_id: await languageId(suite.api.database.db, 'de'),
    });
    expect(response.body).toMatchObject({ message: 'Dieses Produkt ist nicht verfügbar.' });
  });

  it('refuses bad input with a 4xx and changes nothing', async () => {
    const customer = await createCustomer(suite.api.database.db);
    const p = product(0);
    const before = await moneySnapshot(suite.api.database.db);
    const bodies: Array<[unknown, number]> = [
      [{ id: p.id }, 422],
      [{ count: 1 }, 422],
      [{ id: String(p.id), count: 1 }, 422],
      [{ id: p.id, count: '1' }, 422],
      [{ id: p.id, count: 1.5 }, 422],
      [{ id: p.id, count: 1, extra: true }, 422],
      [{ id: '1; drop table cart_lines; --', count: 1 }, 422],
      [{ id: p.id, count: 0 }, 422],
      [{ id: p.id, count: -3 }, 422],
      [{ id: p.id, count: 100 }, 422],
      [{ id: 0, count: 1 }, 422],
      [{ id: p.id, count: 1, currency: 'ЕВРО' }, 422],
      [[p.id, 1], 400],
      ['🛒', 400],
    ];
    for (const [body, status] of bodies) {
      const response = await suite.api.call('addToCart', { token: customer.token, body });
      expect(response.status, JSON.stringify(body)).toBe(status);
    }
    const malformed = await suite.api.call('addToCart', {
      token: customer.token,
      payload: '{"id": 1, "count": ',
    });
    expect(malformed.status).toBe(400);
    expect((await suite.api.call('addToCart', { body: { id: p.id, count: 1 } })).status).toBe(401);
    expect(await moneySnapshot(suite.api.database.db)).toEqual(before);
  });
});

describe('removeFromCart', () => {
  it('removes the customer own line and answers the rest of the cart', async () => {
    const { customer, first, second } = await customerWithTwoLines();
    const response = await suite.api.call('removeFromCart', {
      token: customer.token,
      body: { id: first.id },
    });
    expect(response.status).toBe(200);
    expect((response.body as CartBody).cart).toEqual([second]);
  });

  it("answers 404 for another customer's line, or a line that does not exist, and changes nothing", async () => {
    const owner = await createCustomer(suite.api.database.db);
    const other = await createCustomer(suite.api.database.db);
    await add(owner, product(0).id, 1);
    const [line] = await cartOf(owner);
    if (line === undefined) throw new Error('expected a line');
    const before = await moneySnapshot(suite.api.database.db);
    for (const id of [line.id, 987654, 2147483648]) {
      const response = await suite.api.call('removeFromCart', { token: other.token, body: { id } });
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ message: 'This item is not in your cart.' });
    }
    expect(await moneySnapshot(suite.api.database.db)).toEqual(before);
    expect(await cartOf(owner)).toEqual([line]);
  });

  it('refuses bad input with a 4xx', async () => {
    const customer = await createCustomer(suite.api.database.db);
    for (const [body, status] of [
      [{}, 422],
      [{ id: 'abc' }, 422],
      [{ id: 1, count: 1 }, 422],
      [{ id: 0 }, 422],
      [[1], 400],
    ] as const) {
      const response = await suite.api.call('removeFromCart', { token: customer.token, body });
      expect(response.status, JSON.stringify(body)).toBe(status);
    }
    expect((await suite.api.call('removeFromCart', { body: { id: 1 } })).status).toBe(401);
  });
});

describe('setCartLineCount', () => {
  it('sets the count of the customer own line and answers the whole cart', async () => {
    const { customer, first, second } = await customerWithTwoLines();
    const response = await suite.api.call('setCartLineCount', {
      token: customer.token,
      body: { id: second.id, count: 7 },
    });
    expect(response.status).toBe(200);
    expect((response.body as CartBody).cart).toEqual([first, { ...second, count: 7 }]);
    const lower = await suite.api.call('setCartLineCount', {
      token: customer.token,
      body: { id: second.id, count: 1 },
    });
    expect((lower.body as CartBody).cart).toEqual([first, { ...second, count: 1 }]);
  });

  it("answers 404 for another customer's line, or a line that does not exist, and changes nothing", async () => {
    const owner = await createCustomer(suite.api.database.db);
    const other = await createCustomer(suite.api.database.db);
    await add(owner, product(0).id, 3);
    const [line] = await cartOf(owner);
    if (line === undefined) throw new Error('expected a line');
    for (const id of [line.id, 987654, 2147483648]) {
      const response = await suite.api.call('setCartLineCount', {
        token: other.token,
        body: { id, count: 5 },
      });
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ message: 'This item is not in your cart.' });
    }
    expect(await cartOf(owner)).toEqual([line]);
  });

  it('refuses counts outside 1–99 and other bad input with a 4xx, changing nothing', async () => {
    const customer = await createCustomer(suite.api.database.db);
    await add(customer, product(0).id, 2);
    const [line] = await cartOf(customer);
    if (line === undefined) throw new Error('expected a line');
    for (const body of [
      {},
      { id: line.id },
      { id: line.id, count: 0 },
      { id: line.id, count: 100 },
      { id: line.id, count: 1.5 },
      { id: 'abc', count: 1 },
    ]) {
      const response = await suite.api.call('setCartLineCount', { token: customer.token, body });
      expect([400, 422], JSON.stringify(body)).toContain(response.status);
    }
    expect(await cartOf(customer)).toEqual([line]);
    expect((await suite.api.call('setCartLineCount', { body: { id: line.id, count: 1 } })).status).toBe(401);
  });
});

describe('clearCart', () => {
  it('empties only this customer cart, with or without a body', async () => {
    const customer = await createCustomer(suite.api.database.db);
    const other = await createCustomer(suite.api.database.db);
    await add(customer, product(0).id, 1);
    await add(customer, product(1).id, 1);
    await add(other, product(0).id, 4);
    const response = await suite.api.call('clearCart', { token: customer.token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'OK', cart: [] });
    const withBody = await suite.api.call('clearCart', { token: customer.token, body: { lang_id: 1 } });
    expect(withBody.body).toEqual({ status: 'OK', cart: [] });
    expect((await cartOf(other))[0]?.count).toBe(4);
  });

  it('refuses an unknown field and a missing session', async () => {
    const customer = await createCustomer(suite.api.database.db);
    await add(customer, product(0).id, 1);
    expect((await suite.api.call('clearCart', { token: customer.token, body: { all: true } })).status).toBe(
      422,
    );
    expect((await suite.api.call('clearCart')).status).toBe(401);
    const [row] = await executeRows<{ n: number }>(
      suite.api.database.db,
      sql`select count(*)::int as n from cart_lines cl join carts c on c.id = cl.cart_id where c.user_id = ${customer.id}`,
    );
    expect(row?.n).toBe(1);
  });
});
