import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { executeRows } from '../../server/db/client';
import { mailQueue, users } from '../../server/db/schema';
import { transaction } from '../../server/db/statement';
import type { Mailer, MailMessage } from '../../server/mail/mailer';
import { createMailSender, queueMail } from '../../server/mail/queue';
import * as accounts from './support/accounts';
import { createTestApi, type TestApi } from './support/api';
import * as money from './support/money';

/**
 * The mail queue (server/mail/queue.ts): each mail is queued by its cause in the customer's
 * language, sent only after its transaction committed, retried when the mailer fails, and sent
 * once by several senders.
 */

const suite = money.moneySuite();

async function emailOf(userId: number): Promise<string> {
  const [row] = await suite.api.database.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  if (row === undefined) throw new Error(`no user ${userId}`);
  return row.email;
}

/** A verified customer with coins whose stored language is `code`. */
async function customerIn(code: string, balanceMinor = 1_000_000) {
  const { db } = suite.api.database;
  const customer = await money.createCustomer(db, { balanceMinor });
  await db
    .update(users)
    .set({ languageId: await money.languageId(db, code) })
    .where(eq(users.id, customer.id));
  return { ...customer, email: await emailOf(customer.id) };
}

function queued(userId: number) {
  return suite.api.database.db
    .select()
    .from(mailQueue)
    .where(eq(mailQueue.userId, userId))
    .orderBy(mailQueue.id);
}

/** Sends what is due, then answers the decoded mails to `address`. */
async function sentTo(address: string, api: TestApi = suite.api): Promise<string[]> {
  await api.sendMail();
  return accounts.mailsTo(api, address);
}

/** The subject of a decoded mail (`accounts.decoded` already turned its =XX bytes into UTF-8). */
function subjectOf(mail: string | undefined): string {
  const header = /^Subject: (.*(?:\n[ \t].*)*)$/m.exec(mail ?? '')?.[1] ?? '';
  if (!header.startsWith('=?UTF-8?Q?')) return header;
  // Encoded words, folded; `decoded` took the `=` of each folded word's `?=` for a soft break.
  return header
    .split(/\s*=\?UTF-8\?Q\?/i)
    .map((word) => word.replace(/\?=?\s*$/, '').replace(/_/g, ' '))
    .join('');
}

async function productTitle(productId: number, code: string): Promise<string> {
  const [row] = await executeRows<{ title: string }>(
    suite.api.database.db,
    sql`select coalesce(t.title, p.title) as title from products p
        left join product_translations t on t.product_id = p.id
          and t.language_id = (select id from languages where code = ${code})
        where p.id = ${productId}`,
  );
  if (row === undefined) throw new Error(`no product ${productId}`);
  return row.title;
}

async function fillCart(token: string, productId: number, count: number) {
  const added = await suite.api.call('addToCart', { token, body: { id: productId, count } });
  expect(added.status).toBe(200);
}

describe('order confirmation', () => {
  for (const [code, subject, paid, total] of [
    ['de', 'Bestellung #{id} bestätigt', 'Bezahlt mit', 'Summe'],
    ['es', 'pedido #{id} confirmado', 'Pagado con', 'Total'],
  ] as const) {
    it(`is queued with a checkout from the balance, in the customer's language (${code})`, async () => {
      const customer = await customerIn(code);
      const p = suite.product(0);
      await fillCart(customer.token, p.id, 2);
      const response = await suite.api.call('checkout', {
        token: customer.token,
        body: { payment_method: 'balance' },
      });
      expect(response.status).toBe(200);
      const orderId = (response.body as { order_id: number }).order_id;
      // Queued, not sent: the answer never waits for the mail server.
      expect(await queued(customer.id)).toMatchObject([
        { kind: 'order_confirmation', locale: code, recipient: customer.email, sentAt: null },
      ]);
      expect(accounts.mailsTo(suite.api, customer.email)).toEqual([]);

      const [mail] = await sentTo(customer.email);
      expect(subjectOf(mail)).toContain(subject.replace('{id}', String(orderId)));
      expect(mail).toContain(`2 × ${await productTitle(p.id, code)}`);
      expect(mail).toContain(paid);
      expect(mail).toContain(`${total}:`);
      expect(mail).toContain(`http://shop.test/account/orders/${orderId}`);
      expect((await queued(customer.id))[0]?.sentAt).toBeInstanceOf(Date);
    });
  }

  it('is queued when a card payment settles, and says what the card paid', async () => {
    const customer = await customerIn('en', 0);
    await fillCart(customer.token, suite.product(0).id, 1);
    const response = await suite.api.call('checkout', {
      token: customer.token,
      body: { payment_method: 'card' },
    });
    const { payment_id, order_id } = response.body as { payment_id: string; order_id: number };
    expect(await queued(customer.id)).toEqual([]);
    await money.sandboxDecision(suite.api, payment_id, 'pay');
    const [mail] = await sentTo(customer.email);
    expect(subjectOf(mail)).toContain(`order #${order_id} confirmed`);
    expect(mail).toMatch(/Paid by card: €\d/);
  });

  it('is not queued when the checkout is refused', async () => {
    const customer = await customerIn('de', 1);
    await fillCart(customer.token, suite.product(0).id, 1);
    const response = await suite.api.call('checkout', {
      token: customer.token,
      body: { payment_method: 'balance' },
    });
    expect(response.status).toBe(422);
    expect(await queued(customer.id)).toEqual([]);
  });
});

describe('top-up receipt', () => {
  async function paidTopUp(customer: { token: string }, amount: number) {
    const response = await suite.api.call('topUpBalance', {
      token: customer.token,
      body: { payment_method: 'card', amount, currency: 'EUR' },
    });
    const { payment_id } = response.body as { payment_id: string };
    await money.sandboxDecision(suite.api, payment_id, 'pay');
  }

  it('names the amount, its VAT, the coins and the seller (de)', async () => {
    const customer = await customerIn('de', 0);
    await money.withSetting(suite.api.database.db, 'vat_percent', 19, () => paidTopUp(customer, 2000));
    expect(await queued(customer.id)).toMatchObject([{ kind: 'top_up_receipt', locale: 'de' }]);
    const [mail] = await sentTo(customer.email);
    expect(subjectOf(mail)).toContain('Beleg für deine Aufladung');
    expect(mail).toContain('Bezahlter Betrag: 23,80');
    expect(mail).toContain('Davon MwSt. (19 %): 3,80');
    expect(mail).toContain('Gutgeschriebene Coins: 20,00');
    expect(mail).toContain('Am Kupfergraben 6, 10117 Berlin, Deutschland');
    expect(mail).toContain('Registernummer: HRB 204718');
    expect(mail).toContain('USt-IdNr. EU372000041');
  });

  it('has no VAT line without VAT (es)', async () => {
    const customer = await customerIn('es', 0);
    await money.withSetting(suite.api.database.db, 'vat_percent', 0, () => paidTopUp(customer, 1500));
    const [mail] = await sentTo(customer.email);
    expect(subjectOf(mail)).toContain('recibo de tu recarga');
    expect(mail).toContain('Importe pagado: 15,00');
    expect(mail).not.toContain('IVA incluido');
    expect(mail).toContain('Berlín, Alemania');
  });

  it('is not queued for a declined payment', async () => {
    const customer = await customerIn('en', 0);
    const response = await suite.api.call('topUpBalance', {
      token: customer.token,
      body: { payment_method: 'card', amount: 1000, currency: 'EUR' },
    });
    await money.sandboxDecision(suite.api, (response.body as { payment_id: string }).payment_id, 'decline');
    expect(await queued(customer.id)).toEqual([]);
  });
});

describe('account notices', () => {
  it('remembers the language a customer registers and signs in with, and writes in it', async () => {
    const de = await money.languageId(suite.api, 'de');
    const es = await money.languageId(suite.api, 'es');
    const customer = await accounts.signUp(suite.api, { lang_id: de });
    expect((await accounts.userRow(suite.api, customer.userId))?.languageId).toBe(de);
    const login = await suite.api.call('login', {
      body: { username: customer.email, password: accounts.PASSWORD, lang_id: es },
    });
    expect(login.status).toBe(200);
    expect((await accounts.userRow(suite.api, customer.userId))?.languageId).toBe(es);

    const changed = await suite.api.call('changePassword', {
      token: customer.token,
      body: {
        current_password: accounts.PASSWORD,
        password: 'Emerald9x',
        password_confirmation: 'Emerald9x',
      },
    });
    expect(changed.status).toBe(200);
    const mails = await sentTo(customer.email);
    const notice = mails.find((mail) => subjectOf(mail).includes('contraseña'));
    expect(subjectOf(notice)).toContain('Se ha cambiado tu contraseña de');
    expect(notice).toContain('Se ha cambiado la contraseña de tu cuenta');
  });

  it('tells the old address of a change of email, in the stored language (de)', async () => {
    const de = await money.languageId(suite.api, 'de');
    const customer = await accounts.signUp(suite.api, { lang_id: de });
    const newEmail = accounts.uniqueEmail('moved');
    const response = await suite.api.call('changeEmail', {
      token: customer.token,
      body: { email: newEmail, password: accounts.PASSWORD },
    });
    expect(response.status).toBe(200);
    expect(await queued(customer.userId)).toMatchObject([
      { kind: 'email_changed', recipient: customer.email, locale: 'de' },
    ]);
    const notice = (await sentTo(customer.email)).find((mail) => subjectOf(mail).includes('geändert'));
    expect(subjectOf(notice)).toContain('Deine E-Mail-Adresse bei');
    expect(notice).toContain(`wurde in ${newEmail.toLowerCase()} geändert`);
  });

  it('queues nothing when the change is refused', async () => {
    const customer = await accounts.signUp(suite.api);
    const refused = await suite.api.call('changePassword', {
      token: customer.token,
      body: { current_password: 'wrong-one1', password: 'Emerald9x', password_confirmation: 'Emerald9x' },
    });
    expect(refused.status).toBe(422);
    expect(await queued(customer.userId)).toEqual([]);
  });
});

describe('delivery completed', () => {
  it("says which order reached which player, in the customer's language (es)", async () => {
    const customer = await customerIn('es');
    await transaction(suite.api.database.db, (tx) =>
      queueMail(tx, { kind: 'delivery_completed', userId: customer.id, orderId: 77, player: 'Steve' }),
    );
    const [mail] = await sentTo(customer.email);
    expect(subjectOf(mail)).toContain('pedido #77 entregado');
    expect(mail).toContain('ha entregado tu pedido #77 a Steve');
    expect(mail).toContain('http://shop.test/account/orders/77');
  });
});

describe('the queue', () => {
  it('holds nothing of a transaction that rolled back', async () => {
    const customer = await customerIn('en');
    await expect(
      transaction(suite.api.database.db, async (tx) => {
        await queueMail(tx, { kind: 'password_changed', userId: customer.id });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await queued(customer.id)).toEqual([]);
  });

  it('writes each mail to the outbox as an .eml with a text and an HTML part', async () => {
    const customer = await customerIn('en');
    await transaction(suite.api.database.db, (tx) =>
      queueMail(tx, { kind: 'password_changed', userId: customer.id }),
    );
    const [mail] = await sentTo(customer.email);
    expect(mail).toMatch(/^Content-Type: multipart\/alternative;/m);
    expect(mail).toMatch(/^Content-Type: text\/plain; charset=utf-8/m);
    expect(mail).toMatch(/^Content-Type: text\/html; charset=utf-8/m);
    expect(mail).toContain('The password of your account was changed');
    expect(mail).toContain('<html dir="ltr" lang="en">');
  });

  it('retries a mail the mailer refused, later, and marks it sent only once it was taken', async () => {
    const sent: MailMessage[] = [];
    let failures = 1;
    const flaky: Mailer = {
      async send(message) {
        if (failures > 0) {
          failures -= 1;
          throw new Error('421 try again later');
        }
        sent.push(message);
      },
      close: () => undefined,
    };
    const api = await createTestApi({ database: suite.api.database, mailer: flaky });
    try {
      const { db } = api.database;
      const customer = await customerIn('en');
      await transaction(db, (tx) => queueMail(tx, { kind: 'password_changed', userId: customer.id }));
      // Other tests' rows are sent by this app too; only this customer's mail is looked at.
      await api.sendMail();
      const [failed] = await queued(customer.id);
      expect(failed).toMatchObject({
        attempts: 1,
        sentAt: null,
        lockedUntil: null,
        lastError: '421 try again later',
      });
      expect(failed?.dueAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
      expect(sent.filter((m) => m.to === customer.email)).toEqual([]);

      // Not due yet: a second run leaves it alone.
      await api.sendMail();
      expect(sent.filter((m) => m.to === customer.email)).toEqual([]);

      await db.execute(sql`update mail_queue set due_at = now() where user_id = ${customer.id}`);
      await api.sendMail();
      expect(sent.filter((m) => m.to === customer.email)).toHaveLength(1);
      const [done] = await queued(customer.id);
      expect(done).toMatchObject({ attempts: 2, lastError: null });
      expect(done?.sentAt).toBeInstanceOf(Date);
    } finally {
      await api.close();
    }
  });

  it('is sent once by two senders draining at the same time', async () => {
    const { db } = suite.api.database;
    const customers = await Promise.all(Array.from({ length: 6 }, () => customerIn('en')));
    await transaction(db, async (tx) => {
      for (const customer of customers)
        await queueMail(tx, { kind: 'password_changed', userId: customer.id });
    });
    const sent: string[] = [];
    const slow: Mailer = {
      async send(message) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        sent.push(message.to);
      },
      close: () => undefined,
    };
    const log = { error: () => undefined };
    const senders = [1, 2].map(() =>
      createMailSender({ db, mailer: slow, publicUrl: 'http://shop.test', log, auto: false, batch: 2 }),
    );
    await Promise.all(senders.map((sender) => sender.drain()));
    await Promise.all(senders.map((sender) => sender.stop()));
    const ours = sent.filter((to) => customers.some((c) => c.email === to));
    expect(ours.sort()).toEqual(customers.map((c) => c.email).sort());
  });
});
