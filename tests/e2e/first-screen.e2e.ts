// The first screen arrives in the HTML (docs/decisions/0021). With JavaScript off the
// home page and the shop show their first screen; with it on, React takes over that HTML without
// fetching again what the page carries.
import type { Page, Request, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified } from './support/auth';
import { type Browser, openBrowser } from './support/browser';
import { type RunningServer, startServer } from './support/server';
import { appTookOver, hasTakenOver } from './support/storefront';

let server: RunningServer;
let noScript: Browser;
let browser: Browser;

beforeAll(async () => {
  server = await startServer('first-screen');
  noScript = await openBrowser(server.baseURL, 1280, { javaScript: false });
  browser = await openBrowser(server.baseURL, 1280);
});
afterAll(async () => {
  await browser?.close();
  await noScript?.close();
  await server?.stop();
});

describe('with JavaScript off', () => {
  it('the home page shows the hero heading and the server address', async () => {
    const { page } = noScript;
    await page.goto('/');
    const heading = page.getByRole('heading', { level: 1, name: 'Your next adventure is one address away' });
    await heading.waitFor();
    // Until Space Grotesk arrives, the heading shows its size-adjusted fallback (src/styles/fonts.css).
    expect(await heading.evaluate((element) => getComputedStyle(element).fontFamily)).toMatch(
      /^"Space Grotesk", "Space Grotesk Fallback",/,
    );
    expect(
      await page.evaluate(() =>
        [...document.fonts].some((face) => face.family === 'Space Grotesk Fallback' && face.weight === '700'),
      ),
    ).toBe(true);
    const address = await page.locator('.copy-address__value').first().textContent();
    expect(address?.trim()).toMatch(/^[\w.-]+(?::\d+)?$/);
    await page.getByRole('region', { name: 'Cookie consent' }).waitFor();
    await page.screenshot({ path: 'test-results/e2e/first-screen-no-js-home.png' });
  });

  it('the shop shows its heading and the first page of product cards', async () => {
    const { page } = noScript;
    await page.goto('/shop');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.locator('.product-card').count()).toBeGreaterThan(0);
    await expect(page.locator('.product-card').first().textContent()).resolves.toMatch(/\S/);
    await page.screenshot({ path: 'test-results/e2e/first-screen-no-js-shop.png' });
  });

  it('an unknown path answers 404 with the not-found page (docs/decisions/0024)', async () => {
    const { page } = noScript;
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Oops! Page Not Found' }).waitFor();
    await page.getByRole('link', { name: 'Go Back Home' }).waitFor();
    await page.screenshot({ path: 'test-results/e2e/first-screen-no-js-not-found.png' });
  });
});

/**
 * The start-up answers the page carries: fetching any of them again is the bug this guards (the
 * countries are not among them: src/render/server-entry.tsx).
 */
const INLINED =
  /\/api\/(settings|languages|localizations|currencies|social-links|static-pages|products|products\/categories)(\?|$)/;

/**
 * Watches the app take over the next page `page` loads: the errors it logs, and whether the
 * server's first element of #root is still there (hydration keeps it, a fresh render replaces it).
 */
async function watchTakeOver(page: Page) {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as { serverNode?: Element | null }).serverNode =
        document.getElementById('root')?.firstElementChild;
    });
  });
  return {
    errors,
    keptServerHtml: () =>
      page.evaluate(
        () =>
          (window as { serverNode?: Element | null }).serverNode ===
          document.getElementById('root')?.firstElementChild,
      ),
  };
}

describe('with JavaScript on', () => {
  it.each(['/', '/shop', '/login', '/register'])(
    '%s hydrates the server HTML without fetching the start-up data again',
    async (path) => {
      const { page } = browser;
      const fetched: string[] = [];
      const onRequest = (request: Request) => {
        if (INLINED.test(request.url())) fetched.push(request.url());
      };
      page.on('request', onRequest);
      const takeOver = await watchTakeOver(page);
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await appTookOver(page);
      page.off('request', onRequest);
      expect(fetched).toEqual([]);
      expect(takeOver.errors).toEqual([]);
      expect(await takeOver.keptServerHtml()).toBe(true);
    },
  );
});

// The app's code arrives a second late, as on a slow phone network.
const late = async (route: Route) => {
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  await route.continue();
};

describe('a signed-in customer who chose German (docs/decisions/0054)', () => {
  let customer: Browser;
  beforeAll(async () => {
    customer = await openBrowser(server.baseURL, 1280);
    await signUpVerified(customer.page, server.dataDir, {
      name: 'Lena',
      surname: 'Berger',
      email: 'lena.berger@example.com',
      phone: '30901822',
      formattedPhone: '+49 30 901822',
      country: 'Germany',
      city: 'Berlin',
      password: 'Emerald42',
    });
    await appTookOver(customer.page);
    await customer.page
      .getByRole('banner')
      .getByRole('combobox', { name: 'Language' })
      .selectOption({ label: 'Deutsch' });
    await customer.page.locator('html[lang="de"]').waitFor({ state: 'attached' });
    await customer.page.setViewportSize({ width: 375, height: 800 });
  }, 60_000);
  afterAll(async () => {
    await customer?.close();
  });

  it.each(['/', '/shop'])(
    '%s comes in German and is hydrated, then shows the customer signed in',
    async (path) => {
      const { page } = customer;
      const takeOver = await watchTakeOver(page);
      const response = await page.goto(path);
      expect(await response?.text()).toMatch(/^<!doctype html>\s*<html lang="de"/i);
      await appTookOver(page);
      // The header of a signed-in customer, in German: their cart instead of SIGN IN.
      await page.getByRole('banner').getByRole('link', { name: 'Warenkorb' }).waitFor();
      expect(takeOver.errors).toEqual([]);
      expect(await takeOver.keptServerHtml()).toBe(true);
    },
  );

  it('a tap on Add to cart before the app has taken over puts the product in their cart', async () => {
    const { page } = customer;
    await page.route('**/assets/*.js', late);
    try {
      await page.goto('/shop');
      await page
        .locator('.product-card')
        .first()
        .getByRole('button', { name: /In den Warenkorb/ })
        .click();
      expect(await hasTakenOver(page)).toBe(false);
      await appTookOver(page);
      await page.getByRole('banner').locator('.site-header__badge', { hasText: /^1$/ }).waitFor();
    } finally {
      await page.unroute('**/assets/*.js', late);
    }
  });
});

describe('before the app has taken over', () => {
  it('a click on a server-rendered button is held and carried out once the app has started', async () => {
    const { page } = browser;
    await page.route('**/assets/*.js', late);
    try {
      await page.goto('/');
      const banner = page.getByRole('region', { name: 'Cookie consent' });
      await banner.getByRole('button', { name: 'Accept', exact: true }).click();
      expect(await hasTakenOver(page)).toBe(false);
      await banner.waitFor({ state: 'detached' });
      await appTookOver(page);
      expect(await page.evaluate(() => document.cookie)).toMatch(/cookie_consent=/);
    } finally {
      await page.unroute('**/assets/*.js', late);
    }
  });
});
