// Nothing a customer does is lost (docs/decisions/0026), on the real server at 1280 px: a guest's Add to cart
// with a quantity of 3 survives Sign up and Sign in, with the reason on the auth screens; then every
// kind of verification link ends on the store's own German pages (malformed, cut short, unknown,
// used), signed in and signed out. An expired link takes the unknown one's way on the server
// (tests/server/auth.test.ts turns a link's clock back; a browser cannot).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fillSignUp, signIn, signOut, submitSignUp } from './support/auth';
import { journey } from './support/journey';
import { verificationLink } from './support/outbox';
import { acceptCookies, header, openPage, seeHeading, seeText, waitForPath } from './support/storefront';

const customer = {
  name: 'Robin',
  surname: 'Guest',
  email: 'robin.guest@example.com',
  phone: '30901820',
  formattedPhone: '+49 30 901820',
  country: 'Germany',
  city: 'Berlin',
  password: 'Diamond7',
};

const j = journey('guest-choice', 1280);

/** A guest opens a product's details, chooses 3 and presses Add to cart. */
async function chooseThree(page: Page, productId: number, title: string): Promise<void> {
  await openPage(page, `/shop?product=${productId}`);
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('heading', { name: title }).waitFor();
  await dialog.getByRole('button', { name: 'More' }).click();
  await dialog.getByRole('button', { name: 'More' }).click();
  expect(await dialog.getByRole('textbox', { name: 'Quantity' }).inputValue()).toBe('3');
  await dialog.getByRole('button', { name: 'Add to cart' }).click();
}

/** The count of the cart line of `title`. */
async function countInCart(page: Page, title: string): Promise<string | null> {
  const line = page.locator('.cart-line', { has: page.getByRole('heading', { name: title }) });
  return line.locator('.cart-line__count').textContent();
}

async function openCart(page: Page): Promise<void> {
  await page.locator('.site-header__cart').click();
  await waitForPath(page, '/cart');
  await seeHeading(page, 'Cart');
}

describe('a guest who chose 3', () => {
  it('is told why on the sign-in screen, and Sign up keeps the choice', async () => {
    const { page } = j;
    await openPage(page, '/shop');
    await acceptCookies(page);
    await chooseThree(page, 5, 'Emerald Chest');
    await waitForPath(page, '/login', { redirect: '/shop?add=5&count=3' });
    await seeText(page, 'Sign in to add items to your cart');
    await j.screenshot('sign-in-reason', [1280]);
    await page.getByRole('main').getByRole('link', { name: 'Sign up', exact: true }).click();
    await waitForPath(page, '/register', { redirect: '/shop?add=5&count=3' });
    await seeText(page, 'Create an account to add items to your cart');
    await fillSignUp(page, customer);
    await submitSignUp(page);
    await seeText(page, 'Added to cart');
    await waitForPath(page, '/shop');
    expect(new URL(page.url()).search).toBe('');
    await openCart(page);
    expect(await countInCart(page, 'Emerald Chest')).toBe('3');
  });

  it('after signing out, chooses 3 again and finds 3 in the cart after signing in', async () => {
    const { page } = j;
    await signOut(page);
    await chooseThree(page, 6, 'Common Crate Key');
    await waitForPath(page, '/login', { redirect: '/shop?add=6&count=3' });
    await seeText(page, 'Sign in to add items to your cart');
    await signIn(page, customer.email, customer.password);
    await seeText(page, 'Added to cart');
    await waitForPath(page, '/shop');
    await openCart(page);
    expect(await countInCart(page, 'Common Crate Key')).toBe('3');
    expect(await countInCart(page, 'Emerald Chest')).toBe('3');
  });
});

describe('verification links in a German store', () => {
  const INVALID = 'Dieser Bestätigungslink ist ungültig oder abgelaufen';

  async function openLink(page: Page, href: string, path: string, heading: string): Promise<void> {
    await page.goto(href);
    await waitForPath(page, path);
    await seeHeading(page, heading);
    await page.locator('html[lang="de"]').waitFor({ state: 'attached' });
    // The header and footer of the store are there: this is a page of the store, not of the API.
    await header(page).waitFor();
    await page.getByRole('contentinfo').waitFor();
  }

  it('a malformed, a cut-short and an unknown link each end on the German page that sends a new one', async () => {
    const { page } = j;
    await openPage(page, '/');
    await header(page).getByRole('combobox', { name: 'Language' }).selectOption({ label: 'Deutsch' });
    await page.locator('html[lang="de"]').waitFor({ state: 'attached' });
    const link = await verificationLink(j.dataDir, customer.email);
    const base = `${link.origin}/api/email/verify/`;
    const token = link.pathname.split('/').pop() ?? '';
    for (const href of [`${base}not-a-token`, `${base}${token.slice(0, 20)}`, `${base}${'Q'.repeat(43)}`]) {
      await openLink(page, href, '/email/verify/invalid', INVALID);
      expect(await page.locator('body').innerText()).not.toContain('"status"');
    }
    await j.screenshot('invalid-link-de', [1280]);
    await page.getByRole('button', { name: 'Neuen Link senden' }).click();
    await seeText(page, 'Ein neuer Bestätigungslink wurde an deine E-Mail-Adresse gesendet.');
    await page.getByRole('button', { name: 'Noch einen Link senden' }).waitFor();
  });

  it('a link opened twice: verified, then already verified, both in German, back to the cart', async () => {
    const { page } = j;
    const link = await verificationLink(j.dataDir, customer.email);
    await openLink(page, link.href, '/email/verify/success', 'Deine E-Mail-Adresse ist bestätigt');
    // What the guest chose waits in the cart, and checkout is unlocked now.
    await page.getByRole('link', { name: 'Zurück zu meinem Warenkorb' }).waitFor();
    await openLink(
      page,
      link.href,
      '/email/verify/already-success',
      'Deine E-Mail-Adresse wurde bereits bestätigt',
    );
  });

  it('signed out, an invalid link asks to sign in (in German) and comes back here', async () => {
    const { page } = j;
    // A browser where the German store is chosen but nobody is signed in (docs/product.md §3 storage keys).
    await page.evaluate(() => {
      localStorage.removeItem('auth_session');
      localStorage.removeItem('token');
    });
    await openLink(
      page,
      `${new URL(page.url()).origin}/api/email/verify/x`,
      '/email/verify/invalid',
      INVALID,
    );
    await seeText(page, 'Melde dich an, um einen neuen Link zu erhalten.');
    await page.getByRole('main').getByRole('link', { name: 'Anmelden' }).click();
    await waitForPath(page, '/login', { redirect: '/email/verify/invalid' });
    const form = page.getByRole('main');
    await form.getByLabel('E-Mail', { exact: true }).fill(customer.email);
    await form.getByLabel('Passwort', { exact: true }).fill(customer.password);
    await form.getByRole('button', { name: 'ANMELDEN', exact: true }).click();
    // Back on the page signed in; the address was verified meanwhile, so there is nothing to send.
    await waitForPath(page, '/email/verify/invalid');
    await seeHeading(page, 'Deine E-Mail-Adresse wurde bereits bestätigt');
  });
});
