// WCAG 2.4.11 Focus Not Obscured: while the cookie banner shows, nothing that has focus
// sits under it, at 375 and 1280 px, in English and German; a toast shown meanwhile stacks above
// the banner instead of covering its buttons.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { journey } from './support/journey';
import { appTookOver } from './support/storefront';

const j = journey('cookie-banner-focus', 1280);

type Box = { left: number; top: number; right: number; bottom: number };

const overlap = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

function rectOf(selector: string): (page: Page) => Promise<Box | null> {
  return (page) =>
    page.evaluate((css) => {
      const element = document.querySelector(css);
      if (element === null) return null;
      const { left, top, right, bottom } = element.getBoundingClientRect();
      return { left, top, right, bottom };
    }, selector);
}
const bannerRect = rectOf('.cookie-banner');

/** The focused element's box and what it is, unless it is inside the banner itself. */
function focusedOutsideBanner(page: Page) {
  return page.evaluate(() => {
    const focused = document.activeElement;
    if (focused === null || focused === document.body || focused.closest('.cookie-banner')) return null;
    const { left, top, right, bottom } = focused.getBoundingClientRect();
    return {
      box: { left, top, right, bottom },
      name: `${focused.tagName.toLowerCase()} "${(focused.textContent ?? '').trim().slice(0, 40)}"`,
      lastAdd: focused === [...document.querySelectorAll('.product-card button')].at(-1),
    };
  });
}

describe.each([
  [1280, 'en'],
  [375, 'en'],
  [1280, 'de'],
  [375, 'de'],
])('the cookie banner at %i px (%s)', (width, language) => {
  it('never covers what has focus: Tab from the top of /shop to the last Add to cart', async () => {
    const { page } = j;
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/');
    await page.evaluate(
      (languageId) => localStorage.setItem('languageId', languageId),
      language === 'de' ? '2' : '1',
    );
    await page.goto('/shop');
    await appTookOver(page);
    await page.locator('.product-card button').last().waitFor({ state: 'visible' });
    expect(await page.evaluate(() => document.documentElement.lang)).toMatch(new RegExp(`^${language}`));
    expect(await bannerRect(page)).not.toBeNull();

    let reachedLastAdd = false;
    for (let press = 0; press < 80 && !reachedLastAdd; press += 1) {
      await page.keyboard.press('Tab');
      const focused = await focusedOutsideBanner(page);
      if (focused === null) continue;
      const banner = await bannerRect(page);
      if (banner === null) throw new Error('the banner went away');
      expect(overlap(focused.box, banner), `${focused.name} is under the banner`).toBe(false);
      reachedLastAdd = focused.lastAdd;
    }
    expect(reachedLastAdd).toBe(true);
    await j.screenshot(`last-add-to-cart-${language}`, [width]);
  });

  it('a toast shown meanwhile stacks above the banner, clear of its buttons', async () => {
    const { page } = j;
    await page.setViewportSize({ width, height: 800 });
    // docs/product.md §2: /fail-payment says 'Payment failed. Please try again.' as a toast.
    await page.goto('/fail-payment');
    await appTookOver(page);
    const toast = page.locator('.toast').first();
    await toast.waitFor({ state: 'visible' });
    const banner = await bannerRect(page);
    const toastBox = await rectOf('.toast')(page);
    if (banner === null || toastBox === null) throw new Error('no banner or no toast');
    expect(overlap(toastBox, banner)).toBe(false);
    await j.screenshot(`toast-${language}`, [width]);
  });
});
