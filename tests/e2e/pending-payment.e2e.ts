// A card payment the customer walks away from (ADR 0028) on the real server, with payments
// expiring after 30 s (PAYMENT_PENDING_TIMEOUT_SECONDS): Back from the sandbox's page finds the
// order waiting in the cart; it is paid later from the order history; Leave pending, then Cancel
// in another tab puts the items back and the pending page moves on by itself; a payment left
// pending expires on the server, the pending page moves on and the items are back; a top-up from
// the cart's Top up comes back to the cart, ready to pay with coins.

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUpVerified } from './support/auth';
import { journey } from './support/journey';
import { type Customer, namePlayer, openPage, seeText, waitForPath } from './support/storefront';

const TIMEOUT_SECONDS = 30;
const WIDTH = 1280;

const customer: Customer = {
  name: 'Sam',
  surname: 'Walker',
  email: 'sam.walker@example.com',
  phone: '30901822',
  formattedPhone: '+49 30 901822',
  country: 'Germany',
  city: 'Berlin',
  password: 'Emerald42',
};

const awaiting = (page: Page) => page.getByRole('region', { name: 'Waiting for payment' });

async function addToCart(page: Page, ...titles: string[]) {
  await openPage(page, '/shop');
  for (const title of titles) {
    await page.getByRole('button', { name: `Add to cart (${title})` }).click();
    await seeText(page, 'Added to cart');
    await page.getByText('Added to cart').first().waitFor({ state: 'detached' });
  }
}

/** Cart → card → the sandbox's payment page. */
async function cardCheckout(page: Page): Promise<void> {
  await openPage(page, '/cart');
  await page.locator('.cart__total').waitFor();
  await namePlayer(page);
  await page.getByLabel('Debit / Credit card').check();
  await page.getByRole('button', { name: 'Pay by card' }).click();
  await page.waitForURL(/\/api\/sandbox\/pay\//);
}

/** The number of the one order waiting in the cart. */
async function waitingOrderNumber(page: Page): Promise<string> {
  const heading = awaiting(page).getByRole('heading', { level: 3, name: /^Order #\d+$/ });
  await heading.waitFor();
  return ((await heading.textContent()) ?? '').replace('Order #', '');
}

describe('a card payment left on the provider’s page is not a lost cart', () => {
  const j = journey('pending-payment', WIDTH, { PAYMENT_PENDING_TIMEOUT_SECONDS: String(TIMEOUT_SECONDS) });
  const shot = (step: string) => j.screenshot(step, [WIDTH]);

  it('signs up and verifies the email', async () => {
    await signUpVerified(j.page, j.dataDir, customer);
  });

  it('Back from the payment page: the cart shows the order waiting, with Pay now and Cancel order', async () => {
    const { page } = j;
    await addToCart(page, 'VIP Rank');
    await cardCheckout(page);
    await page.goBack();
    await waitForPath(page, '/cart');
    const order = await waitingOrderNumber(page);
    await awaiting(page).getByText('VIP Rank').waitFor();
    await awaiting(page)
      .getByRole('button', { name: `Pay order #${order} now` })
      .waitFor();
    await awaiting(page)
      .getByRole('button', { name: `Cancel order #${order}` })
      .waitFor();
    await page.getByRole('heading', { name: 'Your cart is empty' }).waitFor();
    await shot('back-in-cart');
  });

  it('pays later from the order history', async () => {
    const { page } = j;
    await openPage(page, '/account/order-history');
    const row = page.locator('tr', { hasText: 'VIP Rank' });
    await row.getByText('Pending').waitFor();
    await shot('history-pending');
    await row.getByRole('button', { name: /^Pay order #\d+ now$/ }).click();
    await page.waitForURL(/\/api\/sandbox\/pay\//);
    await page.locator('button.pay').click();
    await waitForPath(page, '/success-payment');
    await seeText(page, 'Payment completed successfully!');
    await openPage(page, '/account/order-history');
    await page.locator('tr', { hasText: 'VIP Rank' }).getByText('Paid').waitFor();
    expect(await page.getByRole('button', { name: /^Pay order/ }).count()).toBe(0);
  });

  it('Leave pending, then Cancel in another tab: the items are back and the pending page moves on by itself', async () => {
    const { page } = j;
    await addToCart(page, 'Emerald Pouch');
    await cardCheckout(page);
    await page.getByRole('button', { name: 'Leave pending' }).click();
    await waitForPath(page, '/pending-payment');
    await seeText(page, 'Your payment is being processed');
    await shot('left-pending');

    const other = await page.context().newPage();
    try {
      await openPage(other, '/cart');
      const order = await waitingOrderNumber(other);
      await awaiting(other)
        .getByRole('button', { name: `Cancel order #${order}` })
        .click();
      await seeText(other, 'The order is cancelled. Its items are back in your cart.');
      await other.getByRole('heading', { level: 2, name: 'Emerald Pouch' }).waitFor();
      await awaiting(other).waitFor({ state: 'detached' });
    } finally {
      await other.close();
    }
    // The pending page follows the payment: cancelled, it moves on to the fail page.
    await waitForPath(page, '/fail-payment');
    await page.getByRole('link', { name: /try again/i }).click();
    await waitForPath(page, '/cart');
    await page.getByRole('heading', { level: 2, name: 'Emerald Pouch' }).waitFor();
    await shot('cancelled-back-in-cart');
  });

  it(
    'a payment left pending expires on the server: the pending page moves on and the items are back',
    async () => {
      const { page } = j;
      await cardCheckout(page);
      await page.getByRole('button', { name: 'Leave pending' }).click();
      await waitForPath(page, '/pending-payment');
      await page.waitForURL(/\/fail-payment\?payment=/, { timeout: (TIMEOUT_SECONDS + 30) * 1000 });
      await openPage(page, '/cart');
      await page.getByRole('heading', { level: 2, name: 'Emerald Pouch' }).waitFor();
      expect(await awaiting(page).count()).toBe(0);
      await openPage(page, '/account/order-history');
      await page.locator('tr', { hasText: 'Emerald Pouch' }).getByText('Expired').waitFor();
      await shot('expired');
    },
    (TIMEOUT_SECONDS + 60) * 1000,
  );

  it("tops up from the cart's Top up and comes back to the cart, ready to pay with coins", async () => {
    const { page } = j;
    await addToCart(page, 'Legend Rank');
    await openPage(page, '/cart');
    await page.getByLabel('Coins from your balance').check();
    await page.locator('.checkout__short').getByText('Your balance is short by').waitFor();
    await page.getByRole('link', { name: 'Top up' }).click();
    await waitForPath(page, '/account/balance');
    await page.getByRole('button', { name: 'Top up', exact: true }).click();
    await page.getByRole('heading', { name: 'TOP UP BALANCE' }).waitFor();
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL(/\/api\/sandbox\/pay\//);
    await page.locator('button.pay').click();
    await waitForPath(page, '/cart');
    await page.getByText(/^Successfully added/).waitFor();
    await page.locator('.checkout__short').waitFor({ state: 'detached' });
    await shot('topped-up-back-in-cart');
    await namePlayer(page);
    await page.getByRole('button', { name: 'Pay with Coins' }).click();
    await waitForPath(page, '/success-payment');
    await seeText(page, 'Payment completed successfully!');
  });
});
