import { createRoute, notFound } from '@tanstack/react-router';
import { waitFor } from 'xstate';
import { findBySlug } from '../../machines/staticPages';
import { lazyRouteComponent } from './lazy-route';
import { rootRoute } from './root';
import { screenLifecycle } from './screen';
import { loadStaticPage } from './static-page-screen';

/**
 * /{slug}: a static page, only when the slug is in the loaded list (docs/product.md §2); anything else is
 * the not-found page. Sits after every static route.
 */
export const staticPageBySlugRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/$slug',
  staticData: { name: 'StaticPageBySlug', access: 'all', header: 'transparent' },
  loader: async ({ context, params }) => {
    const pages = context.app.getSnapshot().context.staticPages;
    const settled = await waitFor(
      pages,
      (snapshot) => snapshot.matches('loaded') || snapshot.matches('error'),
    );
    if (!findBySlug(settled.context.pages, params.slug)) throw notFound();
    return loadStaticPage(context, params.slug);
  },
  ...screenLifecycle('staticPage'),
  component: lazyRouteComponent(() => import('../features/pages/StaticPageView'), 'StaticPageBySlug'),
});
