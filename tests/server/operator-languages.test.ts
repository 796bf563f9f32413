// The console's languages and translations (docs/architecture.md §3b): every language with its
// counts, a language's messages beside the default language's (missing ones, a search, pages),
// one message set or removed with an audit row in the same transaction, refused when it does not
// parse or does not keep the default language's placeholders, and served by /localizations at once.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { catalogueGeneration } from '../../server/catalogue/catalogue-changes';
import { auditLog, translations } from '../../server/db/schema';
import { errorsOf, messageOf } from './support/api';
import { createCustomer, languageId, operatorSuite } from './support/money';

const suite = operatorSuite();
let en: number;
let de: number;
let es: number;
const db = () => suite.api.database.db;

beforeAll(async () => {
  en = await languageId(suite.api, 'en');
  de = await languageId(suite.api, 'de');
  es = await languageId(suite.api, 'es');
});

interface OperatorLanguage {
  id: number;
  code: string;
  default: boolean;
  messages: number;
  missing: number;
}
interface Message {
  key: string;
  value: string | null;
  default_value: string | null;
}
interface MessagePage {
  items: Message[];
  page: number;
  per_page: number;
  total: number;
  total_pages: number;
}

const languagesNow = async () =>
  (
    (await suite.api.call('listOperatorLanguages', { token: suite.op.token })).body as {
      payload: OperatorLanguage[];
    }
  ).payload;
const languageOf = async (code: string) =>
  (await languagesNow()).find((l) => l.code === code) as OperatorLanguage;

async function messages(
  id: number,
  query: Record<string, string | number | boolean> = {},
): Promise<MessagePage> {
  const response = await suite.api.call('listLanguageMessages', {
    token: suite.op.token,
    params: { id },
    query,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return (response.body as { payload: MessagePage }).payload;
}

const put = (id: number, key: string, value: string, token = suite.op.token) =>
  suite.api.call('setLanguageMessage', { token, params: { id, key }, body: { value } });
const remove = (id: number, key: string, token = suite.op.token) =>
  suite.api.call('deleteLanguageMessage', { token, params: { id, key } });

async function served(id: number): Promise<Record<string, string>> {
  const response = await suite.api.call('getLocalizations', { query: { lang_id: id } });
  return (response.body as { payload: Record<string, string> }).payload;
}

const auditsOf = (entityId: string) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'translation'), eq(auditLog.entityId, entityId)))
    .orderBy(auditLog.id);

describe('the operator languages', () => {
  it('lists every language with its messages and what it lacks against the default language', async () => {
    const list = await languagesNow();
    expect(list.map((l) => [l.code, l.default])).toEqual([
      ['en', true],
      ['de', false],
      ['es', false],
    ]);
    const english = list[0] as OperatorLanguage;
    expect(english.messages).toBeGreaterThan(500);
    expect(list.every((l) => l.messages === english.messages && l.missing === 0)).toBe(true);
  });

  it('removes a message (audited), counts it missing, lists it with the default text and serves the fallback', async () => {
    const generation = catalogueGeneration(db());
    const before = (await served(de))['shell.nav.cart'];
    expect(before).toBeDefined();
    const removed = await remove(de, 'shell.nav.cart');
    expect(removed.status).toBe(200);
    expect((removed.body as { payload: Message }).payload).toEqual({
      key: 'shell.nav.cart',
      value: null,
      default_value: 'Cart',
    });
    expect((await served(de))['shell.nav.cart']).toBeUndefined();
    expect(catalogueGeneration(db())).toBeGreaterThan(generation);
    expect(await languageOf('de')).toMatchObject({ missing: 1 });
    const missing = await messages(de, { missing: true });
    expect(missing).toEqual({
      items: [{ key: 'shell.nav.cart', value: null, default_value: 'Cart' }],
      page: 1,
      per_page: 50,
      total: 1,
      total_pages: 1,
    });
    expect((await auditsOf('de:shell.nav.cart')).at(-1)).toMatchObject({
      actor: suite.op.email,
      action: 'translation.delete',
      before: { value: before },
      after: null,
    });
    expect((await remove(de, 'shell.nav.cart')).status).toBe(404);
  });

  it('sets a message, audited, and /localizations serves it at once (both formats)', async () => {
    const generation = catalogueGeneration(db());
    const saved = await put(de, 'shell.nav.cart', 'Warenkorb!');
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((saved.body as { payload: Message }).payload).toEqual({
      key: 'shell.nav.cart',
      value: 'Warenkorb!',
      default_value: 'Cart',
    });
    expect((await served(de))['shell.nav.cart']).toBe('Warenkorb!');
    const ast = await suite.api.call('getLocalizations', { query: { lang_id: de, format: 'ast' } });
    expect((ast.body as { payload: Record<string, unknown> }).payload['shell.nav.cart']).toEqual([
      { type: 0, value: 'Warenkorb!' },
    ]);
    expect(catalogueGeneration(db())).toBeGreaterThan(generation);
    expect(await languageOf('de')).toMatchObject({ missing: 0 });
    expect((await auditsOf('de:shell.nav.cart')).at(-1)).toMatchObject({
      action: 'translation.set',
      before: { value: null },
      after: { value: 'Warenkorb!' },
    });
    const audits = (await auditsOf('de:shell.nav.cart')).length;
    expect((await put(de, 'shell.nav.cart', 'Warenkorb!')).status).toBe(200);
    expect(await auditsOf('de:shell.nav.cart')).toHaveLength(audits);
  });

  it('keeps the placeholders and tags of the default language, in any order', async () => {
    const ok = await put(de, 'account.orders.itemCount', '{count, number} × {title}');
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const rich = await put(de, 'auth.signIn.switchToSignUp', 'Noch kein Konto? <link>Registrieren</link>');
    expect(rich.status, JSON.stringify(rich.body)).toBe(200);
  });

  it('refuses a message that does not parse, with a field error, and keeps the stored one', async () => {
    const was = (await served(de))['account.profile.avatar'];
    const refused = await put(de, 'account.profile.avatar', 'Profilbild von {name');
    expect(refused.status).toBe(422);
    expect(errorsOf(refused.body)).toEqual({
      value: ['This is not a valid message: check the braces near character 16.'],
    });
    expect((await served(de))['account.profile.avatar']).toBe(was);
  });

  it('refuses a message that drops or invents a placeholder, naming those of the default language', async () => {
    const was = (await served(de))['account.profile.avatar'];
    for (const value of ['Profilbild', 'Profilbild von {name} ({email})', 'Profilbild von {nombre}']) {
      const refused = await put(de, 'account.profile.avatar', value);
      expect(refused.status, value).toBe(422);
      expect(errorsOf(refused.body)).toEqual({
        value: ['Use exactly the placeholders of the default language: {name}.'],
      });
    }
    const tagLost = await put(de, 'auth.signIn.switchToSignUp', 'Noch kein Konto? Registrieren');
    expect(errorsOf(tagLost.body)).toEqual({
      value: ['Use exactly the placeholders of the default language: <link>.'],
    });
    const invented = await put(de, 'shell.nav.cart', 'Warenkorb {count}');
    expect(errorsOf(invented.body)).toEqual({
      value: ['The default language uses no placeholders here: remove them.'],
    });
    const german = await suite.api.call('setLanguageMessage', {
      token: suite.op.token,
      params: { id: de, key: 'shell.nav.cart' },
      // A PUT names the language of its messages in its body, as a POST does.
      body: { value: '{x', lang_id: de },
    });
    expect(messageOf(german.body)).toBe(
      'Das ist keine gültige Nachricht: Prüfen Sie die Klammern bei Zeichen 1.',
    );
    expect((await served(de))['account.profile.avatar']).toBe(was);
  });

  it('holds the default language to its own placeholders and never removes its messages', async () => {
    expect((await put(en, 'account.profile.avatar', 'Avatar of {name}')).status).toBe(200);
    expect((await put(en, 'account.profile.avatar', 'Avatar')).status).toBe(422);
    const kept = await remove(en, 'account.profile.avatar');
    expect(kept.status).toBe(409);
    expect(messageOf(kept.body)).toBe("The default language's messages cannot be removed.");
    expect((await served(en))['account.profile.avatar']).toBe('Avatar of {name}');
  });

  it('answers 404 for an unknown language or a message id the default language lacks', async () => {
    expect((await put(999_999, 'shell.nav.cart', 'x')).status).toBe(404);
    expect((await put(de, 'no.such.message', 'x')).status).toBe(404);
    expect((await remove(999_999, 'shell.nav.cart')).status).toBe(404);
    const unknown = await suite.api.call('listLanguageMessages', {
      token: suite.op.token,
      params: { id: 999_999 },
    });
    expect(unknown.status).toBe(404);
    const [row] = await db()
      .select()
      .from(translations)
      .where(and(eq(translations.languageId, de), eq(translations.key, 'no.such.message')));
    expect(row).toBeUndefined();
  });

  it('searches id, text and default text, ignoring case, a page at a time', async () => {
    const found = await messages(de, { q: 'WARENKORB!' });
    expect(found.items.map((m) => m.key)).toEqual(['shell.nav.cart']);
    const byDefault = await messages(es, { q: 'member since' });
    expect(byDefault.items.map((m) => m.key)).toContain('account.profile.joined');
    const first = await messages(de, { per_page: 10 });
    const second = await messages(de, { per_page: 10, page: 2 });
    expect(first.items).toHaveLength(10);
    expect(first.total_pages).toBe(Math.ceil(first.total / 10));
    // The keys in code-unit order, as the server sorts them ('deleteFailed' before 'deleted').
    expect((second.items[0]?.key ?? '') > (first.items[9]?.key ?? '')).toBe(true);
    expect((await messages(de, { q: 'zz-nothing-zz' })).items).toEqual([]);
  });

  it('adds a language with every message missing, audited; refuses a bad or taken code at the field', async () => {
    const generation = catalogueGeneration(db());
    const created = await suite.api.call('createLanguage', {
      token: suite.op.token,
      body: { code: 'fr', title: ' Français ' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const french = (created.body as { payload: OperatorLanguage[] }).payload.at(-1) as OperatorLanguage;
    const english = await languageOf('en');
    expect(french).toMatchObject({ code: 'fr', title: 'Français', default: false, messages: 0 });
    expect(french.missing).toBe(english.messages);
    expect(catalogueGeneration(db())).toBeGreaterThan(generation);
    const listed = (await suite.api.call('listLanguages', {})).body as { payload: Array<{ code: string }> };
    expect(listed.payload.map((l) => l.code)).toContain('fr');
    expect(await served(french.id)).toEqual({});
    const [row] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'language'), eq(auditLog.entityId, String(french.id))));
    expect(row).toMatchObject({
      actor: suite.op.email,
      action: 'language.create',
      after: { code: 'fr', title: 'Français' },
    });
    expect((await put(french.id, 'shell.nav.cart', 'Panier')).status).toBe(200);
    expect(await served(french.id)).toEqual({ 'shell.nav.cart': 'Panier' });

    for (const [code, message] of [
      ['FR', 'Enter a language code like fr or pt-BR.'],
      ['fr-fr', 'Enter a language code like fr or pt-BR.'],
      ['<b>', 'Enter a language code like fr or pt-BR.'],
      ['de', 'The store has this language already.'],
      ['fr', 'The store has this language already.'],
    ] as const) {
      const refused = await suite.api.call('createLanguage', {
        token: suite.op.token,
        body: { code, title: 'X' },
      });
      expect(refused.status, code).toBe(422);
      expect(errorsOf(refused.body), code).toEqual({ code: [message] });
    }
    expect((await languagesNow()).filter((l) => l.code === 'fr')).toHaveLength(1);
    const customer = await createCustomer(db());
    const forbidden = await suite.api.call('createLanguage', {
      token: customer.token,
      body: { code: 'it', title: 'Italiano' },
    });
    expect(forbidden.status).toBe(403);
    expect((await suite.api.call('createLanguage', { body: { code: 'it', title: 'Italiano' } })).status).toBe(
      401,
    );
  });

  it('answers 401 without a session and 403 to a customer, and changes nothing', async () => {
    const customer = await createCustomer(db());
    const was = (await served(de))['shell.nav.faq'];
    expect((await suite.api.call('listOperatorLanguages', {})).status).toBe(401);
    expect((await suite.api.call('listOperatorLanguages', { token: customer.token })).status).toBe(403);
    expect(
      (await suite.api.call('listLanguageMessages', { token: customer.token, params: { id: de } })).status,
    ).toBe(403);
    expect((await put(de, 'shell.nav.faq', 'Fragen', customer.token)).status).toBe(403);
    expect((await remove(de, 'shell.nav.faq', customer.token)).status).toBe(403);
    expect(
      (
        await suite.api.call('setLanguageMessage', {
          params: { id: de, key: 'shell.nav.faq' },
          body: { value: 'x' },
        })
      ).status,
    ).toBe(401);
    expect((await served(de))['shell.nav.faq']).toBe(was);
  });
});
