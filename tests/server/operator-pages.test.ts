// The operator's static pages (docs/architecture.md §3b, ADR 0048): every page with its texts in every
// language, created and changed with a version (a stale one is a 409), its HTML saved sanitized by
// the rule the store serves it with, one terms and one privacy page, each change with its audit
// row in the same transaction, and the store showing it at once.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { catalogueGeneration } from '../../server/catalogue/catalogue-changes';
import { auditLog, staticPages } from '../../server/db/schema';
import { errorsOf, messageOf } from './support/api';
import { createCustomer, languageId, operatorSuite } from './support/money';

const suite = operatorSuite();
const db = () => suite.api.database.db;

interface Text {
  title: string;
  content: string;
}
interface OperatorPage {
  id: number;
  slug: string;
  is_terms: boolean;
  is_privacy: boolean;
  is_cookie: boolean;
  position: number;
  version: number;
  texts: Record<string, Text>;
}

const payloadOf = (body: unknown) => (body as { payload: OperatorPage }).payload;
let slugs = 0;
const uniqueSlug = () => {
  slugs += 1;
  return `test-page-${slugs}`;
};

const create = (body: Record<string, unknown>) =>
  suite.api.call('createPage', { token: suite.op.token, body });
const update = (id: number, body: Record<string, unknown>, query?: Record<string, number>) =>
  suite.api.call('updatePage', {
    token: suite.op.token,
    params: { id },
    body,
    ...(query === undefined ? {} : { query }),
  });

async function created(body: Record<string, unknown> = {}): Promise<OperatorPage> {
  const response = await create({
    slug: uniqueSlug(),
    texts: { en: { title: 'Refunds', content: '<p>Within 14 days.</p>' } },
    ...body,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return payloadOf(response.body);
}

async function pages(): Promise<OperatorPage[]> {
  return (
    (await suite.api.call('listOperatorPages', { token: suite.op.token })).body as {
      payload: OperatorPage[];
    }
  ).payload;
}
const bySlug = async (slug: string) => (await pages()).find((page) => page.slug === slug) as OperatorPage;

const auditsOf = (id: number) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'page'), eq(auditLog.entityId, String(id))))
    .orderBy(auditLog.id);

async function storePage(slug: string, lang?: string) {
  const query = lang === undefined ? {} : { lang_id: await languageId(db(), lang) };
  const response = await suite.api.call('getStaticPage', { params: { idOrSlug: slug }, query });
  return response.status === 200
    ? (response.body as { payload: { title: string; content: string; is_terms: 0 | 1 } }).payload
    : null;
}

describe('the operator pages', () => {
  it('lists every page with its texts in every language, its flags and version; the cookie page by its title', async () => {
    const all = await pages();
    expect(all.map((page) => page.slug)).toEqual(['rules', 'faq', 'terms', 'privacy', 'cookie-policy']);
    const rules = all[0] as OperatorPage;
    expect(Object.keys(rules.texts)).toEqual(['en', 'de', 'es']);
    expect(rules.texts.de?.title).toBe('Serverregeln');
    expect(rules.version).toBe(1);
    expect(all.filter((page) => page.is_terms).map((page) => page.slug)).toEqual(['terms']);
    expect(all.filter((page) => page.is_privacy).map((page) => page.slug)).toEqual(['privacy']);
    expect(all.filter((page) => page.is_cookie).map((page) => page.slug)).toEqual(['cookie-policy']);
    const one = await suite.api.call('getOperatorPage', { token: suite.op.token, params: { id: rules.id } });
    expect(payloadOf(one.body)).toEqual(rules);
    expect(
      (await suite.api.call('getOperatorPage', { token: suite.op.token, params: { id: 999_999 } })).status,
    ).toBe(404);
  });

  it('saves the content sanitized by the store rule, audits it, and the store serves it at once', async () => {
    const generation = catalogueGeneration(db());
    const page = await created({
      texts: {
        en: {
          title: ' Refunds ',
          content:
            '<p onclick="steal()">Within 14 days.</p><script>steal()</script><img src=x onerror="steal()">',
        },
        de: { title: 'Erstattung', content: '<p>Binnen 14 Tagen.</p><a href="javascript:steal()">mehr</a>' },
      },
    });
    expect(page.texts).toEqual({
      en: { title: 'Refunds', content: '<p>Within 14 days.</p>' },
      de: { title: 'Erstattung', content: '<p>Binnen 14 Tagen.</p><a rel="noopener noreferrer">mehr</a>' },
    });
    expect(page).toMatchObject({ version: 1, is_terms: false, is_privacy: false, is_cookie: false });
    const [row] = await db().select().from(staticPages).where(eq(staticPages.id, page.id));
    expect(row?.content).toBe('<p>Within 14 days.</p>');
    expect(
      (await auditsOf(page.id)).map(({ actor, action, before, after }) => ({ actor, action, before, after })),
    ).toEqual([{ actor: suite.op.email, action: 'page.create', before: null, after: page }]);
    expect(await storePage(page.slug)).toMatchObject({ title: 'Refunds', content: '<p>Within 14 days.</p>' });
    expect((await storePage(page.slug, 'es'))?.title).toBe('Refunds');
    expect(catalogueGeneration(db())).toBeGreaterThan(generation);
    expect((await pages()).at(-1)?.id).toBe(page.id);

    const preview = await suite.api.call('previewPage', {
      token: suite.op.token,
      body: { content: '<h2 onmouseover="x()">Hi</h2><script>x()</script>' },
    });
    expect(preview.body).toEqual({ status: 'OK', payload: { content: '<h2>Hi</h2>' } });
  });

  it('refuses a slug of the app, a slug taken, a missing default text or an unknown language, in the language asked; nothing is saved', async () => {
    const before = (await pages()).length;
    const text = { en: { title: 'x', content: '' } };
    for (const slug of ['shop', 'login', 'cart', 'operator', 'static-page']) {
      const refused = await create({ slug, texts: text });
      expect(refused.status, slug).toBe(422);
      expect(errorsOf(refused.body), slug).toEqual({
        slug: ['This slug is an address of the store itself. Choose another one.'],
      });
    }
    const taken = await create({ slug: 'rules', texts: text, lang_id: await languageId(db(), 'de') });
    expect(errorsOf(taken.body)).toEqual({ slug: ['Es gibt schon eine Seite mit diesem Slug.'] });
    const textless = await create({
      slug: uniqueSlug(),
      texts: { de: { title: 'x', content: '' }, xx: { title: 'x', content: '' } },
    });
    expect(errorsOf(textless.body)).toEqual({
      'texts.en': ['The title and content in the default language are required.'],
      'texts.xx': ['The store has no language with this code.'],
    });
    const refusedSlug = await update((await bySlug('faq')).id, { version: 1, slug: 'help' });
    expect(errorsOf(refusedSlug.body)).toEqual({ slug: ['The rules and FAQ pages keep their slug.'] });
    const page = await created();
    expect(errorsOf((await update(page.id, { version: 1, slug: 'terms' })).body)).toEqual({
      slug: ['A page with this slug exists already.'],
    });
    expect(errorsOf((await update(page.id, { version: 1, texts: { en: null } })).body)).toEqual({
      'texts.en': ['The text in the default language cannot be removed.'],
    });
    expect((await pages()).length).toBe(before + 1);
    expect(await auditsOf(page.id)).toHaveLength(1);
  });

  it('changes the rules page in German and English: one audit row, the version moves, the store shows it; a stale save is a 409', async () => {
    const rules = await bySlug('rules');
    const saved = await update(rules.id, {
      version: rules.version,
      texts: {
        de: { title: 'Serverregeln', content: '<p>Sei nett.</p>' },
        en: { title: 'Server Rules', content: '<p>Be kind.</p><script>x()</script>' },
      },
    });
    expect(saved.status).toBe(200);
    const page = payloadOf(saved.body);
    expect(page.version).toBe(rules.version + 1);
    expect(page.texts.es).toEqual(rules.texts.es);
    expect((await storePage('rules'))?.content).toBe('<p>Be kind.</p>');
    expect((await storePage('rules', 'de'))?.content).toBe('<p>Sei nett.</p>');
    const audits = await auditsOf(rules.id);
    expect(audits.map(({ action, before, after }) => ({ action, before, after }))).toEqual([
      {
        action: 'page.update',
        before: {
          texts: { de: rules.texts.de, en: rules.texts.en },
          version: rules.version,
        },
        after: {
          texts: {
            de: { title: 'Serverregeln', content: '<p>Sei nett.</p>' },
            en: { title: 'Server Rules', content: '<p>Be kind.</p>' },
          },
          version: rules.version + 1,
        },
      },
    ]);

    const stale = await update(rules.id, {
      version: rules.version,
      texts: { en: { title: 'Old', content: '' } },
    });
    expect(stale.status).toBe(409);
    expect(messageOf(stale.body)).toBe('This page was changed meanwhile. Reload it and save again.');
    const unchanged = await update(rules.id, { version: page.version, texts: { de: page.texts.de } });
    expect(payloadOf(unchanged.body)).toEqual(page);
    expect(await auditsOf(rules.id)).toHaveLength(1);
    expect((await storePage('rules'))?.content).toBe('<p>Be kind.</p>');
  });

  it('moves the terms flag: the page that had it gives it up in the same save, with its own audit row', async () => {
    const terms = await bySlug('terms');
    const page = await created({ is_terms: true });
    expect(page.is_terms).toBe(true);
    const old = await bySlug('terms');
    expect(old).toMatchObject({ is_terms: false, version: terms.version + 1 });
    expect(
      (await auditsOf(terms.id)).map(({ action, before, after }) => ({ action, before, after })),
    ).toEqual([
      {
        action: 'page.update',
        before: { is_terms: true, version: terms.version },
        after: { is_terms: false, version: terms.version + 1 },
      },
    ]);
    expect((await storePage(page.slug))?.is_terms).toBe(1);
    // And back by an update.
    const back = await update(old.id, { version: old.version, is_terms: true });
    expect(payloadOf(back.body).is_terms).toBe(true);
    expect((await pages()).filter((one) => one.is_terms).map((one) => one.slug)).toEqual(['terms']);
  });

  it('gives the terms flag to one of several pages created with it at once, never a 500', async () => {
    const responses = await Promise.all(
      Array.from({ length: 6 }, () =>
        create({
          slug: uniqueSlug(),
          is_terms: true,
          texts: { en: { title: 'Terms', content: '<p>New.</p>' } },
        }),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(6).fill(201));
    const holders = (await pages()).filter((one) => one.is_terms);
    expect(holders).toHaveLength(1);
    // The last save holds it; each one before gave it up with an audit row.
    for (const { id } of responses.map((response) => payloadOf(response.body))) {
      if (id === holders[0]?.id) continue;
      expect((await auditsOf(id)).map(({ action }) => action)).toEqual(['page.create', 'page.update']);
    }
    const terms = await bySlug('terms');
    const back = await update(terms.id, { version: terms.version, is_terms: true });
    expect(back.status).toBe(200);
  });

  it('removes a page the store can live without, with an audit row; never terms, privacy, cookie, rules or FAQ', async () => {
    for (const slug of ['terms', 'privacy', 'cookie-policy', 'rules', 'faq']) {
      const refused = await suite.api.call('deletePage', {
        token: suite.op.token,
        params: { id: (await bySlug(slug)).id },
      });
      expect(refused.status, slug).toBe(409);
      expect(messageOf(refused.body)).toBe(
        'The store needs this page (terms, privacy, cookies, rules or FAQ). It cannot be removed.',
      );
    }
    const page = await created({
      texts: { en: { title: 'Old news', content: '<p>Gone</p>' }, de: { title: 'Alt', content: '' } },
    });
    const removed = await suite.api.call('deletePage', { token: suite.op.token, params: { id: page.id } });
    expect(removed.body).toEqual({ status: 'OK' });
    expect(await storePage(page.slug)).toBeNull();
    expect((await auditsOf(page.id)).at(-1)).toMatchObject({
      action: 'page.delete',
      before: page,
      after: null,
    });
    expect(
      (await suite.api.call('deletePage', { token: suite.op.token, params: { id: page.id } })).status,
    ).toBe(404);
  });

  it('answers 403 to a customer and changes nothing', async () => {
    const customer = await createCustomer(db());
    const rules = await bySlug('rules');
    const refused = await suite.api.call('updatePage', {
      token: customer.token,
      params: { id: rules.id },
      body: { version: rules.version, slug: 'mine' },
    });
    expect(refused.status).toBe(403);
    expect(await bySlug('rules')).toEqual(rules);
  });
});
