import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';

/** /static-page/{id}: a static page by id; an unknown id renders the not-found page. */
export const staticPageRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/static-page/$id',
  staticData: { name: 'StaticPage', access: 'all', header: 'transparent' },
  component: lazyRouteComponent(() => import('../features/pages/StaticPageView'), 'StaticPageById'),
});
