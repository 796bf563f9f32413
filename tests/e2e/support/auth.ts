// The auth screens of docs/product.md §2, filled in as a customer does: labels, buttons and links by name.
import type { Page } from 'playwright-core';
import type { Journey } from './journey';
import { verificationLink } from './outbox';
import {
  acceptCookies,
  type Customer,
  expectHeader,
  isNarrow,
  NARROW_WIDTH,
  navigate,
  openMobileMenu,
  openPage,
  seeHeading,
  seeText,
  waitForPath,
} from './storefront';

function main(page: Page) {
  return page.getByRole('main');
}

/** Picks an option of the filterable select (docs/product.md §2): type the start of its label, choose it. */
async function choose(page: Page, label: string, option: string): Promise<void> {
  const field = main(page).getByRole('combobox', { name: label });
  await field.fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The phone input (docs/product.md §5): the country's dial code, then the national number, formatted as typed. */
async function enterPhone(page: Page, country: string, digits: string, formatted: string): Promise<void> {
  const dialCode = main(page).getByRole('combobox', { name: 'Dial code' });
  const option = dialCode.locator('option', { hasText: `${country} (+` });
  const value = await option.getAttribute('value');
  if (value === null) throw new Error(`no dial code for ${country}`);
  await dialCode.selectOption(value);
  const number = main(page).getByRole('textbox', { name: 'Phone Number' });
  await number.pressSequentially(digits);
  // Read and formatted once the phone library is there: it loads on the field's first use (ADR 0042).
  await page
    .waitForFunction(
      (expected) => document.querySelector<HTMLInputElement>('main input[name="phone"]')?.value === expected,
      formatted,
    )
    .catch(async () => {
      throw new Error(`the phone input shows '${await number.inputValue()}', expected '${formatted}'`);
    });
}

/** Opens the Sign Up screen by its SIGN UP link (in the menu when narrow) and takes its screenshot. */
export async function openSignUp(j: Journey): Promise<void> {
  await navigate(j.page, 'SIGN UP');
  await waitForPath(j.page, '/register');
  await seeHeading(j.page, 'Sign Up');
  await j.screenshot('register');
}

/** Fills and sends the Sign Up form: the new customer lands on the profile, signed in (with screenshots). */
export async function signUpThroughForm(j: Journey, customer: Customer): Promise<void> {
  await fillSignUp(j.page, customer);
  await j.screenshot('register-filled');
  await submitSignUp(j.page);
  await waitForPath(j.page, '/account/profile');
  await seeHeading(j.page, 'My Profile');
  await expectHeader(j.page, 'signedIn');
  await j.screenshot('account');
}

/** Fills every field of the Sign Up screen and accepts the terms; does not submit. */
export async function fillSignUp(page: Page, customer: Customer): Promise<void> {
  const form = main(page);
  await form.getByLabel('First Name', { exact: true }).fill(customer.name);
  await form.getByLabel('Last Name', { exact: true }).fill(customer.surname);
  await form.getByLabel('Email', { exact: true }).fill(customer.email);
  await enterPhone(page, customer.country, customer.phone, customer.formattedPhone);
  await choose(page, 'Country', customer.country);
  await form.getByLabel('City', { exact: true }).fill(customer.city);
  await form.getByLabel('Password', { exact: true }).fill(customer.password);
  await form.getByLabel('Confirm Password', { exact: true }).fill(customer.password);
  // The box's input is visually hidden and its label holds the Terms and Privacy links: use the keyboard.
  const terms = form.getByRole('checkbox', {
    name: /^I accept the Terms and Conditions and the Privacy Policy/,
  });
  await terms.focus();
  await page.keyboard.press('Space');
  await terms.and(page.locator(':checked')).waitFor({ state: 'attached' });
}

/** SIGN UP (CREATING... while the request runs). */
export async function submitSignUp(page: Page): Promise<void> {
  await main(page).getByRole('button', { name: 'SIGN UP', exact: true }).click();
}

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  const form = main(page);
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'SIGN IN', exact: true }).click();
}

/**
 * Logout, back home with docs/product.md §8's notice. The Logout button lives in the full-screen menu; the
 * account page's side menu (docs/product.md §2) does not exist yet, so a wide window is narrowed to reach it.
 */
export async function signOut(page: Page): Promise<void> {
  const own = page.viewportSize();
  if (own !== null && !isNarrow(page)) {
    await page.setViewportSize({ width: NARROW_WIDTH, height: own.height });
  }
  const menu = await openMobileMenu(page);
  await menu.getByRole('button', { name: 'Logout', exact: true }).click();
  await waitForPath(page, '/');
  await seeText(page, 'Logged out successfully');
  if (own !== null && page.viewportSize()?.width !== own.width) await page.setViewportSize(own);
}

/** Sign In's forgot-password link. */
export async function openForgotPassword(page: Page): Promise<void> {
  await main(page).getByRole('link', { name: 'Forgot password?' }).click();
  await waitForPath(page, '/forgot-password');
}

/** The Forgot Password form: RECOVER (SENDING... while it runs). */
export async function requestPasswordReset(page: Page, email: string): Promise<void> {
  await main(page).getByLabel('Email', { exact: true }).fill(email);
  await main(page).getByRole('button', { name: 'RECOVER', exact: true }).click();
}

/** The emailed reset form: new password and its confirmation ('Resetting...' while it runs). */
export async function resetPassword(page: Page, password: string): Promise<void> {
  const form = main(page);
  await form.getByRole('link', { name: 'Back to Sign In', exact: true }).waitFor({ state: 'visible' });
  await form.getByLabel('New Password', { exact: true }).fill(password);
  await form.getByLabel('Confirm New Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'RESET PASSWORD', exact: true }).click();
}

/** A new customer signs up and opens the verification link the server wrote to its outbox. */
export async function signUpVerified(page: Page, dataDir: string, customer: Customer): Promise<void> {
  await openPage(page, '/register');
  await acceptCookies(page);
  await fillSignUp(page, customer);
  await submitSignUp(page);
  await waitForPath(page, '/account/profile');
  await page.goto((await verificationLink(dataDir, customer.email)).href);
  await waitForPath(page, '/email/verify/success');
}
