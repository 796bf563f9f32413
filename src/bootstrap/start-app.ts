import type { AppInput } from '../../machines/app';
import { type ApiClient, createApiClient, resolveBaseUrl } from '../api';
import { type AppActor, type AppActorHooks, createAppActor } from './app-actor';
import { devInspector } from './dev-inspector';
import { inlinedFetch, type StartupData } from './inlined-answers';
import { createScreenRunner, type ScreenRunner } from './screen-runner';

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
export function createApp({
  api = createApiClient(),
  input,
}: {
  api?: ApiClient;
  input?: AppInput;
} = {}): AppStart {
  let router: AppActorHooks | undefined;
  const app = createAppActor(
    api,
    {
      isOnProtectedRoute: () => router?.isOnProtectedRoute() ?? false,
      currentPath: () => router?.currentPath() ?? window.location.pathname + window.location.search,
      navigate: (to, replace) => router?.navigate(to, replace),
    },
    input === undefined ? devInspector() : undefined,
    input,
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

/**
 * The browser's api client: the start-up answers the server inlined into the page (if any) are
 * taken from it once, never fetched a second time (docs/decisions/0021).
 */
export function browserApiClient(startup: StartupData | null): ApiClient {
  if (startup === null) return createApiClient();
  const base = new URL(resolveBaseUrl());
  return createApiClient({ fetch: inlinedFetch(startup, base, (request) => globalThis.fetch(request)) });
}

/**
 * Whether the started app's first screen is the one the server rendered (docs/decisions/0021,
 * 0054): the same page in the same language and currency. Only then may React hydrate the
 * server's HTML (a signed-in customer's too: what differs for them shows right after, see
 * src/features/shared/session.ts); otherwise it renders over it.
 */
export function showsServerScreen(app: AppActor, path: string | undefined, startup: StartupData): boolean {
  const snapshot = app.getSnapshot();
  if (!snapshot.matches('ready')) return false;
  const { language, currency } = snapshot.context;
  return (
    path === startup.path &&
    language.getSnapshot().context.languageId === startup.languageId &&
    currency.getSnapshot().context.current.code === startup.currencyCode
  );
}
