import { createRoute } from '@tanstack/react-router';
import { lazyRouteComponent } from './lazy-route';
import { rootRoute } from './root';

export interface VerifiedSearch {
  /** `?bonus=`: the welcome bonus the link credited, coin minor units (openapi.yaml verifyEmail). */
  bonus?: number | undefined;
}

/** The result page's query: a bonus only as a positive whole number of minor units. */
export function validateVerifiedSearch(search: Record<string, unknown>): VerifiedSearch {
  const bonus = Number(search.bonus);
  return { bonus: Number.isSafeInteger(bonus) && bonus > 0 ? bonus : undefined };
}

export const emailVerifySuccessRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/email/verify/success',
  staticData: { name: 'EmailVerifySuccess', access: 'all', header: 'solid' },
  validateSearch: validateVerifiedSearch,
  component: lazyRouteComponent(() => import('../features/email/EmailVerifiedPage'), 'EmailVerifiedPage'),
});
