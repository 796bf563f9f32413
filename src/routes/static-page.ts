import { createRoute } from '@tanstack/react-router';
import { lazyRouteComponent } from './lazy-route';
import { rootRoute } from './root';
import { screenLifecycle } from './screen';
import { loadStaticPage } from './static-page-screen';

/** /static-page/{id}: a static page by id; an unknown id renders the not-found page. */
export const staticPageRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/static-page/$id',
  staticData: { name: 'StaticPage', access: 'all', header: 'transparent' },
  loader: ({ context, params }) => loadStaticPage(context, params.id),
  ...screenLifecycle('staticPage'),
  component: lazyRouteComponent(() => import('../features/pages/StaticPageView'), 'StaticPageById'),
});
