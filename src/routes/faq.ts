import { createRoute } from '@tanstack/react-router';
import { lazyRouteComponent } from './lazy-route';
import { rootRoute } from './root';
import { screenLifecycle } from './screen';
import { loadStaticPage } from './static-page-screen';

export const faqRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/faq',
  staticData: { name: 'FaqPage', access: 'all', header: 'transparent' },
  loader: ({ context }) => loadStaticPage(context, 'faq'),
  ...screenLifecycle('staticPage'),
  component: lazyRouteComponent(() => import('../features/pages/FaqPage'), 'FaqPage'),
});
