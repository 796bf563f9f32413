// The same sign-up at 375 px: navigation through the full-screen menu, then Logout from it.
import { describe, it } from 'vitest';
import { openSignUp, signOut, signUpThroughForm } from './support/auth';
import { journey } from './support/journey';
import {
  acceptCookies,
  type Customer,
  closeMobileMenu,
  expectHeader,
  openMobileMenu,
  seeText,
} from './support/storefront';

const customer: Customer = {
  name: 'Sam',
  surname: 'Rivera',
  email: 'sam.rivera@example.com',
  phone: '612345678',
  formattedPhone: '+34 612 34 56 78',
  country: 'Spain',
  city: 'Madrid',
  password: 'Redstone9',
};

const j = journey('signup-mobile', 375);

describe('a new customer at 375 px', () => {
  it('opens Sign Up from the full-screen menu', async () => {
    const { page } = j;
    await page.goto('/');
    await acceptCookies(page);
    await expectHeader(page, 'guest');
    await openMobileMenu(page);
    await j.screenshot('menu-guest', [375]);
    await closeMobileMenu(page);
    await openSignUp(j);
  });

  it('registers and sees the signed-in menu', async () => {
    const { page } = j;
    await signUpThroughForm(j, customer);
    await openMobileMenu(page);
    await j.screenshot('menu-signed-in', [375]);
    await closeMobileMenu(page);
  });

  it('logs out from the menu', async () => {
    const { page } = j;
    await signOut(page);
    await seeText(page, 'Claim your spot on the server');
    await expectHeader(page, 'guest');
  });
});
