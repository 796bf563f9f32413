// A new customer at 1280 px: register → verify the email → sign out → sign in through a
// protected-route redirect → forgot password → reset from the emailed link → sign in again.
import { describe, expect, it } from 'vitest';
import {
  openForgotPassword,
  openSignUp,
  requestPasswordReset,
  resetPassword,
  signIn,
  signOut,
  signUpThroughForm,
  submitSignUp,
} from './support/auth';
import { journey } from './support/journey';
import { resetLink, verificationLink } from './support/outbox';
import {
  acceptCookies,
  type Customer,
  expectHeader,
  navigate,
  seeHeading,
  seeText,
  waitForPath,
} from './support/storefront';

const customer: Customer = {
  name: 'Alex',
  surname: 'Stone',
  email: 'alex.stone@example.com',
  phone: '30901820',
  formattedPhone: '+49 30 901820',
  country: 'Germany',
  city: 'Berlin',
  password: 'Diamond7',
};
const newPassword = 'Emerald42';

const j = journey('auth', 1280);

describe('a new customer at 1280 px', () => {
  it('sees the home page as a guest', async () => {
    const { page } = j;
    await page.goto('/');
    await acceptCookies(page);
    await seeText(page, 'Claim your spot on the server');
    await expectHeader(page, 'guest');
    await j.screenshot('home');
  });

  it('registers through the sign-up form and is signed in', async () => {
    const { page } = j;
    await openSignUp(j);
    await submitSignUp(page);
    // docs/product.md §5: an empty form shows the first rule of the sign-up list.
    await seeText(page, 'Name is required');
    await j.screenshot('register-empty');
    await signUpThroughForm(j, customer);
  });

  it('opens the verification link from the outbox', async () => {
    const { page } = j;
    const link = await verificationLink(j.dataDir, customer.email);
    await page.goto(link.href);
    await waitForPath(page, '/email/verify/success');
    await seeText(page, 'Your email address is verified');
    await expectHeader(page, 'signedIn');
    await j.screenshot('email-verified');
  });

  it('signs out', async () => {
    const { page } = j;
    await signOut(page);
    await expectHeader(page, 'guest');
    await seeText(page, 'Claim your spot on the server');
    await j.screenshot('signed-out');
  });

  it('signs in through the redirect of a protected route', async () => {
    const { page } = j;
    await page.goto('/cart');
    await waitForPath(page, '/login', { redirect: '/cart' });
    await seeHeading(page, 'Sign In');
    await j.screenshot('login');
    await signIn(page, customer.email, customer.password);
    await waitForPath(page, '/cart');
    await expectHeader(page, 'signedIn');
    await j.screenshot('cart');
  });

  it('asks for a password reset', async () => {
    const { page } = j;
    await signOut(page);
    await navigate(page, 'SIGN IN');
    await waitForPath(page, '/login');
    await openForgotPassword(page);
    await seeHeading(page, 'Forgot Password');
    await j.screenshot('forgot-password');
    await requestPasswordReset(page, customer.email);
    await seeText(page, 'Password reset link sent. Please check your email.');
    await j.screenshot('forgot-password-sent');
  });

  it('sets a new password from the emailed link', async () => {
    const { page } = j;
    const link = await resetLink(j.dataDir, customer.email);
    expect(link.searchParams.get('email')).toBe(customer.email);
    await page.goto(link.href);
    await waitForPath(page, '/reset-password-confirm');
    await seeHeading(page, 'Reset password');
    await j.screenshot('reset-password');
    await resetPassword(page, newPassword);
    await waitForPath(page, '/login');
    await seeText(page, 'Password reset successfully');
    await j.screenshot('reset-password-done');
  });

  it('the used link says so as it opens, with the way to a new one instead of the form', async () => {
    const { page } = j;
    const link = await resetLink(j.dataDir, customer.email);
    await page.goto(link.href);
    await seeText(page, 'This password reset link is invalid or has expired.');
    await page.getByRole('main').getByRole('link', { name: 'Request a new link' }).waitFor();
    expect(await page.getByRole('main').getByLabel('New Password', { exact: true }).count()).toBe(0);
    await j.screenshot('reset-password-used-link');
    await page.getByRole('main').getByRole('link', { name: 'Back to Sign In' }).click();
    await waitForPath(page, '/login');
  });

  it('signs in with the new password, not the old one', async () => {
    const { page } = j;
    await signIn(page, customer.email, customer.password);
    // docs/product.md §8: the server's message takes precedence over 'Authentication failed'.
    await seeText(page, 'These credentials do not match our records.');
    await j.screenshot('login-old-password');
    await signIn(page, customer.email, newPassword);
    await waitForPath(page, '/account/profile');
    await seeHeading(page, 'My Profile');
    await expectHeader(page, 'signedIn');
  });
});
