// docs/product.md §2 "Shop search and sort" and product limits, on the real server at 375 and 1280 px in
// English and German: a signed-in customer searches the shop (the address keeps it), sorts it by price,
// adds the dearest rank, and adding it a second time is refused with the limit named; the cart's line
// names it too. Screenshots go to /tmp/shop-shots.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { signUpVerified } from './support/auth';
import { catalogueWord, LANGUAGE_IDS } from './support/catalogue';
import { journey } from './support/journey';
import { type Customer, openPage, seeText } from './support/storefront';

const SHOTS = '/tmp/shop-shots';
mkdirSync(SHOTS, { recursive: true });

/** What a customer reads, from the catalogues the store serves (and the server's own message). */
function wordsOf(language: 'en' | 'de') {
  const word = catalogueWord(language);
  return {
    id: LANGUAGE_IDS[language],
    search: word('shop.search.label'),
    sort: word('shop.sort.label'),
    add: word('shop.card.add'),
    added: word('cart.notice.added'),
    cart: word('shell.nav.cart'),
    perOrder: word('cart.limit.perOrder').replace('{limit, number}', '1'),
    query: { en: 'rank', de: 'rang' }[language],
    dearest: { en: 'Legend Rank', de: 'Legenden-Rang' }[language],
    refused: {
      en: 'You can buy at most 1 of this item in one order.',
      de: 'Von diesem Artikel kannst du höchstens 1 pro Bestellung kaufen.',
    }[language],
  };
}

const customerFor = (width: number, language: string, n: number): Customer => ({
  name: 'Sam',
  surname: 'Search',
  email: `sam.search.${width}.${language}@example.com`,
  phone: `3090184${n}`,
  formattedPhone: `+49 30 90184${n}`,
  country: 'Germany',
  city: 'Berlin',
  password: 'Granite42',
});

const j = journey('shop-search', 375);

describe.each([
  [375, 'en', 1],
  [1280, 'en', 2],
  [375, 'de', 3],
  [1280, 'de', 4],
] as const)('the shop at %i px (%s)', (width, language, n) => {
  const words = wordsOf(language);

  it('searches and sorts in the address, and a rank added twice is refused with its limit named', async () => {
    const { page } = j;
    await page.context().clearCookies();
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    await page.evaluate(() => localStorage.clear());
    await signUpVerified(page, j.dataDir, customerFor(width, language, n));
    await page.evaluate((id) => localStorage.setItem('languageId', id), words.id);
    await openPage(page, '/shop');
    await page.locator(`html[lang^="${language}"]`).waitFor({ state: 'attached' });

    await page.getByRole('searchbox', { name: words.search }).fill(words.query);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.search === `?q=${words.query}`);
    await expect.poll(() => page.locator('.product-card').count()).toBe(3);

    await page.getByRole('combobox', { name: words.sort }).selectOption('price_desc');
    await page.waitForURL((url) => url.search === `?q=${words.query}&sort=price_desc`);
    const first = page.locator('.product-card').first();
    await first.getByRole('heading', { name: words.dearest }).waitFor();
    await page.screenshot({ path: join(SHOTS, `search-sort-${language}-${width}.png`), fullPage: true });

    // Back and Forward restore the search and the order.
    await page.goBack();
    await page.waitForURL((url) => url.search === `?q=${words.query}`);
    await expect.poll(() => page.getByRole('combobox', { name: words.sort }).inputValue()).toBe('position');
    await page.goForward();
    await page.waitForURL((url) => url.search === `?q=${words.query}&sort=price_desc`);
    await first.getByRole('heading', { name: words.dearest }).waitFor();

    const add = first.getByRole('button', { name: new RegExp(`^${words.add}`) });
    await add.click();
    await seeText(page, words.added);
    await add.click();
    await seeText(page, words.refused);
    await page.screenshot({ path: join(SHOTS, `refused-${language}-${width}.png`) });

    await openPage(page, '/cart');
    const line = page.locator('.cart-line', { has: page.getByRole('heading', { name: words.dearest }) });
    expect(await line.locator('.cart-line__count').textContent()).toBe('1');
    await line.getByText(words.perOrder).waitFor();
    await page.screenshot({ path: join(SHOTS, `cart-${language}-${width}.png`), fullPage: true });
  });
});
