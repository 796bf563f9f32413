// The operator console (docs/architecture.md §3b, ADR 0044), one journey in order: a customer gets
// the store's not-found page (404) at the console's address; an operator lands on the overview,
// finds the customer and adjusts their balance with a reason (and sees a refusal at the field);
// adds a product with an image and a German title that the shop shows; adds a game server and
// gives it a new secret, each shown once, and gives the new product a delivery command on it;
// saves the settings and the store shows them at once; the overview's charts draw; the customer
// buys the new product with the coins the operator gave, and the operator finds the order and
// refunds half to coins; changes a currency's rate and hides it, and the store's currency list
// follows at once; edits the rules page in German and English (saved sanitized) and /rules shows
// it; finds the new product's delivery, failed in game, from the overview's count and requeues
// it with a note; fills in a German message the seed lacks (a placeholder the English text has
// not is refused) and the home page shows it; adds a social link (a javascript: address refused)
// that the home page shows; and every one of those steps is in the audit log. axe finds nothing
// serious on the console at 1280 and 375 px in English and German.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { coinsText } from './support/account';
import { fillSignUp, signIn, signOut, signUpVerified, submitSignUp } from './support/auth';
import { blockingViolations, describeViolations } from './support/axe';
import { journey } from './support/journey';
import { verificationLink } from './support/outbox';
import * as storefront from './support/storefront';

const customer: storefront.Customer = {
  name: 'Sam',
  surname: 'Rivera',
  email: 'sam.rivera@example.com',
  phone: '30901823',
  formattedPhone: '+49 30 901823',
  country: 'Germany',
  city: 'Berlin',
  password: 'Emerald42',
};

const operator: storefront.Customer = {
  name: 'Olivia',
  surname: 'Park',
  email: 'olivia.park@example.com',
  phone: '30901824',
  formattedPhone: '+49 30 901824',
  country: 'Germany',
  city: 'Berlin',
  password: 'Diamond77',
};

const WIDE = 1280;
const j = journey('operator', WIDE);
let customerPath = '';
let orderPath = '';
let productPath = '';

/** Chooses the interface language in the header and waits until the page speaks it. */
async function chooseLanguage(page: Page, label: 'Deutsch' | 'English'): Promise<void> {
  await page
    .getByRole('banner')
    .getByRole('combobox', { name: /^(Language|Sprache|Idioma)$/ })
    .selectOption({ label });
  await page.locator(`html[lang="${label === 'Deutsch' ? 'de' : 'en'}"]`).waitFor({ state: 'attached' });
}

async function setWidth(page: Page, width: number): Promise<void> {
  const own = page.viewportSize();
  if (own?.width !== width) await page.setViewportSize({ width, height: own?.height ?? 900 });
}

/** axe on the screen as it is, at both widths; a page wider than the window fails too. */
async function audit(page: Page, step: string): Promise<void> {
  for (const width of [WIDE, storefront.NARROW_WIDTH]) {
    await setWidth(page, width);
    await page.locator('h1').first().waitFor({ state: 'visible' });
    const violations = await blockingViolations(page);
    expect(violations, `${step} at ${width} px:\n${describeViolations(violations)}`).toEqual([]);
    const sideways = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(sideways, `${step} at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
    await j.screenshot(step, [width]);
  }
  await setWidth(page, WIDE);
}

describe('the operator console', () => {
  it("shows a customer the store's not-found page at the console's address", async () => {
    const { page } = j;
    await signUpVerified(page, j.dataDir, customer);
    expect(await page.getByRole('banner').getByRole('link', { name: 'Operator', exact: true }).count()).toBe(
      0,
    );
    await storefront.openPage(page, '/operator/customers');
    await storefront.seeHeading(page, 'Oops! Page Not Found');
    expect(new URL(page.url()).pathname).toBe('/operator/customers');
    expect(await page.getByRole('navigation', { name: 'Operator console' }).count()).toBe(0);
    await audit(page, 'en-not-found');
    await signOut(page);
  });

  it('an operator finds the customer and adjusts the balance with a reason', async () => {
    const { page } = j;
    // Cookies were accepted by the customer before, in the same browser.
    await storefront.openPage(page, '/register');
    await fillSignUp(page, operator);
    await submitSignUp(page);
    await storefront.waitForPath(page, '/account/profile');
    await page.goto((await verificationLink(j.dataDir, operator.email)).href);
    await storefront.waitForPath(page, '/email/verify/success');
    await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'scripts/operator.ts', 'grant', operator.email],
      {
        env: { ...process.env, DATA_DIR: j.dataDir },
      },
    );
    // The header offers an operator the console, which opens on its overview.
    await storefront.openPage(page, '/');
    await page.getByRole('banner').getByRole('link', { name: 'Operator', exact: true }).click();
    await storefront.waitForPath(page, '/operator');
    await storefront.seeHeading(page, 'Overview');
    await page.getByRole('heading', { name: 'Needs a look' }).waitFor();
    await page.getByRole('heading', { name: 'Top products' }).waitFor();
    await audit(page, 'en-overview');
    await page
      .getByRole('navigation', { name: 'Operator console' })
      .getByRole('link', { name: 'Customers' })
      .click();
    await storefront.waitForPath(page, '/operator/customers');
    await storefront.seeHeading(page, 'Customers');
    await page.getByRole('searchbox', { name: 'Find a customer' }).fill('rivera');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await storefront.waitForPath(page, '/operator/customers', { q: 'rivera' });
    const table = page.getByRole('table');
    await table.getByRole('link', { name: customer.email }).waitFor();
    expect(await table.getByRole('row').count()).toBe(2);
    await audit(page, 'en-customers');

    await table.getByRole('link', { name: customer.email }).click();
    await storefront.seeHeading(page, customer.email);
    customerPath = new URL(page.url()).pathname;
    const balance = page.getByRole('region', { name: 'Balance' });
    const before = await balance.locator('.operator-balance').textContent();
    // Enough for the customer to buy the cheapest product with coins below.
    await balance.getByRole('textbox', { name: 'Amount in coins' }).fill('2500');
    await balance.getByRole('textbox', { name: 'Reason' }).fill('Goodwill for the outage');
    await balance.getByRole('button', { name: 'Adjust balance' }).click();
    await storefront.seeText(page, 'The balance was adjusted.');
    await page.getByRole('region', { name: 'Ledger' }).getByText('Adjustment').waitFor();
    expect(await balance.locator('.operator-balance').textContent()).not.toBe(before);
    expect(await balance.getByRole('textbox', { name: 'Amount in coins' }).inputValue()).toBe('');

    // More than the balance holds: the API's refusal at the amount, what was typed kept.
    const amount = balance.getByRole('textbox', { name: 'Amount in coins' });
    await amount.fill('-1000000');
    await balance.getByRole('textbox', { name: 'Reason' }).fill('Clawback');
    await balance.getByRole('button', { name: 'Adjust balance' }).click();
    await page.locator('input[name="amount"][aria-invalid="true"]').waitFor();
    expect(await amount.inputValue()).toBe('-1000000');
    expect(await balance.locator('.field__error').first().textContent()).not.toBe('');
    await audit(page, 'en-customer');

    // A new page: the adjustment's toast is gone (its leaving animation is no part of the catalogue).
    await storefront.openPage(page, '/operator/products');
    await storefront.seeHeading(page, 'Catalogue');
    await page.getByRole('table').waitFor();
    await audit(page, 'en-products');
    await page.getByRole('table').getByRole('link').first().click();
    await page.getByRole('textbox', { name: 'Price in coins' }).waitFor();
    await audit(page, 'en-product');
  });

  it('an operator adds a product with an image and a German title; the shop shows it in German', async () => {
    const { page } = j;
    await chooseLanguage(page, 'Deutsch');
    await storefront.openPage(page, '/operator/products');
    await storefront.seeHeading(page, 'Katalog');
    await page.getByRole('table').waitFor();
    await audit(page, 'de-products');
    await page.getByRole('link', { name: 'Produkt hinzufügen' }).click();
    await storefront.seeHeading(page, 'Neues Produkt');
    await page.getByRole('textbox', { name: 'Name in Adressen' }).fill('netherite-rank');
    await page.getByRole('textbox', { name: 'Titel (English)' }).fill('Netherite Rank');
    await page.getByRole('textbox', { name: 'Titel (Deutsch)' }).fill('Netherit-Rang');
    await page.getByRole('textbox', { name: 'Beschreibung (Deutsch)' }).fill('Der Rang über Diamant.');
    // A category of its own (typed, not one in use): the shop lists it on its first page.
    await page.getByRole('textbox', { name: 'Kategorie' }).fill('netherite');
    await page.getByRole('textbox', { name: 'Preis in Münzen' }).fill('34,99');
    await page.getByText('Im Shop sichtbar').click();
    await page.getByRole('button', { name: 'Speichern' }).click();
    await storefront.seeText(page, 'Das Produkt wurde gespeichert.');
    await storefront.seeHeading(page, 'Netherit-Rang');
    productPath = new URL(page.url()).pathname;
    await page
      .getByLabel('Bild hochladen')
      .setInputFiles({ name: 'rank.png', mimeType: 'image/png', buffer: PNG_1PX });
    await storefront.seeText(page, 'Das Bild wurde gespeichert.');
    await page.locator('img.operator-image[src^="/api/product-images/"]').waitFor();
    // Opened anew: two toasts at once carry a role="img" without a name (left alone here; see the report).
    await storefront.openPage(page, new URL(page.url()).pathname);
    await page.locator('img.operator-image[src^="/api/product-images/"]').waitFor();
    await audit(page, 'de-product');
    // A change of a saved product is a PATCH with its version (the app's language in the query).
    await page
      .getByRole('textbox', { name: 'Beschreibung (Deutsch)' })
      .fill('Der Rang über Diamant, für immer.');
    // Exact: the delivery commands below have a 'Befehle speichern' of their own.
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await storefront.seeText(page, 'Das Produkt wurde gespeichert.');

    await storefront.openPage(page, '/shop?category=netherite');
    await storefront.seeText(page, 'Netherit-Rang');
    expect(await page.locator('img[src^="/api/product-images/"]').count()).toBeGreaterThan(0);
    await chooseLanguage(page, 'English');
    // The shop's list keeps the titles it loaded until it is opened again.
    await storefront.openPage(page, '/shop?category=netherite');
    await storefront.seeText(page, 'Netherite Rank');
  });

  it('an operator adds a game server and sees its secret once, in German and English', async () => {
    const { page } = j;
    await chooseLanguage(page, 'Deutsch');
    await storefront.openPage(page, '/operator/game-servers');
    await storefront.seeHeading(page, 'Spielserver');
    // The demo network's servers.
    await page.getByRole('cell', { name: 'survival', exact: true }).waitFor();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('creative');
    await page.getByRole('button', { name: 'Spielserver hinzufügen' }).click();
    const secret = page.getByRole('region', { name: 'Das Geheimnis von creative' });
    await secret.getByText(/^gs_[A-Za-z0-9_-]{43}$/).waitFor();
    await page.getByRole('cell', { name: 'creative', exact: true }).waitFor();
    await audit(page, 'de-game-servers');
    await secret.getByRole('button', { name: 'Ich habe es gespeichert' }).click();
    await secret.waitFor({ state: 'detached' });

    await chooseLanguage(page, 'English');
    await storefront.openPage(page, '/operator/game-servers');
    await storefront.seeHeading(page, 'Game servers');
    await page.getByRole('button', { name: 'New secret for creative' }).click();
    await page.getByRole('button', { name: 'Give it a new secret' }).waitFor();
    await audit(page, 'en-game-servers-confirm');
    await page.getByRole('button', { name: 'Give it a new secret' }).click();
    await page
      .getByRole('region', { name: 'The secret of creative' })
      .getByText(/^gs_[A-Za-z0-9_-]{43}$/)
      .waitFor();
    // The shared Toasts' closed announcement (role=img, see the audit log step) is not this page's.
    await page.locator('[role="log"] [role="img"]').first().waitFor({ state: 'detached', timeout: 15_000 });
    await audit(page, 'en-game-servers');

    // The new product delivers on the new server.
    await storefront.openPage(page, productPath);
    const commands = page.getByRole('region', { name: 'Delivery commands' });
    await commands.getByText('This product delivers nothing in game.').waitFor();
    await commands.getByRole('button', { name: 'Add a command' }).click();
    await commands.getByRole('combobox', { name: 'Game server' }).selectOption({ label: 'creative' });
    await commands.getByRole('textbox', { name: 'Command' }).fill('lp user {player} parent add netherite');
    await commands
      .getByRole('combobox', { name: 'When' })
      .selectOption({ label: 'When the player is on this server' });
    await commands.getByRole('button', { name: 'Save commands' }).click();
    await storefront.seeText(page, 'The delivery commands were saved.');
    // The shared Toasts' closed announcement (role=img, see the audit log step) is not this page's.
    await page.locator('[role="log"] [role="img"]').first().waitFor({ state: 'detached', timeout: 15_000 });
    await audit(page, 'en-product-commands');
  });

  it('an operator saves the settings, and the store shows them at once', async () => {
    const { page } = j;
    await storefront.openPage(page, '/operator/settings');
    await storefront.seeHeading(page, 'Settings');
    const footer = page.getByRole('contentinfo');
    expect(await footer.getByText('Blockfront Test GmbH').count()).toBe(0);
    await page.getByRole('textbox', { name: 'Company name' }).fill('Blockfront Test GmbH');
    await page.getByRole('textbox', { name: 'Company address' }).fill('Teststraße 1, 10115 Berlin');
    // A rule of domain/settings-rules.ts, at its field, before anything is sent.
    const vat = page.getByRole('textbox', { name: 'VAT rate (%)' });
    const vatBefore = await vat.inputValue();
    await vat.fill('120');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await storefront.seeText(page, 'Enter a percentage from 0 to 100');
    await vat.fill(vatBefore);
    await audit(page, 'en-settings');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await storefront.seeText(page, 'The settings were saved.');
    await footer.getByText('Blockfront Test GmbH').waitFor();
    expect(await page.getByRole('textbox', { name: 'Company name' }).inputValue()).toBe(
      'Blockfront Test GmbH',
    );
    // Stored: read again, the form shows them.
    await storefront.openPage(page, '/operator/settings');
    await storefront.seeHeading(page, 'Settings');
    expect(await page.getByRole('textbox', { name: 'Company address' }).inputValue()).toBe(
      'Teststraße 1, 10115 Berlin',
    );
  });

  it("draws the overview's charts, with the days as a table", async () => {
    const { page } = j;
    // This store has sold nothing yet: the API's answer is replaced by a filled window, so the
    // chart library draws in a real browser (what the API counts is tests/server's part).
    const days = Array.from({ length: 30 }, (_, index) => ({
      date: new Date(Date.UTC(2026, 10, index - 3)).toISOString().slice(0, 10),
      orders_paid: index % 4,
      coins_spent: (index % 5) * 2500,
      card: index % 3 === 0 ? [{ currency: 'EUR', amount: 500 + index * 10 }] : [],
    }));
    await page.route('**/api/operator/overview*', (route) =>
      route.fulfill({
        json: {
          status: 'OK',
          payload: {
            days,
            top_products: [{ product_id: 1, title: 'VIP Rank', count: 2, coins: 100000 }],
            attention: {
              failed_deliveries: 1,
              uncertain_deliveries: 0,
              pending_payments: 2,
              late_payments: 0,
            },
          },
        },
      }),
    );
    await storefront.openPage(page, '/operator');
    await storefront.seeHeading(page, 'Overview');
    await page.locator('.operator-chart canvas').first().waitFor();
    expect(await page.locator('.operator-chart .uplot').count()).toBe(3);
    await page.getByText('Every day as a table').click();
    expect(await page.locator('.operator-overview__days tbody tr').count()).toBe(30);
    await audit(page, 'en-overview-charts');
    await page.unroute('**/api/operator/overview*');
  });

  it('the customer buys with coins; the operator finds the order, refunds half to coins and sees it in the audit log', async () => {
    const { page } = j;
    await signOut(page);
    await storefront.openPage(page, '/login');
    await signIn(page, customer.email, customer.password);
    await storefront.waitForPath(page, '/account/profile');
    // The product the operator added above.
    const product = { id: Number(productPath.split('/').pop()), title: 'Netherite Rank', price: 3499 };
    await storefront.openPage(page, `/shop?category=netherite&product=${product.id}`);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: product.title }).waitFor();
    await dialog.getByRole('button', { name: 'Add to cart' }).click();
    await storefront.seeText(page, 'Added to cart');
    await storefront.openPage(page, '/cart');
    await page.getByRole('textbox', { name: 'Player name' }).fill('Steve');
    await page.getByRole('button', { name: 'Pay with Coins' }).click();
    await storefront.waitForPath(page, '/success-payment');
    await signOut(page);

    await storefront.openPage(page, '/login');
    await signIn(page, operator.email, operator.password);
    await storefront.waitForPath(page, '/account/profile');
    await storefront.openPage(page, '/operator');
    await storefront.seeHeading(page, 'Overview');
    await page
      .getByRole('navigation', { name: 'Operator console' })
      .getByRole('link', { name: 'Orders' })
      .click();
    await storefront.waitForPath(page, '/operator/orders');
    await page.getByRole('searchbox', { name: 'Customer or player' }).fill('sam.rivera');
    await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Paid' });
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await storefront.waitForPath(page, '/operator/orders', { q: 'sam.rivera', status: 'paid' });
    const table = page.getByRole('table');
    await table.getByRole('link', { name: customer.email }).waitFor();
    expect(await table.getByRole('row').count()).toBe(2);
    await audit(page, 'en-orders');

    await table.getByRole('link', { name: /^Order #\d+$/ }).click();
    await page.getByRole('heading', { level: 1, name: /^Order #\d+$/ }).waitFor();
    orderPath = new URL(page.url()).pathname;
    await page.getByRole('cell', { name: product.title }).first().waitFor();
    const refunds = page.getByRole('region', { name: 'Refunds' });
    const left = refunds.locator('.operator-balance');
    await left.getByText(coinsText(product.price)).waitFor();
    const half = Math.floor(product.price / 2);
    await refunds.getByRole('textbox', { name: 'Coins to refund' }).fill(coinsText(half).replaceAll(',', ''));
    await refunds.getByRole('textbox', { name: 'Reason' }).fill('Rank not applied for two days');
    await refunds.getByRole('button', { name: 'Refund', exact: true }).click();
    await refunds.getByRole('cell', { name: 'Rank not applied for two days' }).waitFor();
    await left.getByText(coinsText(product.price - half)).waitFor();
    expect(await refunds.getByRole('textbox', { name: 'Coins to refund' }).inputValue()).toBe('');
    await page.getByRole('region', { name: 'Ledger entries' }).getByText('Refund').waitFor();
    await audit(page, 'en-order');

    await page
      .getByRole('navigation', { name: 'Operator console' })
      .getByRole('link', { name: 'Audit log' })
      .click();
    await storefront.waitForPath(page, '/operator/audit');
    const log = page.getByRole('table');
    const refundRow = log.getByRole('row').filter({ hasText: 'order.refund' });
    await refundRow.getByText('Rank not applied for two days').waitFor();
    expect(await refundRow.textContent()).toContain(`refunded 0.00 → ${coinsText(half)}`);
    const adjustRow = log.getByRole('row').filter({ hasText: 'customer.balance.adjust' }).first();
    await adjustRow.getByText('Goodwill for the outage').waitFor();
    // react-aria's live announcer keeps a closed toast's announcement (role=img labelled by the
    // gone toast's title) for 7 s, which axe reports; that is the shared Toasts', not this page's.
    await page.locator('[role="log"] [role="img"]').first().waitFor({ state: 'detached', timeout: 15_000 });
    await audit(page, 'en-audit');
    await page.getByRole('textbox', { name: 'Actor' }).fill('nobody@example.com');
    await page.getByRole('button', { name: 'Filter' }).click();
    await storefront.waitForPath(page, '/operator/audit', { actor: 'nobody@example.com' });
    await page.getByRole('heading', { level: 2, name: 'No entries match' }).waitFor();
  });

  it('an operator changes a rate and hides a currency; the store stops offering it at once', async () => {
    const { page } = j;
    await storefront.openPage(page, '/operator/currencies');
    await storefront.seeHeading(page, 'Currencies');
    await page.getByRole('table').waitFor();
    await audit(page, 'en-currencies');
    await page.getByRole('link', { name: 'GBP' }).click();
    await storefront.seeHeading(page, 'GBP');
    const rate = page.getByRole('textbox', { name: 'Rate' });
    // The rule of domain/money.ts at its field, before anything is sent.
    await rate.fill('0.123456789');
    await page.getByRole('button', { name: 'Save' }).click();
    await storefront.seeText(page, 'The rate may have at most 8 decimals');
    await audit(page, 'en-currency');
    await rate.fill('0,9');
    await page.getByText('Offered to customers').click();
    await page.getByRole('button', { name: 'Save' }).click();
    await storefront.seeText(page, 'The currency was saved.');
    const currency = page.getByRole('banner').getByRole('combobox', { name: 'Currency' });
    await currency.click();
    await page.getByRole('option', { name: /^USD/ }).waitFor();
    expect(await page.getByRole('option', { name: /^GBP/ }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await storefront.openPage(page, '/operator/currencies');
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'GBP' }) });
    await row.getByText('Hidden').waitFor();
    expect(await row.getByText('0.9', { exact: true }).count()).toBe(1);
    // Offered again, for the rest of the journey.
    await page.getByRole('link', { name: 'GBP' }).click();
    await storefront.seeHeading(page, 'GBP');
    await page.getByText('Offered to customers').click();
    await page.getByRole('button', { name: 'Save' }).click();
    await storefront.seeText(page, 'The currency was saved.');
  });

  it('reads in German, with no serious axe violation', async () => {
    const { page } = j;
    await chooseLanguage(page, 'Deutsch');
    await storefront.openPage(page, '/operator');
    await storefront.seeHeading(page, 'Übersicht');
    await audit(page, 'de-overview');
    await storefront.openPage(page, '/operator/settings');
    await storefront.seeHeading(page, 'Einstellungen');
    await audit(page, 'de-settings');
    await storefront.openPage(page, '/operator/customers');
    await storefront.seeHeading(page, 'Kunden');
    await audit(page, 'de-customers');
    await storefront.openPage(page, customerPath);
    await storefront.seeHeading(page, customer.email);
    await page.getByRole('region', { name: 'Kontobuch' }).waitFor();
    await audit(page, 'de-customer');
    await storefront.openPage(page, '/operator/orders');
    await storefront.seeHeading(page, 'Bestellungen');
    await page.getByRole('table').waitFor();
    await audit(page, 'de-orders');
    await storefront.openPage(page, orderPath);
    await page.getByRole('region', { name: 'Erstattungen' }).waitFor();
    await audit(page, 'de-order');
    await storefront.openPage(page, '/operator/audit');
    await storefront.seeHeading(page, 'Prüfprotokoll');
    await page.getByRole('table').waitFor();
    await audit(page, 'de-audit');
    await storefront.openPage(page, '/operator/currencies');
    await storefront.seeHeading(page, 'Währungen');
    await page.getByRole('table').waitFor();
    await audit(page, 'de-currencies');
    await storefront.openPage(page, '/operator/currencies/EUR');
    await storefront.seeHeading(page, 'EUR');
    await page.getByText('Die Standardwährung wird immer angeboten', { exact: false }).waitFor();
    await audit(page, 'de-currency');
  });

  it('an operator edits the rules page in German and English; the store shows it at /rules, the audit log has it', async () => {
    const { page } = j;
    // Still in German.
    await storefront.openPage(page, '/operator/pages');
    await storefront.seeHeading(page, 'Inhalte');
    const table = page.getByRole('table');
    await table.getByRole('link', { name: 'Serverregeln' }).waitFor();
    await audit(page, 'de-pages');
    await table.getByRole('link', { name: 'Serverregeln' }).click();
    await storefront.seeHeading(page, 'Serverregeln');
    // The rules page keeps its address (/rules shows it).
    await storefront.seeText(page, 'Der Shop zeigt diese Seite unter /rules; ihre Adresse bleibt.');
    await page
      .getByRole('textbox', { name: 'Inhalt als HTML (Deutsch)' })
      .fill('<p>Neue Regel: Sei freundlich.</p><script>alert(1)</script><img src=x onerror="alert(2)">');
    await page
      .getByRole('textbox', { name: 'Inhalt als HTML (English)' })
      .fill('<p>New rule: be kind.</p><p onclick="alert(3)">No griefing.</p>');
    await page.getByRole('button', { name: 'Vorschau (Deutsch)' }).click();
    await page.getByRole('heading', { level: 2, name: 'Vorschau: Deutsch' }).waitFor();
    const preview = page.locator('.operator-preview .prose');
    await preview.getByText('Neue Regel: Sei freundlich.').waitFor();
    expect(await preview.innerHTML()).toBe('<p>Neue Regel: Sei freundlich.</p>');
    await audit(page, 'de-page');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await storefront.seeText(page, 'Die Seite wurde gespeichert.');
    // Saved sanitized: the form shows what is stored now.
    await page.getByRole('textbox', { name: 'Inhalt als HTML (Deutsch)' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Inhalt als HTML (Deutsch)' }).inputValue()).toBe(
      '<p>Neue Regel: Sei freundlich.</p>',
    );

    await storefront.openPage(page, '/rules');
    await storefront.seeText(page, 'Neue Regel: Sei freundlich.');
    await chooseLanguage(page, 'English');
    await storefront.seeText(page, 'New rule: be kind.');
    expect(await page.locator('.prose').innerHTML()).toBe('<p>New rule: be kind.</p><p>No griefing.</p>');

    await storefront.openPage(page, '/operator/pages');
    await storefront.seeHeading(page, 'Content');
    await page.getByRole('table').getByRole('link', { name: 'Server Rules' }).waitFor();
    await audit(page, 'en-pages');
    await page.getByRole('table').getByRole('link', { name: 'Server Rules' }).click();
    await storefront.seeHeading(page, 'Server Rules');
    await page.getByRole('button', { name: 'Preview (English)' }).click();
    await page.locator('.operator-preview .prose').getByText('No griefing.').waitFor();
    await audit(page, 'en-page');

    await storefront.openPage(page, '/operator/audit');
    await storefront.seeHeading(page, 'Audit log');
    const row = page.getByRole('table').getByRole('row').filter({ hasText: 'page.update' }).first();
    await row.waitFor();
    expect(await row.textContent()).toContain(operator.email);
  });
  it('an operator finds the failed delivery from the overview, requeues it with a note, and the audit log has it', async () => {
    const { page } = j;
    // The game side: the agent of the coin order's game server (here its three calls, with a fresh
    // secret) leases the order's delivery, starts it and reports it failed.
    const failedId = await page.evaluate(async () => {
      const headers = {
        authorization: `Bearer ${localStorage.getItem('token')}`,
        'content-type': 'application/json',
      };
      const [queued] = (
        await (await fetch('/api/operator/deliveries?state=queued&limit=1', { headers })).json()
      ).payload as Array<{ game_server_id: number; player: string }>;
      if (queued === undefined) throw new Error('no delivery is queued');
      const rotated = await fetch(`/api/operator/game-servers/${queued.game_server_id}/rotate-secret`, {
        method: 'POST',
        headers,
        body: '{}',
      });
      const agent = {
        authorization: `Bearer ${(await rotated.json()).payload.secret}`,
        'content-type': 'application/json',
      };
      const post = async (path: string, body: unknown) =>
        (
          await fetch(`/api/game/deliveries/${path}`, {
            method: 'POST',
            headers: agent,
            body: JSON.stringify(body),
          })
        ).json();
      const [leased] = (await post('lease', { max: 1, agent: 'e2e', online_players: [queued.player] }))
        .payload as Array<{ delivery_id: number; attempt: number }>;
      if (leased === undefined) throw new Error('the game server has no delivery to lease');
      await post('start', { delivery_id: leased.delivery_id, attempt: leased.attempt });
      await post('report', {
        results: [
          {
            delivery_id: leased.delivery_id,
            attempt: leased.attempt,
            outcome: 'failed',
            reply: 'Unknown command. Type "/help" for help.',
          },
        ],
      });
      return leased.delivery_id;
    });

    await storefront.openPage(page, '/operator');
    await storefront.seeHeading(page, 'Overview');
    await page
      .getByRole('region', { name: 'Needs a look' })
      .getByRole('link', { name: '1 failed delivery' })
      .click();
    await storefront.waitForPath(page, '/operator/deliveries', { state: 'failed' });
    await storefront.seeHeading(page, 'Deliveries');
    const table = page.getByRole('table');
    await table.getByText('Unknown command. Type "/help" for help.').waitFor();
    expect(await table.getByRole('row').count()).toBe(2);
    expect(await page.getByRole('combobox', { name: 'State' }).inputValue()).toBe('failed');
    await audit(page, 'en-deliveries');

    await table.getByRole('button', { name: `Requeue delivery #${failedId}` }).click();
    const form = page.getByRole('region', { name: `Requeue delivery #${failedId}` });
    await form.getByRole('textbox', { name: 'Note (optional)' }).fill('the server was restarting');
    await form.getByRole('button', { name: 'Continue' }).click();
    await form.getByText(`Queue delivery #${failedId} again? The command runs once more in game.`).waitFor();
    await audit(page, 'en-deliveries-confirm');
    await form.getByRole('button', { name: 'Queue it again' }).click();
    await storefront.seeText(page, 'The delivery is queued again.');
    await form.waitFor({ state: 'detached' });
    await table.getByRole('cell', { name: 'Queued · Attempt 2', exact: true }).waitFor();
    expect(await table.getByRole('button', { name: `Requeue delivery #${failedId}` }).count()).toBe(0);

    await page
      .getByRole('navigation', { name: 'Operator console' })
      .getByRole('link', { name: 'Audit log' })
      .click();
    await storefront.waitForPath(page, '/operator/audit');
    const row = page.getByRole('table').getByRole('row').filter({ hasText: 'delivery.requeue' }).first();
    await row.waitFor();
    expect(await row.textContent()).toContain(`delivery #${failedId}`);
    expect(await row.textContent()).toContain('the server was restarting');
    expect(await row.textContent()).toContain(operator.email);

    await chooseLanguage(page, 'Deutsch');
    await storefront.openPage(page, '/operator/deliveries?state=queued');
    await storefront.seeHeading(page, 'Auslieferungen');
    await page
      .getByRole('table')
      .getByRole('cell', { name: 'In der Warteschlange · Versuch 2', exact: true })
      .waitFor();
    // The shared Toasts' closed announcement (role=img, see the audit log step) is not this page's.
    await page.locator('[role="log"] [role="img"]').first().waitFor({ state: 'detached', timeout: 15_000 });
    await audit(page, 'de-deliveries');
    await chooseLanguage(page, 'English');
  });

  it('an operator fills in a missing German message; the home page shows it and the audit log lists it', async () => {
    const { page } = j;
    // German has every message of the seed: one is taken away first, through the console's API.
    const removed = await page.evaluate(async () => {
      const headers = { authorization: `Bearer ${localStorage.getItem('token')}` };
      const languages = (await (await fetch('/api/languages')).json()) as {
        payload: Array<{ id: number; code: string }>;
      };
      const german = languages.payload.find((language) => language.code === 'de')?.id;
      const answer = await fetch(`/api/operator/languages/${german}/messages/home.how.title`, {
        method: 'DELETE',
        headers,
      });
      return answer.status;
    });
    expect(removed).toBe(200);

    await storefront.openPage(page, '/operator/languages');
    await storefront.seeHeading(page, 'Languages');
    const german = page.getByRole('table').getByRole('row').filter({ hasText: 'Deutsch' });
    await german.getByRole('link', { name: '1 missing message in Deutsch' }).waitFor();
    await audit(page, 'en-languages');
    await german.getByRole('link', { name: '1 missing message in Deutsch' }).click();
    await storefront.seeHeading(page, 'Messages in Deutsch');
    const row = page.getByRole('row').filter({ hasText: 'home.how.title' });
    await row.getByText('How it works').waitFor();
    await row.getByText('Missing', { exact: true }).waitFor();
    await audit(page, 'en-language-missing');
    await row.getByRole('button', { name: 'Translate: home.how.title' }).click();
    const field = row.getByRole('textbox', { name: 'Text in Deutsch' });
    // A placeholder the English text does not have is refused at the field, and the text stays.
    await field.fill('So geht es {name}');
    await row.getByRole('button', { name: 'Save' }).click();
    await row.getByText('The default language uses no placeholders here: remove them.').waitFor();
    expect(await field.inputValue()).toBe('So geht es {name}');
    await audit(page, 'en-language-refused');
    await field.fill('So geht es');
    await row.getByRole('button', { name: 'Save' }).click();
    await storefront.seeText(page, 'The message was saved.');
    await row.getByText('So geht es', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Missing (0)' }).waitFor();

    await chooseLanguage(page, 'Deutsch');
    await storefront.openPage(page, '/');
    await page.getByRole('heading', { name: 'So geht es' }).waitFor();

    await storefront.openPage(page, '/operator/audit');
    await storefront.seeHeading(page, 'Prüfprotokoll');
    const audited = page.getByRole('table').getByRole('row').filter({ hasText: 'translation.set' }).first();
    await audited.waitFor();
    expect(await audited.textContent()).toContain(operator.email);
    expect(await audited.textContent()).toContain('So geht es');
    await storefront.openPage(page, '/operator/languages/2?missing=1');
    await storefront.seeHeading(page, 'Nachrichten auf Deutsch');
    await audit(page, 'de-language');
    await storefront.openPage(page, '/operator/social-links');
    await storefront.seeHeading(page, 'Social Links');
    await page.getByRole('table').getByText('Discord', { exact: true }).waitFor();
    await audit(page, 'de-social-links');
    await page.getByRole('button', { name: 'Discord entfernen' }).click();
    await page.getByRole('button', { name: 'Entfernen', exact: true }).waitFor();
    await audit(page, 'de-social-links-confirm');
    await page.getByRole('button', { name: 'Abbrechen' }).click();

    // A new link, last; the home page shows it at once.
    await page.getByRole('button', { name: 'Link hinzufügen' }).click();
    const form = page.getByRole('region', { name: 'Neuer Social Link' });
    await form.getByRole('textbox', { name: 'Titel' }).fill('Twitch');
    await form.getByRole('textbox', { name: 'Adresse' }).fill('javascript:alert(1)');
    await form.getByRole('textbox', { name: 'Symbol' }).fill('/images/social/discord.svg');
    await form.getByRole('button', { name: 'Link speichern' }).click();
    await form.getByText('Gib eine Adresse ein, die mit https:// beginnt').waitFor();
    await form.getByRole('textbox', { name: 'Adresse' }).fill('https://www.twitch.tv/');
    await form.getByRole('button', { name: 'Link speichern' }).click();
    await storefront.seeText(page, 'Der Link wurde gespeichert.');
    await page.getByRole('table').getByText('Twitch', { exact: true }).waitFor();
    await storefront.openPage(page, '/');
    const twitch = page
      .getByRole('region', { name: 'Werde Teil der Community' })
      .getByRole('link', { name: /Twitch/ });
    await twitch.waitFor();
    expect(await twitch.getAttribute('href')).toBe('https://www.twitch.tv/');
    await chooseLanguage(page, 'English');
  });

  it("has every step of the operator's journey in the audit log, with the operator as actor", async () => {
    const { page } = j;
    await storefront.openPage(page, '/operator/audit');
    await storefront.seeHeading(page, 'Audit log');
    await page.getByRole('textbox', { name: 'Actor' }).fill(operator.email);
    await page.getByRole('button', { name: 'Filter' }).click();
    await storefront.waitForPath(page, '/operator/audit', { actor: operator.email });
    const rows = page.getByRole('table').getByRole('row');
    await rows.nth(1).waitFor();
    const text = (await rows.allTextContents()).join('\n');
    for (const action of [
      'product.create',
      'product.image',
      'product.update',
      'customer.balance.adjust',
      'order.refund',
      'page.update',
      'settings.update',
      'currency.update',
      'game_server.create',
      'game_server.rotate_secret',
      'product.commands',
      'delivery.requeue',
      'translation.set',
      'social_link.create',
    ]) {
      expect(text, action).toContain(action);
    }
  });
});

/** The smallest PNG: one transparent pixel. */
const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
