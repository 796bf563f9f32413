import { createRoute } from '@tanstack/react-router';
import { lazyRouteComponent } from './lazy-route';
import { rootRoute } from './root';
import { screenLifecycle } from './screen';
import { loadStaticPage } from './static-page-screen';

export const rulesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/rules',
  staticData: { name: 'RulesPage', access: 'all', header: 'transparent' },
  loader: ({ context }) => loadStaticPage(context, 'rules'),
  ...screenLifecycle('staticPage'),
  component: lazyRouteComponent(() => import('../features/pages/RulesPage'), 'RulesPage'),
});
