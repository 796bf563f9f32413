import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';

export const rulesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/rules',
  staticData: { name: 'RulesPage', access: 'all', header: 'transparent' },
  component: lazyRouteComponent(() => import('../features/pages/RulesPage'), 'RulesPage'),
});
