import { createRoute } from '@tanstack/react-router';
import { HomePage } from '../features/home/HomePage';
import { rootRoute } from './root';

export const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  staticData: { name: 'HomePage', access: 'all', header: 'transparent' },
  component: HomePage,
});
