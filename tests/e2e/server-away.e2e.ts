// docs/decisions/0027: a server blip never blanks the store. With the app loaded, the server is stopped: a
// press that needs code or data keeps the shell and shows a translated message with Retry (never
// the router's own error screen: tests/e2e/support/browser.ts fails any test where it renders);
// once the server is back, Retry and the next navigation work. Its own server, stopped and started.
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from './support/artifacts';
import { type Browser, openBrowser, ROUTER_ERROR_TEXT } from './support/browser';
import { type RunningServer, startServer } from './support/server';
import { appTookOver, seeHeading } from './support/storefront';

const LOAD_FAILED = 'This could not be loaded. Check your connection and try again.';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer('server-away');
  browser = await openBrowser(server.baseURL, 1280);
});

let away = false;
const pause = async () => {
  away = true;
  await server.pause();
};
const resume = async () => {
  await server.resume();
  away = false;
};

afterEach(async ({ task }) => {
  // A failed test leaves the server running for the next one.
  if (away) await resume();
  if (task.result?.state === 'fail') {
    await screenshot(
      browser.page,
      'server-away',
      `failed-${task.name.slice(0, 30).replace(/\W+/g, '-')}`,
      [1280],
    ).catch(() => undefined);
  }
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The shell's header and footer are there, with the failure's message and its Retry. */
async function seeShellWithRetry(page: Page) {
  const main = page.locator('#content');
  await main.getByRole('alert').filter({ hasText: LOAD_FAILED }).waitFor({ state: 'visible' });
  await main.getByRole('button', { name: 'Retry', exact: true }).waitFor({ state: 'visible' });
  await page.getByRole('banner').waitFor({ state: 'visible' });
  await page.getByRole('contentinfo').waitFor({ state: 'visible' });
  expect(await page.textContent('body')).not.toContain(ROUTER_ERROR_TEXT);
}

async function signedInShop(page: Page) {
  const api = (path: string, body?: unknown, token?: string) =>
    fetch(`${server.baseURL}/api/${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then((response) => response.json() as Promise<Record<string, unknown>>);
  const countries = (await api('countries')).payload as { id: number; iso: string }[];
  const germany = countries.find((country) => country.iso === 'DE');
  const registered = await api('register', {
    name: 'Kim',
    surname: 'Away',
    email: 'kim.away@example.com',
    phone: '+49 30 901820',
    phoneE164: '+4930901820',
    password: 'Emerald42',
    password_confirmation: 'Emerald42',
    city: 'Berlin',
    country: germany?.id,
  });
  const token = registered.access_token;
  if (typeof token !== 'string') throw new Error(`sign-up failed: ${JSON.stringify(registered)}`);
  await page.goto('/');
  await page.evaluate((value) => {
    localStorage.setItem('auth_session', 'true');
    localStorage.setItem('token', value);
  }, token);
  await page.goto('/shop');
  await appTookOver(page);
  await page.getByRole('link', { name: 'Cart' }).first().waitFor({ state: 'visible' });
}

describe('the server goes away under a loaded app (1280 px)', () => {
  it("a guest's Add to cart keeps the shell with a message and Retry; Retry works once the server is back", async () => {
    const { page } = browser;
    await page.goto('/shop');
    await appTookOver(page);
    const add = page.getByRole('button', { name: 'Add to cart' }).first();
    await add.waitFor({ state: 'visible' });

    await pause();
    await add.click();
    await seeShellWithRetry(page);
    await screenshot(page, 'server-away', 'guest-add-to-cart', [1280]);

    // Still away: Retry fails again the same way, and the shell stays.
    await page.getByRole('button', { name: 'Retry', exact: true }).click();
    await seeShellWithRetry(page);

    await resume();
    await page.getByRole('button', { name: 'Retry', exact: true }).click();
    await seeHeading(page, 'Sign In');
  });

  it('a page whose code did not load is asked again at the next navigation', async () => {
    const { page } = browser;
    await page.goto('/');
    await appTookOver(page);
    await pause();
    await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ', exact: true }).first().click();
    await seeShellWithRetry(page);

    await resume();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Rules', exact: true }).first().click();
    await seeHeading(page, 'Rules');
    await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ', exact: true }).first().click();
    await seeHeading(page, 'FAQ');
  });

  it("a customer's Add to cart with the server away shows the network error as a toast in the shell", async () => {
    const { page } = browser;
    await signedInShop(page);
    await pause();
    await page.getByRole('button', { name: 'Add to cart' }).first().click();
    await page.getByText('Network error. Please check your connection.').waitFor({ state: 'visible' });
    await page.getByRole('banner').waitFor({ state: 'visible' });
    expect(await page.textContent('body')).not.toContain(ROUTER_ERROR_TEXT);
    await screenshot(page, 'server-away', 'customer-add-to-cart', [1280]);

    await resume();
    await page.getByRole('button', { name: 'Add to cart' }).first().click();
    await page.getByText('Added to cart', { exact: true }).first().waitFor({ state: 'visible' });
  });
});
