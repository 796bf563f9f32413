// The operator console (docs/architecture.md §3b, ADR 0044): a customer gets the store's
// not-found page (404) at the console's address; an operator finds the customer, adjusts their balance with a reason and sees a refusal
// at the field; axe finds nothing serious on the console at 1280 and 375 px in English and German.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fillSignUp, signOut, signUpVerified, submitSignUp } from './support/auth';
import { blockingViolations, describeViolations } from './support/axe';
import { journey } from './support/journey';
import { verificationLink } from './support/outbox';
import {
  type Customer,
  NARROW_WIDTH,
  openPage,
  seeHeading,
  seeText,
  waitForPath,
} from './support/storefront';

const customer: Customer = {
  name: 'Sam',
  surname: 'Rivera',
  email: 'sam.rivera@example.com',
  phone: '30901823',
  formattedPhone: '+49 30 901823',
  country: 'Germany',
  city: 'Berlin',
  password: 'Emerald42',
};

const operator: Customer = {
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

async function setWidth(page: Page, width: number): Promise<void> {
  const own = page.viewportSize();
  if (own?.width !== width) await page.setViewportSize({ width, height: own?.height ?? 900 });
}

/** axe on the screen as it is, at both widths; a page wider than the window fails too. */
async function audit(page: Page, step: string): Promise<void> {
  for (const width of [WIDE, NARROW_WIDTH]) {
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
    await openPage(page, '/operator/customers');
    await seeHeading(page, 'Oops! Page Not Found');
    expect(new URL(page.url()).pathname).toBe('/operator/customers');
    expect(await page.getByRole('navigation', { name: 'Operator console' }).count()).toBe(0);
    await audit(page, 'en-not-found');
    await signOut(page);
  });

  it('an operator finds the customer and adjusts the balance with a reason', async () => {
    const { page } = j;
    // Cookies were accepted by the customer before, in the same browser.
    await openPage(page, '/register');
    await fillSignUp(page, operator);
    await submitSignUp(page);
    await waitForPath(page, '/account/profile');
    await page.goto((await verificationLink(j.dataDir, operator.email)).href);
    await waitForPath(page, '/email/verify/success');
    await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'scripts/operator.ts', 'grant', operator.email],
      {
        env: { ...process.env, DATA_DIR: j.dataDir },
      },
    );
    await openPage(page, '/operator');
    await waitForPath(page, '/operator/customers');
    await seeHeading(page, 'Customers');
    await page.getByRole('searchbox', { name: 'Find a customer' }).fill('rivera');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await waitForPath(page, '/operator/customers', { q: 'rivera' });
    const table = page.getByRole('table');
    await table.getByRole('link', { name: customer.email }).waitFor();
    expect(await table.getByRole('row').count()).toBe(2);
    await audit(page, 'en-customers');

    await table.getByRole('link', { name: customer.email }).click();
    await seeHeading(page, customer.email);
    customerPath = new URL(page.url()).pathname;
    const balance = page.getByRole('region', { name: 'Balance' });
    const before = await balance.locator('.operator-balance').textContent();
    await balance.getByRole('textbox', { name: 'Amount in coins' }).fill('25');
    await balance.getByRole('textbox', { name: 'Reason' }).fill('Goodwill for the outage');
    await balance.getByRole('button', { name: 'Adjust balance' }).click();
    await seeText(page, 'The balance was adjusted.');
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
  });

  it('reads in German, with no serious axe violation', async () => {
    const { page } = j;
    const select = page.getByRole('banner').getByRole('combobox', { name: /^(Language|Sprache|Idioma)$/ });
    await select.selectOption({ label: 'Deutsch' });
    await page.locator('html[lang="de"]').waitFor({ state: 'attached' });
    await openPage(page, '/operator/customers');
    await seeHeading(page, 'Kunden');
    await audit(page, 'de-customers');
    await openPage(page, customerPath);
    await seeHeading(page, customer.email);
    await page.getByRole('region', { name: 'Kontobuch' }).waitFor();
    await audit(page, 'de-customer');
  });
});
