import { createRoute } from '@tanstack/react-router';
import { NotFoundPage } from '../features/pages/NotFoundPage';
import { rootRoute } from './root';

/** The catch-all: every path no other route matches. */
export const notFoundRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '$',
  staticData: { name: 'NotFound', access: 'all', header: 'solid' },
  component: NotFoundPage,
});
