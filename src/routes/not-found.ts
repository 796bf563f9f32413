import { createRoute, isNotFound } from '@tanstack/react-router';
import { NotFoundPage } from '../features/pages/NotFoundPage';
import { rootRoute } from './root';

/** The catch-all: every path no other route matches. */
export const notFoundRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '$',
  staticData: { name: 'NotFound', access: 'all', header: 'solid' },
  component: NotFoundPage,
});

/**
 * Whether the router's loaded matches show the not-found page: the catch-all matched, or a route's
 * loader found nothing (`throw notFound()`, an unknown slug or static page). The server's render
 * answers such a page with 404 (docs/decisions/0024).
 */
export function showsNotFound(
  matches: readonly { routeId: string; status: string; error: unknown }[],
): boolean {
  return matches.some(
    (match) => match.routeId === notFoundRoute.id || match.status === 'notFound' || isNotFound(match.error),
  );
}
