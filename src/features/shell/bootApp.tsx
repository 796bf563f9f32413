import type { AnyRoute, RouterHistory } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { type ApiClient, createApiClient } from '../../api';
import { type AppActor, startAppActor } from '../../bootstrap/app-actor';
import { type AppRouter, createAppRouter } from '../../routes/router';
import { AppActorProvider } from '../app/AppActorContext';
import { AppRoot } from './AppRoot';

export interface BootedApp {
  api: ApiClient;
  app: AppActor;
  router: AppRouter;
}

/**
 * Bootstrap (DESIGN §1): api client → app actor → router. The browser entry uses the browser's
 * history; the UI tests pass a memory history.
 */
export function bootApp({ history }: { history?: RouterHistory } = {}): BootedApp {
  const api = createApiClient();
  let router: AppRouter | undefined;
  const app = startAppActor(api, {
    isOnProtectedRoute: () =>
      router?.state.matches.some((match) => match.staticData.access === 'protected') ?? false,
    currentPath: () => router?.state.location.href ?? window.location.pathname + window.location.search,
    navigate: (to) => void router?.navigate({ to }),
  });
  router = createAppRouter({ app, api }, history);
  preloadFirstPage(router);
  return { api, app, router };
}

/**
 * The router starts when the start-up requests have answered; the code of the page the address
 * asks for is fetched meanwhile, so a lazily loaded page (login, shop…) does not wait for them.
 */
function preloadFirstPage(router: AppRouter): void {
  const routes: Record<string, AnyRoute> = router.routesById;
  for (const match of router.matchRoutes(router.latestLocation)) {
    const route = routes[String(match.routeId)];
    if (route) void router.loadRouteChunk(route);
  }
}

/** The whole app for `render`: the actor's context around the start-up screens and the router. */
export function App({ app, router }: Pick<BootedApp, 'app' | 'router'>) {
  return (
    <StrictMode>
      <AppActorProvider actor={app}>
        <AppRoot router={router} />
      </AppActorProvider>
    </StrictMode>
  );
}
