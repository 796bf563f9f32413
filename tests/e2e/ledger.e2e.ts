// The balance history and the order page with its receipt, at 1280 and 375 px: sign up (the welcome
// bonus) → buy the Common Crate Key with coins → buy the Rainbow Trail by card in the sandbox → in
// English and in German: the order history shows each order's number, method and card charge and
// the titles in the language → the order page → its receipt as printed (print media: the company's
// details, no header, footer or menu; Print receipt calls window.print) → the balance history
// (the bonus, the order, the running balance). axe finds nothing serious. Screenshots under
// test-results/e2e (and /tmp/ledger-shots when it exists).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ARTIFACTS_DIR } from './support/artifacts';
import { signUpVerified } from './support/auth';
import { blockingViolations, describeViolations } from './support/axe';
import { catalogueWord, LANGUAGE_IDS } from './support/catalogue';
import { journey } from './support/journey';
import * as storefront from './support/storefront';

function wordsOf(language: 'en' | 'de') {
  const word = catalogueWord(language);
  return {
    id: LANGUAGE_IDS[language],
    key: { en: 'Common Crate Key', de: 'Gewöhnlicher Schlüssel' }[language],
    trail: { en: 'Rainbow Trail', de: 'Regenbogenspur' }[language],
    orders: word('account.menu.orders'),
    history: word('account.history.title'),
    order: word('account.order.title'),
    print: word('account.order.print'),
    bonus: word('account.history.reason.welcomeBonus'),
    orderReason: word('account.history.reason.order'),
    balance: word('account.order.method.balance'),
    card: word('account.order.method.card'),
  };
}

const customerAt = (width: number): storefront.Customer => ({
  name: 'Kim',
  surname: 'Ledger',
  email: `kim.ledger.${width}@example.com`,
  phone: `3090184${width === 375 ? 1 : 2}`,
  formattedPhone: `+49 30 90184${width === 375 ? 1 : 2}`,
  country: 'Germany',
  city: 'Berlin',
  password: 'Granite42',
});

const SHOTS = '/tmp/ledger-shots';

async function shoot(page: Page, name: string) {
  await page.screenshot({
    path: join(ARTIFACTS_DIR, `ledger-${name}.png`),
    fullPage: true,
    animations: 'disabled',
  });
  if (existsSync(SHOTS))
    await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true, animations: 'disabled' });
}

async function noSeriousViolations(page: Page) {
  const violations = await blockingViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
}

async function buy(page: Page, title: string, category: string) {
  await storefront.openPage(page, `/shop?category=${category}`);
  await page.getByRole('button', { name: `Add to cart (${title})` }).click();
  await storefront.seeText(page, 'Added to cart');
  await storefront.openPage(page, '/cart');
  await page.locator('.cart__total').waitFor();
  const player = page.getByRole('textbox', { name: 'Player name' });
  if ((await player.inputValue()) === '') await player.fill('Steve');
}

describe.each([1280, storefront.NARROW_WIDTH])('balance history and receipts at %i px', (width) => {
  const j = journey(`ledger-${width}`, width);

  it('signs up and orders with coins, then by card', async () => {
    const { page } = j;
    await signUpVerified(page, j.dataDir, customerAt(width));
    await buy(page, 'Common Crate Key', 'crate-keys');
    await page.getByRole('button', { name: 'Pay with Coins' }).click();
    await storefront.waitForPath(page, '/success-payment');
    await buy(page, 'Rainbow Trail', 'cosmetics');
    await page.getByLabel('Debit / Credit card').check();
    await page.getByRole('button', { name: 'Pay by card' }).click();
    await page.waitForURL(/\/api\/sandbox\/pay\//);
    await page.locator('button.pay').click();
    await storefront.waitForPath(page, '/success-payment');
  });

  describe.each(['en', 'de'] as const)('in %s', (language) => {
    const words = wordsOf(language);

    it('order history → order page → printed receipt', async () => {
      const { page } = j;
      await page.evaluate((id) => localStorage.setItem('languageId', id), words.id);
      await storefront.openPage(page, '/account/order-history');
      await page.locator(`html[lang^="${language}"]`).waitFor({ state: 'attached' });
      const history = page.getByRole('region', { name: words.orders });
      const rows = history.locator('tbody tr');
      await rows.first().waitFor();
      expect(await rows.count()).toBe(2);
      // Newest first: the card order, its charge in euros; then the coins order; titles in the language.
      await expect.poll(() => rows.nth(0).textContent()).toContain(words.trail);
      expect(await rows.nth(0).textContent()).toMatch(new RegExp(`${words.card}.*€`));
      expect(await rows.nth(1).textContent()).toContain(words.key);
      expect(await rows.nth(1).textContent()).toContain(words.balance);
      if (language === 'de') expect(await rows.nth(0).textContent()).toMatch(/\d{2}\.\d{2}\.\d{4}/);
      else expect(await rows.nth(0).textContent()).toMatch(/\d{2}\/\d{2}\/\d{4}/);
      await shoot(page, `history-${language}-${width}`);
      await noSeriousViolations(page);

      await rows.nth(0).getByRole('link').click();
      await page.waitForURL((url) => /^\/account\/orders\/\d+$/.test(url.pathname));
      const order = page.getByRole('region', { name: words.order });
      await order.getByRole('heading', { level: 3 }).waitFor();
      expect(await order.textContent()).toContain(words.trail);
      await shoot(page, `order-${language}-${width}`);
      await noSeriousViolations(page);

      await page.evaluate(() => {
        (window as unknown as { printed: number }).printed = 0;
        window.print = () => {
          (window as unknown as { printed: number }).printed += 1;
        };
      });
      await order.getByRole('button', { name: words.print }).click();
      expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
      await page.emulateMedia({ media: 'print' });
      expect(await page.locator('.site-header').isVisible()).toBe(false);
      expect(await page.locator('.site-footer').isVisible()).toBe(false);
      expect(await page.locator('.account__menu').isVisible()).toBe(false);
      const company = page.locator('.receipt__company');
      expect(await company.isVisible()).toBe(true);
      expect(await company.textContent()).toContain('Blockfront Network Ltd');
      expect(await company.textContent()).toContain('HRB 204718');
      await shoot(page, `receipt-print-${language}-${width}`);
      await page.emulateMedia({ media: 'screen' });
    });

    it('balance history: the bonus and the coins order with the running balance', async () => {
      const { page } = j;
      await storefront.openPage(page, '/account/balance-history');
      const tab = page.getByRole('region', { name: words.history });
      const rows = tab.locator('tbody tr');
      await rows.first().waitFor();
      expect(await rows.count()).toBe(2);
      expect(await rows.nth(0).textContent()).toContain(words.orderReason);
      expect(await rows.nth(0).textContent()).toContain('−');
      expect(await rows.nth(1).textContent()).toContain(words.bonus);
      expect(await rows.nth(1).textContent()).toContain('+');
      await shoot(page, `balance-history-${language}-${width}`);
      await noSeriousViolations(page);
    });
  });
});
