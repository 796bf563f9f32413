import type { mobileMenuMachine } from '../../machines/mobileMenu';
import type { PlanOptions } from './paths';

/**
 * The mobile menu's path plan, shared by its path suite (tests/machines) and its replay in the
 * header (tests/ui/shell): one width on each side of the desktop breakpoint.
 */
export const mobileMenuPlan: PlanOptions<typeof mobileMenuMachine> = {
  events: [
    { type: 'OPEN' },
    { type: 'CLOSE' },
    { type: 'TOGGLE' },
    { type: 'KEY_ESCAPE' },
    { type: 'LINK_CLICKED' },
    { type: 'LOGOUT' },
    { type: 'VIEWPORT_RESIZED', width: 767 },
    { type: 'VIEWPORT_RESIZED', width: 768 },
  ],
};
