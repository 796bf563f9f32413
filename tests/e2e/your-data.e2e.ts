// docs/product.md §2: until the address is verified a banner under the header says what verifying
// brings and sends the link again; the verified page names the welcome bonus. The "Your data" tab
// downloads what the store holds as JSON and deletes the account, both with the password typed
// again. A top-up's receipt and a card order's confirmation wait in the outbox in the customer's
// language. At 375 and 1280 px, in English and German; axe finds nothing serious.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ARTIFACTS_DIR } from './support/artifacts';
import { fillSignUp, submitSignUp } from './support/auth';
import { blockingViolations, describeViolations } from './support/axe';
import { catalogueWord, LANGUAGE_IDS } from './support/catalogue';
import { journey } from './support/journey';
import { mailWith, orderConfirmationLink, verificationLink } from './support/outbox';
import {
  acceptCookies,
  appTookOver,
  type Customer,
  openPage,
  seeText,
  waitForPath,
} from './support/storefront';

function wordsOf(language: 'en' | 'de') {
  const word = catalogueWord(language);
  return {
    id: LANGUAGE_IDS[language],
    resend: word('shell.verify.resend'),
    tab: word('account.data.title'),
    download: word('account.data.exportSubmit'),
    exportPassword: word('account.data.exportPassword'),
    exported: word('account.data.exported'),
    remove: word('account.data.deleteSubmit'),
    deletePassword: word('account.data.deletePassword'),
  };
}

const customerFor = (width: number, language: string, n: number): Customer => ({
  name: 'Robin',
  surname: 'Keller',
  email: `robin.keller.${width}.${language}@example.com`,
  phone: `3090184${n}`,
  formattedPhone: `+49 30 90184${n}`,
  country: 'Germany',
  city: 'Berlin',
  password: 'Granite42',
});

const j = journey('your-data', 375);

describe.each([
  [375, 'en', 1],
  [1280, 'de', 2],
] as const)('a new customer at %i px (%s)', (width, language, n) => {
  const words = wordsOf(language);
  const customer = customerFor(width, language, n);

  it('sees the banner until the address is verified, then the welcome bonus on the verified page', async () => {
    const { page } = j;
    await page.context().clearCookies();
    await page.setViewportSize({ width, height: 900 });
    // Cleared once the app has stored the language it chose as it started (it would write it back).
    await openPage(page, '/');
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => localStorage.clear());
    await openPage(page, '/register');
    await acceptCookies(page);
    await fillSignUp(page, customer);
    await submitSignUp(page);
    await waitForPath(page, '/account/profile');
    // Signed in once more in the customer's language: the one their mail is written in.
    const signIn = await page.request.post('/api/login', {
      data: { username: customer.email, password: customer.password, lang_id: Number(words.id) },
    });
    expect(signIn.status()).toBe(200);
    await page.evaluate((id) => localStorage.setItem('languageId', id), words.id);
    await openPage(page, '/account/profile');
    await page.locator(`html[lang^="${language}"]`).waitFor({ state: 'attached' });
    const banner = page.locator('.verify-banner');
    await banner.waitFor({ state: 'visible' });
    await appTookOver(page);
    const violations = await blockingViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await page.screenshot({ path: join(ARTIFACTS_DIR, `verify-banner-${language}-${width}.png`) });
    const resent = page.waitForResponse((answer) =>
      answer.url().endsWith('/api/email/verification-notification'),
    );
    await banner.getByRole('button', { name: words.resend, exact: true }).click();
    expect((await resent).status()).toBe(200);
    // The first link still works after a second was sent.
    await page.goto((await verificationLink(j.dataDir, customer.email)).href);
    await waitForPath(page, '/email/verify/success');
    await page.locator('.email-verified__bonus').waitFor({ state: 'visible' });
    await openPage(page, '/account/profile');
    await page.getByRole('heading', { level: 2 }).first().waitFor();
    expect(await banner.count()).toBe(0);
  });

  it("tops up by card, and the receipt waits in the outbox in the customer's language", async () => {
    const { page } = j;
    // The steps in English; the mail in the language the customer signed up in.
    await page.evaluate(() => localStorage.setItem('languageId', '1'));
    await openPage(page, '/account/balance?amount=10');
    const topUp = page.getByRole('main').getByRole('button', { name: 'Top up', exact: true });
    await topUp.click();
    await page.getByRole('main').getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL(/\/api\/sandbox\/pay\//);
    await page.locator('button.pay').click();
    await waitForPath(page, '/success-payment');
    const receipt = await mailWith(
      j.dataDir,
      customer.email,
      language === 'de'
        ? /Danke für deine Zahlung\. Dein Beleg:/
        : /Thank you for your payment\. Your receipt:/,
    );
    expect(receipt).toMatch(language === 'de' ? /Gutgeschriebene Coins/ : /Coins credited/);
    expect(receipt).toMatch(language === 'de' ? /10,00/ : /10\.00/);
    await page.evaluate((id) => localStorage.setItem('languageId', id), words.id);
  });

  it("pays an order by card, and the confirmation waits in the outbox in the customer's language", async () => {
    const { page } = j;
    // The steps in English; the mail in the language the customer signed up in.
    await page.evaluate(() => localStorage.setItem('languageId', '1'));
    await openPage(page, '/shop?category=cosmetics');
    await page.getByRole('button', { name: 'Add to cart (Rainbow Trail)' }).click();
    await seeText(page, 'Added to cart');
    await openPage(page, '/cart');
    const player = page.getByRole('textbox', { name: 'Player name' });
    if ((await player.inputValue()) === '') await player.fill('Steve');
    await page.getByLabel('Debit / Credit card').check();
    await page.getByRole('button', { name: 'Pay by card' }).click();
    await page.waitForURL(/\/api\/sandbox\/pay\//);
    await page.locator('button.pay').click();
    await waitForPath(page, '/success-payment');
    const thanks =
      language === 'de' ? /Danke für deine Bestellung #\d+\./ : /Thank you for your order #\d+\./;
    const link = await orderConfirmationLink(j.dataDir, customer.email, thanks);
    // The link opens the order the mail names.
    await openPage(page, link.pathname);
    const number = /\/(\d+)$/.exec(link.pathname)?.[1];
    await page.getByText(`#${number}`, { exact: false }).first().waitFor();
    await page.evaluate((id) => localStorage.setItem('languageId', id), words.id);
  });

  it('downloads its data as JSON, then deletes the account and is signed out', async () => {
    const { page } = j;
    await openPage(page, '/account/your-data');
    await page.getByRole('heading', { level: 2, name: words.tab, exact: true }).waitFor();
    await page.getByLabel(words.exportPassword, { exact: true }).fill(customer.password);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: words.download, exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^blockfront-data-\d{4}-\d\d-\d\d\.json$/);
    const data = JSON.parse(readFileSync(await download.path(), 'utf8')) as { profile: { email: string } };
    expect(data.profile.email).toBe(customer.email);
    await seeText(page, words.exported);
    const violations = await blockingViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await page.screenshot({
      path: join(ARTIFACTS_DIR, `your-data-${language}-${width}.png`),
      fullPage: true,
    });

    await page.getByLabel(words.deletePassword, { exact: true }).fill(customer.password);
    await page.getByRole('button', { name: words.remove, exact: true }).click();
    await waitForPath(page, '/');
    const answer = await page.request.get('/api/user/profile');
    expect(answer.status()).toBe(401);
  });
});
