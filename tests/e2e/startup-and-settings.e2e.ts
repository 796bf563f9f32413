// Rough edges in a real browser at 1280 and 375 px: the start-up error in the
// shell's frame with Retry and the Retry-After countdown, the footer's server texts in German, the
// currency field on its first click, and the demo store's coin amounts.
import type { Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatCoins } from '../../domain/money-text';
import { seedProducts } from '../../server/db/seed/products';
import { seedSettings } from '../../server/db/seed/reference-data';
import { blockingViolations, describeViolations } from './support/axe';
import { journey } from './support/journey';
import { acceptCookies, appTookOver, header, seeHeading } from './support/storefront';

const j = journey('startup-and-settings', 1280);

/**
 * The next `count` GET /api/settings answer `answer`; later ones reach the server. The app page
 * carries the settings it was rendered with (ADR 0021), so the next page goes out without them,
 * as when the server could not render it, and the app asks the API.
 */
async function failSettings(count: number, answer: Parameters<Route['fulfill']>[0]): Promise<void> {
  await j.page.route(
    (url) => url.pathname === '/',
    async (route) => {
      const page = await route.fetch();
      const body = (await page.text()).replace(
        /<script type="application\/json" id="startup-data">[^<]*<\/script>/,
        '',
      );
      await route.fulfill({ response: page, body });
    },
    { times: 1 },
  );
  let left = count;
  await j.page.route('**/api/settings*', async (route) => {
    if (left > 0) {
      left -= 1;
      await route.fulfill(answer);
    } else {
      await route.continue();
    }
  });
}

const tooManyRequests = (seconds: number) => ({
  status: 429,
  headers: { 'Retry-After': String(seconds) },
  contentType: 'application/json',
  body: JSON.stringify({ status: 'ERROR', message: 'Too many requests. Please wait a moment.' }),
});

describe('start-up error, footer texts, currency field, coin amounts', () => {
  it('a 503 at start-up shows the error in the shell frame; Retry starts the app', async () => {
    const { page } = j;
    await failSettings(1, {
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ status: 'ERROR', message: 'Maintenance in progress' }),
    });
    await page.goto('/');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain(
      'An error occurred during initialization: Maintenance in progress',
    );
    expect(await page.locator('.startup-error .logo').isVisible()).toBe(true);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 });
      const violations = await blockingViolations(page);
      expect(violations, describeViolations(violations)).toEqual([]);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await j.screenshot('startup-error');
    await page.getByRole('button', { name: 'Retry' }).click();
    await header(page).waitFor();
    await page.unrouteAll();
  });

  it('a 429 counts its Retry-After down and starts the app by itself', async () => {
    const { page } = j;
    await failSettings(1, tooManyRequests(4));
    await page.goto('/');
    const countdown = page.getByRole('status').filter({ hasText: 'Retrying in' });
    await countdown.waitFor();
    expect(await countdown.textContent()).toMatch(/Retrying in [1-4] seconds?…/);
    await j.screenshot('startup-retry-after');
    await header(page).waitFor({ timeout: 15_000 });
    await page.unrouteAll();
  });

  it('the currency field keeps the current currency on its first click and opens its list (1280 px)', async () => {
    const { page } = j;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await acceptCookies(page);
    const field = header(page).getByRole('combobox', { name: 'Currency' });
    await field.click();
    await page.getByRole('listbox').waitFor();
    expect(await header(page).getByRole('combobox', { name: 'Currency' }).inputValue()).toBe('EUR €');
    await j.screenshot('currency-first-click', [1280]);
    await page.keyboard.press('Escape');
  });

  it("the footer shows the server's German company address and not-affiliated line", async () => {
    const { page } = j;
    await page.goto('/');
    // The server's select is on screen before React listens to it (ADR 0021).
    await appTookOver(page);
    await header(page).getByRole('combobox', { name: 'Language' }).selectOption({ label: 'Deutsch' });
    const footer = page.getByRole('contentinfo');
    const german = (seedSettings.text_translations as Record<string, Record<string, string>>).de;
    await footer.getByText(german?.copyright ?? '-', { exact: false }).waitFor();
    expect(await footer.textContent()).toContain(german?.company_address);
    expect(await footer.textContent()).not.toContain('Not affiliated');
    await footer.scrollIntoViewIfNeeded();
    await j.screenshot('footer-german');
    await header(page).getByRole('combobox', { name: 'Sprache' }).selectOption({ label: 'English' });
    await header(page).getByRole('combobox', { name: 'Language' }).waitFor();
  });

  it('the shop shows the seeded prices in coins, beside their euro worth', async () => {
    const { page } = j;
    await page.goto('/shop');
    await seeHeading(page, 'Shop');
    const vip = seedProducts.find((product) => product.slug === 'rank-vip');
    if (!vip) throw new Error('no VIP Rank in the seed');
    await page.getByText(formatCoins(vip.priceMinor), { exact: true }).first().waitFor();
    await j.screenshot('shop-prices');
  });
});
