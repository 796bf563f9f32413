import { type ApiClient, createApiClient } from '../api';
import { type AppActor, type AppActorHooks, createAppActor } from './app-actor';
import { devInspector } from './dev-inspector';
import { createScreenRunner, type ScreenRunner } from './screens';

export interface AppStart {
  api: ApiClient;
  app: AppActor;
  screens: ScreenRunner;
  /** Hands the session's route questions and navigation requests to the router, once it exists. */
  connectRouter: (hooks: AppActorHooks) => void;
}

/**
 * The api client and the app actor, not started yet. main.tsx starts it at once, before the UI
 * code (React, the router, the screens) has loaded, so the start-up requests need not wait for
 * it; until the router is connected the session sees no protected route (the router's own guards
 * cover the first page).
 */
export function createApp(): AppStart {
  const api = createApiClient();
  let router: AppActorHooks | undefined;
  const app = createAppActor(
    api,
    {
      isOnProtectedRoute: () => router?.isOnProtectedRoute() ?? false,
      currentPath: () => router?.currentPath() ?? window.location.pathname + window.location.search,
      navigate: (to, replace) => router?.navigate(to, replace),
    },
    devInspector(),
  );
  const screens = createScreenRunner(app, api, (to, replace) => router?.navigate(to, replace));
  return {
    api,
    app,
    screens,
    connectRouter: (hooks) => {
      router = hooks;
    },
  };
}

/** `createApp`, started. */
export function startApp(): AppStart {
  const created = createApp();
  created.app.start();
  return created;
}
