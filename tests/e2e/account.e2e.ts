// The account journey at 1280 px (tests/e2e/support/account-journey.ts), with every
// tab captured at 375 and 1280 px.
import { describe } from 'vitest';
import { accountJourney } from './support/account-journey';
import { SCREENSHOT_WIDTHS } from './support/artifacts';
import { journey } from './support/journey';

const j = journey('account', 1280);

describe('a customer uses every account tab at 1280 px', () => {
  accountJourney(j, {
    customer: {
      name: 'Jordan',
      surname: 'Reyes',
      email: 'jordan.reyes@example.com',
      phone: '30901822',
      formattedPhone: '+49 30 901822',
      country: 'Germany',
      city: 'Berlin',
      password: 'Diamond7',
    },
    newCity: 'Hamburg',
    newPassword: 'Emerald42',
    resetPassword: 'Obsidian9',
    newEmail: 'Jordan.Reyes@example.org',
    widths: SCREENSHOT_WIDTHS,
  });
});
