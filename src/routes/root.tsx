import { createRootRouteWithContext } from '@tanstack/react-router';
import type { ApiClient } from '../api';
import type { ScreenRunner } from '../bootstrap/screen-runner';
import type { AppActor } from '../features/app/AppActorContext';
import { CookieBanner } from '../features/cookies/CookieBanner';
import { NotFoundPage } from '../features/pages/NotFoundPage';
import type { HeaderStyle } from '../features/shell/Header';
import { ShellError } from '../features/shell/RouteError';
import { Shell } from '../features/shell/Shell';

export interface RouterContext {
  app: AppActor;
  api: ApiClient;
  /** Starts and stops the routes' screen machines in the app's actor system. */
  screens: ScreenRunner;
}

/** Where a route sits for the guards and the shell (docs/product.md §2 "Routes" and "Shell"). */
export type RouteAccess = 'all' | 'guest' | 'protected';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** docs/product.md §2 route name, e.g. 'HomePage'. */
    name?: string;
    access?: RouteAccess;
    /** Transparent over the hero image, or a solid dark bar. */
    header?: HeaderStyle;
  }
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  errorComponent: (props) => <ShellError {...props} cookieBanner={<CookieBanner />} />,
});

/** The shell with the cookie banner in its place: features stay unaware of each other. */
function RootLayout() {
  return <Shell cookieBanner={<CookieBanner />} />;
}
