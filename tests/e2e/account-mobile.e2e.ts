// The account journey at 375 px (tests/e2e/support/account-journey.ts): the tab strip,
// the full-screen menu's Logout and the account menu's.
import { describe } from 'vitest';
import { accountJourney } from './support/account-journey';
import { journey } from './support/journey';
import { NARROW_WIDTH } from './support/storefront';

const j = journey('account-mobile', NARROW_WIDTH);

describe('a customer uses every account tab at 375 px', () => {
  accountJourney(j, {
    customer: {
      name: 'Sam',
      surname: 'Okafor',
      email: 'sam.okafor@example.com',
      phone: '612345679',
      formattedPhone: '+34 612 34 56 79',
      country: 'Spain',
      city: 'Madrid',
      password: 'Redstone9',
    },
    newCity: 'Valencia',
    newPassword: 'Emerald42',
    resetPassword: 'Obsidian9',
    newEmail: 'sam.okafor@example.net',
    widths: [NARROW_WIDTH],
  });
});
