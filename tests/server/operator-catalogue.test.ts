// The operator's catalogue (docs/architecture.md §3b): every product with its texts in every language, created
// and changed with a version (a stale one is a 409), each change with its audit row in the same
// transaction, refusals keyed by field in the request's language, and the shop showing it at once.
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, productImages, products } from '../../server/db/schema';
import { type CallOptions, createTestApi, errorsOf, messageOf } from './support/api';
import {
  cachedBalance,
  createCustomer,
  createOperator,
  languageId,
  moneySnapshot,
  moneySuite,
  type TestCustomer,
} from './support/money';

const suite = moneySuite();
const db = () => suite.api.database.db;

interface Text {
  title: string;
  description: string;
}
interface OperatorProduct {
  id: number;
  slug: string;
  category: string;
  price: number;
  img_url: string;
  active: boolean;
  position: number;
  compare_at_price: number | null;
  max_per_order: number | null;
  max_per_customer: number | null;
  version: number;
  texts: Record<string, Text>;
}

let slugs = 0;
const uniqueSlug = (prefix = 'test-product') => {
  slugs += 1;
  return `${prefix}-${slugs}-${process.pid}`;
};

const payloadOf = (body: unknown) => (body as { payload: OperatorProduct }).payload;

function create(op: TestCustomer, body: Record<string, unknown>) {
  return suite.api.call('createProduct', { token: op.token, body });
}

function update(op: TestCustomer, id: number, body: Record<string, unknown>, query?: Record<string, number>) {
  return suite.api.call('updateProduct', {
    token: op.token,
    params: { id },
    body,
    ...(query === undefined ? {} : { query }),
  });
}

async function created(op: TestCustomer, body: Record<string, unknown> = {}): Promise<OperatorProduct> {
  const response = await create(op, {
    slug: uniqueSlug(),
    category: 'test-gear',
    price: 1_500,
    active: true,
    texts: { en: { title: 'Test Pickaxe', description: 'Digs.' } },
    ...body,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return payloadOf(response.body);
}

const auditsOf = (id: number) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'product'), eq(auditLog.entityId, String(id))))
    .orderBy(auditLog.id);

async function shopItems(query: Record<string, string | number> = {}) {
  const response = await suite.api.call('listProducts', { query: { per_page: 60, ...query } });
  return (response.body as { payload: { items: Array<{ id: number; title: string; price: number }> } })
    .payload.items;
}

const storedRow = async (id: number) => (await db().select().from(products).where(eq(products.id, id)))[0];

describe('the operator catalogue', () => {
  it('lists every product, hidden ones too, with every language text and its version', async () => {
    const op = await createOperator(db());
    const hidden = await created(op, { active: false });
    const response = await suite.api.call('listOperatorProducts', { token: op.token });
    expect(response.status).toBe(200);
    const list = (response.body as { payload: OperatorProduct[] }).payload;
    expect(list.find((product) => product.id === hidden.id)).toMatchObject({ active: false, version: 1 });
    const seeded = list.find((product) => product.slug === 'rank-vip');
    expect(seeded).toMatchObject({ active: true, version: 1, category: 'ranks' });
    expect(Object.keys(seeded?.texts ?? {})).toEqual(['en', 'de', 'es']);
    expect(seeded?.texts.de?.title).toBeTruthy();
    const positions = list.map((product) => product.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));

    const one = await suite.api.call('getOperatorProduct', { token: op.token, params: { id: hidden.id } });
    expect(payloadOf(one.body)).toEqual(hidden);
    const missing = await suite.api.call('getOperatorProduct', {
      token: op.token,
      params: { id: 2_000_000 },
    });
    expect(missing.status).toBe(404);
  });

  it('creates a product with its texts, after the last one, with an audit row; the shop shows it at once', async () => {
    const op = await createOperator(db());
    const slug = uniqueSlug('netherite-rank');
    const response = await create(op, {
      slug,
      category: 'test-ranks',
      price: 349_900,
      active: true,
      texts: {
        en: { title: '  Netherite Rank ', description: 'The rank above Diamond.' },
        de: { title: 'Netherit-Rang', description: 'Der Rang über Diamant.' },
      },
    });
    expect(response.status).toBe(201);
    const product = payloadOf(response.body);
    expect(product).toMatchObject({
      slug,
      category: 'test-ranks',
      price: 349_900,
      active: true,
      version: 1,
      img_url: '/images/products/placeholder.svg',
      texts: {
        en: { title: 'Netherite Rank', description: 'The rank above Diamond.' },
        de: { title: 'Netherit-Rang', description: 'Der Rang über Diamant.' },
      },
    });
    const all = (
      (await suite.api.call('listOperatorProducts', { token: op.token })).body as {
        payload: OperatorProduct[];
      }
    ).payload;
    expect(all.at(-1)?.id).toBe(product.id);

    const audits = await auditsOf(product.id);
    expect(audits.map(({ actor, action, before, after }) => ({ actor, action, before, after }))).toEqual([
      { actor: op.email, action: 'product.create', before: null, after: product },
    ]);

    expect(await shopItems({ category: 'test-ranks' })).toEqual([
      expect.objectContaining({ id: product.id, title: 'Netherite Rank', price: 349_900 }),
    ]);
    const german = await shopItems({ category: 'test-ranks', lang_id: await languageId(db(), 'de') });
    expect(german[0]?.title).toBe('Netherit-Rang');
    // No Spanish text: the shop shows the default language's.
    const spanish = await shopItems({ category: 'test-ranks', lang_id: await languageId(db(), 'es') });
    expect(spanish[0]?.title).toBe('Netherite Rank');
  });

  it('hides a new product unless told to show it', async () => {
    const op = await createOperator(db());
    const response = await create(op, {
      slug: uniqueSlug(),
      category: 'test-hidden',
      price: 100,
      texts: { en: { title: 'Secret', description: '' } },
    });
    expect(payloadOf(response.body).active).toBe(false);
    expect(await shopItems({ category: 'test-hidden' })).toEqual([]);
  });

  it('refuses a product the store cannot sell, keyed by field and in the language asked; nothing is saved', async () => {
    const op = await createOperator(db());
    const before = {
      products: await db().select().from(products),
      audits: await db().select().from(auditLog),
    };
    const good = {
      slug: uniqueSlug(),
      category: 'test-gear',
      price: 1_500,
      texts: { en: { title: 'Sword', description: 'Sharp.' } },
    };

    const free = await create(op, { ...good, price: 0 });
    expect(free.status).toBe(422);
    expect(errorsOf(free.body)).toEqual({ price: ['The price must be greater than 0.'] });
    expect(messageOf(free.body)).toBe('The price must be greater than 0.');
    const negative = await create(op, { ...good, price: -5 });
    expect(errorsOf(negative.body)).toEqual({ price: ['The price must be greater than 0.'] });
    const huge = await create(op, { ...good, price: 1_000_000_000_001 });
    expect(errorsOf(huge.body)).toEqual({ price: ['The price may be at most 10,000,000,000.00 Coins.'] });
    const fraction = await create(op, { ...good, price: 1.5 });
    expect(fraction.status).toBe(422);
    expect(Object.keys(errorsOf(fraction.body))).toEqual(['price']);

    const unknownLanguage = await create(op, {
      ...good,
      texts: { ...good.texts, xx: { title: 'X', description: '' } },
    });
    expect(errorsOf(unknownLanguage.body)).toEqual({
      'texts.xx': ['The store has no language with this code.'],
    });
    const noDefault = await create(op, { ...good, texts: { de: { title: 'Schwert', description: '' } } });
    expect(errorsOf(noDefault.body)).toEqual({
      'texts.en': ['The title and description in the default language are required.'],
    });
    const blankTitle = await create(op, { ...good, texts: { en: { title: '   ', description: '' } } });
    expect(blankTitle.status).toBe(422);
    expect(Object.keys(errorsOf(blankTitle.body))).toEqual(['texts']);
    const badCategory = await create(op, { ...good, category: 'Not A Slug' });
    expect(Object.keys(errorsOf(badCategory.body))).toEqual(['category']);

    const german = await create(op, { ...good, price: 0, lang_id: await languageId(db(), 'de') });
    expect(errorsOf(german.body)).toEqual({ price: ['Der Preis muss größer als 0 sein.'] });
    const spanish = await create(op, { ...good, slug: 'rank-vip', lang_id: await languageId(db(), 'es') });
    expect(errorsOf(spanish.body)).toEqual({ slug: ['Ya existe un producto con este slug.'] });
    const taken = await create(op, { ...good, slug: 'rank-vip' });
    expect(errorsOf(taken.body)).toEqual({ slug: ['A product with this slug exists already.'] });

    expect(await db().select().from(products)).toEqual(before.products);
    expect(await db().select().from(auditLog)).toEqual(before.audits);
  });

  it('changes only what is sent, moves the version on, audits the change; the shop shows it at once', async () => {
    const op = await createOperator(db());
    const product = await created(op, {
      category: 'test-update',
      texts: {
        en: { title: 'Lantern', description: 'Bright.' },
        de: { title: 'Laterne', description: 'Hell.' },
        es: { title: 'Linterna', description: 'Brillante.' },
      },
    });
    // Spanish removed (null), German changed, English sent as it was.
    const kept = {
      en: { title: 'Lantern', description: 'Bright.' },
      de: { title: 'Grubenlampe', description: 'Hell.' },
    };
    const response = await update(op, product.id, {
      version: 1,
      price: 2_500,
      position: 7,
      texts: { ...kept, es: null },
    });
    expect(response.status).toBe(200);
    const saved = payloadOf(response.body);
    expect(saved).toEqual({ ...product, price: 2_500, position: 7, version: 2, texts: kept });
    const audits = await auditsOf(product.id);
    expect(audits.map(({ action, before, after }) => ({ action, before, after })).at(-1)).toEqual({
      action: 'product.update',
      before: {
        price: 1_500,
        position: product.position,
        texts: {
          de: { title: 'Laterne', description: 'Hell.' },
          es: { title: 'Linterna', description: 'Brillante.' },
        },
        version: 1,
      },
      after: {
        price: 2_500,
        position: 7,
        texts: { de: { title: 'Grubenlampe', description: 'Hell.' }, es: null },
        version: 2,
      },
    });

    expect(await shopItems({ category: 'test-update' })).toEqual([
      expect.objectContaining({ id: product.id, price: 2_500 }),
    ]);
    const german = await shopItems({ category: 'test-update', lang_id: await languageId(db(), 'de') });
    expect(german[0]?.title).toBe('Grubenlampe');
    const spanish = await shopItems({ category: 'test-update', lang_id: await languageId(db(), 'es') });
    expect(spanish[0]?.title).toBe('Lantern');

    // The default language's text lives in the product itself.
    const renamed = await update(op, product.id, {
      version: 2,
      texts: { en: { title: 'Miner Lantern', description: 'Bright.' } },
    });
    expect(payloadOf(renamed.body).texts.en?.title).toBe('Miner Lantern');
    expect((await storedRow(product.id))?.title).toBe('Miner Lantern');

    const hidden = await update(op, product.id, { version: 3, active: false });
    expect(payloadOf(hidden.body)).toMatchObject({ active: false, version: 4 });
    expect(await shopItems({ category: 'test-update' })).toEqual([]);
    const categories = await suite.api.call('listProductCategories');
    expect((categories.body as { payload: { slug: string }[] }).payload.map((c) => c.slug)).not.toContain(
      'test-update',
    );
  });

  it('answers 409 to the second of two operators who saved the same product; nothing of the second is saved', async () => {
    const first = await createOperator(db());
    const second = await createOperator(db());
    const product = await created(first);
    const readByBoth = product.version;

    const saved = await update(first, product.id, { version: readByBoth, price: 1_800 });
    expect(saved.status).toBe(200);
    const stale = await update(second, product.id, {
      version: readByBoth,
      price: 900,
      texts: { en: { title: 'Cheap Pickaxe', description: 'Digs.' } },
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({
      status: 'ERROR',
      message: 'This product was changed meanwhile. Reload it and save again.',
    });
    const german = await update(
      second,
      product.id,
      { version: readByBoth, price: 900 },
      { lang_id: await languageId(db(), 'de') },
    );
    expect(messageOf(german.body)).toBe(
      'Dieses Produkt wurde inzwischen geändert. Bitte neu laden und noch einmal speichern.',
    );

    expect(await storedRow(product.id)).toMatchObject({
      priceMinor: 1_800,
      title: 'Test Pickaxe',
      version: 2,
    });
    const audits = await auditsOf(product.id);
    expect(audits.map((row) => row.actor)).toEqual([first.email, first.email]);

    // Read again, the second operator saves.
    const again = await update(second, product.id, { version: 2, price: 900 });
    expect(payloadOf(again.body)).toMatchObject({ price: 900, version: 3 });
  });

  it('two saves at once of one version: one is saved, the other is a 409', async () => {
    const first = await createOperator(db());
    const second = await createOperator(db());
    const product = await created(first);
    const answers = await Promise.all([
      update(first, product.id, { version: 1, price: 111 }),
      update(second, product.id, { version: 1, price: 222 }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const winner = answers.find((answer) => answer.status === 200);
    expect((await storedRow(product.id))?.priceMinor).toBe(payloadOf(winner?.body).price);
    expect(await auditsOf(product.id)).toHaveLength(2);
  });

  it('a refused update changes nothing and writes no audit row', async () => {
    const op = await createOperator(db());
    const product = await created(op, {
      texts: {
        en: { title: 'Bow', description: 'Shoots.' },
        de: { title: 'Bogen', description: 'Schießt.' },
      },
    });
    const row = await storedRow(product.id);
    const refusals = [
      { version: 1, price: 0, position: 3 },
      { version: 1, active: false, texts: { en: null } },
      { version: 1, category: 'other', texts: { zz: { title: 'Zz', description: '' } } },
    ];
    const answers = [];
    for (const body of refusals) answers.push(await update(op, product.id, body));
    expect(answers.map((answer) => answer.status)).toEqual([422, 422, 422]);
    expect(answers.map((answer) => errorsOf(answer.body))).toEqual([
      { price: ['The price must be greater than 0.'] },
      { 'texts.en': ['The text in the default language cannot be removed.'] },
      { 'texts.zz': ['The store has no language with this code.'] },
    ]);
    expect(await storedRow(product.id)).toEqual(row);
    expect(
      payloadOf(
        (await suite.api.call('getOperatorProduct', { token: op.token, params: { id: product.id } })).body,
      ),
    ).toEqual(product);
    expect(await auditsOf(product.id)).toHaveLength(1);

    // A save that changes nothing keeps the version and writes no row either.
    const same = await update(op, product.id, {
      version: 1,
      price: product.price,
      texts: { de: product.texts.de },
    });
    expect(payloadOf(same.body)).toEqual(product);
    expect(await auditsOf(product.id)).toHaveLength(1);

    const missing = await update(op, 2_000_000, { version: 1, price: 100 });
    expect(missing.status).toBe(404);
  });

  it('lists the categories in use, hidden products included, with their counts and titles', async () => {
    const op = await createOperator(db());
    await created(op, { category: 'test-cat-mixed', active: true });
    await created(op, { category: 'test-cat-mixed', active: false });
    await created(op, { category: 'test-cat-hidden', active: false });
    const response = await suite.api.call('listOperatorCategories', { token: op.token });
    expect(response.status).toBe(200);
    const categories = (response.body as { payload: Array<Record<string, unknown>> }).payload;
    expect(categories).toContainEqual({
      slug: 'test-cat-mixed',
      title: 'test-cat-mixed',
      products: 2,
      active_products: 1,
    });
    expect(categories).toContainEqual({
      slug: 'test-cat-hidden',
      title: 'test-cat-hidden',
      products: 1,
      active_products: 0,
    });
    const german = await suite.api.call('listOperatorCategories', {
      token: op.token,
      query: { lang_id: await languageId(db(), 'de') },
    });
    const ranks = (german.body as { payload: Array<{ slug: string; title: string }> }).payload.find(
      (category) => category.slug === 'ranks',
    );
    expect(ranks?.title).toBe('Ränge');
  });

  it('answers 403 to a customer and 401 without a session, and changes nothing', async () => {
    const customer = await createCustomer(db());
    const product = await created(await createOperator(db()));
    const refused = await update(customer, product.id, { version: 1, price: 1 });
    expect(refused.status).toBe(403);
    expect((await storedRow(product.id))?.priceMinor).toBe(1_500);
  });
});

describe('a price before (compare_at_price, a sale)', () => {
  it('is kept above the price on create and on every change, and the shop shows it', async () => {
    const op = await createOperator(db());
    const product = await created(op, { compare_at_price: 2_000 });
    expect([product.price, product.compare_at_price]).toEqual([1_500, 2_000]);
    const shop = await suite.api.call('listProducts', { query: { q: 'Test Pickaxe', per_page: 60 } });
    const listed = (shop.body as { payload: { items: { id: number; compare_at_price: number | null }[] } })
      .payload.items;
    expect(listed.find((item) => item.id === product.id)?.compare_at_price).toBe(2_000);

    for (const body of [{ compare_at_price: 1_500 }, { compare_at_price: 10 }, { price: 2_000 }]) {
      const refused = await update(op, product.id, { version: product.version, ...body });
      expect(refused.status, JSON.stringify(body)).toBe(422);
      expect(errorsOf(refused.body), JSON.stringify(body)).toEqual({
        compare_at_price: ['The price before must be above the price.'],
      });
    }
    const refusedNew = await create(op, {
      slug: uniqueSlug(),
      category: 'test-gear',
      price: 1_500,
      compare_at_price: 1_000,
      texts: { en: { title: 'Cheap', description: '' } },
    });
    expect([refusedNew.status, Object.keys(errorsOf(refusedNew.body))]).toEqual([422, ['compare_at_price']]);
    // Both at once, and the sale ended.
    const both = await update(op, product.id, {
      version: product.version,
      price: 2_500,
      compare_at_price: 3_000,
    });
    expect(payloadOf(both.body)).toMatchObject({ price: 2_500, compare_at_price: 3_000 });
    const ended = await update(op, product.id, { version: product.version + 1, compare_at_price: null });
    expect(payloadOf(ended.body).compare_at_price).toBeNull();
    expect((await storedRow(product.id))?.compareAtPriceMinor).toBeNull();
  });
});

describe('product limits (max_per_order, max_per_customer)', () => {
  const add = (customer: TestCustomer, id: number, count: number) =>
    suite.api.call('addToCart', { token: customer.token, body: { id, count } });
  const cartOf = async (customer: TestCustomer) =>
    (
      (await suite.api.call('getCart', { token: customer.token })).body as {
        cart: Array<{ id: number; item_id: number; count: number; max_count: number }>;
      }
    ).cart;
  const payWithCoins = (customer: TestCustomer) =>
    suite.api.call('checkout', { token: customer.token, body: { payment_method: 'balance' } });
  const ONE_EACH = 'Each customer can buy at most 1 of this item, counting earlier orders.';

  it('an operator sets, changes and removes a limit; each change is audited; out of range is a 422', async () => {
    const op = await createOperator(db());
    const product = await created(op, { max_per_customer: 1 });
    expect(product.max_per_customer).toBe(1);
    const raised = await update(op, product.id, { version: product.version, max_per_customer: 3 });
    expect(payloadOf(raised.body).max_per_customer).toBe(3);
    const removed = await update(op, product.id, { version: product.version + 1, max_per_customer: null });
    expect(payloadOf(removed.body).max_per_customer).toBeNull();
    expect((await storedRow(product.id))?.maxPerCustomer).toBeNull();
    const changes = (await auditsOf(product.id)).slice(1).map((row) => [row.before, row.after]);
    expect(changes).toEqual([
      [
        { max_per_customer: 1, version: 1 },
        { max_per_customer: 3, version: 2 },
      ],
      [
        { max_per_customer: 3, version: 2 },
        { max_per_customer: null, version: 3 },
      ],
    ]);
    for (const max_per_customer of [0, -1, 1.5, 1_000_001]) {
      const refused = await update(op, product.id, { version: 3, max_per_customer });
      expect(refused.status, String(max_per_customer)).toBe(422);
      expect(Object.keys(errorsOf(refused.body)), String(max_per_customer)).toEqual(['max_per_customer']);
    }
    expect((await storedRow(product.id))?.version).toBe(3);
  });

  it('the cart takes no more than the limit, counting paid orders; set-count is held to it too', async () => {
    const op = await createOperator(db());
    const product = await created(op, { max_per_customer: 2, price: 100 });
    const customer = await createCustomer(db(), { balanceMinor: 10_000 });
    expect((await add(customer, product.id, 3)).status).toBe(422);
    expect((await add(customer, product.id, 1)).status).toBe(200);
    const [line] = await cartOf(customer);
    const over = await suite.api.call('setCartLineCount', {
      token: customer.token,
      body: { id: line?.id as number, count: 3 },
    });
    expect([over.status, errorsOf(over.body).count]).toEqual([
      422,
      ['Each customer can buy at most 2 of this item, counting earlier orders.'],
    ]);
    expect((await payWithCoins(customer)).status).toBe(200);
    // One bought: one more fits, a second does not.
    const second = await add(customer, product.id, 2);
    expect([second.status, errorsOf(second.body).count]).toEqual([
      422,
      ['Each customer can buy at most 2 of this item, counting earlier orders.'],
    ]);
    expect((await add(customer, product.id, 1)).status).toBe(200);
    expect((await cartOf(customer)).map((each) => each.count)).toEqual([1]);
    // Another customer's orders count for them only.
    const other = await createCustomer(db());
    expect((await add(other, product.id, 2)).status).toBe(200);
    // A limit above a line's 99: the line's own limit is what refuses.
    const roomy = await created(op, { max_per_customer: 500, price: 1 });
    expect((await add(other, roomy.id, 99)).status).toBe(200);
    const past = await add(other, roomy.id, 1);
    expect([past.status, errorsOf(past.body).count]).toEqual([
      422,
      ['You can have at most 99 of one item in your cart.'],
    ]);
    // In German too.
    const german = await suite.api.call('addToCart', {
      token: other.token,
      body: { id: product.id, count: 1, lang_id: await languageId(suite.api, 'de') },
    });
    expect(errorsOf(german.body).count).toEqual([
      'Jeder Kunde kann von diesem Artikel höchstens 2 kaufen, frühere Bestellungen mitgezählt.',
    ]);
  });

  it('checkout refuses a cart past a limit lowered meanwhile (422 at count), and changes nothing', async () => {
    const op = await createOperator(db());
    const product = await created(op, { max_per_customer: 5, price: 100 });
    const customer = await createCustomer(db(), { balanceMinor: 10_000 });
    expect((await add(customer, product.id, 2)).status).toBe(200);
    await update(op, product.id, { version: product.version, max_per_customer: 1 });
    const before = await moneySnapshot(db());
    const refused = await payWithCoins(customer);
    expect([refused.status, errorsOf(refused.body).count]).toEqual([
      422,
      [
        'Each customer can buy at most 1 of “Test Pickaxe”, counting earlier orders. Please lower it in your cart.',
      ],
    ]);
    expect(await moneySnapshot(db())).toEqual(before);
    expect(await cachedBalance(db(), customer.id)).toBe(10_000);
    expect((await cartOf(customer)).map((each) => each.count)).toEqual([2]);
  });

  it('a pending card order counts toward the limit', async () => {
    const op = await createOperator(db());
    const product = await created(op, { max_per_customer: 1, price: 100 });
    const customer = await createCustomer(db());
    expect((await add(customer, product.id, 1)).status).toBe(200);
    const card = await suite.api.call('checkout', {
      token: customer.token,
      body: { payment_method: 'card' },
    });
    expect(card.status).toBe(200);
    const again = await add(customer, product.id, 1);
    expect([again.status, errorsOf(again.body).count]).toEqual([422, [ONE_EACH]]);
  });

  const ONE_PER_ORDER = 'You can buy at most 1 of this item in one order.';

  it('max_per_order caps a line on add and set-count; the cart says how many each line may hold', async () => {
    const op = await createOperator(db());
    const product = await created(op, { max_per_order: 2, price: 100 });
    expect([product.max_per_order, product.max_per_customer]).toEqual([2, null]);
    const customer = await createCustomer(db(), { balanceMinor: 10_000 });
    const tooMany = await add(customer, product.id, 3);
    expect([tooMany.status, errorsOf(tooMany.body).count]).toEqual([
      422,
      ['You can buy at most 2 of this item in one order.'],
    ]);
    expect((await add(customer, product.id, 2)).status).toBe(200);
    const onTop = await add(customer, product.id, 1);
    expect([onTop.status, errorsOf(onTop.body).count]).toEqual([
      422,
      ['You can buy at most 2 of this item in one order.'],
    ]);
    const [line] = await cartOf(customer);
    expect(line).toMatchObject({
      count: 2,
      max_count: 2,
      item: { max_per_order: 2, max_per_customer: null },
    });
    const over = await suite.api.call('setCartLineCount', {
      token: customer.token,
      body: { id: line?.id as number, count: 3 },
    });
    expect([over.status, errorsOf(over.body).count]).toEqual([
      422,
      ['You can buy at most 2 of this item in one order.'],
    ]);
    // Paid orders do not count against a per-order limit: the next order may hold 2 again.
    expect((await payWithCoins(customer)).status).toBe(200);
    expect((await add(customer, product.id, 2)).status).toBe(200);
    // The shop shows the limits.
    const shop = await suite.api.call('listProducts', { query: { per_page: 60, q: product.slug } });
    expect(shop.status).toBe(200);
  });

  it('a rank at 1 per order and 1 per customer: the second add is refused, then earlier orders count', async () => {
    const op = await createOperator(db());
    const rank = await created(op, { max_per_order: 1, max_per_customer: 1, price: 100 });
    const customer = await createCustomer(db(), { balanceMinor: 10_000 });
    expect((await add(customer, rank.id, 1)).status).toBe(200);
    const second = await add(customer, rank.id, 1);
    expect([second.status, errorsOf(second.body).count]).toEqual([422, [ONE_PER_ORDER]]);
    const german = await suite.api.call('addToCart', {
      token: customer.token,
      body: { id: rank.id, count: 1, lang_id: await languageId(suite.api, 'de') },
    });
    expect(errorsOf(german.body).count).toEqual([
      'Von diesem Artikel kannst du höchstens 1 pro Bestellung kaufen.',
    ]);
    expect((await payWithCoins(customer)).status).toBe(200);
    // Bought once: the customer limit refuses now, and says so.
    const after = await add(customer, rank.id, 1);
    expect([after.status, errorsOf(after.body).count]).toEqual([422, [ONE_EACH]]);
  });

  it('checkout refuses a line past a max_per_order lowered meanwhile (422 at count), and changes nothing', async () => {
    const op = await createOperator(db());
    const product = await created(op, { price: 100 });
    const customer = await createCustomer(db(), { balanceMinor: 10_000 });
    expect((await add(customer, product.id, 3)).status).toBe(200);
    await update(op, product.id, { version: product.version, max_per_order: 2 });
    const [line] = await cartOf(customer);
    expect(line).toMatchObject({ count: 3, max_count: 2 });
    const before = await moneySnapshot(db());
    const refused = await payWithCoins(customer);
    expect([refused.status, errorsOf(refused.body).count]).toEqual([
      422,
      ['You can buy at most 2 of “Test Pickaxe” in one order. Please lower it in your cart.'],
    ]);
    expect(await moneySnapshot(db())).toEqual(before);
    expect((await cartOf(customer)).map((each) => each.count)).toEqual([3]);
  });

  it('an operator sets and removes max_per_order; out of range is a 422 at it', async () => {
    const op = await createOperator(db());
    const product = await created(op, { max_per_order: 1 });
    const removed = await update(op, product.id, { version: product.version, max_per_order: null });
    expect(payloadOf(removed.body).max_per_order).toBeNull();
    expect((await storedRow(product.id))?.maxPerOrder).toBeNull();
    for (const max_per_order of [0, 1.5, 1_000_001]) {
      const refused = await update(op, product.id, { version: 2, max_per_order });
      expect(refused.status, String(max_per_order)).toBe(422);
      expect(Object.keys(errorsOf(refused.body)), String(max_per_order)).toEqual(['max_per_order']);
    }
  });
});

const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG_START = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
const WEBP_START = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0x24, 0, 0, 0]),
  Buffer.from('WEBPVP8 '),
]);
/** A file of `size` bytes that starts as `start` does. */
const fileOf = (start: Buffer, size: number) => Buffer.concat([start, Buffer.alloc(size - start.length, 7)]);

/** The upload form: `lang_id` first when given (it names the language of a refusal met later). */
const imageForm = (
  version: number,
  bytes: Buffer,
  extra: Record<string, number> = {},
  type = 'image/png',
) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(extra)) form.append(name, String(value));
  form.append('version', String(version));
  // The app adds its display currency to every form it sends (docs/product.md, outgoing middleware).
  form.append('currency', 'EUR');
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), 'picture.png');
  return form;
};

describe('product images', () => {
  const upload = (
    op: TestCustomer,
    id: number,
    version: number,
    bytes: Buffer,
    extra: Record<string, number> = {},
  ) =>
    suite.api.call('setProductImage', {
      token: op.token,
      params: { id },
      form: imageForm(version, bytes, extra),
    });
  const imageRows = () => db().select({ name: productImages.name }).from(productImages);

  it('stores a PNG in the database and serves it at the URL the product points to, cached for good', async () => {
    const op = await createOperator(db());
    const product = await created(op, { category: 'test-images' });
    const response = await upload(op, product.id, 1, PNG_1PX);
    expect(response.status).toBe(200);
    const name = createHash('sha256').update(PNG_1PX).digest('hex');
    const saved = payloadOf(response.body);
    expect(saved).toEqual({ ...product, img_url: `/api/product-images/${name}`, version: 2 });
    expect((await auditsOf(product.id)).at(-1)).toMatchObject({
      action: 'product.image',
      before: { img_url: product.img_url, version: 1 },
      after: { img_url: saved.img_url, version: 2, type: 'image/png', size: PNG_1PX.length },
    });
    expect((await shopItems({ category: 'test-images' }))[0]).toMatchObject({ img_url: saved.img_url });

    // Any node on the database serves it: the bytes are in the database, not on a disk.
    const otherNode = await createTestApi({ database: suite.api.database });
    try {
      const image = await otherNode.app.inject({ method: 'GET', url: saved.img_url });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(image.headers.etag).toBe(`"${name}"`);
      expect(image.rawPayload.equals(PNG_1PX)).toBe(true);
      const again = await otherNode.app.inject({
        method: 'GET',
        url: saved.img_url,
        headers: { 'if-none-match': `"${name}"` },
      });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
    } finally {
      await otherNode.close();
    }
    const missing = await suite.api.call('getProductImage', { params: { name: 'f'.repeat(64) } });
    expect(missing.status).toBe(404);
  });

  it('tells JPEG and WebP by their first bytes, up to 1 MB', async () => {
    const op = await createOperator(db());
    const product = await created(op);
    const jpeg = await upload(op, product.id, 1, fileOf(JPEG_START, 1_048_576));
    expect(jpeg.status).toBe(200);
    const webp = await upload(op, product.id, 2, fileOf(WEBP_START, 2_000));
    expect(webp.status).toBe(200);
    const types = [];
    for (const answer of [jpeg, webp]) {
      const served = await suite.api.call('getProductImage', {
        params: { name: payloadOf(answer.body).img_url.split('/').at(-1) as string },
      });
      types.push(served.headers['content-type']);
    }
    expect(types).toEqual(['image/jpeg', 'image/webp']);
  });

  it('refuses what is not a PNG, JPEG or WebP, a file over 1 MB and a stale version; nothing changes', async () => {
    const op = await createOperator(db());
    const product = await created(op);
    const row = await storedRow(product.id);
    const images = await imageRows();

    const notImages = [
      Buffer.from('just some text, not an image'),
      Buffer.from('GIF89a\x01\x00\x01\x00'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'),
      Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt '),
      PNG_1PX.subarray(0, 6),
    ];
    for (const bytes of notImages) {
      const refused = await upload(op, product.id, 1, bytes);
      expect(refused.status).toBe(422);
      expect(errorsOf(refused.body)).toEqual({ file: ['This is not a PNG, JPEG or WebP image.'] });
    }
    const german = await upload(op, product.id, 1, notImages[0] as Buffer, {
      lang_id: await languageId(db(), 'de'),
    });
    expect(errorsOf(german.body)).toEqual({ file: ['Das ist kein PNG-, JPEG- oder WebP-Bild.'] });
    // What the form says of a file counts for nothing: this one's type and name say PNG.
    const textAsPng = imageForm(1, Buffer.from('not a picture'));
    const refusedAsPng = await suite.api.call('setProductImage', {
      token: op.token,
      params: { id: product.id },
      form: textAsPng,
    });
    expect(errorsOf(refusedAsPng.body)).toEqual({ file: ['This is not a PNG, JPEG or WebP image.'] });
    // The file as a text part, no file, an unknown part, two files: refused as the form's fields.
    const textPart = new FormData();
    textPart.append('version', '1');
    textPart.append('file', PNG_1PX.toString('base64'));
    const noFile = new FormData();
    noFile.append('version', '1');
    const unknownPart = imageForm(1, PNG_1PX);
    unknownPart.append('data', 'x');
    const twoFiles = imageForm(1, PNG_1PX);
    twoFiles.append('file', new Blob([new Uint8Array(PNG_1PX)]), 'again.png');
    const notANumber = imageForm(1, PNG_1PX);
    notANumber.set('version', 'one');
    const refusals: Array<[FormData, number, Record<string, string[]> | undefined]> = [
      [textPart, 422, { file: ["Field 'file' must be a file"] }],
      [noFile, 422, { file: ['This field is required'] }],
      [unknownPart, 422, { data: ["Unknown field 'data'"] }],
      [notANumber, 422, { version: ["Field 'version' must be an integer"] }],
      [twoFiles, 400, undefined],
    ];
    const send = (request: Omit<CallOptions, 'token' | 'params'>) =>
      suite.api.call('setProductImage', { token: op.token, params: { id: product.id }, ...request });
    for (const [form, status, errors] of refusals) {
      const refused = await send({ form });
      expect(refused.status).toBe(status);
      if (errors !== undefined) expect(errorsOf(refused.body)).toEqual(errors);
    }
    const notMultipart = [
      ['application/json', { body: { version: 1, file: PNG_1PX.toString('base64') } }],
      ['application/xml', { payload: '<image/>', contentType: 'application/xml' }],
    ] as const;
    for (const [type, request] of notMultipart) {
      const refused = await send(request);
      expect(refused.status, type).toBe(400);
      expect(messageOf(refused.body)).toBe(`Unsupported content type '${type}'; send multipart/form-data`);
    }
    const broken = await send({
      payload: '--x\r\nContent-Disposition: form-data; name="version"\r\n\r\n1',
      contentType: 'multipart/form-data; boundary=x',
    });
    expect(broken.status).toBe(400);

    const tooLarge = await upload(op, product.id, 1, fileOf(PNG_1PX, 1_048_577));
    expect(tooLarge.status).toBe(413);
    expect(messageOf(tooLarge.body)).toBe('The image is larger than 1 MB. Please choose a smaller one.');
    const farTooLarge = await upload(op, product.id, 1, fileOf(PNG_1PX, 3_000_000));
    expect(farTooLarge.status).toBe(413);
    expect(messageOf(farTooLarge.body)).toBe('The image is larger than 1 MB. Please choose a smaller one.');
    const spanish = await upload(op, product.id, 1, fileOf(PNG_1PX, 1_048_577), {
      lang_id: await languageId(db(), 'es'),
    });
    expect(messageOf(spanish.body)).toBe('La imagen ocupa más de 1 MB. Elige una más pequeña.');

    await update(op, product.id, { version: 1, price: 1_600 });
    const stale = await upload(op, product.id, 1, PNG_1PX);
    expect(stale.status).toBe(409);
    expect(messageOf(stale.body)).toBe('This product was changed meanwhile. Reload it and save again.');

    expect(await storedRow(product.id)).toEqual({ ...row, priceMinor: 1_600, version: 2 });
    expect(await imageRows()).toEqual(images);
    expect((await auditsOf(product.id)).map((audit) => audit.action)).toEqual([
      'product.create',
      'product.update',
    ]);
    const missing = await upload(op, 2_000_000, 1, PNG_1PX);
    expect(missing.status).toBe(404);
  });
});
