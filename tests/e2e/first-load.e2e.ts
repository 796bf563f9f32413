// The first load counts as what the browser fetches (ADR 0032). `npm run size` counts it from the
// build (scripts/size-files.ts); this checks its lists against Chromium: every script a first visit
// fetches by itself (no pointer, key or touch; the load settled and the browser idle) is one that
// `npm run size` counts for that page, and on `/` it fetches all of them (docs/decisions/0032).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_MODULES, readBuild } from '../../scripts/size-files';
import { holdRequests, openBrowser } from './support/browser';
import { type RunningServer, startServer } from './support/server';
import { appTookOver, NARROW_WIDTH } from './support/storefront';

const QUIET_MS = 1_500;

let server: RunningServer;
const build = readBuild();

beforeAll(async () => {
  server = await startServer('first-load');
});
afterAll(async () => {
  await server?.stop();
});

/** The scripts (`assets/….js`) a fresh browser of `width` fetches for `path` without any interaction. */
async function scriptsFetched(path: string, width: number): Promise<string[]> {
  const browser = await openBrowser(server.baseURL, width);
  try {
    const fetched = new Set<string>();
    let last = Date.now();
    browser.page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/assets/') && pathname.endsWith('.js')) {
        fetched.add(pathname.slice(1));
        last = Date.now();
      }
    });
    await browser.page.goto(path);
    await appTookOver(browser.page);
    await settle(browser.page, () => last);
    return [...fetched].sort();
  } finally {
    await browser.close();
  }
}

/** Until no script has been asked for in QUIET_MS and the browser has had an idle period. */
async function settle(page: Page, lastRequest: () => number): Promise<void> {
  for (;;) {
    await page.evaluate(
      () => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 5_000 })),
    );
    const quietFor = Date.now() - lastRequest();
    if (quietFor >= QUIET_MS) return;
    await page.waitForTimeout(QUIET_MS - quietFor);
  }
}

describe('the first load of / is what npm run size counts', () => {
  for (const [name, width] of [
    ['wide screen', 1280],
    ['phone', NARROW_WIDTH],
  ] as const) {
    it(`on a ${name}`, async () => {
      expect(await scriptsFetched('/', width)).toEqual(build.firstLoad);
    });
  }
});

describe("a route's arrival fetches no script beyond what npm run size counts for it", () => {
  for (const path of ['/register', '/login', '/shop'] as const) {
    it(path, async () => {
      const route = ROUTE_MODULES[path];
      if (!route) throw new Error(`no ROUTE_MODULES entry for ${path}`);
      const counted = new Set([...build.firstLoad, ...build.ownFiles(route.arrival)]);
      const fetched = await scriptsFetched(path, 1280);
      expect(fetched.filter((file) => !counted.has(file))).toEqual([]);
    });
  }
});

describe("the sign-up country field's look-alike (DeferredSelect) hands over to the select", () => {
  it('where it stood, with the text typed meanwhile and the list open on it, from the keyboard', async () => {
    const browser = await openBrowser(server.baseURL, 1280);
    try {
      const { page } = browser;
      // The select's chunk answers only when the test lets it: the look-alike takes the typing.
      const release = await holdRequests(page, /\/assets\/Select-[^/]+\.js$/);
      await page.goto('/register');
      await appTookOver(page);
      const field = page.locator('main .field.select');
      const before = await field.boundingBox();
      expect(await field.getAttribute('class')).toContain('select--look-alike');
      await page.getByLabel('Confirm Password', { exact: true }).focus();
      await page.getByLabel('City', { exact: true }).focus();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.type('Germ');
      release();
      await page.getByRole('option', { name: 'Germany', exact: true }).waitFor();
      expect(await field.getAttribute('class')).not.toContain('select--look-alike');
      const country = page.getByRole('combobox', { name: 'Country' });
      expect(await country.inputValue()).toBe('Germ');
      expect(await country.evaluate((input) => input === document.activeElement)).toBe(true);
      expect(await field.boundingBox()).toEqual(before);
      await page.keyboard.press('ArrowDown');
      // The list's focus moves to the option first (aria-activedescendant); Enter then chooses it.
      await page.waitForFunction(() => {
        const input = document.activeElement;
        const option = document.getElementById(input?.getAttribute('aria-activedescendant') ?? '');
        return option?.textContent?.trim() === 'Germany';
      });
      await page.keyboard.press('Enter');
      await expect.poll(() => country.inputValue()).toBe('Germany');
    } finally {
      await browser.close();
    }
  });
});

describe("the sign-up phone field's library, which loads on the form's first use", () => {
  it('reads what was typed and submitted before it arrived, once it has', async () => {
    const library = readBuild().ownFiles(['src/features/forms/phone.ts'])[0];
    const browser = await openBrowser(server.baseURL, 1280);
    try {
      const { page } = browser;
      const release = await holdRequests(page, `**/${library}`);
      await page.goto('/register');
      await appTookOver(page);
      const dialCode = page.getByRole('combobox', { name: 'Dial code' });
      const germany = await dialCode.locator('option', { hasText: 'Germany (+49)' }).getAttribute('value');
      await dialCode.selectOption(germany ?? '');
      const number = page.getByRole('textbox', { name: 'Phone Number' });
      expect(await number.inputValue()).toBe('+49');
      await number.pressSequentially('15123456789');
      // Not read yet, the digits after the dial code (the caret may have stood before it).
      expect(await number.inputValue()).toBe('+4915123456789');
      await page.getByRole('button', { name: 'SIGN UP' }).click();
      release();
      await page
        .getByLabel('First Name', { exact: true })
        .and(page.locator('[aria-invalid="true"]'))
        .waitFor();
      expect(await number.inputValue()).toBe('+49 1512 3456789');
      expect(await number.getAttribute('aria-invalid')).toBeNull();
    } finally {
      await browser.close();
    }
  });
});
