// The account journey, one step per test, for a journey file of one width: sign up →
// verify → profile → edit the city → top up through the sandbox → order history, empty, then with an
// order paid in coins → change password →
// Logout (header, then the account menu) → sign in with the new password → forgot and reset the
// password → change the email → verify the new address.
import { expect, it } from 'vitest';
import {
  ACCOUNT_TABS,
  accountMenu,
  cheapestProduct,
  coinsText,
  joinDate,
  logoutFromAccountMenu,
  logoutFromHeader,
  openTab,
  PROFILE_LABELS,
  plannedTopUp,
  profileValue,
  shownBalance,
  tabSection,
  toppedUpNotice,
  topUpTerms,
} from './account';
import {
  fillSignUp,
  openForgotPassword,
  requestPasswordReset,
  resetPassword,
  signIn,
  submitSignUp,
} from './auth';
import type { Journey } from './journey';
import { resetLink, verificationLink } from './outbox';
import {
  acceptCookies,
  type Customer,
  header,
  isNarrow,
  namePlayer,
  navigate,
  seeHeading,
  seeText,
  waitForPath,
} from './storefront';

export interface AccountJourneyPlan {
  customer: Customer;
  /** The city the profile form saves instead of the customer's. */
  newCity: string;
  /** The password of the change-password tab, then the one set through the emailed reset link. */
  newPassword: string;
  resetPassword: string;
  newEmail: string;
  /** The widths of the screenshots (every tab is captured). */
  widths: readonly number[];
}

/** MY PROFILE in the header (My Profile in the full-screen menu), landing on the profile tab. */
async function openAccount(j: Journey): Promise<void> {
  await navigate(j.page, 'MY PROFILE', 'My Profile');
  await waitForPath(j.page, ACCOUNT_TABS.profile.path);
  await seeHeading(j.page, 'My Profile');
}

export function accountJourney(j: Journey, plan: AccountJourneyPlan): void {
  const { customer } = plan;
  const shot = (step: string) => j.screenshot(step, plan.widths);

  it('signs up and verifies the email from the outbox', async () => {
    const { page } = j;
    await page.goto('/register');
    await acceptCookies(page);
    await fillSignUp(page, customer);
    await submitSignUp(page);
    await waitForPath(page, ACCOUNT_TABS.profile.path);
    await page.goto((await verificationLink(j.dataDir, customer.email)).href);
    await waitForPath(page, '/email/verify/success');
    await seeText(page, 'Your email address is verified');
  });

  it('the profile tab: the full name, the join date and every label', async () => {
    const { page } = j;
    await openAccount(j);
    const section = tabSection(page, 'profile');
    await section.getByText(`${customer.name} ${customer.surname}`, { exact: true }).waitFor();
    await section.getByText(`Member since ${joinDate(new Date())}`, { exact: true }).waitFor();
    const labels = await section.locator('.profile-fields dt').allInnerTexts();
    expect(labels.map((label) => label.trim())).toEqual([...PROFILE_LABELS]);
    expect(await profileValue(page, 'First Name')).toBe(customer.name);
    expect(await profileValue(page, 'Last Name')).toBe(customer.surname);
    expect(await profileValue(page, 'Email')).toBe(customer.email);
    expect(await profileValue(page, 'City')).toBe(customer.city);
    expect(await profileValue(page, 'Country')).toBe(customer.country);
    // Every tab of the menu, the open one marked.
    const tabs = await accountMenu(page).getByRole('link').allInnerTexts();
    expect(tabs.map((tab) => tab.trim())).toEqual(Object.values(ACCOUNT_TABS).map((tab) => tab.name));
    await shot('profile');
  });

  it('edits the city and sees it saved', async () => {
    const { page } = j;
    const section = tabSection(page, 'profile');
    await section.getByRole('button', { name: 'Edit', exact: true }).click();
    const city = section.getByLabel('City', { exact: true });
    await city.waitFor({ state: 'visible' });
    expect(await section.getByLabel('First Name', { exact: true }).inputValue()).toBe(customer.name);
    await city.fill(plan.newCity);
    await shot('profile-edit');
    await section.getByRole('button', { name: 'Save', exact: true }).click();
    await seeText(page, 'Profile updated successfully');
    await section.getByRole('button', { name: 'Edit', exact: true }).waitFor();
    // The view is back at once and shows the profile the refresh after the save brings.
    await expect.poll(() => profileValue(page, 'City')).toBe(plan.newCity);
    // Saved on the server, not only shown: a fresh load shows it too.
    await page.reload();
    await tabSection(page, 'profile').locator('.profile-fields').waitFor();
    expect(await profileValue(page, 'City')).toBe(plan.newCity);
  });

  it('tops up through the sandbox and sees the exact coins arrive with the success notice', async () => {
    const { page } = j;
    const section = await openTab(page, 'balance');
    const before = await shownBalance(page);
    const label = (await section.locator('label', { hasText: /^Amount \(/ }).textContent()) ?? '';
    const code = /^Amount \((\w{3})\)$/.exec(label.trim())?.[1];
    if (code === undefined) throw new Error(`no currency in the amount label '${label}'`);
    const topUp = plannedTopUp(await topUpTerms(page, code));
    expect(topUp.coins).toBeGreaterThan(0);
    if (topUp.pack >= 0) {
      // The demo store's packs (€10 is twice its €5 minimum): pressing one fills the amount in.
      const pack = section.getByRole('group', { name: 'Choose a pack' }).getByRole('button').nth(topUp.pack);
      await pack.click();
      await section.locator('button[aria-pressed="true"]').waitFor();
      expect(await pack.getAttribute('aria-pressed')).toBe('true');
      expect(await section.getByLabel(label, { exact: true }).inputValue()).toBe(topUp.typed);
    } else {
      await section.getByLabel(label, { exact: true }).fill(topUp.typed);
    }
    // The coins are shown before paying, and they are what the sandbox then credits.
    await section.locator('.account-topup__coins', { hasText: coinsText(topUp.coins) }).waitFor();
    await shot('balance');
    await section.getByRole('button', { name: 'Top up', exact: true }).click();
    await section.getByRole('heading', { level: 3, name: 'TOP UP BALANCE', exact: true }).waitFor();
    for (const text of ['Enter amount:', 'Total Cost:', 'Debit / Credit card']) {
      await section.getByText(text, { exact: true }).waitFor();
    }
    await section.getByText('Save my information for future payments').waitFor();
    await section.getByRole('button', { name: 'Back', exact: true }).waitFor();
    await shot('balance-top-up');
    await section.getByRole('button', { name: 'Pay', exact: true }).click();

    await page.waitForURL(/\/api\/sandbox\/pay\//);
    expect(await page.locator('.what').textContent()).toContain(coinsText(topUp.coins));
    await shot('sandbox');
    await page.locator('button.pay').click();
    await waitForPath(page, '/success-payment');
    await seeText(page, toppedUpNotice(topUp.coins));
    if (!isNarrow(page)) {
      // The header's balance follows the profile refresh, without a reload.
      await header(page)
        .locator('.site-header__balance .coin-amount__value', { hasText: coinsText(before + topUp.coins) })
        .waitFor();
    }
    await shot('top-up-success');
    await openAccount(j);
    await openTab(page, 'balance');
    await expect.poll(() => shownBalance(page)).toBe(before + topUp.coins);
  });

  it('order history: the empty state', async () => {
    const { page } = j;
    const section = await openTab(page, 'orders');
    await section.getByText('No orders found', { exact: true }).waitFor();
    expect(
      await section.getByRole('link', { name: 'Start Shopping', exact: true }).getAttribute('href'),
    ).toBe('/shop');
    await shot('order-history');
  });

  it('buys the cheapest product with coins and sees the order in the history', async () => {
    const { page } = j;
    await openTab(page, 'balance');
    const before = await shownBalance(page);
    const product = await cheapestProduct(page);
    expect(
      product.price,
      'the top-up and the welcome bonus pay for the cheapest product',
    ).toBeLessThanOrEqual(before);
    await page.goto(`/shop?product=${product.id}`);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: product.title, exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Add to cart', exact: true }).click();
    await seeText(page, 'Added to cart');
    await page.goto('/cart');
    await seeHeading(page, 'Cart');
    await namePlayer(page);
    await page.getByRole('button', { name: 'Pay with Coins', exact: true }).click();
    await waitForPath(page, '/success-payment');
    await seeText(page, 'Payment completed successfully!');

    await openAccount(j);
    const section = await openTab(page, 'orders');
    const row = section.getByRole('row').filter({ hasText: product.title });
    await row.waitFor();
    await row.getByText('Paid', { exact: true }).waitFor();
    await row.getByText(coinsText(product.price), { exact: true }).waitFor();
    await shot('order-history-one-order');
    await openTab(page, 'balance');
    await expect.poll(() => shownBalance(page)).toBe(before - product.price);
  });

  it('changes the password', async () => {
    const { page } = j;
    const section = await openTab(page, 'password');
    await shot('change-password');
    await section.getByLabel('Current Password', { exact: true }).fill(customer.password);
    await section.getByLabel('New Password', { exact: true }).fill(plan.newPassword);
    await section.getByLabel('Confirm New Password', { exact: true }).fill(plan.newPassword);
    await section.getByRole('button', { name: 'Update password', exact: true }).click();
    await seeText(page, 'Password changed successfully');
  });

  it("logs out from the header ('Logged out successfully') and signs in with the new password", async () => {
    const { page } = j;
    await logoutFromHeader(page);
    await shot('logged-out');
    await navigate(page, 'SIGN IN');
    await waitForPath(page, '/login');
    await signIn(page, customer.email, plan.newPassword);
    await waitForPath(page, ACCOUNT_TABS.profile.path);
    await seeHeading(page, 'My Profile');
  });

  it("logs out from the account menu ('Logged out successfully')", async () => {
    await logoutFromAccountMenu(j.page);
  });

  it('forgets the password, resets it through the emailed link and signs in with it', async () => {
    const { page } = j;
    await navigate(page, 'SIGN IN');
    await waitForPath(page, '/login');
    await openForgotPassword(page);
    await seeHeading(page, 'Forgot Password');
    await requestPasswordReset(page, customer.email);
    await seeText(page, 'Password reset link sent. Please check your email.');
    await page.goto((await resetLink(j.dataDir, customer.email)).href);
    await waitForPath(page, '/reset-password-confirm');
    await resetPassword(page, plan.resetPassword);
    await waitForPath(page, '/login');
    await seeText(page, 'Password reset successfully');
    await signIn(page, customer.email, plan.resetPassword);
    await waitForPath(page, ACCOUNT_TABS.profile.path);
    await seeHeading(page, 'My Profile');
  });

  it('changes the email, is asked to verify it, and verifies the new address from the outbox', async () => {
    const { page } = j;
    const section = await openTab(page, 'email');
    await shot('change-email');
    await section.getByLabel('New Email', { exact: true }).fill(plan.newEmail);
    await section.getByLabel('Current Password', { exact: true }).fill(plan.resetPassword);
    await section.getByRole('button', { name: 'Change email', exact: true }).click();
    await seeText(page, 'Email changed successfully!');
    await waitForPath(page, '/email-verification');
    await seeHeading(page, 'Verify your email address');
    await shot('verify-new-email');
    await page.goto((await verificationLink(j.dataDir, plan.newEmail)).href);
    await waitForPath(page, '/email/verify/success');
    await seeText(page, 'Your email address is verified');
    await openAccount(j);
    expect(await profileValue(page, 'Email')).toBe(plan.newEmail.toLowerCase());
  });
}
