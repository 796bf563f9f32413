// What a visitor types, chooses, ticks and taps on the server's first screen before the app has
// taken it over is kept and carried out (docs/decisions/0023, docs/architecture.md §5 "Slow devices"): on a
// phone-speed CPU (6× slower) with the app's code held back until the test has acted, on pages
// React hydrates and on pages the app renders over (a stored language or session).
import type { BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, holdRequests, openBrowser } from './support/browser';
import { resetLink } from './support/outbox';
import { type RunningServer, startServer } from './support/server';
import { appTookOver, hasTakenOver, seeText, waitForPath } from './support/storefront';

const PASSWORD = 'Diamond7';
const NEW_PASSWORD = 'Emerald8';
/**
 * The entry runs with the page (it holds what is done); the start-up module it asks for next
 * (src/bootstrap/browser-start.ts), through which the rest of the app loads, waits.
 */
const APP_CHUNK = /\/assets\/browser-start-[^/]+\.js$/;

let server: RunningServer;
let browser: Browser | undefined;
let germany: { id: number; iso: string };

async function api<T>(path: string, init: { method?: string; body?: unknown; token?: string } = {}) {
  const response = await fetch(`${server.baseURL}/api${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** An account made through the API; its access token signs a browser in. */
async function account(email: string): Promise<string> {
  const answer = await api<{ access_token: string }>('/register', {
    body: {
      name: 'Alex',
      surname: 'Early',
      email,
      phone: '+49 1512 3456789',
      phoneE164: '+4915123456789',
      password: PASSWORD,
      password_confirmation: PASSWORD,
      city: 'Berlin',
      country: germany.id,
    },
  });
  return answer.access_token;
}

interface SlowPage {
  page: Page;
  context: BrowserContext;
  /** Lets the app's code load: the app takes the page over. */
  release(): void;
}

/**
 * A fresh browser whose CPU runs 6× slower and whose app code waits for `release()`; `stored`
 * goes into localStorage before the page's scripts run (a stored language or session).
 */
async function slowPage(width: number, stored: Record<string, string> = {}): Promise<SlowPage> {
  browser = await openBrowser(server.baseURL, width);
  const { page, context } = browser;
  if (Object.keys(stored).length > 0) {
    await context.addInitScript((entries) => {
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
    }, stored);
  }
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  return { page, context, release: await holdRequests(page, APP_CHUNK) };
}

/** Loads `path` and returns as soon as its HTML is parsed (the server's first screen, no app yet). */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  expect(await hasTakenOver(page)).toBe(false);
}

/** Holds until the app's code is let through, so the test knows it acted before the app took over. */
async function stillServerPage(page: Page): Promise<void> {
  expect(await hasTakenOver(page)).toBe(false);
}

const isCall = (method: string, path: string) => (request: Request) =>
  request.method() === method && new URL(request.url()).pathname === `/api${path}`;

function main(page: Page) {
  return page.getByRole('main');
}

beforeAll(async () => {
  server = await startServer('before-takeover');
  const countries = await api<{ payload: { id: number; iso: string }[] }>('/countries');
  const found = countries.payload.find((country) => country.iso === 'DE');
  if (!found) throw new Error('no Germany in the seeded countries');
  germany = found;
});
afterEach(async () => {
  await browser?.close();
  browser = undefined;
});
afterAll(async () => {
  await server?.stop();
});

describe('a server-rendered form filled in and submitted before the app takes over', () => {
  it('Sign In sends what was typed and signs in', async () => {
    await account('early.signin@example.com');
    const { page, release } = await slowPage(375);
    await open(page, '/login');
    await main(page).getByLabel('Email', { exact: true }).pressSequentially('early.signin@example.com');
    await main(page).getByLabel('Password', { exact: true }).pressSequentially(PASSWORD);
    await page.keyboard.press('Enter');
    await stillServerPage(page);
    const login = page.waitForRequest(isCall('POST', '/login'));
    release();
    expect((await login).postDataJSON()).toMatchObject({
      username: 'early.signin@example.com',
      password: PASSWORD,
    });
    await page.waitForURL((url) => url.pathname.startsWith('/account'));
  });

  it('Sign In over which the app renders (a stored language) sends what was typed', async () => {
    await account('early.german@example.com');
    const { page, release } = await slowPage(1280, { languageId: '2' });
    await open(page, '/login');
    // The server's page is the default language's; the app's is German.
    await main(page).getByLabel('Email', { exact: true }).fill('early.german@example.com');
    await main(page).getByLabel('Password', { exact: true }).fill(PASSWORD);
    await main(page).getByRole('button', { name: 'SIGN IN', exact: true }).click();
    await stillServerPage(page);
    const login = page.waitForRequest(isCall('POST', '/login'));
    release();
    expect((await login).postDataJSON()).toMatchObject({
      username: 'early.german@example.com',
      password: PASSWORD,
    });
    await page.waitForURL((url) => url.pathname.startsWith('/account'));
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
  });

  it('Sign Up keeps the typed fields, the chosen dial code and the ticked terms, and sends them', async () => {
    const { page, release } = await slowPage(1280);
    await open(page, '/register');
    const form = main(page);
    await form.getByLabel('First Name', { exact: true }).fill('Robin');
    await form.getByLabel('Last Name', { exact: true }).fill('Early');
    await form.getByLabel('Email', { exact: true }).fill('early.signup@example.com');
    await form.getByLabel('Dial code', { exact: true }).selectOption(germany.iso);
    await form.getByLabel('Phone Number', { exact: true }).pressSequentially('1512 3456789');
    await form.getByLabel('City', { exact: true }).fill('Hamburg');
    await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await form.getByLabel('Confirm Password', { exact: true }).fill(PASSWORD);
    // The box is visually hidden inside its label (which holds links): the keyboard ticks it.
    await form.getByRole('checkbox').focus();
    await page.keyboard.press('Space');
    // The country is chosen from the select's list, which needs the app: SIGN UP says so first.
    await form.getByRole('button', { name: 'SIGN UP', exact: true }).click();
    await stillServerPage(page);
    release();
    await appTookOver(page);
    const country = form.getByRole('combobox', { name: 'Country' });
    await expect.poll(() => country.getAttribute('aria-invalid')).toBe('true');
    await seeText(page, 'Country is required');
    expect(await form.getByLabel('First Name', { exact: true }).inputValue()).toBe('Robin');
    expect(await form.getByLabel('Phone Number', { exact: true }).inputValue()).toBe('+49 1512 3456789');
    expect(await form.getByRole('checkbox').isChecked()).toBe(true);

    await country.fill('Germany');
    await page.getByRole('option', { name: 'Germany', exact: true }).click();
    const register = page.waitForRequest(isCall('POST', '/register'));
    await form.getByRole('button', { name: 'SIGN UP', exact: true }).click();
    expect((await register).postDataJSON()).toMatchObject({
      name: 'Robin',
      surname: 'Early',
      email: 'early.signup@example.com',
      phone: '+49 1512 3456789',
      phoneE164: '+4915123456789',
      city: 'Hamburg',
      country: germany.id,
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
    await page.waitForURL((url) => url.pathname.startsWith('/account'));
  });

  it('Forgot Password sends the typed email and says the link went out', async () => {
    await account('early.forgot@example.com');
    const { page, release } = await slowPage(375);
    await open(page, '/forgot-password');
    await main(page).getByLabel('Email', { exact: true }).pressSequentially('early.forgot@example.com');
    await page.keyboard.press('Enter');
    await stillServerPage(page);
    const request = page.waitForRequest(isCall('POST', '/user/reset-password'));
    release();
    expect((await request).postDataJSON()).toMatchObject({ email: 'early.forgot@example.com' });
    await seeText(page, 'Password reset link sent. Please check your email.');
  });

  it('Reset Password (the emailed link) sends the typed passwords and opens Sign In', async () => {
    await account('early.reset@example.com');
    await api('/user/reset-password', { body: { email: 'early.reset@example.com' } });
    const link = await resetLink(server.dataDir, 'early.reset@example.com');
    const { page, release } = await slowPage(1280);
    await open(page, `${link.pathname}${link.search}`);
    await main(page).getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
    // The show-password toggle does its part once the app is in; what was typed stays meanwhile.
    await main(page).getByRole('button', { name: 'Show password' }).first().click();
    expect(await main(page).getByLabel('New Password', { exact: true }).inputValue()).toBe(NEW_PASSWORD);
    await main(page).getByLabel('Confirm New Password', { exact: true }).fill(NEW_PASSWORD);
    await main(page).getByRole('button', { name: 'RESET PASSWORD', exact: true }).click();
    await stillServerPage(page);
    const request = page.waitForRequest(isCall('PUT', '/user/restore-password'));
    release();
    expect((await request).postDataJSON()).toMatchObject({
      email: 'early.reset@example.com',
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    await waitForPath(page, '/login');
    await seeText(page, 'Password reset successfully');
    await api('/login', { body: { username: 'early.reset@example.com', password: NEW_PASSWORD } });
  });

  it("The shop's search sends what was typed and shows what matches", async () => {
    const { page, release } = await slowPage(375);
    await open(page, '/shop');
    await main(page).getByRole('searchbox').pressSequentially('crate key');
    await page.keyboard.press('Enter');
    await stillServerPage(page);
    const search = page.waitForRequest(
      (request) =>
        isCall('GET', '/products')(request) && new URL(request.url()).searchParams.get('q') === 'crate key',
    );
    release();
    await search;
    await page.waitForURL((url) => url.searchParams.get('q') === 'crate key');
    expect(await main(page).getByRole('searchbox').inputValue()).toBe('crate key');
    await main(page).getByRole('heading', { name: 'Common Crate Key' }).waitFor();
  });
});

describe('a tap before the app takes over', () => {
  const addToCart = (page: Page) =>
    main(page)
      .getByRole('button', { name: /^Add to cart/ })
      .first()
      .click();
  const acceptCookies = (page: Page) =>
    page
      .getByRole('region', { name: 'Cookie consent' })
      .getByRole('button', { name: 'Accept', exact: true })
      .click();

  it('Add to cart on a hydrated page (a guest) asks to sign in', async () => {
    const { page, release } = await slowPage(375);
    await open(page, '/shop');
    await addToCart(page);
    await stillServerPage(page);
    release();
    await waitForPath(page, '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toMatch(/^\/shop/);
  });

  it('Add to cart on a page the app renders over (signed in) adds the product', async () => {
    const token = await account('early.cart@example.com');
    const { page, release } = await slowPage(1280, { auth_session: 'true', token });
    await open(page, '/shop');
    await addToCart(page);
    await stillServerPage(page);
    const add = page.waitForResponse((response) => isCall('POST', '/cart/add')(response.request()));
    release();
    const answer = await add;
    expect(answer.status()).toBe(200);
    const { id, count } = answer.request().postDataJSON() as { id: number; count: number };
    expect(count).toBe(1);
    const { cart } = (await answer.json()) as { cart: { item_id: number; count: number }[] };
    expect(cart).toContainEqual(expect.objectContaining({ item_id: id, count: 1 }));
  });

  it('Accept in the cookie banner of a hydrated page stores the consent', async () => {
    const { page, release } = await slowPage(375);
    await open(page, '/');
    await acceptCookies(page);
    await stillServerPage(page);
    release();
    await appTookOver(page);
    await page.getByRole('region', { name: 'Cookie consent' }).waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.cookie)).toMatch(/cookie_consent=/);
  });

  it('Accept in the cookie banner of a page the app renders over (a stored language) stores the consent', async () => {
    const { page, release } = await slowPage(1280, { languageId: '2' });
    await open(page, '/');
    await acceptCookies(page);
    await stillServerPage(page);
    release();
    await appTookOver(page);
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('de');
    await page.locator('.cookie-banner').waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.cookie)).toMatch(/cookie_consent=/);
  });
});
