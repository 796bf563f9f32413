import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from '@formatjs/icu-messageformat-parser';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { settingsDefaults } from '../../domain/settings';
import { LANGUAGES_TTL_MS } from '../../server/catalogue/language';
import { type Settings, settingsFromRows, textsFromRows } from '../../server/catalogue/settings';
import { readGoogleTag, SETTINGS_TTL_MS } from '../../server/catalogue/settings-cache';
import type { DatabaseHandle } from '../../server/db/client';
import * as schema from '../../server/db/schema';
import { createTestApi, type TestApi } from './support/api';
import { createTestDatabase } from './support/db';

/** docs/product.md §3 defaults (pinned by tests/domain/settings.test.ts). */
const DEFAULTS: Settings = settingsDefaults();

let api: TestApi;
let db: DatabaseHandle['db'];
const lang = { en: 0, de: 0, es: 0 };

beforeAll(async () => {
  api = await createTestApi();
  db = api.database.db;
  for (const row of await db.select().from(schema.languages)) {
    if (row.code === 'en' || row.code === 'de' || row.code === 'es') lang[row.code] = row.id;
  }
}, 60_000);
afterAll(async () => {
  await api.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

type Payload<T> = { status: 'OK'; payload: T };
const payloadOf = <T>(body: unknown) => (body as Payload<T>).payload;

/** Counts of the catalogue's tables, to show that refused requests change nothing. */
async function snapshot() {
  const tables = {
    countries: schema.countries,
    currencies: schema.currencies,
    languages: schema.languages,
    products: schema.products,
    settings: schema.settings,
    staticPages: schema.staticPages,
    translations: schema.translations,
  };
  const entries = await Promise.all(
    Object.entries(tables).map(async ([name, table]) => {
      const [row] = await db.select({ n: count() }).from(table);
      return [name, row?.n ?? 0] as const;
    }),
  );
  return Object.fromEntries(entries);
}

describe('getSettings', () => {
  it('answers every field with the stored values; money in minor units, an empty google_tag as null', async () => {
    const stored = new Map((await db.select().from(schema.settings)).map((row) => [row.key, row.value]));
    expect(stored.get('google_tag')).toBe('');
    const res = await api.call('getSettings', { query: { lang_id: lang.en } });
    expect(res.status).toBe(200);
    const payload = payloadOf<Settings>(res.body);
    expect(Object.keys(payload).sort()).toEqual(Object.keys(DEFAULTS).sort());
    for (const [key, value] of Object.entries(payload)) {
      expect(value, key).toEqual(key === 'google_tag' ? null : stored.get(key));
    }
    expect(Number.isInteger(payload.min_top_up) && Number.isInteger(payload.welcome_bonus_tokens)).toBe(true);
    expect(payload.game_server).toEqual({ host: 'play.blockfront.example', port: 25565 });
  });

  it("answers the footer texts in lang_id's language where the store has them, the default language's otherwise", async () => {
    const english = payloadOf<Settings>(
      (await api.call('getSettings', { query: { lang_id: lang.en } })).body,
    );
    const german = payloadOf<Settings>((await api.call('getSettings', { query: { lang_id: lang.de } })).body);
    const spanish = payloadOf<Settings>(
      (await api.call('getSettings', { query: { lang_id: lang.es } })).body,
    );
    const unknown = payloadOf<Settings>((await api.call('getSettings', { query: { lang_id: 999 } })).body);
    expect(english.copyright).toBe('Blockfront Network. Not affiliated with Mojang or Microsoft.');
    expect(german.copyright).toBe('Blockfront Network. Nicht mit Mojang oder Microsoft verbunden.');
    expect(german.company_address).toBe('Am Kupfergraben 6, 10117 Berlin, Deutschland');
    expect(spanish.copyright).toBe('Blockfront Network. Sin afiliación con Mojang ni Microsoft.');
    expect(unknown).toEqual(english);
    // Only the texts differ; the name has no translation and stays as stored.
    expect(german.company_name).toBe(english.company_name);
    const { copyright, company_address, requisites, ...rest } = german;
    const { copyright: c, company_address: a, requisites: r, ...englishRest } = english;
    expect(rest).toEqual(englishRest);
  });

  it('ignores a malformed text_translations row (and reports it); blank texts fall back to the stored ones', () => {
    const reported: string[] = [];
    expect(
      textsFromRows([{ key: 'text_translations', value: 'de: Hallo' }], (key) => reported.push(key)),
    ).toEqual({});
    expect(reported).toEqual(['text_translations']);
    expect(
      textsFromRows([
        { key: 'text_translations', value: { de: { copyright: '  ', company_address: 'Berlin' } } },
      ]),
    ).toEqual({ de: { copyright: null, company_address: 'Berlin' } });
  });

  it('applies the docs/product.md §3 default of every key that is not stored', async () => {
    const database = await createTestDatabase();
    const other = await createTestApi({ database });
    try {
      await database.db.delete(schema.settings);
      const res = await other.call('getSettings');
      expect(res.status).toBe(200);
      expect(payloadOf<Settings>(res.body)).toEqual(DEFAULTS);
    } finally {
      await other.close();
      await database.close();
    }
  });

  it('applies defaults to some missing keys and keeps the stored rest', async () => {
    const database = await createTestDatabase();
    const other = await createTestApi({ database });
    try {
      const missing = ['vat_percent', 'is_reg_enabled', 'internal_currency', 'upscale_factors', 'requisites'];
      await database.db.delete(schema.settings).where(inArray(schema.settings.key, missing));
      const payload = payloadOf<Settings>((await other.call('getSettings')).body);
      expect(payload).toMatchObject({
        vat_percent: 0,
        is_reg_enabled: false,
        internal_currency: { name: 'Coins' },
        upscale_factors: [2, 4],
        requisites: null,
        support_email: 'support@blockfront.example',
      });
    } finally {
      await other.close();
      await database.close();
    }
  });

  it('falls back to the default for a stored value of the wrong shape, and reports it', () => {
    const reported: string[] = [];
    const result = settingsFromRows(
      [
        { key: 'vat_percent', value: '19%' },
        { key: 'min_top_up', value: 5.5 },
        { key: 'upscale_factors', value: '2,4' },
        { key: 'top_up_presets', value: [1000, 1000] },
        { key: 'payment_methods', value: ['card', 'cash'] },
        { key: 'internal_currency', value: { name: '  ' } },
        { key: 'game_server', value: { host: '' } },
        { key: 'points_conversion_rate', value: 0 },
        { key: 'support_email', value: '   ' },
        { key: 'copyright', value: null },
        { key: 'unknown_key', value: 'ignored' },
      ],
      (key) => reported.push(key),
    );
    expect(result).toEqual(DEFAULTS);
    expect(reported.sort()).toEqual(
      [
        'game_server',
        'internal_currency',
        'min_top_up',
        'payment_methods',
        'points_conversion_rate',
        'top_up_presets',
        'upscale_factors',
        'vat_percent',
      ].sort(),
    );
  });

  it('accepts a game server without a port, and drops repeated payment methods', () => {
    const result = settingsFromRows([
      { key: 'game_server', value: { host: 'mc.example' } },
      { key: 'payment_methods', value: ['card', 'card'] },
    ]);
    expect(result.game_server).toEqual({ host: 'mc.example', port: null });
    expect(result.payment_methods).toEqual(['card']);
  });

  it(`serves a change after at most ${SETTINGS_TTL_MS} ms (the cache every node keeps)`, async () => {
    const start = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(start);
    const before = payloadOf<Settings>((await api.call('getSettings')).body);
    await db
      .update(schema.settings)
      .set({ value: 'Changed Ltd' })
      .where(eq(schema.settings.key, 'company_name'));
    try {
      const cached = payloadOf<Settings>((await api.call('getSettings')).body);
      expect(cached.company_name).toBe(before.company_name);
      vi.spyOn(Date, 'now').mockReturnValue(start + SETTINGS_TTL_MS);
      const fresh = payloadOf<Settings>((await api.call('getSettings')).body);
      expect(fresh.company_name).toBe('Changed Ltd');
    } finally {
      await db
        .update(schema.settings)
        .set({ value: before.company_name })
        .where(eq(schema.settings.key, 'company_name'));
    }
  });

  it('gives the storefront a CSP that allows exactly the stored google_tag', async () => {
    const database = await createTestDatabase();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'blockfront-catalogue-csp-'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
    const script = "window.dataLayer = window.dataLayer || []; gtag('config', 'G-BENCH1');";
    await database.db
      .update(schema.settings)
      .set({ value: `<script>${script}</script>` })
      .where(eq(schema.settings.key, 'google_tag'));
    const other = await createTestApi({
      database,
      staticDir: dir,
      googleTag: () => readGoogleTag(database.db),
    });
    try {
      const page = await other.app.inject({ method: 'GET', url: '/' });
      const scriptSrc = String(page.headers['content-security-policy'])
        .split('; ')
        .find((directive) => directive.startsWith('script-src '));
      const hash = createHash('sha256').update(script, 'utf8').digest('base64');
      expect(scriptSrc).toBe(`script-src 'self' 'sha256-${hash}'`);
      const res = await other.call('getSettings');
      expect(payloadOf<Settings>(res.body).google_tag).toBe(`<script>${script}</script>`);
    } finally {
      await other.close();
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a malformed lang_id with 422 naming it', async () => {
    for (const lang_id of ['abc', '0', '-1', '1.5', '99999999999']) {
      const res = await api.call('getSettings', { query: { lang_id } });
      expect(res.status, lang_id).toBe(422);
      expect(Object.keys((res.body as { errors: object }).errors), lang_id).toEqual(['lang_id']);
    }
  });
});

describe('listLanguages', () => {
  it('lists every language with exactly one default', async () => {
    const res = await api.call('listLanguages');
    expect(res.status).toBe(200);
    expect(payloadOf(res.body)).toEqual([
      { id: lang.en, code: 'en', title: 'English', default: 1 },
      { id: lang.de, code: 'de', title: 'Deutsch', default: 0 },
      { id: lang.es, code: 'es', title: 'Español', default: 0 },
    ]);
  });
});

describe('getLocalizations', () => {
  beforeAll(async () => {
    await db.delete(schema.translations);
    await db.insert(schema.translations).values([
      { languageId: lang.de, key: 'shell.nav.shop', value: 'SHOP' },
      { languageId: lang.de, key: 'home.copy.success', value: 'Server-IP in die Zwischenablage kopiert!' },
      { languageId: lang.de, key: '__proto__', value: 'nur ein Schlüssel' },
      { languageId: lang.en, key: 'shell.nav.shop', value: 'SHOP' },
    ]);
  });

  it("answers the language's translations as a flat id → text object", async () => {
    const res = await api.call('getLocalizations', { query: { lang_id: lang.de } });
    expect(res.status).toBe(200);
    const payload = payloadOf<Record<string, string>>(res.body);
    expect(Object.keys(payload).sort()).toEqual(['__proto__', 'home.copy.success', 'shell.nav.shop']);
    expect(payload['home.copy.success']).toBe('Server-IP in die Zwischenablage kopiert!');
    expect(Object.getOwnPropertyDescriptor(payload, '__proto__')?.value).toBe('nur ein Schlüssel');
  });

  it('answers each message parsed with format=ast, leaving out one that does not parse', async () => {
    await db.insert(schema.translations).values([
      {
        languageId: lang.de,
        key: 'shell.toast.count',
        value: '{count, plural, one {# Artikel} other {# Artikel}}',
      },
      { languageId: lang.de, key: 'shell.broken', value: 'Seite {page' },
    ]);
    try {
      const res = await api.call('getLocalizations', { query: { lang_id: lang.de, format: 'ast' } });
      expect(res.status).toBe(200);
      const payload = payloadOf<Record<string, unknown>>(res.body);
      expect(Object.keys(payload).sort()).toEqual([
        '__proto__',
        'home.copy.success',
        'shell.nav.shop',
        'shell.toast.count',
      ]);
      // Exactly what react-intl's runtime parser makes of the text, so the browser can skip it.
      expect(payload['shell.toast.count']).toEqual(
        parse('{count, plural, one {# Artikel} other {# Artikel}}'),
      );
      expect(payload['home.copy.success']).toEqual([
        { type: 0, value: 'Server-IP in die Zwischenablage kopiert!' },
      ]);
      expect(Object.getOwnPropertyDescriptor(payload, '__proto__')?.value).toEqual([
        { type: 0, value: 'nur ein Schlüssel' },
      ]);
      const icu = await api.call('getLocalizations', { query: { lang_id: lang.de, format: 'icu' } });
      expect(payloadOf<Record<string, string>>(icu.body)['shell.broken']).toBe('Seite {page');
      expect(
        (await api.call('getLocalizations', { query: { lang_id: lang.de, format: 'xml' } })).status,
      ).toBe(422);
    } finally {
      await db
        .delete(schema.translations)
        .where(inArray(schema.translations.key, ['shell.toast.count', 'shell.broken']));
    }
  });

  it('answers an empty object for a language without translations', async () => {
    const res = await api.call('getLocalizations', { query: { lang_id: lang.es } });
    expect(res.status).toBe(200);
    expect(payloadOf(res.body)).toEqual({});
  });

  it('answers 404 for an unknown language and 422 without or with a malformed lang_id', async () => {
    const unknown = await api.call('getLocalizations', { query: { lang_id: 999_999 } });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ status: 'ERROR', message: 'Not found.' });
    expect((await api.call('getLocalizations')).status).toBe(422);
    for (const lang_id of ['de', "1' or '1'='1", '0', '']) {
      expect((await api.call('getLocalizations', { query: { lang_id } })).status, lang_id).toBe(422);
    }
  });
});

describe('listCurrencies', () => {
  it('lists the currencies, the default first, rates as numbers', async () => {
    const res = await api.call('listCurrencies');
    expect(res.status).toBe(200);
    expect(payloadOf(res.body)).toEqual([
      { code: 'EUR', value: 1, symbol: '€', default: 1 },
      { code: 'GBP', value: 0.87, symbol: '£', default: 0 },
      { code: 'JPY', value: 176, symbol: '¥', default: 0 },
      { code: 'KWD', value: 0.356, symbol: 'KD', default: 0 },
      { code: 'USD', value: 1.16, symbol: '$', default: 0 },
    ]);
  });

  it('turns a stored decimal rate into the nearest number, with no drift', async () => {
    await db.update(schema.currencies).set({ value: '1.08345678' }).where(eq(schema.currencies.code, 'USD'));
    try {
      const res = await api.call('listCurrencies');
      const usd = payloadOf<{ code: string; value: number }[]>(res.body).find((c) => c.code === 'USD');
      expect(usd?.value).toBe(1.08345678);
      expect(res.text).toContain('"value":1.08345678');
    } finally {
      await db.update(schema.currencies).set({ value: '1.16' }).where(eq(schema.currencies.code, 'USD'));
    }
  });
});

describe('listCountries', () => {
  type Country = { id: number; title: string; iso: string };
  const countriesIn = async (lang_id?: number) =>
    payloadOf<Country[]>((await api.call('listCountries', { query: { lang_id } })).body);

  it('titles every country in the language asked for, sorted in that language', async () => {
    const [total] = await db.select({ n: count() }).from(schema.countries);
    for (const [code, germany, spain] of [
      ['de', 'Deutschland', 'Spanien'],
      ['es', 'Alemania', 'España'],
      ['en', 'Germany', 'Spain'],
    ] as const) {
      const list = await countriesIn(lang[code]);
      expect(list).toHaveLength(total?.n ?? -1);
      expect(list.find((c) => c.iso === 'DE')?.title).toBe(germany);
      expect(list.find((c) => c.iso === 'ES')?.title).toBe(spain);
      const titles = list.map((c) => c.title);
      expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b, code)));
    }
  });

  it('sorts by the language rules, not by code points', async () => {
    const titles = (await countriesIn(lang.de)).map((c) => c.title);
    // German sorts Ä as A: Ägypten comes before Albanien, not after Zypern.
    expect(titles.indexOf('Ägypten')).toBeLessThan(titles.indexOf('Albanien'));
  });

  it('uses the English title where the language has none, and the default language for an unknown lang_id', async () => {
    await db
      .update(schema.countries)
      .set({ titles: sql`${schema.countries.titles} - 'de'` })
      .where(eq(schema.countries.iso, 'FR'));
    const de = await countriesIn(lang.de);
    expect(de.find((c) => c.iso === 'FR')?.title).toBe('France');
    const unknown = await countriesIn(999_999);
    expect(unknown).toEqual(await countriesIn(lang.en));
    expect(await countriesIn()).toEqual(await countriesIn(lang.en));
  });
});

describe('listSocialLinks', () => {
  it('lists the links in display order', async () => {
    const res = await api.call('listSocialLinks');
    expect(res.status).toBe(200);
    const links = payloadOf<{ title: string; link: string; img: string }[]>(res.body);
    expect(links.map((l) => l.title)).toEqual(['Discord', 'YouTube', 'Instagram', 'X']);
    expect(links[0]).toMatchObject({ link: 'https://discord.com/', img: '/images/social/discord.svg' });
  });
});

describe('static pages', () => {
  type Summary = { id: number; slug: string; title: string; is_terms: 0 | 1; is_privacy: 0 | 1 };
  type Page = Summary & { content: string };
  const pageIds = new Map<string, number>();

  beforeAll(async () => {
    for (const row of await db.select().from(schema.staticPages)) pageIds.set(row.slug, row.id);
  });

  it('lists every page without content, in display order, titled in the language asked for', async () => {
    const res = await api.call('listStaticPages', { query: { lang_id: lang.es } });
    expect(res.status).toBe(200);
    const list = payloadOf<Summary[]>(res.body);
    expect(list.map((p) => p.slug)).toEqual(['rules', 'faq', 'terms', 'privacy', 'cookie-policy']);
    expect(list[0]).toEqual({
      id: pageIds.get('rules'),
      slug: 'rules',
      title: 'Normas del servidor',
      is_terms: 0,
      is_privacy: 0,
    });
    expect(list.find((p) => p.slug === 'terms')?.is_terms).toBe(1);
    expect(list.find((p) => p.slug === 'privacy')?.is_privacy).toBe(1);
    for (const page of list) expect(page).not.toHaveProperty('content');
    const de = payloadOf<Summary[]>(
      (await api.call('listStaticPages', { query: { lang_id: lang.de } })).body,
    );
    expect(de[0]?.title).toBe('Serverregeln');
    const unknown = payloadOf<Summary[]>(
      (await api.call('listStaticPages', { query: { lang_id: 999_999 } })).body,
    );
    expect(unknown[0]?.title).toBe('Server Rules');
  });

  it('answers one page by id and by slug, in the language asked for', async () => {
    const id = pageIds.get('rules') ?? 0;
    const byId = await api.call('getStaticPage', { params: { idOrSlug: id }, query: { lang_id: lang.de } });
    expect(byId.status).toBe(200);
    const page = payloadOf<Page>(byId.body);
    expect(page).toMatchObject({ id, slug: 'rules', title: 'Serverregeln', is_terms: 0, is_privacy: 0 });
    expect(page.content).toContain('<strong>Sei respektvoll.</strong>');
    const bySlug = await api.call('getStaticPage', {
      params: { idOrSlug: 'rules' },
      query: { lang_id: lang.de },
    });
    expect(bySlug.body).toEqual(byId.body);
    const english = payloadOf<Page>(
      (await api.call('getStaticPage', { params: { idOrSlug: 'rules' } })).body,
    );
    expect(english.title).toBe('Server Rules');
  });

  it('finds an all-digit slug when no page has that id', async () => {
    await db
      .insert(schema.staticPages)
      .values({ slug: '2024', title: 'Season 2024', content: '<p>Season</p>' });
    try {
      const res = await api.call('getStaticPage', { params: { idOrSlug: '2024' } });
      expect(res.status).toBe(200);
      expect(payloadOf<Page>(res.body).title).toBe('Season 2024');
    } finally {
      await db.delete(schema.staticPages).where(eq(schema.staticPages.slug, '2024'));
    }
  });

  it('answers 404 for an unknown id or slug', async () => {
    for (const idOrSlug of ['no-such-page', '999999', '99999999999', '007']) {
      const res = await api.call('getStaticPage', { params: { idOrSlug } });
      expect(res.status, idOrSlug).toBe(404);
      expect(res.body).toEqual({ status: 'ERROR', message: 'Not found.' });
    }
  });

  it('answers 400 for an id or slug that cannot be one, and changes nothing', async () => {
    const before = await snapshot();
    for (const idOrSlug of [
      "rules' or 1=1--",
      'Rules',
      'ünïcode',
      'a--b',
      '-rules',
      `${'x'.repeat(99)}-`,
      'x'.repeat(101),
    ]) {
      const res = await api.call('getStaticPage', { params: { idOrSlug } });
      expect(res.status, idOrSlug).toBe(400);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('strips scripts and event handlers from stored content, in every language', async () => {
    const id = pageIds.get('faq') ?? 0;
    const evil =
      '<h2>Hi</h2><p onclick="steal()">ok</p><script>alert(1)</script>' +
      '<img src=x onerror="alert(2)"><a href="javascript:alert(3)">x</a>' +
      '<a href="https://discord.com/" target="_blank">Discord</a><iframe src="https://evil.example"></iframe>' +
      '<style>body{display:none}</style><table><tr><td colspan="2" style="color:red">cell</td></tr></table>';
    const [original] = await db.select().from(schema.staticPages).where(eq(schema.staticPages.id, id));
    await db.update(schema.staticPages).set({ content: evil }).where(eq(schema.staticPages.id, id));
    await db
      .update(schema.staticPageTranslations)
      .set({ content: evil })
      .where(
        and(
          eq(schema.staticPageTranslations.pageId, id),
          eq(schema.staticPageTranslations.languageId, lang.de),
        ),
      );
    try {
      for (const lang_id of [lang.en, lang.de]) {
        const content = payloadOf<Page>(
          (await api.call('getStaticPage', { params: { idOrSlug: 'faq' }, query: { lang_id } })).body,
        ).content;
        expect(content).not.toMatch(
          /<script|alert\(1\)|onerror|onclick|javascript:|<img|<iframe|<style|style=/i,
        );
        expect(content).toContain('<h2>Hi</h2>');
        expect(content).toContain('<p>ok</p>');
        expect(content).toContain(
          '<a href="https://discord.com/" target="_blank" rel="noopener noreferrer">Discord</a>',
        );
        expect(content).toContain('<td colspan="2">cell</td>');
      }
    } finally {
      await db
        .update(schema.staticPages)
        .set({ content: original?.content ?? '' })
        .where(eq(schema.staticPages.id, id));
    }
  });
});

describe('listProducts', () => {
  type Product = {
    id: number;
    slug: string;
    title: string;
    description: string;
    price: number;
    category: string;
    max_per_order: number | null;
    max_per_customer: number | null;
  };
  type ProductPage = { items: Product[]; page: number; per_page: number; total: number; total_pages: number };
  const pageOf = async (query: Record<string, string | number | undefined>) => {
    const res = await api.call('listProducts', { query });
    expect(res.status).toBe(200);
    return payloadOf<ProductPage>(res.body);
  };
  let active: { id: number; category: string }[] = [];

  beforeAll(async () => {
    active = await db
      .select({ id: schema.products.id, category: schema.products.category })
      .from(schema.products)
      .where(eq(schema.products.active, true))
      .orderBy(asc(schema.products.position), asc(schema.products.id));
  });

  it('answers the first 12 products in display order with the totals by default', async () => {
    const page = await pageOf({});
    expect(page).toMatchObject({
      page: 1,
      per_page: 12,
      total: active.length,
      total_pages: Math.ceil(active.length / 12),
    });
    expect(page.items.map((p) => p.id)).toEqual(active.slice(0, 12).map((p) => p.id));
    expect(Number.isInteger(page.items[0]?.price)).toBe(true);
  });

  it('pages through every product exactly once', async () => {
    const seen: number[] = [];
    const first = await pageOf({ per_page: 5 });
    for (let page = 1; page <= first.total_pages; page += 1) {
      seen.push(...(await pageOf({ per_page: 5, page })).items.map((p) => p.id));
    }
    expect(seen).toEqual(active.map((p) => p.id));
    const last = await pageOf({ per_page: 5, page: first.total_pages });
    expect(last.items).toHaveLength(active.length - 5 * (first.total_pages - 1));
  });

  it('answers an empty page past the end, not an error', async () => {
    const page = await pageOf({ page: 50, per_page: 60 });
    expect(page).toEqual({ items: [], page: 50, per_page: 60, total: active.length, total_pages: 1 });
  });

  it('filters by category', async () => {
    const ranks = active.filter((p) => p.category === 'ranks');
    expect(ranks.length).toBeGreaterThan(0);
    const page = await pageOf({ category: 'ranks' });
    expect(page.total).toBe(ranks.length);
    expect(page.items.map((p) => p.id)).toEqual(ranks.map((p) => p.id));
    expect(await pageOf({ category: 'no-such-category' })).toEqual({
      items: [],
      page: 1,
      per_page: 12,
      total: 0,
      total_pages: 0,
    });
  });

  it('titles products in the language asked for, the default language for an unknown lang_id', async () => {
    const es = await pageOf({ lang_id: lang.es, category: 'ranks' });
    expect(es.items.find((p) => p.slug === 'rank-vip')?.title).toBe('Rango VIP');
    const de = await pageOf({ lang_id: lang.de, category: 'ranks' });
    expect(de.items.find((p) => p.slug === 'rank-vip')?.title).toBe('VIP-Rang');
    const unknown = await pageOf({ lang_id: 999_999, category: 'ranks' });
    expect(unknown.items.find((p) => p.slug === 'rank-vip')?.title).toBe('VIP Rank');
  });

  it(`serves a language the operator adds within ${LANGUAGES_TTL_MS} ms`, async () => {
    const start = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(start);
    await pageOf({ category: 'ranks' });
    const [fr] = await db
      .insert(schema.languages)
      .values({ code: 'fr', title: 'Français' })
      .returning({ id: schema.languages.id });
    const vip = await db
      .select({ id: schema.products.id })
      .from(schema.products)
      .where(eq(schema.products.slug, 'rank-vip'));
    await db.insert(schema.productTranslations).values({
      productId: vip[0]?.id ?? 0,
      languageId: fr?.id ?? 0,
      title: 'Rang VIP',
      description: 'Un badge VIP vert.',
    });
    try {
      const title = async () =>
        (await pageOf({ lang_id: fr?.id, category: 'ranks' })).items.find((p) => p.slug === 'rank-vip')
          ?.title;
      expect(await title()).toBe('VIP Rank');
      vi.spyOn(Date, 'now').mockReturnValue(start + LANGUAGES_TTL_MS);
      expect(await title()).toBe('Rang VIP');
    } finally {
      await db.delete(schema.languages).where(eq(schema.languages.code, 'fr'));
    }
  });

  it('leaves out inactive products', async () => {
    const hidden = active[0]?.id ?? 0;
    await db.update(schema.products).set({ active: false }).where(eq(schema.products.id, hidden));
    try {
      const page = await pageOf({ per_page: 60 });
      expect(page.total).toBe(active.length - 1);
      expect(page.items.map((p) => p.id)).not.toContain(hidden);
    } finally {
      await db.update(schema.products).set({ active: true }).where(eq(schema.products.id, hidden));
    }
  });

  it('finds products by a part of their title in any language, ignoring case, titled in the language asked for', async () => {
    const slugs = (page: ProductPage) => page.items.map((p) => p.slug);
    expect(slugs(await pageOf({ q: 'vip-rang' }))).toEqual(['rank-vip']);
    const spanish = await pageOf({ q: '  RANGO VIP ', lang_id: lang.de });
    expect(spanish.items.map((p) => [p.slug, p.title])).toEqual([['rank-vip', 'VIP-Rang']]);
    expect(spanish.total).toBe(1);
    // The default language's title too, within a category.
    expect(slugs(await pageOf({ q: 'rank', category: 'ranks' }))).toEqual([
      'rank-vip',
      'rank-mvp',
      'rank-legend',
    ]);
    expect((await pageOf({ q: 'no such thing anywhere' })).total).toBe(0);
    // A blank search is no search.
    expect((await pageOf({ q: '   ' })).total).toBe(active.length);
  });

  it('matches % and _ as themselves', async () => {
    const [odd] = await db
      .insert(schema.products)
      .values({
        slug: 'odd-percent',
        title: 'Mega 100% Bundle',
        description: 'x',
        priceMinor: 1,
        imgUrl: '/images/products/x.svg',
        category: 'perks',
        position: 999,
      })
      .returning({ id: schema.products.id });
    try {
      const slugs = async (q: string) => (await pageOf({ q, per_page: 60 })).items.map((p) => p.slug);
      expect(await slugs('100%')).toEqual(['odd-percent']);
      expect(await slugs('%')).toEqual(['odd-percent']);
      expect(await slugs('_')).toEqual([]);
      expect(await slugs('0_')).toEqual([]);
      expect(await slugs('\\')).toEqual([]);
    } finally {
      await db.delete(schema.products).where(eq(schema.products.id, odd?.id ?? 0));
    }
  });

  it('sorts by position (the default), price up or down, or newest first', async () => {
    const all = async (sort?: string) => (await pageOf({ per_page: 60, sort })).items;
    const byPosition = await all();
    expect(byPosition.map((p) => p.id)).toEqual(active.map((p) => p.id));
    expect((await all('position')).map((p) => p.id)).toEqual(active.map((p) => p.id));
    const up = (await all('price_asc')).map((p) => p.price);
    expect(up).toEqual([...up].sort((a, b) => a - b));
    const down = (await all('price_desc')).map((p) => p.price);
    expect(down).toEqual([...up].reverse());
    expect((await all('newest')).map((p) => p.id)).toEqual(active.map((p) => p.id).sort((a, b) => b - a));
    // Paging follows the order.
    const second = await pageOf({ per_page: 2, page: 2, sort: 'price_desc' });
    expect(second.items.map((p) => p.price)).toEqual(down.slice(2, 4));
  });

  it("carries each product's limits (the demo ranks: 1 per order and per customer)", async () => {
    const ranks = (await pageOf({ category: 'ranks' })).items;
    expect(ranks.map((p) => [p.max_per_order, p.max_per_customer])).toEqual([
      [1, 1],
      [1, 1],
      [1, 1],
    ]);
  });

  it('answers 422 for paging or a category out of the contract, and changes nothing', async () => {
    const before = await snapshot();
    for (const query of [
      { sort: 'cheapest' },
      { sort: 'PRICE_ASC' },
      { q: 'x'.repeat(101) },
      { per_page: 61 },
      { per_page: 0 },
      { page: 0 },
      { page: 10_001 },
      { page: 'abc' },
      { per_page: '1.5' },
      { category: 'Ranks' },
      { category: "ranks' or '1'='1" },
      { category: 'rängs' },
      { lang_id: 'en' },
    ]) {
      const res = await api.call('listProducts', { query });
      expect(res.status, JSON.stringify(query)).toBe(422);
      expect(res.body).toMatchObject({ status: 'ERROR' });
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('listProductCategories', () => {
  type Category = { slug: string; title: string; count: number };
  const categoriesIn = async (query: Record<string, string | number | undefined> = {}) => {
    const res = await api.call('listProductCategories', { query });
    expect(res.status).toBe(200);
    return payloadOf<Category[]>(res.body);
  };
  const activeBySlug = async () => {
    const rows = await db
      .select({ category: schema.products.category })
      .from(schema.products)
      .where(eq(schema.products.active, true))
      .orderBy(asc(schema.products.position), asc(schema.products.id));
    const counts = new Map<string, number>();
    for (const row of rows) counts.set(row.category, (counts.get(row.category) ?? 0) + 1);
    return [...counts];
  };

  beforeAll(async () => {
    // An earlier suite empties the store's texts; these are the titles this one reads.
    await db.delete(schema.translations).where(sql`${schema.translations.key} like 'category.%'`);
    await db.insert(schema.translations).values([
      { languageId: lang.en, key: 'category.ranks', value: 'Ranks' },
      { languageId: lang.de, key: 'category.ranks', value: 'Ränge' },
      { languageId: lang.en, key: 'category.perks', value: 'Perks' },
    ]);
  });

  it('answers every category with active products, in the order of their first product, with counts', async () => {
    const expected = await activeBySlug();
    expect(expected.length).toBeGreaterThanOrEqual(2);
    const categories = await categoriesIn();
    expect(categories.map((c) => [c.slug, c.count])).toEqual(expected);
    const page = await api.call('listProducts', { query: { category: 'ranks', per_page: 60 } });
    expect(payloadOf<{ total: number }>(page.body).total).toBe(
      categories.find((c) => c.slug === 'ranks')?.count,
    );
  });

  it("titles a category in the language asked for, then the default language's title, then the slug", async () => {
    const titleOf = (categories: Category[], slug: string) => categories.find((c) => c.slug === slug)?.title;
    const de = await categoriesIn({ lang_id: lang.de });
    expect(titleOf(de, 'ranks')).toBe('Ränge');
    expect(titleOf(de, 'perks')).toBe('Perks');
    expect(titleOf(de, 'cosmetics')).toBe('cosmetics');
    expect(titleOf(await categoriesIn({ lang_id: 999_999 }), 'ranks')).toBe('Ranks');
  });

  it('leaves out a category whose products are all inactive', async () => {
    const perks = await db
      .select({ id: schema.products.id })
      .from(schema.products)
      .where(eq(schema.products.category, 'perks'));
    const ids = perks.map((row) => row.id);
    expect(ids.length).toBeGreaterThan(0);
    await db.update(schema.products).set({ active: false }).where(inArray(schema.products.id, ids));
    try {
      expect((await categoriesIn()).map((c) => c.slug)).not.toContain('perks');
    } finally {
      await db.update(schema.products).set({ active: true }).where(inArray(schema.products.id, ids));
    }
  });

  it('answers 422 for a malformed lang_id', async () => {
    const res = await api.call('listProductCategories', { query: { lang_id: 'en' } });
    expect(res.status).toBe(422);
  });
});
