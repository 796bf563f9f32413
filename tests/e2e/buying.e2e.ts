// The buying journey on the real server, at 1280 and 375 px: sign up → verify from
// the outbox → open a product by its URL → add 2 → add another from its card → filter the shop by
// category (mouse, back, keyboard, All) → cart total →
// change a quantity → remove a line → coins checkout short of coins (shortfall and Top up) → top
// up the difference through the sandbox, back in the cart → coins checkout succeeds, the balance dropped by exactly
// the total → add again → a card payment declined in the sandbox → Try again finds the lines back
// → card Pay → success. Amounts are read from the pages, not the seed.

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatCoins } from '../../domain/money-text';
import { seedProducts } from '../../server/db/seed/products';
import { signUpVerified } from './support/auth';
import { journey } from './support/journey';
import * as storefront from './support/storefront';

const customerAt = (width: number): storefront.Customer => ({
  name: 'Robin',
  surname: 'Carter',
  email: `robin.carter.${width}@example.com`,
  phone: '30901821',
  formattedPhone: '+49 30 901821',
  country: 'Germany',
  city: 'Berlin',
  password: 'Emerald42',
});

/** The first coin amount in a text ('Your balance: 1,250.50 Coins'), in minor units. */
function coinsIn(text: string | null): number {
  const match = /\d[\d,]*\.\d{2}/.exec(text ?? '');
  if (match === null) throw new Error(`no coin amount in ${JSON.stringify(text)}`);
  return Math.round(Number(match[0].replaceAll(',', '')) * 100);
}

/** A seeded product's price in coin minor units (the demo store's amounts, not copies of them). */
function price(slug: string): number {
  const product = seedProducts.find((candidate) => candidate.slug === slug);
  if (!product) throw new Error(`no seeded product ${slug}`);
  return product.priceMinor;
}
const chest = price('emerald-chest');
const key = price('key-common');
const pouch = price('emerald-pouch');
/** The cart's coin total as the page shows it. */
const total = (minor: number) => formatCoins(minor);

const cartTotal = async (page: Page) => coinsIn(await page.locator('.cart__total').textContent());
const checkoutBalance = async (page: Page) =>
  coinsIn(await page.locator('.checkout__coins p').first().textContent());

describe.each([1280, storefront.NARROW_WIDTH])('a new customer buys at %i px', (width) => {
  const j = journey(`buying-${width}`, width);
  const customer = customerAt(width);
  const shot = (step: string) => j.screenshot(step, [width]);

  it('signs up and verifies the email', async () => {
    await signUpVerified(j.page, j.dataDir, customer);
  });

  it('opens a product by its URL and adds 2, then another from its card', async () => {
    const { page } = j;
    await storefront.openPage(page, '/shop?product=5');
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Emerald Chest' }).waitFor();
    await dialog.getByRole('button', { name: 'More' }).click();
    await shot('product-dialog');
    await dialog.getByRole('button', { name: 'Add to cart' }).click();
    await storefront.seeText(page, 'Added to cart');
    // One add at a time: a card's button waits while an add is running.
    await page.getByRole('button', { name: 'Add to cart (Common Crate Key)' }).click();
    await page.locator('.site-header__badge', { hasText: '2' }).first().waitFor({ state: 'attached' });
    await page.getByRole('button', { name: 'Add to cart (Emerald Pouch)' }).click();
    await page.locator('.site-header__badge', { hasText: '3' }).first().waitFor({ state: 'attached' });
    await shot('shop');
  });

  it('filters the shop by category from the keyboard and the mouse, and All shows every product', async () => {
    const { page } = j;
    await storefront.openPage(page, '/shop');
    const filter = page.getByRole('radiogroup', { name: 'Categories' });
    const titles = async () => (await page.locator('.product-card__title').allTextContents()).sort();
    const seededTitles = (category: string) =>
      seedProducts
        .filter((product) => product.category === category)
        .map((product) => product.text.en.title)
        .sort();
    await filter.getByRole('radio', { name: 'All', checked: true }).waitFor();
    await page.locator('.product-card__title').first().waitFor();
    const everything = await titles();
    expect(everything.length).toBeGreaterThan(seededTitles('crate-keys').length);
    await filter.getByRole('radio', { name: 'Crate keys' }).click();
    await storefront.waitForPath(page, '/shop', { category: 'crate-keys' });
    await expect.poll(titles).toEqual(seededTitles('crate-keys'));
    await shot('shop-category');
    await page.goBack();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await expect.poll(titles).toEqual(everything);
    // Arrow keys move between the choices, Enter chooses.
    await filter.getByRole('radio', { name: 'All' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await storefront.waitForPath(page, '/shop', { category: 'ranks' });
    await expect.poll(titles).toEqual(seededTitles('ranks'));
    await filter.getByRole('radio', { name: 'All' }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await expect.poll(titles).toEqual(everything);
  });

  it('sees the lines and the total, changes a quantity and removes a line', async () => {
    const { page } = j;
    if (width === storefront.NARROW_WIDTH) await storefront.openPage(page, '/cart');
    else await page.locator('.site-header__cart').click();
    await storefront.waitForPath(page, '/cart');
    await storefront.seeHeading(page, 'Cart');
    await page.getByText(total(2 * chest + key + pouch), { exact: true }).waitFor();
    await shot('cart');
    await page.getByRole('button', { name: 'One more Common Crate Key' }).click();
    await page.getByText(total(2 * chest + 2 * key + pouch), { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Remove Emerald Pouch' }).click();
    await page.getByText(total(2 * chest + 2 * key), { exact: true }).waitFor();
    expect(await page.getByRole('heading', { name: 'Emerald Pouch' }).count()).toBe(0);
    await shot('cart-changed');
  });

  it('is short of coins: the shortfall and a Top up link', async () => {
    const { page } = j;
    // The demo products deliver in game: the order names its player (ADR 0031).
    await page.getByRole('textbox', { name: 'Player name' }).fill('Steve');
    await page.getByRole('button', { name: 'Pay with Coins' }).click();
    await page.locator('.checkout__short').getByText('Your balance is short by').waitFor();
    expect(await page.getByRole('link', { name: 'Top up' }).getAttribute('href')).toMatch(
      /^\/account\/balance\?amount=/,
    );
    await shot('coins-short');
  });

  it('tops up the missing coins through the sandbox', async () => {
    const { page } = j;
    await page.getByRole('link', { name: 'Top up' }).click();
    await storefront.waitForPath(page, '/account/balance');
    await shot('top-up');
    await page.getByRole('button', { name: 'Top up', exact: true }).click();
    await page.getByRole('heading', { name: 'TOP UP BALANCE' }).waitFor();
    await shot('top-up-review');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL(/\/api\/sandbox\/pay\//);
    await shot('top-up-sandbox');
    await page.locator('button.pay').click();
    // Started from the cart's Top up: back in the cart, the checkout ready (ADR 0028).
    await storefront.waitForPath(page, '/cart');
    await page.getByText(/^Successfully added/).waitFor();
    await shot('top-up-success');
  });

  it('pays with coins now, and the balance dropped by exactly the total', async () => {
    const { page } = j;
    await page.locator('.cart__total').waitFor();
    const total = await cartTotal(page);
    const before = await checkoutBalance(page);
    expect(before).toBeGreaterThanOrEqual(total);
    await page.locator('.checkout__short').waitFor({ state: 'detached' });
    // No order was made yet, so no player is saved: the name is given again.
    await page.getByRole('textbox', { name: 'Player name' }).fill('Steve');
    await shot('coins-enough');
    await page.getByRole('button', { name: 'Pay with Coins' }).click();
    await storefront.waitForPath(page, '/success-payment');
    await storefront.seeText(page, 'Payment completed successfully!');
    await shot('coins-success');
    await storefront.openPage(page, '/account/balance');
    await page
      .locator('.account-balance')
      .getByText(/\d\.\d{2}/)
      .waitFor();
    expect(coinsIn(await page.locator('.account-balance').textContent())).toBe(before - total);
    await shot('balance-after');
  });

  it('pays by card, is declined, and finds the lines back after Try again', async () => {
    const { page } = j;
    await storefront.openPage(page, '/shop');
    await page.getByRole('button', { name: 'Add to cart (Common Crate Key)' }).click();
    await storefront.seeText(page, 'Added to cart');
    await page.getByRole('button', { name: 'Add to cart (Emerald Pouch)' }).click();
    await page.locator('.site-header__badge', { hasText: '2' }).first().waitFor({ state: 'attached' });
    await storefront.openPage(page, '/cart');
    await page.locator('.cart__total').waitFor();
    const total = await cartTotal(page);
    await shot('cart-again');
    // The first order saved its player on the profile: checkout suggests it now.
    expect(await page.getByRole('textbox', { name: 'Player name' }).inputValue()).toBe('Steve');
    await page.getByLabel('Debit / Credit card').check();
    await page.getByRole('button', { name: 'Pay by card' }).click();
    await page.waitForURL(/\/api\/sandbox\/pay\//);
    await shot('sandbox');
    await page.locator('button.decline').click();
    await storefront.waitForPath(page, '/fail-payment');
    await storefront.seeText(page, 'Payment failed. Please try again.');
    await shot('fail');
    await page.getByRole('link', { name: /try again/i }).click();
    await storefront.waitForPath(page, '/cart');
    await page.getByRole('heading', { level: 2, name: 'Common Crate Key' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Emerald Pouch' }).waitFor();
    expect(await cartTotal(page)).toBe(total);
    await shot('cart-restored');
  });

  it('pays by card and lands on the success page with an empty cart', async () => {
    const { page } = j;
    await page.getByLabel('Debit / Credit card').check();
    await page.getByRole('button', { name: 'Pay by card' }).click();
    await page.waitForURL(/\/api\/sandbox\/pay\//);
    await page.locator('button.pay').click();
    await storefront.waitForPath(page, '/success-payment');
    await storefront.seeText(page, 'Payment completed successfully!');
    await shot('success');
    await storefront.openPage(page, '/cart');
    await page.getByRole('heading', { name: 'Your cart is empty' }).waitFor();
  });
});
