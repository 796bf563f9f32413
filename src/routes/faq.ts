import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';

export const faqRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/faq',
  staticData: { name: 'FaqPage', access: 'all', header: 'transparent' },
  component: lazyRouteComponent(() => import('../features/pages/FaqPage'), 'FaqPage'),
});
