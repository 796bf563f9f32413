import { type ApiClient, createApiClient } from '../api';
import { type AppActor, type AppActorHooks, startAppActor } from './app-actor';

export interface StartedApp {
  api: ApiClient;
  app: AppActor;
  /** Hands the session's route questions and navigation requests to the router, once it exists. */
  connectRouter: (hooks: AppActorHooks) => void;
}

/**
 * The api client and the running app actor: its start-up requests leave at once. The router and
 * React come with the UI code, which main.tsx loads meanwhile; until the router is connected the
 * session sees no protected route (the router's own guards cover the first page).
 */
export function startApp(): StartedApp {
  const api = createApiClient();
  let router: AppActorHooks | undefined;
  const app = startAppActor(api, {
    isOnProtectedRoute: () => router?.isOnProtectedRoute() ?? false,
    currentPath: () => router?.currentPath() ?? window.location.pathname + window.location.search,
    navigate: (to) => router?.navigate(to),
  });
  return {
    api,
    app,
    connectRouter: (hooks) => {
      router = hooks;
    },
  };
}
