// docs/decisions/0021: the app page carries its first screen, rendered by the build's
// render entry from the same answers the API gives, and those answers as JSON for the browser.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPlainMessage } from '../../domain/code-messages';
import type { buildApp } from '../../server/app';
import { firstScreenOf } from '../../server/http/static-app';
import { type RenderEntry, withFirstScreen } from '../../server/render/app-page';
import { buildSite, createTestApi, type TestApi } from './support/api';
import { createOperator } from './support/money';

let api: TestApi;
let dir: string;
let site: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'blockfront-first-screen-'));
  // The render entry as `npm run build` emits it, beside an app folder holding index.html.
  await build({
    configFile: path.resolve('vite.config.ts'),
    logLevel: 'error',
    build: { ssr: 'src/render/server-entry.tsx', outDir: path.join(dir, 'render'), sourcemap: false },
  });
  mkdirSync(path.join(dir, 'app'));
  writeFileSync(path.join(dir, 'app', 'index.html'), readFileSync('index.html', 'utf8'));
  api = await createTestApi();
  site = await buildSite(api, path.join(dir, 'app'));
}, 120_000);
afterAll(async () => {
  await site?.close();
  await api?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function page(url: string, cookie?: string, status = 200) {
  const res = await site.inject({ method: 'GET', url, headers: cookie === undefined ? {} : { cookie } });
  expect(res.statusCode, url).toBe(status);
  expect(res.headers['cache-control'], url).toBe('no-cache');
  const html = res.body;
  const json = /<script type="application\/json" id="startup-data">([^<]*)<\/script>/.exec(html)?.[1];
  const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json"'));
  return {
    html,
    root,
    startup: json === undefined ? undefined : (JSON.parse(json) as { answers: Record<string, unknown> }),
    csp: String(res.headers['content-security-policy']),
  };
}

async function apiAnswer(url: string) {
  return (await site.inject({ method: 'GET', url: `/api${url}` })).json() as unknown;
}

/** The code's own texts (docs/decisions/0056: what the page leaves out). */
const englishDefaults = JSON.parse(readFileSync('src/i18n/en.json', 'utf8')) as Record<string, string>;

const decoded = (text: string) =>
  text
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"');

describe('the first screen in the HTML', () => {
  it('/ has the shell, the hero and the server address, and the start-up answers the API gives', async () => {
    const { root, startup, html } = await page('/');
    expect(root).toContain('Your next adventure is one address away');
    expect(root).toContain('site-header');
    expect(root).toContain('site-footer');
    expect(root).not.toContain('app-status__spinner');
    const settings = (await apiAnswer('/settings')) as { payload: { game_server: { host: string } | null } };
    const host = settings.payload.game_server?.host;
    expect(host).toBeTruthy();
    expect(root).toContain(host);
    expect(startup?.answers['/settings']).toEqual(settings);
    expect(startup?.answers['/languages']).toEqual(await apiAnswer('/languages'));
    expect(startup?.answers['/currencies']).toEqual(await apiAnswer('/currencies'));
    // English, the code's own language: all but the messages that are the code's plain defaults.
    const all = (await apiAnswer('/localizations?lang_id=1&format=ast')) as {
      payload: Record<string, unknown>;
    };
    const inlined = startup?.answers['/localizations?format=ast'] as { payload: Record<string, unknown> };
    const plainDefault = (id: string) =>
      Object.hasOwn(englishDefaults, id) && isPlainMessage(englishDefaults[id] ?? '');
    const kept = Object.entries(all.payload).filter(([id]) => !plainDefault(id));
    expect(inlined).toEqual({ status: 'OK', payload: Object.fromEntries(kept) });
    expect(Object.keys(inlined.payload)).toEqual(
      expect.arrayContaining(['category.ranks', 'account.order.number']),
    );
    expect(inlined.payload).not.toHaveProperty(['home.hero.title']);
    expect(html).toMatch(/<html lang="en"/);
  });

  it("inlines an operator's change of an English text, and a German page's texts whole", async () => {
    const op = await createOperator(api.database.db);
    const id = 'home.hero.title';
    const url = `/api/operator/languages/1/messages/${id}`;
    const headers = { authorization: `Bearer ${op.token}` };
    const said = (await site.inject({ method: 'PUT', url, headers, payload: { value: 'Join us today' } }))
      .statusCode;
    expect(said).toBe(200);
    try {
      const { root, startup } = await page('/');
      expect(root).toContain('Join us today');
      const inlined = startup?.answers['/localizations?format=ast'] as { payload: Record<string, unknown> };
      expect(inlined.payload[id]).toEqual([{ type: 0, value: 'Join us today' }]);
    } finally {
      await site.inject({ method: 'PUT', url, headers, payload: { value: englishDefaults[id] } });
    }
    const languages = (await apiAnswer('/languages')) as { payload: { id: number; code: string }[] };
    const german = languages.payload.find((language) => language.code === 'de');
    const { startup } = await page('/', `languageId=${german?.id}`);
    expect(startup?.answers['/localizations?format=ast']).toEqual(
      await apiAnswer(`/localizations?lang_id=${german?.id}&format=ast`),
    );
  });

  it('/shop has the first page of products, and that page among the answers', async () => {
    const { root, startup } = await page('/shop');
    const products = (await apiAnswer('/products?page=1&per_page=8')) as {
      payload: { items: { title: string }[] };
    };
    expect(products.payload.items.length).toBeGreaterThan(0);
    for (const item of products.payload.items) expect(decoded(root)).toContain(item.title);
    expect(startup?.answers['/products?page=1&per_page=8']).toEqual(products);
    expect(startup?.answers['/products/categories']).toEqual(await apiAnswer('/products/categories'));
  });

  it('/shop?q=…&sort=… renders what the API answers for that search and order', async () => {
    const { root, startup } = await page('/shop?q=rang&sort=price_desc');
    const key = '/products?page=1&per_page=8&q=rang&sort=price_desc';
    const products = (await apiAnswer(key)) as { payload: { items: { title: string }[] } };
    const titles = products.payload.items.map((item) => item.title);
    expect(titles).toEqual(['Legend Rank', 'MVP Rank', 'VIP Rank']);
    const shown = [...decoded(root).matchAll(/<h2[^>]*>([^<]+)<\/h2>/g)].map((match) => match[1]);
    expect(shown).toEqual(titles);
    expect(startup?.answers[key]).toEqual(products);
    const none = await page('/shop?q=zzz-nothing');
    expect(decoded(none.root)).toContain('No products match “zzz-nothing”');
  });

  it("/shop shows an operator's change of a product at once on the node that saved it", async () => {
    const before = await page('/shop');
    const first = (
      (await apiAnswer('/products?page=1&per_page=8')) as {
        payload: { items: { id: number; title: string }[] };
      }
    ).payload.items[0];
    if (first === undefined) throw new Error('the shop has no products');
    expect(decoded(before.root)).toContain(first.title);
    const op = await createOperator(api.database.db);
    const save = async (title: string) => {
      const read = await site.inject({
        method: 'GET',
        url: `/api/operator/products/${first.id}`,
        headers: { authorization: `Bearer ${op.token}` },
      });
      const { version, texts } = read.json().payload as { version: number; texts: Record<string, object> };
      const saved = await site.inject({
        method: 'PATCH',
        url: `/api/operator/products/${first.id}`,
        headers: { authorization: `Bearer ${op.token}` },
        payload: { version, texts: { en: { ...texts.en, title } } },
      });
      expect(saved.statusCode).toBe(200);
    };
    await save('Renamed By The Operator');
    try {
      const after = await page('/shop');
      expect(decoded(after.root)).toContain('Renamed By The Operator');
      expect(decoded(after.root)).not.toContain(first.title);
    } finally {
      await save(first.title);
    }
  });

  it.each([
    ['/login', 'Sign In'],
    ['/register', 'Sign Up'],
  ])('%s has its heading and form fields', async (url, heading) => {
    const { root, startup } = await page(url);
    expect(root).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
    expect((await page(url)).html).toContain(`<title>${heading} · Blockfront</title>`);
    expect(root).toMatch(/<input[^>]*type="email"/);
    // Submitted before the app takes over (or without JavaScript), the password stays out of the URL.
    expect(root).toMatch(/<form[^>]*method="post"/);
    expect(startup?.answers['/settings']).toBeDefined();
  });

  const TOKEN = 'a'.repeat(40);
  const NOT_FOUND = [/<h1[^>]*>Oops! Page Not Found<\/h1>/, 'Go Back Home'];
  /** Every public route: its status, and what of its first screen the HTML holds. */
  const FIRST_SCREENS: [url: string, status: number, holds: (string | RegExp)[]][] = [
    ['/', 200, [/<h1[^>]*>Your next adventure is one address away<\/h1>/]],
    ['/shop', 200, [/<h1[^>]*>Shop<\/h1>/, 'product-card']],
    ['/login', 200, [/<h1[^>]*>Sign In<\/h1>/, /<input[^>]*type="email"/, /<input[^>]*type="password"/]],
    ['/register', 200, [/<h1[^>]*>Sign Up<\/h1>/, /<input[^>]*type="email"/, /<input[^>]*type="password"/]],
    ['/forgot-password', 200, [/<h1[^>]*>Forgot Password<\/h1>/, /<input[^>]*type="email"/]],
    [
      '/reset-password',
      200,
      [/<h1[^>]*>Reset password<\/h1>/, 'Invalid reset link', 'href="/forgot-password"'],
    ],
    [
      `/reset-password-confirm?token=${TOKEN}&email=ann%40example.com`,
      200,
      [/<h1[^>]*>Reset password<\/h1>/, 'ann@example.com', /<input[^>]*name="password_confirmation"/],
    ],
    // The render never spends the single-use sign-in link: the browser confirms it (ADR 0015).
    [
      `/login/link?token=${TOKEN}&email=ann%40example.com`,
      200,
      [/<h1[^>]*>Sign in with a link<\/h1>/, 'Signing you in...'],
    ],
    [
      `/reset-password?token=${TOKEN}&email=ann%40example.com`,
      200,
      [/<h1[^>]*>Reset password<\/h1>/, /<input[^>]*name="password"/],
    ],
    ['/rules', 200, [/<h1[^>]*>Rules<\/h1>/, 'class="prose"']],
    ['/faq', 200, [/<h1[^>]*>FAQ<\/h1>/, 'class="prose"']],
    ['/terms', 200, [/<h1[^>]*>Terms of Service<\/h1>/, 'class="prose"']],
    ['/static-page/terms', 200, [/<h1[^>]*>Terms of Service<\/h1>/, 'class="prose"']],
    ['/no-such-page', 404, NOT_FOUND],
    ['/shop/no/such/page', 404, NOT_FOUND],
    ['/static-page/no-such-page', 404, NOT_FOUND],
  ];

  it.each(FIRST_SCREENS)(
    '%s answers %i with its first screen, the shell and its data',
    async (url, status, holds) => {
      const { root, startup } = await page(url, undefined, status);
      for (const part of holds) expect(root).toMatch(part);
      expect(root).toContain('site-header');
      expect(root).toContain('site-footer');
      expect(root).not.toContain('app-status__spinner');
      // No part left for the browser: React marks a boundary whose server render threw this way
      // (DOMPurify, which needs a DOM, once did that to every static page).
      expect(root).not.toContain('<!--$!-->');
      expect(startup?.answers['/settings']).toBeDefined();
    },
  );

  it('allows exactly the style attributes it rendered (react-aria hides the checkbox input with one)', async () => {
    const { root, csp } = await page('/register');
    expect(root).toMatch(/ style="[^"]+"/);
    expect(csp).toMatch(/style-src 'self' 'nonce-[^']+' 'unsafe-hashes' 'sha256-[A-Za-z0-9+/=]+'/);
    expect((await page('/')).csp).not.toContain('unsafe-hashes');
  });

  it('shows the cookie banner unless the consent cookie says accepted', async () => {
    expect((await page('/')).root).toContain('cookie-banner');
    expect((await page('/', 'cookie_consent=false')).root).toContain('cookie-banner');
    expect((await page('/', 'other=1; cookie_consent=true')).root).not.toContain('cookie-banner');
  });

  it('renders in the language and currency its cookies name, and in the defaults for made-up ones', async () => {
    const languages = (await apiAnswer('/languages')) as { payload: { id: number; code: string }[] };
    const currencies = (await apiAnswer('/currencies')) as { payload: { code: string }[] };
    const german = languages.payload.find((language) => language.code === 'de');
    const [usual, other] = currencies.payload.map((currency) => currency.code);
    const chosen = await page('/shop', `languageId=${german?.id}; currency_code=${other}`);
    expect(chosen.html).toMatch(/<html lang="de"/);
    expect(chosen.startup).toMatchObject({ languageId: german?.id, currencyCode: other, path: '/shop' });
    expect(chosen.startup?.answers['/products/categories']).toEqual(
      await apiAnswer(`/products/categories?lang_id=${german?.id}`),
    );
    const english = await page('/shop');
    const madeUp = await page('/shop', 'languageId=99999; currency_code=XXX');
    expect(madeUp.html).toMatch(/<html lang="en"/);
    expect(madeUp.startup).toEqual(english.startup);
    expect(madeUp.startup).toMatchObject({ currencyCode: usual });
  });

  it('sends a page that redirects (a signed-in route) unrendered, with its spinner', async () => {
    const { root, startup } = await page('/account');
    expect(root).toContain('app-status__spinner');
    expect(startup).toBeUndefined();
  });
});

describe('withFirstScreen', () => {
  it('escapes `<` in the data, so no text can close the script element', () => {
    const page =
      '<html lang="en"><head><title>Blockfront</title>\n    <link rel="modulepreload" crossorigin href="/assets/ui.js"></head><body><div id="root"><main>spinner</main></div></body></html>';
    const html = withFirstScreen(page, {
      html: '<link rel="preload" as="image" href="/a.svg"/><main>screen</main>',
      lang: 'de',
      title: 'Fish & <Chips> · Blockfront',
      startup: { text: '</script><script>alert(1)</script>' },
    });
    expect(html).not.toContain('</script><script>alert');
    expect(html).toContain('\\u003c/script>');
    expect(html).toContain('<title>Fish &amp; &lt;Chips&gt; · Blockfront</title>');
    expect(html).toContain('<link rel="preload" as="image" href="/a.svg"/></head>');
    expect(html).toContain('<div id="root"><main>screen</main></div><script type="application/json"');
    expect(html).toMatch(/^<html lang="de">/);
    // The page paints from its HTML: the UI code loads when the entry asks for it, not before.
    expect(html).not.toContain('modulepreload');
  });
});

describe('firstScreenOf', () => {
  const PAGE = '<html lang="en"><head></head><body><div id="root">spinner</div></body></html>';
  const warnings: string[] = [];
  const request = {
    url: '/',
    headers: {},
    log: {
      warn: (_: unknown, message: string) => warnings.push(message),
      error: (_: unknown, message: string) => warnings.push(message),
      debug: () => undefined,
    },
  } as unknown as Parameters<ReturnType<typeof firstScreenOf>>[0];
  const entry = (render: RenderEntry['render']): RenderEntry => ({ render });
  const startup = {
    answer: async () => undefined,
    choices: async () => ({ cookieConsent: undefined, languageId: null, currencyCode: null }),
  };

  it('sends the page unrendered when the render does not finish in time', async () => {
    const never = entry(() => new Promise(() => undefined));
    const started = Date.now();
    expect(await firstScreenOf(never, startup, 50)(request, PAGE)).toEqual({
      html: PAGE,
      status: 200,
    });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(warnings.at(-1)).toMatch(/took too long/);
  });

  it('sends the page unrendered when the render fails', async () => {
    const failing = entry(async () => {
      throw new Error('boom');
    });
    expect(await firstScreenOf(failing, startup, 1_000)(request, PAGE)).toEqual({
      html: PAGE,
      status: 200,
    });
    expect(warnings.at(-1)).toMatch(/failed/);
  });

  it('composes a kept render into each page it is given', async () => {
    const kept = {
      kind: 'page',
      status: 200,
      html: '<p>Shop</p>',
      lang: 'en',
      title: 'Shop',
      startup: {},
    } as const;
    const render = firstScreenOf(
      entry(async () => kept),
      startup,
      1_000,
    );
    const other = PAGE.replace('<head></head>', '<head><meta name="v" content="2"></head>');
    expect((await render(request, PAGE)).html).toBe(withFirstScreen(PAGE, kept));
    expect((await render(request, other)).html).toBe(withFirstScreen(other, kept));
  });
});
