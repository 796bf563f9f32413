// docs/product.md §2 "Shell": a signed-in customer's header shows the balance and the cart link with its
// item-count badge at every width, on a phone too, beside the menu button, in one row. At 375 and
// 1280 px, in English and German (and Spanish at 375): add a product, the badge shows 1 without opening
// the menu; axe finds nothing serious; the bar is one row at 320, 375, 768 and 1280 px, saved as
// screenshots of the window.

import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ARTIFACTS_DIR } from './support/artifacts';
import { signUpVerified } from './support/auth';
import { blockingViolations, describeViolations } from './support/axe';
import { catalogueWord, LANGUAGE_IDS } from './support/catalogue';
import { journey } from './support/journey';
import { appTookOver, type Customer, header, openPage, seeText } from './support/storefront';

/** The words a customer reads, from the catalogues the store serves. */
function wordsOf(language: 'en' | 'de' | 'es') {
  const word = catalogueWord(language);
  return {
    id: LANGUAGE_IDS[language],
    cart: word('shell.nav.cart'),
    balance: word('shell.nav.balance'),
    add: word('shop.card.add'),
    added: word('cart.notice.added'),
    menu: word('shell.menu.title'),
    openMenu: word('shell.header.openMenu'),
  };
}

/** The widths of the screenshots: the narrowest phone, a common phone, the menu's limit, desktop. */
const SHOT_WIDTHS = [320, 375, 768, 1280] as const;

const customerFor = (width: number, language: string, n: number): Customer => ({
  name: 'Alex',
  surname: 'Brandt',
  email: `alex.brandt.${width}.${language}@example.com`,
  phone: `3090183${n}`,
  formattedPhone: `+49 30 90183${n}`,
  country: 'Germany',
  city: 'Berlin',
  password: 'Granite42',
});

const j = journey('header', 375);

/** Two frames: the layout of a new window width has been computed and painted. */
const nextPaint = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

/**
 * At each width: the bar is one row (no taller than the header height), nothing scrolls sideways and the
 * badge still shows 1; saves what the window shows as `header-<step>-<width>.png`.
 */
async function oneRowAtEveryWidth(page: Page, step: string): Promise<void> {
  const own = page.viewportSize();
  for (const width of SHOT_WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await nextPaint(page);
    const bar = await header(page).locator('.site-header__bar').boundingBox();
    expect(bar?.height, `the bar at ${width} px`).toBeLessThanOrEqual(73);
    const sideways = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(sideways, `sideways scroll at ${width} px`).toBeLessThanOrEqual(0);
    expect(await header(page).locator('.site-header__badge').isVisible(), `the badge at ${width} px`).toBe(
      true,
    );
    await page.screenshot({
      path: join(ARTIFACTS_DIR, `header-${step}-${width}.png`),
      animations: 'disabled',
    });
  }
  if (own !== null) await page.setViewportSize(own);
}

describe.each([
  [375, 'en', 1],
  [1280, 'en', 2],
  [375, 'de', 3],
  [1280, 'de', 4],
  [375, 'es', 5],
] as const)('a signed-in customer at %i px (%s)', (width, language, n) => {
  const words = wordsOf(language);

  it('adds a product and the header badge shows 1 without opening the menu; axe finds nothing serious', async () => {
    const { page } = j;
    await page.context().clearCookies();
    await page.setViewportSize({ width, height: 800 });
    // Cleared once the app has stored the language it chose as it started (it would write it back).
    await openPage(page, '/');
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => localStorage.clear());
    await signUpVerified(page, j.dataDir, customerFor(width, language, n));
    await page.evaluate((id) => localStorage.setItem('languageId', id), words.id);
    await openPage(page, '/shop');
    await page.locator(`html[lang^="${language}"]`).waitFor({ state: 'attached' });

    const banner = header(page);
    const cart = banner.getByRole('link', { name: new RegExp(`^${words.cart}\\b`) });
    const balance = banner.getByRole('link', { name: new RegExp(`^${words.balance}\\b`) });
    await cart.waitFor({ state: 'visible' });
    await balance.waitFor({ state: 'visible' });
    expect((await cart.textContent())?.trim()).toBe(words.cart);

    const card = page.locator('.product-card').first();
    await card.getByRole('button', { name: new RegExp(`^${words.add}`) }).click();
    await seeText(page, words.added);
    await expect.poll(() => cart.getAttribute('href')).toBe('/cart');
    await banner.locator('.site-header__badge', { hasText: /^1$/ }).waitFor({ state: 'visible' });
    expect(await cart.textContent()).toMatch(/1$/);
    expect(await page.getByRole('dialog').count()).toBe(0);

    await appTookOver(page);
    const violations = await blockingViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);

    await oneRowAtEveryWidth(page, `shop-${language}-from-${width}`);
  });

  if (width === 375) {
    it('shows the balance and the count in the full-screen menu too', async () => {
      const { page } = j;
      await header(page).getByRole('button', { name: words.openMenu, exact: true }).click();
      const menu = page.getByRole('dialog', { name: words.menu, exact: true });
      await menu.waitFor({ state: 'visible' });
      const cart = menu.getByRole('link', { name: new RegExp(`^${words.cart}\\b`) });
      await menu.locator('.mobile-menu__badge', { hasText: /^1$/ }).waitFor({ state: 'visible' });
      expect(await cart.textContent()).toMatch(/1$/);
      const balance = menu.getByRole('link', { name: new RegExp(`^${words.balance}\\b`) });
      expect(await balance.locator('.coin-amount__value').textContent()).toMatch(/^\d[\d.,]*[.,]\d{2}$/);
      const violations = await blockingViolations(page);
      expect(violations, describeViolations(violations)).toEqual([]);
      for (const shotWidth of [375, 320]) {
        await page.setViewportSize({ width: shotWidth, height: 800 });
        await nextPaint(page);
        await page.screenshot({ path: join(ARTIFACTS_DIR, `header-menu-${language}-${shotWidth}.png`) });
      }
      await page.setViewportSize({ width, height: 800 });
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'hidden' });
    });
  }
});
